/**
 * The one writer (engine/layer/write/), in process: a plan is checked whole before its first write and a
 * refusal leaves the tree — and the directory around it — exactly as it was; files are written whole,
 * through a temporary file in the same folder; a failure while writing undoes the writes before it; the
 * write lock keeps two writers apart and clears a dead one's lock.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../engine/errors';
import { applyPlan } from '../../engine/io/write/apply';
import { checkPlan } from '../../engine/io/write/check';
import { WriteFailure, WriteRefusal } from '../../engine/io/write/errors';
import { lockFile, WriteLock, withWriteLock } from '../../engine/io/write/lock';
import { WritePlan } from '../../engine/io/write/plan';
import { leftovers, snapshotTree } from '../helpers/snapshot';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch parent holding `repo/` (the plan's base and scope) and `outside/` beside it. */
let parent: string;
let repo: string;
let outside: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'majordomus-writer-'));
  scratch.push(parent);
  repo = join(parent, 'repo');
  outside = join(parent, 'outside');
  mkdirSync(repo);
  mkdirSync(outside);
  writeFileSync(join(outside, 'shared.sh'), '#!/bin/sh\necho shared\n');
});

const plan = (): WritePlan => new WritePlan({ command: 'test', base: repo });
const put = (path: string, content: string, mode?: number): void => {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), content);
  if (mode !== undefined) chmodSync(join(repo, path), mode);
};

/** Run `fn`, expecting the check to refuse; the refusal. */
function refused(fn: () => unknown): WriteRefusal {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WriteRefusal);
    return error as WriteRefusal;
  }
  throw new Error('the plan was not refused');
}

describe('a plan is checked whole before anything is written', () => {
  it('a plan whose second target is a folder is refused (15) and writes nothing, not even the first file', () => {
    mkdirSync(join(repo, 'b.txt'));
    const before = snapshotTree(parent);
    const error = refused(() => plan().create('a.txt', 'first\n').create('b.txt', 'second\n').commit());
    expect(error.exitCode).toBe(ExitCode.refused);
    expect(error.problems.map((problem) => problem.path)).toEqual(['b.txt']);
    expect(snapshotTree(parent)).toEqual(before);
  });

  const cases: [string, () => void, (p: WritePlan) => WritePlan, string | (() => string)][] = [
    ['create over an existing file', () => put('a.txt', 'mine\n'), (p) => p.create('a.txt', 'x'), 'a.txt'],
    ['create over a folder', () => mkdirSync(join(repo, 'a.txt')), (p) => p.create('a.txt', 'x'), 'a.txt'],
    [
      'create over a dangling symbolic link',
      () => symlinkSync(join(parent, 'nowhere'), join(repo, 'a.txt')),
      (p) => p.create('a.txt', 'x', { ifAbsent: true }),
      'a.txt',
    ],
    ['create where a file stands in place of a folder', () => put('dir', 'a file'), (p) => p.create('dir/a.txt', 'x'), 'dir'],
    [
      'create under a dangling symbolic link to a folder',
      () => symlinkSync(join(parent, 'nowhere'), join(repo, 'dir')),
      (p) => p.create('dir/a.txt', 'x'),
      'dir',
    ],
    [
      'create through a folder linked outside',
      () => symlinkSync(outside, join(repo, 'dir')),
      (p) => p.create('dir/new/a.txt', 'x'),
      'dir/new/a.txt',
    ],
    [
      'create at a path with .. leaving the base',
      () => undefined,
      (p) => p.create('../outside/a.txt', 'x'),
      () => join(parent, 'outside/a.txt'),
    ],
    ['create at an absolute path outside', () => undefined, (p) => p.create(join(outside, 'a.txt'), 'x'), () => join(outside, 'a.txt')],
    [
      'replace a symbolic link (never written through)',
      () => symlinkSync(join(outside, 'shared.sh'), join(repo, 'hook')),
      (p) => p.replace('hook', 'x'),
      'hook',
    ],
    [
      'append through a link that leads outside',
      () => symlinkSync(join(outside, 'shared.sh'), join(repo, 'hook')),
      (p) => p.append('hook', 'x\n', { links: 'follow' }),
      'hook',
    ],
    ['append to a FIFO', () => expect(spawnSync('mkfifo', [join(repo, 'fifo')]).status).toBe(0), (p) => p.append('fifo', 'x\n'), 'fifo'],
    ['remove a folder that is not empty', () => put('dir/keep.txt', 'kept'), (p) => p.remove('dir'), 'dir'],
    ['chmod a missing file', () => undefined, (p) => p.chmod('missing', 0o755), 'missing'],
    ['create a file, then a file under it', () => undefined, (p) => p.create('a', 'x').create('a/b', 'y'), 'a'],
  ];
  it.each(cases)('%s: refused (15), nothing written inside or outside the base', (_name, setup, build, path) => {
    setup();
    const before = snapshotTree(parent);
    const error = refused(() => build(plan().create('first.txt', 'written first\n')).commit());
    expect(error.exitCode).toBe(ExitCode.refused);
    expect(error.problems.map((problem) => problem.path)).toEqual([typeof path === 'string' ? path : path()]);
    expect(error.message.split('\n')).toHaveLength(1);
    expect(snapshotTree(parent)).toEqual(before);
  });

  it("follows the plan's own earlier operations: a linked folder removed, then a real one written in its place", () => {
    symlinkSync(outside, join(repo, 'vendor'));
    const outsideBefore = snapshotTree(outside);
    const written = plan().remove('vendor').create('vendor/rules/a.md', 'rule\n').commit();
    expect(written.map((done) => `${done.kind} ${done.path}`)).toEqual(['remove vendor', 'create vendor/rules/a.md']);
    expect(lstatSync(join(repo, 'vendor')).isDirectory()).toBe(true);
    expect(readFileSync(join(repo, 'vendor/rules/a.md'), 'utf8')).toBe('rule\n');
    expect(snapshotTree(outside)).toEqual(outsideBefore);
  });
});

describe('files are written whole', () => {
  it('create writes exactly the bytes, with an exact mode when one is given, and leaves no temporary file', () => {
    const bytes = Buffer.from([0, 1, 2, 255, 10]);
    const written = plan().create('deep/er/a.bin', bytes).create('hook', '#!/bin/sh\n', { mode: 0o755 }).commit();
    expect(written.map((done) => done.path)).toEqual(['deep/er/a.bin', 'hook']);
    expect(readFileSync(join(repo, 'deep/er/a.bin'))).toEqual(bytes);
    expect(statSync(join(repo, 'hook')).mode & 0o7777).toBe(0o755);
    expect(leftovers(parent)).toEqual([]);
  });

  it('create with ifAbsent keeps a file that is there and reports it as not written', () => {
    put('a.txt', 'mine\n');
    const written = plan().create('a.txt', 'theirs\n', { ifAbsent: true }).create('b.txt', 'new\n', { ifAbsent: true }).commit();
    expect(written.map((done) => done.path)).toEqual(['b.txt']);
    expect(readFileSync(join(repo, 'a.txt'), 'utf8')).toBe('mine\n');
  });

  it('append adds its lines after a newline, keeps the mode, and `unless` makes a second append a no-op', () => {
    put('.gitignore', 'node_modules/', 0o640);
    const unless = (current: string): boolean => current.split('\n').includes('.ai/local/');
    expect(plan().append('.gitignore', '.ai/local/\n', { unless }).commit()).toHaveLength(1);
    expect(plan().append('.gitignore', '.ai/local/\n', { unless }).commit()).toHaveLength(0);
    expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toBe('node_modules/\n.ai/local/\n');
    expect(statSync(join(repo, '.gitignore')).mode & 0o7777).toBe(0o640);
  });

  it("replace with links 'replace' puts a file in place of a link and never touches what it pointed to", () => {
    symlinkSync(join(outside, 'shared.sh'), join(repo, 'rule.md'));
    const outsideBefore = snapshotTree(outside);
    plan().replace('rule.md', 'ours\n', { links: 'replace' }).commit();
    expect(lstatSync(join(repo, 'rule.md')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(repo, 'rule.md'), 'utf8')).toBe('ours\n');
    expect(snapshotTree(outside)).toEqual(outsideBefore);
  });

  it("append with links 'follow' writes the file a link inside the base leads to, and keeps the link", () => {
    put('scripts/hook.sh', '#!/bin/sh\n', 0o755);
    symlinkSync('scripts/hook.sh', join(repo, 'hooks-link'));
    const written = plan().append('hooks-link', 'echo ours\n', { links: 'follow' }).commit();
    expect(written.map((done) => done.path)).toEqual(['scripts/hook.sh']);
    expect(readlinkSync(join(repo, 'hooks-link'))).toBe('scripts/hook.sh');
    expect(readFileSync(join(repo, 'scripts/hook.sh'), 'utf8')).toBe('#!/bin/sh\necho ours\n');
    expect(statSync(join(repo, 'scripts/hook.sh')).mode & 0o7777).toBe(0o755);
  });

  it('remove takes a symbolic link away, never what it points to', () => {
    symlinkSync(join(outside, 'shared.sh'), join(repo, 'link'));
    plan().remove('link').remove('not-there').commit();
    expect(existsSync(join(repo, 'link'))).toBe(false);
    expect(readFileSync(join(outside, 'shared.sh'), 'utf8')).toBe('#!/bin/sh\necho shared\n');
  });

  it('removes a tree it emptied itself, files then folders, leaving no backup behind', () => {
    put('pack/manifest.yaml', 'm\n');
    put('pack/rules/a.md', 'a\n');
    put('pack/rules/b.md', 'b\n');
    put('keep.txt', 'k\n');
    const removed = plan()
      .remove('pack/manifest.yaml')
      .remove('pack/rules/a.md')
      .remove('pack/rules/b.md')
      .remove('pack/rules')
      .remove('pack')
      .commit();
    expect(removed.map((done) => done.path)).toEqual(['pack/manifest.yaml', 'pack/rules/a.md', 'pack/rules/b.md', 'pack/rules', 'pack']);
    expect(Object.keys(snapshotTree(repo))).toEqual(['keep.txt']);
  });

  it("sweeps a dead writer's temporary and backup files from a folder it writes in, and keeps a live writer's", () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    put(`.a.txt.majordomus-${dead}-0123abcd.tmp`, '');
    put(`.b.txt.majordomus-${dead}-89abcdef.old`, 'old');
    put(`.c.txt.majordomus-${process.pid}-00000000.tmp`, 'live');
    plan().create('d.txt', 'd\n').commit();
    expect(leftovers(repo)).toEqual([`.c.txt.majordomus-${process.pid}-00000000.tmp`]);
  });
});

describe('a failure while writing undoes the plan', () => {
  it('a target that appears between the check and the write: WriteFailure (15), every earlier write undone', () => {
    put('replaced.txt', 'before\n', 0o600);
    put('appended.txt', 'line one\n');
    put('removed.txt', 'keep me\n');
    const p = plan()
      .replace('replaced.txt', 'after\n')
      .append('appended.txt', 'line two\n')
      .remove('removed.txt')
      .create('new/folder/created.txt', 'created\n')
      .chmod('appended.txt', 0o700)
      .create('late.txt', 'late\n');
    const checked = checkPlan(p);
    const before = snapshotTree(parent);
    // another process makes a folder where the last file goes, after the check
    mkdirSync(join(repo, 'late.txt'));
    let failure: unknown;
    try {
      applyPlan(p, checked);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(WriteFailure);
    expect((failure as WriteFailure).exitCode).toBe(ExitCode.refused);
    expect((failure as WriteFailure).path).toBe('late.txt');
    expect((failure as WriteFailure).code).toBe('EEXIST');
    expect((failure as WriteFailure).unrestored).toEqual([]);
    rmSync(join(repo, 'late.txt'), { recursive: true });
    expect(snapshotTree(parent)).toEqual(before);
  });

  it('a file created meanwhile where the plan only wanted one (ifAbsent) is kept, not a failure', () => {
    const p = plan().create('a.txt', 'ours\n', { ifAbsent: true });
    const checked = checkPlan(p);
    put('a.txt', 'theirs\n');
    expect(applyPlan(p, checked)).toEqual([]);
    expect(readFileSync(join(repo, 'a.txt'), 'utf8')).toBe('theirs\n');
    expect(leftovers(parent)).toEqual([]);
  });
});

describe('the write lock', () => {
  it('refuses (15) a second writer while held, and is free again once released', () => {
    const file = lockFile(repo);
    const first = WriteLock.acquire(file, 'first');
    let second: unknown;
    try {
      WriteLock.acquire(file, 'second');
    } catch (error) {
      second = error;
    }
    expect((second as { exitCode?: number }).exitCode).toBe(ExitCode.refused);
    first.release();
    expect(existsSync(file)).toBe(false);
    WriteLock.acquire(file, 'third').release();
  });

  it('clears a lock whose process has died, and takes it', () => {
    const file = lockFile(repo);
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(file, `${JSON.stringify({ pid: dead, host: hostname(), command: 'init', since: '2000-01-01T00:00:00.000Z' })}\n`);
    const lock = WriteLock.acquire(file, 'init');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(readdirNames(repo)).toEqual([]);
  });

  it('refuses (15) a lock it cannot read as a writer (it cannot be judged stale)', () => {
    const file = lockFile(repo);
    writeFileSync(file, '');
    expect(() => WriteLock.acquire(file, 'init')).toThrow(expect.objectContaining({ exitCode: ExitCode.refused }));
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('withWriteLock releases the lock when the work throws', async () => {
    const file = lockFile(repo);
    await expect(
      withWriteLock(file, 'init', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(file)).toBe(false);
  });
});

function readdirNames(dir: string): string[] {
  return Object.keys(snapshotTree(dir));
}
