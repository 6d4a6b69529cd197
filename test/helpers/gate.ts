/**
 * A repository gate run in the test's own process, through the one gate entry (engine/gate/run-gate.ts)
 * exactly as `majordomus <gate> --json` runs it: the same working directory, an environment built like
 * the one a spawned CLI gets (`cleanEnv`: git's selectors stripped, so a suite run from inside a git
 * hook never touches the outer repository), the same JSON reporter on the runner's hooks, and errors
 * that carry an exit code turned into that code. A table case costs the gate's own work, not a Node
 * start-up and a bundle load (tens of milliseconds against hundreds).
 *
 * What only a process shows — the real binary's exit status, its stdout and stderr as a user sees
 * them, argument parsing — stays with `TempRepo.run` and `TempRepo.gate`.
 */
import { expect } from 'vitest';
import { MajordomusError } from '../../engine/errors';
import { repositoryValidatorSwitch } from '../../engine/gate/isolation/settings';
import { runGate } from '../../engine/gate/run-gate';
import type { RepositoryGateName } from '../../engine/generated/gates';
import type { Format } from '../../engine/reporters/index';
import { loadReporter } from '../../engine/reporters/index';
import { ReporterPlugin } from '../../engine/reporters/report';
import type { JsonFinding, RunResult, TempRepo } from './repo';
import { cleanEnv, parseFindings } from './repo';

export interface GateRun {
  /** The exit code the CLI would end with. */
  readonly code: number;
  /** The findings as `--json` prints them. */
  readonly findings: JsonFinding[];
  /** What the CLI would print on stderr for an error that ends the gate (empty otherwise). */
  readonly stderr: string;
}

export interface GateRunOptions {
  /** `--rule`, once or repeated. */
  readonly rule?: string | readonly string[];
  /** Variables added to the clean environment, as `TempRepo.run`'s `env`. */
  readonly env?: Record<string, string>;
  /** The working directory; the repository's root by default. */
  readonly cwd?: string;
}

/** `majordomus <gate> [--rule …] --json` in the repository at `repo.dir`, run in process; see the module comment. */
export async function gateInProcess(
  repo: { readonly dir: string },
  gate: RepositoryGateName,
  options: GateRunOptions = {},
): Promise<GateRun> {
  const run = await gateOutput(repo, gate, 'json', options);
  return { code: run.code, findings: parseFindings(run.stdout), stderr: run.stderr };
}

/**
 * `majordomus <gate> [--rule …] --format <format>` run in process, as `gateInProcess` runs `--json`:
 * the reporter of that format (loaded as commands/gate.ts loads it) on the runner's hooks, writing
 * into the test; what the CLI would print on stdout and stderr, and its exit code.
 */
export async function gateOutput(
  repo: { readonly dir: string },
  gate: RepositoryGateName,
  format: Format,
  options: GateRunOptions = {},
): Promise<RunResult> {
  const env = cleanEnv(options.env);
  const out: string[] = [];
  // the plugin commands/gate.ts hands the gate entry, writing here instead of to stdout
  const reporter = new ReporterPlugin(await loadReporter(format), { paths: { prefix: '', rulesInRepository: true } }, (text) =>
    out.push(text),
  );
  const only = options.rule === undefined ? undefined : typeof options.rule === 'string' ? [options.rule] : options.rule;
  try {
    const outcome = await runGate({
      gate,
      cwd: options.cwd ?? repo.dir,
      env,
      only,
      repositoryValidators: repositoryValidatorSwitch(undefined, env),
      plugins: [reporter],
    });
    return { code: outcome.exitCode, stdout: out.join(''), stderr: '' };
  } catch (error) {
    // what engine/cli/program.ts turns into an exit code and one line on stderr; anything else is a bug, thrown
    if (!(error instanceof MajordomusError)) throw error;
    return { code: error.exitCode, stdout: out.join(''), stderr: `${[`majordomus: ${error.message}`, ...error.details].join('\n')}\n` };
  }
}

/**
 * The built CLI, run with the same gate, rules, environment and working directory, ends with the code
 * `run` reported and prints exactly its findings: what keeps an in-process table a statement about the
 * command a user runs.
 */
export function expectSameFromCli(repo: TempRepo, gate: RepositoryGateName, options: GateRunOptions, run: GateRun): void {
  const rules = options.rule === undefined ? [] : typeof options.rule === 'string' ? [options.rule] : options.rule;
  const spawned = repo.gate([gate, ...rules.flatMap((rule) => ['--rule', rule])], { env: options.env, cwd: options.cwd });
  expect({ code: spawned.code, findings: spawned.findings }).toEqual({ code: run.code, findings: run.findings });
}
