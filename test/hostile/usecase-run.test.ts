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

/** An adopted repository holding one use case whose second step finishes the task with `verify`. */
function withScenario(verify: string, policy = ''): TempRepo {
  const repo = repos.create().init();
  if (policy !== '') repo.write('.ai/repo/policy.yaml', `${repo.read('.ai/repo/policy.yaml')}${policy}`);
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
        `    run: ['finish', '--outcome', 'failed', '--verify-command', ${JSON.stringify(verify)}]`,
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
    const repo = withScenario(sleep, 'use_cases:\n  step_timeout_seconds: 2\n');
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
    repo.write('.ai/repo/policy.yaml', `${repo.read('.ai/repo/policy.yaml')}use_cases:\n  step_timeout_seconds: ${value}\n`);
    const doctor = await gateInProcess(repo, 'doctor', { rule: 'majordomus.policy-integrity' });
    expect(doctor.code).toBe(code);
  });
});
