import type { ValidateFunction } from 'ajv';
import { describeThrown } from '../engine/describe';
import { DocumentError, printable } from '../engine/layer/document-error';
import { selectPaths } from '../engine/layer/pathspec';
import { unsafePathReason } from '../engine/layer/paths';
import { lineOf } from '../engine/layer/schema-check';
import type { YamlDocument } from '../engine/layer/yaml';
import { defineValidator } from '../engine/validator';
import type { ValidatorContext } from '../engine/validator';
import { optionLine, PATHSPEC_LIST, usablePathspecs } from './paths';

/** Options of a `document_schema` rule. */
export interface DocumentSchemaOptions {
  /** Pathspecs selecting the tracked YAML and Markdown files to check. */
  readonly paths: readonly string[];
  /** Repository-relative path of the JSON Schema (2020-12) file every selected document must satisfy. */
  readonly schema: string;
}

/** At most this many schema errors are reported for one file; the rest are counted. */
const MAX_PER_FILE = 50;

interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

export default defineValidator<DocumentSchemaOptions>({
  name: 'document_schema',
  description: 'Tracked YAML files and Markdown front matter a rule selects satisfy the JSON Schema the repository ships.',
  gates: ['doctor', 'check', 'finish', 'watch'],
  generic: true,
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['paths', 'schema'],
    properties: {
      paths: PATHSPEC_LIST,
      schema: { type: 'string', minLength: 1, maxLength: 1024 },
    },
  },
  exampleOptions: { paths: ['config/*.yaml'], schema: 'schemas/config.schema.json' },
  async run(context) {
    const { options, rule } = context;
    const unsafe = unsafePathReason(options.schema);
    if (unsafe) {
      context.violation({ subject: rule.identity, category: 'doctrine', file: rule.file, line: optionLine(rule, 'schema'), message: `\`options.schema\` is ${JSON.stringify(options.schema)}, which ${unsafe}: name a file of the repository from its root` });
      return;
    }
    const validate = await loadSchema(context, options.schema);
    const paths = usablePathspecs(context, 'paths', options.paths);
    if (!validate) return;
    const refused = paths.length < options.paths.length;
    const files = await selectPaths(context.files(), paths);
    context.layout.tree.prefetch(files);
    let violations = 0;
    let checked = 0;
    for (const file of files) {
      const markdown = file.endsWith('.md');
      if (!markdown && !file.endsWith('.yaml') && !file.endsWith('.yml')) {
        context.skip({ subject: file, file, message: `${file} is neither YAML (.yaml, .yml) nor Markdown (.md)` });
        continue;
      }
      let doc: YamlDocument;
      try {
        doc = markdown ? context.repository.markdown(file).data : context.repository.yaml(file);
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        violations++;
        context.violation({ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` });
        continue;
      }
      checked++;
      if (validate(doc.value)) continue;
      const problems = schemaProblems((validate.errors ?? []) as SchemaError[], doc);
      violations += problems.length;
      for (const problem of problems.slice(0, MAX_PER_FILE)) {
        context.violation({ subject: file, file, line: problem.line, message: `${problem.message} (schema ${options.schema})` });
      }
      if (problems.length > MAX_PER_FILE) {
        context.violation({ subject: file, file, message: `…and ${problems.length - MAX_PER_FILE} more schema error(s)` });
      }
    }
    if (violations === 0 && !refused) context.ok({ subject: rule.identity, message: `${checked} file(s) checked against ${options.schema}` });
  },
});

/**
 * The schema at `path`, compiled for this rule's run; undefined, after one violation naming the schema
 * file, when it is missing, is not JSON, or does not compile. ajv is imported here, when a rule using
 * this validator runs, so no other gate loads it.
 */
async function loadSchema(context: ValidatorContext, path: string): Promise<ValidateFunction | undefined> {
  const refuse = (why: string): undefined => {
    context.violation({ subject: path, file: path, message: `the schema ${why}` });
    return undefined;
  };
  let text: string;
  try {
    text = context.layout.tree.readText(path);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return refuse(`${error.reason} (${error.fix}, or correct \`options.schema\` in ${context.rule.file})`);
  }
  // compiled for each rule's run, never kept in the module: a validator keeps no state between runs
  const outcome = await compile(text);
  return typeof outcome === 'string' ? refuse(outcome) : outcome;
}

/** A validate function, or why the text is not a usable schema. */
async function compile(text: string): Promise<ValidateFunction | string> {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return `is not JSON: ${describeThrown(error)}`;
  }
  if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
    return 'is not a JSON Schema: its top level must be an object (or a boolean)';
  }
  const { default: Ajv2020 } = await import('ajv/dist/2020');
  // a fresh instance per schema: two schemas may share an $id; nothing remote is ever fetched
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  try {
    return ajv.compile(schema as object);
  } catch (error) {
    const why = describeThrown(error);
    const hint = /no schema with key or ref "http:\/\/json-schema\.org\//.test(why) ? ' (declare "$schema": "https://json-schema.org/draft/2020-12/schema", the draft this validator reads)' : '';
    return `does not compile: ${printable(why, 300)}${hint}`;
  }
}

interface Problem {
  readonly line: number | undefined;
  readonly message: string;
}

/** Each schema error as a sentence on the line of the key it is about, duplicates dropped, in line order. */
function schemaProblems(errors: readonly SchemaError[], doc: YamlDocument): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const key = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('.');
    const problem = toProblem(error, key, doc);
    const id = `${problem.line}\0${problem.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
  }
  // in file order, so a reader walks the document once (the sort is stable for findings on one line)
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

function toProblem(error: SchemaError, key: string, doc: YamlDocument): Problem {
  const shown = key === '' ? 'the document' : `\`${printable(key)}\``;
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      const full = key === '' ? extra : `${key}.${extra}`;
      return { line: lineOf(doc, full), message: `unknown key \`${printable(full)}\`` };
    }
    case 'required': {
      const missing = String(error.params.missingProperty);
      const full = key === '' ? missing : `${key}.${missing}`;
      return { line: lineOf(doc, key), message: `required key \`${printable(full)}\` is missing` };
    }
    case 'enum':
      return { line: lineOf(doc, key), message: `${shown} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { line: lineOf(doc, key), message: `${shown} must be ${JSON.stringify(error.params.allowedValue)}` };
    default:
      return { line: lineOf(doc, key), message: `${shown} ${error.message ?? `fails the schema keyword ${error.keyword}`}` };
  }
}
