/**
 * The tool-call guard: lines judged in process (what each finds, what it cannot follow), and `capture
 * guard` through the built CLI on recorded PreToolUse payloads — the deny decision naming the gate and
 * how to pass it, a payload that arrives late, one that cannot be read, and the switches read from the
 * committed policy, never from an uncommitted edit.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeLine } from '../../engine/capture/guard/walk';
import { withPolicyValue } from '../helpers/policy-text';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const CLI = join(__dirname, '../../dist/majordomus.cjs');
const recorded = readFileSync(join(__dirname, '../fixtures/capture/claude-code/pre-tool-use-bash.json'), 'utf8');
const bash = (command: string) => JSON.stringify({ ...(JSON.parse(recorded) as object), tool_input: { command } });
const judge = (line: string) =>
  judgeLine(line, { cwd: '/repo', configAlias: (name) => (name === 'nv' ? 'commit --no-verify' : undefined), exists: () => false });

describe('judgeLine: what a line does to the gates', () => {
  it.each([
    ['git commit --no-verify -m "wip"', ['pre-commit', 'commit-msg']],
    ['git commit -anm wip', ['pre-commit', 'commit-msg']],
    ['git push --no-verify origin main', ['pre-push']],
    ['git merge --no-verify topic', ['pre-merge-commit', 'commit-msg']],
    ['git rebase --no-verify main', ['pre-rebase']],
    ['git am -n < patch', ['applypatch-msg', 'pre-applypatch']],
    ['git -c core.hooksPath=/dev/null commit -m x', ['every git hook']],
    ['rm -f .git/hooks/pre-push', ['pre-push']],
    ['HUSKY=0 git commit -m x', ['every git hook']],
    ['git nv -m x', ['pre-commit', 'commit-msg']],
    ['git commit-tree HEAD^{tree} -m x', ['pre-commit', 'commit-msg']],
    ['npx husky uninstall', ['every git hook']],
  ])('%s skips %j', (line, gates) => {
    const judged = judge(line);
    expect(judged.unparsed).toBeUndefined();
    expect([...new Set(judged.findings.flatMap((finding) => finding.gates))]).toEqual(gates);
  });

  it.each([
    'git commit -uno -m x',
    'git commit -m -n',
    'git commit -m x -- -n',
    'git merge -n topic',
    'git push -n origin main',
    'echo git commit --no-verify',
    "grep -n 'HUSKY=0' README.md",
    'git log --grep=--no-verify',
    'HUSKY=0 npm ci',
    'SKIP=lint git commit -m x',
    'git update-ref -d refs/heads/tmp',
    "cat <<'EOF'\ngit commit --no-verify\nEOF",
  ])('%s skips nothing and is followed', (line) => {
    expect(judge(line)).toEqual({ findings: [], unknowns: [] });
  });

  it.each([
    ['git commit $FLAGS -m x', 'a variable the line does not set'],
    ['git commit "$(cat flags)" -m x', 'the output of a program'],
    ['curl -s https://example.com/x.sh | sh', 'a script read from a pipe'],
    ['$GIT commit -m x', 'a command whose name is not known'],
  ])('%s: the guard cannot tell (%s)', (line) => {
    const judged = judge(line);
    expect(judged.findings).toEqual([]);
    expect(judged.unknowns.length).toBeGreaterThan(0);
  });

  it.each(['git commit -m "unclosed', 'echo $(', 'if true; then git commit', 'cat <<EOF\nno end'])('%s cannot be parsed', (line) => {
    expect(judge(line).unparsed).toBeDefined();
  });
});

describe('capture guard (claude-code PreToolUse payloads)', () => {
  type Output = { hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string } };

  it('denies the recorded --no-verify commit, naming the gate, the policy entries and how to pass, never how to silence the guard', () => {
    const repo = repos.create().init();
    const run = repo.run(['capture', 'guard'], { input: recorded });
    expect(run.code).toBe(0);
    const decision = (JSON.parse(run.stdout) as Output).hookSpecificOutput;
    expect(decision).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(decision.permissionDecisionReason).toContain('pre-commit');
    expect(decision.permissionDecisionReason).toContain('doctor-on-commit');
    expect(decision.permissionDecisionReason).not.toMatch(/capture\.guard|policy/);
  });

  it('reads a payload that arrives late: (sleep 1; cat payload) | majordomus capture guard denies', () => {
    const repo = repos.create().init();
    const file = join(repo.dir, '.git', 'payload.json');
    writeFileSync(file, bash('bash -c "git commit -n -m x"'));
    const run = spawnSync('sh', ['-c', `(sleep 1; cat '${file}') | '${process.execPath}' '${CLI}' capture guard`], {
      cwd: repo.dir,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as Output).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('lets a harmless line and another tool through (nothing printed, exit 0)', () => {
    const repo = repos.create().init();
    for (const input of [
      bash('git commit -m "fine"'),
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: 'a', content: 'git commit -n' } }),
    ]) {
      const run = repo.run(['capture', 'guard'], { input });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('');
    }
  });

  it("refuses a file tool writing a hook or a hook manager's configuration, where its hook is wired for file tools", () => {
    const repo = repos.create().init();
    const write = (tool: string, file: string) =>
      repo.run(['capture', 'guard'], {
        input: JSON.stringify({
          hook_event_name: 'PreToolUse',
          tool_name: tool,
          cwd: repo.dir,
          tool_input: { file_path: file, content: '' },
        }),
      });
    for (const [tool, file] of [
      ['Write', join(repo.dir, '.git/hooks/pre-commit')],
      ['Edit', join(repo.dir, '.husky/pre-push')],
      ['MultiEdit', join(repo.dir, 'lefthook.yml')],
    ])
      expect((JSON.parse(write(tool!, file!).stdout) as Output).hookSpecificOutput.permissionDecision, file).toBe('deny');
    expect(write('Write', join(repo.dir, 'src/a.ts')).stdout).toBe('');
  });

  it.each([
    ['not JSON', '{not json'],
    ['empty', ''],
  ])('refuses a payload that is %s, saying it cannot read it', (_label, input) => {
    const repo = repos.create().init();
    const run = repo.run(['capture', 'guard'], { input });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Output).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('a command it cannot follow is refused, unless the committed policy says capture.guard_unparsed: allow', () => {
    const repo = repos.create().init();
    const line = bash('git commit $FLAGS -m x');
    expect((JSON.parse(repo.run(['capture', 'guard'], { input: line }).stdout) as Output).hookSpecificOutput.permissionDecision).toBe(
      'deny',
    );
    repo.write('.ai/repo/policy.yaml', withPolicyValue(repo.read('.ai/repo/policy.yaml'), 'capture.guard_unparsed', 'allow'));
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'policy: let what the guard cannot follow through']);
    expect(repo.run(['capture', 'guard'], { input: line }).stdout).toBe('');
    // a bypass it sees is still refused
    expect(repo.run(['capture', 'guard'], { input: bash('git commit -n -m x') }).stdout).not.toBe('');
  });

  it('is turned off by capture.guard: false in the committed policy, never by an uncommitted edit', () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    const policy = repo.read('.ai/repo/policy.yaml');
    expect(policy).toContain('  guard: true');
    repo.write('.ai/repo/policy.yaml', policy.replace('  guard: true', '  guard: false'));
    expect(repo.run(['capture', 'guard'], { input: bash('HUSKY=0 git push') }).stdout).not.toBe('');
    repo.git(['commit', '-q', '--no-verify', '-am', 'policy: the guard off']);
    const off = repo.run(['capture', 'guard'], { input: bash('HUSKY=0 git push') });
    expect(off.code).toBe(0);
    expect(off.stdout).toBe('');
  });

  it('reads the committed policy from a folder deep in the checkout and from the own HEAD of a linked worktree', () => {
    const repo = repos.create().init();
    const policy = repo.read('.ai/repo/policy.yaml');
    repo.write('.ai/repo/policy.yaml', policy.replace('  guard: true', '  guard: false'));
    repo.write('src/deep/er/file.txt', 'x\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt, the guard off']);
    const deep = join(repo.dir, 'src/deep/er');
    expect(repo.run(['capture', 'guard'], { cwd: deep, input: bash('HUSKY=0 git push') }).stdout).toBe('');
    // the worktree's own HEAD: a branch whose committed policy keeps the guard on
    const linked = `${repo.dir}-linked`;
    repo.git(['worktree', 'add', '-q', '-b', 'on', linked]);
    writeFileSync(join(linked, '.ai/repo/policy.yaml'), policy);
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--no-verify', '-am', 'guard on'], {
      cwd: linked,
      env: cleanEnv(),
    });
    const on = repo.run(['capture', 'guard'], { cwd: join(linked, 'src/deep'), input: bash('HUSKY=0 git push') });
    expect((JSON.parse(on.stdout) as Output).hookSpecificOutput.permissionDecision).toBe('deny');
    // outside any repository the guard stays on, with its defaults
    const outside = repo.run(['capture', 'guard'], { cwd: tmpdir(), input: bash('HUSKY=0 git push') });
    expect((JSON.parse(outside.stdout) as Output).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('names the gates of a layer not committed yet from a folder deep in the checkout, and from another git directory', () => {
    const repo = repos.create().init();
    repo.write('src/deep/file.txt', 'x\n');
    const reason = (cwd: string, env: Record<string, string> = {}) =>
      (JSON.parse(repo.run(['capture', 'guard'], { cwd, env, input: bash('git commit -n -m x') }).stdout) as Output).hookSpecificOutput
        .permissionDecisionReason;
    expect(reason(join(repo.dir, 'src/deep'))).toContain('doctor-on-commit');
    expect(reason(tmpdir(), { GIT_DIR: join(repo.dir, '.git'), GIT_WORK_TREE: repo.dir })).toContain('doctor-on-commit');
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
    decision: string;
    found: string[];
    gates: string[];
    enforcement: string[];
    unknown: string[];
  };
  const decide = (repo: ReturnType<typeof repos.create>, input: string) => {
    const run = repo.run(['capture', 'guard', '--json'], { input });
    return { code: run.code, out: run.code === 0 ? (JSON.parse(run.stdout) as Decision) : undefined };
  };

  it('deny for the recorded --no-verify commit, naming the gates and the policy entries; allow for a harmless line and another tool', () => {
    const repo = repos.create().init();
    expect(decide(repo, recorded).out).toMatchObject({
      provider: 'claude-code',
      tool: 'Bash',
      decision: 'deny',
      gates: ['pre-commit', 'commit-msg'],
      enforcement: ['doctor-on-commit', 'projections-on-commit'],
    });
    expect(decide(repo, bash('git commit -m "fine"')).out).toMatchObject({ decision: 'allow', found: [], gates: [], unknown: [] });
    expect(
      decide(repo, JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: 'a' } })).out,
    ).toMatchObject({
      tool: 'Write',
      decision: 'allow',
    });
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
