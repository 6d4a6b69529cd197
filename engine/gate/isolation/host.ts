/**
 * Runs one repository validator in a worker thread of its own, under a time and a memory limit, and says in one
 * sentence how it went. This module is imported only when a gate reaches a rule whose validator is the
 * repository's own, so a gate without one never loads it.
 *
 * The worker imports the module and sends what it declares; this side decides whether it may run (its
 * gates), sends the context, collects the reports, and waits for the worker to end by itself — a run
 * is over when nothing it started is left, so a throw from a timer or a rejection no one handled after
 * the run returned still counts. Anything but a clean end is a problem the runner turns into a FAIL
 * of the rule: a loop or a sleep past the limit (the worker is terminated), a promise that never
 * settles (the worker empties and ends with the run pending), a heap grown past the memory limit (V8
 * stops the worker; the gate's own heap is another), process.exit, a global replaced. The
 * worker is always terminated before the next rule starts, so nothing of one validator reaches another.
 */

import type { Stats } from 'node:fs';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describeThrown } from '../../io/describe';
import { distributionRoot } from '../../io/distribution';
import { notRegularFile } from '../../io/regular-file';
import type { NoteRecord, RunRequest, ValidatorMeta, WorkerMessage, WorkerStart } from './protocol';
import { MEMORY_KEY, POLICY_SECTION } from './settings';

/** The worker script, relative to the distribution root (tools/build.mjs writes it there). */
export const WORKER_SCRIPT = 'dist/validator-worker.mjs';
/** How long the worker itself may take to start, before the validator's own limit begins. */
const STARTUP_MS = 60_000;
/** How often the process's resident memory is sampled while a validator runs. */
const MEMORY_SAMPLE_MS = 100;

/** One isolated run. */
export interface IsolatedRun {
  /** Absolute path of the module. */
  readonly path: string;
  /** The validator name the module must declare. */
  readonly name: string;
  /** How long the module may take, from its import to the end of everything its run started. */
  readonly timeoutMs: number;
  /** How much heap the module may hold, in megabytes (the worker's old generation). */
  readonly memoryMb: number;
  /** The worker's environment: the one the judged repository's git is run with. */
  readonly env: NodeJS.ProcessEnv;
  /** Whether what the module declares may run here; a sentence saying why not, or undefined. */
  readonly admit: (meta: ValidatorMeta) => string | undefined;
  /** The context to send once admitted; without it the module is only inspected, never run. */
  readonly request?: () => RunRequest;
  /** Receives each report, in order. */
  readonly report?: (note: NoteRecord) => void;
}

/**
 * How it went. `unusable` is the module's fault (it cannot be imported, is not a validator, or never
 * finished importing); `refused` is a sentence from `admit` or the options check; `failed` is the run's.
 * Each problem is a phrase that follows the validator's name ("did not finish within 10 s").
 */
export type IsolatedOutcome =
  | { readonly status: 'finished'; readonly meta: ValidatorMeta }
  | { readonly status: 'inspected'; readonly meta: ValidatorMeta }
  | { readonly status: 'unusable'; readonly problem: string }
  | { readonly status: 'refused'; readonly problem: string }
  | { readonly status: 'failed'; readonly problem: string };

type Stage = 'starting' | 'importing' | 'admitting' | 'running' | 'settling';

/** Run (or, without `request`, inspect) one repository validator in a fresh worker. Never throws. */
export function runIsolated(run: IsolatedRun): Promise<IsolatedOutcome> {
  const script = join(distributionRoot(), WORKER_SCRIPT);
  if (!existsSync(script)) {
    return Promise.resolve({
      status: 'failed',
      problem: `could not be run: the worker script ${script} is missing from the majordomus distribution (reinstall or rebuild majordomus)`,
    });
  }
  // importing a FIFO or a device would block a thread the worker cannot take back: refuse it unopened
  const notFile = whatIsNotAFile(run.path);
  if (notFile) return Promise.resolve({ status: 'unusable', problem: notFile });
  return new Promise((resolve) => {
    const start: WorkerStart = { moduleUrl: pathToFileURL(run.path).href, name: run.name };
    let worker: Worker;
    try {
      // the young generation keeps V8's default: it is small, and the old one is where a hoard ends up
      worker = new Worker(script, {
        workerData: start,
        env: run.env,
        stdout: true,
        stderr: true,
        resourceLimits: { maxOldGenerationSizeMb: run.memoryMb },
      });
    } catch (error) {
      resolve({ status: 'failed', problem: `could not be started in a worker: ${describeThrown(error)}` });
      return;
    }
    // what the validator prints is shown, on stderr: stdout is the gate's report (and may be JSON)
    worker.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    worker.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));

    let stage: Stage = 'starting';
    let meta: ValidatorMeta | undefined;
    let exitCalled: string | undefined;
    let over = false;
    let limit: NodeJS.Timeout | undefined;
    let sampler: NodeJS.Timeout | undefined;
    const startup = setTimeout(
      () => finish({ status: 'failed', problem: `could not be run: its worker did not start within ${STARTUP_MS / 1000} s` }),
      STARTUP_MS,
    );

    const finish = (outcome: IsolatedOutcome): void => {
      if (over) return;
      over = true;
      clearTimeout(startup);
      if (limit) clearTimeout(limit);
      if (sampler) clearInterval(sampler);
      // wait for the thread to be gone: a runaway loop must not share the CPU with the next rule
      worker.terminate().then(
        () => resolve(outcome),
        () => resolve(outcome),
      );
    };

    const seconds = `${run.timeoutMs / 1000} s`;
    const outOfMemory = `ran out of memory: it held more than its limit of ${run.memoryMb} MB (the policy's ${POLICY_SECTION}.${MEMORY_KEY}) and was stopped`;
    const timedOut = (): void => {
      if (stage === 'importing') finish({ status: 'unusable', problem: `did not finish importing within ${seconds} (it was stopped)` });
      else if (stage === 'settling')
        finish({
          status: 'failed',
          problem: `did not finish within ${seconds}: its run returned, but what it left running (a timer, an open handle) did not end (it was stopped)`,
        });
      else finish({ status: 'failed', problem: `did not finish within ${seconds} (it was stopped)` });
    };

    worker.on('message', (message: WorkerMessage) => {
      if (over) return;
      switch (message.type) {
        case 'ready':
          stage = 'importing';
          clearTimeout(startup);
          limit = setTimeout(timedOut, run.timeoutMs);
          sampler = watchOutsideHeap(run.memoryMb, () =>
            finish(outOfMemoryOutcome(stage, `${outOfMemory}: it held that much outside its heap (Buffers, ArrayBuffers)`)),
          );
          return;
        case 'unusable':
          return finish({ status: 'unusable', problem: message.problem });
        case 'meta': {
          meta = message.meta;
          stage = 'admitting';
          const refusal = run.admit(meta);
          if (refusal !== undefined) return finish({ status: 'refused', problem: refusal });
          if (!run.request) return finish({ status: 'inspected', meta });
          try {
            worker.postMessage(run.request());
          } catch (error) {
            return finish({ status: 'failed', problem: `could not be handed its context: ${describeThrown(error)}` });
          }
          stage = 'running';
          return;
        }
        case 'options':
          return finish({ status: 'refused', problem: message.problem });
        case 'notes':
          for (let i = 0; i < message.notes.length; i++) run.report?.(message.notes[i]!);
          return;
        case 'threw':
          return finish({ status: 'failed', problem: `threw: ${message.problem}` });
        case 'finished':
          if (message.leftovers.length > 0)
            return finish({ status: 'failed', problem: `changed what a validator must leave alone: ${message.leftovers.join('; ')}` });
          stage = 'settling';
          return;
        case 'exit-called':
          exitCalled = message.code;
          return;
        case 'uncaught':
          return finish({
            status: 'failed',
            problem:
              message.what === 'exception'
                ? `threw outside its run (from a timer or a callback): ${message.problem}`
                : `left a promise rejected with no handler: ${message.problem}`,
          });
      }
    });
    worker.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') return finish(outOfMemoryOutcome(stage, outOfMemory));
      finish({ status: 'failed', problem: `stopped with an error: ${describeThrown(error)}` });
    });
    worker.on('exit', (code) => {
      if (over) return;
      const exit = exitCalled === undefined ? undefined : `called process.exit(${exitCalled})`;
      switch (stage) {
        case 'starting':
          return finish({ status: 'failed', problem: `could not be run: its worker stopped before it started (exit code ${code})` });
        case 'importing':
          return finish({
            status: 'unusable',
            problem: exit
              ? `${exit} while it was being imported`
              : 'never finished importing: it waits on something that never settles (a top-level await), with nothing left to run',
          });
        case 'admitting':
        case 'running':
          return finish({
            status: 'failed',
            problem: exit
              ? `${exit} before its run settled`
              : 'never finished: its run returned a promise that never settles, with nothing left to run',
          });
        case 'settling':
          if (exit) return finish({ status: 'failed', problem: `${exit} after its run` });
          if (code !== 0) return finish({ status: 'failed', problem: `ended its thread with exit code ${code} after its run` });
          return finish({ status: 'finished', meta: meta! });
      }
    });
  });
}

/** Why the module at `path` cannot be imported without opening it, or undefined when it is a regular file. */
function whatIsNotAFile(path: string): string | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    return `cannot be read (${(error as NodeJS.ErrnoException).code ?? describeThrown(error)})`;
  }
  const what = notRegularFile(stat);
  return what ? `is ${what}, not a regular file (replace it with the module, or remove it)` : undefined;
}

/** A module that hoards at its top level is the module's fault, as a top-level loop is. */
function outOfMemoryOutcome(stage: Stage, problem: string): IsolatedOutcome {
  return stage === 'importing' ? { status: 'unusable', problem: `${problem}, while it was being imported` } : { status: 'failed', problem };
}

/**
 * V8's heap limit does not count what a Buffer or an ArrayBuffer holds, so a validator hoarding those
 * would pass it. The process's resident memory does count it: sampled while the validator runs, less
 * what this thread itself grew by (the reports it collects), its growth past twice the limit (the
 * heap the limit allows, and as much again outside it) stops the worker. Twice, and a sample every
 * tenth of a second, so the noise of a busy process never stops a sane validator.
 */
function watchOutsideHeap(memoryMb: number, exceeded: () => void): NodeJS.Timeout {
  const own = (): number => {
    const usage = process.memoryUsage();
    return usage.heapTotal + usage.external;
  };
  const startRss = process.memoryUsage.rss();
  const startOwn = own();
  const allowed = 2 * memoryMb * 1024 * 1024;
  const sampler = setInterval(() => {
    const grown = process.memoryUsage.rss() - startRss - Math.max(own() - startOwn, 0);
    if (grown > allowed) exceeded();
  }, MEMORY_SAMPLE_MS);
  // the sampler must never keep the gate's process alive on its own
  sampler.unref();
  return sampler;
}
