/**
 * What a close asks git of the checkout: the tree's state (the one walk of the working tree, split into
 * its tracked and untracked halves, which git walks at once), the remotes that name the repository, the
 * commits since the episode's start and the paths they changed. The questions that do not depend on
 * what the close reads first are asked ahead, in the background (`askAhead`), while it reads.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { GitResult } from '../../io/git';
import { untrackedArgs, untrackedFiles } from '../../io/git-listing';
import { relativePathProblem } from '../../io/paths';
import type { Repository } from '../../layer/repository';

/** The checkout as a shared record names it: a hash of its real path, never the path. */
export function worktreeId(repository: Repository): string {
  return hash(realpathSync(repository.root));
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * The repository by its remote (`origin`, else the first), without any credentials in it; `local:<hash>`
 * when it has none, or when the remote is a path on this machine, which a shared record never carries.
 */
export function repositoryId(repository: Repository, asked: GitResult = repository.git.git(REMOTES)): string {
  const ask = (args: readonly string[]): string => {
    const result = repository.git.git(args);
    return result.status === 0 ? result.stdout.trim() : '';
  };
  const remotes = (asked.status === 0 ? asked.stdout.trim() : '').split('\n').filter((name) => name !== '');
  const remote = remotes.includes('origin') ? 'origin' : remotes[0];
  const url = remote === undefined ? '' : ask(['remote', 'get-url', '--', remote]);
  const local = (): string => `local:${hash(realpathSync(repository.git.commonDir))}`;
  if (url === '' || /^(?:\/|~|\\|[A-Za-z]:[\\/]|file:)/.test(url) || url.startsWith('.')) return local();
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1');
}

/** The commits from `start` to `head`, oldest first, short; `[diverged]` when `start` is no longer an ancestor. */
export function commitsBetween(repository: Repository, start: string, head: string): string[] {
  if (head === '' || start === head) return [];
  const git = (args: readonly string[]) => repository.git.git(args);
  if (start !== '' && git(['merge-base', '--is-ancestor', start, head]).status !== 0) return ['diverged'];
  const result = git(['rev-list', '--reverse', '--abbrev-commit', start === '' ? head : `${start}..${head}`]);
  return result.status === 0 ? result.stdout.split('\n').filter((line) => line !== '') : [];
}

/**
 * The checkout as one `git status` sees it — the branch, the head, and every path that differs from the
 * head (staged, unstaged, untracked): the one walk of the working tree a close makes. On a large tree the
 * walk is most of a close's time, and a provider's session-end hook has little.
 */
export interface TreeState {
  readonly branch?: string;
  readonly head?: string;
  readonly paths: string[];
}

// the tracked paths and the untracked ones are two walks git can make at once, one a core: `status`
// without untracked files refreshes the index, `ls-files --others` reads the folders
const TRACKED_STATE = [
  '--no-optional-locks',
  'status',
  '--porcelain=v2',
  '--branch',
  '--no-ahead-behind',
  '-z',
  '--untracked-files=no',
  '--no-renames',
];
const UNTRACKED = untrackedArgs([]);
const REMOTES = ['remote'];

/** What a close asks git that does not depend on what it reads first, asked at once and answered while it reads. */
export interface Ahead {
  readonly tree: Promise<TreeState>;
  readonly remotes: Promise<GitResult>;
}

export function askAhead(repository: Repository): Ahead {
  const tree = Promise.all([repository.git.gitAsync(TRACKED_STATE), repository.git.gitAsync(UNTRACKED)]).then(([tracked, untracked]) => {
    const state = parseTreeState(tracked);
    if (tracked.status === 0) state.paths.push(...untrackedFiles(untracked));
    return state;
  });
  const remotes = repository.git.gitAsync(REMOTES);
  // a close refused before it needs them still waits for them to end; nothing is left unhandled
  tree.catch(() => undefined);
  remotes.catch(() => undefined);
  return { tree, remotes };
}

function parseTreeState(result: GitResult): TreeState {
  if (result.status !== 0) return { paths: [] };
  let branch: string | undefined;
  let head: string | undefined;
  const paths: string[] = [];
  for (const entry of result.stdout.split('\0')) {
    if (entry.startsWith('# branch.oid ')) {
      const oid = entry.slice('# branch.oid '.length);
      if (/^[0-9a-f]{40,64}$/.test(oid)) head = oid;
    } else if (entry.startsWith('# branch.head ')) {
      const name = entry.slice('# branch.head '.length);
      if (name !== '(detached)') branch = name;
    } else if (entry.startsWith('1 ')) paths.push(field(entry, 8));
    else if (entry.startsWith('u ')) paths.push(field(entry, 10));
    else if (entry.startsWith('? ')) paths.push(entry.slice(2));
  }
  return { ...(branch ? { branch } : {}), ...(head ? { head } : {}), paths };
}

/** What follows the first `count` space-separated fields of a status entry: its path, spaces and all. */
function field(entry: string, count: number): string {
  let at = 0;
  for (let i = 0; i < count; i++) at = entry.indexOf(' ', at) + 1;
  return entry.slice(at);
}

/**
 * The paths changed since `start`: those the commits since then changed (a comparison of two trees,
 * which walks no working tree) and those `git status` found differing from the head.
 */
export function changedSince(repository: Repository, start: string, head: string, differing: readonly string[]): string[] {
  const git = (args: readonly string[]): string[] => {
    const result = repository.git.git(args);
    return result.status === 0 ? result.stdout.split('\0').filter((path) => path !== '') : [];
  };
  const committed =
    start === ''
      ? git(['ls-files', '-z'])
      : start === head || head === ''
        ? []
        : git(['diff', '--name-only', '-z', '--no-renames', start, head, '--']);
  // a record names only paths in normal form (its schema's pattern): a name git allows but that reads as
  // a `..` or `.` segment split on backslashes (`a\..\b`) is left out rather than make the record unreadable
  return [...new Set([...committed, ...differing])].filter((path) => relativePathProblem(path) === undefined).sort();
}
