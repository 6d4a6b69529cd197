/**
 * `--format text`, the default: one line a finding, at most TEXT_FINDINGS_PER_RULE of one rule, then
 * the gate's summary line. Every field is printed with its control characters escaped, so a file name
 * or a message holding a newline stays on its one line and cannot forge another finding.
 */

import type { Finding } from '../api/findings';
import { isFailing, isOutcome } from '../api/findings';
import type { GateName } from '../generated/gates';
import { escapeControls } from '../io/document-error';
import type { GateReport, Reporter } from './report';

/** At most this many findings of one rule are printed as text; `--format json` prints every one. */
export const TEXT_FINDINGS_PER_RULE = 200;

export const textReporter: Reporter = {
  format: 'text',
  *render(report: GateReport): Generator<string> {
    const { findings, gate, quiet } = report;
    const shown = quiet ? findings.filter((finding) => !isOutcome(finding.level)) : findings;
    const totals = new Map<string | undefined, number>();
    for (const finding of shown) totals.set(finding.rule, (totals.get(finding.rule) ?? 0) + 1);
    const printed = new Map<string | undefined, number>();
    for (const finding of shown) {
      const count = (printed.get(finding.rule) ?? 0) + 1;
      printed.set(finding.rule, count);
      if (count > TEXT_FINDINGS_PER_RULE) continue;
      yield formatText(finding);
      const total = totals.get(finding.rule)!;
      if (count === TEXT_FINDINGS_PER_RULE && total > count) yield `…and ${total - count} more (see --json)`;
    }
    yield summary(gate, findings);
  },
};

/** `%-4s %-11s %s — %s`, then `  [reproduce: …]` when there is one. */
export function formatText(finding: Finding): string {
  const subject =
    finding.file !== undefined && finding.line !== undefined && finding.subject === finding.file
      ? `${finding.subject}:${finding.line}`
      : finding.subject;
  const head = `${finding.level.padEnd(4)} ${escapeControls(finding.category).padEnd(11)} ${escapeControls(subject)} — ${escapeControls(finding.message)}`;
  return finding.reproduce ? `${head}  [reproduce: ${escapeControls(finding.reproduce)}]` : head;
}

/** The one summary line of a gate, counting every finding (not only those printed). */
export function summary(gate: GateName, findings: readonly Finding[]): string {
  const failing = findings.filter(isFailing).length;
  const count = (level: Finding['level']): number => findings.filter((f) => f.level === level).length;
  switch (gate) {
    case 'doctor':
      return `doctor: ${count('FAIL')} failure(s)`;
    case 'check':
      return `check: ${findings.length - count('OK')} finding(s), ${failing} failing`;
    case 'watch': {
      // a refused rule is a failure even under watch: the line must not read as clean beside exit 10
      const failures = count('FAIL');
      const drift = `watch: ${count('DRIFT')} drift finding(s)`;
      return failures > 0 ? `${drift}, ${failures} failure(s)` : drift;
    }
    case 'finish':
      return failing > 0 ? `finish: refused, ${failing} unmet` : 'finish: ready, 0 unmet';
    default:
      return `${gate}: ${failing} failing`;
  }
}
