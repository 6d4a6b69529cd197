/**
 * `--format text`, the default: one line a finding, at most TEXT_FINDINGS_PER_RULE of one rule, then
 * the gate's summary line. Every field is printed with its control characters escaped, so a file name
 * or a message holding a newline stays on its one line and cannot forge another finding.
 */

import type { Finding } from '../api/findings';
import { isFailing, isOutcome } from '../api/findings';
import type { GateName } from '../generated/gates';
import { paint } from '../io/colour';
import { escapeControls } from '../io/document-error';
import type { GateReport, Reporter } from './report';

/** At most this many findings of one rule are printed as text; `--format json` prints every one. */
export const TEXT_FINDINGS_PER_RULE = 200;

export const textReporter: Reporter = {
  format: 'text',
  *render(report: GateReport): Generator<string> {
    const { findings, gate, quiet, colour } = report;
    const shown = quiet ? findings.filter((finding) => !isOutcome(finding.level)) : findings;
    const totals = new Map<string | undefined, number>();
    for (const finding of shown) totals.set(finding.rule, (totals.get(finding.rule) ?? 0) + 1);
    const printed = new Map<string | undefined, number>();
    for (const finding of shown) {
      const count = (printed.get(finding.rule) ?? 0) + 1;
      printed.set(finding.rule, count);
      if (count > TEXT_FINDINGS_PER_RULE) continue;
      yield formatText(finding, colour);
      const total = totals.get(finding.rule)!;
      if (count === TEXT_FINDINGS_PER_RULE && total > count) yield `…and ${total - count} more (see --json)`;
    }
    yield summary(gate, findings);
  },
};

/** The colour of a level on a terminal: what fails red, a warning yellow, the rest plain. */
const LEVEL_COLOURS: Partial<Record<Finding['level'], 'red' | 'yellow'>> = { FAIL: 'red', DRIFT: 'red', WARN: 'yellow' };

/** `%-4s %-11s %s — %s`, then `  [reproduce: …]` when there is one; with `colour`, the level coloured. */
export function formatText(finding: Finding, colour = false): string {
  const subject =
    finding.file !== undefined && finding.line !== undefined && finding.subject === finding.file
      ? `${finding.subject}:${finding.line}`
      : finding.subject;
  const tint = colour ? LEVEL_COLOURS[finding.level] : undefined;
  const level = tint ? paint(finding.level, tint) + ' '.repeat(Math.max(0, 4 - finding.level.length)) : finding.level.padEnd(4);
  const head = `${level} ${escapeControls(finding.category).padEnd(11)} ${escapeControls(subject)} — ${escapeControls(finding.message)}`;
  return finding.reproduce ? `${head}  [reproduce: ${escapeControls(finding.reproduce)}]` : head;
}

/**
 * The one summary line of a gate, in one grammar for every gate but finish: `<gate>: F failure(s)`,
 * then `, W warning(s)` and `, D drift finding(s)` when there are any. It counts the violations (FAIL,
 * WARN, DRIFT) and nothing else, so it counts only what every form of the text output prints — `--quiet`
 * leaves out the OK and INFO lines, never a violation — and every one of them, the ones past the cap of
 * one rule included (the `…and M more` line says so). finish keeps its verdict: `finish: ready, 0
 * unmet` or `finish: refused, N unmet`.
 */
export function summary(gate: GateName, findings: readonly Finding[]): string {
  const count = (level: Finding['level']): number => findings.filter((f) => f.level === level).length;
  if (gate === 'finish') {
    const failing = findings.filter(isFailing).length;
    return failing > 0 ? `finish: refused, ${failing} unmet` : 'finish: ready, 0 unmet';
  }
  const parts = [`${count('FAIL')} failure(s)`];
  const warnings = count('WARN');
  if (warnings > 0) parts.push(`${warnings} warning(s)`);
  const drift = count('DRIFT');
  if (drift > 0) parts.push(`${drift} drift finding(s)`);
  return `${gate}: ${parts.join(', ')}`;
}
