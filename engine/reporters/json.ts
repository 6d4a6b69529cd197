/**
 * `--format json` (`--json`): one JSON object a finding, a line each, no summary. The keys keep their
 * order — `level, category, subject, message, reproduce, rule, file, line` — and the ones added later
 * follow them (`column, endLine, endColumn, version, help, fix`); an absent value is `null`. Values are
 * exact: nothing is escaped beyond what JSON itself escapes.
 */

import type { Finding } from '../api/findings';
import { isOutcome } from '../api/findings';
import type { GateReport, Reporter } from './report';

export const jsonReporter: Reporter = {
  format: 'json',
  *render(report: GateReport): Generator<string> {
    for (const finding of report.findings) {
      if (report.quiet && isOutcome(finding.level)) continue;
      yield formatJson(finding);
    }
  },
};

/** One finding as one line of JSON, with a fixed key order. */
export function formatJson(finding: Finding): string {
  return JSON.stringify({
    level: finding.level,
    category: finding.category,
    subject: finding.subject,
    message: finding.message,
    reproduce: finding.reproduce ?? null,
    rule: finding.rule ?? null,
    file: finding.file ?? null,
    line: finding.line ?? null,
    column: finding.column ?? null,
    endLine: finding.endLine ?? null,
    endColumn: finding.endColumn ?? null,
    version: finding.version ?? null,
    help: finding.help ?? null,
    fix: finding.fix ?? null,
  });
}
