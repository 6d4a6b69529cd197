import { defineValidator } from '../engine/api/validator';
import { kinds } from '../engine/generated/kinds';
import { renderAllowFile } from '../engine/layer/allow';

const SCHEMAS = 'share/schemas';
const ALLOW = 'share/allow';
const SCHEMA_SUFFIX = '.v1.schema.json';

export default defineValidator({
  name: 'schema_integrity',
  description: 'Every allow-list agrees with its schema, every kind has a schema, and every schema is named by a kind.',
  gates: ['doctor', 'watch'],
  run(context) {
    // what is judged is this installation: the schemas and allow-lists it ships
    const { distribution } = context;
    const schemaFiles = distribution
      .list(SCHEMAS)
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.schema.json'))
      .sort();
    const named = new Set<string>();
    for (const [kind, spec] of Object.entries(kinds)) {
      const schema = (spec as { schema?: string }).schema;
      if (schema === undefined) {
        context.violation({
          subject: `kind:${kind}`,
          message: `the kind \`${kind}\` declares no schema, so its documents would pass unvalidated (add one under ${SCHEMAS}/)`,
        });
        continue;
      }
      named.add(`${schema}${SCHEMA_SUFFIX}`);
      if (distribution.kind(`${SCHEMAS}/${schema}${SCHEMA_SUFFIX}`) === 'absent') {
        context.violation({
          subject: `kind:${kind}`,
          message: `the kind \`${kind}\` names the schema ${SCHEMAS}/${schema}${SCHEMA_SUFFIX}, which does not exist`,
        });
      }
    }
    const allowFiles = new Set(
      distribution
        .list(ALLOW)
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.txt')),
    );
    for (const file of schemaFiles) {
      const path = `${SCHEMAS}/${file}`;
      if (!named.has(file)) {
        context.violation({
          subject: path,
          file: path,
          message: 'no kind names this schema, so nothing applies it (name it from a kind in share/kinds.yaml, or delete it)',
        });
      }
      let schema: { 'x-majordomus-allow'?: string };
      try {
        schema = JSON.parse(distribution.read(path)) as typeof schema;
      } catch (error) {
        context.violation({ subject: path, file: path, message: `does not parse as JSON: ${(error as Error).message}` });
        continue;
      }
      const name = schema['x-majordomus-allow'];
      if (typeof name !== 'string') {
        context.violation({
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
        context.violation({
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
        context.violation({ subject: allowPath, message: `the allow-list of ${path} is missing (run: npm run generate)` });
      } else if (actual !== expected) {
        context.violation({
          subject: allowPath,
          file: allowPath,
          line: firstDifference(actual, expected),
          message: `disagrees with ${path}, the schema it is generated from (run: npm run generate)`,
        });
      }
    }
    for (const orphan of [...allowFiles].sort()) {
      context.violation({ subject: `${ALLOW}/${orphan}`, message: 'an allow-list no schema generates (delete it, or add its schema)' });
    }
    context.ok({ subject: SCHEMAS, message: `${schemaFiles.length} schema(s) and ${Object.keys(kinds).length} kind(s) reconciled` });
  },
});

function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return i + 1;
}
