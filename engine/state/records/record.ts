/**
 * A record — a checkpoint or a handover — as text: its file name, its front matter (written by the
 * tool, never by the person), its body rules, and reading one back. Pure: the identity comes from git
 * through the caller, the bytes go to the disk through `publish.ts`.
 */
import { schemaKeys } from '../../generated/schema-keys';
import type { RecordFrontMatter } from '../../generated/types';
import { DocumentError } from '../../io/document-error';
import { parseFrontMatter } from '../../layer/front-matter';
import { checkSchema, inSchemaOrder } from '../../layer/schema-check';
import { writeFrontMatter } from '../../layer/yaml-write';

export type RecordKind = 'checkpoint' | 'handover';

/** The folder of each kind under the local half of the layer. */
export const RECORD_DIRS: Readonly<Record<RecordKind, string>> = { checkpoint: 'state/checkpoints', handover: 'state/handovers' };

/**
 * What the tool computes for a record's front matter, never authored: the front matter of
 * share/schemas/handover.v1.schema.json without its format version, the classification's two keys
 * included (a record predating the classification lacks them; every record written now has them).
 */
export type RecordIdentity = Omit<RecordFrontMatter, 'schema_version'> &
  Required<Pick<RecordFrontMatter, 'changed_files_excluded' | 'changed_files_excluded_by'>>;

/** The front-matter keys of a record, in the schema's order; a body line opening with one is refused. */
export const IDENTITY_KEYS: readonly string[] = schemaKeys.handover[''] ?? [];

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
  const front: RecordFrontMatter = { schema_version: 1, ...identity };
  // the time and the tree state are written plain, as the specification shows them; the rest quoted
  const text = writeFrontMatter(inSchemaOrder('handover', front), { strings: 'quoted', plain: ['created_at', 'working_tree'] });
  const trimmed = body.replace(/\s+$/, '');
  return trimmed === '' ? text : `${text}\n${trimmed}\n`;
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

/** What a record refusal says to do. */
const RECORD_FIX = 'records are written by majordomus; write a new one instead of editing this one';

/**
 * Read a record's text; a `DocumentError` naming the file and line when it is not a record this tool
 * wrote: no front matter, a front matter breaking share/schemas/handover.v1.schema.json (an unknown
 * key first, else the first problem in file order), a body holding an identity key.
 */
export function parseRecord(kind: RecordKind, path: string, text: string): StoredRecord {
  const document = parseFrontMatter(text, path);
  const problems = checkSchema('handover', document.data);
  if (problems.length > 0) {
    // an unknown key first (a key a person added is what to point at), then in file order
    const rank = (problem: (typeof problems)[number]): number =>
      (problem.keyword === 'additionalProperties' ? 0 : 1e9) + (problem.line ?? 1e8);
    const first = [...problems].sort((a, b) => rank(a) - rank(b))[0]!;
    throw new DocumentError(path, first.line ?? 1, `${first.message}, in a ${kind} record`, RECORD_FIX);
  }
  const data = document.data.value as RecordFrontMatter;
  const lineOf = (key: string): number => document.data.lines.get(key) ?? 1;
  const inBody = identityKeyInBody(document.body);
  if (inBody)
    throw new DocumentError(
      path,
      document.bodyLine + inBody.line - 1,
      `the body holds \`${inBody.key}\`, a line of the record's own front matter`,
      RECORD_FIX,
    );
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    kind,
    path,
    name,
    created_at: data.created_at,
    task_id: data.task_id,
    worktree: data.worktree,
    branch: data.branch,
    head: data.head,
    body: document.body.replace(/^\n/, ''),
    changed_files: data.changed_files,
    changedFilesLine: lineOf('changed_files'),
    changed_files_excluded: data.changed_files_excluded,
  };
}
