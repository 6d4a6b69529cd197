/**
 * A task's change set: every path that differs from the commit the task started at. In the working
 * tree that is what was committed since, what is staged, what is not, and what git does not track yet
 * (ignored files aside); inside a pre-commit hook, where the staged content is what the commit will
 * hold, it is what the index holds against the start commit. Renames count as both of their paths: a
 * file moved out of the scope left the scope.
 */
import { runGit } from '../../io/git';

/** The paths a task changed, repository-relative, sorted; or why git could not say. */
export type ChangeSet =
  | { readonly files: readonly string[]; readonly error?: undefined }
  | { readonly files?: undefined; readonly error: string };

/**
 * The change set of the checkout at `root` since `head` (undefined before the first commit: everything
 * there is counted), read from `tree` — `index` inside a pre-commit hook — with git run under `env`.
 */
export function changeSet(
  root: string,
  head: string | undefined,
  tree: 'working tree' | 'index',
  env: Readonly<Record<string, string | undefined>>,
): ChangeSet {
  const git = (args: readonly string[]) => runGit(args, root, env as NodeJS.ProcessEnv);
  const lists: (readonly string[])[] = [];
  const ask = (args: readonly string[]): string | undefined => {
    const result = git(args);
    if (result.status !== 0) return result.stderr.trim().split('\n')[0] || `git ${args[0]} exited ${result.status}`;
    lists.push(result.stdout.split('\0').filter((path) => path !== ''));
    return undefined;
  };
  const index = tree === 'index';
  const problem = head
    ? ask(['diff', '--name-only', '-z', '--no-renames', ...(index ? ['--cached'] : []), head, '--'])
    : ask(['ls-files', '-z', ...(index ? [] : ['--cached', '--deleted'])]);
  if (problem) return { error: `git cannot list the changes since ${head ?? 'the start'}: ${problem}` };
  if (!index) {
    const untracked = ask(['ls-files', '-z', '--others', '--exclude-standard']);
    if (untracked) return { error: `git cannot list the untracked files: ${untracked}` };
  }
  return { files: [...new Set(lists.flat())].sort() };
}
