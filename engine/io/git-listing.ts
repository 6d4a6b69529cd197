/**
 * What git's listings say, read in place: the index as `ls-files --stage -z` lists it, the files
 * `ls-files --others` names, and the pathspecs a listing is narrowed with.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the answer to an `untracked` question is kept (apart from every pathspec's tracked files). */
export function untrackedKey(pathspecs: readonly string[]): string {
  return `\0${pathspecs.join('\0')}`;
}

export function untrackedArgs(pathspecs: readonly string[]): string[] {
  return ['ls-files', '-z', '--others', '--exclude-standard', '--', ...pathspecs];
}

export function untrackedFiles(result: { readonly status: number; readonly stdout: string }): readonly string[] {
  return result.status === 0 ? result.stdout.split('\0').filter((f) => f !== '') : [];
}

/** The index as `git ls-files --stage -z` lists it. */
export interface StagedListing {
  /** Every entry's path, in git's order. */
  readonly files: readonly string[];
  /** The paths listed at a stage other than 0 (conflicted): they have no stage-0 blob. */
  readonly conflicted: ReadonlySet<string>;
  /** True when `files` is in byte order, as git keeps its index (checked, and only where `<` is byte order). */
  readonly sorted: boolean;
  /** git's output as it came, and where each entry of `files` starts in it: a folder's entries are one stretch of it. */
  readonly text: string;
  readonly starts: readonly number[];
  /** What git said when it could not list the index. */
  readonly error?: string;
}

/**
 * Parse `git ls-files --stage -z`: `<mode> SP <blob> SP <stage> TAB <path> NUL` a record, read in place.
 * Each entry's blob stays in the text until it is asked for (`stagedBlob`, `stagedBlobs`): a run on ten
 * thousand records asks for none, and a map of them all cost more than the rest of the parse.
 */
export function parseStaged(out: string): Omit<StagedListing, 'error' | 'conflicted'> & { conflicted: Set<string> } {
  const files: string[] = [];
  const starts: number[] = [];
  const conflicted = new Set<string>();
  // below the surrogates, `<` on UTF-16 is byte order: git's order is checked with it, else not relied on
  let sorted = !/[\ud800-\uffff]/.test(out);
  for (let at = 0; at < out.length; ) {
    const tab = out.indexOf('\t', at);
    const end = out.indexOf('\0', at);
    if (tab === -1 || end === -1 || tab > end) break;
    const space = out.indexOf(' ', at);
    if (space !== -1 && space < tab - 2) {
      const path = out.slice(tab + 1, end);
      if (sorted && files.length > 0 && files[files.length - 1]! > path) sorted = false;
      files.push(path);
      starts.push(at);
      // git lists a path once, at stage 0, unless it is conflicted: then once a stage, from 1
      if (out.charCodeAt(tab - 1) !== 0x30) conflicted.add(path);
    }
    at = end + 1;
  }
  return { files, conflicted, sorted, text: out, starts };
}

type Blobs = Pick<StagedListing, 'files' | 'conflicted' | 'text' | 'starts'>;

/** The blob of the listing's entry at position `at` of its files. */
function blobAt(listing: Blobs, at: number): string {
  const start = listing.starts[at]!;
  return listing.text.slice(listing.text.indexOf(' ', start) + 1, listing.text.indexOf('\t', start) - 2);
}

const blobMaps = new WeakMap<readonly string[], ReadonlyMap<string, string>>();

/** The blob of each path's first entry — stage 0, or a conflicted path's first stage — made once a listing. */
export function stagedBlobs(listing: Blobs): ReadonlyMap<string, string> {
  let blobs = blobMaps.get(listing.files);
  if (!blobs) {
    const made = new Map<string, string>();
    listing.files.forEach((path, at) => {
      if (!listing.conflicted.has(path) || !made.has(path)) made.set(path, blobAt(listing, at));
    });
    blobs = made;
    blobMaps.set(listing.files, blobs);
  }
  return blobs;
}

/**
 * The stage-0 blob of each path of a listing, read from its text when asked: the first few found by a
 * binary search of its files (in byte order), and past those — a caller asking for a blob a record —
 * from the map of them all, made once. Undefined for a path not listed, or conflicted.
 */
export class StagedBlobs {
  private asked = 0;

  constructor(private readonly listing: Blobs & Pick<StagedListing, 'sorted'>) {}

  get(path: string): string | undefined {
    const listing = this.listing;
    if (listing.conflicted.has(path)) return undefined;
    if (!listing.sorted || ++this.asked > SEARCHED) return stagedBlobs(listing).get(path);
    const at = lowerBound(listing.files, path);
    return listing.files[at] === path ? blobAt(listing, at) : undefined;
  }
}

/** The blobs found by a search each before the map of them all is made (a search costs some twenty comparisons). */
const SEARCHED = 64;

/** A folder's stretch of the index listing, and the positions of its files a list leaves out. */
export interface FolderLines {
  readonly lines: string;
  readonly left: readonly number[];
}

/**
 * git's own lines (`ls-files --stage`: mode, blob, stage, path) for the entries of `listing` (the whole
 * index, in byte order) in `folder`, when each of `paths` is one of the files directly in it, in the
 * folder's order, staged at stage 0 (`conflicted` names the paths that are not); with the positions
 * among those files of the ones `paths` leaves out (a `.gitkeep` beside records), so the two together
 * say exactly which files `paths` are, with which blobs. Undefined otherwise. The lines of the folder's
 * subfolders come with them. What the folder holds, in one stretch of text, without a string a file.
 */
export function folderLines(
  listing: Pick<StagedListing, 'files' | 'text' | 'starts'>,
  conflicted: ReadonlySet<string>,
  folder: string,
  paths: readonly string[],
): FolderLines | undefined {
  if (folder === '' || paths.length === 0) return undefined;
  const prefix = `${folder}/`;
  const [from, to] = prefixRun(listing.files, prefix);
  const clean = conflicted.size === 0;
  const left: number[] = [];
  let at = 0;
  let direct = 0;
  for (let entry = from; entry < to; entry++) {
    const path = listing.files[entry]!;
    if (path.indexOf('/', prefix.length) !== -1) continue;
    // a conflicted path is never one of the list's: it has no stage-0 blob to be read as
    if (!clean && conflicted.has(path)) {
      if (path === paths[at]) return undefined;
    } else if (path === paths[at]) at++;
    else left.push(direct);
    direct++;
  }
  if (at !== paths.length) return undefined;
  const lines = listing.text.slice(listing.starts[from]!, to < listing.starts.length ? listing.starts[to]! : listing.text.length);
  return { lines, left };
}

/**
 * The runs of `paths` that lie directly in one folder, in order: `[folder, from, to)` each ('' the top
 * level). A folder is named once a run, not once a path: the folder of the next path is compared in
 * place, and a new one cut only where a run ends.
 */
export function folderRuns(paths: readonly string[]): [string, number, number][] {
  const runs: [string, number, number][] = [];
  let folder: string | undefined;
  let from = 0;
  for (let at = 0; at < paths.length; at++) {
    const path = paths[at]!;
    const slash = path.lastIndexOf('/');
    if (folder !== undefined && slash === folder.length && path.startsWith(folder)) continue;
    if (folder !== undefined) runs.push([folder, from, at]);
    folder = slash === -1 ? '' : path.slice(0, slash);
    from = at;
  }
  if (folder !== undefined) runs.push([folder, from, paths.length]);
  return runs;
}

/** The first position of sorted `all` (`<` order) whose path is not below `key`: where `key` is, or would be. */
function lowerBound(all: readonly string[], key: string): number {
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where the paths of sorted `all` (no surrogates: `<` is byte order) that start with `prefix` lie: one run, `[from, to)`. */
export function prefixRun(all: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(all, prefix);
  // the paths with the prefix come together from there: where they end is found by halving too
  let lo = from;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/**
 * True when the top-level `.gitignore` alone settles that git ignores `path`, so no process is asked: a
 * line of the file is the path itself (`.ai/local/`, or anchored, `/.ai/local/` — what init writes), no
 * line of it re-includes anything (`!…`), and no folder on the way to the path has a `.gitignore` of its
 * own. A deeper `.gitignore` is the only place a later pattern could re-include the path (git's own
 * exclude files rank below the top-level one), so then, and for every other path, git decides.
 */
export function ignoredByRootLine(root: string, path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 || segments.some((segment) => segment === '.' || segment === '..' || /[*?[\\!#]/.test(segment))) return false;
  let text: string;
  try {
    const file = join(root, '.gitignore');
    if (!lstatSync(file).isFile()) return false;
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.some((line) => line.startsWith('!'))) return false;
  const wanted = `${segments.join('/')}${path.endsWith('/') ? '/' : ''}`;
  if (!lines.some((line) => line === wanted || line === `/${wanted}`)) return false;
  for (let depth = 1; depth < segments.length; depth++) {
    try {
      lstatSync(join(root, ...segments.slice(0, depth), '.gitignore'));
      return false;
    } catch {
      // none on this folder
    }
  }
  return true;
}

/**
 * The repository-relative path a pathspec names when it is a plain path (no magic, no wildcard, no
 * `..`), without a trailing slash and with `./` segments dropped; undefined when only git can answer.
 */
export function literalPrefix(pathspec: string): string | undefined {
  if (pathspec.startsWith(':') || /[*?[\\]/.test(pathspec) || pathspec.startsWith('/')) return undefined;
  const segments = pathspec.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return undefined;
  return segments.join('/');
}
