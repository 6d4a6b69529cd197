/**
 * verification (rule majordomus.verification-integrity): `finish --outcome … --verify-command` run in
 * process (test/helpers/task.ts) with `--rule`-free gates, asserting this rule's findings: a command
 * that passes is OK; one that fails, one that cannot fail and one that changes the tree are FAILs, and
 * a missing command is judged by the profile and the policy. `finish --check` makes no attempt.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { finishInProcess, startedTask } from '../helpers/task';

const RULE = 'majordomus.verification-integrity';
const NOTE = 'note.md';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

async function taskRepo(): Promise<TempRepo> {
  const repo = repos.create().init();
  repo.write('.gitignore', `${repo.exists('.gitignore') ? repo.read('.gitignore') : ''}note.md\n`);
  await startedTask(repo, ['.']);
  repo.write(NOTE, '# Objective\nx\n# Current State\ny\n# Next Action\nz\n# Reason\nr\n');
  return repo;
}

const mine = (findings: readonly { rule: string | null; level: string; category: string }[]) =>
  findings.filter((f) => f.rule === RULE).map((f) => f.level);

const CASES: readonly { name: string; outcome?: string; verify?: string; change?: (repo: TempRepo) => void; levels: string[] }[] = [
  { name: 'a command that passes', verify: 'git --version >/dev/null', levels: ['OK'] },
  { name: 'a command that fails', verify: 'exit 3', levels: ['FAIL'] },
  { name: 'a failing command for a failed outcome', outcome: 'failed', verify: 'exit 3', levels: ['OK'] },
  { name: 'true', verify: 'true', levels: ['FAIL'] },
  { name: ':', verify: ':', levels: ['FAIL'] },
  { name: 'exit 0', verify: 'exit 0', levels: ['FAIL'] },
  { name: 'a bare echo', verify: 'echo tests passed', levels: ['FAIL'] },
  { name: 'printf and true, chained', verify: 'printf ok && true; :', levels: ['FAIL'] },
  { name: 'a failure swallowed by || true', verify: 'exit 3 || true', levels: ['FAIL'] },
  { name: 'a command followed by ; true', verify: 'exit 3; true', levels: ['FAIL'] },
  { name: 'a real command followed by && echo', verify: 'git --version >/dev/null && echo done', levels: ['OK'] },
  {
    name: 'a command that writes a tracked file',
    verify: 'echo more >> README.md',
    change: (repo) => repo.write('README.md', 'x\n'),
    levels: ['FAIL'],
  },
  { name: 'a command that writes an untracked file', verify: 'git --version > made.txt', levels: ['FAIL'] },
  { name: 'no command, files changed, the profile requires one', change: (repo) => repo.write('src/x.txt', 'x\n'), levels: ['FAIL'] },
  { name: 'no command for a partial outcome', outcome: 'partial', levels: ['OK'] },
];

describe('verification', () => {
  it.each(CASES)('$name', async ({ outcome = 'completed', verify, change, levels }) => {
    const repo = await taskRepo();
    if (change) {
      change(repo);
      repo.git(['add', '-A']);
      repo.git(['commit', '-q', '--no-verify', '-m', 'work']);
    }
    const run = await finishInProcess(repo, { outcome, verifyCommand: verify, note: NOTE });
    expect(mine(run.findings)).toEqual(levels);
    if (levels.includes('FAIL')) expect(run.code).toBe(10);
  });

  it('finish --check makes no attempt: skipped, exit 0', async () => {
    const repo = await taskRepo();
    const run = await gateInProcess(repo, 'finish', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['INFO']);
  });
});
