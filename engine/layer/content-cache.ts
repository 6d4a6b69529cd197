/**
 * The content cache: what a command derives from a file's bytes alone — a rule's verdict on a session
 * record, a knowledge node's identity — kept between runs in the checkout's local half, so a repository
 * that has committed ten thousand records does not parse ten thousand records on every commit.
 *
 * An entry is served only on an exact match of content, never on a name: its key is the id of the bytes
 * the value was derived from. In the index (a pre-commit hook) that is the staged blob's id, exactly the
 * bytes the hook reads; in the working tree it is the index's blob where git vouches that the file on
 * disk is that blob (engine/io/content-id.ts), and otherwise the sha256 of the bytes read. Keys of the
 * two kinds never meet (a blob id is bare hex, the other `sha256:<hex>`). The cache of one build of majordomus is read by that build
 * alone (its folder is the build's id), so a value is never served to code that would derive another.
 *
 * `.ai/local/cache/content/<build>/<purpose>.json`: a header naming the format and the sha256 of the
 * body, then the body, a JSON object from key to value. A file whose checksum does not match, that does
 * not parse, or that is not what a writer of this module writes, is ignored (every entry a miss) and
 * replaced by the next write. Writes go through the one writer (engine/io/write/cache-file.ts): whole,
 * renamed into place, never through a link or outside the repository. Each file holds at most the
 * policy's `cache.flatten_max_entries` entries (DEFAULT_MAX_ENTRIES without the key; 0 turns the cache
 * off), the entries this run did not use going first.
 */
import { createHash } from 'node:crypto';
import type { VouchedFolder } from '../io/content-id';
import { topFolder, vouchAskedEarly, vouchFolder, vouchTree } from '../io/content-id';
import type { GitRepository } from '../io/git';
import { folderRuns } from '../io/git-listing';
import type { Tree } from '../io/tree';
import { IndexTree } from '../io/tree';
import { pruneCacheFolders, readCacheFile, writeCacheFile } from '../io/write/cache-file';

declare const MAJORDOMUS_BUILD: string;

/** A JSON value, what an entry holds. */
export type CachedValue = null | boolean | number | string | readonly CachedValue[] | { readonly [key: string]: CachedValue };

/** The entries a cache file keeps without `cache.flatten_max_entries` in the policy. */
export const DEFAULT_MAX_ENTRIES = 50_000;

/** Fewer paths than this at once are derived directly: asking git which files it vouches for costs more. */
export const MIN_BATCH = 32;

/** A folder of the tracked layer with this many tracked files is anticipated before any rule lists it. */
export const LARGE_FOLDER = 256;

/** The first line of a cache file. */
const MAGIC = 'majordomus content cache 1';

/** A cache file larger than this is not read (a miss), and none is written larger. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** How many paths of a list are hashed at a time to name it. */
const LIST_CHUNK = 512;

/** How many summarised lists a purpose keeps. */
const LISTS_KEPT = 8;

/** How many caches of other builds stay beside the current one. */
const KEEP_BUILDS = 2;

/** What the cache needs of an opened repository (engine/layer/repository.ts hands it its own). */
export interface CachedRepository {
  /** The working tree's top level, absolute. */
  readonly root: string;
  /** The local half of the layer, repository-relative. */
  readonly localDir: string;
  /** The tracked half of the layer, repository-relative: the folders `anticipate` asks about. */
  readonly repoDir: string;
  /** The tree the command judges. */
  readonly tree: Tree;
  readonly git: GitRepository;
  /** The policy's `cache.flatten_max_entries`, as written (undefined without it, or without a policy that reads). */
  maxEntries(): unknown;
}

/** The builds' folder, under the local half. */
function cacheFolder(repository: CachedRepository): string {
  return `${repository.localDir}/cache/content`;
}

/** True when `path` lies directly in `folder` (`` for the top level), compared in place. */
function inFolder(path: string, folder: string): boolean {
  return folder === '' ? !path.includes('/') : path.lastIndexOf('/') === folder.length && path.startsWith(folder);
}

/** The folder a repository-relative path lies in (`` for the top level). */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * The key of each path of a list, at the path's position (undefined where a path has none): kept
 * beside the list, not in a map of its paths, so ten thousand paths are not hashed again to find them.
 */
type Keys = (string | undefined)[];

/** True when one folder holds at least LARGE_FOLDER of `paths` directly (counted a run of one folder at a time). */
function hasLargeFolder(paths: readonly string[]): boolean {
  const counts = new Map<string, number>();
  for (const [folder, from, to] of folderRuns(paths)) {
    const count = (counts.get(folder) ?? 0) + to - from;
    if (count >= LARGE_FOLDER) return true;
    counts.set(folder, count);
  }
  return false;
}

/**
 * The positions of the paths of each folder, in the order they come: the paths of one folder come
 * together, so a folder is named once for them.
 */
function byFolder(paths: readonly string[]): Map<string, number[]> {
  const folders = new Map<string, number[]>();
  let folder: string | undefined;
  let members: number[] = [];
  for (let at = 0; at < paths.length; at++) {
    const path = paths[at]!;
    if (folder === undefined || !inFolder(path, folder)) {
      folder = folderOf(path);
      const known = folders.get(folder);
      if (known) members = known;
      else {
        members = [];
        folders.set(folder, members);
      }
    }
    members.push(at);
  }
  return folders;
}

/** The staged blob of each of `paths` the index tree holds. */
function blobKeys(tree: IndexTree, paths: readonly string[]): Keys {
  const keys: Keys = new Array(paths.length);
  for (let at = 0; at < paths.length; at++) keys[at] = tree.blob(paths[at]!);
  return keys;
}

/** Key each path at `positions` git vouches for by its blob; the others' positions are added to `unvouched`. */
function keyVouched(paths: readonly string[], positions: readonly number[], vouched: VouchedFolder, keys: Keys, unvouched: number[]): void {
  for (const at of positions) {
    const blob = vouched.get(paths[at]!);
    if (blob !== undefined) keys[at] = blob;
    else unvouched.push(at);
  }
}

/** Key each path at `positions` by the sha256 of its bytes; an unreadable one stays without. */
function keyByBytes(tree: Tree, paths: readonly string[], positions: readonly number[], keys: Keys): void {
  const hashed = new Map<string, string | undefined>();
  for (const at of positions) {
    const path = paths[at]!;
    if (!hashed.has(path)) {
      try {
        hashed.set(path, `sha256:${tree.sha256(path)}`);
      } catch {
        // unreadable: derived directly, its refusal the deriver's to report
        hashed.set(path, undefined);
      }
    }
    keys[at] = hashed.get(path);
  }
}

/** The name of a list: the purpose, and each path with its key; undefined when a path has no key. */
function listName(purpose: string, paths: readonly string[], keys: Keys): string | undefined {
  // hashed a few hundred paths at a time, each run's parts joined once: a string grown ten thousand times
  // is a chain the hash would first have to flatten, and one string of them all a large object, kept
  // until the next full collection
  const hash = createHash('sha256').update(purpose);
  for (let from = 0; from < paths.length; from += LIST_CHUNK) {
    const parts: string[] = [];
    for (let at = from; at < Math.min(from + LIST_CHUNK, paths.length); at++) {
      const key = keys[at];
      if (key === undefined) return undefined;
      parts.push(paths[at]!, key);
    }
    hash.update(`\0${parts.join('\0')}`);
  }
  return hash.digest('hex');
}

/** This build's id, or undefined when none was compiled in (the engine run from its sources: no cache). */
function buildId(): string | undefined {
  return typeof MAJORDOMUS_BUILD === 'string' && /^[0-9a-f]{8,64}$/.test(MAJORDOMUS_BUILD) ? MAJORDOMUS_BUILD : undefined;
}

/**
 * One purpose's entries as read (the parsed body itself: a JSON object keyed by content, in the order the
 * entries were written), and the keys this run asked for.
 */
interface Store {
  entries: Record<string, CachedValue>;
  readonly used: Set<string>;
  changed: boolean;
}

/** The content cache of one opened repository, for one run. */
export class ContentCache {
  private readonly stores = new Map<string, Store>();
  /** What git vouches for, folder by folder, asked once a run. */
  private readonly vouching = new Map<string, Promise<VouchedFolder>>();
  private limit: number | undefined;
  private anticipatedLarge = false;

  constructor(private readonly repository: CachedRepository) {}

  /**
   * `derive` of each of `paths` (repository-relative files of the judged tree), served from the cache
   * where the same bytes were derived before for `purpose`, derived and kept otherwise. `derive` must
   * depend on the file's bytes alone — never on its name, another file, the clock — and return JSON;
   * what it returns for one file may be handed out again for any file with the same bytes.
   */
  async derive<T extends CachedValue>(purpose: string, paths: readonly string[], derive: (path: string) => T): Promise<Map<string, T>> {
    const build = this.usable(purpose, paths);
    if (!build) return new Map(paths.map((path) => [path, derive(path)]));
    return this.deriveKeyed(build, purpose, paths, await this.keysOf(paths), derive);
  }

  /**
   * What `summarize` makes of `derive` of each of `paths`, kept for the exact list: the same paths, in the
   * same order, each with the same bytes — so a folder of ten thousand records that did not change is
   * summarised without a value of any of them being read. Otherwise each value is `derive`'s, served
   * from the cache as `derive` serves it. `summarize` depends on the paths and their values alone.
   */
  async summarize<T extends CachedValue, S extends CachedValue>(
    purpose: string,
    paths: readonly string[],
    derive: (path: string) => T,
    summarize: (values: ReadonlyMap<string, T>) => S,
  ): Promise<S> {
    const build = this.usable(purpose, paths);
    if (!build) return summarize(new Map(paths.map((path) => [path, derive(path)])));
    const name = `${purpose}.lists`;
    const lists = this.store(build, name);
    // a folder exactly as the index holds it is named by git's lines for it, without a key a file
    let id = await this.folderListName(purpose, paths);
    if (id !== undefined && Object.hasOwn(lists.entries, id)) return lists.entries[id] as S;
    const keys = await this.keysOf(paths);
    // otherwise a list whose every file has a key is named by them all; one without is summarised afresh
    id ??= listName(purpose, paths, keys);
    if (id !== undefined && Object.hasOwn(lists.entries, id)) return lists.entries[id] as S;
    const summary = summarize(this.deriveKeyed(build, purpose, paths, keys, derive));
    if (id !== undefined) {
      lists.used.add(id);
      delete lists.entries[id];
      lists.entries[id] = summary;
      // a few lists are plenty: the one of this state, and those of the states it moves between
      this.write(build, name, lists, LISTS_KEPT);
    }
    return summary;
  }

  /**
   * The name of a list that is exactly the files the index holds directly in one folder, each with the
   * bytes the index holds for it — in the working tree, every one vouched for by git — made from git's
   * own lines for the folder (engine/io/git.ts `folderLines`): an unchanged folder of ten thousand
   * records is named in one hash, with no key made for each. Undefined for any other list. Its names
   * are apart from `listName`'s (a word of their own), and each names exactly one state of the folder.
   */
  private async folderListName(purpose: string, paths: readonly string[]): Promise<string | undefined> {
    const first = paths[0];
    if (first === undefined) return undefined;
    const folder = folderOf(first);
    if (folder === '') return undefined;
    if (!(this.repository.tree instanceof IndexTree) && !(await this.vouched(folder)).vouchesAll(paths)) return undefined;
    const held = this.repository.git.folderLines(folder, paths);
    if (held === undefined) return undefined;
    // the folder's lines, and which of its files the list leaves out: exactly the list, with its bytes
    return createHash('sha256')
      .update(`${purpose}\0folder\0${held.left.join(',')}\0`)
      .update(held.lines)
      .digest('hex');
  }

  /** The build whose cache serves `purpose` for `paths` (any, without), or undefined when nothing is kept for them. */
  private usable(purpose: string, paths: readonly string[] | undefined): string | undefined {
    const build = buildId();
    if (!build || (paths !== undefined && paths.length < MIN_BATCH) || this.maxEntries() === 0 || !/^[a-z0-9][a-z0-9_-]*$/.test(purpose))
      return undefined;
    return build;
  }

  private deriveKeyed<T extends CachedValue>(
    build: string,
    purpose: string,
    paths: readonly string[],
    keys: Keys,
    derive: (path: string) => T,
  ): Map<string, T> {
    const out = new Map<string, T>();
    const store = this.store(build, purpose);
    const misses: number[] = [];
    const entries = store.entries;
    for (let at = 0; at < paths.length; at++) {
      const key = keys[at];
      const cached = key !== undefined && Object.hasOwn(entries, key) ? entries[key] : undefined;
      if (cached !== undefined) out.set(paths[at]!, cached as T);
      else misses.push(at);
    }
    if (misses.length > 0) {
      for (const key of keys) if (key !== undefined) store.used.add(key);
      // the index reads what it misses in one git call, not one a file
      this.repository.tree.prefetch(misses.map((at) => paths[at]!));
      for (const at of misses) {
        const path = paths[at]!;
        const value = derive(path);
        out.set(path, value);
        const key = keys[at];
        if (key === undefined) continue;
        delete entries[key];
        entries[key] = value;
        store.changed = true;
      }
      if (store.changed) this.write(build, purpose, store);
    }
    return out;
  }

  /**
   * The key of each path's bytes: the blob the index tree reads; in the working tree, the index's blob
   * where git vouches for the file, else the sha256 of its bytes. A path that cannot be read has none.
   */
  private async keysOf(paths: readonly string[]): Promise<Keys> {
    const tree = this.repository.tree;
    if (tree instanceof IndexTree) return blobKeys(tree, paths);
    const keys: Keys = new Array(paths.length);
    const unvouched: number[] = [];
    // each folder's files are vouched for together, once a run (asked ahead when it was listed:
    // `anticipate`); the loops over the paths are plain functions, which the engine compiles, around
    // the one wait a folder
    for (const [folder, positions] of byFolder(paths)) {
      // a folder anticipated when it was listed is answered already; another is asked about here
      const vouched = await this.vouched(folder);
      keyVouched(paths, positions, vouched, keys, unvouched);
    }
    keyByBytes(tree, paths, unvouched, keys);
    return keys;
  }

  /**
   * Start asking git, without waiting, what it vouches for in `folder` (a large folder of the judged
   * working tree just listed: a rule lists a folder before it judges its files), so the question runs
   * while other rules do and a rule that judges the folder finds the answer ready. Nothing is asked of a
   * tree that is the index (its blobs are its bytes), of a small folder, or when no cache is kept.
   */
  anticipate(folder: string, entries: number): void {
    if (entries < MIN_BATCH || this.repository.tree instanceof IndexTree || !buildId() || this.maxEntries() === 0) return;
    if (!folder.startsWith(`${this.repository.repoDir}/`)) return;
    void this.vouched(folder).catch(() => undefined);
  }

  /**
   * Anticipate, as soon as the index is listed, the tracked layer when one of its folders holds at least
   * LARGE_FOLDER tracked files (a long-lived repository's records), or when the launcher asked about it
   * already: the question is asked while the process is small and quick to fork, and runs while every
   * rule before the records' does.
   */
  anticipateLarge(): void {
    // once a run: the folders are the index's, and the index is listed once
    if (this.anticipatedLarge || this.repository.tree instanceof IndexTree || !buildId() || this.maxEntries() === 0) return;
    this.anticipatedLarge = true;
    const { git, repoDir } = this.repository;
    if (vouchAskedEarly(git, topFolder(repoDir)) || hasLargeFolder(git.tracked(`${repoDir}/`))) {
      void this.vouched(repoDir).catch(() => undefined);
    }
  }

  /**
   * What git vouches for in `folder`, asked once a run: about every tracked file of the layer's top
   * folder at once for a folder of the layer (./io/content-id.ts `vouchTree`), about every file the
   * index tracks directly in it for any other (`vouchFolder`).
   */
  private vouched(folder: string): Promise<VouchedFolder> {
    const top = topFolder(this.repository.repoDir);
    const layer = folder === top || folder.startsWith(`${top}/`);
    const key = layer ? top : folder;
    let answer = this.vouching.get(key);
    if (!answer) {
      answer = layer ? vouchTree(this.repository.git, top) : vouchFolder(this.repository.git, folder);
      this.vouching.set(key, answer);
    }
    return answer;
  }

  /**
   * The value kept for `key` under `purpose` by `keep`, or undefined (none kept, or no cache is kept).
   * Unlike `derive`'s, a key here is a name: the caller keeps with the value what it must match, and
   * judges it (engine/layer/listing-cache.ts).
   */
  kept(purpose: string, key: string): CachedValue | undefined {
    const build = this.usable(purpose, undefined);
    if (!build) return undefined;
    const store = this.store(build, purpose);
    store.used.add(key);
    return Object.hasOwn(store.entries, key) ? store.entries[key] : undefined;
  }

  /** Keep `value` for `key` under `purpose`, written now: at most `most` keys stay, the unused first out. */
  keep(purpose: string, key: string, value: CachedValue, most: number): void {
    const build = this.usable(purpose, undefined);
    if (!build) return;
    const store = this.store(build, purpose);
    store.used.add(key);
    delete store.entries[key];
    store.entries[key] = value;
    this.write(build, purpose, store, most);
  }

  private store(build: string, purpose: string): Store {
    let store = this.stores.get(purpose);
    if (!store) {
      store = { entries: this.read(build, purpose), used: new Set(), changed: false };
      this.stores.set(purpose, store);
    }
    return store;
  }

  /** The entries of a cache file; none when it is absent or anything about it is not as written. */
  private read(build: string, purpose: string): Record<string, CachedValue> {
    const entries: Record<string, CachedValue> = {};
    const bytes = readCacheFile(this.repository.root, `${cacheFolder(this.repository)}/${build}`, `${purpose}.json`, MAX_FILE_BYTES);
    if (!bytes) return entries;
    // `<MAGIC>\n<sha256 of the body>\n<body>`: the checksum is of the body's bytes as written
    const first = bytes.indexOf(0x0a);
    const second = first === -1 ? -1 : bytes.indexOf(0x0a, first + 1);
    if (second === -1 || bytes.toString('utf8', 0, first) !== MAGIC) return entries;
    const body = bytes.subarray(second + 1);
    if (bytes.toString('latin1', first + 1, second) !== createHash('sha256').update(body).digest('hex')) return entries;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return entries;
    }
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, CachedValue>) : entries;
  }

  /** Write a purpose's entries back, at most the policy's bound (or `most`): unused entries first out, oldest first. */
  private write(build: string, purpose: string, store: Store, most?: number): void {
    const limit = Math.min(this.maxEntries(), most ?? Number.POSITIVE_INFINITY);
    const all = Object.keys(store.entries);
    const kept = [...all.filter((key) => !store.used.has(key)), ...all.filter((key) => store.used.has(key))].slice(-limit);
    const body = Buffer.from(JSON.stringify(Object.fromEntries(kept.map((key) => [key, store.entries[key]!]))), 'utf8');
    const bytes = Buffer.concat([Buffer.from(`${MAGIC}\n${createHash('sha256').update(body).digest('hex')}\n`, 'utf8'), body]);
    store.changed = false;
    if (bytes.length > MAX_FILE_BYTES) return;
    const folder = cacheFolder(this.repository);
    if (writeCacheFile(this.repository.root, `${folder}/${build}`, `${purpose}.json`, bytes)) {
      pruneCacheFolders(this.repository.root, folder, build, KEEP_BUILDS);
    }
  }

  /** The policy's `cache.flatten_max_entries`, DEFAULT_MAX_ENTRIES without it (or when it is not a count). */
  private maxEntries(): number {
    if (this.limit === undefined) {
      const value = this.repository.maxEntries();
      this.limit = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_MAX_ENTRIES;
    }
    return this.limit;
  }
}

/**
 * The caches of the readers the gate hands its rules: a built-in rule reaches its repository's cache
 * through the reader its context was built from (engine/state/kernel/derived.ts), and no validator is
 * ever handed the repository itself.
 */
const bound = new WeakMap<object, ContentCache>();

/** Tie `reader` to the cache of the repository it reads. */
export function bindContentCache(reader: object, cache: ContentCache): void {
  bound.set(reader, cache);
}

/** The cache of the repository `reader` reads, when one is tied to it. */
export function contentCacheOf(reader: object): ContentCache | undefined {
  return bound.get(reader);
}
