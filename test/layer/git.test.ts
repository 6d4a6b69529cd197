/**
 * The repository's tracked-file listing: a plain path is answered from the one whole listing, so the
 * validators asking about their folders cost one git process per run, and the answer is git's own.
 * git is real; a wrapper on PATH only counts the processes before running it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../engine/io/git';
import { countingGit } from '../helpers/counting-git';

let dir: string;
let log: string;
let env: NodeJS.ProcessEnv;

const FILES = ['a', 'ab/c', 'dir/x', 'dir/sub/y', 'dir-x', 'dir.y/z', '.ai/local/state/z', '.ai/localfile', 'with space/f', 'dir2/x'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'majordomus-git-'));
  const repo = join(dir, 'repo');
  ({ log, env } = countingGit(dir));
  spawnSync('git', ['init', '-q', repo], { env });
  for (const file of FILES) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), 'x\n');
  }
  spawnSync('git', ['add', '-A'], { cwd: repo, env });
  writeFileSync(log, '');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gitListing = (pathspec: string): string[] =>
  spawnSync('git', ['ls-files', '-z', '--', pathspec], { cwd: join(dir, 'repo'), env, encoding: 'utf8' })
    .stdout.split('\0')
    .filter((file) => file !== '');

describe('GitRepository.tracked', () => {
  const plain = ['a', 'ab', 'dir', 'dir/', './dir', 'dir//sub', 'dir/sub/y', '.ai/local', '.ai/local/', 'with space', 'missing', 'di'];

  it('answers every plain path exactly as git ls-files does, from one listing', () => {
    const repository = GitRepository.discover(join(dir, 'repo'), { env });
    writeFileSync(log, '');
    for (const pathspec of plain) expect([...repository.tracked(pathspec)], pathspec).toEqual(gitListing(pathspec));
    const calls = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('ls-files'));
    // one listing from the repository, then one per pathspec from the comparison above
    expect(calls.length).toBe(1 + plain.length);
    expect(calls[0]).toBe('ls-files --stage -z -- .');
  });

  it('knows the blob the index stages for each path, from the same listing', () => {
    const repository = GitRepository.discover(join(dir, 'repo'), { env });
    writeFileSync(log, '');
    for (const file of FILES) {
      const staged = spawnSync('git', ['rev-parse', `:${file}`], { cwd: join(dir, 'repo'), env, encoding: 'utf8' }).stdout.trim();
      expect(repository.indexBlob(file), file).toBe(staged);
    }
    expect(repository.indexBlob('missing')).toBeUndefined();
    expect(repository.indexBlob('dir')).toBeUndefined();
    expect(
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('ls-files')),
    ).toEqual(['ls-files --stage -z -- .']);
  });

  it('a conflicted path, listed once a stage, has no staged blob', () => {
    const repo = join(dir, 'conflict');
    const run = (args: string[]) =>
      spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, env, encoding: 'utf8' });
    spawnSync('git', ['init', '-q', '-b', 'main', repo], { env });
    writeFileSync(join(repo, 'f'), 'a\n');
    writeFileSync(join(repo, 'g'), 'g\n');
    run(['add', '-A']);
    run(['commit', '-q', '-m', 'a']);
    run(['checkout', '-q', '-b', 'other']);
    writeFileSync(join(repo, 'f'), 'b\n');
    run(['commit', '-q', '-am', 'b']);
    run(['checkout', '-q', 'main']);
    writeFileSync(join(repo, 'f'), 'c\n');
    run(['commit', '-q', '-am', 'c']);
    run(['merge', '-q', 'other']);
    const repository = GitRepository.discover(repo, { env });
    expect([...repository.tracked()]).toEqual(['f', 'f', 'f', 'g']);
    expect(repository.indexBlob('f')).toBeUndefined();
    expect(repository.indexBlob('g')).toBe(run(['rev-parse', ':g']).stdout.trim());
  });

  it('hands git what only git can answer: globs and magic', () => {
    const repository = GitRepository.discover(join(dir, 'repo'), { env });
    for (const pathspec of ['dir/*', ':(glob)**/x', ':(literal)dir', 'd?r']) {
      writeFileSync(log, '');
      expect([...repository.tracked(pathspec)], pathspec).toEqual(gitListing(pathspec));
      expect(
        readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('ls-files')).length,
        pathspec,
      ).toBe(2);
    }
  });
});
