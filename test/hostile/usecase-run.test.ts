/**
 * `usecase run` runs the checkout's commands: a scenario's steps come from the repository, and a step's
 * `finish --verify-command` is a shell command. The switch that keeps an untrusted checkout's code from
 * running (`MAJORDOMUS_REPOSITORY_VALIDATORS=0`, `--no-repository-validators`) runs no scenario — each
 * is a failure saying why, never a silent pass — and every step runs under a time limit
 * (`use_cases.step_timeout_seconds`), past which it is stopped with every process it started.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { ledgerOf, useCaseText } from '../helpers/hostile';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
afterAll(() => {
  repos.disposeAll();
  rmSync(outside, { recursive: true, force: true });
});

/** The policy of `repo` with its use-case step limit set to `value` (the skeleton declares 120). */
function stepLimit(repo: TempRepo, value: string): void {
  const before = repo.read('.ai/repo/policy.yaml');
  expect(before, 'the skeleton policy declares use_cases.step_timeout_seconds').toMatch(/^ {2}step_timeout_seconds: /m);
  repo.write('.ai/repo/policy.yaml', before.replace(/^ {2}step_timeout_seconds: .*$/m, `  step_timeout_seconds: ${value}`));
}

/**
 * An adopted repository holding one use case whose second step finishes the task as failed with
 * `verify` (the note from a file beside it: finish judges the note before it runs the command).
 */
function withScenario(verify: string, limit?: string): TempRepo {
  const repo = repos.create().init();
  if (limit !== undefined) stepLimit(repo, limit);
  repo.write(
    '.ai/repo/use-cases/verify-hook.note.txt',
    '# Objective\nwork\n\n# Reason\nit does not end\n\n# Current State\nstopped\n\n# Next Action\nnone\n',
  );
  repo.write(
    '.ai/repo/use-cases/verify-hook.md',
    useCaseText(
      'verify-hook',
      ['start', 'finish'],
      [
        '  - id: start',
        "    run: ['start', 'work', '--scope', '.']",
        '    expect:',
        '      exit: 0',
        '  - id: finish',
        `    run: ['finish', '--outcome', 'failed', '--verify-command', ${JSON.stringify(verify)}, '--note', '-']`,
        '    stdin: verify-hook.note.txt',
        '    expect:',
        '      exit: 0',
      ],
    ),
  );
  expect(repo.run(['usecase', 'validate', 'verify-hook']).code).toBe(0);
  return repo;
}

describe('the switch: an untrusted checkout runs none of its scenarios', () => {
  it.each([
    ['MAJORDOMUS_REPOSITORY_VALIDATORS=0', { MAJORDOMUS_REPOSITORY_VALIDATORS: '0' }, []],
    ['--no-repository-validators', {}, ['--no-repository-validators']],
  ])('%s: exit 10, each scenario FAIL as not run, the verify command never ran, nothing written', (_label, env, flags) => {
    const marker = join(outside, `x-${Math.random().toString(16).slice(2)}`);
    const repo = withScenario(`touch ${marker}; false`);
    const run = repo.run(['usecase', 'run', 'verify-hook', ...flags], { env });
    expect(run.code, run.stderr).toBe(10);
    expect(run.stdout).toMatch(/^FAIL verify-hook: not run: /m);
    expect(existsSync(marker)).toBe(false);
    expect(repo.exists('.ai/local/evidence')).toBe(false);
    expect(ledgerOf(repo.dir).events.some((line) => line.event === 'use_cases.ran')).toBe(false);
  });

  it('without the switch the same step runs the checkout shell (the bargain the switch exists for)', () => {
    const marker = join(outside, `x-${Math.random().toString(16).slice(2)}`);
    const repo = withScenario(`touch ${marker}; false`);
    repo.run(['usecase', 'run', 'verify-hook']);
    expect(existsSync(marker)).toBe(true);
  });

  it('a switch value that is neither on nor off is a usage error (2), nothing run', () => {
    const marker = join(outside, `x-${Math.random().toString(16).slice(2)}`);
    const repo = withScenario(`touch ${marker}; false`);
    expect(repo.run(['usecase', 'run'], { env: { MAJORDOMUS_REPOSITORY_VALIDATORS: 'nope' } }).code).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('use_cases.step_timeout_seconds', () => {
  it('a step whose verify command never ends is stopped at the limit with everything it started; the run fails (10) saying so', () => {
    // a duration no other process on the machine sleeps for, so its survival can be looked for
    const sleep = `sleep 987.${process.pid}`;
    // a command that could fail (so finish runs it rather than refusing it as proof of nothing) and never ends
    const repo = withScenario(`${sleep} && test -f done`, '2');
    const run = repo.run(['usecase', 'run', 'verify-hook', '--json']);
    expect(run.code, run.stderr).toBe(10);
    const [result] = run.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { id?: string; failed_step?: string; failures?: string[] });
    expect(result).toMatchObject({ id: 'verify-hook', failed_step: 'finish' });
    // the evidence normalises durations; the limit it names is the policy's
    expect(result?.failures?.[0]).toMatch(/did not finish within .+ \(use_cases\.step_timeout_seconds\)/);
    const left = spawnSync('pgrep', ['-f', sleep], { encoding: 'utf8' });
    expect(left.stdout.trim()).toBe('');
  });

  it.each([
    ['120', 0],
    ['1', 0],
    ['0', 10],
    ['3601', 10],
    ['"5"', 10],
  ])('step_timeout_seconds: %s → the policy rule gives %i', async (value, code) => {
    const repo = repos.create().init();
    stepLimit(repo, value);
    const doctor = await gateInProcess(repo, 'doctor', { rule: 'majordomus.policy-integrity' });
    expect(doctor.code).toBe(code);
  });
});
