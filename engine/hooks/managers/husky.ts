/**
 * husky v9, as `husky` (its `prepare` script) installs it: it sets `core.hooksPath` to `.husky/_` and
 * writes, in that folder, a runner `h`, one stub per git hook (`.husky/_/pre-commit`, …) that sources
 * the runner, and a `.gitignore` of `*` — the folder is regenerated on every install and never tracked.
 * The runner runs the user's own `.husky/<hook>` with `sh -e` (so that file needs neither a shebang nor
 * the executable bit), after putting `node_modules/.bin` first on PATH; a missing user file is a hook
 * that passes. Checked against husky 9.1.7's published package.
 *
 * So the line goes into `.husky/<hook>`: a line in `.husky/_/<hook>` is lost at the next install, and
 * would never run anyway — the runner the stub sources ends with `exit`.
 */
import { basename, dirname, join } from 'node:path';
import type { Invocation } from '../blocks';
import { BLOCK_BEGIN, BLOCK_END, hookBlock } from '../blocks';

/** The folder husky's own `husky init` makes; `core.hooksPath` is then `.husky/_`. */
export const HUSKY_DIR = '.husky';

/** The folder, inside the one holding the user's hook files, that husky writes its stubs and runner into. */
const RUNNER_DIR = '_';
/** husky's runner, which every stub sources. */
const RUNNER = 'h';

/** What a file listing looks like to the husky check: enough to tell a folder and a file apart. */
export interface PathKinds {
  kind(abs: string): 'absent' | 'file' | 'dir' | 'other';
}

/**
 * husky's setup when `hooksDir` is its runner folder `<dir>/_`: the folder of the user's hook files, and
 * whether the runner `h` is there. A `<dir>/_` that is gone (`git clean -x` removes it: husky ignores
 * it) is still husky's, with no runner; a `_` folder without `h` is someone else's. `husky <dir>`
 * installs into any folder, not only `.husky`.
 */
export function huskyUserDir(hooksDir: string, files: PathKinds): { readonly userDir: string; readonly runner: boolean } | undefined {
  if (basename(hooksDir) !== RUNNER_DIR) return undefined;
  if (files.kind(join(hooksDir, RUNNER)) === 'file') return { userDir: dirname(hooksDir), runner: true };
  return files.kind(hooksDir) === 'absent' ? { userDir: dirname(hooksDir), runner: false } : undefined;
}

/** True when a hook file is husky's stub: it sources the runner `h` beside it. */
export function isHuskyStub(text: string): boolean {
  return text.split('\n').some((line) => /^\s*\.\s+"?\$(\(dirname\s+(--\s+)?"?\$0"?\)|\{0%\/\*\})\/h"?\s*$/.test(line));
}

/**
 * A new user hook file as husky users write them: commands only, no shebang (husky runs it with
 * `sh -e`), headed by a comment saying where it came from.
 */
export function newHuskyHook(hook: string, invocations: readonly Invocation[]): string {
  return `# Added by majordomus init; husky runs this file with sh -e. The policy's enforcement list says what runs here.\n${invocations.map((inv) => huskyBlock(hook, inv)).join('')}`;
}

/** A block in a user hook file: husky's runner puts node_modules/.bin first on PATH, so the invocation line is enough. */
export function huskyBlock(hook: string, invocation: Invocation): string {
  return hookBlock(hook, invocation, { binOnPath: true });
}

/**
 * Why a block cannot be appended to an existing user hook file, or undefined when it can: an `exit` or
 * `exec` outside majordomus's own blocks may leave before the end. No shebang is asked for: husky runs
 * the file with `sh`, whatever its first line says.
 */
export function huskyAppendRefusal(existing: string): string | undefined {
  const body: string[] = [];
  let inside = false;
  for (const line of existing.split('\n')) {
    if (line.trim() === BLOCK_BEGIN) inside = true;
    else if (line.trim() === BLOCK_END) inside = false;
    else if (!inside && !/^\s*#/.test(line)) body.push(line);
  }
  if (body.some((line) => /(^|[\s;&|])exec\s/.test(line))) return 'it replaces itself with `exec`, so nothing after that line runs';
  if (body.some((line) => /(^|[\s;&|])exit(\s|;|$)/.test(line))) return 'it calls `exit`, so a line added at its end may never run';
  return undefined;
}
