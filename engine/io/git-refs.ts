/**
 * HEAD read from git's own files: the working tree's HEAD and the branch's loose ref, or its line in
 * `packed-refs`, each through the regular-file reader. Anything unusual is left to git (undefined).
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { readRegularFile } from './regular-file';

const HEAD_BYTES = 4096;
/** A packed-refs file larger than this is left to git (a repository with very many tags). */
const PACKED_REFS_BYTES = 4 * 1024 * 1024;
const OBJECT_ID = /^([0-9a-f]{40}|[0-9a-f]{64})\n?$/;
const ABSENT = Symbol('absent');

/**
 * A file of git's own state, when it is a regular file of at most `maxBytes`; ABSENT when there is no
 * such file; undefined for anything else (git is asked instead).
 */
function smallFile(path: string, maxBytes: number): string | typeof ABSENT | undefined {
  try {
    return readRegularFile(path, path, maxBytes).toString('latin1');
  } catch {
    try {
      return lstatSync(path, { throwIfNoEntry: false }) === undefined ? ABSENT : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * The commit HEAD is at, when this working tree's HEAD names a plain branch of `refs/heads/` whose
 * loose ref, or line in `packed-refs`, is an object id; undefined for anything else, an unborn branch
 * included (the caller asks git).
 */
export function headFromFiles(gitDir: string, commonDir: string): string | undefined {
  const head = smallFile(join(gitDir, 'HEAD'), HEAD_BYTES);
  const ref = typeof head === 'string' ? /^ref: (refs\/heads\/[^\n]+)\n?$/.exec(head) : null;
  if (!ref || ref[1]!.split('/').some((part) => part === '' || part.startsWith('.'))) return undefined;
  const name = ref[1]!;
  const loose = smallFile(join(commonDir, name), HEAD_BYTES);
  if (typeof loose === 'string') return OBJECT_ID.exec(loose)?.[1];
  // no loose ref: the branch is packed, or unborn
  if (loose !== ABSENT) return undefined;
  const packed = smallFile(join(commonDir, 'packed-refs'), PACKED_REFS_BYTES);
  if (typeof packed !== 'string' || !packed.startsWith('# pack-refs with:')) return undefined;
  for (const line of packed.split('\n')) {
    // `<object id> <ref name>`; a peeled tag's `^<object id>` line and the header never end in the name
    if (line.length > name.length + 1 && line.endsWith(name) && line.charCodeAt(line.length - name.length - 1) === 0x20)
      return OBJECT_ID.exec(line.slice(0, line.length - name.length - 1))?.[1];
  }
  return undefined;
}
