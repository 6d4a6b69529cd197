/**
 * Findings: what a gate reports. A validator reports a violation; the engine decides its level from the
 * rule's class and the gate, and its exit code from the rule (or the gate, for drift). How findings are
 * printed is the reporters' business (engine/reporters/).
 */

/**
 * The level of a violation: how much it weighs. A validator reports a violation; the rule's class and
 * the gate decide which of these it is (blocking → FAIL, advisory → WARN, blocking under watch → DRIFT).
 */
export type Severity = 'FAIL' | 'WARN' | 'DRIFT';

/** The level of a report that is no violation: something checked and found in order, or a note. */
export type Outcome = 'OK' | 'INFO';

/** The level of a finding: a severity or an outcome. Validators never choose one; the runner stamps it. */
export type Level = Severity | Outcome;

/**
 * What each severity means wherever a finding leaves the engine, in one table: whether it fails the gate
 * (counts toward the exit code), and the level SARIF, JUnit and GitHub give it. DRIFT fails the gate it
 * is reported at (watch exits 11), so it is an error everywhere, like FAIL.
 */
export const SEVERITIES: Readonly<
  Record<Severity, { readonly failing: boolean; readonly sarif: 'error' | 'warning'; readonly github: 'error' | 'warning' }>
> = {
  FAIL: { failing: true, sarif: 'error', github: 'error' },
  DRIFT: { failing: true, sarif: 'error', github: 'error' },
  WARN: { failing: false, sarif: 'warning', github: 'warning' },
};

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
  /** The version of that rule. */
  readonly version?: number;
  /**
   * Where the rule is documented: `docs/RULES.md#<anchor>` of the distribution, for a rule of a pack it
   * ships; absent for the repository's own rules, whose file is their documentation.
   */
  readonly help?: string;
  readonly file?: string;
  /** 1-based. */
  readonly line?: number;
  /** 1-based, in UTF-16 code units (a JavaScript string's index + 1). */
  readonly column?: number;
  /** The last line of the region, when it spans more than the one. */
  readonly endLine?: number;
  /** The column just after the region's last character (exclusive, as SARIF counts it). */
  readonly endColumn?: number;
  /** The command of this tool that repairs it, as arguments after `majordomus` (the validator's `fix`). */
  readonly fix?: readonly string[];
  /** The exit code this finding asks for; 0 for OK, INFO and WARN. Not printed. */
  readonly exitCode: number;
  /** True for a note that something was not checked (a validator's `skip`). Not printed. */
  readonly skipped?: boolean;
}

/** True when `level` is a severity: the finding is a violation (FAIL, WARN or DRIFT), not an outcome. */
export function isSeverity(level: Level): level is Severity {
  return level === 'FAIL' || level === 'WARN' || level === 'DRIFT';
}

/** True when `level` is an outcome (OK, INFO): no violation. */
export function isOutcome(level: Level): level is Outcome {
  return !isSeverity(level);
}

/** True when the finding is a violation, failing or not: the one place that decides it. */
export function isViolation(finding: Finding): finding is Finding & { readonly level: Severity } {
  return isSeverity(finding.level);
}

/** True when the finding counts against the gate (FAIL, DRIFT). */
export function isFailing(finding: Finding): boolean {
  return isViolation(finding) && SEVERITIES[finding.level].failing;
}

/** The exit code of a set of findings: the highest code any failing finding asks for, else 0. */
export function exitCodeOf(findings: readonly Finding[]): number {
  let code = 0;
  for (const finding of findings) if (isFailing(finding) && finding.exitCode > code) code = finding.exitCode;
  return code;
}
