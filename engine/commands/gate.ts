/**
 * doctor, check, finish --check and watch: run one gate through the gate entry (engine/run-gate.ts),
 * print one finding a line and a summary, and set the exit code the failing rules ask for.
 */
import { ExitCode } from '../errors';
import { formatJson, formatText, isFailing } from '../findings';
import type { Finding } from '../findings';
import type { GateName } from '../generated/gates';
import { repositoryValidatorSwitch } from '../isolation/settings';
import { runGate } from '../run-gate';
import type { GateOutcome } from '../run-gate';

export interface GateOptions {
  readonly json?: boolean;
  /** `--rule`, repeatable: the rules to run, each an id or id@version. */
  readonly rule?: readonly string[];
  readonly quiet?: boolean;
  /** False for `--no-repository-validators`. */
  readonly repositoryValidators?: boolean;
}

/** At most this many findings of one rule are printed as text; `--json` prints every one. */
export const TEXT_FINDINGS_PER_RULE = 200;
/** Lines written to stdout at a time, so millions of findings never become one string. */
const LINES_PER_WRITE = 4096;

/** Run `gate` in the repository around the working directory. */
export async function runGateCommand(gate: GateName, options: GateOptions, cwd = process.cwd(), env = process.env): Promise<void> {
  const repositoryValidators = repositoryValidatorSwitch(options.repositoryValidators, env);
  // every validator's promise is awaited here; should one of ours never settle, Node would empty its
  // event loop and exit 0 with rules unrun — a gate passed by accident. Say so, and fail, instead.
  let settled = false;
  const unfinished = (): void => {
    if (settled) return;
    process.stderr.write(`majordomus: ${gate} ended before every rule had run (this is a bug; run again with MAJORDOMUS_TIMING=1 to see the last rule)\n`);
    process.exitCode = ExitCode.internal;
  };
  process.once('beforeExit', unfinished);
  try {
    const outcome = await runGate({ gate, cwd, env, only: options.rule, repositoryValidators });
    print(outcome, options);
    process.exitCode = outcome.exitCode;
  } finally {
    settled = true;
    process.off('beforeExit', unfinished);
  }
}

// ------------------------------------------------------------------------------------------- printing

/** Print a gate's outcome: one line a finding (text or JSON), then the summary of text output. */
function print(outcome: GateOutcome, options: GateOptions): void {
  const { gate, findings } = outcome;
  const shown = options.quiet ? findings.filter((f) => f.level !== 'OK' && f.level !== 'INFO') : findings;
  writeLines(options.json ? jsonLines(shown) : textLines(shown, gate, findings));
}

function* jsonLines(findings: readonly Finding[]): Generator<string> {
  for (const finding of findings) yield formatJson(finding);
}

/**
 * One line a finding, at most TEXT_FINDINGS_PER_RULE of one rule (then one line saying how many more
 * `--json` holds), then the summary, which counts them all.
 */
function* textLines(shown: readonly Finding[], gate: GateName, all: readonly Finding[]): Generator<string> {
  const totals = new Map<string | undefined, number>();
  for (const finding of shown) totals.set(finding.rule, (totals.get(finding.rule) ?? 0) + 1);
  const printed = new Map<string | undefined, number>();
  for (const finding of shown) {
    const count = (printed.get(finding.rule) ?? 0) + 1;
    printed.set(finding.rule, count);
    if (count > TEXT_FINDINGS_PER_RULE) continue;
    yield formatText(finding);
    const total = totals.get(finding.rule)!;
    if (count === TEXT_FINDINGS_PER_RULE && total > count) {
      yield `…and ${total - count} more (see --json)`;
    }
  }
  yield summary(gate, all);
}

/** Write lines to stdout a batch at a time. */
function writeLines(lines: Iterable<string>): void {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length >= LINES_PER_WRITE) {
      process.stdout.write(`${batch.join('\n')}\n`);
      batch = [];
    }
  }
  if (batch.length > 0) process.stdout.write(`${batch.join('\n')}\n`);
}

/** The one summary line of a gate. */
export function summary(gate: GateName, findings: readonly Finding[]): string {
  const failing = findings.filter(isFailing).length;
  switch (gate) {
    case 'doctor':
      return `doctor: ${findings.filter((f) => f.level === 'FAIL').length} failure(s)`;
    case 'check':
      return `check: ${findings.filter((f) => f.level !== 'OK').length} finding(s), ${failing} failing`;
    case 'watch': {
      // a refused rule is a failure even under watch: the line must not read as clean beside exit 10
      const failures = findings.filter((f) => f.level === 'FAIL').length;
      const drift = `watch: ${findings.filter((f) => f.level === 'DRIFT').length} drift finding(s)`;
      return failures > 0 ? `${drift}, ${failures} failure(s)` : drift;
    }
    case 'finish':
      return failing > 0 ? `finish: refused, ${failing} unmet` : 'finish: ready, 0 unmet';
    default:
      return `${gate}: ${failing} failing`;
  }
}
