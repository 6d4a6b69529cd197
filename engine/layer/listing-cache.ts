/**
 * The listings of the working tree's large folders, kept between runs in the content cache's files
 * (./content-cache.ts, purpose `listings`): a long-lived repository's ten thousand session records are
 * not listed from the disk on every doctor, which cost a fresh doctor's whole rule run again on a slow
 * file system. A listing is served only for the folder's exact stamp (engine/io/folder-stamp.ts): its
 * inode and its times to the nanosecond, which adding, removing or renaming an entry changes; a folder
 * that changed in the last two seconds is listed from the disk and not kept. One listing a folder is
 * kept, the one of its last state, for at most LISTINGS_KEPT folders.
 *
 * A kept listing is `{ stamp, names, folders }`: the names in listing order joined by `/` (which no name
 * holds) and the positions of the names that are folders. Anything else — another stamp, a name that is
 * empty, a position out of range — is a miss, and the folder is listed from the disk.
 */
import type { FolderListings, TreeEntry } from '../io/tree';
import type { CachedValue, ContentCache } from './content-cache';

/** The content cache's purpose the listings are kept under. */
const PURPOSE = 'listings';

/** How many folders' listings are kept. */
const LISTINGS_KEPT = 8;

/** Listings of the working tree kept in `cache` (a repository's content cache, asked for when first needed). */
export class KeptListings implements FolderListings {
  constructor(private readonly cache: () => ContentCache) {}

  get(dir: string, stamp: string): TreeEntry[] | undefined {
    const kept = this.cache().kept(PURPOSE, dir);
    if (kept === null || typeof kept !== 'object' || Array.isArray(kept)) return undefined;
    const { stamp: keptStamp, names, folders } = kept as { readonly [key: string]: CachedValue };
    if (keptStamp !== stamp || typeof names !== 'string' || names === '' || !Array.isArray(folders)) return undefined;
    const split = names.split('/');
    const entries: TreeEntry[] = [];
    for (let at = 0; at < split.length; at++) {
      if (split[at] === '') return undefined;
      entries.push({ name: split[at]!, directory: false });
    }
    for (const at of folders) {
      if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= entries.length) return undefined;
      entries[at] = { name: entries[at]!.name, directory: true };
    }
    return entries;
  }

  set(dir: string, stamp: string, entries: readonly TreeEntry[]): void {
    const names: string[] = [];
    const folders: number[] = [];
    for (let at = 0; at < entries.length; at++) {
      const entry = entries[at]!;
      if (entry.name === '' || entry.name.includes('/')) return;
      names.push(entry.name);
      if (entry.directory) folders.push(at);
    }
    this.cache().keep(PURPOSE, dir, { stamp, names: names.join('/'), folders }, LISTINGS_KEPT);
  }
}
