/**
 * `majordomus start` with the built CLI in real adopted repositories: the record it writes (identity
 * computed from git, the scope normalised), the `task.started` line, and every refusal — an active
 * task (15), a record of another checkout or one it cannot read (15), a `.ai/local` leading outside the
 * repository (15, nothing written there), bad input (2), no layer (12). A finished task is archived
 * (tested with finish, in test/cli/finish.test.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYaml } from '../../engine/layer/yaml';
import { committedAdoption } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const CURRENT = '.ai/local/state/current.yaml';
const LEDGER = '.ai/local/state/ledger.jsonl';

/** An adopted repository with one commit. */
// one adoption, committed, copied per test
const adopted = committedAdoption(repos, 'adopt');

function record(repo: TempRepo): Record<string, unknown> {
  return parseYaml(repo.read(CURRENT), CURRENT).value as Record<string, unknown>;
}

describe('start', () => {
  it('writes the current task with its identity computed from git, and appends task.started', () => {
    const repo = adopted();
    repo.write('dirty.txt', 'x\n');
    const run = repo.run(['start', 'fix the callback', '--scope', './src/a/,docs/', '--scope', 'src/a', '--owner', 'alice', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    const task = record(repo);
    expect(task).toMatchObject({
      task: 'fix the callback',
      profile: 'implementation',
      owner: 'alice',
      scope: ['src/a', 'docs'],
      outcome: 'active',
      worktree: repo.dir,
      branch: 'main',
      head: repo.git(['rev-parse', 'HEAD']).trim(),
      working_tree: 'dirty',
    });
    expect(task.id).toMatch(/^t-\d{14}-[0-9a-f]{4}$/);
    expect(printed).toMatchObject({ id: task.id, written: [CURRENT], archived: null });
    const lines = repo
      .read(LEDGER)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      event: 'task.started',
      task_id: task.id,
      profile: 'implementation',
      owner: 'alice',
      scope: ['src/a', 'docs'],
    });
  });

  it('refuses with 15 while a task is active, and leaves it as it was', () => {
    const repo = adopted();
    expect(repo.run(['start', 'one', '--scope', 'a']).code).toBe(0);
    const before = repo.read(CURRENT);
    const second = repo.run(['start', 'two', '--scope', 'b']);
    expect(second.code).toBe(15);
    expect(second.stderr).toMatch(/is active/);
    expect(repo.read(CURRENT)).toBe(before);
    expect(repo.read(LEDGER).trim().split('\n')).toHaveLength(1);
  });

  it('refuses with 15 over a record of another checkout, and over one it cannot read', () => {
    const repo = adopted();
    expect(repo.run(['start', 'one', '--scope', 'a']).code).toBe(0);
    repo.write(
      CURRENT,
      repo
        .read(CURRENT)
        .replace(/^outcome: .*$/m, 'outcome: "completed"')
        .replace(/^worktree: .*$/m, 'worktree: "/elsewhere"'),
    );
    expect(repo.run(['start', 'two', '--scope', 'b']).code).toBe(15);
    repo.write(CURRENT, 'id: [\n');
    expect(repo.run(['start', 'two', '--scope', 'b']).code).toBe(15);
    expect(repo.read(CURRENT)).toBe('id: [\n');
  });

  it('refuses with 15 when .ai/local leads outside the repository, and writes nothing there', () => {
    const repo = adopted();
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
    scratch.push(outside);
    rmSync(repo.path('.ai/local'), { recursive: true, force: true });
    symlinkSync(outside, repo.path('.ai/local'));
    const run = repo.run(['start', 'one', '--scope', 'a']);
    expect(run.code, run.stderr).toBe(15);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses with 15 when the state folder links outside, and writes nothing there', () => {
    const repo = adopted();
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
    scratch.push(outside);
    mkdirSync(repo.path('.ai/local'), { recursive: true });
    symlinkSync(outside, repo.path('.ai/local/state'));
    expect(repo.run(['start', 'one', '--scope', 'a']).code).toBe(15);
    expect(readdirSync(outside)).toEqual([]);
  });

  it.each([
    ['no --scope', ['start', 'x']],
    ['an empty --scope', ['start', 'x', '--scope', ' , ']],
    ['a scope escaping the repository', ['start', 'x', '--scope', '../elsewhere']],
    ['an absolute scope', ['start', 'x', '--scope', '/etc']],
    ['a negated scope', ['start', 'x', '--scope', '!src']],
    ['pathspec magic', ['start', 'x', '--scope', ':(top)src']],
    ['an empty task', ['start', '  ', '--scope', 'src']],
    ['a task of two lines', ['start', 'a\nb', '--scope', 'src']],
    ['a profile that does not exist', ['start', 'x', '--scope', 'src', '--profile', 'nope']],
    ['a profile name that is a path', ['start', 'x', '--scope', 'src', '--profile', '../policy']],
    ['no task argument', ['start']],
  ])('%s is a usage error (2), nothing written', (_name, args) => {
    const repo = adopted();
    const run = repo.run(args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(repo.exists(CURRENT)).toBe(false);
  });

  it('without a layer: 12; outside git: 2', () => {
    const bare = repos.create();
    expect(bare.run(['start', 'x', '--scope', 'a']).code).toBe(12);
    const nogit = repos.create({ git: false });
    expect(nogit.run(['start', 'x', '--scope', 'a']).code).toBe(2);
  });
});
