/**
 * The reader of `ops/sync-log.md`: the dispatch lines (`S<n> | gate: … | dispatched: … | scope: …`) and the
 * result lines (`S<n> → reconciled | …` or `S<n> → failed | …`), each read even when it drifts.
 */
import { arrowHint, DATETIME, type Drift, DriftList, datetimeProblem, heading, type Line, shown } from './lines';

export const SYNC_GATES = ['start', 'on-demand', 'pause', 'stop'] as const;

/** `S<n> | gate: <gate> | dispatched: <datetime> | scope: <text>` */
export interface Dispatch {
  /** `S<n>` */
  readonly id: string;
  readonly gate: string;
  readonly dispatched: string;
  readonly scope: string;
  readonly line: number;
}

/** `S<n> → reconciled | <datetime> | <summary>` or `S<n> → failed | <datetime> | <reason>` */
export interface SyncResult {
  readonly id: string;
  readonly outcome: 'reconciled' | 'failed';
  readonly at: string;
  /** The summary of a reconciled sync, the reason of a failed one. */
  readonly text: string;
  readonly line: number;
}

export interface SyncLog {
  readonly present: boolean;
  readonly dispatches: readonly Dispatch[];
  readonly results: readonly SyncResult[];
  readonly drift: readonly Drift[];
}

const DISPATCH_SHAPE = '`S<n> | gate: <gate> | dispatched: <YYYY-MM-DDTHH:MMZ> | scope: <text>`';
const RESULT_SHAPE = '`S<n> → reconciled | <YYYY-MM-DDTHH:MMZ> | <summary>` or `S<n> → failed | <YYYY-MM-DDTHH:MMZ> | <reason>`';

export function readSyncLog(lines: Line[] | undefined): SyncLog {
  const drift = new DriftList('ops/sync-log.md');
  const dispatches: Dispatch[] = [];
  const results: SyncResult[] = [];
  if (!lines) return { present: false, dispatches, results, drift: [] };
  for (const { n, text } of lines) {
    // the log is plain lines: blank lines, headings and code fences around them are not entries
    if (text.trim() === '' || heading(text) || /^\s*(`{3,}|~{3,})/.test(text)) continue;
    const body = text.replace(/^\s*(?:[-*+]\s+)?`?/, '').replace(/`$/, '');
    if (/\bgate\s*:|\bdispatched\b/i.test(body)) readDispatch(n, text, body, dispatches, drift);
    else if (/\b(reconciled|failed)\b/i.test(body)) readResult(n, text, body, results, drift);
    else drift.add(n, `${shown(text)} is neither a dispatch line ${DISPATCH_SHAPE} nor a result line ${RESULT_SHAPE}`);
  }
  let expected = 1;
  for (const dispatch of dispatches) {
    if (dispatch.id !== `S${expected}`) {
      drift.add(
        dispatch.line,
        `the dispatch ${dispatch.id} ${expected === 1 ? 'is the first' : `follows S${expected - 1}`}: ids run S1, S2, … across the session`,
      );
    }
    expected = Number(dispatch.id.slice(1)) + 1;
  }
  return { present: true, dispatches, results, drift: drift.items };
}

function readDispatch(n: number, text: string, body: string, dispatches: Dispatch[], drift: DriftList): void {
  const exact = /^S(\d+) \| gate: (\S+) \| dispatched: (\S+) \| scope: (\S.*)$/.exec(text);
  const loose = exact ?? /^S(\d+)\s*\|?\s*gate\s*:\s*([^|]*?)\s*\|\s*dispatched\s*:\s*([^|]*?)\s*\|\s*scope\s*:\s*(.*)$/i.exec(body);
  if (!loose) {
    drift.add(n, `${shown(text)} is not a dispatch line ${DISPATCH_SHAPE}`);
    return;
  }
  const [, number, gate, dispatched, scope] = loose as unknown as [string, string, string, string, string];
  dispatches.push({ id: `S${number}`, gate, dispatched, scope, line: n });
  const problems: string[] = [];
  if (!(SYNC_GATES as readonly string[]).includes(gate))
    problems.push(`the gate is ${shown(gate)}; the contract has ${SYNC_GATES.join(' · ')}`);
  if (!DATETIME.test(dispatched)) problems.push(datetimeProblem('dispatched', dispatched));
  if (scope.trim() === '') problems.push('the scope is empty');
  if (!exact && problems.length === 0) problems.push(`the line reads ${shown(text)}; write it exactly ${DISPATCH_SHAPE}`);
  if (problems.length) drift.add(n, `the dispatch line drifts: ${problems.join('; ')}`);
}

function readResult(n: number, text: string, body: string, results: SyncResult[], drift: DriftList): void {
  const exact = /^S(\d+) → (reconciled|failed) \| (\S+) \| (\S.*)$/.exec(text);
  const loose = exact ?? /^S(\d+)\s*(→|->|=>|-|:)?\s*(reconciled|failed)\s*\|\s*([^|]*?)\s*\|\s*(.*)$/i.exec(body);
  if (!loose) {
    drift.add(n, `${shown(text)} is not a result line ${RESULT_SHAPE}`);
    return;
  }
  const [number, arrow, outcome, at, said] = exact
    ? [exact[1]!, '→', exact[2]!, exact[3]!, exact[4]!]
    : [loose[1]!, loose[2] ?? '', loose[3]!, loose[4]!, loose[5]!];
  const kind = outcome.toLowerCase() === 'failed' ? 'failed' : 'reconciled';
  results.push({ id: `S${number}`, outcome: kind, at, text: said.trim(), line: n });
  const problems: string[] = [];
  if (arrow !== '→') problems.push(arrowHint(arrow));
  if (outcome !== kind) problems.push(`the outcome reads ${shown(outcome)}; the contract has \`${kind}\``);
  if (!DATETIME.test(at)) problems.push(datetimeProblem('the result datetime', at));
  if (said.trim() === '')
    problems.push(kind === 'failed' ? 'a failed result carries its reason' : 'a reconciled result carries its summary');
  if (!exact && problems.length === 0) problems.push(`the line reads ${shown(text)}; write it exactly ${RESULT_SHAPE}`);
  if (problems.length) drift.add(n, `the result line drifts: ${problems.join('; ')}`);
}
