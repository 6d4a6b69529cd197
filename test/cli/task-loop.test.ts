/**
 * The task loop with the built CLI in real repositories: `finish --outcome` refusing (10, `finish:
 * refused, N unmet`, `task.refused` in the ledger, the task left active) and accepting (the outcome
 * written, the note kept 0600, `task.finished`), `start` archiving the finished task, the finish
 * contract naming a key no rule defines, and each bad input. Then the whole loop through git's own
 * hooks: a push whose commits leave the task's scope is refused by the pre-push hook and the remote ref
 * does not move; narrowed, the push goes through.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';
import { currentTask, dropUndefinedContractKeys, ledgerEvents } from '../helpers/task';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

const CURRENT = '.ai/local/state/current.yaml';
const NOTE = '# Objective\nx\n\n# Current State\ny\n\n# Next Action\nnone\n';

const events = ledgerEvents;
const task = currentTask;

let prepared: TempRepo | undefined;
/** Adopted, committed, with a task on src/a and a note outside the work: a copy of one made on the first call. */
function withTask(): TempRepo {
  if (!prepared) {
    const repo = repos.create().init();
    dropUndefinedContractKeys(repo);
    repo.write('src/a/kept.txt', 'a\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    expect(repo.run(['start', 'change a', '--scope', 'src/a']).code).toBe(0);
    repo.write('.ai/local/note.md', NOTE);
    prepared = repo;
  }
  return copyOf(repos, prepared);
}

describe('finish --outcome', () => {
  it('refuses with 10 while a rule is unmet: `finish: refused, N unmet`, task.refused, the task still active', () => {
    const repo = withTask();
    repo.write('src/b/x', 'outside\n');
    const run = repo.run(['finish', '--outcome', 'completed', '--verify-command', 'git --version', '--note', '.ai/local/note.md']);
    expect(run.code).toBe(10);
    expect(run.stdout).toMatch(/^FAIL scope +src\/b\/x — /m);
    expect(run.stdout).toMatch(/^finish: refused, 1 unmet$/m);
    expect(task(repo).outcome).toBe('active');
    expect(events(repo).at(-1)).toMatchObject({ event: 'task.refused', task_id: task(repo).id, unmet: ['majordomus.scope-integrity'] });
    expect(repo.exists(`.ai/local/state/completed/${task(repo).id}.md`)).toBe(false);
  });

  it('accepts: the outcome written, the note kept 0600, task.finished with the verify run; start then archives it', () => {
    const repo = withTask();
    repo.write('src/a/new.txt', 'inside\n');
    const run = repo.run([
      'finish',
      '--outcome',
      'completed',
      '--verify-command',
      'git --version',
      '--note',
      '.ai/local/note.md',
      '--json',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const id = task(repo).id as string;
    expect(task(repo)).toMatchObject({ outcome: 'completed' });
    expect(task(repo).checkpoint_at).toMatch(/Z$/);
    const kept = `.ai/local/state/completed/${id}.md`;
    expect(repo.read(kept)).toBe(NOTE);
    expect(statSync(repo.path(kept)).mode & 0o777).toBe(0o600);
    const finished = events(repo).at(-1)!;
    expect(finished).toMatchObject({
      event: 'task.finished',
      task_id: id,
      outcome: 'completed',
      contract: { verify: { command: 'git --version', exit: 0, tree_changed: false } },
    });
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toMatchObject({ task_id: id, accepted: true, written: [CURRENT, kept] });
    // finishing again is refused; checking is 12 now; the next start archives the finished record
    expect(repo.run(['finish', '--outcome', 'completed', '--note', '.ai/local/note.md']).code).toBe(15);
    expect(repo.run(['check']).code).toBe(12);
    const before = repo.read(CURRENT);
    const next = repo.run(['start', 'next', '--scope', 'src/b']);
    expect(next.code, next.stderr).toBe(0);
    expect(repo.read(`.ai/local/state/archive/${id}.yaml`)).toBe(before);
    expect(task(repo)).toMatchObject({ task: 'next', outcome: 'active' });
  });

  it('a verify command that changes the tree is refused, whatever it exits', () => {
    const repo = withTask();
    const run = repo.run([
      'finish',
      '--outcome',
      'partial',
      '--verify-command',
      'echo x > src/a/made.txt && git --version',
      '--note',
      '.ai/local/note.md',
    ]);
    expect(run.code).toBe(10);
    expect(run.stdout).toMatch(/^FAIL verification /m);
  });

  it('the outcome asked for is what the rules judge: an open question refuses completed and lets blocked through, which owes a handover', () => {
    const repo = withTask();
    repo.write('src/a/new.txt', 'inside\n');
    expect(repo.run(['question', 'add', 'which store keeps the tokens?']).code).toBe(0);
    const completed = repo.gate(['finish', '--outcome', 'completed', '--verify-command', 'git --version', '--note', '.ai/local/note.md']);
    expect(completed.code).toBe(10);
    expect(completed.findings.filter((f) => f.level === 'FAIL').map((f) => f.rule)).toEqual(['majordomus.blocker-resolution']);
    expect(task(repo).outcome).toBe('active');
    // blocked: the open question is what it reports, not a failure; the handover it left none of is advised
    const blocked = repo.gate(['finish', '--outcome', 'blocked', '--verify-command', 'git --version', '--note', '.ai/local/note.md']);
    expect(blocked.code).toBe(0);
    const level = (rule: string): string | undefined => blocked.findings.find((f) => f.rule === rule)?.level;
    expect([level('majordomus.blocker-resolution'), level('majordomus.task-continuity')]).toEqual(['INFO', 'WARN']);
    expect(task(repo).outcome).toBe('blocked');
  });

  it('the contract: a finish_requires key no rule defines is a FAIL naming it, at finish --check too', () => {
    const repo = withTask();
    const policy = '.ai/repo/policy.yaml';
    repo.write(policy, repo.read(policy).replace('    - scope_respected\n', '    - scope_respected\n    - gates_green\n'));
    const run = repo.gate(['finish', '--check']);
    expect(run.code).toBe(10);
    // the policy edit lies outside the task's scope too; the contract's own finding is the one in question
    expect(run.findings.filter((f) => f.level === 'FAIL' && f.category === 'policy').map((f) => [f.subject, f.line])).toEqual([
      ['verification.finish_requires: gates_green', 22],
    ]);
  });

  it.each([
    ['no --outcome and no --check', ['finish'], 2],
    ['an outcome that is not one', ['finish', '--outcome', 'done'], 2],
    ['--check with --outcome', ['finish', '--check', '--outcome', 'completed'], 2],
    ['a note that does not exist', ['finish', '--outcome', 'completed', '--note', 'missing.md'], 2],
    ['a note that is a folder', ['finish', '--outcome', 'completed', '--note', 'src'], 2],
    ['an empty verify command', ['finish', '--outcome', 'completed', '--verify-command', ' '], 2],
  ])('%s: exit %i, nothing recorded', (_name, args, code) => {
    const repo = withTask();
    const lines = events(repo).length;
    const run = repo.run(args);
    expect(run.code, run.stderr).toBe(code);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(events(repo)).toHaveLength(lines);
    expect(task(repo).outcome).toBe('active');
  });

  it('with no task: 12, and a record of another checkout: 15', () => {
    const repo = repos.create().init();
    expect(repo.run(['finish', '--outcome', 'completed']).code).toBe(12);
    const other = withTask();
    other.write(CURRENT, other.read(CURRENT).replace(/^worktree: .*$/m, 'worktree: "/elsewhere"'));
    const before = other.read(CURRENT);
    expect(other.run(['finish', '--outcome', 'completed', '--note', '.ai/local/note.md']).code).toBe(15);
    expect(other.read(CURRENT)).toBe(before);
  });
});

describe('the whole loop through git hooks', () => {
  it('init, start on src/a, a commit touching src/b: the push is refused and the remote does not move; narrowed, it goes through', () => {
    const shimDir = tempDir('majordomus-shim-');
    const shim = join(shimDir, 'majordomus');
    writeFileSync(shim, `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(shim, 0o755);
    const base = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')));
    const env = cleanEnv({ PATH: [shimDir, ...base].join(delimiter) });
    const repo = repos.create();
    const sh = (args: readonly string[], cwd = repo.dir) => spawnSync(args[0]!, args.slice(1), { cwd, env, encoding: 'utf8' });
    const ok = (args: readonly string[]) => {
      const result = sh(args);
      expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      return result.stdout;
    };

    ok(['majordomus', 'init']);
    dropUndefinedContractKeys(repo);
    repo.write('src/a/kept.txt', 'a\n');
    ok(['git', 'add', '-A']);
    ok(['git', 'commit', '-q', '-m', 'adopt majordomus']);
    const remote = tempDir('majordomus-remote-');
    ok(['git', 'init', '-q', '--bare', remote]);
    ok(['git', 'remote', 'add', 'origin', remote]);
    ok(['git', 'push', '-q', 'origin', 'main']);
    const remoteHead = () =>
      spawnSync('git', ['--git-dir', remote, 'rev-parse', 'refs/heads/main'], { env, encoding: 'utf8' }).stdout.trim();
    const pushed = remoteHead();

    ok(['majordomus', 'start', 'change a', '--scope', 'src/a/']);
    repo.write('src/b/x', 'outside\n');
    ok(['git', 'add', '-A']);
    ok(['git', 'commit', '-q', '-m', 'a change outside the claim']);
    const refused = sh(['git', 'push', '-q', 'origin', 'main']);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL scope +src\/b\/x/);
    expect(remoteHead()).toBe(pushed);

    ok(['git', 'rm', '-q', 'src/b/x']);
    repo.write('src/a/x', 'inside\n');
    ok(['git', 'add', '-A']);
    ok(['git', 'commit', '-q', '-m', 'the change, narrowed to src/a']);
    const push = sh(['git', 'push', '-q', 'origin', 'main']);
    expect(push.status, push.stdout + push.stderr).toBe(0);
    expect(remoteHead()).toBe(repo.git(['rev-parse', 'HEAD']).trim());
  });
});
