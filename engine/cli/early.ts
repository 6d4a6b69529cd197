/**
 * What the launcher asks git before the program loads (see engine/io/git-early.ts). Each gate's first
 * question, finding the repository, is asked for every gate. Where the command runs at the top of a
 * working tree, the listings a gate starts with are asked too — the index for every gate, and for
 * `doctor` what `git add` could take of the layer — but only by a command that asks them before it
 * changes anything: a gate that judges first (`doctor`, `check`), and `finish` or `update` only as
 * `--check`. Each runs with files for its output (engine/io/write/background.ts), so git runs to its
 * end however long this process is busy.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { EarlyResult } from '../io/git-early';
import { DISCOVERY, putEarly, STAGED } from '../io/git-early';
import { untrackedArgs } from '../io/git-listing';
import { runInBackground } from '../io/write/background';
import { STRAY_PATHSPECS } from '../io/write/leftover';

/** The gates, by the command's first word; each asks git where its repository is first. */
const GATES: ReadonlySet<string> = new Set(['doctor', 'check', 'finish', 'update', 'watch']);

/** The gates that list before they change anything; `finish` and `update` only with `--check`. */
const LISTS_FIRST: ReadonlySet<string> = new Set(['doctor', 'check']);
const LISTS_FIRST_CHECKING: ReadonlySet<string> = new Set(['finish', 'update']);

/** The gates that audit the layer, and list what `git add` could take of it (engine/gate/run-gate.ts). */
const AUDITS_LAYER: ReadonlySet<string> = new Set(['doctor']);

/**
 * Ask git early what the command of `argv` will ask first, in `cwd` with `env`. Never throws, and never
 * changes what the command does: anything not asked here is asked when it is needed.
 */
export function askEarly(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const command = argv[0];
  if (command === undefined || !GATES.has(command) || cwd === '') return;
  try {
    ask(DISCOVERY, cwd, env);
    if (!LISTS_FIRST.has(command) && !(LISTS_FIRST_CHECKING.has(command) && argv.includes('--check'))) return;
    // at the top of a working tree the gate lists from here; anywhere else, it lists from elsewhere
    if (lstatSync(join(cwd, '.git'), { throwIfNoEntry: false }) === undefined) return;
    ask(STAGED, cwd, env);
    if (AUDITS_LAYER.has(command)) ask(untrackedArgs(STRAY_PATHSPECS), cwd, env);
  } catch {
    // not asked early: asked when it is needed
  }
}

function ask(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const answer: Promise<EarlyResult> | undefined = runInBackground('git', args, { cwd, env });
  if (answer) putEarly(args, cwd, env, answer);
}
