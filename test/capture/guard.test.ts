/**
 * The tool-call guard: which command lines skip a git gate (in process, on the word splitter), and
 * `capture guard` through the built CLI on recorded PreToolUse payloads — a deny decision naming the
 * gate, nothing printed for a harmless line, another tool or an unreadable payload, and nothing when
 * the policy turns the guard off.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bypassesIn } from '../../engine/capture/guard';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const recorded = readFileSync(join(__dirname, '../fixtures/capture/claude-code/pre-tool-use-bash.json'), 'utf8');
const bash = (command: string) => JSON.stringify({ ...(JSON.parse(recorded) as object), tool_input: { command } });

describe('bypassesIn', () => {
  it.each([
    ['git commit --no-verify -m "wip"', ['pre-commit', 'commit-msg']],
    ['git commit -n -m wip', ['pre-commit', 'commit-msg']],
    ['git commit -anm wip', ['pre-commit', 'commit-msg']],
    ['cd sub && git commit -a --no-verify', ['pre-commit', 'commit-msg']],
    ['git push --no-verify origin main', ['pre-push']],
    ['git -c core.hooksPath=/dev/null commit -m x', ['every git hook of this repository']],
    ['git -c core.hookspath=. push', ['every git hook of this repository']],
    ['HUSKY=0 git commit -m x', ['every hook husky runs']],
    ['export HUSKY=0; git push', ['every hook husky runs']],
  ])('%s skips %j', (line, gates) => {
    expect(bypassesIn(line).flatMap((bypass) => bypass.gates)).toEqual(gates);
  });

  it.each([
    'git commit -m "do not use --no-verify"',
    'git commit -m -n',
    'git commit -F notes-n.txt',
    'git log -n 3',
    'git push origin main',
    'echo git commit --no-verify',
    "grep -n 'HUSKY=0' README.md",
    'git -c user.name=x commit -m y',
    'git commit -m x -- -n',
  ])('%s skips nothing', (line) => {
    expect(bypassesIn(line)).toEqual([]);
  });
});

describe('capture guard (claude-code PreToolUse payloads)', () => {
  it('denies the recorded --no-verify commit, naming the gate and the policy entry it would skip', () => {
    const repo = repos.create().init();
    const run = repo.run(['capture', 'guard'], { input: recorded });
    expect(run.code).toBe(0);
    const decision = (
      JSON.parse(run.stdout) as {
        hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
      }
    ).hookSpecificOutput;
    expect(decision.hookEventName).toBe('PreToolUse');
    expect(decision.permissionDecision).toBe('deny');
    expect(decision.permissionDecisionReason).toContain('pre-commit');
    expect(decision.permissionDecisionReason).toContain('doctor-on-commit');
  });

  it('lets a harmless line, another tool and an unreadable payload through (nothing printed, exit 0)', () => {
    const repo = repos.create().init();
    for (const input of [
      bash('git commit -m "fine"'),
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: 'a', content: 'git commit -n' } }),
      '{not json',
      '',
    ]) {
      const run = repo.run(['capture', 'guard'], { input });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('');
    }
  });

  it('is off when the policy says capture.guard: false', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'guard'], { input: bash('HUSKY=0 git push') }).stdout).not.toBe('');
    const policy = repo.read('.ai/repo/policy.yaml');
    expect(policy).toContain('  guard: true');
    repo.write('.ai/repo/policy.yaml', policy.replace('  guard: true', '  guard: false'));
    const off = repo.run(['capture', 'guard'], { input: bash('HUSKY=0 git push') });
    expect(off.code).toBe(0);
    expect(off.stdout).toBe('');
  });

  it('an unknown --provider is a usage error (2)', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'guard', '--provider', 'other'], { input: recorded }).code).toBe(2);
  });
});

describe("capture guard --json: the guard's own decision", () => {
  type Decision = {
    provider: string;
    tool: string;
    command?: string;
    decision: string;
    reason: string;
    found: string[];
    gates: string[];
    enforcement: string[];
  };
  const decide = (repo: ReturnType<typeof repos.create>, input: string) => {
    const run = repo.run(['capture', 'guard', '--json'], { input });
    return { code: run.code, out: run.code === 0 ? (JSON.parse(run.stdout) as Decision) : undefined };
  };

  it('deny for the recorded --no-verify commit, naming the gates and the policy entry; allow for a harmless line and another tool', () => {
    const repo = repos.create().init();
    const deny = decide(repo, recorded);
    expect(deny.code).toBe(0);
    expect(deny.out).toMatchObject({
      provider: 'claude-code',
      tool: 'Bash',
      decision: 'deny',
      gates: ['pre-commit', 'commit-msg'],
      enforcement: ['doctor-on-commit', 'projections-on-commit'],
    });
    expect(deny.out!.found).toEqual(['git commit --no-verify']);
    expect(decide(repo, bash('git commit -m "fine"')).out).toMatchObject({ decision: 'allow', found: [], gates: [] });
    expect(
      decide(repo, JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: 'a' } })).out,
    ).toMatchObject({ tool: 'Write', decision: 'allow' });
  });

  it('allow, with what it found, when the policy turns the guard off', () => {
    const repo = repos.create().init();
    repo.write('.ai/repo/policy.yaml', repo.read('.ai/repo/policy.yaml').replace('  guard: true', '  guard: false'));
    expect(decide(repo, bash('HUSKY=0 git push')).out).toMatchObject({ decision: 'allow', found: ['HUSKY=0'], enforcement: [] });
  });

  it.each([
    ['not JSON', '{not json'],
    ['empty', ''],
    ['a JSON array', '[]'],
    ['an object without tool_name', JSON.stringify({ hook_event_name: 'PreToolUse' })],
  ])('a payload that is %s is refused (2), nothing printed on stdout', (_label, input) => {
    const repo = repos.create().init();
    const run = repo.run(['capture', 'guard', '--json'], { input });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });
});
