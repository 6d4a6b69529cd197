/**
 * completion_gates (rule majordomus.completion-gates): `finish --outcome completed` run in process
 * (test/helpers/task.ts) over a clean tree (OK, both gates exit 0), over a policy `doctor` rejects, with
 * a project rule only `check` runs failing, and with a scope violation — a rule the finish gate runs
 * itself, reported there once and not again here. Another outcome runs no gate; `check` and
 * `finish --check` do not judge.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { finishInProcess, startedTask } from '../helpers/task';

const RULE = 'majordomus.completion-gates';
const NOTE = 'note.md';
const POLICY = '.ai/repo/policy.yaml';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** A project rule, enforced at `check` only, forbidding a tracked file named `forbidden.txt`. */
const CHECK_ONLY_RULE = `---
id: project.no-forbidden-file
version: 1
kind: rule
title: No forbidden file
description: The file forbidden.txt is never tracked.
statement: The file forbidden.txt is never tracked.
status: active
class: blocking
depends_on: []
tags: [test]

x-majordomus:
  validator: paths
  category: hygiene
  enforced_by: [check]
  exit_code: 10
  options:
    forbid: ["forbidden.txt"]
  tests: []
---

# Rationale

A rule of this test's own.

# Required behaviour

forbidden.txt is not tracked.

# Failure behaviour

A FAIL at check.

# Verification

This test.
`;

async function taskRepo(scope: readonly string[], before?: (repo: TempRepo) => void): Promise<TempRepo> {
  const repo = repos.create().init();
  repo.write('.gitignore', `${repo.exists('.gitignore') ? repo.read('.gitignore') : ''}note.md\n`);
  before?.(repo);
  await startedTask(repo, scope);
  repo.write(NOTE, '# Objective\nx\n# Current State\ny\n# Next Action\nz\n');
  return repo;
}

const commit = (repo: TempRepo) => {
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'work']);
};

const finish = (repo: TempRepo, outcome = 'completed') =>
  finishInProcess(repo, { outcome, verifyCommand: 'git --version >/dev/null', note: NOTE });
const mine = (findings: readonly { rule: string | null; level: string; category: string; subject: string }[]) =>
  findings.filter((f) => f.rule === RULE);

describe('completion_gates', () => {
  it('a clean tree: OK, and the ledger records both gates exit 0', async () => {
    const repo = await taskRepo(['src']);
    repo.write('src/x.ts', 'x\n');
    commit(repo);
    const run = await finish(repo);
    expect(mine(run.findings).map((f) => f.level)).toEqual(['OK']);
    expect(run.code).toBe(0);
    const finished = repo
      .read('.ai/local/state/ledger.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; contract?: { gates: unknown } })
      .find((e) => e.event === 'task.finished');
    expect(finished?.contract?.gates).toEqual([
      { gate: 'doctor', exit: 0 },
      { gate: 'check', exit: 0 },
    ]);
  });

  it('a policy doctor rejects: FAIL under gate, subject doctor: <rule>, exit 10', async () => {
    const repo = await taskRepo(['.']);
    repo.write(POLICY, repo.read(POLICY).replace(/^ {2}recent_decisions: .*\n/m, ''));
    commit(repo);
    const run = await finish(repo);
    const found = mine(run.findings);
    expect(found.map((f) => [f.level, f.category, f.subject])).toEqual([['FAIL', 'gate', 'doctor: majordomus.policy-completeness']]);
    expect(run.code).toBe(10);
    expect(run.result?.accepted).toBe(false);
  });

  it('a rule only check runs, failing: FAIL with subject check: <rule>', async () => {
    const repo = await taskRepo(['.'], (r) => r.write('.ai/repo/rules/project/no-forbidden-file.v1.md', CHECK_ONLY_RULE));
    repo.write('forbidden.txt', 'x\n');
    commit(repo);
    const run = await finish(repo);
    expect(mine(run.findings).map((f) => [f.level, f.category, f.subject])).toEqual([['FAIL', 'gate', 'check: project.no-forbidden-file']]);
    expect(run.code).toBe(10);
  });

  it("a scope violation is the scope rule's at finish, not counted again here", async () => {
    const repo = await taskRepo(['src']);
    repo.write('elsewhere/x.ts', 'x\n');
    commit(repo);
    // without a verify command: with one, finish refuses on the scope before the command and the gates run
    const run = await finishInProcess(repo, { outcome: 'completed', note: NOTE });
    expect(mine(run.findings).map((f) => f.level)).toEqual(['OK']);
    expect(run.findings.filter((f) => f.rule === 'majordomus.scope-integrity').map((f) => f.level)).toEqual(['FAIL']);
    expect(run.code).toBe(10);
  });

  it('another outcome runs no gate and is not refused over them', async () => {
    const repo = await taskRepo(['.'], (r) => r.write('.ai/repo/rules/project/no-forbidden-file.v1.md', CHECK_ONLY_RULE));
    repo.write('forbidden.txt', 'x\n');
    commit(repo);
    const run = await finishInProcess(repo, { outcome: 'partial', note: NOTE });
    expect(mine(run.findings).map((f) => f.level)).toEqual(['OK']);
    expect(run.result?.attempt.gates).toBeUndefined();
  });

  it('check and finish --check do not judge: skipped, exit 0', async () => {
    const repo = await taskRepo(['src']);
    for (const gate of ['check', 'finish'] as const) {
      const run = await gateInProcess(repo, gate, { rule: RULE });
      expect(run.code).toBe(0);
      expect(run.findings.map((f) => [f.level, f.category])).toEqual([['INFO', 'gate']]);
    }
  });
});
