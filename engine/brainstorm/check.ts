/**
 * The brainstorm detector: run the brainstorm pack's rules at one of its gates over a session folder (the
 * gate entry, engine/gate/run-gate.ts, runs them) and render the report through a reporter on the runner's
 * hooks — the pack's own for text and JSON (./reporters.ts), the engine's for the other formats. Shared
 * by `majordomus brainstorm check` and the standalone `dist/detector.mjs`, so the two print the same
 * bytes.
 *
 * Output always has one line per rule of the selected gates — `ok`, `skip`, or one `FAIL` line per
 * violation — then a `clean` or `failing` summary: empty output means the detector never ran.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors';
import { runGate } from '../gate/run-gate';
import type { FolderGateName } from '../generated/gates';
import { packs } from '../generated/packs';
import { WorkingTree } from '../io/tree';
import type { Format } from '../reporters/index';
import { loadReporter } from '../reporters/index';
import type { Reporter, ReportPaths } from '../reporters/report';
import { lineReader, ReporterPlugin } from '../reporters/report';
import { brainstormJsonReporter, brainstormTextReporter } from './reporters';

/** The gates of the pack, in the order they accumulate (rules/brainstorm/pack.yaml). */
export const BRAINSTORM_GATES = packs.brainstorm.gates as readonly BrainstormGate[];
export type BrainstormGate = Extract<FolderGateName, 'session' | 'manifest' | 'move'>;

/** What the detector prints and how it exits. */
export interface DetectorReport {
  readonly output: string;
  readonly exitCode: number;
}

/** Parse a `--gate` value; a UsageError (exit 2) for anything else. */
export function brainstormGate(value: string | undefined): BrainstormGate {
  const gate = value ?? 'session';
  if (!(BRAINSTORM_GATES as readonly string[]).includes(gate)) {
    throw new UsageError(`unknown gate ${JSON.stringify(gate)} (the gates are ${BRAINSTORM_GATES.join(', ')})`);
  }
  return gate as BrainstormGate;
}

/**
 * Run the detector over `folder` at `gate` — the pack's rules, as the distribution ships them, through
 * the gate entry — and render its report in `format`; `cwd` is where a relative folder and the
 * reproduce commands start from.
 */
export async function checkSession(
  folder: string,
  gate: BrainstormGate,
  format: Format,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<DetectorReport> {
  // an empty argument would resolve to the working directory: a folder nobody named
  if (folder === '')
    throw new UsageError('the session folder is an empty argument (name the folder, e.g. docs/research/<topic>-brainstorm)');
  const parts: string[] = [];
  const reporter = new ReporterPlugin(
    await brainstormReporter(format),
    { subject: folder, paths: sessionPaths(resolve(cwd, folder), cwd) },
    (text) => parts.push(text),
  );
  const outcome = await runGate({ gate, cwd, env, folder, plugins: [reporter] });
  return { output: parts.join(''), exitCode: outcome.exitCode };
}

/** The pack's own text and JSON (the contract's report); the engine's reporter for every other format. */
async function brainstormReporter(format: Format): Promise<Reporter> {
  if (format === 'text') return brainstormTextReporter;
  if (format === 'json') return brainstormJsonReporter;
  return loadReporter(format);
}

/**
 * Where the session's files are for a reader of the report: relative to the root of the git work tree
 * holding the folder (found as git finds it, by the nearest `.git` above), else to the working directory.
 * The pack's rules are compiled into the tool, so none of their files is in the repository.
 */
function sessionPaths(target: string, cwd: string): ReportPaths {
  let top = cwd;
  for (let dir = target; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) {
      top = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  const prefix = relative(top, target).split(sep).join('/');
  const tree = new WorkingTree(top);
  return { prefix: prefix === '' ? '' : `${prefix}/`, rulesInRepository: false, lineText: lineReader((file) => tree.readText(file)) };
}
