/**
 * The command line run in the test's own process: the program engine/cli/program.ts builds from the one
 * list of commands (the same argument parsing, the same actions), handed an invocation like the one a
 * spawned CLI gets (the working directory, the clean environment of `cleanEnv`, the built CLI as `self`),
 * with what it writes to stdout and stderr captured and an error turned into its exit code by the
 * binary's own mapping (`exitCodeFor`). A case costs the command's own work, not a Node start-up and a
 * bundle load (tens of milliseconds against hundreds).
 *
 * For the cases of a table: each table also runs one case through the built CLI and asserts the same
 * exit code, stdout and stderr, byte for byte (`expectSameAsCli`), as the gate tables do
 * (helpers/gate.ts), so the table stays a statement about the command a user runs. What only a process
 * shows stays with `TempRepo.run`: stdin, signals, hooks run by git, a variable the process reads, a
 * command that spawns itself, concurrency, and the tests that are about the binary's own exit status.
 *
 * The tests of a file run one after another and nothing else in the worker writes to stdout or stderr
 * meanwhile, so replacing the two streams' `write` for the length of a command is safe (as
 * helpers/commands.ts does for stdout); both are put back, and `process.exitCode` with them.
 */
import { expect } from 'vitest';
import { buildProgram, exitCodeFor } from '../../engine/cli/program';
import type { RunResult } from './repo';
import { CLI, cleanEnv } from './repo';

/** A repository the built CLI runs in: `TempRepo`, or a test's own kind with the same `run`. */
export interface CliRepository {
  readonly dir: string;
  run(args: readonly string[], options?: CliOptions): RunResult;
}

export interface CliOptions {
  /** Variables added to the clean environment, as `TempRepo.run`'s `env`. */
  readonly env?: Record<string, string>;
  /** The working directory; the repository's root by default. */
  readonly cwd?: string;
}

/** `majordomus <args>` in the repository at `repo.dir`, run in process; see the module comment. */
export async function cliInProcess(repo: { readonly dir: string }, args: readonly string[], options: CliOptions = {}): Promise<RunResult> {
  const out: string[] = [];
  const err: string[] = [];
  const text = (chunk: string | Uint8Array): string => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  const stdout = process.stdout.write;
  const stderr = process.stderr.write;
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(text(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (err.push(text(chunk)), true)) as typeof process.stderr.write;
  let code: number;
  try {
    // what engine/cli/program.ts's main does, with the process's own cwd, env and argv replaced
    await buildProgram({ cwd: options.cwd ?? repo.dir, env: cleanEnv(options.env), self: CLI }).parseAsync([...args], { from: 'user' });
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    code = exitCodeFor(error);
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
    process.exitCode = exitCode;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/**
 * The built CLI, run with the same arguments, environment and working directory, ends with the code
 * `run` reported and prints exactly its stdout and stderr: what keeps an in-process table a statement
 * about the command a user runs. A command that writes is compared on a copy of the repository taken
 * before `run` (`twin`, helpers/prepared.ts): the CLI runs there, and the copy's directory reads as the
 * repository's in what it printed. A twin made the same way, not copied, does as well.
 */
export function expectSameAsCli(
  repo: CliRepository,
  args: readonly string[],
  options: CliOptions,
  run: RunResult,
  twin?: CliRepository,
): void {
  const at = twin ?? repo;
  const spawned = at.run(args, { ...options, cwd: options.cwd === undefined ? undefined : options.cwd.split(repo.dir).join(at.dir) });
  const seen = (text: string): string => (twin ? text.split(twin.dir).join(repo.dir) : text);
  expect({ code: spawned.code, stdout: seen(spawned.stdout), stderr: seen(spawned.stderr) }).toEqual(run);
}

/**
 * `majordomus <args>` for a case of a table: in process, and, for the case that is the table's `sample`,
 * through the built CLI as well (when the command writes, on the twin `copy` returns: a copy taken before,
 * or a repository made the same way), asserting the two the same.
 */
export async function tableRun<Repository extends CliRepository>(
  repo: Repository,
  args: readonly string[],
  sample: { readonly sample: boolean; readonly copy?: (repo: Repository) => CliRepository },
  options: CliOptions = {},
): Promise<RunResult> {
  const twin = sample.sample && sample.copy ? sample.copy(repo) : undefined;
  const run = await cliInProcess(repo, args, options);
  if (sample.sample) expectSameAsCli(repo, args, options, run, twin);
  return run;
}
