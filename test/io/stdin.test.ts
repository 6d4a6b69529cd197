/**
 * The one stdin reader (engine/io/stdin.ts), as a shell hands it input: a pipe whose writer is late
 * is read to its end, never taken as empty or refused; an endless stream stops at the cap plus one
 * byte; valid UTF-8 is text, U+FFFD included. Each case runs the built CLI under `sh -c`, since only a
 * real pipe and a real /dev/zero show what the descriptor does.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function sh(dir: string, script: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync('sh', ['-c', script], { cwd: dir, env: cleanEnv({ M: `${process.execPath} ${CLI}` }), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const checkpoints = (dir: string): string[] =>
  readdirSync(`${dir}/.ai/local/state/checkpoints`, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('stdin, read blocking and capped', () => {
  it('a body piped in a second late is recorded (exit 0)', () => {
    const repo = committedWithTask(repos);
    const run = sh(repo.dir, '(sleep 1; echo "late progress") | $M checkpoint');
    expect(run.code, run.stderr).toBe(0);
    expect(checkpoints(repo.dir)).toHaveLength(1);
  });

  it('an endless stream is refused at the cap (exit 2), and nothing is written', () => {
    const repo = committedWithTask(repos);
    const run = sh(repo.dir, '$M checkpoint < /dev/zero');
    expect(run.code).toBe(2);
    expect(() => checkpoints(repo.dir)).toThrow();
  });

  it('a summary of 600 KB through a pipe is read whole by session close, every time', () => {
    for (let round = 0; round < 3; round++) {
      const repo = committedWithTask(repos);
      expect(sh(repo.dir, '$M session start').code).toBe(0);
      const run = sh(repo.dir, `head -c 600000 /dev/zero | tr '\\0' 'a' | fold -w 100 | $M session close`);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/\.ai\/repo\/sessions\//);
    }
  });

  it('U+FFFD is valid UTF-8 and is text (exit 0)', () => {
    const repo = committedWithTask(repos);
    const run = sh(repo.dir, "printf '\\357\\277\\275 replaced\\n' | $M checkpoint");
    expect(run.code, run.stderr).toBe(0);
  });
});
