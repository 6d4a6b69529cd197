/**
 * Appending one event to a repository's ledger, `.ai/local/state/ledger.jsonl`.
 *
 * The line is the ledger's (the envelope, the vocabulary, the size cap); writing it is the writer's ledger
 * file (engine/io/write/ledger-file.ts): one `writeSync` on an `O_APPEND` descriptor, which the kernel
 * keeps whole however many processes append at once, where a plan's write-then-rename would lose every
 * line but the last — inside the repository (engine/state/ledger/path.ts), never through a link, a
 * regular file, created 0600 whatever the umask, and never after a torn line.
 */
import { ExitCode, MajordomusError, RefusedError } from '../../errors';
import type { EventName } from '../../generated/events';
import { events } from '../../generated/events';
import { appendLine, checkAppendable } from '../../io/write/ledger-file';
import { utcSeconds } from '../kernel/clock';
import type { LedgerLocation } from './path';
import { ledgerRelativePath, resolveLedger } from './path';

declare const MAJORDOMUS_VERSION: string;

/** The keys every line carries, computed by the appender; a payload may not use one. */
export const ENVELOPE_KEYS: readonly string[] = Object.freeze(['ts', 'event', 'head', 'branch', 'by', 'session']);

/** The longest line the ledger accepts, newline included (64 KiB): a reader never meets a larger one. */
export const MAX_LINE_BYTES = 64 * 1024;

/** The mode of a ledger the appender creates, whatever the umask. */
export { LEDGER_MODE } from '../../io/write/ledger-file';

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
    ts: utcSeconds((target.clock ?? (() => new Date()))()),
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
 * Append one event to the ledger of `target`: one line, one `writeSync`, on an `O_APPEND` descriptor
 * (engine/io/write/ledger-file.ts). Creates `state/` and the ledger (0600) when missing. Refuses (15)
 * when the ledger or a folder on its way leads outside the repository or is not what it should be, or
 * when the ledger ends in a torn line (`history --repair` moves it aside). Throws LedgerMisuse (13) for
 * a line the vocabulary does not allow.
 */
export function appendEvent(target: LedgerTarget, event: EventName, payload: EventPayload): AppendedEvent {
  const command = target.command ?? 'ledger';
  const line = formatEvent(target, event, payload);
  const shown = ledgerRelativePath(target);
  const file = resolveLedger(target, command, true);
  appendLine(file, shown, command, line, event);
  return { line, path: shown };
}

/**
 * Refuse (15), writing nothing, when the ledger of `target` cannot take a line now: what `appendEvent`
 * would refuse for the ledger's sake (a link on its way or in its place, a torn tail). A command whose
 * change is a record and its ledger line asks this first, so that a refusal leaves no record behind;
 * what can still fail after it (a full device) is taken back by the command.
 */
export function checkLedger(target: LedgerTarget): void {
  const command = target.command ?? 'ledger';
  checkAppendable(resolveLedger(target, command, true), ledgerRelativePath(target), command);
}
