/**
 * git's own trace of the processes a run starts (GIT_TRACE names every git it runs, built-in commands
 * with their arguments): for the tests that hold a command to the questions it asks git.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh trace file: the environment that fills it, and the git commands it names so far, in order. */
export function gitTrace(): { env: Record<string, string>; gits: () => string[] } {
  const file = join(mkdtempSync(join(tmpdir(), 'majordomus-trace-')), 'trace.txt');
  writeFileSync(file, '');
  return {
    env: { GIT_TRACE: file },
    gits: () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => /trace: built-in: git (.*)$/.exec(line)?.[1])
        .filter((line): line is string => line !== undefined),
  };
}

/** How many of `gits` are exactly `command`. */
export function countOf(gits: readonly string[], command: string): number {
  return gits.filter((git) => git === command).length;
}
