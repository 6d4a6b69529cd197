/**
 * A git that counts its runs: a wrapper first on PATH that appends each run's arguments to a log and
 * runs the real git. For the tests that hold a reader to the git processes it starts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv } from './repo';

/** The wrapper under `dir` (`bin/git`), its log (`calls.log`, empty) and the environment that puts it first. */
export function countingGit(dir: string): { log: string; env: NodeJS.ProcessEnv } {
  const bin = join(dir, 'bin');
  const log = join(dir, 'calls.log');
  mkdirSync(bin, { recursive: true });
  const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  writeFileSync(log, '');
  return { log, env: cleanEnv({ PATH: `${bin}:${process.env.PATH ?? ''}` }) };
}
