/**
 * doctor, check, finish --check and watch: load the repository's rules, run one gate, print its report in
 * the format asked for (a reporter on the runner's hooks), and set the exit code the failing rules ask for.
 */
import { auditRules } from '../audit';
import { ExitCode } from '../errors';
import type { Finding } from '../findings';
import type { GateName } from '../generated/gates';
import { repositoryValidatorSwitch } from '../isolation/settings';
import type { RepositoryValidators } from '../isolation/settings';
import { DocumentError } from '../layer/document-error';
import { GitRepository } from '../layer/git';
import { MANIFEST_PATH, openLayout } from '../layer/layout';
import { treeFor } from '../layer/tree';
import type { Tree } from '../layer/tree';
import { TimingPlugin } from '../plugins/timing';
import { builtinRegistry } from '../registry';
import { formatOf, loadReporter } from '../reporters/index';
import { emit, lineReader, ReporterPlugin } from '../reporters/report';
import type { Reporter, ReportContext } from '../reporters/report';
import { Repository } from '../repository';
import { loadRuleSet } from '../rules';
import { Runner } from '../runner';

export interface GateOptions {
  readonly json?: boolean;
  /** `--format`: text, json, sarif, junit or github (engine/reporters/). */
  readonly format?: string;
  readonly rule?: string;
  readonly quiet?: boolean;
  /** False for `--no-repository-validators`. */
  readonly repositoryValidators?: boolean;
}

/** Run `gate` in the repository around the working directory. */
export async function runGateCommand(gate: GateName, options: GateOptions, cwd = process.cwd()): Promise<void> {
  const repositoryValidators = repositoryValidatorSwitch(options.repositoryValidators);
  const reporter = await loadReporter(formatOf(options));
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
    await runGate(gate, options, repositoryValidators, reporter, cwd);
  } finally {
    settled = true;
    process.off('beforeExit', unfinished);
  }
}

async function runGate(gate: GateName, options: GateOptions, repositoryValidators: RepositoryValidators, reporter: Reporter, cwd: string): Promise<void> {
  const git = GitRepository.discover(cwd);
  const context = (tree?: Tree): ReportContext => ({
    quiet: options.quiet,
    paths: { prefix: '', rulesInRepository: true, lineText: tree ? lineReader((file) => tree.readText(file)) : undefined },
  });
  try {
    const repository = new Repository(git, openLayout(git.root, treeFor(git.root)));
    const runner = new Runner();
    if (process.env.MAJORDOMUS_TIMING === '1') new TimingPlugin().apply(runner);
    new ReporterPlugin(reporter, context(repository.layout.tree)).apply(runner);
    const result = await runner.run({
      gate,
      repository,
      ruleSet: loadRuleSet(repository.layout),
      registry: builtinRegistry(repository.layout),
      only: options.rule,
      auditRules,
      repositoryValidators,
    });
    process.exitCode = result.exitCode;
  } catch (error) {
    // a manifest that cannot be read leaves nothing to discover: that alone is the finding
    if (!(error instanceof DocumentError) || error.file !== MANIFEST_PATH) throw error;
    const findings: Finding[] = [
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
    emit(reporter, { ...context(), gate, findings, exitCode: ExitCode.contract, catalogue: [], checked: [] }, (text) => void process.stdout.write(text));
    process.exitCode = ExitCode.contract;
  }
}
