/**
 * Appending one event to a repository's ledger, `.ai/local/state/ledger.jsonl`.
 *
 * The ledger is the one file the engine writes outside the one writer (engine/layer/write/): a line is
 * appended with a single `writeSync` on an `O_APPEND` descriptor, which the kernel keeps whole however
 * many processes append at once, where a plan's write-then-rename would lose every line but the last.
 * What the writer promises is kept here instead: the file is inside the repository (engine/state/ledger/path.ts),
 * never written through a link, a regular file, created 0600 whatever the umask, and a line is never
 * written after a torn one.
 */
import { closeSync, constants, fchmodSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { ExitCode, MajordomusError, RefusedError } from '../../errors';
import type { EventName } from '../../generated/events';
import { events } from '../../generated/events';
import { describeErrno, errnoCode } from '../../io/write/errors';
import type { LedgerLocation } from './path';
import { ledgerRelativePath, resolveLedger } from './path';

declare const MAJORDOMUS_VERSION: string;

/** The keys every line carries, computed by the appender; a payload may not use one. */
export const ENVELOPE_KEYS: readonly string[] = Object.freeze(['ts', 'event', 'head', 'branch', 'by', 'session']);

/** The longest line the ledger accepts, newline included (64 KiB): a reader never meets a larger one. */
export const MAX_LINE_BYTES = 64 * 1024;

/** The mode of a ledger the appender creates, whatever the umask. */
export const LEDGER_MODE = 0o600;

/** Where to append, and what the envelope says about the repository at that moment. */
export interface LedgerTarget extends LedgerLocation {
  /** The commit HEAD names; undefined before the first commit (written as null). */
  readonly head: string | undefined;
  /** The branch checked out; undefined on a detached HEAD (written as null). */
  readonly branch: string | undefined;
  /** The open session's id; absent outside a session (engine/state/ledger/target.ts fills it in). */
  readonly session?: string;
  /** The clock the timestamp is read from (tests pass their own). */
  readonly clock?: () => Date;
  /** The command appending, for messages (`finish`, `decision add`). */
  readonly command?: string;
}

/** A payload: the event's own keys, JSON values, none of them an envelope key. */
export type EventPayload = Readonly<Record<string, unknown>>;

/** What an append wrote. */
export interface AppendedEvent {
  /** The line, without its newline. */
  readonly line: string;
  /** The ledger, repository-relative. */
  readonly path: string;
}

/**
 * The engine asked for a line the vocabulary does not allow: an undeclared event, a payload key that is
 * an envelope key, a required key missing. That is a bug of majordomus, never of its user (exit 13).
 */
export class LedgerMisuse extends MajordomusError {
  constructor(message: string) {
    super(`internal error: ${message} (this is a bug of majordomus; the ledger was not written)`, ExitCode.internal);
  }
}

/** `ts`: UTC, to the second, as every line carries it. */
export function ledgerTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The `by` of every line this version writes. */
export function ledgerAuthor(): string {
  return `majordomus/${typeof MAJORDOMUS_VERSION === 'string' ? MAJORDOMUS_VERSION : '0.0.0-dev'}`;
}

/**
 * The line an event becomes: the envelope first (ts, event, head, branch, by, session when one is open),
 * then the payload. Throws LedgerMisuse (13) for a name share/events.yaml does not declare, a payload key
 * that is an envelope key, or a required key the payload lacks; RefusedError (15) for a line over 64 KiB.
 */
export function formatEvent(target: LedgerTarget, event: EventName, payload: EventPayload): string {
  const definition = Object.hasOwn(events, event) ? events[event] : undefined;
  if (!definition) throw new LedgerMisuse(`the event \`${String(event)}\` is not declared in share/events.yaml`);
  for (const key of Object.keys(payload)) {
    if (ENVELOPE_KEYS.includes(key)) throw new LedgerMisuse(`the payload of \`${event}\` uses the envelope key \`${key}\``);
  }
  for (const key of definition.requires) {
    if (payload[key] === undefined) throw new LedgerMisuse(`the payload of \`${event}\` lacks its required key \`${key}\``);
  }
  const envelope: Record<string, unknown> = {
    ts: ledgerTimestamp((target.clock ?? (() => new Date()))()),
    event,
    head: target.head ?? null,
    branch: target.branch ?? null,
    by: ledgerAuthor(),
  };
  if (target.session !== undefined) envelope.session = target.session;
  const line = JSON.stringify({ ...envelope, ...payload });
  const bytes = Buffer.byteLength(line) + 1;
  if (bytes > MAX_LINE_BYTES) {
    throw new RefusedError(
      `${target.command ?? 'ledger'}: the \`${event}\` line would be ${bytes} bytes, over the ledger's ${MAX_LINE_BYTES}-byte cap; nothing was written (shorten what it records)`,
    );
  }
  return line;
}

/**
 * Append one event to the ledger of `target`: one line, one `writeSync`, on an `O_APPEND` descriptor.
 * Creates `state/` and the ledger (0600) when missing. Refuses (15) when the ledger or a folder on its way
 * leads outside the repository or is not what it should be, or when the ledger ends in a torn line
 * (`history --repair` moves it aside). Throws LedgerMisuse (13) for a line the vocabulary does not allow.
 */
export function appendEvent(target: LedgerTarget, event: EventName, payload: EventPayload): AppendedEvent {
  const command = target.command ?? 'ledger';
  const line = formatEvent(target, event, payload);
  const shown = ledgerRelativePath(target);
  const file = resolveLedger(target, command, true);
  const fd = openLedger(file, shown, command);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new RefusedError(`${command}: ${shown} is not a regular file; nothing was written (remove it, then run the command again)`);
    if (!endsWhole(fd, stat.size)) throw tornTail(command, shown);
    const buffer = Buffer.from(`${line}\n`);
    let written: number;
    try {
      written = writeSync(fd, buffer, 0, buffer.length);
    } catch (error) {
      throw failed(command, shown, error);
    }
    if (written !== buffer.length) {
      throw new RefusedError(
        `${command}: only ${written} of ${buffer.length} bytes of the \`${event}\` line reached ${shown}; the ledger now ends in a torn line (free the device, then run: majordomus history --repair)`,
      );
    }
  } finally {
    closeSync(fd);
  }
  return { line, path: shown };
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
 * True when the ledger ends with a newline (or is empty). The kernel grows a file page by page while
 * one `write` copies a line in, so another appender can see a line half way; a line being written
 * completes within microseconds, while a torn one (its writer killed, or the disk full) never does.
 * A ledger that ends without a newline is therefore watched: it is torn only if its size stays the same
 * for TORN_AFTER_MS while its last byte is still not a newline.
 */
function endsWhole(fd: number, size: number): boolean {
  let seen = size;
  let since = Date.now();
  for (;;) {
    if (seen === 0 || lastByte(fd, seen) === 0x0a) return true;
    if (Date.now() - since >= TORN_AFTER_MS) return false;
    Atomics.wait(PAUSE, 0, 0, 2);
    const now = fstatSync(fd).size;
    if (now !== seen) {
      seen = now;
      since = Date.now();
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

function lastByte(fd: number, size: number): number | undefined {
  const one = Buffer.alloc(1);
  return readSync(fd, one, 0, 1, size - 1) === 1 ? one[0] : undefined;
}
