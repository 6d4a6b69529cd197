/**
 * `check --overlap`: this checkout's task scope against the active tasks of the repository's other
 * worktrees. There is no registry: git lists the worktrees (`git worktree list --porcelain`) and each
 * keeps its own task in its own local state, read from there. Git is the authority, so nothing can rot.
 *
 * An overlap is a `WARN` (category `scope`): two claims on the same paths are for the people holding them
 * to settle, not a broken rule of this task, so the gate's exit code does not move. A task record in
 * another worktree that names a third checkout (it was copied there) is reported as `INFO` and compared
 * with nothing, as is this checkout's own record when it names another checkout.
 */
import { realpathSync } from 'node:fs';
import type { Finding } from '../../api/findings';
import type { Runner, RunTarget } from '../../gate/runner';
import { runGit } from '../../io/git';
import type { Task } from './current';
import { readCurrentTask } from './current';

/** One entry of `git worktree list --porcelain`. */
export interface Worktree {
  readonly path: string;
  /** `refs/heads/<name>` shortened, or undefined when detached or bare. */
  readonly branch?: string;
  readonly bare: boolean;
}

/** The worktrees git knows for the repository at `root`, the main one first. */
export function listWorktrees(root: string, env: NodeJS.ProcessEnv): Worktree[] {
  const result = runGit(['worktree', 'list', '--porcelain', '-z'], root, env);
  if (result.status !== 0) return [];
  const out: Worktree[] = [];
  let current: { path?: string; branch?: string; bare: boolean } = { bare: false };
  const flush = (): void => {
    if (current.path !== undefined) out.push({ path: current.path, branch: current.branch, bare: current.bare });
    current = { bare: false };
  };
  // -z: each attribute ends with NUL, each worktree with an empty one — paths with newlines stay whole
  for (const field of result.stdout.split('\0')) {
    if (field === '') flush();
    else if (field.startsWith('worktree ')) current.path = field.slice('worktree '.length);
    else if (field.startsWith('branch ')) current.branch = field.slice('branch '.length).replace(/^refs\/heads\//, '');
    else if (field === 'bare') current.bare = true;
  }
  flush();
  return out;
}

/**
 * The literal directory a pathspec starts with, as segments: everything before the first segment that
 * holds a glob character. `.` (and an empty spec) is the whole repository: no segment.
 */
function literalBase(pathspec: string): string[] {
  const segments = pathspec.split('/').filter((segment) => segment !== '' && segment !== '.');
  const glob = segments.findIndex((segment) => /[*?[\]{}!()]/.test(segment));
  return glob === -1 ? segments : segments.slice(0, glob);
}

/**
 * True when two claimed pathspecs may name a common path. Compared by their literal bases: when one lies
 * under the other, some path can match both. This says "may" for two globs under one folder
 * (`src/*.ts` and `src/*.md`): over-reporting a claim is a question asked, under-reporting a conflict found late.
 */
export function pathspecsOverlap(a: string, b: string): boolean {
  const x = literalBase(a);
  const y = literalBase(b);
  const shorter = x.length <= y.length ? x : y;
  const longer = shorter === x ? y : x;
  return shorter.every((segment, index) => longer[index] === segment);
}

/** The pairs of this scope's and that scope's pathspecs that overlap. */
export function scopeOverlap(ours: readonly string[], theirs: readonly string[]): { ours: string; theirs: string }[] {
  return ours.flatMap((mine) => theirs.filter((other) => pathspecsOverlap(mine, other)).map((other) => ({ ours: mine, theirs: other })));
}

const REPRODUCE = 'majordomus check --overlap';

/** The overlap findings of the checkout at `root`, whose layer keeps its local half at `localDir`. */
export function overlapFindings(root: string, localDir: string, env: NodeJS.ProcessEnv): Finding[] {
  const findings: Finding[] = [];
  const note = (level: 'WARN' | 'INFO' | 'OK', subject: string, message: string): void => {
    findings.push({ level, category: 'scope', subject, message, reproduce: level === 'OK' ? undefined : REPRODUCE, exitCode: 0 });
  };
  const here = readCurrentTask(root, localDir);
  if (here.status === 'present' && here.foreign) {
    note(
      'INFO',
      here.file,
      `this checkout's task record names the checkout ${here.task.worktree}, not this one: it is not enforced here, and nothing is compared with it`,
    );
    return findings;
  }
  const ours = here.status === 'present' && here.task.outcome === 'active' ? here.task : undefined;
  if (!ours) return findings; // no active task here: the gate says so, nothing to compare
  const self = real(root);
  let others = 0;
  for (const worktree of listWorktrees(root, env)) {
    if (worktree.bare || real(worktree.path) === self) continue;
    const theirs = readCurrentTask(worktree.path, localDir);
    if (theirs.status !== 'present' || theirs.task.outcome !== 'active') continue;
    if (theirs.foreign) {
      note('INFO', worktree.path, `its task record names the checkout ${theirs.task.worktree}, not this worktree: reported, not compared`);
      continue;
    }
    others++;
    const pairs = scopeOverlap(ours.scope, theirs.task.scope);
    if (pairs.length === 0) continue;
    note(
      'WARN',
      worktree.path,
      `${describe(theirs.task, worktree)} claims ${pairs.map((pair) => `${pair.theirs} (overlapping ${pair.ours})`).join(', ')}; agree who changes those paths, or narrow one scope`,
    );
  }
  if (!findings.some((finding) => finding.level === 'WARN')) {
    note(
      'OK',
      here.file,
      `this task's scope (${ours.scope.join(', ')}) overlaps no active task of the ${others} other worktree(s) with one`,
    );
  }
  return findings;
}

function describe(task: Task, worktree: Worktree): string {
  return `the active task ${JSON.stringify(task.task)} (${task.id}) on ${worktree.branch === undefined ? 'a detached HEAD' : `branch ${worktree.branch}`}`;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Adds the overlap findings to a repository gate's findings (`check --overlap`); they never fail it. */
export class OverlapPlugin {
  static readonly pluginName = 'OverlapPlugin';

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  apply(runner: Runner): void {
    let target: RunTarget | undefined;
    runner.hooks.beforeGate.tap(OverlapPlugin.pluginName, (_gate, _rules, at) => {
      target = at;
    });
    runner.hooks.processFindings.tap(OverlapPlugin.pluginName, (findings) => {
      if (target?.kind !== 'repository') return findings;
      for (const finding of overlapFindings(target.path, target.repository.layout.localDir, this.env)) findings.push(finding);
      return findings;
    });
  }
}
