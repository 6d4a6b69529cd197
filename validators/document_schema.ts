import type { CompiledSchema, SchemaProblem, SchemaType, YamlDocument } from '../engine/api/toolkit/index';
import {
  compileSchema,
  isUnreadable,
  optionLine,
  pathspecList,
  schema,
  selectPaths,
  unsafePathReason,
  usablePathspecs,
} from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { describeThrown } from '../engine/io/describe';

/** The options of a `document_schema` rule; their type follows from it. */
const OPTIONS = schema.object({
  paths: pathspecList('Pathspecs selecting the tracked YAML and Markdown files to check.'),
  schema: schema.string({
    minLength: 1,
    maxLength: 1024,
    description: 'Repository-relative path of the JSON Schema (2020-12) file every selected document must satisfy.',
  }),
});

/** Options of a `document_schema` rule. */
export type DocumentSchemaOptions = SchemaType<typeof OPTIONS>;

/** The schema of the example cases: a configuration whose `name` is a string. */
const EXAMPLE_SCHEMA = `${JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' } },
  },
  null,
  2,
)}\n`;

/** At most this many schema errors are reported for one file; the rest are counted. */
const MAX_PER_FILE = 50;

export default defineValidator({
  name: 'document_schema',
  description: 'Tracked YAML files and Markdown front matter a rule selects satisfy the JSON Schema the repository ships.',
  gates: ['doctor', 'check', 'finish', 'watch'],
  generic: true,
  optionsSchema: OPTIONS,
  exampleOptions: { paths: ['config/*.yaml'], schema: 'schemas/config.schema.json' },
  exampleCases: {
    valid: { 'schemas/config.schema.json': EXAMPLE_SCHEMA, 'config/app.yaml': 'name: app\n' },
    invalid: { 'schemas/config.schema.json': EXAMPLE_SCHEMA, 'config/app.yaml': 'name: 42\n' },
  },
  async run(context) {
    const { options, rule } = context;
    const unsafe = unsafePathReason(options.schema);
    if (unsafe) {
      context.violation({
        subject: rule.identity,
        category: 'doctrine',
        file: rule.file,
        line: optionLine(rule, 'schema'),
        message: `\`options.schema\` is ${JSON.stringify(options.schema)}, which ${unsafe}: name a file of the repository from its root`,
      });
      return;
    }
    const check = await loadSchema(context, options.schema);
    const paths = usablePathspecs(context, 'paths', options.paths);
    if (!check) return;
    const refused = paths.length < options.paths.length;
    const files = await selectPaths(context.files(), paths);
    context.prefetch(files);
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
        doc = markdown ? context.document(file).data : context.yaml(file);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        violations++;
        context.violation({ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` });
        continue;
      }
      checked++;
      const problems = inLineOrder(check(doc));
      violations += problems.length;
      for (const problem of problems.slice(0, MAX_PER_FILE)) {
        context.violation({ subject: file, file, line: problem.line, message: `${problem.message} (schema ${options.schema})` });
      }
      if (problems.length > MAX_PER_FILE) {
        context.violation({ subject: file, file, message: `…and ${problems.length - MAX_PER_FILE} more schema error(s)` });
      }
    }
    if (violations === 0 && !refused)
      context.ok({ subject: rule.identity, message: `${checked} file(s) checked against ${options.schema}` });
  },
});

/**
 * The schema at `path`, compiled for this rule's run (never kept in the module: a validator keeps no
 * state between runs); undefined, after one violation naming the schema file, when it is missing, is
 * not JSON, or does not compile.
 */
async function loadSchema(context: ValidatorContext, path: string): Promise<NonNullable<CompiledSchema['check']> | undefined> {
  const refuse = (why: string): undefined => {
    context.violation({ subject: path, file: path, message: `the schema ${why}` });
    return undefined;
  };
  let text: string;
  try {
    text = context.read(path);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return refuse(`${error.reason} (${error.fix}, or correct \`options.schema\` in ${context.rule.file})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(`is not JSON: ${describeThrown(error)}`);
  }
  const compiled = await compileSchema(json);
  return compiled.check ?? refuse(compiled.problem);
}

/** The problems in file order, so a reader walks the document once (stable for problems on one line). */
function inLineOrder(problems: readonly SchemaProblem[]): SchemaProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
