/**
 * The tool's own files outside every repository it governs: the temporary repositories a rule test or a
 * use-case run builds (made private under the system's temporary folder, removed whole afterwards) and
 * the code cache under the user's cache folder. Nothing here writes into a repository a command judges —
 * that is the plan writer's alone (./plan.ts) — so these writes need no containment check, only to be
 * whole (a file is written beside its final name and renamed into place) and to leave nothing behind.
 */

import type { CopySyncOptions } from 'node:fs';
import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A new private folder under the system's temporary folder (`<tmp>/<prefix>XXXXXX`), its real path. */
export function makeScratch(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** Remove a scratch folder (or file) and everything in it; nothing there is not an error. */
export function removeScratch(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/** Make a folder and its missing parents inside a scratch folder. */
export function makeScratchFolder(path: string): void {
  mkdirSync(path, { recursive: true });
}

/** Write a file whole in a scratch folder (the folder made first), with `mode` when given. */
export function writeScratchFile(path: string, content: string | Uint8Array, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content, mode === undefined ? undefined : { mode });
}

/** The files a process started in the background reads and writes instead of pipes (./../git.ts). */
export interface ScratchStreams {
  /** The scratch folder holding them: removed whole with removeScratch. */
  readonly dir: string;
  /** Open for reading: the input, when there is one. */
  readonly input?: number;
  /** Open for writing: where the process writes its output. */
  readonly output: number;
  /** The output's path, read once the process has ended. */
  readonly outputFile: string;
}

/**
 * Files for a process that runs while this one computes: its input written whole and opened for
 * reading, its output a new empty file. A pipe is drained only when this process waits, so a process
 * with a large input or output would stand still meanwhile; a file lets it finish on its own.
 */
export function openScratchStreams(prefix: string, input?: string | readonly string[]): ScratchStreams {
  const dir = makeScratch(prefix);
  try {
    let inputFd: number | undefined;
    if (input !== undefined) {
      writeScratchInput(join(dir, 'input'), input);
      inputFd = openSync(join(dir, 'input'), 'r');
    }
    const outputFile = join(dir, 'output');
    return { dir, input: inputFd, output: openSync(outputFile, 'wx', 0o600), outputFile };
  } catch (error) {
    removeScratch(dir);
    throw error;
  }
}

/** Write a process's input as a new private file of a scratch folder, whole or in parts. */
export function writeScratchInput(file: string, input: string | readonly string[]): void {
  // an input in parts is written a part at a time: a string of ten thousand paths would be a large
  // object, kept until the next full collection
  const fd = openSync(file, 'wx', 0o600);
  try {
    // writeFileSync on a descriptor writes on from where it stands, and writes all of it
    if (typeof input === 'string') writeFileSync(fd, input);
    else for (const part of input) writeFileSync(fd, part);
  } finally {
    closeSync(fd);
  }
}

/**
 * Remove the folder of `streams` and the files it holds: each by name, which is far cheaper than a
 * recursive removal on the path of every background question; anything else found there is removed whole.
 */
export function removeScratchStreams(streams: ScratchStreams): void {
  try {
    unlinkSync(streams.outputFile);
    if (streams.input !== undefined) unlinkSync(join(streams.dir, 'input'));
    rmdirSync(streams.dir);
  } catch {
    removeScratch(streams.dir);
  }
}

/** Close the descriptors this process holds of `streams` (the child keeps its own). */
export function closeScratchStreams(streams: ScratchStreams): void {
  if (streams.input !== undefined) closeSync(streams.input);
  closeSync(streams.output);
}

/** Copy a tree into a scratch folder, `filter` choosing what is copied. */
export function copyIntoScratch(from: string, to: string, filter?: CopySyncOptions['filter']): void {
  cpSync(from, to, { recursive: true, ...(filter ? { filter } : {}) });
}

/**
 * Replace `file` (outside every repository: a cache) with `content` so that no reader sees half a file:
 * written beside it under a name of this process, then renamed over it. False when it could not be
 * written; what was staged is removed.
 */
export function replaceCacheFile(file: string, content: Uint8Array): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    // the folder first: where it cannot be made, the content is not worth producing
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, content);
    renameSync(temporary, file);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing more to tidy: the cache is only ever an optimisation
    }
    return false;
  }
}

/** Keep the `keep` newest files of `dir` whose names `matches`; remove the older ones. */
export function pruneCacheFiles(dir: string, matches: (name: string) => boolean, keep: number): void {
  const files = readdirSync(dir)
    .filter(matches)
    .map((name) => ({ path: join(dir, name), modified: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified);
  for (const old of files.slice(keep)) rmSync(old.path, { force: true });
}
