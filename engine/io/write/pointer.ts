/**
 * A pointer of the local half: a relative symbolic link naming the record that is current (the open
 * episode `session-current.yaml` names). It is swapped, never rewritten in place: a new link under a name
 * of this process, renamed over the old one, so a reader always finds the old pointer or the new one.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { writeStep } from './kill-point';

/** Aim the pointer at `pointer` (absolute) to `target` (relative to its folder), or remove it when `target` is undefined. */
export function swapPointer(pointer: string, target: string | undefined): void {
  if (target === undefined) {
    try {
      unlinkSync(pointer);
      writeStep('pointer removed');
    } catch {
      // already gone
    }
    return;
  }
  const temp = `${pointer}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  symlinkSync(target, temp);
  writeStep('pointer staged');
  try {
    renameSync(temp, pointer);
    writeStep('pointer swapped');
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
