/**
 * A closed session record as text: its file name, its `session/v1` front matter (every field derived,
 * none authored), and the keys the contract admits. Pure; `close.ts` gathers the values, `publish.ts`
 * puts the bytes on the disk.
 */
import { branchKey, compactTime } from '../records/record';

/** The schema a record this version writes and reads declares. */
export const SESSION_SCHEMA = 'session/v1';

/** The keys of `session/v1`, in the order written. */
export const SESSION_KEYS = [
  'schema',
  'kind',
  'session_id',
  'created_at',
  'started_at',
  'closed_at',
  'outcome',
  'title',
  'task_id',
  'profile',
  'worker',
  'repository_id',
  'worktree_id',
  'branch',
  'start_head',
  'head',
  'start_working_tree',
  'working_tree',
  'commits',
  'changed_files',
  'tasks',
  'issues',
  'milestones',
  'checkpoints',
  'handovers',
  'decisions',
  'questions',
  'evidence',
] as const;

/** The keys a record must carry: the contract, the kind, the identity, the times and the outcome. */
export const REQUIRED_SESSION_KEYS: readonly string[] = [
  'schema',
  'kind',
  'session_id',
  'created_at',
  'started_at',
  'closed_at',
  'outcome',
];

/** The keys holding lists. */
export const LIST_KEYS: readonly string[] = [
  'commits',
  'changed_files',
  'tasks',
  'issues',
  'milestones',
  'checkpoints',
  'handovers',
  'decisions',
  'questions',
  'evidence',
];

/** The outcomes a closed episode may have. */
export const SESSION_OUTCOMES: readonly string[] = ['closed', 'interrupted'];

type ListKey =
  | 'commits'
  | 'changed_files'
  | 'tasks'
  | 'issues'
  | 'milestones'
  | 'checkpoints'
  | 'handovers'
  | 'decisions'
  | 'questions'
  | 'evidence';

/** The values of one record. */
export type SessionRecord = {
  readonly session_id: string;
  readonly created_at: string;
  readonly started_at: string;
  readonly closed_at: string;
  readonly outcome: 'closed' | 'interrupted';
  readonly title: string;
  readonly task_id: string;
  readonly profile: string;
  readonly worker?: string;
  readonly repository_id: string;
  readonly worktree_id: string;
  readonly branch: string;
  readonly start_head: string;
  readonly head: string;
  readonly start_working_tree: 'clean' | 'dirty';
  readonly working_tree: 'clean' | 'dirty';
} & { readonly [key in ListKey]: readonly string[] };

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
  const lines = ['---', `schema: ${SESSION_SCHEMA}`, 'kind: session'];
  for (const key of SESSION_KEYS.slice(2)) {
    const value = (record as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (Array.isArray(value))
      lines.push(value.length === 0 ? `${key}: []` : `${key}:\n${value.map((item) => `  - ${JSON.stringify(item)}`).join('\n')}`);
    else lines.push(`${key}: ${JSON.stringify(value)}`);
  }
  lines.push('---');
  const body = summary.replace(/\s+$/, '');
  return body === '' ? `${lines.join('\n')}\n` : `${lines.join('\n')}\n\n${body}\n`;
}

const KEY_LINE = new RegExp(`^\\s*(?:-\\s+)?(${SESSION_KEYS.join('|')})\\s*:`);

/** The first summary line that reads as one of the record's own keys (1-based), or undefined. */
export function identityKeyInSummary(summary: string): { line: number; key: string } | undefined {
  const lines = summary.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = KEY_LINE.exec(lines[index]);
    if (match) return { line: index + 1, key: match[1] };
  }
  return undefined;
}
