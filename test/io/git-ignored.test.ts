/**
 * `GitRepository.isIgnored` answers from the top-level `.gitignore` alone when one of its lines is the
 * path and nothing can re-include it, and asks git otherwise. Each case compares its answer with
 * `git check-ignore` in the same repository, so the shortcut can never say what git would not.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../engine/io/git';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

interface Case {
  readonly name: string;
  readonly files: Record<string, string>;
  readonly link?: boolean;
  readonly path: string;
  readonly ignored: boolean;
}

const CASES: readonly Case[] = [
  { name: 'the line init writes', files: { '.gitignore': 'node_modules/\n.ai/local/\n' }, path: '.ai/local/', ignored: true },
  { name: 'the line anchored', files: { '.gitignore': '/.ai/local/\n' }, path: '.ai/local/', ignored: true },
  { name: 'CRLF line endings', files: { '.gitignore': 'dist/\r\n.ai/local/\r\n' }, path: '.ai/local/', ignored: true },
  { name: 'no .gitignore', files: {}, path: '.ai/local/', ignored: false },
  { name: 'the line, then re-included', files: { '.gitignore': '.ai/local/\n!.ai/local/\n' }, path: '.ai/local/', ignored: false },
  { name: 'a negation of something else', files: { '.gitignore': '.ai/local/\n!keep.log\n' }, path: '.ai/local/', ignored: true },
  {
    name: 're-included by a deeper .gitignore',
    files: { '.gitignore': '.ai/local/\n', '.ai/.gitignore': '!local/\n' },
    path: '.ai/local/',
    ignored: false,
  },
  { name: 'a pattern git reads, not the line', files: { '.gitignore': '.ai/*/\n' }, path: '.ai/local/', ignored: true },
  { name: 'the path without its slash', files: { '.gitignore': '.ai/local\n' }, path: '.ai/local/', ignored: true },
  { name: 'a trailing space git drops', files: { '.gitignore': '.ai/local/ \n' }, path: '.ai/local/', ignored: true },
  { name: 'a comment naming the path', files: { '.gitignore': '# .ai/local/\n' }, path: '.ai/local/', ignored: false },
  // git reads no .gitignore that is a symbolic link
  { name: 'a .gitignore that is a link', files: { 'elsewhere.txt': '.ai/local/\n' }, link: true, path: '.ai/local/', ignored: false },
  { name: 'another path', files: { '.gitignore': '.ai/local/\n' }, path: '.ai/repo/', ignored: false },
];

describe('isIgnored, answered by the top-level .gitignore where it can be', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.ignored ? 'ignored' : 'not ignored'}, as git says`, () => {
      const repo = repos.create();
      for (const [path, text] of Object.entries(c.files)) {
        mkdirSync(join(repo.dir, path, '..'), { recursive: true });
        writeFileSync(join(repo.dir, path), text);
      }
      if (c.link) symlinkSync('elsewhere.txt', join(repo.dir, '.gitignore'));
      const env = cleanEnv();
      const git = spawnSync('git', ['check-ignore', '-q', '--no-index', '--', c.path], { cwd: repo.dir, env });
      expect(git.status === 0).toBe(c.ignored);
      expect(GitRepository.discover(repo.dir, { env }).isIgnored(c.path)).toBe(c.ignored);
    });
  }
});
