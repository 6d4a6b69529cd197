/**
 * The tree a gate judges. Normally the working tree; inside a pre-commit hook (git exports
 * GIT_INDEX_FILE) the index — what is staged is what will be committed, so that is what the hook must
 * read: a staged hand edit is refused even when the file on disk was restored, and an unstaged
 * breakage does not block a clean commit. Everything tracked is read through a Tree; the checkout's
 * own untracked state (`.ai/local/`), the hooks and the distribution are read from disk.
 */
import { createHash } from 'node:crypto';
import type { Dirent, Stats } from 'node:fs';
import { existsSync, lstatSync, opendirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentError } from './document-error';
import { folderStamp } from './folder-stamp';
import type { GitRepository, StagedListing } from './git';
import { parseStaged, runGit, runGitBytes } from './git';
import { folderRuns, prefixRun, stagedBlobs } from './git-listing';
import { notRegularFile, readRegularFile, streamRegularFile } from './regular-file';
import { byteOrder, cappedText, DEFAULT_MAX_BYTES, decodeUtf8 } from './text';

/** One entry of a directory listing. */
export interface TreeEntry {
  readonly name: string;
  readonly directory: boolean;
}

/** Read access to a tree of repository-relative paths. */
export interface Tree {
  /** What is being read, for messages: `working tree` or `index`. */
  readonly name: 'working tree' | 'index';
  /** True when a file or directory exists at `path`. */
  exists(path: string): boolean;
  /**
   * The entries of a directory, in byte order; empty when nothing is at `dir`. A DocumentError when
   * something is there that cannot be listed (a file or a dangling link where a folder belongs, a folder
   * that cannot be read): a folder that cannot be read is never the same as an empty one.
   */
  list(dir: string): TreeEntry[];
  /**
   * Nothing, when `list(dir)` would list (or find nothing there); the DocumentError `list` would throw
   * otherwise. Whether a folder can be read, without reading its entries.
   */
  listable(dir: string): void;
  /** A text file, strict UTF-8 under the size cap; a DocumentError when it cannot be read. */
  readText(path: string, maxBytes?: number): string;
  /** The sha256 of a file's bytes, in hex; a DocumentError when it is not a regular file it can read. */
  sha256(path: string): string;
  /** Say which files will be read next, so a tree that can read many at once does (the index does). */
  prefetch(paths: readonly string[]): void;
}

/**
 * The listings of large folders of the working tree kept between runs, each for one exact stamp of the
 * folder (./folder-stamp.ts); engine/layer/listing-cache.ts keeps them in the layer's local half.
 */
export interface FolderListings {
  /** The entries kept for `dir` when they were listed under exactly `stamp`; undefined otherwise. */
  get(dir: string, stamp: string): TreeEntry[] | undefined;
  /** Keep `entries`, listed from `dir` under `stamp`. */
  set(dir: string, stamp: string, entries: readonly TreeEntry[]): void;
}

/** A folder listed with fewer entries than this is not kept: reading it costs less than keeping it. */
export const KEPT_LISTING_FROM = 256;

/** A character at or above the surrogates, where UTF-16 order and byte order part. */
const SURROGATE_OR_ABOVE = /[\ud800-\uffff]/;

/** A folder of the index holding more files than this is left out of the preload (IndexTree). */
const LARGE_FOLDER = 256;

/** At most this many bytes of the files a gate read are kept for the rest of its run. */
const SNAPSHOT_BYTES = 32 * 1024 * 1024;

/** The files on disk under `root`. */
export class WorkingTree implements Tree {
  readonly name = 'working tree';
  /** The bytes of each file read so far, while the snapshot has room (see the constructor). */
  private readonly kept = new Map<string, Buffer>();
  /** Each folder listed so far, in a snapshot. */
  private readonly listed = new Map<string, TreeEntry[]>();
  private keptBytes = 0;
  /** Where large folders' listings are kept between runs, for a snapshot (`useListings`). */
  private listings: FolderListings | undefined;

  /**
   * With `snapshot`, the tree keeps the bytes of each file it reads (up to SNAPSHOT_BYTES in all) and
   * answers later reads and hashes of that file from them, as the index does: a gate reads a vendored
   * rule once, and its hash and its parse come from the same bytes. Only a gate, which writes nothing
   * it then reads, asks for a snapshot; a command that writes and reads again reads the disk each time.
   */
  constructor(
    readonly root: string,
    private readonly options: { readonly snapshot?: boolean } = {},
  ) {}

  /**
   * Serve a large folder's listing from `listings` when the folder's stamp is the one it was kept for,
   * and keep what is listed otherwise. A snapshot only: a gate lists a folder it does not write to.
   */
  useListings(listings: FolderListings): void {
    if (this.options.snapshot) this.listings = listings;
  }

  exists(path: string): boolean {
    // existsSync, not statSync: no Stats object (and its four dates) for a yes or no, asked per rule
    return existsSync(join(this.root, path));
  }

  list(dir: string): TreeEntry[] {
    const listed = this.listed.get(dir);
    if (listed) return [...listed];
    const entries = this.listDisk(dir);
    // a snapshot lists a folder once per run: a gate asks about the same folders from several rules
    if (this.options.snapshot) this.listed.set(dir, [...entries]);
    return entries;
  }

  listable(dir: string): void {
    if (this.listed.has(dir)) return;
    const abs = join(this.root, dir);
    try {
      // opened and closed, not read: a folder of ten thousand records is not listed to learn it can be
      opendirSync(abs).closeSync();
    } catch (error) {
      const problem = listingProblem(abs, error);
      if (problem !== undefined) throw new DocumentError(dir, undefined, problem, 'make it a folder the tool can read, or remove it');
    }
  }

  private listDisk(dir: string): TreeEntry[] {
    const abs = join(this.root, dir);
    // a folder that has stood still since it was last listed has the same names: ten thousand records
    // are not listed again on every commit (the stamp is taken before the folder is read)
    const stamp = this.listings ? folderStamp(abs) : undefined;
    if (stamp !== undefined) {
      const kept = this.listings?.get(dir, stamp);
      if (kept) return kept;
    }
    const listed = this.readFolder(dir, abs);
    if (stamp !== undefined && listed.length >= KEPT_LISTING_FROM) this.listings?.set(dir, stamp, listed);
    return listed;
  }

  private readFolder(dir: string, abs: string): TreeEntry[] {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      const problem = listingProblem(abs, error);
      if (problem === undefined) return [];
      throw new DocumentError(dir, undefined, problem, 'make it a folder the tool can read, or remove it');
    }
    // the names sorted on their own (the engine's own comparison, no call a pair), then each made an entry
    // counted loops: a for...of allocates a step of its own a name until the engine compiles it
    const names: string[] = [];
    const folders = new Set<string>();
    for (let at = 0; at < entries.length; at++) {
      const entry = entries[at]!;
      names.push(entry.name);
      if (entry.isDirectory()) folders.add(entry.name);
    }
    names.sort();
    const listed: TreeEntry[] = [];
    for (let at = 0; at < names.length; at++) {
      const name = names[at]!;
      if (SURROGATE_OR_ABOVE.test(name)) return sortedEntries(names.map((other) => ({ name: other, directory: folders.has(other) })));
      listed.push({ name, directory: folders.has(name) });
    }
    return listed;
  }

  readText(path: string, maxBytes = DEFAULT_MAX_BYTES): string {
    const kept = this.kept.get(path);
    // a file kept but over this read's cap is read again, so the refusal is the reader's own
    if (kept && kept.length <= maxBytes) return decodeUtf8(kept, path);
    const bytes = readRegularFile(join(this.root, path), path, maxBytes);
    if (this.options.snapshot && !kept && this.keptBytes + bytes.length <= SNAPSHOT_BYTES) {
      this.kept.set(path, bytes);
      this.keptBytes += bytes.length;
    }
    return decodeUtf8(bytes, path);
  }

  sha256(path: string): string {
    const kept = this.kept.get(path);
    if (kept) return createHash('sha256').update(kept).digest('hex');
    const hash = createHash('sha256');
    streamRegularFile(join(this.root, path), path, (chunk) => hash.update(chunk));
    return hash.digest('hex');
  }

  prefetch(): void {
    // files on disk are read one at a time anyway
  }
}

/** Why a directory listing failed, in words; undefined when nothing at all is at the path. */
function listingProblem(abs: string, error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'ENOTDIR') return `cannot be listed (${code ?? String(error)})`;
  let entry: Stats;
  try {
    entry = lstatSync(abs);
  } catch {
    return undefined; // nothing here, or a parent on the path is missing: a folder that does not exist
  }
  if (entry.isSymbolicLink()) {
    try {
      return `is a symbolic link to ${notRegularFile(statSync(abs)) ?? 'a file'} where a folder belongs`;
    } catch {
      return 'is a symbolic link to nothing where a folder belongs';
    }
  }
  return `is ${notRegularFile(entry) ?? 'a file'} where a folder belongs`;
}

/** The end of the run of `ordered`'s paths from `from` (below `to`) that start with `prefix`, found by halving. */
function endOfRun(ordered: readonly string[], prefix: string, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ordered[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The files staged in git's index (the one GIT_INDEX_FILE names, when set). */
export class IndexTree implements Tree {
  readonly name = 'index';
  /** The blob each staged path reads as (a conflicted path's first stage). */
  private readonly entries: ReadonlyMap<string, string>;
  /**
   * The names directly in each folder asked about ('' the top level). With a listing in byte order they
   * are read from it on demand, a folder at a time (`children`), so a large repository's commit does not
   * build the folders of every path it tracks; otherwise all are built at once.
   */
  private readonly directories = new Map<string, Set<string>>();
  /** Every staged path in byte order, conflicted ones once a stage; empty when the listing is not in that order. */
  private readonly ordered: readonly string[];
  private readonly blobs = new Map<string, Buffer>();
  private readonly listed = new Map<string, TreeEntry[]>();
  private preloaded = false;
  /** The folders the preload left out for their size, until one of their files is read. */
  private readonly large = new Set<string>();

  /**
   * `env` is git's environment: GIT_INDEX_FILE names the index a pre-commit hook judges. With `git`
   * (the repository's, run with the same environment), its one listing of the index is read, not another.
   */
  constructor(
    readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    git?: GitRepository,
  ) {
    let listing: StagedListing;
    if (git) listing = git.stagedEntries();
    else {
      const result = runGit(['ls-files', '-s', '-z'], root, env);
      listing = { ...parseStaged(result.stdout), ...(result.status === 0 ? {} : { error: result.stderr.trim() }) };
    }
    if (listing.error !== undefined)
      throw new DocumentError('.git/index', undefined, `git cannot list the index: ${listing.error}`, 'check the repository');
    this.entries = stagedBlobs(listing);
    this.ordered = listing.sorted ? listing.files : [];
    if (listing.sorted) return;
    let parent: string | undefined;
    for (const path of this.entries.keys()) {
      const slash = path.lastIndexOf('/');
      const dir = slash === -1 ? '' : path.slice(0, slash);
      // the files of one folder come together: its ancestors are added once, when the folder is first met
      if (dir !== parent) {
        this.addFolder(dir);
        parent = dir;
      }
      this.directories.get(dir)!.add(slash === -1 ? path : path.slice(slash + 1));
    }
  }

  /** Record `dir` (and each folder above it) as a folder holding what is below it. */
  private addFolder(dir: string): void {
    if (this.directories.has(dir)) return;
    this.directories.set(dir, new Set());
    if (dir === '') return;
    const slash = dir.lastIndexOf('/');
    const above = slash === -1 ? '' : dir.slice(0, slash);
    this.addFolder(above);
    this.directories.get(above)!.add(slash === -1 ? dir : dir.slice(slash + 1));
  }

  exists(path: string): boolean {
    const clean = path.replace(/\/+$/, '');
    if (this.entries.has(clean)) return true;
    // a folder exists where a staged path lies below it: in the ordered listing, one search says so
    if (this.ordered.length > 0 && clean !== '') {
      const [from, to] = prefixRun(this.ordered, `${clean}/`);
      return from < to;
    }
    return this.children(clean) !== undefined;
  }

  /** The names directly in `dir` ('' the top level); undefined when no staged path lies below it. */
  private children(dir: string): Set<string> | undefined {
    const known = this.directories.get(dir);
    if (known || this.ordered.length === 0) return known;
    const prefix = dir === '' ? '' : `${dir}/`;
    const [from, to] = prefix === '' ? [0, this.ordered.length] : prefixRun(this.ordered, prefix);
    if (from === to) return undefined;
    const names = new Set<string>();
    for (let at = from; at < to; ) {
      const path = this.ordered[at]!;
      const slash = path.indexOf('/', prefix.length);
      names.add(path.slice(prefix.length, slash === -1 ? undefined : slash));
      // a folder's paths come together in byte order: past them at once
      at = slash === -1 ? at + 1 : endOfRun(this.ordered, path.slice(0, slash + 1), at, to);
    }
    this.directories.set(dir, names);
    return names;
  }

  listable(dir: string): void {
    // what `list` refuses in the index is a staged file at the folder's path: that alone is looked at
    this.refuseFile(dir.replace(/\/+$/, ''));
  }

  private refuseFile(clean: string): void {
    if (this.entries.has(clean)) {
      throw new DocumentError(clean, undefined, 'is a staged file where a folder belongs', 'stage a folder in its place, or remove it');
    }
  }

  list(dir: string): TreeEntry[] {
    const clean = dir.replace(/\/+$/, '');
    this.refuseFile(clean);
    const listed = this.listed.get(clean);
    if (listed) return [...listed];
    const ordered = this.listOrdered(clean);
    if (ordered) {
      this.listed.set(clean, [...ordered]);
      return ordered;
    }
    const children = this.children(clean);
    if (!children) return [];
    // a name is a staged file or a folder of staged files, never both
    const entries = sortedEntries(
      [...children].map((name) => ({ name, directory: !this.entries.has(clean === '' ? name : `${clean}/${name}`) })),
    );
    this.listed.set(clean, [...entries]);
    return entries;
  }

  /**
   * The entries of `dir` read straight from the byte-ordered listing: a name is a file where its path
   * ends, a folder where it goes on (and its folder's paths are passed at once). Undefined where the
   * names do not come out in order (a folder sorting apart from its name, `a/` after `a-b`) or a name is
   * met twice apart: `list` then builds them the general way.
   */
  private listOrdered(dir: string): TreeEntry[] | undefined {
    if (this.ordered.length === 0) return undefined;
    const prefix = dir === '' ? '' : `${dir}/`;
    const [from, to] = prefix === '' ? [0, this.ordered.length] : prefixRun(this.ordered, prefix);
    const entries: TreeEntry[] = [];
    let last: string | undefined;
    for (let at = from; at < to; ) {
      const path = this.ordered[at]!;
      const slash = path.indexOf('/', prefix.length);
      const name = path.slice(prefix.length, slash === -1 ? undefined : slash);
      // a conflicted file is listed once a stage, its stages together
      if (name !== last) {
        if (last !== undefined && name < last) return undefined;
        entries.push({ name, directory: slash !== -1 });
        last = name;
      }
      at = slash === -1 ? at + 1 : endOfRun(this.ordered, path.slice(0, slash + 1), at, to);
    }
    return entries;
  }

  readText(path: string, maxBytes = DEFAULT_MAX_BYTES): string {
    return cappedText(this.bytes(path), path, maxBytes);
  }

  sha256(path: string): string {
    return createHash('sha256').update(this.bytes(path)).digest('hex');
  }

  /** The blob staged for `path`: the id of exactly the bytes this tree reads for it; undefined when it is not staged. */
  blob(path: string): string | undefined {
    return this.entries.get(path);
  }

  prefetch(paths: readonly string[]): void {
    const wanted = paths
      .map((path) => this.entries.get(path))
      .filter((blob): blob is string => blob !== undefined && !this.blobs.has(blob));
    for (const [blob, bytes] of this.catFile([...new Set(wanted)])) this.blobs.set(blob, bytes);
  }

  private bytes(path: string): Buffer {
    const blob = this.entries.get(path);
    if (!blob) throw new DocumentError(path, undefined, 'is not staged', 'stage the file, or check the path');
    if (!this.preloaded) this.preload();
    let bytes = this.blobs.get(blob);
    if (!bytes) {
      // a large folder left out of the preload is read whole the first time one of its files is
      const dir = parentOf(path);
      if (this.large.has(dir)) {
        this.large.delete(dir);
        this.prefetch([...(this.children(dir) ?? [])].map((name) => (dir === '' ? name : `${dir}/${name}`)));
        bytes = this.blobs.get(blob);
      }
    }
    if (!bytes) {
      bytes = this.catFile([blob]).get(blob);
      if (!bytes) throw new DocumentError(path, undefined, 'its staged content cannot be read', 'run: git status');
      this.blobs.set(blob, bytes);
    }
    return bytes;
  }

  /**
   * Every staged blob under `.ai/` in one git call, a gate reads most of them — but those of a folder
   * holding more than LARGE_FOLDER files (a sessions section grown over years), whose files are judged
   * from the content cache by their blob ids and read only on a miss (`prefetch`), or whole on a first read.
   */
  private preload(): void {
    this.preloaded = true;
    const layer = this.layerPaths();
    const runs = folderRuns(layer);
    // the files directly in each folder, counted a run at a time (a folder's files may come in several runs)
    const files = new Map<string, number>();
    for (const [folder, from, to] of runs) files.set(folder, (files.get(folder) ?? 0) + to - from);
    for (const [folder, count] of files) if (count > LARGE_FOLDER) this.large.add(folder);
    const wanted: string[] = [];
    for (const [folder, from, to] of runs) {
      if (this.large.has(folder)) continue;
      for (let at = from; at < to; at++) wanted.push(this.entries.get(layer[at]!)!);
    }
    for (const [blob, bytes] of this.catFile(wanted)) this.blobs.set(blob, bytes);
  }

  /** The staged paths under `.ai/`, each once: a run of the ordered listing, or a pass over every path. */
  private layerPaths(): string[] {
    if (this.ordered.length === 0) return [...this.entries.keys()].filter((path) => path.startsWith('.ai/'));
    const [from, to] = prefixRun(this.ordered, '.ai/');
    const paths: string[] = [];
    // a conflicted path is listed once a stage, its stages together
    for (let at = from; at < to; at++) if (at === from || this.ordered[at] !== this.ordered[at - 1]) paths.push(this.ordered[at]!);
    return paths;
  }

  private catFile(blobs: readonly string[]): Map<string, Buffer> {
    const out = new Map<string, Buffer>();
    if (blobs.length === 0) return out;
    const data = runGitBytes(['cat-file', '--batch'], this.root, this.env, `${blobs.join('\n')}\n`).stdout;
    let at = 0;
    while (at < data.length) {
      const newline = data.indexOf(10, at);
      if (newline === -1) break;
      const [blob, type, size] = data.subarray(at, newline).toString('utf8').split(' ');
      at = newline + 1;
      if (type !== 'blob' || size === undefined) continue; // `<blob> missing`
      const length = Number(size);
      out.set(blob!, Buffer.from(data.subarray(at, at + length)));
      at += length + 1;
    }
    return out;
  }
}

/** Entries in byte order: below U+D800 JavaScript's own comparison of UTF-16 units is (a sessions folder holds thousands). */
function sortedEntries(entries: TreeEntry[]): TreeEntry[] {
  return entries.every((entry) => !SURROGATE_OR_ABOVE.test(entry.name))
    ? entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : entries.sort((a, b) => byteOrder(a.name, b.name));
}

/** The folder a repository-relative path lies in (`` for the top level). */
function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * The tree a gate judges: the index inside a git hook that names one, the working tree otherwise, as a
 * snapshot (each file read once per run).
 */
export function treeFor(root: string, env: NodeJS.ProcessEnv, git?: GitRepository): Tree {
  return env.GIT_INDEX_FILE ? new IndexTree(root, env, git) : new WorkingTree(root, { snapshot: true });
}
