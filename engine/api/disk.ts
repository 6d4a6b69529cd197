/**
 * The machine's files as a validator's context reads them beyond the judged tree (the hooks git runs,
 * the local half, a folder gate's folder): regular files only, relative paths resolved from a base.
 */
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { streamRegularFile } from '../io/regular-file';
import { readTextFile } from '../io/text';
import { WorkingTree } from '../io/tree';
import type { DiskReader, FolderEntry, PathKind, ReadOptions } from './validator';

export function diskKind(abs: string): PathKind {
  try {
    const stat = statSync(abs);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : 'other';
  } catch {
    // nothing there, or a dangling link: nothing to read or run
    return 'absent';
  }
}

/** The files of this machine as they are; relative paths are relative to `base`. */
export function diskReader(base: string): DiskReader {
  const at = (path: string): string => (isAbsolute(path) ? path : resolve(base, path));
  // the root of the file system as a tree, so listing an absolute path refuses what is not a folder in the tree's words
  const everything = new WorkingTree('/');
  return Object.freeze({
    kind: (path: string) => diskKind(at(path)),
    link(path: string): string | undefined {
      try {
        return lstatSync(at(path)).isSymbolicLink() ? readlinkSync(at(path)) : undefined;
      } catch {
        return undefined;
      }
    },
    executable(path: string): boolean {
      try {
        accessSync(at(path), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    mode(path: string): number | undefined {
      try {
        return statSync(at(path)).mode & 0o7777;
      } catch {
        return undefined;
      }
    },
    list: (path: string): readonly FolderEntry[] => everything.list(at(path)),
    read: (path: string, options?: ReadOptions) => readTextFile(at(path), path, options?.maxBytes),
    stream: (path: string, onChunk: (chunk: Uint8Array) => void) => streamRegularFile(at(path), path, onChunk),
    realpath(path: string): string {
      try {
        return realpathSync(at(path));
      } catch {
        return at(path);
      }
    },
  });
}
