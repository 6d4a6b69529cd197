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
 * vouch for is left out. Asks git twice: the files that differ from the index under the paths' folders
 * (`diff-files`, which examines their stat data) and the attributes of the rest (`check-attr --all`,
 * which names only those a path has); and `core.autocrlf` once per run.
 */
export function vouchedBlobs(git: GitRepository, paths: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (converting(git.config('core.autocrlf'))) return out;
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
  if (staged.size === 0) return out;
  // one literal pathspec per folder the paths lie in: the files of those folders are examined, not the whole tree
  const pathspecs = [...folders].map((folder) => `:(literal)${folder === '' ? '.' : folder}`);
  const diff = git.git(['diff-files', '--name-only', '-z', '--', ...pathspecs]);
  if (diff.status !== 0) return out;
  for (const path of diff.stdout.split('\0')) staged.delete(path);
  if (staged.size === 0) return out;
  const clean = [...staged.keys()];
  // every attribute a path has (none, in most repositories: then git prints nothing at all)
  const attributes = git.git(['check-attr', '-z', '--stdin', '--all'], `${clean.join('\0')}\0`);
  if (attributes.status !== 0) return out;
  // `<path> NUL <attribute> NUL <value> NUL`, for each attribute set, unset or given a value
  const fields = attributes.stdout.split('\0');
  const converted = new Set<string>();
  for (let i = 0; i + 2 < fields.length; i += 3) {
    if (CONVERTING.includes(fields[i + 1]!) && fields[i + 2] !== 'unset' && fields[i + 2] !== 'unspecified') converted.add(fields[i]!);
  }
  for (const path of converted) staged.delete(path);
  return staged;
}

/** True when `core.autocrlf` converts line endings (git reads any true value, and `input`). */
function converting(value: string | undefined): boolean {
  if (value === undefined) return false;
  return !['false', 'no', 'off', '0', ''].includes(value.trim().toLowerCase());
}
