/**
 * What a writer killed mid-write leaves: a temporary file staged beside its target, or a backup kept
 * aside, named `.<name>.majordomus-<pid>-<hex>.tmp|old` (the plan's writer and the record publisher
 * both). A name whose process is gone is a stray: the next writer in that folder sweeps it, and
 * `doctor` reports one that lies where `git add` would reach it (the ai_layout rule).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { errnoCode } from './errors';

/**
 * Where `git add` could take a leftover, as pathspecs: the top level's files and the layer's folder
 * (`.ai/`, where the manifest is). The ai_layout rule asks git what is untracked there; a gate asks the
 * same question ahead, in the background (engine/layer/repository.ts), so the two are one.
 */
export const STRAY_PATHSPECS: readonly string[] = [':(glob)*', '.ai/'];

/** Temporary and backup files of a writer: `.<name>.majordomus-<pid>-<hex>.tmp|old`. */
const LEFTOVER = /^\..+\.majordomus-(\d+)-[0-9a-f]{8}\.(tmp|old)$/;

/** True for the name of a temporary or backup file a writer leaves only when it is killed mid-write. */
export function isWriterLeftover(name: string): boolean {
  return LEFTOVER.test(name);
}

/** True for a writer's leftover whose process is no longer running on this host: nobody will finish it. */
export function isStrayLeftover(name: string): boolean {
  const match = LEFTOVER.exec(name);
  return match !== null && !alive(Number(match[1]));
}

/** Remove the strays in `dir` (a folder that cannot be listed has none to remove). */
export function sweepLeftovers(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!isStrayLeftover(name)) continue;
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // not ours to insist on: the next writer tries again, and doctor names it
    }
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) !== 'ESRCH';
  }
}
