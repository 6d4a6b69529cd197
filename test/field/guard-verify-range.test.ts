/**
 * What the hooks cannot hold, in the field: a commit made with --no-verify past a failing pre-commit
 * gate is found by `verify-range`, as a CI job runs it on the pushed range, without touching the
 * working tree; and the PreToolUse guard, run from node_modules/.bin, refuses the bypass before it
 * happens.
 */
import { describe, expect, it } from 'vitest';
import { FieldProject } from '../helpers/field';

interface Verdict {
  commits: {
    commit: string;
    subject: string;
    exit: number;
    gates: { gate: string; exit: number; failures: { level: string; rule?: string }[] }[];
  }[];
  failing: number;
  exit: number;
}

describe('verify-range finds what skipped the hooks', () => {
  // a field test drives a dozen real processes through real hooks: more than the default time on a loaded machine
  it('a commit made with --no-verify past a failing gate fails verify-range; the commits around it pass; nothing is checked out here', {
    timeout: 300_000,
  }, () => {
    const project = new FieldProject();
    expect(project.majordomus(['init']).code).toBe(0);
    expect(project.commitAll('adopt majordomus').code).toBe(0);
    const base = project.git(['rev-parse', 'HEAD']).stdout.trim();
    project.write('notes.txt', 'a note\n');
    expect(project.commitAll('a note').code).toBe(0);
    // the policy broken: the pre-commit gate refuses it, --no-verify takes it past the gate
    project.write('.ai/repo/policy.yaml', project.read('.ai/repo/policy.yaml').replace('  guard: true', '  guard: 7'));
    expect(project.commitAll('a broken policy').code).not.toBe(0);
    expect(project.commitAll('a broken policy', { verify: false }).code).toBe(0);
    const broken = project.git(['rev-parse', 'HEAD']).stdout.trim();
    project.write('more.txt', 'more\n');
    expect(project.commitAll('more', { verify: false }).code).toBe(0);
    // a change in the working tree, which verify-range must neither judge nor touch
    project.write('notes.txt', 'edited, not committed\n');
    const status = project.git(['status', '--porcelain']).stdout;
    const worktrees = project.git(['worktree', 'list', '--porcelain']).stdout;

    const run = project.majordomus(['verify-range', `${base}..HEAD`, '--json']);
    expect(run.code).toBe(10);
    const verdict = JSON.parse(run.stdout) as Verdict;
    expect(verdict.commits.map((commit) => [commit.subject, commit.exit])).toEqual([
      ['a note', 0],
      ['a broken policy', 10],
      ['more', 10],
    ]);
    expect(verdict.commits[1]!.commit).toBe(broken);
    expect(verdict.commits[1]!.gates[0]!.failures.some((failure) => failure.level === 'FAIL')).toBe(true);
    expect(verdict).toMatchObject({ failing: 2, exit: 10 });
    expect(project.git(['status', '--porcelain']).stdout).toBe(status);
    expect(project.git(['worktree', 'list', '--porcelain']).stdout).toBe(worktrees);

    // GitHub annotations carry the failing commit's sha
    expect(project.majordomus(['verify-range', `${base}..HEAD`, '--format', 'github']).stdout).toMatch(
      new RegExp(`^::error .*title=${broken.slice(0, 12)} doctor`, 'm'),
    );
  });

  it('exits 2 for what is not a range, a commit it does not know or a format it does not print; 0 for an empty range', () => {
    const project = new FieldProject();
    expect(project.majordomus(['init']).code).toBe(0);
    expect(project.commitAll('adopt majordomus').code).toBe(0);
    for (const [args, code] of [
      [['verify-range', 'HEAD'], 2],
      [['verify-range', 'nowhere..HEAD'], 2],
      [['verify-range', 'HEAD..HEAD', '--format', 'sarif'], 2],
      [['verify-range', 'HEAD..HEAD'], 0],
    ] as const)
      expect(project.majordomus(args).code, args.join(' ')).toBe(code);
  });
});

describe('the guard, run from node_modules/.bin', () => {
  it('refuses a bypass and lets a plain commit through', () => {
    const project = new FieldProject();
    expect(project.majordomus(['init']).code).toBe(0);
    const payload = (command: string) =>
      JSON.stringify({ session_id: 's', cwd: project.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
    const denied = project.majordomus(['capture', 'guard'], { input: payload("bash -c 'git commit --no-verif -m wip'") });
    expect(denied.code).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(project.majordomus(['capture', 'guard'], { input: payload('git commit -m wip') }).stdout).toBe('');
  });
});
