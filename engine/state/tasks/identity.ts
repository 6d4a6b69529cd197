/**
 * The identity fields of a task record, computed from git when the record is written and never taken
 * from the user: which repository (git's common directory, shared by every linked worktree), which
 * checkout, which branch and commit, and whether the working tree had changes.
 */
import type { GitRepository } from '../../io/git';

export interface GitIdentity {
  readonly repository_id: string;
  readonly worktree: string;
  /** Absent when HEAD is detached. */
  readonly branch?: string;
  /** Absent before the first commit. */
  readonly head?: string;
  readonly working_tree: 'clean' | 'dirty';
}

/** Ask git, now, what the checkout is. */
export function gitIdentity(git: GitRepository): GitIdentity {
  const out = (args: readonly string[]): string | undefined => {
    const result = git.git(args);
    const text = result.stdout.trim();
    return result.status === 0 && text !== '' ? text : undefined;
  };
  const branch = out(['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const head = out(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  // ignored files are no change of the work; untracked ones are
  const status = git.git(['status', '--porcelain', '-z', '--untracked-files=normal']);
  return {
    repository_id: git.commonDir,
    worktree: git.root,
    ...(branch ? { branch } : {}),
    ...(head ? { head } : {}),
    working_tree: status.stdout.trim() === '' ? 'clean' : 'dirty',
  };
}
