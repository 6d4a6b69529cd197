/**
 * The brainstorm pack's own text and JSON formats: the detector's report as the brainstorm contract
 * fixes it, byte for byte. One line per rule of the gate — `ok`, `skip`, or one `FAIL` line per
 * violation — then a `clean` or `failing` summary; or, as JSON, one document `{ folder, gate, status,
 * rules }`. The other formats (SARIF, JUnit, GitHub) are the engine's, the same as for any gate.
 */

import type { Finding } from '../api/findings';
import { isViolation } from '../api/findings';
import { packs } from '../generated/packs';
import { escapeControls } from '../io/document-error';
import type { GateReport, Reporter } from '../reporters/report';
import type { Rule } from '../ruleset/rules';

/** One rule's verdict, as the JSON report lists it. */
export interface Verdict {
  readonly id: string;
  readonly gate: string;
  readonly status: 'ok' | 'fail' | 'skip';
  readonly reason?: string;
  readonly violations: { readonly file: string | null; readonly line: number | null; readonly message: string }[];
}

export const brainstormTextReporter: Readonly<Reporter> = {
  format: 'text',
  *render(report: GateReport): Generator<string> {
    const verdicts = verdictsOf(report);
    for (const v of verdicts) {
      // a file name or a message holding a newline stays on its line; --json keeps the exact values
      if (v.status === 'ok') yield `ok   ${v.id}`;
      else if (v.status === 'skip') yield `skip ${v.id} — ${escapeControls(v.reason ?? '')}`;
      else
        for (const x of v.violations)
          yield `FAIL ${v.id} ${escapeControls(x.file ?? '')}${x.line === null ? '' : `:${x.line}`} — ${escapeControls(x.message)}`;
    }
    const violations = verdicts.reduce((n, v) => n + v.violations.length, 0);
    const failingRules = verdicts.filter((v) => v.status === 'fail').length;
    yield failingRules === 0
      ? `clean: ${verdicts.length} rule(s) at gate ${report.gate}, no violation`
      : `failing: ${violations} violation(s) in ${failingRules} of ${verdicts.length} rule(s) at gate ${report.gate}`;
  },
};

export const brainstormJsonReporter: Readonly<Reporter> = {
  format: 'json',
  *render(report: GateReport): Generator<string> {
    const verdicts = verdictsOf(report);
    const status = verdicts.some((v) => v.status === 'fail') ? 'failing' : 'clean';
    yield JSON.stringify({ folder: report.subject, gate: report.gate, status, rules: verdicts }, null, 2);
  },
};

/** A verdict for each rule the gate ran, in the contract's order. */
function verdictsOf(report: GateReport): Verdict[] {
  const byRule = new Map<string, Finding[]>();
  for (const finding of report.findings) {
    if (finding.rule === undefined) continue;
    let list = byRule.get(finding.rule);
    if (!list) byRule.set(finding.rule, (list = []));
    list.push(finding);
  }
  return ordered(report.checked).map((rule) => verdict(rule, byRule.get(rule.id) ?? []));
}

/** By the gate a rule first applies at, then by id: the order the contract lists them in, near enough. */
function ordered(rules: readonly Rule[]): Rule[] {
  const gates: readonly string[] = packs.brainstorm.gates;
  const rank = (rule: Rule): number => gates.indexOf(rule.enforcement!.enforcedBy[0]!);
  return [...rules].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function verdict(rule: Rule, findings: readonly Finding[]): Verdict {
  const gate = rule.enforcement!.enforcedBy[0]!;
  const violations = findings.filter(isViolation);
  if (violations.length > 0) {
    return {
      id: rule.id,
      gate,
      status: 'fail',
      violations: violations.map((f) => ({ file: f.file ?? null, line: f.line ?? null, message: f.message })),
    };
  }
  const skipped = findings.find((f) => f.skipped);
  if (skipped) return { id: rule.id, gate, status: 'skip', reason: skipped.message.replace(/^not checked: /, ''), violations: [] };
  return { id: rule.id, gate, status: 'ok', violations: [] };
}
