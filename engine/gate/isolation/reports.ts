/**
 * A repository validator's reports, read and sent in batches. Every field is read once, inside a
 * try, and turned into text here, in the worker: a subject whose `toString` throws, a getter that
 * throws, a Proxy, `Object.create(null)` — each becomes a report the engine cannot read (a FAIL of the
 * rule), never an error that escapes. A validator may report millions of violations; they cross to the
 * gate's thread a batch at a time, so neither side holds them twice.
 */
import { describeThrown, textOf } from '../../io/describe';
import type { NoteKind, NoteRecord, WorkerMessage } from './protocol';

/** Reports per message: large enough that 2,000,000 violations are 2,000 messages. */
const BATCH = 1000;

class Unreadable {
  constructor(readonly reason: string) {}
}

export class Reports {
  private batch: NoteRecord[] = [];
  private settled = false;

  constructor(private readonly send: (message: WorkerMessage) => void) {}

  /** Read one report of the validator and queue it. Never throws. */
  add(kind: NoteKind, note: unknown): void {
    let record: NoteRecord;
    try {
      record = this.settled ? unreadable(kind, `it was reported after the validator's run had settled`) : read(kind, note);
    } catch (error) {
      record = unreadable(kind, error instanceof Unreadable ? error.reason : describeThrown(error));
    }
    this.batch[this.batch.length] = record;
    if (this.batch.length >= BATCH || this.settled) this.flush();
  }

  /** Send what is queued. */
  flush(): void {
    if (this.batch.length === 0) return;
    const notes = this.batch;
    this.batch = [];
    this.send({ type: 'notes', notes });
  }

  /** The run settled: send what is queued; a report from now on is itself a problem. */
  settle(): void {
    this.flush();
    this.settled = true;
  }
}

function unreadable(kind: NoteKind, reason: string): NoteRecord {
  return ['unreadable', kind, reason, undefined, undefined, undefined, undefined];
}

function read(kind: NoteKind, note: unknown): NoteRecord {
  if (note === null || typeof note !== 'object')
    throw new Unreadable(`it is ${note === null ? 'null' : `a ${typeof note}`}, not an object with a subject and a message`);
  const subject = requiredText(note, 'subject');
  const message = requiredText(note, 'message');
  const file = optionalText(note, 'file');
  const line = field(note, 'line');
  const category = optionalText(note, 'category');
  const reproduce = kind === 'violation' ? optionalText(note, 'reproduce') : undefined;
  const lineNumber = position(line);
  const column = position(field(note, 'column'));
  const endLine = position(field(note, 'endLine'));
  const endColumn = position(field(note, 'endColumn'));
  if (column === undefined && endLine === undefined && endColumn === undefined)
    return [kind, subject, message, file, lineNumber, category, reproduce];
  return [kind, subject, message, file, lineNumber, category, reproduce, [column, endLine, endColumn]];
}

/** A line or a column is a positive whole number or nothing: anything else is dropped, not guessed at. */
function position(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

function field(note: object, name: string): unknown {
  try {
    return (note as { [key: string]: unknown })[name];
  } catch (error) {
    throw new Unreadable(`reading its \`${name}\` threw: ${describeThrown(error)}`);
  }
}

function requiredText(note: object, name: string): string {
  const value = field(note, name);
  if (value === undefined || value === null) throw new Unreadable(`it has no \`${name}\``);
  const text = textOf(value);
  if (text === undefined) throw new Unreadable(`its \`${name}\` cannot be turned into text (${describeThrown(value)})`);
  return text;
}

function optionalText(note: object, name: string): string | undefined {
  const value = field(note, name);
  if (value === undefined || value === null) return undefined;
  const text = textOf(value);
  if (text === undefined) throw new Unreadable(`its \`${name}\` cannot be turned into text (${describeThrown(value)})`);
  return text;
}
