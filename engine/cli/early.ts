/**
 * What the launcher asks git before the program loads (see engine/io/git-early.ts). Each gate's first
 * question, finding the repository, is asked for every gate. Where the command runs at the top of a
 * working tree, the listings a gate starts with are asked too — the index for every gate, and for
 * `doctor` what `git add` could take of the layer, and on a large index what git vouches for in it (as
 * for `knowledge nodes`, which reads every record through the content cache and writes nothing tracked) —
 * but only by a command that asks them before it changes anything: a gate that judges first (`doctor`,
 * `check`), and `finish` or `update` only as `--check`. They run with files for their output, started
 * by one shell where there is one (engine/io/write/background.ts), so git runs to its end however long
 * this process is busy.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputOf } from '../io/git-early';
import { DISCOVERY, putEarly, STAGED, vouchQuestions } from '../io/git-early';
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
 * An index at least this large (about 2,500 entries) may hold a large folder of records, so `doctor`
 * asks early, too, what git vouches for in the layer's top folder (engine/layer/content-cache.ts
 * `anticipateLarge`): where it holds none, three small questions were asked for nothing, on the other core.
 */
const LARGE_INDEX_BYTES = 256 * 1024;

/** The layer's top folder, where `doctor` reads records (the manifest's folder). */
export const LAYER_TOP = '.ai';

interface Question {
  readonly args: readonly string[];
  readonly input?: OutputOf;
}

/**
 * Ask git early what the command of `argv` will ask first, in `cwd` with `env`. Never throws, and never
 * changes what the command does: anything not asked here is asked when it is needed.
 */
export function askEarly(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const command = argv[0];
  // `knowledge nodes` reads every record's identity through the content cache, and writes nothing tracked
  const readsRecords = command === 'knowledge' && argv[1] === 'nodes';
  if (command === undefined || (!GATES.has(command) && !readsRecords) || cwd === '') return;
  try {
    const later = readsRecords ? (atTop(cwd) ? vouching(cwd, env) : []) : listings(command, argv, cwd, env);
    const questions: Question[] = [{ args: DISCOVERY }, ...later];
    // one process started from here for all of them (engine/io/write/background.ts)
    const answers = runAllInBackground('git', questions, { cwd, env });
    // no files for their output: nothing asked, each asked when it is needed
    if (!answers) return;
    for (const [index, { args, input }] of questions.entries()) putEarly(args, cwd, env, answers[index]!, input);
  } catch {
    // not asked early: asked when it is needed
  }
}

/** The listings the gate `command` starts with, when it lists before it changes anything and from here. */
function listings(command: string, argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Question[] {
  if (!LISTS_FIRST.has(command) && !(LISTS_FIRST_CHECKING.has(command) && argv.includes('--check'))) return [];
  // at the top of a working tree the gate lists from here; anywhere else, it lists from elsewhere
  if (!atTop(cwd)) return [];
  if (!AUDITS_LAYER.has(command)) return [{ args: STAGED }];
  // after the listings, which the gate needs first
  return [{ args: STAGED }, { args: untrackedArgs(STRAY_PATHSPECS) }, ...vouching(cwd, env)];
}

/** True when `cwd` is the top of a working tree (it holds `.git`). */
function atTop(cwd: string): boolean {
  return lstatSync(join(cwd, '.git'), { throwIfNoEntry: false }) !== undefined;
}

/**
 * What git vouches for in the layer, on a large index (engine/layer/content-cache.ts): none inside a
 * pre-commit hook, where the index is judged and its blobs are its bytes.
 */
function vouching(cwd: string, env: NodeJS.ProcessEnv): readonly Question[] {
  if (env.GIT_INDEX_FILE) return [];
  const index = lstatSync(join(cwd, '.git', 'index'), { throwIfNoEntry: false });
  return index?.isFile() && index.size >= LARGE_INDEX_BYTES ? vouchQuestions(LAYER_TOP) : [];
}
