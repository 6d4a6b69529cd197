/**
 * GitRepository.head(): the commit HEAD is at, read from git's files when they are plain and asked of git
 * otherwise — always git's own answer (`rev-parse --verify --quiet HEAD^{commit}`), and without a
 * process in the common case. git is real; a wrapper on PATH counts the processes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../engine/io/git';
import { countingGit } from '../helpers/counting-git';

let dir: string;
let log: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'majordomus-head-'));
  ({ log, env } = countingGit(dir));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
/** A new repository with `commits` commits on main. */
function repository(commits: number): string {
  const repo = join(dir, `repo-${count++}`);
  git(dir, 'init', '-q', '-b', 'main', repo);
  for (let i = 0; i < commits; i++) {
    writeFileSync(join(repo, 'f'), `${i}\n`);
    git(repo, 'add', 'f');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', `c${i}`);
  }
  return repo;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
}

/** git's own answer, undefined when it has none. */
function gitsHead(cwd: string): string | undefined {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd, env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** head() of the repository at `cwd`, and how many git processes it started. */
function head(cwd: string): { value: string | undefined; processes: number } {
  const repository = GitRepository.discover(cwd, { env });
  writeFileSync(log, '');
  const value = repository.head();
  return { value, processes: readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
}

describe('GitRepository.head', () => {
  it('reads a branch with a loose ref from the files, with no process', () => {
    const repo = repository(2);
    expect(head(repo)).toStrictEqual({ value: gitsHead(repo), processes: 0 });
  });

  it('follows a commit made after it was asked: nothing is remembered', () => {
    const repo = repository(1);
    const repository_ = GitRepository.discover(repo, { env });
    const before = repository_.head();
    writeFileSync(join(repo, 'g'), 'g\n');
    git(repo, 'add', 'g');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'next');
    expect(repository_.head()).toBe(gitsHead(repo));
    expect(repository_.head()).not.toBe(before);
  });

  it('reads a packed branch from packed-refs, among tags and look-alike names', () => {
    const repo = repository(3);
    git(repo, 'tag', '-a', '-m', 'annotated', 'v1', 'HEAD~1');
    git(repo, 'branch', 'x/refs/heads/main', 'HEAD~2');
    git(repo, 'branch', 'xmain', 'HEAD~1');
    git(repo, 'pack-refs', '--all');
    expect(readFileSync(join(repo, '.git/packed-refs'), 'utf8')).toMatch(/^\^/m);
    expect(head(repo)).toStrictEqual({ value: gitsHead(repo), processes: 0 });
  });

  it('asks git for a detached head, an unborn branch and a symbolic branch', () => {
    const detached = repository(2);
    git(detached, 'checkout', '-q', '--detach', 'HEAD~1');
    const unborn = repository(0);
    const unbornPacked = repository(1);
    git(unbornPacked, 'pack-refs', '--all');
    git(unbornPacked, 'checkout', '-q', '--orphan', 'fresh');
    const symbolic = repository(1);
    git(symbolic, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
    git(symbolic, 'symbolic-ref', 'HEAD', 'refs/heads/alias');
    for (const repo of [detached, unborn, unbornPacked, symbolic]) {
      const answer = head(repo);
      expect(answer.value).toBe(gitsHead(repo));
      expect(answer.processes).toBe(1);
    }
    expect(head(unborn).value).toBeUndefined();
    expect(head(unbornPacked).value).toBeUndefined();
  });

  it('reads the shared ref of a linked worktree from the common directory', () => {
    const repo = repository(2);
    const linked = join(dir, `linked-${count++}`);
    git(repo, 'worktree', 'add', '-q', '-b', 'side', linked, 'HEAD~1');
    expect(head(linked)).toStrictEqual({ value: gitsHead(linked), processes: 0 });
    expect(head(linked).value).not.toBe(gitsHead(repo));
  });
});
