/**
 * The JSON Schema parts the capabilities share: an object of the layer, a finding, a task. Each answer's
 * schema is built from these, and the tests validate both the command's `--json` and the MCP tool's
 * `structuredContent` against it.
 */
import type { JsonSchema } from './define';
import { objectSchema } from './define';
import { OBJECT_KINDS } from './object-kinds';

export const STRING: JsonSchema = { type: 'string' };
export const NULLABLE_STRING: JsonSchema = { type: ['string', 'null'] };
export const INTEGER: JsonSchema = { type: 'integer' };
export const NULLABLE_INTEGER: JsonSchema = { type: ['integer', 'null'] };
export const BOOLEAN: JsonSchema = { type: 'boolean' };
export const STRINGS: JsonSchema = { type: 'array', items: STRING };
/** Any JSON object (a record whose keys are another file's business: a ledger line, a front matter). */
export const ANY_OBJECT: JsonSchema = { type: 'object' };
export const NULLABLE_OBJECT: JsonSchema = { type: ['object', 'null'] };

export const KIND: JsonSchema = { type: 'string', enum: [...OBJECT_KINDS] };

/** The properties of an object as listed. */
export const SUMMARY_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  uri: { type: 'string', description: 'majordomus://<kind>/<identity>' },
  kind: KIND,
  identity: STRING,
  title: STRING,
  path: { type: 'string', description: 'the repository-relative file that holds it' },
  date: { type: ['string', 'null'], description: 'when it was made or last recorded, where it says' },
};
export const SUMMARY_KEYS = Object.keys(SUMMARY_PROPERTIES);

export const SUMMARY: JsonSchema = objectSchema(SUMMARY_PROPERTIES, SUMMARY_KEYS);

/** One finding as `--format json` prints it. */
export const FINDING: JsonSchema = objectSchema(
  {
    level: { type: 'string', enum: ['FAIL', 'WARN', 'DRIFT', 'OK', 'INFO'] },
    category: STRING,
    subject: STRING,
    message: STRING,
    reproduce: NULLABLE_STRING,
    rule: NULLABLE_STRING,
    file: NULLABLE_STRING,
    line: NULLABLE_INTEGER,
    column: NULLABLE_INTEGER,
    endLine: NULLABLE_INTEGER,
    endColumn: NULLABLE_INTEGER,
    version: NULLABLE_INTEGER,
    help: NULLABLE_STRING,
    fix: {
      type: ['array', 'null'],
      items: STRING,
      description: 'the command of this tool that repairs it, as arguments after `majordomus` (what `doctor --fix` runs)',
    },
  },
  ['level', 'category', 'subject', 'message', 'reproduce', 'rule', 'file', 'line'],
);

/** A gate's answer. */
export const GATE_ANSWER: JsonSchema = objectSchema(
  {
    gate: STRING,
    exit_code: {
      type: 'integer',
      description: 'the exit code the command ends with: 0 passed, 10 a blocking rule failed, 11 drift, 12 missing',
    },
    findings: { type: 'array', items: FINDING },
  },
  ['gate', 'exit_code', 'findings'],
);

/** A task record (share/schemas/task.v1.schema.json), its keys left open to what that schema adds. */
export const TASK_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  id: STRING,
  task: STRING,
  profile: STRING,
  owner: STRING,
  scope: STRINGS,
  started_at: STRING,
  outcome: STRING,
};
