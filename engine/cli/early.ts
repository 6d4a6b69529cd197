/**
 * What the launcher asks git before the program loads (see engine/io/git-early.ts). Each gate's first
 * question, finding the repository, is asked for every gate. Where the command runs at the top of a
 * working tree, the listings a gate starts with are asked too — the index for every gate, and for
 * `doctor` what `git add` could take of the layer — but only by a command that asks them before it
 * changes anything: a gate that judges first (`doctor`, `check`), and `finish` or `update` only as
 * `--check`. They run with files for their output, started by one shell where there is one
 * (engine/io/write/background.ts), so git runs to its end however long this process is busy.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { DISCOVERY, putEarly, STAGED } from '../io/git-early';
import { untrackedArgs } from '../io/git-listing';
import { runAllInBackground } from '../io/write/background';
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
    const questions = [DISCOVERY, ...listings(command, argv, cwd)];
    // one process started from here for all of them (engine/io/write/background.ts)
    const answers = runAllInBackground(
      'git',
      questions.map((args) => ({ args })),
      { cwd, env },
    );
    // no files for their output: nothing asked, each asked when it is needed
    if (!answers) return;
    for (const [index, args] of questions.entries()) putEarly(args, cwd, env, answers[index]!);
  } catch {
    // not asked early: asked when it is needed
  }
}

/** The listings the gate `command` starts with, when it lists before it changes anything and from here. */
function listings(command: string, argv: readonly string[], cwd: string): (readonly string[])[] {
  if (!LISTS_FIRST.has(command) && !(LISTS_FIRST_CHECKING.has(command) && argv.includes('--check'))) return [];
  // at the top of a working tree the gate lists from here; anywhere else, it lists from elsewhere
  if (lstatSync(join(cwd, '.git'), { throwIfNoEntry: false }) === undefined) return [];
  return AUDITS_LAYER.has(command) ? [STAGED, untrackedArgs(STRAY_PATHSPECS)] : [STAGED];
}
