/**
 * The write lock of a repository: one file, `majordomus.lock` in git's common directory, created
 * exclusively and holding who took it. Every command that writes the repository holds it from the
 * moment it reads what it will change until its last write, so two writers never interleave (eight
 * concurrent `init`s: one writes, seven refuse). Like git's `index.lock`, a held lock is a refusal, not a
 * wait. A lock whose process has died (a killed run) is cleared by the next writer.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { RefusedError } from '../../errors';
import { describeErrno, errnoCode } from './errors';
import { writeStep } from './kill-point';

/** The file name of the lock, in git's common directory. */
export const LOCK_NAME = 'majordomus.lock';

/** Who holds a lock: what the lock file says. */
export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** The command that took it (`init`, `rules vendor update`). */
  readonly command: string;
  /** When it was taken (ISO 8601). */
  readonly since: string;
}

/** The lock file of a repository whose git common directory is `commonDir`. */
export function lockFile(commonDir: string): string {
  return join(commonDir, LOCK_NAME);
}

/** A lock this process holds; `release` it when done (`withWriteLock` does). */
export class WriteLock {
  private held = true;

  private constructor(
    readonly file: string,
    readonly owner: LockOwner,
  ) {}

  /**
   * Take the lock at `file` for `command`, or refuse (15) naming the process that holds it. The lock
   * file is written under a temporary name and hard-linked into place, so it never exists without its
   * owner; a lock whose owner has died on this host is cleared and taken.
   */
  static acquire(file: string, command: string): WriteLock {
    const owner: LockOwner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
    for (let attempt = 0; attempt < 5; attempt++) {
      const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      try {
        writeFileSync(temp, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
        linkSync(temp, file);
        // the temporary name goes before anything else can stop this process: a kill leaves the lock, never litter
        rmSync(temp, { force: true });
        writeStep('lock taken');
        return new WriteLock(file, owner);
      } catch (error) {
        const code = errnoCode(error);
        if (code !== 'EEXIST') {
          if (code === undefined) throw error;
          const { reason, fix } = describeErrno(code);
          throw new RefusedError(`${command}: cannot take the write lock ${file}: ${reason} (${code}); nothing was written (${fix})`);
        }
      } finally {
        rmSync(temp, { force: true });
      }
      const holder = readOwner(file);
      if (holder === 'gone') continue;
      if (holder === undefined || isAlive(holder)) throw busy(file, command, holder);
      clearStale(file, holder);
    }
    throw busy(file, command, undefined);
  }

  /** Give the lock up; only a lock this process still owns is removed. Safe to call twice. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    const current = readOwner(this.file);
    if (current !== 'gone' && current !== undefined && sameOwner(current, this.owner)) rmSync(this.file, { force: true });
  }
}

/** Run `work` holding the lock at `file`; the lock is released however `work` ends. */
export async function withWriteLock<T>(file: string, command: string, work: () => T | Promise<T>): Promise<T> {
  const lock = WriteLock.acquire(file, command);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** The lock is held by another writer (15): a command that may wait for it tells this refusal apart. */
export class LockBusy extends RefusedError {}

function busy(file: string, command: string, holder: LockOwner | undefined): RefusedError {
  const who = holder ? `\`majordomus ${holder.command}\` (pid ${holder.pid} on ${holder.host}, since ${holder.since})` : 'another process';
  return new LockBusy(
    `${command}: ${who} is writing this repository; nothing was written (wait for it to finish and run the command again; if no majordomus command is running, remove ${file})`,
  );
}

/** The owner a lock file names; `gone` when there is no file, undefined when it cannot be read. */
function readOwner(file: string): LockOwner | 'gone' | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return errnoCode(error) === 'ENOENT' ? 'gone' : undefined;
  }
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (
      Number.isSafeInteger(value.pid) &&
      typeof value.host === 'string' &&
      typeof value.command === 'string' &&
      typeof value.since === 'string'
    ) {
      return value as LockOwner;
    }
  } catch {
    // not ours, or damaged: it cannot be judged stale
  }
  return undefined;
}

/** True unless the owner is a process of this host that no longer exists (another host's cannot be asked). */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) !== 'ESRCH';
  }
}

function sameOwner(a: LockOwner, b: LockOwner): boolean {
  return a.pid === b.pid && a.host === b.host && a.since === b.since && a.command === b.command;
}

/**
 * Remove a dead owner's lock. Two writers may find the same stale lock: each moves the file aside under
 * its own name and checks what it moved; a writer that moved a live lock (taken meanwhile) links it back.
 */
function clearStale(file: string, stale: LockOwner): void {
  const aside = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch {
    return; // another writer cleared it first
  }
  const moved = readOwner(aside);
  if (moved !== 'gone' && moved !== undefined && !sameOwner(moved, stale)) {
    try {
      linkSync(aside, file);
    } catch {
      // a third writer holds the lock now; the one moved aside was taken after ours was judged stale
    }
  }
  rmSync(aside, { force: true });
}

/** How long a record command waits for another writer's lock before it refuses. */
const LOCK_WAIT_MS = 30_000;

/**
 * Take the lock at `file` for `command`, waiting up to `waitMs` while another process holds it (the
 * holder is a short writer that will be done soon); a lock still held after the wait is refused (15).
 */
export function acquireWaiting(file: string, command: string, waitMs: number): WriteLock {
  const deadline = Date.now() + waitMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let round = 0; ; round++) {
    try {
      return WriteLock.acquire(file, command);
    } catch (error) {
      if (!(error instanceof LockBusy) || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, Math.min(50, 2 + round) + Math.random() * 5);
    }
  }
}

/**
 * Run `work` holding the repository's write lock, waiting while another majordomus writer holds it:
 * these commands are short read-modify-writes of one file, and eight people adding decisions at once
 * should all get theirs recorded, not seven refusals. A lock held past the wait (30 s, or `waitMs`) is
 * still a refusal (15).
 */
export async function underLock<T>(
  commonDir: string,
  command: string,
  work: () => T | Promise<T>,
  waitMs: number = LOCK_WAIT_MS,
): Promise<T> {
  const lock = acquireWaiting(lockFile(commonDir), command, waitMs);
  try {
    return await work();
  } finally {
    lock.release();
  }
}
