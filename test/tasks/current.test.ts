/**
 * The current task file as the engine reads it (engine/state/tasks/current.ts), in process: absent, a record,
 * a record from another checkout (reported, never enforced), and every kind of file that is not a task
 * record, each `unreadable` with a reason rather than a throw. The change set (engine/state/tasks/changes.ts)
 * counts committed, staged, unstaged and untracked paths in the working tree, and only the staged ones
 * in the index.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYaml } from '../../engine/layer/yaml';
import { utcSeconds } from '../../engine/state/kernel/clock';
import { changeSet } from '../../engine/state/tasks/changes';
import type { Task } from '../../engine/state/tasks/current';
import { currentTaskFile, readCurrentTask } from '../../engine/state/tasks/current';
import { cleanEnv, ROOT, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const LOCAL = '.ai/local';
const FILE = currentTaskFile(LOCAL);
const VALID = readFileSync(join(ROOT, 'test/fixtures/task/current.yaml'), 'utf8');

/** A repository whose current task file holds `text` (a record naming this checkout unless `worktree` says). */
function withTask(text: string | undefined, worktree?: string) {
  const repo = repos.create({ git: false });
  if (text !== undefined) repo.write(FILE, text.replace('worktree: /srv/checkout', `worktree: ${worktree ?? repo.dir}`));
  return repo;
}

describe('readCurrentTask', () => {
  it('absent when no task file is there', () => {
    const repo = withTask(undefined);
    expect(readCurrentTask(repo.dir, LOCAL)).toEqual({ status: 'absent', file: FILE });
  });

  it('a record of this checkout is present and local', () => {
    const read = readCurrentTask(withTask(VALID).dir, LOCAL);
    expect(read.status).toBe('present');
    expect(read.status === 'present' && { id: read.task.id, scope: read.task.scope, foreign: read.foreign }).toEqual({
      id: 't-20260903193012-a4f1',
      scope: ['lib/auth'],
      foreign: false,
    });
  });

  it('a record naming another checkout is present and foreign', () => {
    const read = readCurrentTask(withTask(VALID, '/elsewhere/checkout').dir, LOCAL);
    expect(read.status === 'present' && read.foreign).toBe(true);
  });

  it.each([
    ['YAML outside the subset', 'id: [a, {b: c}]\n'],
    ['an unknown key', `${VALID}colour: red\n`],
    ['a missing required key', VALID.replace(/^scope:\n {2}- lib\/auth\n/m, '')],
    ['an outcome that is not one', VALID.replace('outcome: active', 'outcome: done')],
    ['a list, not a mapping', '- a\n'],
  ])('%s is unreadable, with the reason', (_name, text) => {
    const read = readCurrentTask(withTask(text).dir, LOCAL);
    expect(read.status).toBe('unreadable');
    expect(read.status === 'unreadable' && read.problems.length).toBeGreaterThan(0);
  });

  it('a folder where the file belongs is unreadable, not a throw', () => {
    const repo = withTask(undefined);
    mkdirSync(repo.path(FILE), { recursive: true });
    expect(readCurrentTask(repo.dir, LOCAL).status).toBe('unreadable');
  });

  it('a dangling link where the file belongs is unreadable, not absent', () => {
    const repo = withTask(undefined);
    mkdirSync(repo.path(`${LOCAL}/state`), { recursive: true });
    symlinkSync('nowhere.yaml', repo.path(FILE));
    expect(readCurrentTask(repo.dir, LOCAL).status).toBe('unreadable');
  });
});

describe('changeSet', () => {
  const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, env: cleanEnv(), encoding: 'utf8' }).trim();
  /** The change set of a task started now at `head` on main, as the model asks it. */
  const changes = (dir: string, head: string | undefined, tree: 'working tree' | 'index', startedAt = new Date()) => {
    const task = {
      ...(parseYaml(VALID, FILE).value as Task),
      started_at: utcSeconds(startedAt),
      branch: 'main',
      head,
      worktree: dir,
    };
    if (head === undefined) delete (task as { head?: string }).head;
    const set = changeSet({ root: dir, gitDir: join(dir, '.git'), env: cleanEnv(), task, tree });
    return set.error !== undefined ? { error: set.error } : { files: set.files };
  };

  it('counts committed, staged, unstaged and untracked paths since the start head; the index counts the staged', () => {
    const repo = repos.create();
    repo.write('kept.txt', 'a\n');
    repo.write('edited.txt', 'a\n');
    repo.write('moved.txt', 'a\n');
    git(repo.dir, 'add', '-A');
    git(repo.dir, 'commit', '-q', '-m', 'start');
    const head = git(repo.dir, 'rev-parse', 'HEAD');
    const started = new Date();
    repo.write('committed.txt', 'b\n');
    git(repo.dir, 'add', 'committed.txt');
    git(repo.dir, 'commit', '-q', '-m', 'since');
    git(repo.dir, 'mv', 'moved.txt', 'renamed.txt');
    writeFileSync(repo.path('edited.txt'), 'b\n');
    repo.write('untracked.txt', 'c\n');
    expect(changes(repo.dir, head, 'working tree', started)).toEqual({
      files: ['committed.txt', 'edited.txt', 'moved.txt', 'renamed.txt', 'untracked.txt'],
    });
    expect(changes(repo.dir, head, 'index', started)).toEqual({ files: ['committed.txt', 'moved.txt', 'renamed.txt'] });
  });

  it('a start head git no longer has is an error, not an empty change set', () => {
    const repo = repos.create();
    repo.write('a.txt', 'a\n');
    git(repo.dir, 'add', 'a.txt');
    git(repo.dir, 'commit', '-q', '-m', 'one');
    const result = changes(repo.dir, '0123456789abcdef0123456789abcdef01234567', 'working tree');
    expect('error' in result && result.error).toBeTruthy();
  });

  it('before the first commit everything there counts', () => {
    const repo = repos.create();
    repo.write('a.txt', 'a\n');
    git(repo.dir, 'add', 'a.txt');
    repo.write('b.txt', 'b\n');
    expect(changes(repo.dir, undefined, 'working tree')).toEqual({ files: ['a.txt', 'b.txt'] });
    expect(changes(repo.dir, undefined, 'index')).toEqual({ files: ['a.txt'] });
  });
});
