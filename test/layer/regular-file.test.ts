/**
 * The layer reads only regular files and never mistakes a folder it cannot list for an empty one. What
 * could block (a FIFO opened for reading) is proved on the built CLI under a time limit
 * (test/cli/reading.test.ts); here, in process, the kinds that cannot block.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentError } from '../../engine/io/document-error';
import { readTextFile } from '../../engine/io/text';
import { IndexTree, WorkingTree } from '../../engine/io/tree';
import { cleanEnv } from '../helpers/repo';

let dir: string;
let server: Server;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'majordomus-regular-'));
  writeFileSync(join(dir, 'plain.yaml'), 'a: 1\n');
  mkdirSync(join(dir, 'folder'));
  writeFileSync(join(dir, 'folder/inside.md'), 'x\n');
  execFileSync('mkfifo', [join(dir, 'pipe')]);
  symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
  symlinkSync(join(dir, 'plain.yaml'), join(dir, 'link-to-file'));
  server = createServer();
  await new Promise<void>((done) => server.listen(join(dir, 'socket'), done));
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

function refusal(read: () => unknown): DocumentError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return error as DocumentError;
  }
  throw new Error('expected a refusal');
}

describe('readTextFile reads a regular file and refuses every other kind by name', () => {
  it('a regular file, and a link to one, are read', () => {
    expect(readTextFile(join(dir, 'plain.yaml'), 'plain.yaml')).toBe('a: 1\n');
    expect(readTextFile(join(dir, 'link-to-file'), 'link-to-file')).toBe('a: 1\n');
  });

  it.each([
    ['folder', 'a directory'],
    ['socket', 'a socket'],
    ['dangling', 'no such file'],
  ])('%s → %s', (name, reason) => {
    const error = refusal(() => readTextFile(join(dir, name), name));
    expect(error.file).toBe(name);
    expect(error.reason).toContain(reason);
  });

  it('a character device (/dev/null) is refused, not read as empty', () => {
    const error = refusal(() => readTextFile('/dev/null', 'dev-null.yaml'));
    expect(error.reason).toContain('a character device');
  });

  it('WorkingTree.sha256 refuses what is not a regular file', () => {
    const error = refusal(() => new WorkingTree('/').sha256('dev/null'));
    expect(error.file).toBe('dev/null');
    expect(new WorkingTree(dir).sha256('plain.yaml')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('WorkingTree.list: nothing there is empty; something there that is not a folder is refused', () => {
  const tree = (): WorkingTree => new WorkingTree(dir);

  it('a folder lists its entries; a missing one, or one under a missing parent, is empty', () => {
    expect(tree().list('folder')).toEqual([{ name: 'inside.md', directory: false }]);
    expect(tree().list('missing')).toEqual([]);
    expect(tree().list('missing/deeper')).toEqual([]);
    // and `listable` says the same without listing: nothing thrown for a folder or for nothing there
    for (const path of ['folder', 'missing', 'missing/deeper']) expect(() => tree().listable(path)).not.toThrow();
  });

  it.each([
    ['plain.yaml', 'a file where a folder belongs'],
    ['pipe', 'a FIFO (named pipe) where a folder belongs'],
    ['socket', 'a socket where a folder belongs'],
    ['dangling', 'a symbolic link to nothing'],
    ['link-to-file', 'a symbolic link to a file'],
  ])('%s → %s', (name, reason) => {
    const error = refusal(() => tree().list(name));
    expect(error.file).toBe(name);
    expect(error.reason).toContain(reason);
    // `listable` refuses it as `list` does, in the same words
    const opened = refusal(() => tree().listable(name));
    expect([opened.file, opened.reason, opened.fix]).toStrictEqual([error.file, error.reason, error.fix]);
  });
});

describe('IndexTree.list: a staged file where a folder belongs is refused', () => {
  it('names the path', () => {
    const repo = mkdtempSync(join(tmpdir(), 'majordomus-index-'));
    try {
      const git = (...args: string[]): void => void execFileSync('git', args, { cwd: repo, env: cleanEnv() });
      git('init', '-q', '-b', 'main', '.');
      mkdirSync(join(repo, 'rules'));
      writeFileSync(join(repo, 'rules/project'), 'a file\n');
      writeFileSync(join(repo, 'rules/kept.md'), 'x\n');
      git('add', '--', 'rules');
      const index = new IndexTree(repo, process.env);
      expect(index.list('rules').map((entry) => entry.name)).toEqual(['kept.md', 'project']);
      expect(index.list('missing')).toEqual([]);
      const error = refusal(() => index.list('rules/project'));
      expect(error.file).toBe('rules/project');
      expect(error.reason).toContain('where a folder belongs');
      expect(refusal(() => index.listable('rules/project')).reason).toBe(error.reason);
      expect(() => index.listable('rules')).not.toThrow();
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
