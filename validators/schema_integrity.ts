import type { DistributionReader } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { kinds } from '../engine/generated/kinds';
import { renderAllowFile } from '../engine/layer/allow';
import { shippedSoundFiles } from '../engine/layer/yaml-ahead';

const SCHEMAS = 'share/schemas';
const ALLOW = 'share/allow';
const SCHEMA_SUFFIX = '.v1.schema.json';

/** What the check reads of an installation. */
export type SchemaFilesReader = Pick<DistributionReader, 'kind' | 'list' | 'read'>;

/** One disagreement the check found. */
export interface SchemaProblem {
  readonly subject: string;
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
}

export default defineValidator({
  name: 'schema_integrity',
  description: 'Every allow-list agrees with its schema, every kind has a schema, and every schema is named by a kind.',
  gates: ['doctor', 'watch'],
  run(context) {
    // what is judged is this installation: the schemas and allow-lists it ships
    const { distribution } = context;
    const files = schemaFileTexts(distribution);
    const ok = (schemas: number): void =>
      context.ok({ subject: SCHEMAS, message: `${schemas} schema(s) and ${Object.keys(kinds).length} kind(s) reconciled` });
    // the package's own files, byte for byte, were checked by its build with these kinds: nothing to find
    if (files !== undefined && shippedSoundFiles(files)) {
      ok(files.filter(([path]) => path.startsWith(`${SCHEMAS}/`)).length);
      return;
    }
    const { problems, schemas } = schemaProblems(distribution);
    for (const problem of problems) context.violation(problem);
    ok(schemas);
  },
});

/** The names under `dir` the check reads, in byte order. */
function names(distribution: SchemaFilesReader, dir: string, suffix: string): string[] {
  return distribution
    .list(dir)
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(suffix))
    .sort();
}

/**
 * Every file the check reads — the schemas, then the allow-lists — as path and text, in that order;
 * undefined when one cannot be read as text (the check itself then says what it makes of it).
 */
export function schemaFileTexts(distribution: SchemaFilesReader): [string, string][] | undefined {
  const files: [string, string][] = [];
  try {
    for (const [dir, suffix] of [
      [SCHEMAS, '.schema.json'],
      [ALLOW, '.txt'],
    ] as const) {
      for (const name of names(distribution, dir, suffix)) files.push([`${dir}/${name}`, distribution.read(`${dir}/${name}`)]);
    }
  } catch {
    return undefined;
  }
  return files;
}

/** What disagrees among the schemas, the kinds compiled in and the allow-lists of an installation. */
export function schemaProblems(distribution: SchemaFilesReader): { problems: SchemaProblem[]; schemas: number } {
  const problems: SchemaProblem[] = [];
  const violation = (problem: SchemaProblem): void => {
    problems.push(problem);
  };
  const schemaFiles = names(distribution, SCHEMAS, '.schema.json');
  const named = new Set<string>();
  for (const [kind, spec] of Object.entries(kinds)) {
    const schema = (spec as { schema?: string }).schema;
    if (schema === undefined) {
      violation({
        subject: `kind:${kind}`,
        message: `the kind \`${kind}\` declares no schema, so its documents would pass unvalidated (add one under ${SCHEMAS}/)`,
      });
      continue;
    }
    named.add(`${schema}${SCHEMA_SUFFIX}`);
    if (distribution.kind(`${SCHEMAS}/${schema}${SCHEMA_SUFFIX}`) === 'absent') {
      violation({
        subject: `kind:${kind}`,
        message: `the kind \`${kind}\` names the schema ${SCHEMAS}/${schema}${SCHEMA_SUFFIX}, which does not exist`,
      });
    }
  }
  const allowFiles = new Set(names(distribution, ALLOW, '.txt'));
  for (const file of schemaFiles) {
    const path = `${SCHEMAS}/${file}`;
    if (!named.has(file)) {
      violation({
        subject: path,
        file: path,
        message: 'no kind names this schema, so nothing applies it (name it from a kind in share/kinds.yaml, or delete it)',
      });
    }
    let schema: { 'x-majordomus-allow'?: string };
    try {
      schema = JSON.parse(distribution.read(path)) as typeof schema;
    } catch (error) {
      violation({ subject: path, file: path, message: `does not parse as JSON: ${(error as Error).message}` });
      continue;
    }
    const name = schema['x-majordomus-allow'];
    if (typeof name !== 'string') {
      violation({
        subject: path,
        file: path,
        message: 'declares no x-majordomus-allow name, so no allow-list is generated from it',
      });
      continue;
    }
    // the allow-list of <stem>.v1.schema.json is <stem>.txt: a schema claiming another name (a copy)
    // would otherwise be compared with, and blame, the allow-list of the schema it was copied from
    const stem = file.endsWith(SCHEMA_SUFFIX) ? file.slice(0, -SCHEMA_SUFFIX.length) : undefined;
    if (name !== stem) {
      const fix =
        stem === undefined
          ? `name the file <kind>${SCHEMA_SUFFIX}`
          : `x-majordomus-allow must be ${JSON.stringify(stem)}, the file name, as npm run generate requires`;
      violation({
        subject: path,
        file: path,
        message: `names the allow-list ${JSON.stringify(name)}, which is not its own (${fix})`,
      });
      continue;
    }
    const allowPath = `${ALLOW}/${name}.txt`;
    allowFiles.delete(`${name}.txt`);
    const expected = renderAllowFile(schema, { source: path });
    const actual = distribution.kind(allowPath) === 'absent' ? undefined : distribution.read(allowPath);
    if (actual === undefined) {
      violation({ subject: allowPath, message: `the allow-list of ${path} is missing (run: npm run generate)` });
    } else if (actual !== expected) {
      violation({
        subject: allowPath,
        file: allowPath,
        line: firstDifference(actual, expected),
        message: `disagrees with ${path}, the schema it is generated from (run: npm run generate)`,
      });
    }
  }
  for (const orphan of [...allowFiles].sort()) {
    violation({ subject: `${ALLOW}/${orphan}`, message: 'an allow-list no schema generates (delete it, or add its schema)' });
  }
  return { problems, schemas: schemaFiles.length };
}

function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return i + 1;
}
