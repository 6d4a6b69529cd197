/**
 * Findings: what a gate reports, one a line. A validator reports a violation; the engine decides its
 * level from the rule's class and the gate, and its exit code from the rule (or the gate, for drift).
 */
import { escapeControls } from './layer/document-error';

/** The level of a finding. Validators never choose one; the runner stamps it. */
export type Level = 'FAIL' | 'WARN' | 'DRIFT' | 'OK' | 'INFO';

/** One finding, as printed and as `--json` serialises it. */
export interface Finding {
  readonly level: Level;
  /** What the finding is filed under (the rule's category unless the validator says otherwise). */
  readonly category: string;
  /** What is wrong: a repository-relative path, an id. */
  readonly subject: string;
  /** What was found and why it matters. */
  readonly message: string;
  /** A command that shows the finding again. */
  readonly reproduce?: string;
  /** The id of the rule that produced it. */
  readonly rule?: string;
  readonly file?: string;
  readonly line?: number;
  /** The exit code this finding asks for; 0 for OK, INFO and WARN. Not printed. */
  readonly exitCode: number;
  /** True for a note that something was not checked (a validator's `skip`). Not printed. */
  readonly skipped?: boolean;
}

/** True when the finding counts against the gate. */
export function isFailing(finding: Finding): boolean {
  return finding.level === 'FAIL' || finding.level === 'DRIFT';
}

/** The exit code of a set of findings: the highest code any failing finding asks for, else 0. */
export function exitCodeOf(findings: readonly Finding[]): number {
  let code = 0;
  for (const finding of findings) if (isFailing(finding) && finding.exitCode > code) code = finding.exitCode;
  return code;
}

/**
 * `%-4s %-11s %s — %s`, then `  [reproduce: …]` when there is one. Every field is printed with its
 * control characters escaped, so a file name or a message holding a newline stays on its one line and
 * cannot forge another finding; `formatJson` keeps the exact values.
 */
export function formatText(finding: Finding): string {
  const subject =
    finding.file !== undefined && finding.line !== undefined && finding.subject === finding.file
      ? `${finding.subject}:${finding.line}`
      : finding.subject;
  const head = `${finding.level.padEnd(4)} ${escapeControls(finding.category).padEnd(11)} ${escapeControls(subject)} — ${escapeControls(finding.message)}`;
  return finding.reproduce ? `${head}  [reproduce: ${escapeControls(finding.reproduce)}]` : head;
}

/** One JSON object a line, with a fixed key order. */
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
  });
}
