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
import { askedEarly, vouchQuestions } from './git-early';

/** The attributes under which the bytes on disk may differ from the blob. */
const CONVERTING = ['text', 'eol', 'crlf', 'filter', 'ident', 'working-tree-encoding'];

/**
 * What git vouches for among the files directly in one folder: the files that differ from the index
 * (`diff-files` over the folder), and whether anything converts them (an attribute, `core.autocrlf`).
 */
export class VouchedFolder {
  constructor(
    private readonly git: GitRepository,
    /** The folder, repository-relative, without its slash ('' the top level). */
    readonly folder: string,
    /** False when nothing in the folder is vouched for (git refused a question, or line endings convert). */
    private readonly sound: boolean,
    /** The folder's files git does not vouch for: changed on disk, or converted by an attribute. */
    private readonly except: ReadonlySet<string>,
    /** True when the answer covers every tracked file below the folder, not only those directly in it. */
    private readonly deep = false,
  ) {}

  /** True when git vouches for every one of `paths` (each directly in the folder and staged at stage 0, as the caller knows). */
  vouchesAll(paths: readonly string[]): boolean {
    if (!this.sound) return false;
    if (this.except.size === 0) return true;
    for (const path of paths) if (this.except.has(path)) return false;
    return true;
  }

  /**
   * The blob `path` reads as, when git vouches that its bytes on disk are exactly that blob: a file
   * directly in the folder, staged at stage 0, neither changed nor converted; undefined otherwise.
   */
  get(path: string): string | undefined {
    if (!this.sound || this.except.has(path)) return undefined;
    if (this.deep ? !path.startsWith(`${this.folder}/`) : !directlyIn(path, this.folder)) return undefined;
    return this.git.indexBlob(path);
  }
}

/**
 * What git vouches for in `folder` (repository-relative, '' the top level), a folder outside the
 * layer, asked about every file the index tracks directly in it (so a file of the folder asked about
 * later was asked about too): three questions at once — the files that differ from the index there
 * (`diff-files`, which examines their stat data), the attributes of those files (`check-attr --all`,
 * which names only those a path has), and `core.autocrlf`. The layer's folders are asked about
 * together (`vouchTree`).
 */
export async function vouchFolder(git: GitRepository, folder: string): Promise<VouchedFolder> {
  const files = git.tracked(folder === '' ? '.' : `${folder}/`).filter((path) => directlyIn(path, folder));
  if (files.length === 0) return new VouchedFolder(git, folder, false, new Set());
  const [autocrlf, diff, attributes] = await Promise.all(
    git.gitAllAsync([
      { args: ['config', '--get', '--', 'core.autocrlf'] },
      { args: ['diff-files', '--name-only', '-z', '--', `:(literal)${folder === '' ? '.' : folder}`] },
      // every attribute a path has (none, in most repositories: then git prints nothing at all)
      { args: ['check-attr', '-z', '--stdin', '--all'], input: inParts(files) },
    ]),
  );
  if (diff.status !== 0 || attributes.status !== 0 || converting(autocrlf.status === 0 ? autocrlf.stdout : undefined)) {
    return new VouchedFolder(git, folder, false, new Set());
  }
  return new VouchedFolder(git, folder, true, exceptions(diff.stdout, attributes.stdout));
}

/**
 * What git vouches for among every tracked file below `root` (a top folder: the layer's), asked in one
 * go — the questions of ./git-early.ts `vouchQuestions`, which the launcher asks early where the index
 * is large, so a gate finds the answers in rather than starting a process for them.
 */
export async function vouchTree(git: GitRepository, root: string): Promise<VouchedFolder> {
  const [autocrlf, diff, attributes] = await Promise.all(git.gitAllAsync(vouchQuestions(root)));
  if (diff.status !== 0 || attributes.status !== 0 || converting(autocrlf.status === 0 ? autocrlf.stdout : undefined)) {
    return new VouchedFolder(git, root, false, new Set());
  }
  return new VouchedFolder(git, root, true, exceptions(diff.stdout, attributes.stdout), true);
}

/** The files git does not vouch for: those `diff-files` names, and those an attribute converts. */
function exceptions(diff: string, attributes: string): Set<string> {
  const except = new Set<string>();
  for (const path of diff.split('\0')) if (path !== '') except.add(path);
  // `<path> NUL <attribute> NUL <value> NUL`, for each attribute set, unset or given a value
  const fields = attributes.split('\0');
  for (let i = 0; i + 2 < fields.length; i += 3) {
    if (CONVERTING.includes(fields[i + 1]!) && fields[i + 2] !== 'unset' && fields[i + 2] !== 'unspecified') except.add(fields[i]!);
  }
  return except;
}

/** The paths as check-attr reads them on its input (each ended by NUL), a few hundred to a part. */
function inParts(files: readonly string[]): string[] {
  const parts: string[] = [];
  for (let from = 0; from < files.length; from += 512) parts.push(`${files.slice(from, from + 512).join('\0')}\0`);
  return parts;
}

/** True when `path` lies directly in `folder` ('' the top level). */
function directlyIn(path: string, folder: string): boolean {
  return folder === ''
    ? !path.includes('/')
    : path.length > folder.length + 1 && path.lastIndexOf('/') === folder.length && path.startsWith(folder);
}

/** True when `core.autocrlf` converts line endings (git reads any true value, and `input`). */
function converting(value: string | undefined): boolean {
  if (value === undefined) return false;
  // what `git config --get` printed: the value and its newline
  return !['false', 'no', 'off', '0', ''].includes(value.trim().toLowerCase());
}

/** The top folder of a repository-relative path (`.ai` of `.ai/repo`). */
export function topFolder(path: string): string {
  const slash = path.indexOf('/');
  return slash === -1 ? path : path.slice(0, slash);
}

/** True when the launcher asked early what git vouches for below `root` (engine/cli/early.ts), and no one has taken the answer. */
export function vouchAskedEarly(git: GitRepository, root: string): boolean {
  const attributes = vouchQuestions(root)[2]!;
  return askedEarly(attributes.args, git.root, git.env, attributes.input);
}
