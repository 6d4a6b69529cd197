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

/** Commit `dir`'s staged files, then leave `file` conflicted by a merge of two branches that changed it; git, run in `dir`. */
function conflict(dir: string, file: string): (...args: string[]) => string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, env, encoding: 'utf8' });
  git('commit', '-q', '-m', 'base');
  git('checkout', '-q', '-b', 'side');
  writeFileSync(join(dir, file), 'side\n');
  git('commit', '-q', '-am', 'side');
  git('checkout', '-q', '-');
  writeFileSync(join(dir, file), 'main\n');
  git('commit', '-q', '-am', 'main');
  expect(() => git('merge', '-q', 'side')).toThrow();
  return git;
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
    conflict(dir, 'f/x');
    const index = new IndexTree(dir, env, GitRepository.discover(dir, { env }));
    expect(index.list('f')).toStrictEqual([{ name: 'x', directory: false }]);
    expect(index.list('')).toStrictEqual([{ name: 'f', directory: true }]);
  });
});

describe("GitRepository.folderLines: a folder's stretch of the index listing, for a list that is exactly its files", () => {
  const FOLDER = ['d/.gitkeep', 'd/a.md', 'd/b.md', 'd/sub/c.md', 'd0', 'e/a.md'];

  function listed(files: readonly string[]): GitRepository {
    const dir = staged(files);
    const git = GitRepository.discover(dir, { env });
    git.tracked('.');
    return git;
  }

  it('names the files the list leaves out by position, and holds the lines of the folder and its subfolders only', () => {
    const git = listed(FOLDER);
    const both = git.folderLines('d', ['d/a.md', 'd/b.md'])!;
    expect(both.left).toStrictEqual([0]);
    const paths = both.lines
      .split('\0')
      .filter(Boolean)
      .map((line) => line.slice(line.indexOf('\t') + 1));
    expect(paths).toStrictEqual(['d/.gitkeep', 'd/a.md', 'd/b.md', 'd/sub/c.md']);
    expect(git.folderLines('d', ['d/b.md'])!.left).toStrictEqual([0, 1]);
    expect(git.folderLines('d', ['d/.gitkeep', 'd/a.md', 'd/b.md'])!.left).toStrictEqual([]);
  });

  it('has none for a list with a file the folder does not hold directly, out of order, or empty', () => {
    const git = listed(FOLDER);
    for (const paths of [['d/a.md', 'd/x.md'], ['d/b.md', 'd/a.md'], ['d/sub/c.md'], ['e/a.md'], []])
      expect(git.folderLines('d', paths), paths.join(' ')).toBeUndefined();
    expect(git.folderLines('', ['d0'])).toBeUndefined();
  });

  it('changes with a blob: the same list of other bytes has other lines', () => {
    const git = listed(FOLDER);
    const before = git.folderLines('d', ['d/a.md', 'd/b.md'])!.lines;
    const other = listed(FOLDER.map((file) => file));
    expect(other.folderLines('d', ['d/a.md', 'd/b.md'])!.lines).toBe(before);
    const dir = staged(FOLDER);
    writeFileSync(join(dir, 'd/b.md'), 'other bytes\n');
    execFileSync('git', ['add', '-A'], { cwd: dir, env });
    const changed = GitRepository.discover(dir, { env });
    changed.tracked('.');
    expect(changed.folderLines('d', ['d/a.md', 'd/b.md'])!.lines).not.toBe(before);
  });
});

describe("GitRepository.indexBlob: each path's blob read from the one listing when asked", () => {
  it("is git's own stage-0 blob for every staged path, none for a conflicted or absent one, in byte order and out of it", () => {
    // the second holds names past the surrogates: the listing is not read in byte order, and a map is made
    for (const files of [FILES, [...FILES, 'é/ü', 'ｆ/x', 'ｆ-x', '😀/y']]) {
      const dir = staged(files);
      const git = conflict(dir, 'a/b/c');
      const repository = GitRepository.discover(dir, { env });
      expect(repository.tracked('.')).toContain('a/b/c');
      const clean = files.filter((path) => path !== 'a/b/c');
      const blobs = git('rev-parse', ...clean.map((file) => `:0:${file}`))
        .trim()
        .split('\n');
      // asked past the first few, found by a search each, the rest from the map of them all
      for (let round = 0; round < 7; round++)
        for (const [at, file] of clean.entries()) expect(repository.indexBlob(file), file).toBe(blobs[at]);
      for (const absent of ['a/b/c', 'a', 'a/b', 'nowhere', 'a-', 'z0', '']) expect(repository.indexBlob(absent), absent).toBeUndefined();
      // the index tree reads the same listing's blobs
      expect(new IndexTree(dir, env, repository).exists('a/b/c')).toBe(true);
    }
  });
});
