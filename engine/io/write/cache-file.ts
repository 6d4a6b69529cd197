/**
 * The content cache's files, inside the repository's local half (`.ai/local/cache/`): read and written
 * whole, never trusted. A cache is an optimisation, so nothing here ever fails a command: a file that
 * cannot be read is a miss, a file that cannot be written is skipped. What they hold, and when an entry
 * is served, is engine/layer/content-cache.ts's.
 *
 * - Every folder from the repository's top level down is examined first (./contained.ts): a link leading
 *   outside the repository is refused, so neither a read nor a write ever reaches outside it.
 * - A file is opened without following a link, non-blocking, and judged on its descriptor: a link, a
 *   FIFO, a folder in its place is a miss.
 * - A write goes to a temporary file of this process, created exclusively (0600), and is renamed over the
 *   file: a reader — another run at the same moment — sees the old file or the new one, whole; a run
 *   killed half way leaves a temporary file, which a later write removes once it is an hour old.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { containedFolder } from './contained';

/** The mode of a cache file: its owner's alone, as everything the local half holds. */
const CACHE_MODE = 0o600;

/** A temporary file older than this is a killed writer's, and goes. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

const OPEN_READ = constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The bytes of `name` in `folder` (repository-relative) of the repository at `root`, or undefined: no
 * such file, a folder on the way leading outside the repository, a link or anything but a regular file
 * in its place, a file over `maxBytes`, or any error reading it.
 */
export function readCacheFile(root: string, folder: string, name: string, maxBytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    const dir = containedFolder({ root }, folder, 'cache', false);
    fd = openSync(join(dir, name), OPEN_READ);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === buffer.length ? buffer : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Replace `name` in `folder` (repository-relative, made private when missing) with `bytes`, whole: a
 * temporary file of this process renamed over it. False when it could not be written (nothing of it is
 * left behind). Temporary files a killed writer left in the folder, an hour old, are removed.
 */
export function writeCacheFile(root: string, folder: string, name: string, bytes: Uint8Array): boolean {
  let dir: string;
  try {
    dir = containedFolder({ root }, folder, 'cache', true);
  } catch {
    return false;
  }
  const temporary = join(dir, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, CACHE_MODE);
    // the mode given to open passes through the umask
    fchmodSync(fd, CACHE_MODE);
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, join(dir, name));
  } catch {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temporary);
    } catch {
      // never made, or already gone
    }
    return false;
  }
  removeStaleTemporaries(dir);
  return true;
}

/**
 * Keep the `keep` most recently written sub-folders of `folder` (repository-relative) besides `current`,
 * removing the others whole: the caches of builds no longer run. A link is never followed, nor removed.
 */
export function pruneCacheFolders(root: string, folder: string, current: string, keep: number): void {
  try {
    const dir = containedFolder({ root }, folder, 'cache', false);
    const others = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== current)
      .map((entry) => ({ path: join(dir, entry.name), modified: lstatSync(join(dir, entry.name)).mtimeMs }))
      .sort((a, b) => b.modified - a.modified);
    for (const old of others.slice(keep)) rmSync(old.path, { recursive: true, force: true });
  } catch {
    // a cache left behind costs room, never a wrong answer
  }
}

function removeStaleTemporaries(dir: string): void {
  try {
    const now = Date.now();
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile() || !/^\..+\.\d+-[0-9a-f]{8}\.tmp$/.test(entry.name)) continue;
      const path = join(dir, entry.name);
      if (now - lstatSync(path).mtimeMs > STALE_TEMPORARY_MS) rmSync(path, { force: true });
    }
  } catch {
    // the next write tries again
  }
}
