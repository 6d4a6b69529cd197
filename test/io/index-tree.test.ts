/**
 * The index tree's folders, read a folder at a time from the listing in byte order: every folder lists
 * what the working tree holds of the same staged files, names that sort around `/` included, and what
 * exists is what git stages — with a conflicted path, and in a listing that is not in byte order.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../engine/io/git';
import { IndexTree, WorkingTree } from '../../engine/io/tree';
import { cleanEnv } from '../helpers/repo';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
const env = cleanEnv();

// names that sort just before and after `/` (`-`, `.`, `0`) beside folders of the same stem, nested folders
const FILES = ['a-b', 'a.b', 'a/b-', 'a/b.c/d', 'a/b/c', 'a/b/c2/d', 'a/b0', 'a0', 'b/c/d/e', '.ai/x', '.ai/repo/y', 'z'];

function staged(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-index-tree-'));
  scratch.push(dir);
  execFileSync('git', ['init', '-q', dir], { env });
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${file}\n`);
  }
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  return dir;
}

function folders(files: readonly string[]): string[] {
  const all = new Set<string>(['']);
  for (const file of files) for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) all.add(file.slice(0, at));
  return [...all];
}

describe('IndexTree folders', () => {
  it('lists every folder as the working tree does, and exists answers as git stages', () => {
    // the second holds names past the surrogates, where the listing is not read in byte order: every folder built at once
    for (const files of [FILES, [...FILES, 'é/ü', 'ｆ/x', 'ｆ-x', '😀/y']]) {
      const dir = staged(files);
      const index = new IndexTree(dir, env, GitRepository.discover(dir, { env }));
      const disk = new WorkingTree(dir);
      for (const folder of folders(files)) {
        expect(index.list(folder), folder).toStrictEqual(disk.list(folder).filter((entry) => entry.name !== '.git'));
        expect(index.exists(folder)).toBe(true);
      }
      for (const file of files) expect(index.exists(file)).toBe(true);
      for (const absent of ['a/b/c/d', 'a/', 'b/c/d/e/f', 'c', 'a/b.', 'b/c/'])
        expect(index.exists(absent), absent).toBe(absent.endsWith('/'));
      expect(index.list('nowhere')).toStrictEqual([]);
    }
  });

  it('lists a conflicted path once, as a file', () => {
    const dir = staged(['f/x']);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, env });
    git('commit', '-q', '-m', 'base');
    git('checkout', '-q', '-b', 'side');
    writeFileSync(join(dir, 'f/x'), 'side\n');
    git('commit', '-q', '-am', 'side');
    git('checkout', '-q', '-');
    writeFileSync(join(dir, 'f/x'), 'main\n');
    git('commit', '-q', '-am', 'main');
    expect(() => git('merge', '-q', 'side')).toThrow();
    const index = new IndexTree(dir, env, GitRepository.discover(dir, { env }));
    expect(index.list('f')).toStrictEqual([{ name: 'x', directory: false }]);
    expect(index.list('')).toStrictEqual([{ name: 'f', directory: true }]);
  });
});
