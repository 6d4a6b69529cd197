/**
 * state (rule majordomus.state-consistency): a task started on main at a commit, then the checkout or
 * the record is changed, and `check --rule` runs in process: a readable record on the same branch whose
 * start commit git still has is OK (a history rewritten since is carried on: the task follows its own
 * commits); each way the record stops describing the checkout is a FAIL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';
import { startedTask } from '../helpers/task';

const RULE = 'majordomus.state-consistency';
const FILE = '.ai/local/state/current.yaml';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

const edit = (repo: TempRepo, from: RegExp, to: string) => repo.write(FILE, repo.read(FILE).replace(from, to));

const CASES: readonly { name: string; change: (repo: TempRepo) => void; failing: [string, string][] }[] = [
  { name: 'as started', change: () => {}, failing: [] },
  {
    name: 'HEAD moved ahead',
    change: (repo) => repo.git(['commit', '-q', '--no-verify', '--allow-empty', '-m', 'ahead']),
    failing: [],
  },
  { name: 'another branch checked out', change: (repo) => repo.git(['checkout', '-q', '-b', 'other']), failing: [['state', 't']] },
  {
    name: 'the history rewritten under the task (reset behind the start): carried on, not refused',
    change: (repo) => {
      repo.git(['commit', '-q', '--no-verify', '--allow-empty', '-m', 'first']);
      repo.git(['reset', '-q', '--hard', 'HEAD~2']);
    },
    failing: [],
  },
  {
    name: 'a start commit git no longer has',
    change: (repo) => edit(repo, /^head: .*$/m, 'head: "0123456789abcdef0123456789abcdef01234567"'),
    failing: [['state', 't']],
  },
  {
    name: 'an unknown key in the record',
    change: (repo) => repo.write(FILE, `${repo.read(FILE)}colour: red\n`),
    failing: [['state', FILE]],
  },
  { name: 'a record that is not YAML of the subset', change: (repo) => repo.write(FILE, 'id: [a, {b: c}]\n'), failing: [['state', FILE]] },
  { name: 'an outcome that is not one', change: (repo) => edit(repo, /^outcome: .*$/m, 'outcome: "done"'), failing: [['state', FILE]] },
];

describe('state', () => {
  it.each(CASES)('$name', async ({ change, failing: expected }) => {
    const repo = repos.create().init();
    repo.write('a.txt', 'a\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'base']);
    const id = await startedTask(repo, ['src']);
    change(repo);
    const run = await gateInProcess(repo, 'check', { rule: RULE });
    expect(run.code).toBe(expected.length > 0 ? 10 : 0);
    expect(failing(run.findings).map((f) => [f.category, f.subject === id ? 't' : f.subject])).toEqual(expected);
    if (expected.length === 0) expect(run.findings.map((f) => [f.level, f.subject])).toEqual([['OK', id]]);
  });

  it('a record of another checkout is INFO and enforces nothing; no record is skipped', async () => {
    const repo = repos.create().init();
    await startedTask(repo, ['src']);
    repo.git(['checkout', '-q', '-b', 'other']);
    edit(repo, /^worktree: .*$/m, 'worktree: "/elsewhere"');
    const run = await gateInProcess(repo, 'check', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['INFO']);
    repo.remove(FILE);
    expect((await gateInProcess(repo, 'watch', { rule: RULE })).code).toBe(0);
  });

  it('under watch a violation is DRIFT and exits 11', async () => {
    const repo = repos.create().init();
    await startedTask(repo, ['src']);
    repo.git(['checkout', '-q', '-b', 'other']);
    const run = await gateInProcess(repo, 'watch', { rule: RULE });
    expect(run.code).toBe(11);
    expect(run.findings.map((f) => f.level)).toEqual(['DRIFT']);
  });
});
