/**
 * The worker that runs one repository validator (bundled to dist/validator-worker.mjs). One fresh
 * worker per rule: it imports the module, sends what the module declares, waits to be told to run,
 * runs it with a context rebuilt here (worker-context.ts), and sends the reports in batches. The gate's
 * thread (host.ts) holds the time limit and decides what every ending means; this side only makes
 * sure that whatever the validator does — throw anything, exit, leave a timer, patch a global — is
 * seen and said in plain data.
 */

import type { MessagePort } from 'node:worker_threads';
import { parentPort, workerData } from 'node:worker_threads';
import { describeThrown, textOf } from '../../io/describe';
import { shapeProblems } from '../project-validators';
import { checkOptions } from '../rule-options';
import { leftovers, takeBaseline } from './leftovers';
import type { RunRequest, ValidatorMeta, WorkerMessage, WorkerStart } from './protocol';
import { Reports } from './reports';
import { workerContext } from './worker-context';

// Captured before the module is imported: a validator that replaces these later cannot stop the
// worker from reporting what happened.
const port = parentPort as MessagePort;
const post = port.postMessage.bind(port);
const apply = Reflect.apply;
const stringify = JSON.stringify;
const parse = JSON.parse;
const isArray = Array.isArray;
const realExit = process.exit;

/** The longest `gates` list read from an export (there are only a handful of gates). */
const MAX_GATES = 64;

function send(message: WorkerMessage): void {
  post(message);
}

/** Say when the validator ends the thread itself; the gate's thread decides what that means. */
process.exit = function exit(code?: unknown): never {
  send({ type: 'exit-called', code: code === undefined ? '' : (textOf(code) ?? typeof code) });
  return apply(realExit, process, [code]) as never;
} as typeof process.exit;
process.on('uncaughtException', (error) => send({ type: 'uncaught', what: 'exception', problem: describeThrown(error) }));
process.on('unhandledRejection', (reason) => send({ type: 'uncaught', what: 'rejection', problem: describeThrown(reason) }));

/** The export, read once into plain data, with every problem of its shape. */
function readExport(exported: unknown, name: string): { meta: ValidatorMeta; run: unknown; problems: string[] } {
  const problems: string[] = [];
  if (exported === null || (typeof exported !== 'object' && typeof exported !== 'function')) {
    return { meta: { name, description: '', gates: [] }, run: undefined, problems: shapeProblems(exported, name) };
  }
  const v = exported as { [key: string]: unknown };
  const declaredName = v.name;
  const description = v.description;
  const declaredGates = v.gates;
  const run = v.run;
  const generic = v.generic;
  let gates: unknown = declaredGates;
  if (isArray(declaredGates)) {
    const length = declaredGates.length;
    const copy: unknown[] = [];
    for (let i = 0; i < Math.min(length, MAX_GATES); i++) {
      const gate = declaredGates[i];
      copy[i] = typeof gate === 'string' ? gate : (textOf(gate) ?? typeof gate);
    }
    gates = copy;
  }
  const optionsSchema = jsonCopy(v.optionsSchema, '`optionsSchema`', problems);
  const exampleOptions = jsonCopy(v.exampleOptions, '`exampleOptions`', problems);
  const shape = {
    name: plain(declaredName),
    description: typeof description === 'string' ? description : plain(description),
    gates,
    run,
    optionsSchema,
  };
  const allProblems = shapeProblems(shape, name).concat(problems);
  const meta: ValidatorMeta = {
    name,
    description: typeof description === 'string' ? description : '',
    gates: (isArray(gates) ? gates : []) as ValidatorMeta['gates'],
    optionsSchema: optionsSchema as ValidatorMeta['optionsSchema'],
    exampleOptions,
    generic: generic === true,
  };
  return { meta, run, problems: allProblems };
}

/** A primitive as it is; anything else as a stand-in that no check accepts. */
function plain(value: unknown): unknown {
  return value === null || (typeof value !== 'object' && typeof value !== 'function') ? value : `(${typeof value})`;
}

/** A copy of a JSON value, so nothing the module made crosses to the gate's thread or reaches ajv. */
function jsonCopy(value: unknown, what: string, problems: string[]): unknown {
  if (value === undefined) return undefined;
  try {
    const text = stringify(value) as string | undefined;
    if (text !== undefined) return parse(text) as unknown;
    problems.push(`${what} must be plain JSON data`);
  } catch (error) {
    problems.push(`${what} must be plain JSON data (${describeThrown(error)})`);
  }
  return undefined;
}

/** The run request, the one message the gate's thread sends once the module is admitted. */
function nextRequest(): Promise<RunRequest> {
  return new Promise((resolve) => port.once('message', (message: RunRequest) => resolve(message)));
}

async function main(): Promise<void> {
  const start = workerData as WorkerStart;
  const baseline = takeBaseline();
  send({ type: 'ready' });
  let exported: unknown;
  try {
    const namespace = (await import(start.moduleUrl)) as { default?: unknown };
    exported = namespace.default;
  } catch (error) {
    send({ type: 'unusable', problem: `cannot be imported: ${describeThrown(error)}` });
    return;
  }
  let declared: ReturnType<typeof readExport>;
  try {
    declared = readExport(exported, start.name);
  } catch (error) {
    send({ type: 'unusable', problem: `does not export a validator: reading its default export threw: ${describeThrown(error)}` });
    return;
  }
  if (declared.problems.length > 0) {
    send({ type: 'unusable', problem: `does not export a validator: ${declared.problems.join('; ')}` });
    return;
  }
  send({ type: 'meta', meta: declared.meta });

  const request = await nextRequest();
  // from here the worker ends by itself once nothing is left to run: a pending promise shows as such
  port.unref();
  const optionsProblem = await checkOptions(declared.meta, request.options);
  if (optionsProblem) {
    send({ type: 'options', problem: optionsProblem });
    return;
  }
  const reports = new Reports(send);
  // the worker thread runs with the gate's environment (host.ts hands it over): its entry reads it
  const context = workerContext(request, (kind, note) => reports.add(kind, note), process.env);
  try {
    await apply(declared.run as (...args: unknown[]) => unknown, exported, [context]);
  } catch (error) {
    reports.settle();
    send({ type: 'threw', problem: describeThrown(error) });
    return;
  }
  reports.settle();
  let left: string[];
  try {
    left = leftovers(baseline);
  } catch (error) {
    left = [`changed the runtime so that what it left cannot be checked (${describeThrown(error)})`];
  }
  send({ type: 'finished', leftovers: left });
}

void main().catch((error: unknown) => send({ type: 'threw', problem: `the worker failed around it: ${describeThrown(error)}` }));
