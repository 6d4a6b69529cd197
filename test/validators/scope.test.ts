/**
 * scope (rule majordomus.scope-integrity): a task claims src/a (or a glob), then changes are made in
 * each state git can hold them — untracked, unstaged, staged, committed, renamed — and `check --rule`
 * runs in process. A change inside the claim is OK; each path outside is one FAIL naming it. Inside a
 * pre-commit hook (GIT_INDEX_FILE set) only the staged content counts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';
import { startedTask } from '../helpers/task';

const RULE = 'majordomus.scope-integrity';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

async function repoWithTask(scope: readonly string[] = ['src/a']): Promise<TempRepo> {
  const repo = repos.create().init();
  repo.write('src/a/kept.txt', 'a\n');
  repo.write('src/b/kept.txt', 'b\n');
  await startedTask(repo, scope);
  return repo;
}

const CASES: readonly { name: string; scope?: string[]; change: (repo: TempRepo) => void; outside: string[] }[] = [
  { name: 'nothing changed', change: () => {}, outside: [] },
  { name: 'an untracked file inside', change: (repo) => repo.write('src/a/new.txt', 'x\n'), outside: [] },
  { name: 'an untracked file outside', change: (repo) => repo.write('src/b/x', 'x\n'), outside: ['src/b/x'] },
  { name: 'an unstaged edit outside', change: (repo) => repo.write('src/b/kept.txt', 'changed\n'), outside: ['src/b/kept.txt'] },
  {
    name: 'a staged edit outside',
    change: (repo) => {
      repo.write('src/b/kept.txt', 'changed\n');
      repo.git(['add', 'src/b/kept.txt']);
    },
    outside: ['src/b/kept.txt'],
  },
  {
    name: 'a commit outside, made since the start',
    change: (repo) => {
      repo.write('README.md', 'changed\n');
      repo.git(['add', 'README.md']);
      repo.git(['commit', '-q', '--no-verify', '-m', 'outside']);
    },
    outside: ['README.md'],
  },
  { name: 'a file deleted outside', change: (repo) => repo.remove('src/b/kept.txt'), outside: ['src/b/kept.txt'] },
  {
    name: 'a file moved out of the scope',
    change: (repo) => repo.git(['mv', 'src/a/kept.txt', 'src/b/moved.txt']),
    outside: ['src/b/moved.txt'],
  },
  { name: 'a sibling whose name starts like the claim', change: (repo) => repo.write('src/ab/x', 'x\n'), outside: ['src/ab/x'] },
  { name: 'a glob claim matches as written', scope: ['src/**/*.md'], change: (repo) => repo.write('src/c/notes.md', 'x\n'), outside: [] },
  { name: 'the whole repository claimed', scope: ['**'], change: (repo) => repo.write('.github/x.yml', 'x\n'), outside: [] },
];

describe('scope', () => {
  it.each(CASES)('$name', async ({ scope, change, outside }) => {
    const repo = await repoWithTask(scope);
    change(repo);
    const run = await gateInProcess(repo, 'check', { rule: RULE });
    expect(run.code).toBe(outside.length > 0 ? 10 : 0);
    expect(failing(run.findings).map((f) => [f.level, f.category, f.subject])).toEqual(outside.map((path) => ['FAIL', 'scope', path]));
    if (outside.length === 0) expect(run.findings.map((f) => f.level)).toEqual(['OK']);
  });

  it('inside a pre-commit hook only the staged content counts', async () => {
    const repo = await repoWithTask();
    repo.write('src/b/untracked.txt', 'x\n');
    repo.write('src/a/staged.txt', 'x\n');
    repo.git(['add', 'src/a/staged.txt']);
    const index = await gateInProcess(repo, 'check', { rule: RULE, env: { GIT_INDEX_FILE: repo.path('.git/index') } });
    expect(index.code).toBe(0);
    repo.git(['add', 'src/b/untracked.txt']);
    const staged = await gateInProcess(repo, 'check', { rule: RULE, env: { GIT_INDEX_FILE: repo.path('.git/index') } });
    expect(failing(staged.findings).map((f) => f.subject)).toEqual(['src/b/untracked.txt']);
  });

  it('a start commit git no longer has is a FAIL, never an empty change set', async () => {
    const repo = await repoWithTask();
    const file = '.ai/local/state/current.yaml';
    repo.write(file, repo.read(file).replace(/^head: .*$/m, 'head: "0123456789abcdef0123456789abcdef01234567"'));
    const run = await gateInProcess(repo, 'check', { rule: RULE });
    expect(run.code).toBe(10);
    expect(failing(run.findings).map((f) => f.category)).toEqual(['scope']);
  });

  it('no task, or a task of another checkout: skipped, exit 0', async () => {
    const none = repos.create().init();
    expect((await gateInProcess(none, 'finish', { rule: RULE })).code).toBe(0);
    const repo = await repoWithTask();
    repo.write('src/b/x', 'x\n');
    const file = '.ai/local/state/current.yaml';
    repo.write(file, repo.read(file).replace(/^worktree: .*$/m, 'worktree: "/elsewhere"'));
    const run = await gateInProcess(repo, 'check', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['INFO']);
  });
});
