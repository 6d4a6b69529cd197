/**
 * The reader of `ops/capture.md`: the `### T<n> · <datetime>` entry headings of the capture log, the
 * datetime kept as written for the rules to judge against DATETIME.
 */
import { DATETIME, type Drift, DriftList, datetimeProblem, heading, type Line, prose, shown } from './lines';

/** `### T<n> · <datetime>` */
export interface CaptureEntry {
  readonly number: number;
  /** The heading's datetime as written; judge it with DATETIME before comparing. */
  readonly datetime: string;
  readonly line: number;
}

export interface Capture {
  readonly present: boolean;
  readonly entries: readonly CaptureEntry[];
  readonly drift: readonly Drift[];
}

export function readCapture(lines: Line[] | undefined): Capture {
  const drift = new DriftList('ops/capture.md');
  const entries: CaptureEntry[] = [];
  if (!lines) return { present: false, entries, drift: [] };
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (!head) continue;
    const tolerant = /^T(\d+)\b\s*(.*)$/.exec(head.title);
    if (!tolerant) {
      if (head.level >= 3) drift.add(n, `${shown(text)} is not a capture entry heading \`### T<n> · <YYYY-MM-DDTHH:MMZ>\``);
      continue;
    }
    const exact = /^### T(\d+) · (\S+)$/.exec(text);
    const datetime = exact ? exact[2]! : tolerant[2]!.replace(/^[\s·•|:–—-]+/, '').trim();
    const entry = { number: Number(tolerant[1]), datetime, line: n };
    const previous = entries[entries.length - 1];
    entries.push(entry);
    const problems: string[] = [];
    if (!exact) {
      if (head.level !== 3) problems.push('an entry heading is level 3 (`### `)');
      if (!tolerant[2]!.startsWith('· '))
        problems.push(
          /^\s*[-–—|:]/.test(tolerant[2]!)
            ? 'a `-` (or another mark) stands where the contract has the middle dot ` · `'
            : 'the middle dot ` · ` is missing',
        );
    }
    if (!DATETIME.test(datetime)) problems.push(datetimeProblem('the entry datetime', datetime));
    if (problems.length) drift.add(n, `the capture heading drifts from \`### T<n> · <YYYY-MM-DDTHH:MMZ>\`: ${problems.join('; ')}`);
    const expected = previous ? previous.number + 1 : 1;
    if (entry.number !== expected) {
      drift.add(
        n,
        `T${entry.number} ${previous ? `follows T${previous.number}` : 'is the first entry'}: entries are numbered in order, T1, T2, …`,
      );
    }
  }
  return { present: true, entries, drift: drift.items };
}
