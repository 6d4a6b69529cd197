/**
 * doctor, check, finish --check and watch: run one gate through the gate entry (engine/gate/run-gate.ts) with
 * the reporter of the format asked for on the runner's hooks, and set the exit code the failing rules
 * ask for.
 */

import type { AnyModelProvider } from '../api/validator';
import { gatePlugins } from '../capabilities/gates';
import type { Invocation } from '../commands/define';
import { ExitCode, UsageError } from '../errors';
import { repositoryValidatorSwitch } from '../gate/isolation/settings';
import type { RunnerPlugin } from '../gate/run-gate';
import { runGate } from '../gate/run-gate';
import type { GateName } from '../generated/gates';
import { useColour } from '../io/colour';
import type { Format } from '../reporters/index';
import { formatOf, loadReporter } from '../reporters/index';
import { ReporterPlugin } from '../reporters/report';

export interface GateOptions {
  readonly json?: boolean;
  /** `--format`: text, json, sarif, junit or github (engine/reporters/). */
  readonly format?: string;
  /** `--rule`, repeatable: the rules to run, each an id or id@version. */
  readonly rule?: readonly string[];
  readonly quiet?: boolean;
  /** False for `--no-repository-validators`. */
  readonly repositoryValidators?: boolean;
  /** `check --overlap`: add the other worktrees' overlapping claims (engine/state/tasks/overlap.ts). */
  readonly overlap?: boolean;
  /** `check --explain`: after the findings, the task judged and each rule that reported a violation (text and JSON). */
  readonly explain?: boolean;
  /** `check --checkpoint`: once the rules ran, record an empty-body checkpoint of the active task. */
  readonly checkpoint?: boolean;
  /** `doctor --fix`: run the tool's own commands the findings name as their remedy, then doctor again. */
  readonly fix?: boolean;
}

/** Run `gate` in the repository around the working directory. */
export async function runGateCommand(
  gate: GateName,
  options: GateOptions,
  invocation: Invocation,
  given?: ReadonlyMap<AnyModelProvider, unknown>,
): Promise<void> {
  const { cwd, env } = invocation;
  const repositoryValidators = repositoryValidatorSwitch(options.repositoryValidators, env);
  const format = formatOf(options);
  if (options.fix) {
    // the plan and what each command wrote are lines of text: a machine format is one document of findings
    if (format !== 'text')
      throw new UsageError(
        `doctor --fix prints its plan and what it wrote as text; run the format after it (majordomus doctor --format ${format})`,
      );
    const { planFixes, applyFixes } = await import('./fix');
    const first = await runGate({ gate, cwd, env, only: options.rule, repositoryValidators });
    await applyFixes(planFixes(first.findings), invocation, (line) => process.stdout.write(`${line}\n`));
  }
  const reporter = new ReporterPlugin(await loadReporter(format), {
    quiet: options.quiet,
    // FAIL red, WARN yellow on a terminal, as NO_COLOR and FORCE_COLOR allow
    colour: format === 'text' && useColour(env, process.stdout.isTTY),
    // a gate's findings name repository-relative files, and its rules' files are in the repository;
    // the lines a fingerprint hashes are read from the tree the gate judged (ReporterPlugin)
    paths: { prefix: '', rulesInRepository: true },
  });
  // every validator's promise is awaited here; should one of ours never settle, Node would empty its
  // event loop and exit 0 with rules unrun — a gate passed by accident. Say so, and fail, instead.
  let settled = false;
  const unfinished = (): void => {
    if (settled) return;
    process.stderr.write(
      `majordomus: ${gate} ended before every rule had run (this is a bug; run again with MAJORDOMUS_TIMING=1 to see the last rule)\n`,
    );
    process.exitCode = ExitCode.internal;
  };
  process.once('beforeExit', unfinished);
  try {
    // the plugins the gate runs with (check's active task and overlap, finish's contract), as the MCP gates do
    const plugins: RunnerPlugin[] = [...(await gatePlugins(gate, options, env)), reporter];
    // tapped after the reporter, so its lines follow the findings; SARIF, JUnit and GitHub's are whole documents
    if (options.explain && (format === 'text' || format === 'json')) plugins.push(new (await import('./explain')).ExplainPlugin(format));
    const outcome = await runGate({ gate, cwd, env, only: options.rule, repositoryValidators, plugins, ...(given ? { given } : {}) });
    process.exitCode = outcome.exitCode;
    if (gate === 'check' && options.checkpoint) await checkpointAfterCheck(format, cwd, env);
  } finally {
    settled = true;
    process.off('beforeExit', unfinished);
  }
}

/**
 * `check --checkpoint`: the checkpoint `majordomus checkpoint < /dev/null` records (the task's
 * `checkpoint_at` moved, `task.checkpoint` without a path), recorded after the rules ran whatever they
 * found — a checkpoint marks progress, not success — so the exit code stays the gate's. A checkpoint
 * that cannot be recorded (a task of another checkout, the lock held, a torn ledger) is the error it is.
 * Text and JSON get its line after the findings; the other formats print one document, so it goes to stderr.
 */
async function checkpointAfterCheck(format: Format, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { activeTask } = await import('../state/tasks/current');
  const { checkpointLine } = await import('./records');
  const { recordCheckpoint } = await import('../state/records/write');
  const { Repository } = await import('../layer/repository');
  const command = 'check --checkpoint';
  // the working tree, as `checkpoint` reads it: inside a pre-commit hook the gate judged the index
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const task = activeTask(repository, command);
  const line = checkpointLine(task, await recordCheckpoint(repository, task, '', command), format === 'json');
  if (format === 'text' || format === 'json') process.stdout.write(`${line}\n`);
  else process.stderr.write(`majordomus: ${line}\n`);
}
