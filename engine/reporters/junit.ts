/**
 * `--format junit`: JUnit XML, for CI systems that show test reports. One testsuite for the gate, one
 * testcase per rule of the catalogue (and per rule the gate ran beside it): a `failure` for each of its
 * failing violations (FAIL, DRIFT: what sets the exit code; the failure's text names the level), a
 * `skipped` for a rule the gate did not check — not enforced at this gate, not machine-enforced, or
 * every check of it skipped — and nothing for a rule that passed. An advisory rule's WARN fails nothing
 * (the exit code is 0 with only warnings), so it is no `failure`: its testcase passes and carries the
 * warnings as `system-out`, which the CI's report shows beside the test. `failures` counts exactly the
 * testcases that fail the gate.
 *
 * Text is escaped for XML 1.0: markup characters become entities, line breaks and tabs inside attributes
 * become character references (so a parser does not fold them), and the characters XML 1.0 cannot hold
 * at all (most C0 controls, lone surrogates, U+FFFE, U+FFFF) are written as `\uXXXX`.
 */

import type { Finding } from '../api/findings';
import { isFailing, isViolation } from '../api/findings';
import type { Rule } from '../ruleset/rules';
import { findingText, RuleIndex } from './location';
import type { GateReport, Reporter } from './report';

export const junitReporter: Reporter = {
  format: 'junit',
  render: junitLines,
};

interface Case {
  readonly name: string;
  readonly rule?: Rule;
  readonly findings: Finding[];
}

/** The lines of the JUnit document of `report`. */
export function* junitLines(report: GateReport): Generator<string> {
  const index = new RuleIndex(report);
  const checked = new Set(report.checked);
  const cases = new Map<string, Case>();
  for (const rule of index.rules()) cases.set(rule.identity, { name: rule.identity, rule, findings: [] });
  for (const finding of report.findings) {
    const rule = index.of(finding);
    // a finding of a rule the report does not hold still gets a testcase, named by its rule id
    const key = rule ? rule.identity : `unknown:${finding.rule ?? ''}`;
    let entry = cases.get(key);
    if (!entry) cases.set(key, (entry = { name: finding.rule ?? report.gate, findings: [] }));
    entry.findings.push(finding);
  }

  const verdicts = [...cases.values()].map((entry) => ({ entry, verdict: verdictOf(entry, checked, report) }));
  const tests = verdicts.length;
  const failures = verdicts.filter(({ verdict }) => verdict.kind === 'failed').length;
  const skipped = verdicts.filter(({ verdict }) => verdict.kind === 'skipped').length;
  const counts = `tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}"`;

  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield `<testsuites name="majordomus" ${counts}>`;
  yield `  <testsuite name="${attribute(report.gate)}" ${counts}>`;
  yield '    <properties>';
  yield `      <property name="gate" value="${attribute(report.gate)}"/>`;
  yield `      <property name="exitCode" value="${report.exitCode}"/>`;
  if (report.subject !== undefined) yield `      <property name="subject" value="${attribute(report.subject)}"/>`;
  yield '    </properties>';
  const classname = attribute(`majordomus.${report.gate}`);
  for (const { entry, verdict } of verdicts) {
    const open = `    <testcase name="${attribute(entry.name)}" classname="${classname}"`;
    const warnings = entry.findings.filter((finding) => isViolation(finding) && !isFailing(finding));
    const out =
      warnings.length > 0
        ? `      <system-out>${text(warnings.map((finding) => failureBody(finding, report, index)).join('\n'))}</system-out>`
        : undefined;
    if (verdict.kind === 'passed') {
      if (out === undefined) yield `${open}/>`;
      else yield* [`${open}>`, out, '    </testcase>'];
    } else if (verdict.kind === 'skipped') {
      yield `${open}>`;
      yield `      <skipped message="${attribute(verdict.reason)}"/>`;
      yield '    </testcase>';
    } else {
      yield `${open}>`;
      for (const finding of verdict.violations) {
        yield `      <failure message="${attribute(findingText(finding))}" type="${attribute(finding.category)}">${text(failureBody(finding, report, index))}</failure>`;
      }
      if (out !== undefined) yield out;
      yield '    </testcase>';
    }
  }
  yield '  </testsuite>';
  yield '</testsuites>';
}

type Verdict = { kind: 'passed' } | { kind: 'skipped'; reason: string } | { kind: 'failed'; violations: Finding[] };

function verdictOf(entry: Case, checked: ReadonlySet<Rule>, report: GateReport): Verdict {
  const violations = entry.findings.filter(isFailing);
  if (violations.length > 0) return { kind: 'failed', violations };
  // a rule that reported only warnings ran and passed: the warnings go to its system-out
  if (entry.findings.some(isViolation)) return { kind: 'passed' };
  const { rule } = entry;
  if (rule && !checked.has(rule)) {
    if (!rule.enforcement) return { kind: 'skipped', reason: 'not machine-enforced (the rule names no validator)' };
    return { kind: 'skipped', reason: `not enforced at ${report.gate} (its gates: ${rule.enforcement.enforcedBy.join(', ')})` };
  }
  // every report of the rule said it checked nothing: the rule was not checked
  if (entry.findings.length > 0 && entry.findings.every((finding) => finding.skipped)) {
    return { kind: 'skipped', reason: entry.findings.map((finding) => finding.message).join('; ') };
  }
  return { kind: 'passed' };
}

/** `LEVEL path:line:column — what`, then the command that shows it again. */
function failureBody(finding: Finding, report: GateReport, index: RuleIndex): string {
  const location = index.locate(finding, report);
  const where = location
    ? [location.path, location.line, location.line !== undefined ? location.column : undefined]
        .filter((part) => part !== undefined)
        .join(':')
    : finding.subject;
  const lines = [`${finding.level} ${where} — ${findingText(finding)}`];
  if (finding.reproduce !== undefined) lines.push(`reproduce: ${finding.reproduce}`);
  return lines.join('\n');
}

// characters XML 1.0 cannot hold in any form: C0 controls but tab, newline and carriage return; lone
// surrogates; U+FFFE and U+FFFF
// eslint-disable-next-line no-control-regex
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function unrepresentable(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `value` as XML character data. */
export function text(value: string): string {
  return value
    .replace(FORBIDDEN, unrepresentable)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** `value` as the inside of a double-quoted XML attribute. */
export function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
