/**
 * `--format github`: GitHub Actions workflow commands, one a violation, which the runner turns into
 * annotations on the pull request's files — `::error` for FAIL and DRIFT (both fail the gate), `::warning`
 * for WARN — then the gate's summary line as plain text for the log. OK and INFO print nothing.
 *
 *   ::error file=<path>,line=<n>,col=<n>,title=<rule> (<category>)::<subject> — <message>
 *
 * A finding without a file is placed on its rule's file, as in SARIF; the end column is left out (whether
 * GitHub counts it inclusive or, as SARIF does, exclusive is not written down; the start is enough).
 *
 * The runner decodes `%25`, `%0D` and `%0A` in the message, and `%3A` and `%2C` too in a property, so
 * those are what is escaped: `%` first, so an escape the text already held is not decoded by mistake.
 */
import { isViolation, SEVERITIES } from '../api/findings';
import { findingText, RuleIndex } from './location';
import type { GateReport, Reporter } from './report';
import { summary } from './text';

export const githubReporter: Reporter = {
  format: 'github',
  *render(report: GateReport): Generator<string> {
    const index = new RuleIndex(report);
    for (const finding of report.findings) {
      if (!isViolation(finding)) continue;
      const location = index.locate(finding, report);
      const properties: [string, string | number | undefined][] = [
        ['file', location?.path],
        ['line', location?.line],
        ['col', location?.line !== undefined ? location.column : undefined],
        ['endLine', location?.endLine],
        ['title', finding.rule !== undefined ? `${finding.rule} (${finding.category})` : finding.category],
      ];
      const shown = properties
        .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
        .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
      yield `::${SEVERITIES[finding.level].github} ${shown.join(',')}::${escapeData(findingText(finding))}`;
    }
    // a plain line: what the log shows at the end, the same summary the text format ends with
    yield summary(report.gate, report.findings);
  },
};

/** The message of a workflow command: `%`, CR and LF escaped. */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: as the message, and `:` and `,` too. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
