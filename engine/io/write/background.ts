/**
 * A process that runs while this one computes. Its input and output are scratch files, not pipes: a
 * pipe is drained only while this process waits on its event loop, so a git listing a large index, or
 * reading ten thousand paths on its stdin, would stand still through every synchronous stretch of a
 * gate. With files it runs to its end on the other core, and its output is read once it has ended.
 * Questions asked together are started by one shell (runAllInBackground): this process forks once.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { GitInput } from '../git-early';
import { isOutputOf } from '../git-early';
import type { ScratchStreams } from './scratch';
import { closeScratchStreams, makeScratch, openScratchStreams, removeScratch, removeScratchStreams, writeScratchInput } from './scratch';

/** How a background process ended: what it wrote, what it said, its status (null when killed), or why it could not start. */
export interface BackgroundResult {
  readonly error?: Error;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run `command` with `args` in `cwd`, `input` on its stdin when given, without waiting for it; undefined
 * when its files cannot be made (a full or unwritable temporary folder): the caller then uses pipes.
 */
export function runInBackground(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly input?: string | readonly string[] },
): Promise<BackgroundResult> | undefined {
  let streams: ScratchStreams;
  try {
    streams = openScratchStreams('majordomus-git-', options.input);
  } catch {
    return undefined;
  }
  return new Promise((resolvePromise) => {
    const { dir, outputFile } = streams;
    const err: Buffer[] = [];
    let failed: Error | undefined;
    try {
      const child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env,
        stdio: [streams.input ?? 'ignore', streams.output, 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error) => {
        failed = error;
      });
      child.on('close', (status) => {
        let stdout = '';
        try {
          stdout = readFileSync(outputFile, 'utf8');
        } catch (error) {
          failed ??= error as Error;
        }
        removeScratchStreams(streams);
        resolvePromise({ error: failed, status, stdout, stderr: Buffer.concat(err).toString('utf8') });
      });
    } catch (error) {
      removeScratch(dir);
      resolvePromise({ error: error as Error, status: null, stdout: '', stderr: '' });
    } finally {
      // the child holds its own copies of the descriptors
      closeScratchStreams(streams);
    }
  });
}

/**
 * One run of a command among several started at once: its arguments, and its input when it has one —
 * text, or what another run of the command answers (`outputOf`), which the shell runs first.
 */
export interface BackgroundRun {
  readonly args: readonly string[];
  readonly input?: GitInput;
}

/**
 * Run `command` once for each of `runs`, none waiting for this process (input, output and errors in
 * scratch files); each result as its run ends. A result is undefined for a run whose own answer cannot
 * be told from the starter's failure (not started, killed, `command` not found or not executable): the
 * caller asks that question again itself. Undefined when the scratch folder cannot be made.
 *
 * On a POSIX system one shell (`/bin/sh`) starts two runs or more, so this process forks once however
 * many it asks: a fork of this process costs its own core milliseconds, more the larger its heap has
 * grown, before the run even starts, where a fork of the shell costs another core. Each run tells the
 * shell's one pipe its number and status when it ends. The runs go one after another, in the order
 * given, on a machine of two cores or fewer — there, runs at once took the core this process computes
 * on from it — and all at once on a larger one (`together` says which). Elsewhere, and for one run,
 * each is started on its own (runInBackground).
 */
export function runAllInBackground(
  command: string,
  runs: readonly BackgroundRun[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly together?: boolean },
): Promise<BackgroundResult | undefined>[] | undefined {
  if (process.platform === 'win32' || runs.length < 2) {
    // an input that is another run's output needs the shell: asked through pipes instead
    if (runs.some((run) => isOutputOf(run.input))) return undefined;
    const started = runs.map((run) => runInBackground(command, run.args, { ...options, input: run.input as string | readonly string[] }));
    if (started.some((answer) => answer === undefined)) return undefined;
    return started as Promise<BackgroundResult>[];
  }
  const dir = scratchWithInputs(runs);
  if (dir === undefined) return undefined;
  const settle: ((result: BackgroundResult | undefined) => void)[] = [];
  const answers = runs.map(() => new Promise<BackgroundResult | undefined>((resolvePromise) => settle.push(resolvePromise)));
  const pending = new Set(runs.keys());
  const end = (index: number, status: number | undefined): void => {
    if (!pending.delete(index)) return;
    const output = join(dir, `${index}.out`);
    const errors = join(dir, `${index}.err`);
    let result: BackgroundResult | undefined;
    // 126 and 127 are the shell's: the command was not run; above 128, a signal ended it
    if (status !== undefined && status < 126) {
      try {
        result = { status, stdout: readFileSync(output, 'utf8'), stderr: readFileSync(errors, 'utf8') };
      } catch {
        result = undefined;
      }
    }
    for (const file of [output, errors, join(dir, `${index}.in`)]) rmSync(file, { force: true });
    // the folder goes with the last answer, before anyone has it: emptied by name, as removeScratchStreams does
    if (pending.size === 0) {
      try {
        rmdirSync(dir);
      } catch {
        removeScratch(dir);
      }
    }
    settle[index]!(result);
  };
  const endAll = (): void => {
    for (const index of [...pending]) end(index, undefined);
  };
  try {
    const together = options.together ?? availableParallelism() > 2;
    const child = spawn('/bin/sh', ['-c', shellScript(command, runs, together), 'sh', dir], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let told = '';
    child.stdout?.setEncoding('latin1');
    child.stdout?.on('data', (chunk: string) => {
      told += chunk;
      for (let newline = told.indexOf('\n'); newline !== -1; newline = told.indexOf('\n')) {
        const line = /^(\d+) (\d+)$/.exec(told.slice(0, newline));
        told = told.slice(newline + 1);
        if (line) end(Number(line[1]), Number(line[2]));
      }
    });
    child.on('error', endAll);
    child.on('close', endAll);
  } catch {
    endAll();
  }
  return answers;
}

/** A scratch folder holding each run's input (`<index>.in`); undefined, and nothing left, when it cannot be made. */
function scratchWithInputs(runs: readonly BackgroundRun[]): string | undefined {
  let dir: string | undefined;
  try {
    dir = makeScratch('majordomus-git-');
    for (const [index, run] of runs.entries()) {
      if (run.input !== undefined && !isOutputOf(run.input)) writeScratchInput(join(dir, `${index}.in`), run.input);
    }
    return dir;
  } catch {
    if (dir !== undefined) removeScratch(dir);
    return undefined;
  }
}

/**
 * The shell's script: each run (in the background when `together`) with its input, output and errors in
 * the scratch folder (the script's first argument), then its number and status on the shell's output.
 * A run whose input is another's output runs that one first, into its input file, and only when it
 * succeeded (its status otherwise). Every word is quoted.
 */
function shellScript(command: string, runs: readonly BackgroundRun[], together: boolean): string {
  const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;
  const lines = runs.map((run, index) => {
    const first = isOutputOf(run.input)
      ? `${[command, ...run.input.outputOf].map(quote).join(' ')} >"$1/${index}.in" 2>"$1/${index}.err" && `
      : '';
    const input = run.input === undefined ? '' : ` <"$1/${index}.in"`;
    const errors = first === '' ? `2>"$1/${index}.err"` : `2>>"$1/${index}.err"`;
    const line = `(${first}${[command, ...run.args].map(quote).join(' ')}${input} >"$1/${index}.out" ${errors}; echo "${index} $?")`;
    return together ? `${line} &` : line;
  });
  return `${lines.join('\n')}\nwait\n`;
}
