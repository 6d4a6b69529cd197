/**
 * A task's change set: the task's own work, never what reached its branch from elsewhere.
 *
 * - What its own commits changed (./own.ts: the commits made on its branch while it was active, followed
 *   through rebases and amends; of a merge made there, only what was resolved by hand).
 * - What is not committed yet: staged, unstaged and untracked (ignored files aside); inside a pre-commit
 *   hook, where the staged content is what the commit will hold, what the index holds against HEAD.
 *   While a merge or a cherry-pick stops for its conflicts, only the paths that differ from both sides
 *   are the task's (the rest is what the merge brings).
 *
 * Two kinds of path are left out: what the tool itself wrote (the journal of its writes,
 * engine/io/write/journal.ts, while the path still holds what it wrote), and what was already changed
 * when the task started (the task record's `started_dirty`, while the path still holds that content).
 * Renames count as both of their paths: a file moved out of the scope left the scope.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Task } from '../../generated/types';
import { JOURNAL_NAME, type JournalLine } from '../../io/write/journal';
import type { CommittedPath, ReflogMemo } from './own';
import { committedPaths, gitAt, ownCommits } from './own';

/** One path of the change set. */
export interface ChangedPath {
  readonly path: string;
  /** The newest own commit that left it changed; undefined for a change not committed yet. */
  readonly commit?: string;
}

/** The paths a task changed, repository-relative, sorted; or why git could not say. */
export type ChangeSet =
  | {
      readonly files: readonly string[];
      readonly entries: readonly ChangedPath[];
      /** How the task's own commits were found, and how many of the commits judged were its own. */
      readonly commits: { readonly own: number; readonly range: number; readonly source: 'reflog' | 'authorship' | 'none' };
      /** Paths left out: the tool's own writes, and what was changed before the task started. */
      readonly excluded: { readonly tool: number; readonly dirty: number };
      readonly error?: undefined;
    }
  | { readonly files?: undefined; readonly entries?: undefined; readonly error: string };

/** What a change set is asked of. */
export interface ChangeQuery {
  /** The working tree's top level and its git directory, absolute. */
  readonly root: string;
  readonly gitDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly task: Task;
  /** Where uncommitted changes are read: the working tree, or the index inside a pre-commit hook. */
  readonly tree: 'working tree' | 'index';
  /**
   * A push: only the task's commits reachable from `tip` and from none of `exclude` count, and nothing
   * uncommitted does.
   */
  readonly push?: { readonly tip: string; readonly exclude: readonly string[] };
  /** HEAD, when the caller knows it already (undefined: asked of git). */
  readonly head?: () => string | undefined;
  /** The reflog's reading, shared by the change sets of one judgement. */
  readonly memo?: ReflogMemo;
}

const ZERO = /^0+$/;

/** The largest journal read; a bigger one is not read at all, and the tool's writes then count. */
const MAX_JOURNAL_BYTES = 32 * 1024 * 1024;

/** The change set; see the module comment. */
export function changeSet(query: ChangeQuery): ChangeSet {
  const git = gitAt(query.root, query.env);
  const { task } = query;
  const head = query.push?.tip ?? (query.head ? query.head() : revParse(git, 'HEAD'));
  const entries: Entry[] = [];
  let commits: { own: number; range: number; source: 'reflog' | 'authorship' | 'none' } = { own: 0, range: 0, source: 'none' };
  if (head) {
    const own = ownCommits(git, task, head, query.push?.exclude ?? [], query.memo);
    if (own.error !== undefined) return { error: own.error };
    commits = { own: own.commits.length, range: own.range, source: own.source };
    const committed = committedPaths(git, own.commits);
    if (committed.error !== undefined) return { error: committed.error };
    entries.push(...undone(git, head, own.commits, committed.paths));
  }
  if (!query.push) {
    const uncommitted = uncommittedPaths(git, query, head);
    if ('error' in uncommitted) return { error: uncommitted.error };
    entries.push(...uncommitted.paths);
  }
  const excluded = { tool: 0, dirty: 0 };
  const journal = readJournal(join(query.gitDir, JOURNAL_NAME));
  const dirty = new Map((task.started_dirty ?? []).map((entry) => [entry.path, entry.blob]));
  const blobs = workingBlobs(git, query, entries, journal, dirty);
  const kept = entries.filter((entry) => {
    const blob = entry.removed ? '0'.repeat(40) : entry.blob && !ZERO.test(entry.blob) ? entry.blob : blobs.get(entry.path);
    if (blob === undefined) return true;
    const removed = ZERO.test(blob);
    const written = journal.get(entry.path);
    if (written && (removed ? written.removed === true : written.sha1 === blob || written.sha256 === blob)) {
      excluded.tool++;
      return false;
    }
    const before = dirty.get(entry.path);
    if (before !== undefined && (removed ? before === 'deleted' : before === blob)) {
      excluded.dirty++;
      return false;
    }
    return true;
  });
  const byPath = new Map<string, ChangedPath>();
  for (const entry of kept) {
    const seen = byPath.get(entry.path);
    // an uncommitted change is the latest word on a path; otherwise the first commit listed (the newest)
    if (!seen || (seen.commit !== undefined && entry.commit === undefined))
      byPath.set(entry.path, { path: entry.path, commit: entry.commit });
  }
  const files = [...byPath.keys()].sort();
  return { files, entries: files.map((path) => byPath.get(path)!), commits, excluded };
}

type Entry = { path: string; blob?: string; commit?: string; removed?: boolean };

/**
 * The committed paths the task changed and did not change back: a path its own runs of commits changed
 * (never a merge's resolution) that holds at `head` what it held before the first of them — an
 * out-of-scope change reverted after a merge split the runs — is no change of the task's. One git
 * process, for those paths alone.
 */
function undone(
  git: ReturnType<typeof gitAt>,
  head: string,
  commits: readonly { readonly sha: string }[],
  paths: readonly CommittedPath[],
): CommittedPath[] {
  const order = new Map(commits.map((commit, at) => [commit.sha, at]));
  const first = new Map<string, CommittedPath | null>();
  for (const entry of paths) {
    const seen = first.get(entry.path);
    if (seen === null) continue;
    // a merge's resolution is judged as it stands
    if (entry.before === undefined) first.set(entry.path, null);
    else if (!seen || (order.get(entry.commit) ?? 0) > (order.get(seen.commit) ?? 0)) first.set(entry.path, entry);
  }
  const asked = [...first.entries()].flatMap(([path, entry]) => (entry && !path.includes('\n') ? [{ path, before: entry.before! }] : []));
  if (asked.length === 0) return [...paths];
  const result = git(['cat-file', '--batch-check=%(objectname)'], `${asked.map(({ path }) => `${head}:${path}`).join('\n')}\n`);
  if (result.status !== 0) return [...paths];
  const now = result.stdout.split('\n');
  const back = new Set(
    asked
      .filter(({ before }, at) => {
        const line = now[at] ?? '';
        const blob = line.endsWith(' missing') ? '' : line;
        return ZERO.test(before) ? blob === '' : blob === before;
      })
      .map(({ path }) => path),
  );
  return paths.filter((entry) => !back.has(entry.path));
}

function revParse(git: ReturnType<typeof gitAt>, rev: string): string | undefined {
  const result = git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  const sha = result.stdout.trim();
  return result.status === 0 && sha !== '' ? sha : undefined;
}

/** The uncommitted changes, each with the blob git reports for it (all zeros: not hashed, or removed). */
function uncommittedPaths(
  git: ReturnType<typeof gitAt>,
  query: ChangeQuery,
  head: string | undefined,
): { paths: Entry[] } | { error: string } {
  const index = query.tree === 'index';
  const ask = (args: readonly string[]): string[] | string => {
    const result = git(args);
    if (result.status !== 0) return result.stderr.trim().split('\n')[0] || `git ${args[0]} exited ${result.status}`;
    return result.stdout.split('\0');
  };
  const paths: Entry[] = [];
  if (!head) {
    const listed = ask(['ls-files', '-z', ...(index ? [] : ['--cached', '--deleted'])]);
    if (typeof listed === 'string') return { error: `git cannot list the changes since the start: ${listed}` };
    for (const path of listed) if (path !== '') paths.push({ path });
  } else {
    const diff = (against: string): Entry[] | string => {
      const fields = ask(['diff', '--raw', '-z', '--no-renames', ...(index ? ['--cached'] : []), against, '--']);
      if (typeof fields === 'string') return fields;
      const out: Entry[] = [];
      for (let at = 0; at < fields.length; at++) {
        const field = fields[at]!;
        if (!field.startsWith(':')) continue;
        const parts = field.slice(1).split(' ');
        const path = fields[++at];
        if (path === undefined) continue;
        out.push({ path, blob: parts[3] ?? '', removed: parts[4]?.startsWith('D') });
      }
      return out;
    };
    const changed = diff(head);
    if (typeof changed === 'string') return { error: `git cannot list the uncommitted changes: ${changed}` };
    // a merge or cherry-pick stopped for its conflicts: what it brings is not the task's, what differs from both sides is
    const other = ['MERGE_HEAD', 'CHERRY_PICK_HEAD']
      .filter((name) => existsSync(join(query.gitDir, name)))
      .map((name) => revParse(git, name))
      .find((sha) => sha !== undefined);
    if (other) {
      const theirs = diff(other);
      if (typeof theirs === 'string') return { error: `git cannot list what the merge brings: ${theirs}` };
      const differs = new Set(theirs.map((entry) => entry.path));
      paths.push(...changed.filter((entry) => differs.has(entry.path)));
    } else paths.push(...changed);
  }
  if (!index) {
    const untracked = ask(['ls-files', '-z', '--others', '--exclude-standard']);
    if (typeof untracked === 'string') return { error: `git cannot list the untracked files: ${untracked}` };
    for (const path of untracked) if (path !== '') paths.push({ path });
  }
  return { paths };
}

/**
 * The blob ids of the uncommitted paths the journal or the start's record names, hashed from the working
 * tree (a removed file: all zeros). One git process, for those paths alone.
 */
function workingBlobs(
  git: ReturnType<typeof gitAt>,
  query: ChangeQuery,
  entries: readonly Entry[],
  journal: ReadonlyMap<string, JournalLine>,
  dirty: ReadonlyMap<string, string>,
): Map<string, string> {
  const blobs = new Map<string, string>();
  const present = entries
    .filter(
      (entry) =>
        entry.commit === undefined &&
        !entry.removed &&
        (journal.has(entry.path) || dirty.has(entry.path)) &&
        (entry.blob === undefined || ZERO.test(entry.blob)) &&
        !entry.path.includes('\n'),
    )
    .map((entry) => entry.path);
  if (present.length > 0 && query.tree === 'working tree') {
    const result = git(['hash-object', '--stdin-paths', '--'], `${present.join('\n')}\n`);
    if (result.status === 0) {
      const ids = result.stdout.split('\n');
      present.forEach((path, at) => {
        if (ids[at]) blobs.set(path, ids[at]!);
      });
    }
  }
  return blobs;
}

/** The journal's last word on each path; an absent or unreadable journal is no word at all. */
function readJournal(file: string): Map<string, JournalLine> {
  const lines = new Map<string, JournalLine>();
  let text: string;
  try {
    // a regular file of reasonable size: the journal holds one task's writes
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_JOURNAL_BYTES) return lines;
    text = readFileSync(file, 'utf8');
  } catch {
    return lines;
  }
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const value = JSON.parse(line) as JournalLine;
      if (typeof value.path === 'string') lines.set(value.path, value);
    } catch {
      // a torn line says nothing
    }
  }
  return lines;
}
