/**
 * `majordomus brainstorm`: the brainstorm pack's commands. `check` runs the detector (exit 0 clean, 1
 * with violations, 2 on unusable input); `new` bootstraps a folder; `stamp` prints the contract's
 * datetime; `harvest` moves a session that passes the move gate into history.
 */
import { relative, resolve } from 'node:path';
import { brainstormGate, checkSession } from '../brainstorm/check';
import { bootstrap, harvest, stamp } from '../brainstorm/lifecycle';
import type { Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { topLevel } from '../io/git';
import { formatOf } from '../reporters/index';

export async function runBrainstormCheck(
  folder: string,
  options: { gate?: string; json?: boolean; format?: string },
  invocation: Invocation,
): Promise<void> {
  const report = await checkSession(folder, brainstormGate(options.gate), formatOf(options), invocation.cwd, invocation.env);
  process.stdout.write(report.output);
  process.exitCode = report.exitCode;
}

/** `brainstorm new <topic> [--dir <parent>]`: the parent defaults to docs/research/ of the repository (or of the working directory). */
export async function runBrainstormNew(topic: string, options: { dir?: string }, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const base = topLevel(cwd, invocation.env) ?? cwd;
  const parent = options.dir !== undefined ? resolve(cwd, options.dir) : resolve(base, 'docs/research');
  const written = await bootstrap(topic, parent, cwd, invocation.env);
  process.stdout.write(`${written.map((path) => `wrote ${path}`).join('\n')}\n`);
}

/** `brainstorm stamp`: the current UTC datetime, `YYYY-MM-DDTHH:MMZ`. */
export async function runBrainstormStamp(): Promise<void> {
  process.stdout.write(`${stamp()}\n`);
}

/** `brainstorm harvest <folder>`: the move gate, then the move; exit 1 with the failing rules otherwise. */
export async function runBrainstormHarvest(folder: string, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  // an empty argument would resolve to the working directory, and harvest moves what it names
  if (folder === '') throw new UsageError('the session folder is an empty argument (name the folder to harvest)');
  const result = await harvest(resolve(cwd, folder), cwd, invocation.env);
  if (!result.moved) {
    process.stdout.write(result.report.output);
    process.stdout.write('harvest: refused, nothing moved\n');
    process.exitCode = result.report.exitCode;
    return;
  }
  process.stdout.write(`${relative(cwd, result.moved) || result.moved}\n`);
}
