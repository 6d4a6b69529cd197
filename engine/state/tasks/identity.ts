/**
 * The identity fields of a task record, computed from git when the record is written and never taken
 * from the user: which repository (git's common directory, shared by every linked worktree), which
 * checkout, which branch and commit, and whether the working tree had changes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GitRepository } from '../../io/git';
import { runGitBytes } from '../../io/git';

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
  const head = git.head();
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

/** A path changed when the task started, with the git blob id of its content then (`deleted`: gone). */
export interface DirtyPath {
  readonly path: string;
  readonly blob: string;
}

/**
 * The paths of the working tree that differ from HEAD (staged, unstaged, untracked; ignored files aside),
 * each with the blob id of its content now: the starting point a task records. `localDir` (the layer's
 * local half) is no work of anyone's and is left out.
 */
export function dirtyPaths(git: GitRepository, localDir: string): DirtyPath[] {
  const status = git.git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']);
  if (status.status !== 0) return [];
  const paths = [
    ...new Set(
      status.stdout
        .split('\0')
        .filter((entry) => entry.length > 3)
        .map((entry) => entry.slice(3))
        .filter((path) => path !== localDir && !path.startsWith(`${localDir}/`)),
    ),
  ].sort();
  const present = new Set(paths.filter((path) => existsSync(join(git.root, path))));
  const blobs = new Map<string, string>();
  const listed = [...present].filter((path) => !path.includes('\n'));
  if (listed.length > 0) {
    const hashed = runGitBytes(['hash-object', '--stdin-paths', '--'], git.root, git.env, `${listed.join('\n')}\n`);
    const ids = hashed.stdout.toString('utf8').split('\n');
    listed.forEach((path, at) => {
      if (hashed.status === 0 && ids[at]) blobs.set(path, ids[at]!);
    });
  }
  for (const path of [...present].filter((path) => path.includes('\n'))) {
    const one = git.git(['hash-object', '--', path]);
    if (one.status === 0) blobs.set(path, one.stdout.trim());
  }
  return paths.flatMap((path) => {
    if (!present.has(path)) return [{ path, blob: 'deleted' }];
    const blob = blobs.get(path);
    // a folder (a submodule, a nested repository) has no blob: it is left to count as a change
    return blob ? [{ path, blob }] : [];
  });
}
