/**
 * The pre-commit hook judges what is staged — what the commit will hold — not the working tree: a
 * staged hand edit is refused even when the file on disk was put back, and an unstaged breakage does
 * not block a clean commit. Real git, real hooks, the built CLI behind a `majordomus` shim on PATH.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const RULE = '.ai/repo/rules/vendor/majordomus/rules/principle-01-sessions-are-workers.v1.md';
const repos = repoFactory();
let shimDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  shimDir = mkdtempSync(join(tmpdir(), 'majordomus-shim-'));
  writeFileSync(join(shimDir, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(shimDir, 'majordomus'), 0o755);
  env = cleanEnv({ PATH: [shimDir, process.env.PATH ?? ''].join(delimiter) });
});
afterAll(() => {
  repos.disposeAll();
  rmSync(shimDir, { recursive: true, force: true });
});

function git(repo: TempRepo, args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync('git', args, { cwd: repo.dir, env, encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

let committed: TempRepo | undefined;
/** Adopted and committed through the hooks: a copy of one made on the first call. */
function adopted(): TempRepo {
  if (!committed) {
    const repo = repos.create().init();
    expect(git(repo, ['add', '-A']).code).toBe(0);
    expect(git(repo, ['commit', '-q', '-m', 'adopt']).code).toBe(0);
    committed = repo;
  }
  return copyOf(repos, committed);
}

const commits = (repo: TempRepo): number => Number(git(repo, ['rev-list', '--count', 'HEAD']).stdout.trim());

describe('the pre-commit hook reads the index', () => {
  it('refuses a staged hand edit of a vendored rule even when the working tree was restored', () => {
    const repo = adopted();
    const original = repo.read(RULE);
    repo.write(RULE, `${original}\nA hand edit.\n`);
    expect(git(repo, ['add', '--', RULE]).code).toBe(0);
    repo.write(RULE, original); // the disk is clean again; the index is not
    const commit = git(repo, ['commit', '-q', '-m', 'sneak']);
    expect(commit.code).not.toBe(0);
    // git hands a hook's standard output to its own standard error
    expect(commit.stderr).toMatch(new RegExp(`^FAIL rules +${RULE.replace(/\./g, '\\.')} — `, 'm'));
    expect(commits(repo)).toBe(1);
  });

  it('lets a clean staged change through while the working tree holds an unstaged breakage', () => {
    const repo = adopted();
    repo.write('notes.txt', 'a change worth committing\n');
    expect(git(repo, ['add', '--', 'notes.txt']).code).toBe(0);
    repo.write(RULE, `${repo.read(RULE)}\nNot staged.\n`);
    expect(git(repo, ['commit', '-q', '-m', 'notes']).code).toBe(0);
    expect(commits(repo)).toBe(2);
    // the same breakage, once staged, is refused
    expect(git(repo, ['add', '--', RULE]).code).toBe(0);
    expect(git(repo, ['commit', '-q', '-m', 'breakage']).code).not.toBe(0);
    expect(commits(repo)).toBe(2);
  });

  it('judges `git commit -a` by what it is about to commit', () => {
    const repo = adopted();
    repo.write(RULE, `${repo.read(RULE)}\nEdited, committed with -a.\n`);
    expect(git(repo, ['commit', '-q', '-a', '-m', 'all']).code).not.toBe(0);
    expect(commits(repo)).toBe(1);
  });

  it('refuses a staged layer whose manifest was removed from the index, saying to stage it', () => {
    const repo = adopted();
    expect(git(repo, ['rm', '-q', '--cached', '--', '.ai/manifest.yaml']).code).toBe(0);
    const commit = git(repo, ['commit', '-q', '-m', 'unstage']);
    expect(commit.code).not.toBe(0);
    expect(commit.stderr).toMatch(/no \.ai\/manifest\.yaml in the index/);
  });
});

describe('inside the hook, the wiring rule reads a CI file as staged', () => {
  const POLICY = '.ai/repo/policy.yaml';
  const CI_FILE = '.ci/run';
  /** Runs the policy's invocation, as the entry below says. */
  const WIRED = '#!/bin/sh\nmajordomus finish --check --quiet\n';
  /** Runs it but swallows its exit code: not wired. */
  const SWALLOWED = '#!/bin/sh\nmajordomus finish --check --quiet || true\n';

  /** An adopted repository whose policy says a CI file runs `finish --check`. */
  function withCiEntry(): TempRepo {
    const repo = adopted();
    const policy = repo.read(POLICY);
    const anchor = '    wired_by: git-hook:pre-push\n';
    if (!policy.includes(anchor)) throw new Error('the skeleton policy has no pre-push entry');
    repo.write(
      POLICY,
      policy.replace(
        anchor,
        `${anchor}  - name: finish-in-ci\n    path: majordomus\n    args: [finish, --check, --quiet]\n    wired_by: ci:${CI_FILE}\n`,
      ),
    );
    // a policy edit moves the projections' policy hash: regenerate them, or the drift check refuses the commit
    const update = repo.run(['update']);
    if (update.code !== 0) throw new Error(`update failed (${update.code}): ${update.stderr}`);
    return repo;
  }

  it('commits a staged CI file that runs the invocation while the working copy swallows its exit code', () => {
    const repo = withCiEntry();
    repo.write(CI_FILE, WIRED);
    expect(git(repo, ['add', '-A']).code).toBe(0);
    repo.write(CI_FILE, SWALLOWED); // not staged: the commit holds the wired file
    const commit = git(repo, ['commit', '-q', '-m', 'wire CI']);
    expect(commit.code, commit.stderr).toBe(0);
    expect(commits(repo)).toBe(2);
    // outside the hook the working copy is what doctor judges, and it is not wired
    const doctor = repo.gate(['doctor', '--rule', 'majordomus.enforcement-wiring']);
    expect([doctor.code, doctor.findings.filter((f) => f.level === 'FAIL').map((f) => [f.category, f.subject])]).toStrictEqual([
      10,
      [['wiring', 'finish-in-ci']],
    ]);
  });

  it('refuses a staged CI file that swallows the exit code while the working copy runs the invocation', () => {
    const repo = withCiEntry();
    repo.write(CI_FILE, SWALLOWED);
    expect(git(repo, ['add', '-A']).code).toBe(0);
    repo.write(CI_FILE, WIRED); // the disk is right again; the commit would not be
    const commit = git(repo, ['commit', '-q', '-m', 'wire CI']);
    expect(commit.code).not.toBe(0);
    expect(commit.stderr).toMatch(/^FAIL wiring +finish-in-ci — /m);
    expect(commits(repo)).toBe(1);
  });
});
