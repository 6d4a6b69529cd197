/**
 * A task's own commits: the commits made on its branch while it was active, followed through the
 * rewrites git does to them — never what a merge, a pull, a rebase or a cherry-pick brought in.
 *
 * The record is git's own: the branch's reflog (HEAD's for a task started on a detached HEAD), which git
 * writes at every commit, says how each tip the branch had since the task started came to be. An entry
 * `commit`, `commit (amend)`, `commit (merge)` or `revert`, and a merge made on the branch (a commit of
 * two parents whose first parent is the tip before it), is the task's own commit. Everything else —
 * a fast-forward, `cherry-pick`, `am`, `reset`, the end of a rebase or `pull --rebase` — made no commit
 * of the task's.
 *
 * Git rewrites commits (rebase, `pull --rebase`, an interactive rebase's squash and fixup, amend) and keeps
 * what it recorded of their author when they were first made: the author's name, e-mail and second. A
 * commit carrying the author identity of one of the task's own commits is that commit rewritten, and the
 * task's too. So after a rebase the task carries on anchored to its rebased commits.
 *
 * The walk is bounded by what happened since the start: the reflog is read back to the start's second,
 * and the commits judged are those reachable from the tip and not from the start commit — what the
 * branch gained since, never the whole history. A branch with no reflog (logging turned off) falls back
 * to the commits since the start authored after it, which is said.
 */
import type { Task } from '../../generated/types';
import { runGit, runGitBytes } from '../../io/git';

/** One commit of the range judged: its id, parents, author identity. */
export interface RangeCommit {
  readonly sha: string;
  readonly parents: readonly string[];
  /** `name\x1femail\x1fseconds`: what git keeps of a commit's author through a rebase. */
  readonly author: string;
  readonly authorSeconds: number;
  /** The first line of its message. */
  readonly subject: string;
}

/** One of the task's own commits in the range. */
export interface OwnCommit extends RangeCommit {
  /** The commit an amend replaced when that commit was not the task's (its changes are not the task's). */
  readonly amended?: string;
}

/** What the task's own commits are, in a range. */
export type OwnCommits =
  | {
      /** Newest first, as git lists them. */
      readonly commits: readonly OwnCommit[];
      /** How they were found: the reflog, or (without one) by authorship since the start. */
      readonly source: 'reflog' | 'authorship';
      /** How many commits the range held, the task's and what was brought in. */
      readonly range: number;
      readonly error?: undefined;
    }
  | { readonly error: string; readonly commits?: undefined };

type Git = (args: readonly string[], input?: string) => { status: number; stdout: string; stderr: string };

/** A git runner at `root` under `env`. */
export function gitAt(root: string, env: Readonly<Record<string, string | undefined>>): Git {
  return (args, input) => {
    if (input === undefined) return runGit(args, root, env as NodeJS.ProcessEnv);
    const result = runGitBytes(args, root, env as NodeJS.ProcessEnv, input);
    return { status: result.status, stdout: result.stdout.toString('utf8'), stderr: result.stderr };
  };
}

const FIELD = '\x1f';

/** In an `exclude` list: every commit a remote-tracking branch already has. */
export const EVERY_REMOTE = '--remotes';

/** Seconds since the epoch of a record's UTC second. */
export function epochSeconds(utc: string): number {
  return Math.floor(Date.parse(utc) / 1000);
}

/**
 * The task's own commits reachable from `tip` and not from the start commit nor from `exclude` (commits
 * a remote already has, at a push).
 */
export function ownCommits(git: Git, task: Task, tip: string, exclude: readonly string[] = [], memo: ReflogMemo = {}): OwnCommits {
  const since = epochSeconds(task.started_at);
  // what a remote had may be unknown here (somebody else pushed it): only what git has bounds the range
  const known = exclude.filter((sha) => sha === EVERY_REMOTE || git(['cat-file', '-e', `${sha}^{commit}`]).status === 0);
  const range = rangeCommits(git, tip, [...(task.head ? [task.head] : []), ...known]);
  if (range.error !== undefined) return { error: range.error };
  // read once per judgement, however many refs a push carries
  if (!('seeds' in memo)) memo.seeds = reflogSeeds(git, task.branch ? `refs/heads/${task.branch}` : 'HEAD', since);
  const { seeds } = memo;
  if (seeds === undefined) {
    const commits = range.commits.filter((commit) => commit.authorSeconds >= since);
    return { commits, source: 'authorship', range: range.commits.length };
  }
  const seedOf = (commit: RangeCommit) => seeds.commits.get(commit.sha);
  const mine = (commit: RangeCommit) => seeds.authors.get(commit.author) ?? [];
  // a commit of the task's author identity whose subject is none of the task's: maybe reworded, told by its patch
  const reworded = range.commits.filter(
    (commit) =>
      !seedOf(commit) &&
      commit.parents.length <= 1 &&
      mine(commit).length > 0 &&
      !mine(commit).some((seed) => seed.subject === commit.subject),
  );
  const patches =
    reworded.length > 0
      ? patchIds(git, [...reworded.map((c) => c.sha), ...reworded.flatMap((c) => mine(c).map((seed) => seed.sha))])
      : new Map();
  const commits = range.commits.flatMap((commit): OwnCommit[] => {
    const seed = seedOf(commit);
    if (seed) return [{ ...commit, ...(seed.amended && !seeds.commits.has(seed.amended) ? { amended: seed.amended } : {}) }];
    const same = mine(commit);
    if (same.some((other) => other.subject === commit.subject)) return [commit];
    const id = patches.get(commit.sha);
    return id !== undefined && same.some((other) => patches.get(other.sha) === id) ? [commit] : [];
  });
  return { commits, source: 'reflog', range: range.commits.length };
}

/**
 * A commit of the task rewritten keeps the author identity git recorded when it was made (name, e-mail,
 * second) and its subject — a rebase, a squash into it, a fixup — or, where the message was reworded,
 * its patch. Both are asked, so that two commits one author made in one second are never taken for each
 * other. The patch ids (`git patch-id --stable`) of the commits that need them, in two processes.
 */
function patchIds(git: Git, shas: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  const patch = git(['log', '--no-walk=unsorted', '-p', '--no-renames', '--format=commit %H', ...new Set(shas), '--']);
  if (patch.status !== 0 || patch.stdout === '') return ids;
  const listed = git(['patch-id', '--stable'], patch.stdout);
  if (listed.status !== 0) return ids;
  for (const line of listed.stdout.split('\n')) {
    const [id, sha] = line.split(' ');
    if (id && sha) ids.set(sha, id);
  }
  return ids;
}

/** The commits reachable from `tip` and from none of `exclude`. */
function rangeCommits(
  git: Git,
  tip: string,
  exclude: readonly string[],
): { commits: RangeCommit[]; error?: undefined } | { error: string } {
  const result = git([
    'log',
    '-z',
    '--date=unix',
    `--format=%H${FIELD}%P${FIELD}%an${FIELD}%ae${FIELD}%ad${FIELD}%s`,
    tip,
    ...exclude.filter((sha) => sha !== EVERY_REMOTE).map((sha) => `^${sha}`),
    ...(exclude.includes(EVERY_REMOTE) ? ['--not', '--remotes'] : []),
    '--',
  ]);
  if (result.status !== 0)
    return { error: `git cannot list the commits since the start: ${result.stderr.trim().split('\n')[0] || `exit ${result.status}`}` };
  const commits: RangeCommit[] = [];
  for (const record of result.stdout.split('\0')) {
    const [sha, parents, name, email, seconds, subject] = record.replace(/^\n/, '').split(FIELD);
    if (!sha || seconds === undefined) continue;
    commits.push({
      sha,
      parents: parents ? parents.split(' ') : [],
      author: `${name}${FIELD}${email}${FIELD}${seconds}`,
      authorSeconds: Number(seconds),
      subject: subject ?? '',
    });
  }
  return { commits };
}

/** The reflog's reading, kept by a caller that asks for several tips in one judgement (a push of many refs). */
export interface ReflogMemo {
  seeds?: Seeds | undefined;
}

/** What the reflog says the task committed: the commits themselves and their authors' identities. */
export interface Seeds {
  readonly commits: ReadonlyMap<string, { readonly amended?: string }>;
  /** By author identity, the task's commits of that identity. */
  readonly authors: ReadonlyMap<string, readonly { readonly sha: string; readonly subject: string }[]>;
}

/** Reflog entries read per call; the read doubles until it reaches back past the start. */
const FIRST_READ = 256;

/**
 * The commits the reflog of `ref` records as made on it since `since` (seconds), or undefined when the
 * ref keeps no reflog.
 */
function reflogSeeds(git: Git, ref: string, since: number): Seeds | undefined {
  let entries: ReflogEntry[] = [];
  for (let count = FIRST_READ; ; count *= 8) {
    const read = readReflog(git, ref, count);
    if (read === undefined) return undefined;
    entries = read;
    // enough once the oldest entry read is older than the start, or the whole reflog was read
    if (read.length < count || (read.at(-1)?.time ?? 0) < since) break;
  }
  if (entries.length === 0) return undefined;
  const commits = new Map<string, { amended?: string }>();
  const authors = new Map<string, { sha: string; subject: string }[]>();
  // oldest first; each entry's previous tip is the entry before it
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index]!;
    if (entry.time < since) continue;
    const before = entries[index + 1]?.sha;
    const made = madeHere(entry, before);
    if (!made) continue;
    commits.set(entry.sha, made === 'amend' && before ? { amended: before } : {});
    authors.set(entry.author, [...(authors.get(entry.author) ?? []), { sha: entry.sha, subject: entry.subject }]);
  }
  return { commits, authors };
}

interface ReflogEntry {
  readonly sha: string;
  readonly parents: readonly string[];
  readonly time: number;
  readonly author: string;
  readonly subject: string;
  readonly action: string;
}

/** The newest `count` entries of `ref`'s reflog, newest first; undefined when it has none. */
function readReflog(git: Git, ref: string, count: number): ReflogEntry[] | undefined {
  const result = git([
    'reflog',
    'show',
    '-z',
    '--date=unix',
    `--format=%H${FIELD}%P${FIELD}%gd${FIELD}%an${FIELD}%ae${FIELD}%ad${FIELD}%s${FIELD}%gs`,
    '-n',
    String(count),
    ref,
    '--',
  ]);
  if (result.status !== 0) return undefined;
  const entries: ReflogEntry[] = [];
  for (const record of result.stdout.split('\0')) {
    const [sha, parents, selector, name, email, seconds, subject, message] = record.replace(/^\n/, '').split(FIELD);
    const time = /@\{(\d+)\}$/.exec(selector ?? '')?.[1];
    if (!sha || time === undefined || message === undefined) continue;
    entries.push({
      sha,
      parents: parents ? parents.split(' ') : [],
      time: Number(time),
      author: `${name}${FIELD}${email}${FIELD}${seconds}`,
      subject: subject ?? '',
      action: message.split(': ')[0]!,
    });
  }
  return entries;
}

/**
 * Whether a reflog entry made a commit on the branch: `true` for a commit or a merge made there, `amend`
 * for an amend, false for what moved the branch to a commit made elsewhere. The action words before the
 * `: ` are git's own and never translated; a merge is told from a fast-forward by its parents.
 */
function madeHere(entry: ReflogEntry, before: string | undefined): boolean | 'amend' {
  const { action } = entry;
  if (action === 'commit (amend)') return 'amend';
  if (action === 'commit' || action === 'commit (merge)' || action === 'commit (initial)') return true;
  if (action === 'revert' || action.startsWith('revert ')) return true;
  if (
    (action.startsWith('merge ') || action === 'merge' || action === 'pull' || action.startsWith('pull ')) &&
    !action.includes('--rebase')
  )
    return entry.parents.length >= 2 && entry.parents[0] === before;
  return false;
}

/** A path the task's own commits changed, with the blob they left there (all zeros: removed). */
export interface CommittedPath {
  readonly path: string;
  readonly blob: string;
  /** The blob the run found there (all zeros: absent); undefined for a merge's resolution. */
  readonly before?: string;
  /** True when the run of commits removed it. */
  readonly removed?: boolean;
  /** The newest own commit of the run of commits that changed it. */
  readonly commit: string;
}

/**
 * What the task's own commits changed. A run of own commits, each the first parent of the next, counts
 * as one change from the run's base to its tip (a change made and undone within it is no change); a
 * merge made on the branch counts only what it resolved by hand — what differs from every parent in
 * git's dense combined diff, never what either side brought.
 */
export function committedPaths(git: Git, commits: readonly OwnCommit[]): { paths: CommittedPath[]; error?: undefined } | { error: string } {
  const linear = new Map(commits.filter((commit) => commit.parents.length <= 1).map((commit) => [commit.sha, commit]));
  const base = (commit: OwnCommit): string | undefined => commit.amended ?? commit.parents[0];
  // a commit built on an own linear commit continues its run (an amend of another's commit starts one)
  const continued = new Set([...linear.values()].flatMap((commit) => (commit.amended ? [] : (commit.parents[0] ?? []))));
  const lines: string[] = [];
  const roots: string[] = [];
  for (const tip of linear.values()) {
    if (continued.has(tip.sha)) continue;
    let root = tip;
    for (let below = linear.get(base(root) ?? ''); below && !root.amended; below = linear.get(base(root) ?? '')) root = below;
    const from = base(root);
    if (from) lines.push(`${tip.sha} ${from}`);
    else {
      // a run that starts at a root commit: the root against nothing, the rest against the root
      roots.push(root.sha);
      if (root !== tip) lines.push(`${tip.sha} ${root.sha}`);
    }
  }
  const paths: CommittedPath[] = [];
  if (lines.length + roots.length > 0) {
    const raw = git(['diff-tree', '-r', '-z', '--raw', '--no-renames', '--root', '--stdin'], `${[...lines, ...roots].join('\n')}\n`);
    if (raw.status !== 0) return { error: `git cannot list what the task's commits changed: ${firstLine(raw.stderr, raw.status)}` };
    paths.push(...parseRaw(raw.stdout));
  }
  const merges = commits.filter((commit) => commit.parents.length > 1).map((commit) => commit.sha);
  if (merges.length > 0) {
    const cc = git(['-c', 'core.quotePath=false', 'diff-tree', '--cc', '--full-index', '-p', '--stdin'], `${merges.join('\n')}\n`);
    if (cc.status !== 0) return { error: `git cannot list what the task's merges resolved: ${firstLine(cc.stderr, cc.status)}` };
    paths.push(...parseCombined(cc.stdout));
  }
  return { paths };
}

function firstLine(stderr: string, status: number): string {
  return stderr.trim().split('\n')[0] || `exit ${status}`;
}

/** `diff-tree --raw -z --stdin` output: a commit id, then `:modes ids status` and the path, NUL-separated. */
function parseRaw(out: string): CommittedPath[] {
  const paths: CommittedPath[] = [];
  const fields = out.split('\0');
  let commit = '';
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index]!;
    if (field.startsWith(':')) {
      const parts = field.slice(1).split(' ');
      const path = fields[++index];
      if (path !== undefined)
        paths.push({ path, blob: parts[3] ?? '', before: parts[2] ?? '', commit, ...(parts[4]?.startsWith('D') ? { removed: true } : {}) });
    } else if (/^[0-9a-f]{40,64}$/.test(field.trim())) commit = field.trim();
  }
  return paths;
}

/** `diff-tree --cc -p --full-index --stdin` output: each commit id line, then `diff --cc <path>` and `index a,b..c` per file. */
function parseCombined(out: string): CommittedPath[] {
  const paths: CommittedPath[] = [];
  let commit = '';
  let pending: string | undefined;
  for (const line of out.split('\n')) {
    if (/^[0-9a-f]{40,64}$/.test(line)) commit = line;
    else if (line.startsWith('diff --cc ')) {
      if (pending !== undefined) paths.push({ path: pending, blob: '', commit });
      pending = unquote(line.slice('diff --cc '.length));
    } else if (pending !== undefined && line.startsWith('index ')) {
      const blob = /\.\.([0-9a-f]+)$/.exec(line)?.[1] ?? '';
      paths.push({ path: pending, blob, commit });
      pending = undefined;
    } else if (pending !== undefined && line.startsWith('deleted file')) {
      paths.push({ path: pending, blob: '0'.repeat(40), commit, removed: true });
      pending = undefined;
    }
  }
  if (pending !== undefined) paths.push({ path: pending, blob: '', commit });
  return paths;
}

/** A path as git's headers quote it: `"a\tb"` with C escapes and octal bytes, or as it is. */
export function unquote(text: string): string {
  if (!text.startsWith('"') || !text.endsWith('"')) return text;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  const escapes: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '"': 34, '\\': 92 };
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = body[++index] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(body.slice(index, index + 3), 8));
      index += 2;
    } else bytes.push(escapes[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}
