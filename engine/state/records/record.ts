/**
 * A record — a checkpoint or a handover — as text: its file name, its front matter (written by the
 * tool, never by the person), its body rules, and reading one back. Pure: the identity comes from git
 * through the caller, the bytes go to the disk through `publish.ts`.
 */
import { DocumentError } from '../../io/document-error';
import { parseFrontMatter } from '../../layer/front-matter';

export type RecordKind = 'checkpoint' | 'handover';

/** The folder of each kind under the local half of the layer. */
export const RECORD_DIRS: Readonly<Record<RecordKind, string>> = { checkpoint: 'state/checkpoints', handover: 'state/handovers' };

/** What the tool computes for a record's front matter: never authored. */
export interface RecordIdentity {
  readonly created_at: string;
  readonly task_id: string;
  readonly profile: string;
  readonly owner: string;
  readonly repository_id: string;
  readonly worktree: string;
  /** The branch, or the empty string on a detached head. */
  readonly branch: string;
  /** The full commit, or the empty string before the first commit. */
  readonly head: string;
  readonly working_tree: 'clean' | 'dirty';
  readonly changed_files: readonly string[];
  /** How many changed paths the classification left out, and by which declaration (`record-store=3`). */
  readonly changed_files_excluded: number;
  readonly changed_files_excluded_by: readonly string[];
}

/** The front-matter keys of a record, in the order written; a body line opening with one is refused. */
export const IDENTITY_KEYS = [
  'schema_version',
  'created_at',
  'task_id',
  'profile',
  'owner',
  'repository_id',
  'worktree',
  'branch',
  'head',
  'working_tree',
  'changed_files',
  'changed_files_excluded',
  'changed_files_excluded_by',
] as const;

const KEY_LINE = new RegExp(`^\\s*(?:-\\s+)?(${IDENTITY_KEYS.join('|')})\\s*:`);

/** `20260903T201455Z` from an ISO timestamp with seconds. */
export function compactTime(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** The branch as a file-name part: anything outside [A-Za-z0-9._-] becomes `-`; a detached head is DETACHED. */
export function branchKey(branch: string): string {
  return branch === '' ? 'DETACHED' : branch.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** `<utc-compact>--<branch-key>--<short-head>--<16 hex>.md`; before the first commit the head part is `unborn`. */
export function recordName(identity: Pick<RecordIdentity, 'created_at' | 'branch' | 'head'>, random: string): string {
  const head = identity.head === '' ? 'unborn' : identity.head.slice(0, 7);
  return `${compactTime(identity.created_at)}--${branchKey(identity.branch)}--${head}--${random}.md`;
}

const NAME = /^(\d{8}T\d{6}Z)--([A-Za-z0-9._-]+)--([0-9a-f]{7}|unborn)--([0-9a-f]{16})\.md$/;

/** True for a file name a record writer produces. */
export function isRecordName(name: string): boolean {
  return NAME.test(name);
}

/** The record's whole text: front matter, a blank line, the body (ending in a newline when not empty). */
export function formatRecord(identity: RecordIdentity, body: string): string {
  const quote = (value: string): string => JSON.stringify(value);
  const list = (values: readonly string[]): string =>
    values.length === 0 ? ' []' : `\n${values.map((value) => `  - ${quote(value)}`).join('\n')}`;
  const front = [
    '---',
    'schema_version: 1',
    `created_at: ${identity.created_at}`,
    `task_id: ${quote(identity.task_id)}`,
    `profile: ${quote(identity.profile)}`,
    `owner: ${quote(identity.owner)}`,
    `repository_id: ${quote(identity.repository_id)}`,
    `worktree: ${quote(identity.worktree)}`,
    `branch: ${quote(identity.branch)}`,
    `head: ${quote(identity.head)}`,
    `working_tree: ${identity.working_tree}`,
    `changed_files:${list(identity.changed_files)}`,
    `changed_files_excluded: ${identity.changed_files_excluded}`,
    `changed_files_excluded_by:${list(identity.changed_files_excluded_by)}`,
    '---',
  ].join('\n');
  const text = body.replace(/\s+$/, '');
  return text === '' ? `${front}\n` : `${front}\n\n${text}\n`;
}

/** A body line that looks like one of the record's own front-matter keys, with its 1-based line, or undefined. */
export function identityKeyInBody(body: string): { line: number; key: string } | undefined {
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = KEY_LINE.exec(lines[i]!);
    if (match) return { line: i + 1, key: match[1]! };
  }
  // a line of exactly --- would read as the start of a second front matter to a tool that splits on it
  const fence = lines.findIndex((line) => line.replace(/\r$/, '') === '---');
  return fence === -1 ? undefined : { line: fence + 1, key: '---' };
}

/** The number of lines a body holds (trailing blank lines not counted). */
export function bodyLines(body: string): number {
  const text = body.replace(/\s+$/, '');
  return text === '' ? 0 : text.split('\n').length;
}

/** The `# Section` headings of a body with non-empty content under them. */
export function filledSections(body: string): Set<string> {
  const filled = new Set<string>();
  let current: string | undefined;
  for (const line of body.split('\n')) {
    const heading = /^# (.+?)\s*$/.exec(line);
    if (heading) {
      current = heading[1]!;
      continue;
    }
    if (current !== undefined && line.trim() !== '') filled.add(current);
  }
  return filled;
}

/** A record read back: its identity as written, and where it is. */
export interface StoredRecord {
  readonly kind: RecordKind;
  /** Repository-relative path. */
  readonly path: string;
  readonly name: string;
  readonly created_at: string;
  readonly task_id: string;
  readonly worktree: string;
  readonly branch: string;
  readonly head: string;
  readonly body: string;
  /** The changed files the record names. */
  readonly changed_files: readonly string[];
  /** The 1-based line of `changed_files` in the file. */
  readonly changedFilesLine: number;
  /**
   * How many paths the writer classified out; undefined on a record that predates the classification
   * (the key is written on every classified record, `0` included).
   */
  readonly changed_files_excluded: number | undefined;
}

const REQUIRED_STRINGS = [
  'created_at',
  'task_id',
  'repository_id',
  'worktree',
  'branch',
  'head',
  'working_tree',
  'profile',
  'owner',
] as const;

/**
 * Read a record's text; a `DocumentError` naming the file and line when it is not a record this tool
 * wrote (no front matter, a key missing or of the wrong type, an unknown key, a body holding an identity key).
 */
export function parseRecord(kind: RecordKind, path: string, text: string): StoredRecord {
  const document = parseFrontMatter(text, path);
  const data = document.data.value as Record<string, unknown>;
  const lineOf = (key: string): number => document.data.lines.get(key) ?? 1;
  for (const key of Object.keys(data)) {
    if (!(IDENTITY_KEYS as readonly string[]).includes(key))
      throw new DocumentError(
        path,
        lineOf(key),
        `unknown key \`${key}\` in a ${kind} record`,
        'records are written by majordomus; write a new one instead of editing this one',
      );
  }
  if (data.schema_version !== 1)
    throw new DocumentError(
      path,
      lineOf('schema_version'),
      `schema_version is ${JSON.stringify(data.schema_version)}, not 1`,
      'this version reads schema_version 1',
    );
  for (const key of REQUIRED_STRINGS) {
    const value = key === 'created_at' && data[key] instanceof Date ? (data[key] as Date).toISOString() : data[key];
    if (typeof value !== 'string')
      throw new DocumentError(
        path,
        lineOf(key),
        `\`${key}\` is ${value === undefined ? 'missing' : 'not a string'}`,
        'records are written by majordomus; write a new one instead of editing this one',
      );
  }
  if (!Array.isArray(data.changed_files))
    throw new DocumentError(
      path,
      lineOf('changed_files'),
      '`changed_files` is missing or not a list',
      'records are written by majordomus; write a new one instead of editing this one',
    );
  const created = String(data.created_at);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(created))
    throw new DocumentError(
      path,
      lineOf('created_at'),
      `created_at ${JSON.stringify(created)} is not a UTC timestamp with seconds`,
      'records are written by majordomus; write a new one instead of editing this one',
    );
  const inBody = identityKeyInBody(document.body);
  if (inBody)
    throw new DocumentError(
      path,
      document.bodyLine + inBody.line - 1,
      `the body holds \`${inBody.key}\`, a line of the record's own front matter`,
      'records are written by majordomus; write a new one instead of editing this one',
    );
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    kind,
    path,
    name,
    created_at: created,
    task_id: data.task_id as string,
    worktree: data.worktree as string,
    branch: data.branch as string,
    head: data.head as string,
    body: document.body.replace(/^\n/, ''),
    changed_files: (data.changed_files as unknown[]).map(String),
    changedFilesLine: lineOf('changed_files'),
    changed_files_excluded: typeof data.changed_files_excluded === 'number' ? data.changed_files_excluded : undefined,
  };
}
