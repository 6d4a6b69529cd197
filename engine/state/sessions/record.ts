/**
 * A closed session record as text: its file name, its `session/v1` front matter (every field derived,
 * none authored; the shape is share/schemas/session-record.v1.schema.json), and the summary below it.
 * Pure; `close.ts` gathers the values, `publish.ts` puts the bytes on the disk.
 */
import { schemaKeys } from '../../generated/schema-keys';
import type { SessionRecord as SessionRecordFrontMatter } from '../../generated/types';
import { inSchemaOrder } from '../../layer/schema-check';
import { writeFrontMatter } from '../../layer/yaml-write';
import { branchKey, compactTime } from '../records/record';

/** The schema a record this version writes and reads declares. */
export const SESSION_SCHEMA = 'session/v1';

/**
 * The values of one record as `session close` derives them: the front matter without the contract and
 * the kind (the writer adds both) and without `schema_version` (read on older records, never written);
 * every field is present but `worker`, recorded only when one was supplied.
 */
export type SessionRecord = Required<Omit<SessionRecordFrontMatter, 'schema' | 'kind' | 'schema_version' | 'worker'>> &
  Pick<SessionRecordFrontMatter, 'worker'>;

/** `<utc-compact>--<session-id>--<branch-key>--<short-head>--<16 hex>.md`; `unborn` before the first commit. */
export function sessionRecordName(record: Pick<SessionRecord, 'created_at' | 'session_id' | 'branch' | 'head'>, random: string): string {
  const head = record.head === '' ? 'unborn' : record.head.slice(0, 7);
  return `${compactTime(record.created_at)}--${record.session_id}--${branchKey(record.branch)}--${head}--${random}.md`;
}

const NAME = /^(\d{8}T\d{6}Z)--(s-\d{14}-[0-9a-f]{4})--([A-Za-z0-9._-]+)--([0-9a-f]{7}|unborn)--([0-9a-f]{16})\.md$/;

/** The session id a record file name carries, or undefined for a name no close writes. */
export function sessionOfName(name: string): string | undefined {
  return NAME.exec(name)?.[2];
}

/** The record's whole text: front matter, then the summary (when one was given). */
export function formatSessionRecord(record: SessionRecord, summary: string): string {
  const front: SessionRecordFrontMatter = { schema: SESSION_SCHEMA, kind: 'session', ...record };
  const text = writeFrontMatter(inSchemaOrder('session-record', front), { strings: 'quoted', plain: ['schema', 'kind'] });
  const body = summary.replace(/\s+$/, '');
  return body === '' ? text : `${text}\n${body}\n`;
}

const KEY_LINE = new RegExp(`^\\s*(?:-\\s+)?(${(schemaKeys['session-record'][''] ?? []).join('|')})\\s*:`);

/** The first summary line that reads as one of the record's own keys (1-based), or undefined. */
export function identityKeyInSummary(summary: string): { line: number; key: string } | undefined {
  const lines = summary.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = KEY_LINE.exec(lines[index]);
    if (match) return { line: index + 1, key: match[1] };
  }
  return undefined;
}
