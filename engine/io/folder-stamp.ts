/**
 * A folder's stamp: what the file system says of the folder itself — device, inode, mode, link count,
 * size and its two times to the nanosecond. Adding, removing or renaming an entry in a folder (a file
 * turned into a folder, a link put in a file's place) changes its modification and change times, so two
 * equal stamps mean the same names of the same kinds. Git's own untracked cache rests on the same
 * promise of the file system.
 *
 * A folder changed within the last RACY_MS has no stamp: file times are taken from a clock that ticks
 * coarsely (a few milliseconds), so a change made in the same tick as the last one would leave the
 * stamp as it was. Only a folder that has stood still for longer is stamped, as git treats an index
 * entry as racy when its time is not older than the index.
 */
import type { BigIntStats } from 'node:fs';
import { lstatSync } from 'node:fs';

/** A folder changed more recently than this is not stamped. */
export const RACY_MS = 2_000;

/** The stamp of the folder at `abs` (absolute), or undefined: not a folder itself (a link is not), or changed too recently. */
export function folderStamp(abs: string, now: number = Date.now()): string | undefined {
  let stat: BigIntStats | undefined;
  try {
    stat = lstatSync(abs, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (stat === undefined || !stat.isDirectory()) return undefined;
  const settled = BigInt(Math.floor(now - RACY_MS)) * 1_000_000n;
  if (stat.mtimeNs >= settled || stat.ctimeNs >= settled) return undefined;
  return `${stat.dev}:${stat.ino}:${stat.mode}:${stat.nlink}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}
