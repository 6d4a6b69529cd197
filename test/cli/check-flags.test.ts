/**
 * `check --checkpoint` and `check --explain` with the built CLI in real adopted repositories with an
 * active task: what `--checkpoint` records (the task's `checkpoint_at`, `task.checkpoint` without a
 * path) whether the gate passed or failed, with the gate's exit code; that `check` alone writes nothing
 * under `.ai/local`; and the rules `--explain` names after the findings, in text and in JSON.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedRepositoryUrl } from '../../engine/packs/rule-docs';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { parseFindings, repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const STATE = '.ai/local/state';
const CURRENT = `${STATE}/current.yaml`;
const SCOPE_RULE = 'majordomus.scope-integrity';

const prepared = new Map<boolean, TempRepo>();
/** A copy of one `committedWithTask` repository (task started or not), made on the first call for each. */
function withTask(start = true): TempRepo {
  let source = prepared.get(start);
  if (!source) prepared.set(start, (source = committedWithTask(repos, start)));
  return copyOf(repos, source);
}

/** A change outside the task's scope: the scope rule fails the gate (10). */
function strayChange(repo: TempRepo): void {
  repo.write('src/b/x.txt', 'outside\n');
}

function ledger(repo: TempRepo): Record<string, unknown>[] {
  return repo
    .read(`${STATE}/ledger.jsonl`)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function taskField(repo: TempRepo, key: string): string | undefined {
  return new RegExp(`^${key}: "?([^"\\n]+)"?$`, 'm').exec(repo.read(CURRENT))?.[1];
}

/** Every file under `.ai/local`, by path, with its bytes and mode. */
function snapshot(repo: TempRepo): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const stat = statSync(abs);
      if (stat.isDirectory()) walk(abs);
      else out.set(abs, `${stat.mode.toString(8)} ${readFileSync(abs).toString('base64')}`);
    }
  };
  walk(repo.path('.ai/local'));
  return out;
}

describe('check --checkpoint', () => {
  it('after a passing gate: exit 0, checkpoint_at moves, task.checkpoint without a path, no record file', () => {
    const repo = withTask();
    const id = taskField(repo, 'id');
    const before = taskField(repo, 'checkpoint_at');
    const events = ledger(repo).length;
    const run = repo.run(['check', '--checkpoint']);
    expect(run.code, run.stderr).toBe(0);
    const at = taskField(repo, 'checkpoint_at');
    expect(at).toBeDefined();
    expect(at).not.toBe(before);
    const lines = ledger(repo);
    expect(lines).toHaveLength(events + 1);
    expect(lines.at(-1)).toMatchObject({ event: 'task.checkpoint', task_id: id });
    expect(lines.at(-1)).not.toHaveProperty('checkpoint_path');
    expect(repo.exists(`${STATE}/checkpoints`) ? readdirSync(repo.path(`${STATE}/checkpoints`)) : []).toEqual([]);
    // the checkpoint's line follows the gate's summary
    const out = run.stdout.trim().split('\n');
    expect(out.at(-2)).toMatch(/^check: /);
    expect(out.at(-1)).toContain(`checkpoint_at ${at}`);
  });

  it('after a failing gate: the checkpoint is recorded and the exit code is the gate’s (10)', () => {
    const repo = withTask();
    strayChange(repo);
    const run = repo.run(['check', '--checkpoint', '--json']);
    expect(run.code, run.stderr).toBe(10);
    const lines = run.stdout.trim().split('\n');
    // the findings, then the object `checkpoint --json` prints
    const printed = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(printed).toEqual({ task_id: taskField(repo, 'id'), checkpoint_at: taskField(repo, 'checkpoint_at'), path: null });
    const findings = parseFindings(lines.slice(0, -1).join('\n'));
    expect(findings.some((finding) => finding.rule === SCOPE_RULE && finding.level === 'FAIL')).toBe(true);
    expect(ledger(repo).at(-1)).toMatchObject({ event: 'task.checkpoint', task_id: taskField(repo, 'id') });
  });

  it('with --format sarif stdout stays one SARIF document; the checkpoint line goes to stderr', () => {
    const repo = withTask();
    const run = repo.run(['check', '--checkpoint', '--format', 'sarif']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { version: string }).version).toBe('2.1.0');
    expect(run.stderr).toContain(`checkpoint_at ${taskField(repo, 'checkpoint_at')}`);
    expect(ledger(repo).at(-1)).toMatchObject({ event: 'task.checkpoint' });
  });

  it('over a task record of another checkout: the gate reports it (not enforced), the checkpoint is refused (15), nothing recorded', () => {
    const repo = withTask();
    repo.write(CURRENT, repo.read(CURRENT).replace(/^worktree: .*$/m, 'worktree: "/elsewhere"'));
    const before = snapshot(repo);
    const run = repo.run(['check', '--checkpoint', '--explain', '--json']);
    expect(run.code, run.stderr).toBe(15);
    const objects = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.some((object) => object.level === 'INFO' && object.rule === 'majordomus.state-consistency')).toBe(true);
    expect(objects.find((object) => object.explain === 'task')).toMatchObject({ status: 'foreign', task_id: taskField(repo, 'id') });
    expect(snapshot(repo)).toEqual(before);
  });

  it('without an active task: 12 before any rule, nothing recorded', () => {
    const repo = withTask(false);
    const run = repo.run(['check', '--checkpoint']);
    expect(run.code).toBe(12);
    expect(repo.exists(CURRENT)).toBe(false);
    expect(repo.exists(`${STATE}/ledger.jsonl`)).toBe(false);
  });
});

describe('check alone writes nothing', () => {
  it.each([
    ['a passing gate', 0, (_repo: TempRepo) => undefined],
    ['a failing gate', 10, strayChange],
  ])('%s leaves .ai/local byte-identical', (_name, code, mutate) => {
    const repo = withTask();
    mutate(repo);
    const before = snapshot(repo);
    for (const args of [
      ['check'],
      ['check', '--json'],
      ['check', '--format', 'sarif'],
      ['check', '--explain'],
      ['check', '--explain', '--json'],
    ]) {
      expect(repo.run(args).code, args.join(' ')).toBe(code);
    }
    expect(snapshot(repo)).toEqual(before);
  });
});

describe('check --explain', () => {
  it('text: after the summary, the task judged and each violated rule with its identity and anchor; the exit code is the gate’s', () => {
    const repo = withTask();
    strayChange(repo);
    const run = repo.run(['check', '--explain', '--quiet']);
    expect(run.code, run.stderr).toBe(10);
    const lines = run.stdout.trim().split('\n');
    const summary = lines.findIndex((line) => line.startsWith('check: '));
    const explained = lines.slice(summary + 1);
    expect(explained[0]).toMatch(/^explain: check judged task /);
    expect(explained[0]).toContain(taskField(repo, 'id'));
    expect(explained[0]).toContain('src/a');
    expect(explained.filter((line) => line.startsWith('explain: majordomus.'))).toEqual([
      expect.stringMatching(/^explain: majordomus\.scope-integrity@1 \(blocking\) — 1 FAIL$/),
    ]);
    expect(explained).toContain(`  help: ${publishedRepositoryUrl()}/blob/HEAD/docs/RULES.md#rule-${SCOPE_RULE}`);
    expect(explained).toContain('  rule: .ai/repo/rules/vendor/majordomus/rules/scope-integrity.v1.md');
    // the violations and the summary are the ones check prints without --explain (OK lines carry times)
    expect(lines.slice(0, summary + 1)).toEqual(repo.run(['check', '--quiet']).stdout.trim().split('\n'));
  });

  it('text: a clean gate names the task and no rule', () => {
    const repo = withTask();
    const run = repo.run(['check', '--explain', '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    const explained = run.stdout
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('explain: '));
    expect(explained).toHaveLength(2);
    expect(explained[0]).toContain(taskField(repo, 'id'));
    expect(explained.some((line) => line.startsWith('explain: majordomus.'))).toBe(false);
  });

  it('json: the findings, then a task object and one rule object per violated rule', () => {
    const repo = withTask();
    strayChange(repo);
    const run = repo.run(['check', '--explain', '--json', '--quiet']);
    expect(run.code, run.stderr).toBe(10);
    const objects = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const first = objects.findIndex((object) => 'explain' in object);
    expect(objects.slice(0, first).every((object) => 'level' in object && !('explain' in object))).toBe(true);
    expect(objects.slice(first)).toEqual([
      {
        explain: 'task',
        gate: 'check',
        status: 'active',
        task_id: taskField(repo, 'id'),
        task: 'fix it',
        scope: ['src/a'],
        profile: 'implementation',
        rules: 1,
      },
      expect.objectContaining({
        explain: 'rule',
        rule: SCOPE_RULE,
        identity: `${SCOPE_RULE}@1`,
        class: 'blocking',
        help: `${publishedRepositoryUrl()}/blob/HEAD/docs/RULES.md#rule-${SCOPE_RULE}`,
        counts: { FAIL: 1, WARN: 0, DRIFT: 0 },
      }),
    ]);
    expect(parseFindings(run.stdout.trim().split('\n').slice(0, first).join('\n'))).toEqual(
      parseFindings(repo.run(['check', '--json', '--quiet']).stdout),
    );
  });

  it('sarif: --explain changes nothing', () => {
    const repo = withTask();
    strayChange(repo);
    const plain = repo.run(['check', '--format', 'sarif']);
    const explained = repo.run(['check', '--format', 'sarif', '--explain']);
    expect(explained.code).toBe(10);
    expect(explained.code).toBe(plain.code);
    expect(JSON.parse(explained.stdout)).toEqual(JSON.parse(plain.stdout));
  });
});
