/**
 * The gates as answers: `doctor`, `check`, `watch` and `finish --check` run through the one gate entry
 * with the plugins the command gives each, and the JSON reporter's own lines collected instead of
 * printed — so a finding here is, byte for byte, the line `--json` prints. A gate records nothing.
 */
import type { Invocation } from '../commands/define';
import { repositoryValidatorSwitch } from '../gate/isolation/settings';
import type { RunnerPlugin } from '../gate/run-gate';
import { runGate } from '../gate/run-gate';
import type { GateName } from '../generated/gates';
import { ReporterPlugin } from '../reporters/report';

/** What a gate takes beside its name: the rules to run (`--rule`), `--quiet`, `--no-repository-validators`. */
export interface GateQuestion {
  readonly rule?: readonly string[];
  readonly quiet?: boolean;
  readonly repositoryValidators?: boolean;
  /** `check --overlap`: the other worktrees' overlapping claims. */
  readonly overlap?: boolean;
}

/** The plugins a gate runs with before its reporter: check's active task and overlap, finish's contract. */
export async function gatePlugins(
  gate: GateName,
  question: Pick<GateQuestion, 'rule' | 'overlap'>,
  env: Invocation['env'],
): Promise<RunnerPlugin[]> {
  // check judges the active task: without one it ends with 12 before any rule (engine/state/tasks/active.ts)
  const overlap = question.overlap ? [new (await import('../state/tasks/overlap')).OverlapPlugin(env as NodeJS.ProcessEnv)] : [];
  const plugins: RunnerPlugin[] =
    gate === 'check' ? [new (await import('../state/tasks/active')).ActiveTaskRequired(), ...overlap] : overlap;
  // the finish contract's own findings: every finish_requires key defined by a rule (engine/state/tasks/contract.ts)
  if (gate === 'finish' && !question.rule) plugins.unshift(new (await import('../state/tasks/contract')).FinishContract());
  return plugins;
}

/** One finding, as `--format json` prints it. */
export type JsonFinding = Readonly<Record<string, unknown>>;

export interface GateAnswer {
  readonly gate: GateName;
  /** The exit code the command ends with. */
  readonly exit_code: number;
  /** Every finding the JSON reporter prints, in its order (without OK and INFO under `quiet`). */
  readonly findings: readonly JsonFinding[];
}

/** A reporter plugin whose lines are kept, one JSON object each, rather than printed. */
export async function collectingReporter(quiet: boolean | undefined): Promise<{ plugin: ReporterPlugin; findings: JsonFinding[] }> {
  const { jsonReporter } = await import('../reporters/json');
  const findings: JsonFinding[] = [];
  const plugin = new ReporterPlugin(jsonReporter, { quiet, paths: { prefix: '', rulesInRepository: true } }, (text) => {
    for (const line of text.split('\n')) if (line !== '') findings.push(JSON.parse(line) as JsonFinding);
  });
  return { plugin, findings };
}

/** Run `gate` in the repository around the invocation's directory and answer its findings. */
export async function judge(gate: GateName, question: GateQuestion, invocation: Invocation): Promise<GateAnswer> {
  const env = invocation.env as NodeJS.ProcessEnv;
  const repositoryValidators = repositoryValidatorSwitch(question.repositoryValidators, env);
  const { plugin, findings } = await collectingReporter(question.quiet);
  const plugins = [...(await gatePlugins(gate, question, env)), plugin];
  const outcome = await runGate({ gate, cwd: invocation.cwd, env, only: question.rule, repositoryValidators, plugins });
  return { gate, exit_code: outcome.exitCode, findings };
}
