/**
 * What makes a ledger unusable as evidence, line by line: a line that is not an event, an event name the
 * vocabulary does not hold, and a torn tail. `history --validate` and the ledger-integrity rule report
 * the same list, so the command and the gate never disagree about a ledger.
 */
import { events } from '../../generated/events';
import type { LedgerContents } from './read';

/** One problem of a ledger, at its line. */
export interface LedgerProblem {
  readonly line: number;
  readonly kind: 'malformed' | 'unknown-event' | 'torn';
  /** What was found, and what to do. */
  readonly message: string;
}

/** True when `name` is an event share/events.yaml declares. */
export function isEventName(name: string): boolean {
  return Object.hasOwn(events, name);
}

/** Every problem of `contents`, in line order. */
export function ledgerProblems(contents: LedgerContents): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  for (const bad of contents.malformed) {
    problems.push({
      line: bad.line,
      kind: 'malformed',
      message: `${bad.reason}: every line is a JSON object with a string \`ts\` and \`event\` (the line is skipped by every reader; correct or remove it)`,
    });
  }
  for (const entry of contents.entries) {
    if (isEventName(entry.event)) continue;
    problems.push({
      line: entry.line,
      kind: 'unknown-event',
      message: `the event \`${entry.event}\` is not in the vocabulary (share/events.yaml): no reader recognises it`,
    });
  }
  if (contents.torn) {
    problems.push({
      line: contents.torn.line,
      kind: 'torn',
      message: `ends in a torn line: ${contents.torn.bytes} byte(s) without a newline, a write that never finished; appends are refused until it is moved aside (run: majordomus history --repair)`,
    });
  }
  return problems.sort((a, b) => a.line - b.line);
}
