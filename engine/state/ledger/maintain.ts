/**
 * The ledger's own maintenance: rotating the oldest lines into an archive, and moving a torn tail
 * aside. Both keep every byte — an archive or a kept file is created exclusively (never overwritten),
 * 0600, and nothing is deleted — and both run under the repository's write lock, held by the command.
 *
 * Like appending, this is done here rather than through the one writer: the ledger stays open to
 * appenders that take no lock (O_APPEND keeps their lines whole), so a rotation must carry over any
 * line appended while it works, which a plan's whole-file replace cannot do. Containment is the
 * appender's: the path is checked by engine/state/ledger/path.ts and every file is opened with O_NOFOLLOW.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RefusedError } from '../../errors';
import { describeErrno, errnoCode } from '../../io/write/errors';
import type { LedgerTarget } from './append';
import { appendEvent, LEDGER_MODE } from './append';
import { ledgerRelativePath, resolveLedger, stateRelativeDir } from './path';
import { parseLedger } from './read';

/** `20260903T193012Z`: the UTC second an archive or a kept file is named after. */
export function compactUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** What a rotation did. */
export type Rotation =
  | { readonly rotated: false; readonly lines: number; readonly cap: number }
  | { readonly rotated: true; readonly archived: number; readonly kept: number; readonly archive: string; readonly cap: number };

/**
 * Move all but the newest lines of the ledger into `ledger.<utc>.jsonl.archived` beside it, then append
 * `ledger.rotated`. The newest `cap - 1` lines stay, so that with the event the ledger holds exactly
 * `cap` lines and the retention rule is met. Refuses (15) a torn ledger (repair it first) and an
 * archive name already taken (never overwritten). The caller holds the write lock.
 */
export function rotateLedger(target: LedgerTarget, cap: number): Rotation {
  const command = target.command ?? 'history --rotate';
  // one reading of the clock names the archive and stamps the event that records it
  const now = (target.clock ?? (() => new Date()))();
  const shown = ledgerRelativePath(target);
  const file = resolveLedger(target, command, false);
  const fd = openExisting(file, shown, command);
  if (fd === undefined) return { rotated: false, lines: 0, cap };
  let archiveShown: string;
  let archived: number;
  let kept: number;
  try {
    const bytes = readAll(fd, 0);
    const contents = parseLedger(bytes);
    if (contents.torn) throw tornRefusal(command, shown);
    const keep = Math.max(cap - 1, 0);
    if (contents.lines <= cap) return { rotated: false, lines: contents.lines, cap };
    archived = contents.lines - keep;
    kept = keep;
    let cut = 0;
    for (let n = 0; n < archived; n++) cut = bytes.indexOf(0x0a, cut) + 1;
    const stamp = compactUtc(now);
    archiveShown = `${stateRelativeDir(target)}/ledger.${stamp}.jsonl.archived`;
    const archive = join(dirname(file), basename(archiveShown));
    writeExclusive(
      archive,
      archiveShown,
      bytes.subarray(0, cut),
      command,
      'an archive is never overwritten: wait a second and run it again, or move that archive away',
    );
    // the kept lines go to a new file that replaces the ledger; lines appended meanwhile follow them
    const temp = join(dirname(file), `.ledger.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    const tempFd = createExclusive(temp, shown, command);
    let copied = bytes.length;
    try {
      writeFully(tempFd, bytes.subarray(cut), shown, command);
      for (let more = readAll(fd, copied); more.length > 0; more = readAll(fd, copied)) {
        writeFully(tempFd, more, shown, command);
        copied += more.length;
      }
      fsyncSync(tempFd);
      renameSync(temp, file);
    } catch (error) {
      rmSync(temp, { force: true });
      throw failure(error, shown, command);
    } finally {
      closeSync(tempFd);
    }
    // an appender that opened the old file just before the rename writes there: carry its line over
    carryOver(fd, copied, file, shown, command);
  } finally {
    closeSync(fd);
  }
  appendEvent({ ...target, command, clock: () => now }, 'ledger.rotated', { archived, kept, archive: archiveShown });
  return { rotated: true, archived, kept, archive: archiveShown, cap };
}

/** What a repair did. */
export type Repair =
  | { readonly repaired: false }
  | { readonly repaired: true; readonly line: number; readonly bytes: number; readonly kept: string };

/**
 * Move the torn tail of the ledger — the bytes after its last newline — into `ledger.<utc>.torn` beside
 * it (created exclusively, 0600, never deleted), then cut the ledger back to its last whole line, so
 * appends work again. The caller holds the write lock.
 */
export function repairLedger(target: LedgerTarget): Repair {
  const command = target.command ?? 'history --repair';
  const shown = ledgerRelativePath(target);
  const file = resolveLedger(target, command, false);
  const fd = openExisting(file, shown, command);
  if (fd === undefined) return { repaired: false };
  try {
    const bytes = readAll(fd, 0);
    const torn = parseLedger(bytes).torn;
    if (!torn) return { repaired: false };
    const stamp = compactUtc((target.clock ?? (() => new Date()))());
    const keptShown = `${stateRelativeDir(target)}/ledger.${stamp}.torn`;
    writeExclusive(
      join(dirname(file), basename(keptShown)),
      keptShown,
      bytes.subarray(torn.offset),
      command,
      'a kept file is never overwritten: wait a second and run it again',
    );
    // appends are refused while the tail is torn, so the size read is still the size now
    if (fstatSync(fd).size !== bytes.length)
      throw new RefusedError(
        `${command}: ${shown} changed while it was being repaired; the torn bytes are kept in ${keptShown} and the ledger was not cut (run the command again)`,
      );
    try {
      ftruncateSync(fd, torn.offset);
      fsyncSync(fd);
    } catch (error) {
      throw failure(error, shown, command);
    }
    return { repaired: true, line: torn.line, bytes: torn.bytes, kept: keptShown };
  } finally {
    closeSync(fd);
  }
}

/** The refusal to rotate a torn ledger. */
function tornRefusal(command: string, shown: string): RefusedError {
  return new RefusedError(`${command}: ${shown} ends in a torn line; nothing was rotated (run: majordomus history --repair, then rotate)`);
}

const NO_FOLLOW = constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The ledger opened for reading and writing, judged by its descriptor; undefined when there is none. */
function openExisting(file: string, shown: string, command: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDWR | NO_FOLLOW);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP')
      throw new RefusedError(
        `${command}: ${shown} is a symbolic link; the ledger is never written through a link, and nothing was written (replace the link with the file it points to)`,
      );
    throw failure(error, shown, command);
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new RefusedError(`${command}: ${shown} is not a regular file; nothing was written (remove it, then run the command again)`);
  }
  return fd;
}

function createExclusive(path: string, shown: string, command: string, fix?: string): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, LEDGER_MODE);
  } catch (error) {
    if (errnoCode(error) === 'EEXIST' && fix) throw new RefusedError(`${command}: ${shown} already exists; nothing was written (${fix})`);
    throw failure(error, shown, command);
  }
  // the mode given to open passes through the umask
  fchmodSync(fd, LEDGER_MODE);
  return fd;
}

function writeExclusive(path: string, shown: string, bytes: Uint8Array, command: string, fix: string): void {
  const fd = createExclusive(path, shown, command, fix);
  try {
    writeFully(fd, bytes, shown, command);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    // a partial archive would hide lines the ledger still holds: it goes, the ledger is untouched
    rmSync(path, { force: true });
    throw failure(error, shown, command);
  }
  closeSync(fd);
}

function writeFully(fd: number, bytes: Uint8Array, shown: string, command: string): void {
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      throw failure(error, shown, command);
    }
  }
}

/** The bytes of `fd` from `from` to its end now. */
function readAll(fd: number, from: number): Buffer {
  const size = fstatSync(fd).size;
  if (size <= from) return Buffer.alloc(0);
  const buffer = Buffer.alloc(size - from);
  let read = 0;
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, from + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}

/** How long the old ledger is watched for a late line after the new one took its place. */
const CARRY_OVER_MS = 50;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Append to the new ledger whatever reached the old one after `copied`: an appender checks and writes
 * within a millisecond of opening, so the old file is watched until it has been quiet for CARRY_OVER_MS.
 */
function carryOver(oldFd: number, copied: number, file: string, shown: string, command: string): void {
  let quietSince = Date.now();
  let at = copied;
  while (Date.now() - quietSince < CARRY_OVER_MS) {
    Atomics.wait(PAUSE, 0, 0, 5);
    const late = readAll(oldFd, at);
    if (late.length === 0) continue;
    // only whole lines move: a line still being written is taken when it is whole
    const whole = late.lastIndexOf(0x0a) + 1;
    if (whole === 0) continue;
    const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | NO_FOLLOW);
    try {
      writeFully(fd, late.subarray(0, whole), shown, command);
    } finally {
      closeSync(fd);
    }
    at += whole;
    quietSince = Date.now();
  }
}

function failure(error: unknown, shown: string, command: string): Error {
  if (error instanceof RefusedError) return error;
  const code = errnoCode(error);
  if (code === undefined) return error as Error;
  const { reason, fix } = describeErrno(code);
  return new RefusedError(`${command}: cannot write ${shown}: ${reason} (${code}) (${fix})`);
}
