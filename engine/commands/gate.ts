/**
 * doctor, check, finish --check and watch: load the repository's rules, run one gate, print one finding
 * a line and a summary, and set the exit code the failing rules ask for.
 */
import { auditRules } from '../audit';
import { ExitCode } from '../errors';
import { formatJson, formatText, isFailing } from '../findings';
import type { Finding } from '../findings';
import type { GateName } from '../generated/gates';
import { repositoryValidatorSwitch } from '../isolation/settings';
import type { RepositoryValidators } from '../isolation/settings';
import { DocumentError } from '../layer/document-error';
import { GitRepository } from '../layer/git';
import { MANIFEST_PATH, openLayout } from '../layer/layout';
import { treeFor } from '../layer/tree';
import { TimingPlugin } from '../plugins/timing';
import { builtinRegistry } from '../registry';
import { Repository } from '../repository';
import { loadRuleSet } from '../rules';
import { Runner } from '../runner';

export interface GateOptions {
  readonly json?: boolean;
  readonly rule?: string;
  readonly quiet?: boolean;
  /** False for `--no-repository-validators`. */
  readonly repositoryValidators?: boolean;
}

/** At most this many findings of one rule are printed as text; `--json` prints every one. */
export const TEXT_FINDINGS_PER_RULE = 200;
/** Lines written to stdout at a time, so millions of findings never become one string. */
const LINES_PER_WRITE = 4096;

/** Run `gate` in the repository around the working directory. */
export async function runGateCommand(gate: GateName, options: GateOptions, cwd = process.cwd()): Promise<void> {
  const repositoryValidators = repositoryValidatorSwitch(options.repositoryValidators);
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
    await runGate(gate, options, repositoryValidators, cwd);
  } finally {
    settled = true;
    process.off('beforeExit', unfinished);
  }
}

async function runGate(gate: GateName, options: GateOptions, repositoryValidators: RepositoryValidators, cwd: string): Promise<void> {
  const git = GitRepository.discover(cwd);
  let findings: readonly Finding[];
  let exitCode: number;
  try {
    const repository = new Repository(git, openLayout(git.root, treeFor(git.root)));
    const runner = new Runner();
    if (process.env.MAJORDOMUS_TIMING === '1') new TimingPlugin().apply(runner);
    const result = await runner.run({
      gate,
      repository,
      ruleSet: loadRuleSet(repository.layout),
      registry: builtinRegistry(repository.layout),
      only: options.rule,
      auditRules,
      repositoryValidators,
    });
    findings = result.findings;
    exitCode = result.exitCode;
  } catch (error) {
    // a manifest that cannot be read leaves nothing to discover: that alone is the finding
    if (!(error instanceof DocumentError) || error.file !== MANIFEST_PATH) throw error;
    findings = [
      {
        level: 'FAIL',
        category: 'layout',
        subject: MANIFEST_PATH,
        message: `${error.reason} (${error.fix})`,
        rule: 'majordomus.ai-layout-integrity',
        file: MANIFEST_PATH,
        line: error.line,
        reproduce: `majordomus ${gate}`,
        exitCode: ExitCode.contract,
      },
    ];
    exitCode = ExitCode.contract;
  }
  const shown = options.quiet ? findings.filter((f) => f.level !== 'OK' && f.level !== 'INFO') : findings;
  writeLines(options.json ? jsonLines(shown) : textLines(shown, gate, findings));
  process.exitCode = exitCode;
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
