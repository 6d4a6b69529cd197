/**
 * A task's own changes in real git (engine/state/tasks/own.ts, changes.ts), judged by the scope rule in
 * process: a task on `feat` claiming src/a, and the base branch `main` moving on with 60 commits of
 * src/b. What a merge (true, fast-forward, with conflicts), a rebase (onto the base, `--onto`,
 * interactive with a squash), `pull --rebase`, an amend or a cherry-pick brings is not the task's; what
 * its own commits change — rebased, squashed, amended — and what a merge resolves by hand still is, so an
 * out-of-scope change made after a merge is still a FAIL.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { cleanEnv, failing, repoFactory } from '../helpers/repo';
import { startedTask } from '../helpers/task';

const RULE = 'majordomus.scope-integrity';
const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** git with extra variables (GIT_SEQUENCE_EDITOR), throwing on failure unless `allowed`. */
function git(repo: TempRepo, args: readonly string[], env: Record<string, string> = {}, allowed = false): string {
  const result = spawnSync('git', args, { cwd: repo.dir, env: cleanEnv({ GIT_EDITOR: 'true', ...env }), encoding: 'utf8' });
  if (result.status !== 0 && !allowed) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function commit(repo: TempRepo, files: Record<string, string>, message: string): void {
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '--no-verify', '-m', message]);
}

/** `main` moves on: `count` commits of src/b (and one of src/a/shared.txt when `conflict` says). */
function baseMovesOn(repo: TempRepo, count: number, extra: Record<string, string> = {}): void {
  git(repo, ['checkout', '-q', 'main']);
  for (let n = 1; n <= count; n++) commit(repo, { [`src/b/m${n}.txt`]: `${n}\n` }, `main ${n}`);
  if (Object.keys(extra).length > 0) commit(repo, extra, 'main touches what the task touches');
  git(repo, ['checkout', '-q', 'feat']);
}

let prepared: TempRepo | undefined;
/** Adopted and committed on main, `feat` branched from it, a task on feat claiming src/a: a copy of one. */
async function onFeat(): Promise<TempRepo> {
  if (!prepared) {
    const repo = repos.create().init();
    repo.write('src/a/kept.txt', 'a\n');
    repo.write('src/a/shared.txt', '1\n2\n3\n');
    repo.write('src/b/kept.txt', 'b\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '--no-verify', '-m', 'base']);
    git(repo, ['checkout', '-q', '-b', 'feat']);
    await startedTask(repo, ['src/a']);
    prepared = repo;
  }
  return copyOf(repos, prepared);
}

async function outside(repo: TempRepo): Promise<{ code: number; paths: string[]; ok: string[] }> {
  const run = await gateInProcess(repo, 'check', { rule: RULE });
  return {
    code: run.code,
    paths: failing(run.findings).map((f) => f.subject),
    ok: run.findings.filter((f) => f.level === 'OK').map((f) => f.message),
  };
}

describe("a task's own changes", () => {
  it('a true merge of 60 commits of the base branch: none of them is the task’s', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    baseMovesOn(repo, 60);
    git(repo, ['merge', '-q', '--no-edit', 'main']);
    const judged = await outside(repo);
    expect([judged.code, judged.paths]).toEqual([0, []]);
    expect(judged.ok[0]).toMatch(
      /^1 changed file\(s\), all inside the scope .*; 2 of the 62 commit\(s\) since the start are the task's own/,
    );
  });

  it('an out-of-scope change made after the merge is still a FAIL, committed or not', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    baseMovesOn(repo, 60);
    git(repo, ['merge', '-q', '--no-edit', 'main']);
    commit(repo, { 'src/b/after.txt': 'x\n' }, 'outside, after the merge');
    repo.write('src/b/m1.txt', 'edited, not committed\n');
    expect(await outside(repo)).toMatchObject({ code: 10, paths: ['src/b/after.txt', 'src/b/m1.txt'] });
  });

  it('a fast-forward merge of the base branch: nothing of it is the task’s', async () => {
    const repo = await onFeat();
    // main takes feat's start, moves on, and feat catches up without a merge commit
    git(repo, ['checkout', '-q', 'main']);
    git(repo, ['merge', '-q', '--ff-only', 'feat']);
    git(repo, ['checkout', '-q', 'feat']);
    baseMovesOn(repo, 60);
    git(repo, ['merge', '-q', '--ff-only', 'main']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });

  it('a merge with a conflict: the hand resolution inside the scope is the task’s and passes; an edit slipped into the merge outside it fails', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/a/shared.txt': '1\nfeat\n3\n' }, 'own work on shared');
    baseMovesOn(repo, 55, { 'src/a/shared.txt': '1\nmain\n3\n' });
    git(repo, ['merge', '-q', '--no-edit', 'main'], {}, true);
    repo.write('src/a/shared.txt', '1\nfeat and main\n3\n');
    git(repo, ['add', 'src/a/shared.txt']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
    repo.write('src/b/kept.txt', 'slipped into the merge\n');
    git(repo, ['add', 'src/b/kept.txt']);
    git(repo, ['commit', '-q', '--no-verify', '--no-edit']);
    expect(await outside(repo)).toMatchObject({ code: 10, paths: ['src/b/kept.txt'] });
  });

  it('a rebase onto the base branch: the task carries on with its rebased commits, which still count', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    commit(repo, { 'src/b/own-outside.txt': 'x\n' }, 'own work outside');
    baseMovesOn(repo, 60);
    git(repo, ['rebase', '-q', 'main']);
    const judged = await outside(repo);
    expect([judged.code, judged.paths]).toEqual([10, ['src/b/own-outside.txt']]);
    git(repo, ['reset', '-q', '--hard', 'HEAD~1']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });

  it('rebase --onto: only the task’s own commits move, and only they count', async () => {
    const repo = await onFeat();
    const start = git(repo, ['rev-parse', 'HEAD']).trim();
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    baseMovesOn(repo, 60);
    git(repo, ['rebase', '-q', '--onto', 'main', start, 'feat']);
    const judged = await outside(repo);
    expect([judged.code, judged.paths]).toEqual([0, []]);
    expect(judged.ok[0]).toMatch(/1 of the 61 commit\(s\) since the start are the task's own/);
  });

  it('pull --rebase from the remote: what the remote had is not the task’s, the task’s rebased commits are', async () => {
    const repo = await onFeat();
    const remote = mkdtempSync(join(tmpdir(), 'majordomus-remote-'));
    scratch.push(remote);
    git(repo, ['init', '-q', '--bare', remote]);
    git(repo, ['remote', 'add', 'origin', remote]);
    git(repo, ['push', '-q', '--no-verify', 'origin', 'main', 'feat']);
    // a teammate pushes 50 commits to feat
    const mate = mkdtempSync(join(tmpdir(), 'majordomus-mate-'));
    scratch.push(mate);
    spawnSync('git', ['clone', '-q', '-b', 'feat', remote, mate], { env: cleanEnv() });
    for (let n = 1; n <= 50; n++) {
      spawnSync('sh', ['-c', `echo ${n} > src/b/t${n}.txt && git add -A && git commit -q --no-verify -m "teammate ${n}"`], {
        cwd: mate,
        env: cleanEnv({ GIT_AUTHOR_NAME: 'Mate', GIT_AUTHOR_EMAIL: 'mate@example.com' }),
      });
    }
    spawnSync('git', ['push', '-q', '--no-verify', 'origin', 'feat'], { cwd: mate, env: cleanEnv() });
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    git(repo, ['pull', '-q', '--rebase', 'origin', 'feat']);
    const judged = await outside(repo);
    expect([judged.code, judged.paths]).toEqual([0, []]);
    expect(judged.ok[0]).toMatch(/1 of the 51 commit\(s\) since the start are the task's own/);
  });

  it('an interactive rebase squashing an out-of-scope commit into an in-scope one: the squashed commit is the task’s, and fails', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    commit(repo, { 'src/b/own-outside.txt': 'x\n' }, 'own work outside');
    commit(repo, { 'src/a/two.txt': 'own\n' }, 'more own work');
    baseMovesOn(repo, 50);
    // the todo list: the start commit (made before the task, on feat), then the task's three; the task's
    // later two are squashed into its first, the in-scope one
    git(repo, ['rebase', '-q', '-i', 'main'], { GIT_SEQUENCE_EDITOR: "sed -i -e '3,$s/^pick/squash/'" });
    expect(git(repo, ['log', '--format=%s', 'main..HEAD']).trim().split('\n')).toEqual(['own work', 'before the task']);
    expect(await outside(repo)).toMatchObject({ code: 10, paths: ['src/b/own-outside.txt'] });
  });

  it('an amend: what it adds is the task’s, in scope or out of it', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    repo.write('src/a/two.txt', 'amended in\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '--no-verify', '--amend', '--no-edit']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
    repo.write('src/b/amended.txt', 'outside\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '--no-verify', '--amend', '--no-edit']);
    expect(await outside(repo)).toMatchObject({ code: 10, paths: ['src/b/amended.txt'] });
  });

  it('amending the start commit itself: only what the amend adds is the task’s', async () => {
    const repo = await onFeat();
    repo.write('src/a/amended.txt', 'in\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '--no-verify', '--amend', '--no-edit']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });

  it('a cherry-pick from the base branch is not the task’s; its own commits around it still are', async () => {
    const repo = await onFeat();
    baseMovesOn(repo, 3);
    commit(repo, { 'src/a/one.txt': 'own\n' }, 'own work');
    git(repo, ['cherry-pick', 'main~1']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });

  it('a commit on another branch while the task is active is not the task’s, even merged in', async () => {
    const repo = await onFeat();
    git(repo, ['checkout', '-q', '-b', 'side', 'main']);
    commit(repo, { 'src/b/side.txt': 'x\n' }, 'side work');
    git(repo, ['checkout', '-q', 'feat']);
    git(repo, ['merge', '-q', '--no-edit', 'side']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });

  it('a revert after a merge undoes the change too: the path holds again what it held before the task touched it', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/b/oops.txt': 'x\n', 'src/b/kept.txt': 'changed\n' }, 'oops');
    baseMovesOn(repo, 5);
    git(repo, ['merge', '-q', '--no-edit', 'main']);
    expect(await outside(repo)).toMatchObject({ code: 10, paths: ['src/b/kept.txt', 'src/b/oops.txt'] });
    git(repo, ['revert', '--no-edit', 'HEAD^1']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });

  it('a revert within the task’s own run of commits undoes its change', async () => {
    const repo = await onFeat();
    commit(repo, { 'src/b/oops.txt': 'x\n' }, 'oops');
    expect(await outside(repo)).toMatchObject({ code: 10, paths: ['src/b/oops.txt'] });
    git(repo, ['revert', '--no-edit', 'HEAD']);
    expect(await outside(repo)).toMatchObject({ code: 0, paths: [] });
  });
});
