/**
 * Reading a ledger back. A reader never stops at a bad line: a line that is not a JSON object carrying
 * string `ts` and `event` is skipped and reported with its number, so a damaged ledger stays readable
 * while it is being reported. A final line without its newline is a write that never finished (a torn
 * tail): it is reported, never read as data. A key given twice in a line means what its first
 * occurrence says — the envelope comes first, and JSON itself leaves the choice open.
 */
import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { RefusedError } from '../../errors';
import { DocumentError } from '../../io/document-error';
import { readRegularFile } from '../../io/regular-file';
import type { LedgerLocation } from './path';
import { ledgerRelativePath, resolveLedger } from './path';

/** One event read from the ledger. */
export interface LedgerEntry {
  /** Its line number, from 1. */
  readonly line: number;
  readonly ts: string;
  readonly event: string;
  /** The whole line, each key as its first occurrence gives it. */
  readonly record: Readonly<Record<string, unknown>>;
}

/** A complete line that is not an event. */
export interface MalformedLine {
  readonly line: number;
  /** Why it is not an event (`not JSON`, `no string ts`). */
  readonly reason: string;
}

/** The bytes after the last newline: a line whose write never finished. */
export interface TornTail {
  /** The number the line would have. */
  readonly line: number;
  /** Where the torn bytes begin. */
  readonly offset: number;
  readonly bytes: number;
}

/** A ledger as read. */
export interface LedgerContents {
  /** The events, in file order. */
  readonly entries: readonly LedgerEntry[];
  readonly malformed: readonly MalformedLine[];
  /** Set when the file ends without a newline. */
  readonly torn?: TornTail;
  /** The complete lines (entries, malformed lines and blank lines alike). */
  readonly lines: number;
  /** The size in bytes. */
  readonly size: number;
}

/** Read the ledger of a repository: what it holds, or `absent` when there is none yet. */
export interface LedgerFile extends LedgerContents {
  /** Repository-relative. */
  readonly path: string;
  readonly exists: boolean;
}

/** The largest ledger read whole (a ledger at its retention cap is far below it). */
export const MAX_LEDGER_BYTES = 256 * 1024 * 1024;

/**
 * Parse ledger bytes. Never throws: every complete line becomes an entry or a malformed line, and the
 * bytes after the last newline, if any, are the torn tail.
 */
export function parseLedger(bytes: Uint8Array): LedgerContents {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = buffer.lastIndexOf(0x0a) + 1;
  const text = buffer.toString('utf8', 0, end);
  const entries: LedgerEntry[] = [];
  const malformed: MalformedLine[] = [];
  let line = 0;
  let start = 0;
  while (start < text.length) {
    const stop = text.indexOf('\n', start);
    line++;
    const parsed = parseLine(text.slice(start, stop));
    if ('reason' in parsed) malformed.push({ line, reason: parsed.reason });
    else entries.push({ line, ts: parsed.record.ts as string, event: parsed.record.event as string, record: parsed.record });
    start = stop + 1;
  }
  const contents = { entries, malformed, lines: line, size: buffer.length };
  return end < buffer.length ? { ...contents, torn: { line: line + 1, offset: end, bytes: buffer.length - end } } : contents;
}

/**
 * Read the ledger of the repository at `location`. A missing ledger is an empty one. Throws
 * RefusedError (15) when the ledger or a folder on its way leads outside the repository, DocumentError
 * when what is there is not a regular file or cannot be read.
 */
export function readLedger(location: LedgerLocation, command = 'history'): LedgerFile {
  const path = ledgerRelativePath(location);
  const file = resolveLedger(location, command, false);
  let real: string | undefined;
  try {
    real = realpathSync(file);
  } catch {
    real = undefined;
  }
  if (real === undefined) return { path, exists: false, entries: [], malformed: [], lines: 0, size: 0 };
  const rel = relative(realpathSync(location.root), real);
  if (rel.startsWith(`..${sep}`) || rel === '..' || rel.startsWith(sep)) {
    throw new RefusedError(
      `${command}: ${path} is a symbolic link leading outside the repository (to ${real}); it was not read (replace the link with the ledger file)`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file, path, MAX_LEDGER_BYTES);
  } catch (error) {
    if (error instanceof DocumentError && /no such file/.test(error.message))
      return { path, exists: false, entries: [], malformed: [], lines: 0, size: 0 };
    throw error;
  }
  return { path, exists: true, ...parseLedger(bytes) };
}

/**
 * The events of one episode: the records of the lines stamped with `session`, in file order. Read as
 * `readLedger` reads (inside the repository, a regular file), but only the lines that name the id are
 * parsed, so a close costs what its own episode wrote, not the ledger's length. An unreadable or absent
 * ledger has none; a malformed line is `history --validate`'s to report.
 */
export function sessionEntries(location: LedgerLocation, session: string, command = 'session close'): Record<string, unknown>[] {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(resolveLedger(location, command, false), ledgerRelativePath(location), MAX_LEDGER_BYTES);
  } catch {
    return [];
  }
  const text = bytes.toString('utf8', 0, bytes.lastIndexOf(0x0a) + 1);
  const needle = `"session":${JSON.stringify(session)}`;
  const found: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes(needle)) continue;
    const parsed = parseLine(line);
    if ('record' in parsed && parsed.record.session === session) found.push(parsed.record);
  }
  return found;
}

/**
 * Who started task `taskId`: the episode stamped on its last `task.started` line, and when that episode
 * closed, if its `session.closed` line is there. What a provider hook does is about its own episode: a
 * task another open episode started is not its task (engine/capture/session.ts, session close). Read as
 * `sessionEntries` reads: only the lines that could answer are parsed.
 */
export function taskStarter(
  location: LedgerLocation,
  taskId: string,
  command = 'session close',
): { readonly session?: string; readonly closedAt?: string } {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(resolveLedger(location, command, false), ledgerRelativePath(location), MAX_LEDGER_BYTES);
  } catch {
    return {};
  }
  const text = bytes.toString('utf8', 0, bytes.lastIndexOf(0x0a) + 1);
  const task = `"task_id":${JSON.stringify(taskId)}`;
  let session: string | undefined;
  const closed: string[] = [];
  for (const line of text.split('\n')) {
    if (line.includes('"event":"session.closed"')) closed.push(line);
    else if (line.includes('"event":"task.started"') && line.includes(task)) {
      const parsed = parseLine(line);
      if ('record' in parsed && parsed.record.task_id === taskId)
        session = typeof parsed.record.session === 'string' ? parsed.record.session : undefined;
    }
  }
  if (session === undefined) return {};
  const stamp = `"session":${JSON.stringify(session)}`;
  for (const line of closed) {
    if (!line.includes(stamp)) continue;
    const parsed = parseLine(line);
    if ('record' in parsed && parsed.record.session === session) return { session, closedAt: parsed.record.ts as string };
  }
  return { session };
}

/** One line: the record (first occurrence of each key), or why it is not an event. */
export function parseLine(text: string): { record: Record<string, unknown> } | { reason: string } {
  if (text.trim() === '') return { reason: 'a blank line' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reason: 'not JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { reason: 'not a JSON object' };
  const record = firstOccurrences(text, value as Record<string, unknown>);
  if (typeof record.ts !== 'string') return { reason: 'no string `ts`' };
  if (typeof record.event !== 'string') return { reason: 'no string `event`' };
  return { record };
}

/**
 * The object `text` holds with each key as its first occurrence gives it. JSON.parse keeps the last;
 * the top-level keys are scanned, and only a line that repeats one is rebuilt from its first values.
 */
function firstOccurrences(text: string, parsed: Record<string, unknown>): Record<string, unknown> {
  // a line as the appender writes it (JSON.stringify's own text) cannot repeat a key: no scan needed
  if (JSON.stringify(parsed) === text) return parsed;
  const spans = topLevelMembers(text);
  if (spans.length === Object.keys(parsed).length) return parsed;
  const record: Record<string, unknown> = {};
  for (const { key, value } of spans) {
    if (Object.hasOwn(record, key)) continue;
    // defined, not assigned: a key `__proto__` is data, never the prototype
    Object.defineProperty(record, key, {
      value: JSON.parse(text.slice(value[0], value[1])),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return record;
}

/** The top-level members of a JSON object text already known to parse: each key and its value's span. */
function topLevelMembers(text: string): { key: string; value: [number, number] }[] {
  const members: { key: string; value: [number, number] }[] = [];
  let i = text.indexOf('{') + 1;
  const skipSpace = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const skipString = (): void => {
    i++; // the opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++; // the closing quote
  };
  for (;;) {
    skipSpace();
    if (text[i] === ',') {
      i++;
      skipSpace();
    }
    if (i >= text.length || text[i] === '}') return members;
    const keyStart = i;
    skipString();
    const key = JSON.parse(text.slice(keyStart, i)) as string;
    skipSpace();
    i++; // the colon
    skipSpace();
    const valueStart = i;
    let depth = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        skipString();
        if (depth === 0) break;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      } else if (c === ',' && depth === 0) break;
      i++;
    }
    let valueEnd = i;
    while (valueEnd > valueStart && ' \t\r\n'.includes(text[valueEnd - 1]!)) valueEnd--;
    members.push({ key, value: [valueStart, valueEnd] });
  }
}
