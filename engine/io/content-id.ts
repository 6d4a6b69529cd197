/**
 * What git vouches for in the working tree: the files whose bytes on disk are exactly the blob the index
 * holds, so the blob's id names their content without a byte being read. Git compares a file with its
 * index entry by its stat data and re-reads a racily clean one (`git diff-files` is the same check
 * `git status` and `git commit -a` trust); a file it reports changed, an untracked one, a conflicted one
 * is not vouched for. Neither is a file git converts between the index and the disk — line endings
 * (`core.autocrlf`, the `text`, `eol` and `crlf` attributes), `ident`, a `filter`, a
 * `working-tree-encoding` — since its blob is not its bytes.
 */
import type { GitRepository } from './git';

/** The attributes under which the bytes on disk may differ from the blob. */
const CONVERTING = ['text', 'eol', 'crlf', 'filter', 'ident', 'working-tree-encoding'];

/**
 * The blob of each of `paths` whose working-tree bytes git vouches are the blob's; a path it does not
 * vouch for is left out. Asks git three things at once: the files that differ from the index under the
 * paths' folders (`diff-files`, which examines their stat data), the attributes of the staged paths
 * (`check-attr --all`, which names only those a path has), and `core.autocrlf`.
 */
export async function vouchedBlobs(git: GitRepository, paths: readonly string[]): Promise<Map<string, string>> {
  const { staged, folders } = stagedIn(git, paths);
  if (staged.size === 0) return staged;
  // one literal pathspec per folder the paths lie in: the files of those folders are examined, not the whole tree
  const pathspecs = [...folders].map((name) => `:(literal)${name === '' ? '.' : name}`);
  const [autocrlf, diff, attributes] = await Promise.all([
    git.gitAsync(['config', '--get', '--', 'core.autocrlf']),
    git.gitAsync(['diff-files', '--name-only', '-z', '--', ...pathspecs]),
    // every attribute a path has (none, in most repositories: then git prints nothing at all)
    git.gitAsync(['check-attr', '-z', '--stdin', '--all'], `${[...staged.keys()].join('\0')}\0`),
  ]);
  if (diff.status !== 0 || attributes.status !== 0 || converting(autocrlf.status === 0 ? autocrlf.stdout : undefined)) return new Map();
  for (const path of diff.stdout.split('\0')) staged.delete(path);
  // `<path> NUL <attribute> NUL <value> NUL`, for each attribute set, unset or given a value
  const fields = attributes.stdout.split('\0');
  for (let i = 0; i + 2 < fields.length; i += 3) {
    if (CONVERTING.includes(fields[i + 1]!) && fields[i + 2] !== 'unset' && fields[i + 2] !== 'unspecified') staged.delete(fields[i]!);
  }
  return staged;
}

/** The staged blob of each of `paths`, and the folders they lie in (each with its slash; `` for the top level). */
function stagedIn(git: GitRepository, paths: readonly string[]): { staged: Map<string, string>; folders: Set<string> } {
  const staged = new Map<string, string>();
  const folders = new Set<string>();
  let folder: string | undefined;
  for (const path of paths) {
    const blob = git.indexBlob(path);
    if (blob === undefined) continue;
    staged.set(path, blob);
    // the paths of one folder come together: its name is taken once
    if (folder !== undefined && path.startsWith(folder) && path.lastIndexOf('/') === folder.length - 1) continue;
    folder = path.slice(0, path.lastIndexOf('/') + 1);
    folders.add(folder);
  }
  return { staged, folders };
}

/** True when `core.autocrlf` converts line endings (git reads any true value, and `input`). */
function converting(value: string | undefined): boolean {
  if (value === undefined) return false;
  // what `git config --get` printed: the value and its newline
  return !['false', 'no', 'off', '0', ''].includes(value.trim().toLowerCase());
}
