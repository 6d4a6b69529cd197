/**
 * Running a use case's scenario against the real CLI: a fresh git repository in the temporary folder
 * (setup `bare`: one commit and nothing else; `installed`: adopted with `majordomus init`, committed), then
 * each step as its own process, its output checked against the step's expectations. The first failing
 * step ends the scenario: every later step was written assuming the ones before it held.
 */
import type { SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { DocumentError } from '../io/document-error';
import { shellWord } from '../io/shell';
import { readTextFile } from '../io/text';
import { makeScratch, makeScratchFolder, removeScratch, writeScratchFile } from '../io/write/scratch';
import type { Expectation, Setup, Step, UseCase } from './format';
import { normaliseOutput } from './normalise';

/**
 * Seconds a step may run when the policy says nothing (`use_cases.step_timeout_seconds`), so a hung
 * command cannot hang CI; the setup's own commands get the same.
 */
export const DEFAULT_STEP_TIMEOUT_SECONDS = 120;
/** The largest limit the policy may set (the schema's maximum). */
export const MAX_STEP_TIMEOUT_SECONDS = 3600;

/** What one step did, as the evidence records it (output normalised). */
export interface StepEvidence {
  readonly id: string;
  /** The argv after majordomus; empty for a worker step. */
  readonly run: readonly string[];
  /** A worker step's shell command. */
  readonly worker?: string;
  readonly exit: number | null;
  readonly expected_exit: number;
  readonly passed: boolean;
  /** Each expectation the step missed, in words. */
  readonly failures: readonly string[];
  readonly stdout: string;
  readonly stderr: string;
  readonly duration_ms: number;
}

/** What one scenario did. */
export interface UseCaseEvidence {
  readonly id: string;
  readonly file: string;
  readonly title: string;
  readonly setup: string;
  readonly result: 'pass' | 'fail';
  /** Steps the scenario declares; fewer ran when one failed. */
  readonly steps_declared: number;
  readonly steps: readonly StepEvidence[];
  /** When the scenario could not be prepared (git or init failed), what went wrong. */
  readonly setup_failure?: string;
}

/** How to run: the CLI to drive and where a step's stdin files are read from. */
export interface RunOptions {
  /** The CLI script run with this Node (the one running now, normally). */
  readonly cli: string;
  /** Absolute path of the use-cases directory. */
  readonly useCasesDir: string;
  /** The environment the run was started with; each step gets it without git's selectors and majordomus's switches. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How long one step (or one command of the setup) may run, in seconds; DEFAULT_STEP_TIMEOUT_SECONDS when absent. */
  readonly stepTimeoutSeconds?: number;
}

/** Run one use case's scenario, whose setup this version prepares, in a repository of its own, removed afterwards. */
export function runScenario(useCase: UseCase, setup: Setup, options: RunOptions): UseCaseEvidence {
  const scenario = useCase.scenario!;
  const base = { id: useCase.id, file: useCase.file, title: useCase.title, setup: scenario.setup, steps_declared: scenario.steps.length };
  // the repository and an empty git configuration side by side, removed together
  const holder = makeScratch('majordomus-usecase-');
  const dir = join(holder, 'repo');
  makeScratchFolder(dir);
  const env = withCliOnPath(scenarioEnv(options.env, join(holder, 'gitconfig')), join(holder, 'bin'), options.cli);
  const limit = options.stepTimeoutSeconds ?? DEFAULT_STEP_TIMEOUT_SECONDS;
  try {
    const failure = prepare(dir, env, setup, options.cli, limit);
    if (failure) return { ...base, result: 'fail', steps: [], setup_failure: normaliseOutput(failure, dir) };
    const steps: StepEvidence[] = [];
    for (const step of scenario.steps) {
      const evidence = runStep(step, dir, env, options, limit);
      steps.push(evidence);
      if (!evidence.passed) break;
    }
    const passed = steps.length === scenario.steps.length && steps.every((step) => step.passed);
    return { ...base, result: passed ? 'pass' : 'fail', steps };
  } finally {
    removeScratch(holder);
  }
}

function runStep(step: Step, dir: string, env: NodeJS.ProcessEnv, options: RunOptions, limit: number): StepEvidence {
  const input = stdinOf(step, options.useCasesDir);
  const what = step.worker === undefined ? { run: step.run ?? [] } : { run: [], worker: step.worker };
  if (typeof input === 'object') {
    return {
      id: step.id,
      ...what,
      exit: null,
      expected_exit: step.expect.exit,
      passed: false,
      failures: [input.failure],
      stdout: '',
      stderr: '',
      duration_ms: 0,
    };
  }
  const started = process.hrtime.bigint();
  // a worker step is what the worker does between commands: its shell command, in the scenario's repository
  const [command, args] = step.worker === undefined ? [process.execPath, [options.cli, ...what.run]] : ['sh', ['-c', step.worker]];
  const result = limited(command, args, { cwd: dir, env, input }, limit);
  const duration = Number((process.hrtime.bigint() - started) / 1_000_000n);
  const stdout = result.stdout ?? '';
  const stderr = result.stderr ?? '';
  const failures = result.timedOut
    ? [`did not finish within ${limit} s, so it was stopped with every process it started (use_cases.step_timeout_seconds)`]
    : result.error
      ? [`the command did not complete: ${(result.error as NodeJS.ErrnoException).code ?? result.error.message}`]
      : judge(step.expect, result.status, `${stdout}${stderr}`, dir);
  return {
    id: step.id,
    ...what,
    exit: result.status,
    expected_exit: step.expect.exit,
    passed: failures.length === 0,
    failures: failures.map((text) => normaliseOutput(text, dir)),
    stdout: normaliseOutput(stdout, dir),
    stderr: normaliseOutput(stderr, dir),
    duration_ms: duration,
  };
}

/**
 * Run a command under the time limit, in a process group of its own: past the limit the whole group is
 * killed — the command and whatever it started (a verify command's shell, a `sleep` under it) — so
 * nothing of a stopped step keeps running, or holds the repository the run is about to remove.
 */
function limited(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string },
  seconds: number,
): { status: number | null; stdout: string; stderr: string; error?: Error; timedOut: boolean } {
  // `detached` makes the process group; Node's spawnSync honours it as spawn does, though its type omits it
  const spawnOptions = {
    ...options,
    encoding: 'utf8',
    timeout: seconds * 1000,
    killSignal: 'SIGKILL',
    detached: true,
    maxBuffer: 16 * 1024 * 1024,
  };
  const result = spawnSync(command, args, spawnOptions as SpawnSyncOptionsWithStringEncoding);
  const timedOut = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  // the group outlives its leader: a grandchild still holds it until it is killed too
  if (result.pid !== undefined && result.pid > 0) {
    try {
      process.kill(-result.pid, 'SIGKILL');
    } catch {
      // the group is gone already: nothing of the step is left running
    }
  }
  // a command the step started in a group of its own (finish runs its verify command so, to stop it at
  // its own limit) is in no group of the step's: it is found by the folder it works in
  if (timedOut) killWorkingIn(options.cwd);
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', error: result.error, timedOut };
}

/**
 * Kill every process of this user whose working directory is `dir` or below it: what a stopped step left
 * running in the scenario's repository. Read from /proc; where there is none (not Linux), nothing is found.
 */
function killWorkingIn(dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name));
  } catch {
    return;
  }
  for (const pid of entries) {
    if (Number(pid) === process.pid) continue;
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue; // gone, or another user's
    }
    if (cwd !== dir && !cwd.startsWith(`${dir}/`)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** The bytes a step reads on stdin, or why they cannot be read (the step then fails without running). */
function stdinOf(step: Step, useCasesDir: string): string | { failure: string } {
  if (step.stdin === undefined) return '';
  const display = `${step.stdin} (beside the use case)`;
  try {
    // a regular file, read as text under the layer's cap: a FIFO here would hang the run
    return readTextFile(join(useCasesDir, step.stdin), display);
  } catch (error) {
    if (error instanceof DocumentError) return { failure: `stdin ${display}: ${error.reason} (${error.fix})` };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { failure: `stdin ${display} does not exist (add the file, or drop stdin)` };
    if (code === 'EACCES' || code === 'EISDIR') return { failure: `stdin ${display} cannot be read (${code})` };
    throw error;
  }
}

/**
 * What the step missed. The output judged is stdout followed by stderr: a refusal is printed on stderr,
 * and a scenario states what a person at the terminal sees, where the two streams are one.
 */
export function judge(expect: Expectation, exit: number | null, output: string, dir: string): string[] {
  const failures: string[] = [];
  if (exit !== expect.exit) failures.push(`exit ${exit ?? 'none (killed)'}, expected ${expect.exit}`);
  for (const pattern of expect.stdout_contains)
    if (!new RegExp(pattern, 'm').test(output)) failures.push(`the output does not match /${pattern}/`);
  for (const pattern of expect.stdout_not_contains)
    if (new RegExp(pattern, 'm').test(output)) failures.push(`the output matches /${pattern}/, which it must not`);
  for (const path of expect.files_exist) if (!existsSync(join(dir, path))) failures.push(`${path} does not exist`);
  for (const [path, patterns] of Object.entries(expect.files_contain)) {
    let text: string;
    try {
      text = readFileSync(join(dir, path), 'utf8');
    } catch {
      failures.push(`${path} cannot be read`);
      continue;
    }
    for (const pattern of patterns) if (!new RegExp(pattern, 'm').test(text)) failures.push(`${path} does not match /${pattern}/`);
  }
  return failures;
}

/** The environment of every step: git's selectors and majordomus's own switches removed, identity fixed. */
function scenarioEnv(base: Readonly<Record<string, string | undefined>>, gitConfig: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (key.startsWith('GIT_') || key.startsWith('MAJORDOMUS_')) continue;
    env[key] = value;
  }
  writeScratchFile(gitConfig, '');
  return {
    ...env,
    GIT_AUTHOR_NAME: 'Use Case',
    GIT_AUTHOR_EMAIL: 'use-case@example.invalid',
    GIT_COMMITTER_NAME: 'Use Case',
    GIT_COMMITTER_EMAIL: 'use-case@example.invalid',
    // the user's own git configuration (hooks path, templates, signing) must not change what a scenario sees
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: gitConfig,
  };
}

/**
 * `env` with the CLI under test first on PATH as `majordomus`: what a scenario installs (git hooks, a
 * provider's hooks) runs `majordomus` by name, and must reach this CLI, not whichever one the machine has.
 */
function withCliOnPath(env: NodeJS.ProcessEnv, bin: string, cli: string): NodeJS.ProcessEnv {
  writeScratchFile(join(bin, 'majordomus'), `#!/bin/sh\nexec ${shellWord(process.execPath)} ${shellWord(cli)} "$@"\n`, 0o755);
  return { ...env, PATH: env.PATH ? `${bin}${delimiter}${env.PATH}` : bin };
}

/** Make the scenario's repository; the failure in words, or undefined. */
function prepare(dir: string, env: NodeJS.ProcessEnv, setup: Setup, cli: string, limit: number): string | undefined {
  writeScratchFile(join(dir, 'README.md'), '# A scenario\n');
  const commands: string[][] = [
    ['git', 'init', '-q', '-b', 'main', '.'],
    ...(setup === 'installed' ? [[process.execPath, cli, 'init']] : []),
    ['git', 'add', '-A'],
    ['git', 'commit', '-q', '--no-verify', '-m', `setup: ${setup}`],
  ];
  for (const [command, ...args] of commands) {
    const result = limited(command!, args, { cwd: dir, env }, limit);
    if (result.status !== 0) {
      const shown = command === process.execPath ? `majordomus ${args.slice(1).join(' ')}` : `${command} ${args.join(' ')}`;
      if (result.timedOut)
        return `setup ${setup}: ${shown} did not finish within ${limit} s, so it was stopped (use_cases.step_timeout_seconds)`;
      return `setup ${setup}: ${shown} failed (exit ${result.status ?? 'none'}): ${(result.stderr || result.error?.message || '').trim()}`;
    }
  }
  return undefined;
}
