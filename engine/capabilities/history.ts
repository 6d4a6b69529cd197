/**
 * The ledger read back as an answer: the events of a task, of one name, since a time, the newest `limit`
 * of them, oldest first as the ledger holds them. `history --json` prints the events one a line, and the
 * MCP tool `history` answers them; reading writes nothing.
 */
import type { Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { eventNames } from '../generated/events';
import { nearestName } from '../io/nearest-name';
import { isEventName } from '../state/ledger/problems';
import type { LedgerEntry } from '../state/ledger/read';
import { readLedger } from '../state/ledger/read';
import { openRepository } from './stores';

/** How many of the newest events `history` gives without `limit` or `all`. */
export const DEFAULT_LIMIT = 50;

export interface HistoryQuestion {
  readonly task?: string;
  readonly event?: string;
  readonly since?: string;
  /** A positive whole number, as given (`--limit` is text; the tool's is a number). */
  readonly limit?: string | number;
  readonly all?: boolean;
}

export interface HistoryAnswer {
  readonly ledger: string;
  /** The events chosen, oldest first: each its line in the ledger and the line's record. */
  readonly events: readonly { readonly line: number; readonly record: Readonly<Record<string, unknown>> }[];
  /** Lines that could not be read and were skipped (a torn tail counts as one). */
  readonly skipped: number;
}

/** The events `question` asks for. */
export function readHistory(question: HistoryQuestion, invocation: Invocation): HistoryAnswer {
  const query = parseQuery(question);
  const repository = openRepository(invocation);
  const ledger = readLedger({ root: repository.root, localDir: repository.layout.localDir });
  const chosen = select(ledger.entries, query);
  return {
    ledger: ledger.path,
    events: chosen.map((entry) => ({ line: entry.line, record: entry.record as Readonly<Record<string, unknown>> })),
    skipped: ledger.malformed.length + (ledger.torn ? 1 : 0),
  };
}

interface Query {
  readonly task?: string;
  readonly event?: string;
  readonly since?: number;
  /** Undefined: every match. */
  readonly limit?: number;
}

export function parseQuery(options: HistoryQuestion): Query {
  if (options.all && options.limit !== undefined)
    throw new UsageError('history: --limit and --all cannot be combined (--all prints every match)');
  let limit: number | undefined = options.all ? undefined : DEFAULT_LIMIT;
  if (options.limit !== undefined) {
    if (!/^[1-9][0-9]{0,8}$/.test(String(options.limit)))
      throw new UsageError(`history: --limit ${JSON.stringify(options.limit)} is not a positive whole number (give a count, or --all)`);
    limit = Number(options.limit);
  }
  if (options.event !== undefined && !isEventName(options.event)) {
    const nearest = nearestName(options.event, eventNames);
    throw new UsageError(
      `history: --event ${JSON.stringify(options.event)} is not an event of the ledger's vocabulary${nearest ? ` (did you mean ${nearest}?)` : ''} (the names are in share/events.yaml; run: majordomus history --help)`,
    );
  }
  let since: number | undefined;
  if (options.since !== undefined) {
    // a date, or a date and time in UTC: what the ledger's own `ts` looks like
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?Z?)?$/.test(options.since) || Number.isNaN(Date.parse(sinceText(options.since)))) {
      throw new UsageError(
        `history: --since ${JSON.stringify(options.since)} is not a UTC date or time (give 2026-09-03 or 2026-09-03T19:30:12Z)`,
      );
    }
    since = Date.parse(sinceText(options.since));
  }
  return {
    ...(options.task !== undefined ? { task: options.task } : {}),
    ...(options.event !== undefined ? { event: options.event } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

/** A date alone is its midnight; a time without its zone is UTC, as the ledger writes it. */
function sinceText(text: string): string {
  if (text.length === 10) return `${text}T00:00:00Z`;
  return text.endsWith('Z') ? text : `${text}Z`;
}

export function select(entries: readonly LedgerEntry[], query: Query): LedgerEntry[] {
  const matches = entries.filter(
    (entry) =>
      (query.task === undefined || entry.record.task_id === query.task) &&
      (query.event === undefined || entry.event === query.event) &&
      (query.since === undefined || Date.parse(entry.ts) >= query.since),
  );
  // the newest `limit`, printed oldest first, as the ledger holds them
  return query.limit === undefined ? matches : matches.slice(Math.max(matches.length - query.limit, 0));
}
