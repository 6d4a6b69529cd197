/**
 * doctor, check, finish --check and watch: load the repository's rules, run one gate, print one finding
 * a line and a summary, and set the exit code the failing rules ask for.
 */
import { auditRules } from '../audit';
import { ExitCode } from '../errors';
import { formatJson, formatText, isFailing } from '../findings';
import type { Finding } from '../findings';
import type { GateName } from '../generated/gates';
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
}

/** Run `gate` in the repository around the working directory. */
export async function runGateCommand(gate: GateName, options: GateOptions, cwd = process.cwd()): Promise<void> {
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
  const lines = shown.map(options.json ? formatJson : formatText);
  if (!options.json) lines.push(summary(gate, findings));
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  process.exitCode = exitCode;
}

/** The one summary line of a gate. */
export function summary(gate: GateName, findings: readonly Finding[]): string {
  const failing = findings.filter(isFailing).length;
  switch (gate) {
    case 'doctor':
      return `doctor: ${findings.filter((f) => f.level === 'FAIL').length} failure(s)`;
    case 'check':
      return `check: ${findings.filter((f) => f.level !== 'OK').length} finding(s), ${failing} failing`;
    case 'watch':
      return `watch: ${findings.filter((f) => f.level === 'DRIFT').length} drift finding(s)`;
    case 'finish':
      return failing > 0 ? `finish: refused, ${failing} unmet` : 'finish: ready, 0 unmet';
    default:
      return `${gate}: ${failing} failing`;
  }
}
