/**
 * The ledger file's mechanics: an append-only file of whole lines that appenders write without a lock.
 * An append is one `writeSync` of one line on an `O_APPEND` descriptor opened with `O_NOFOLLOW` (a
 * concurrent appender's line is never torn by ours); a rotation moves the oldest lines into an archive
 * created exclusively and carries over any line appended while it worked; a repair moves a torn tail
 * aside into a kept file and cuts the ledger back to its last whole line. Every byte is kept: an archive
 * or a kept file is never overwritten, and nothing is deleted. What the lines mean, and where they are
 * cut, is the ledger's (engine/state/ledger/): this module is handed the file, the path as printed, and
 * the command in whose words a refusal speaks. The path's folders are checked first by
 * ./contained.ts.
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
import { dirname, join } from 'node:path';
import { RefusedError } from '../../errors';
import { describeErrno, errnoCode } from './errors';
import { writeStep } from './kill-point';

/** The mode of the ledger and of every file its maintenance keeps: its owner's alone. */
export const LEDGER_MODE = 0o600;

/**
 * Append `line` (without its newline) to the ledger at `file`: one write on an `O_APPEND` descriptor,
 * the ledger created 0600 when missing. Refuses (15) a link or anything but a regular file in its place,
 * a ledger ending in a torn line, and a write that did not take the whole line (`event` names it).
 */
export function appendLine(file: string, shown: string, command: string, line: string, event: string): void {
  const fd = openLedger(file, shown, command);
  try {
    const before = appendableSize(fd, shown, command);
    const buffer = Buffer.from(`${line}\n`);
    let written: number;
    try {
      writeStep('ledger line');
      written = writeSync(fd, buffer, 0, buffer.length);
    } catch (error) {
      throw failed(command, shown, error);
    }
    if (written !== buffer.length) throw cutBack(fd, before, written, buffer.length, shown, command, event);
  } finally {
    closeSync(fd);
  }
}

/**
 * Refuse (15) what `appendLine` would refuse — a link or anything but a regular file at the ledger's
 * place, a ledger ending in a torn line — without writing a byte (a missing ledger is created, empty,
 * 0600). A command whose change is a record and its ledger line asks this before it writes the record,
 * so a ledger that cannot take the line leaves nothing behind.
 */
export function checkAppendable(file: string, shown: string, command: string): void {
  const fd = openLedger(file, shown, command);
  try {
    appendableSize(fd, shown, command);
  } finally {
    closeSync(fd);
  }
}

/** The size of the open ledger when a line may be appended to it; the refusal otherwise. */
function appendableSize(fd: number, shown: string, command: string): number {
  const stat = fstatSync(fd);
  if (!stat.isFile())
    throw new RefusedError(`${command}: ${shown} is not a regular file; nothing was written (remove it, then run the command again)`);
  const size = wholeSize(fd, stat.size);
  if (size === undefined) throw tornTail(command, shown);
  return size;
}

/**
 * A write that took only part of the line (a full device): the part is cut away again when nothing
 * followed it, so the ledger ends where it ended before; the refusal says which. When another
 * appender's line followed meanwhile, cutting would take that line too: the tail is left torn, for
 * `history --repair`, and the refusal says that instead.
 */
function cutBack(fd: number, before: number, written: number, length: number, shown: string, command: string, event: string): RefusedError {
  let restored = false;
  try {
    if (fstatSync(fd).size === before + written) {
      ftruncateSync(fd, before);
      restored = true;
    }
  } catch {
    restored = false;
  }
  if (restored)
    return new RefusedError(
      `${command}: only ${written} of ${length} bytes of the \`${event}\` line reached ${shown}, and they were cut away again: the ledger is as it was and nothing was appended (free the device, then run the command again)`,
    );
  return new RefusedError(
    `${command}: only ${written} of ${length} bytes of the \`${event}\` line reached ${shown}; the ledger now ends in a torn line (free the device, then run: majordomus history --repair)`,
  );
}

/** Where an archive or a kept file goes, as printed, and what to do when its name is taken. */
export interface KeptFile {
  readonly path: string;
  readonly shown: string;
  readonly fix: string;
}

/**
 * Rotate the ledger at `file`: `decide` is handed its bytes and answers where to cut and where the
 * lines before the cut are archived (or undefined: nothing to rotate; or throws a refusal). The archive
 * is created exclusively; the lines after the cut go to a new file renamed over the ledger; a line an
 * appender wrote meanwhile is carried over. True when it rotated; false when there is no ledger or
 * `decide` declined. The caller holds the write lock.
 */
export function rotateLedgerFile(
  file: string,
  shown: string,
  command: string,
  decide: (bytes: Buffer) => { readonly cut: number; readonly archive: KeptFile } | undefined,
): boolean {
  const fd = openExisting(file, shown, command);
  if (fd === undefined) return false;
  try {
    const bytes = readAll(fd, 0);
    const plan = decide(bytes);
    if (!plan) return false;
    writeExclusive(plan.archive.path, plan.archive.shown, bytes.subarray(0, plan.cut), command, plan.archive.fix);
    // the kept lines go to a new file that replaces the ledger; lines appended meanwhile follow them
    const temp = join(dirname(file), `.ledger.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    const tempFd = createExclusive(temp, shown, command);
    let copied = bytes.length;
    try {
      writeFully(tempFd, bytes.subarray(plan.cut), shown, command);
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
    return true;
  } finally {
    closeSync(fd);
  }
}

/**
 * Cut the torn tail of the ledger at `file` aside: `decide` is handed its bytes and answers where the
 * torn tail starts and where it is kept (or undefined: nothing torn). The tail is written to the kept
 * file, created exclusively, then the ledger is truncated to the offset. True when it cut; false when
 * there is no ledger or nothing was torn. The caller holds the write lock.
 */
export function cutTornTail(
  file: string,
  shown: string,
  command: string,
  decide: (bytes: Buffer) => { readonly offset: number; readonly kept: KeptFile } | undefined,
): boolean {
  const fd = openExisting(file, shown, command);
  if (fd === undefined) return false;
  try {
    const bytes = readAll(fd, 0);
    const plan = decide(bytes);
    if (!plan) return false;
    writeExclusive(plan.kept.path, plan.kept.shown, bytes.subarray(plan.offset), command, plan.kept.fix);
    // appends are refused while the tail is torn, so the size read is still the size now
    if (fstatSync(fd).size !== bytes.length)
      throw new RefusedError(
        `${command}: ${shown} changed while it was being repaired; the torn bytes are kept in ${plan.kept.shown} and the ledger was not cut (run the command again)`,
      );
    try {
      ftruncateSync(fd, plan.offset);
      fsyncSync(fd);
    } catch (error) {
      throw failure(error, shown, command);
    }
    return true;
  } finally {
    closeSync(fd);
  }
}

/** The refusal an append meets after a torn tail, with what to run. */
export function tornTail(command: string, shown: string): RefusedError {
  return new RefusedError(
    `${command}: ${shown} ends in a torn line (a write that never finished); nothing was appended (run: majordomus history --repair, which moves the torn bytes aside and keeps them)`,
  );
}

/**
 * Open the ledger for appending. `O_NOFOLLOW` refuses a link in its place; `O_NONBLOCK` keeps a FIFO
 * there from blocking the open. A ledger this call creates is set to 0600 on its descriptor, since the
 * mode given to open passes through the umask (277 would leave it 0400).
 */
function openLedger(file: string, shown: string, command: string): number {
  const flags = constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
  try {
    const fd = openSync(file, flags | constants.O_CREAT | constants.O_EXCL, LEDGER_MODE);
    try {
      fchmodSync(fd, LEDGER_MODE);
    } catch (error) {
      closeSync(fd);
      throw failed(command, shown, error);
    }
    return fd;
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    const code = errnoCode(error);
    if (code !== 'EEXIST') throw refusedOpen(command, shown, error);
  }
  try {
    return openSync(file, flags);
  } catch (error) {
    throw refusedOpen(command, shown, error);
  }
}

function refusedOpen(command: string, shown: string, error: unknown): RefusedError {
  const code = errnoCode(error);
  if (code === 'ELOOP') {
    return new RefusedError(
      `${command}: ${shown} is a symbolic link; the ledger is never written through a link, and nothing was written (replace the link with the file it points to)`,
    );
  }
  if (code === 'ENXIO' || code === 'EISDIR') {
    return new RefusedError(`${command}: ${shown} is not a regular file; nothing was written (remove it, then run the command again)`);
  }
  return failed(command, shown, error);
}

function failed(command: string, shown: string, error: unknown): RefusedError {
  const code = errnoCode(error);
  if (code === undefined) throw error;
  const { reason, fix } = describeErrno(code);
  return new RefusedError(`${command}: cannot append to ${shown}: ${reason} (${code}); nothing was written (${fix})`);
}

/** How long a ledger must end without a newline, its size unchanged, before it is judged torn. */
const TORN_AFTER_MS = 200;

/**
 * The ledger's size when it ends with a newline (or is empty), undefined when it ends in a torn line. The kernel grows a file page by page while
 * one `write` copies a line in, so another appender can see a line half way; a line being written
 * completes within microseconds, while a torn one (its writer killed, or the disk full) never does.
 * A ledger that ends without a newline is therefore watched: it is torn only if its size stays the same
 * for TORN_AFTER_MS while its last byte is still not a newline.
 */
function wholeSize(fd: number, size: number): number | undefined {
  let seen = size;
  let since = Date.now();
  for (;;) {
    if (seen === 0 || lastByte(fd, seen) === 0x0a) return seen;
    if (Date.now() - since >= TORN_AFTER_MS) return undefined;
    Atomics.wait(PAUSE, 0, 0, 2);
    const now = fstatSync(fd).size;
    if (now !== seen) {
      seen = now;
      since = Date.now();
    }
  }
}

function lastByte(fd: number, size: number): number | undefined {
  const one = Buffer.alloc(1);
  return readSync(fd, one, 0, 1, size - 1) === 1 ? one[0] : undefined;
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

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
