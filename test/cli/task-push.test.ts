/**
 * Tasks and pushes in real git, through the pre-push hook `init` installed and a bare remote, with the
 * built CLI: a finished task judges nothing (a later push and the session record go through); a merge of
 * 50+ commits of the base branch and a rebase onto it leave the task nothing to answer for, while an
 * out-of-scope commit after the merge is still refused and the remote ref does not move; the hook judges
 * the refs git hands it — another branch (from this checkout or a worktree, with an uncommitted
 * out-of-scope edit lying around), a tag, a deleted branch are not the task's — and an open question does
 * not refuse sharing work in progress; the tool's own writes are never the task's (`watch` is 0 right
 * after `session close`, and after `rules new`, `brainstorm new`). The commands and pushes run as a user
 * runs them, through the hooks; the gates' verdict on what they left is read in process (helpers/gate.ts).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { copyOf } from '../helpers/prepared';
import type { RunResult, TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';
import { dropUndefinedContractKeys } from '../helpers/task';

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

/** The environment of a shell where `majordomus` is the built CLI, as the hooks find it. */
const shimDir = tempDir('majordomus-shim-');
writeFileSync(join(shimDir, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
chmodSync(join(shimDir, 'majordomus'), 0o755);
const PATH = [
  shimDir,
  ...(process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus'))),
].join(delimiter);

function sh(repo: TempRepo, args: readonly string[], cwd = repo.dir): RunResult {
  const result = spawnSync(args[0]!, args.slice(1), { cwd, env: cleanEnv({ PATH, GIT_EDITOR: 'true' }), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
function ok(repo: TempRepo, args: readonly string[], cwd = repo.dir): string {
  const result = sh(repo, args, cwd);
  expect(result.code, `${args.join(' ')}: ${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}
function commitAll(repo: TempRepo, message: string, cwd = repo.dir): RunResult {
  ok(repo, ['git', 'add', '-A'], cwd);
  return sh(repo, ['git', 'commit', '-q', '-m', message], cwd);
}
const NOTE = '# Objective\nx\n\n# Current State\ny\n\n# Next Action\nnone\n';

let prepared: TempRepo | undefined;
/**
 * Adopted (its hooks installed), committed and pushed to a bare remote, then `feat` branched with a task
 * claiming src/a: a copy of one, with a bare remote of its own.
 */
function withTask(): { repo: TempRepo; remote: string; remoteRef: (ref: string) => string } {
  if (!prepared) {
    const repo = repos.create().init();
    dropUndefinedContractKeys(repo);
    repo.write('.gitignore', `${repo.read('.gitignore')}notes/\n`);
    repo.write('notes/done.md', NOTE);
    repo.write('src/a/kept.txt', 'a\n');
    repo.write('src/b/kept.txt', 'b\n');
    ok(repo, ['majordomus', 'update']);
    expect(commitAll(repo, 'adopt').code).toBe(0);
    ok(repo, ['git', 'checkout', '-q', '-b', 'feat']);
    ok(repo, ['majordomus', 'start', 'change a', '--scope', 'src/a']);
    prepared = repo;
  }
  const repo = copyOf(repos, prepared);
  const remote = tempDir('majordomus-remote-');
  ok(repo, ['git', 'init', '-q', '--bare', remote]);
  ok(repo, ['git', 'remote', 'add', 'origin', remote]);
  ok(repo, ['git', 'push', '-q', 'origin', 'main']);
  const remoteRef = (ref: string) =>
    spawnSync('git', ['--git-dir', remote, 'rev-parse', '--verify', '--quiet', ref], { env: cleanEnv(), encoding: 'utf8' }).stdout.trim();
  return { repo, remote, remoteRef };
}

/**
 * `main` moves on by `count` commits of src/b, made without the hooks: each adds `src/b/m<n>.txt`, all of
 * them in one git process (fast-import) rather than an add and a commit each; the checkout stays on feat.
 */
function baseMovesOn(repo: TempRepo, count: number): void {
  const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}`;
  const when = `${Math.floor(Date.now() / 1000)} +0000`;
  const stream = Array.from({ length: count }, (_, i) =>
    [
      'commit refs/heads/main',
      `author Test <test@example.com> ${when}`,
      `committer Test <test@example.com> ${when}`,
      data(`main ${i + 1}\n`),
      ...(i === 0 ? ['from refs/heads/main^0'] : []),
      `M 100644 inline src/b/m${i + 1}.txt`,
      data(`${i + 1}\n`),
    ].join('\n'),
  ).join('\n');
  const result = spawnSync('git', ['fast-import', '--quiet'], { cwd: repo.dir, env: cleanEnv(), input: `${stream}\n`, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  expect(ok(repo, ['git', 'rev-list', '--count', 'feat..main']).trim()).toBe(String(count));
}

describe('a finished task judges nothing after its finish', () => {
  it('finish, then a commit outside the old scope and the session record: the push goes through', () => {
    const { repo, remoteRef } = withTask();
    repo.write('src/a/work.txt', 'done\n');
    expect(commitAll(repo, 'the work').code).toBe(0);
    ok(repo, ['majordomus', 'finish', '--outcome', 'completed', '--verify-command', 'git --version', '--note', 'notes/done.md']);
    repo.write('src/b/y.txt', 'after the finish\n');
    ok(repo, ['majordomus', 'session', 'start']);
    expect(sh(repo, ['sh', '-c', 'echo "what was done" | majordomus session close']).code).toBe(0);
    expect(commitAll(repo, 'after the task, with the session record').code).toBe(0);
    const push = sh(repo, ['git', 'push', '-q', 'origin', 'feat']);
    expect(push.code, push.stderr).toBe(0);
    expect(remoteRef('refs/heads/feat')).toBe(ok(repo, ['git', 'rev-parse', 'HEAD']).trim());
  });
});

describe('merges and rebases of the base branch', () => {
  it('a merge of 55 commits: check is 0 and the push goes through; an out-of-scope commit after it is refused, the remote unmoved', () => {
    const { repo, remoteRef } = withTask();
    repo.write('src/a/work.txt', 'own\n');
    expect(commitAll(repo, 'own work').code).toBe(0);
    baseMovesOn(repo, 55);
    ok(repo, ['git', 'merge', '-q', '--no-edit', 'main']);
    expect(sh(repo, ['majordomus', 'check', '--rule', 'majordomus.scope-integrity']).code).toBe(0);
    expect(sh(repo, ['git', 'push', '-q', 'origin', 'feat']).code).toBe(0);
    const pushed = remoteRef('refs/heads/feat');
    expect(pushed).toBe(ok(repo, ['git', 'rev-parse', 'HEAD']).trim());
    repo.write('src/b/after.txt', 'outside\n');
    ok(repo, ['git', 'add', '-A']);
    ok(repo, ['git', 'commit', '-q', '--no-verify', '-m', 'outside, after the merge']);
    const refused = sh(repo, ['git', 'push', '-q', 'origin', 'feat']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL scope +src\/b\/after\.txt/);
    expect(remoteRef('refs/heads/feat')).toBe(pushed);
  });

  it('a rebase onto the base branch after 55 commits: check is 0, and the rebased branch is pushed', () => {
    const { repo, remoteRef } = withTask();
    repo.write('src/a/work.txt', 'own\n');
    expect(commitAll(repo, 'own work').code).toBe(0);
    baseMovesOn(repo, 55);
    ok(repo, ['git', 'rebase', '-q', 'main']);
    const check = sh(repo, ['majordomus', 'check', '--json']);
    expect(check.stdout).not.toMatch(/"level":"FAIL"/);
    expect(sh(repo, ['git', 'push', '-q', 'origin', 'feat']).code).toBe(0);
    expect(remoteRef('refs/heads/feat')).toBe(ok(repo, ['git', 'rev-parse', 'HEAD']).trim());
  });
});

describe('pre-push judges the refs being pushed', () => {
  it('with an uncommitted out-of-scope edit: another branch pushed from this checkout and from a worktree, a tag and a deletion go through', () => {
    const { repo, remoteRef } = withTask();
    repo.write('src/b/kept.txt', 'an edit outside the scope, not committed\n');
    ok(repo, ['git', 'branch', 'hotfix', 'main']);
    const tree = join(tempDir('majordomus-worktree-'), 'hotfix');
    ok(repo, ['git', 'worktree', 'add', '-q', tree, 'hotfix']);
    writeFileSync(join(tree, 'src/b/fix.txt'), 'fix\n');
    ok(repo, ['git', 'add', '-A'], tree);
    ok(repo, ['git', 'commit', '-q', '--no-verify', '-m', 'hotfix'], tree);
    const fromWorktree = sh(repo, ['git', 'push', '-q', 'origin', 'hotfix'], tree);
    expect(fromWorktree.code, fromWorktree.stderr).toBe(0);
    expect(remoteRef('refs/heads/hotfix')).toBe(ok(repo, ['git', 'rev-parse', 'hotfix']).trim());
    ok(repo, ['git', 'branch', 'other', 'main']);
    expect(sh(repo, ['git', 'push', '-q', 'origin', 'other']).code).toBe(0);
    ok(repo, ['git', 'tag', 'v1', 'main']);
    expect(sh(repo, ['git', 'push', '-q', 'origin', 'v1']).code).toBe(0);
    expect(sh(repo, ['git', 'push', '-q', 'origin', ':other']).code).toBe(0);
    expect(remoteRef('refs/heads/other')).toBe('');
    // the task's branch, its work in scope: the uncommitted edit is nobody's push
    repo.write('src/a/work.txt', 'own\n');
    ok(repo, ['git', 'add', 'src/a/work.txt']);
    ok(repo, ['git', 'commit', '-q', '--no-verify', '-m', 'own work']);
    expect(sh(repo, ['git', 'push', '-q', 'origin', 'feat']).code).toBe(0);
  });

  it("the task's branch with an out-of-scope commit is refused, under its name or another; the remote does not move", () => {
    const { repo, remoteRef } = withTask();
    repo.write('src/b/out.txt', 'outside\n');
    ok(repo, ['git', 'add', '-A']);
    ok(repo, ['git', 'commit', '-q', '--no-verify', '-m', 'outside']);
    const refused = sh(repo, ['git', 'push', '-q', 'origin', 'feat']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL scope +src\/b\/out\.txt/);
    expect(remoteRef('refs/heads/feat')).toBe('');
    const renamed = sh(repo, ['git', 'push', '-q', 'origin', 'feat:refs/heads/elsewhere']);
    expect(renamed.code).not.toBe(0);
    expect(remoteRef('refs/heads/elsewhere')).toBe('');
  });

  it('an open question does not refuse sharing work in progress; it refuses finish --outcome completed', () => {
    const { repo, remoteRef } = withTask();
    repo.write('src/a/work.txt', 'own\n');
    expect(commitAll(repo, 'own work').code).toBe(0);
    ok(repo, ['majordomus', 'question', 'add', 'which store keeps the tokens?']);
    const push = sh(repo, ['git', 'push', '-q', 'origin', 'feat']);
    expect(push.code, push.stdout + push.stderr).toBe(0);
    expect(remoteRef('refs/heads/feat')).not.toBe('');
    const finish = sh(repo, [
      'majordomus',
      'finish',
      '--outcome',
      'completed',
      '--verify-command',
      'git --version',
      '--note',
      'notes/done.md',
    ]);
    expect(finish.code).toBe(10);
    expect(finish.stdout).toMatch(/^FAIL \S+ +\.ai\/local\/state\/open-questions\.md/m);
  });

  it('finish --check --pre-push reads every line git writes (20,000 tags, none the task’s), and refuses lines git never writes with 2', () => {
    const { repo } = withTask();
    const lines = Array.from({ length: 20_000 }, (_, n) => `refs/tags/t${n} ${'1'.repeat(40)} refs/tags/t${n} ${'0'.repeat(40)}`).join(
      '\n',
    );
    const run = spawnSync(process.execPath, [CLI, 'finish', '--check', '--pre-push', '--quiet'], {
      cwd: repo.dir,
      env: cleanEnv(),
      input: `${lines}\n`,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const bad = spawnSync(process.execPath, [CLI, 'finish', '--check', '--pre-push'], {
      cwd: repo.dir,
      env: cleanEnv(),
      input: 'not what git writes\n',
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
  });
});

describe("the tool's own writes are never the task's", () => {
  it('watch is 0 right after session close, rules new and brainstorm new; a hand edit of what they wrote counts', async () => {
    const { repo } = withTask();
    ok(repo, ['majordomus', 'session', 'start']);
    expect(sh(repo, ['sh', '-c', 'echo "what was done" | majordomus session close']).code).toBe(0);
    // the gates' verdicts on what the built CLI wrote, read in process
    const watch = await gateInProcess(repo, 'watch');
    expect(watch.code, JSON.stringify(watch.findings)).toBe(0);
    ok(repo, ['majordomus', 'rules', 'new', 'no-todo']);
    ok(repo, ['majordomus', 'brainstorm', 'new', 'storage', '--dir', 'docs']);
    expect((await gateInProcess(repo, 'check', { rule: 'majordomus.scope-integrity' })).code).toBe(0);
    expect(commitAll(repo, 'the records the tool wrote').code).toBe(0);
    expect((await gateInProcess(repo, 'watch')).code).toBe(0);
    const rule = ok(repo, ['git', 'ls-files', '.ai/repo/rules/project'])
      .split('\n')
      .find((file) => file.endsWith('.md') && !file.endsWith('README.md'))!;
    repo.write(rule, `${repo.read(rule)}\nedited by hand\n`);
    const edited = await gateInProcess(repo, 'check', { rule: 'majordomus.scope-integrity' });
    expect(edited.code).toBe(10);
    expect(edited.findings.filter((f) => f.level === 'FAIL').map((f) => f.subject)).toContain(rule);
  });
});
