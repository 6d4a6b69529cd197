/**
 * `majordomus init` in fresh temporary git repositories, as a user runs it: what it writes and prints,
 * that it never overwrites (15), that it refuses outside git (2), the hooks it installs or refuses to
 * touch, and — with real git — that those hooks stop a commit and let a push through.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult, TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

const BLOCK_BEGIN = '# majordomus: begin';

/** The paths a write command printed (`wrote <path>` lines), in order. */
function written(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((line) => /^wrote (.+)$/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

/** Every file and directory under `dir` (git's own directory included): kind, mode and bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    const abs = rel === '' ? dir : join(dir, rel);
    for (const name of readdirSync(abs).sort()) {
      const child = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(join(dir, child));
      if (stat.isDirectory()) {
        out[child] = `dir ${(stat.mode & 0o7777).toString(8)}`;
        visit(child);
      } else {
        out[child] = `file ${(stat.mode & 0o7777).toString(8)} ${readFileSync(join(dir, child)).toString('base64')}`;
      }
    }
  };
  visit('');
  return out;
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

function initRepo(): { repo: TempRepo; result: RunResult } {
  const repo = repos.create();
  return { repo, result: repo.run(['init', '--verbose']) };
}

describe('init in a fresh repository', () => {
  let repo: TempRepo;
  let result: RunResult;
  beforeAll(() => {
    ({ repo, result } = initRepo());
  });

  it('exits 0 and prints one repository-relative `wrote` line per path, each of which exists', () => {
    expect(result.code).toBe(0);
    const paths = written(result.stdout);
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      expect(path.startsWith('/'), path).toBe(false);
      expect(path.split('/'), path).not.toContain('..');
      expect(repo.exists(path), path).toBe(true);
    }
  });

  it('without --verbose prints a summary that counts what it wrote, and no `wrote` line', () => {
    const quiet = repos.create().run(['init']);
    expect(quiet.code).toBe(0);
    expect(written(quiet.stdout)).toEqual([]);
    const lines = quiet.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(8);
    expect(lines[0]).toMatch(new RegExp(`^init: wrote ${written(result.stdout).length} file\\(s\\)`));
  });

  it('writes the layer, the vendored baseline, the ignore entry and both hooks', () => {
    const paths = written(result.stdout);
    expect(paths).toEqual(
      expect.arrayContaining([
        '.ai/manifest.yaml',
        '.ai/README.md',
        '.ai/repo/policy.yaml',
        '.ai/repo/scope.yaml',
        '.ai/repo/profiles/debugging.yaml',
        '.ai/repo/profiles/deep-work.yaml',
        '.ai/repo/profiles/implementation.yaml',
        '.ai/repo/profiles/review.yaml',
        '.ai/repo/rules/vendor/majordomus/manifest.yaml',
        '.ai/repo/rules/project/README.md',
        '.gitignore',
        '.git/hooks/pre-commit',
        '.git/hooks/pre-push',
      ]),
    );
  });

  it('makes git ignore .ai/local/', () => {
    // TempRepo.git throws when git exits non-zero, i.e. when the path is not ignored
    repo.git(['check-ignore', '-q', '--no-index', '--', '.ai/local/']);
    repo.git(['check-ignore', '-q', '--no-index', '--', '.ai/local/state/ledger.jsonl']);
    repo.write('.ai/local/probe.txt', 'checkout-local\n');
    const status = repo.git(['status', '--porcelain', '--untracked-files=all']);
    repo.remove('.ai/local');
    expect(status).toMatch(/\.ai\/manifest\.yaml/);
    expect(status).not.toMatch(/\.ai\/local\//);
  });

  it('leaves a repository doctor passes: exit 0, `doctor: 0 failure(s)`', () => {
    const doctor = repo.run(['doctor']);
    expect(doctor.code).toBe(0);
    const lines = doctor.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('doctor: 0 failure(s)');
    expect(lines.filter((line) => line.startsWith('FAIL '))).toEqual([]);
  });
});

describe('init never overwrites', () => {
  it('a second init exits 15 and changes nothing', () => {
    const { repo, result } = initRepo();
    expect(result.code).toBe(0);
    const before = snapshot(repo.dir);
    const again = repo.run(['init', '--verbose']);
    expect(again.code).toBe(15);
    expect(written(again.stdout)).toEqual([]);
    expect(snapshot(repo.dir)).toEqual(before);
  });

  it('init --extend on a complete layer writes nothing and exits 0', () => {
    const { repo } = initRepo();
    const before = snapshot(repo.dir);
    const extend = repo.run(['init', '--extend', '--verbose']);
    expect(extend.code).toBe(0);
    expect(written(extend.stdout)).toEqual([]);
    expect(snapshot(repo.dir)).toEqual(before);
  });

  it('init --extend writes back exactly the deleted paths, with their original content', () => {
    const { repo } = initRepo();
    const deleted = ['.ai/repo/profiles/review.yaml', '.ai/README.md'];
    const original = new Map(deleted.map((path) => [path, repo.read(path)]));
    const before = snapshot(repo.dir);
    for (const path of deleted) repo.remove(path);
    const extend = repo.run(['init', '--extend', '--verbose']);
    expect(extend.code).toBe(0);
    expect([...written(extend.stdout)].sort()).toEqual([...deleted].sort());
    for (const path of deleted) expect(repo.read(path)).toBe(original.get(path));
    expect(snapshot(repo.dir)).toEqual(before);
  });
});

describe('init outside a git repository', () => {
  it('exits 2 and writes nothing', () => {
    const dir = repos.create({ git: false });
    // a ceiling so a temporary directory inside some other checkout is still "outside git"
    const result = dir.run(['init', '--verbose'], { env: { GIT_CEILING_DIRECTORIES: dirname(dir.dir) } });
    expect(result.code).toBe(2);
    expect(written(result.stdout)).toEqual([]);
    expect(readdirSync(dir.dir)).toEqual([]);
  });
});

describe('init and git hooks', () => {
  it('writes an executable pre-commit hook running `majordomus doctor`', () => {
    const { repo } = initRepo();
    const hook = repo.path('.git/hooks/pre-commit');
    expect(statSync(hook).mode & 0o111).toBe(0o111);
    const text = readFileSync(hook, 'utf8');
    expect(text.split('\n')[0]).toBe('#!/bin/sh');
    expect(text).toMatch(/^majordomus doctor\b/m);
    expect(spawnSync('sh', ['-n', hook]).status).toBe(0);
  });

  it("writes a pre-push hook that hands git's lines on stdin to `majordomus finish --check --pre-push`, which reads them all", () => {
    const { repo } = initRepo();
    const hook = repo.path('.git/hooks/pre-push');
    expect(statSync(hook).mode & 0o111).toBe(0o111);
    const lines = readFileSync(hook, 'utf8').split('\n');
    expect(lines.some((line) => /^\s*cat\s*>\s*\/dev\/null\s*$/.test(line))).toBe(false);
    expect(lines.filter((line) => /^majordomus finish --check\b/.test(line))).toEqual([
      'majordomus finish --check --quiet --pre-push || exit $?',
    ]);
    expect(spawnSync('sh', ['-n', hook]).status).toBe(0);
  });

  it('installs into core.hooksPath when it is set', () => {
    const repo = repos.create();
    repo.git(['config', 'core.hooksPath', '.githooks']);
    const result = repo.run(['init', '--verbose']);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toEqual(expect.arrayContaining(['.githooks/pre-commit', '.githooks/pre-push']));
    expect(written(result.stdout).filter((path) => path.startsWith('.git/'))).toEqual([]);
    expect(repo.exists('.git/hooks/pre-commit')).toBe(false);
    expect(repo.exists('.git/hooks/pre-push')).toBe(false);
    expect(repo.read('.githooks/pre-commit')).toMatch(/^majordomus doctor\b/m);
    expect(repo.read('.githooks/pre-push')).toMatch(/^majordomus finish --check\b/m);
    expect(statSync(repo.path('.githooks/pre-commit')).mode & 0o111).toBe(0o111);
    expect(repo.gate(['doctor', '--rule', 'majordomus.enforcement-wiring']).code).toBe(0);
  });

  it.each([
    ['ending with a newline', '#!/bin/sh\n# a team hook\necho "linting" >&2\n'],
    ['without a final newline', '#!/bin/sh\nset -e\ntrue'],
    ['under /usr/bin/env bash', '#!/usr/bin/env bash\nif [ -n "$X" ]; then echo x; fi\n'],
  ])('appends its block to a foreign shell hook %s, keeping the original bytes first', (_name, original) => {
    const repo = repos.create();
    repo.write('.git/hooks/pre-commit', original, 0o755);
    const result = repo.run(['init', '--verbose']);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toContain('.git/hooks/pre-commit');
    const text = repo.read('.git/hooks/pre-commit');
    expect(text.startsWith(original)).toBe(true);
    // one block each for the policy's two pre-commit entries: doctor and the projections' drift check
    expect(count(text, BLOCK_BEGIN)).toBe(2);
    expect(text.slice(original.length)).toMatch(/^majordomus doctor\b/m);
    expect(spawnSync('sh', ['-n', repo.path('.git/hooks/pre-commit')]).status).toBe(0);
    expect(repo.gate(['doctor', '--rule', 'majordomus.enforcement-wiring']).code).toBe(0);
  });

  it.each([
    ['ends with `exit 0`', '#!/bin/sh\necho "checking"\nexit 0\n'],
    ['replaces itself with `exec`', '#!/bin/sh\nexec ./tools/lint.sh "$@"\n'],
    ['is a python3 script', '#!/usr/bin/env python3\nprint("hello")\n'],
  ])('refuses (15) a foreign pre-commit hook that %s, writing nothing at all', (_name, original) => {
    const repo = repos.create();
    repo.write('.git/hooks/pre-commit', original, 0o755);
    const before = snapshot(repo.dir);
    const result = repo.run(['init', '--verbose']);
    expect(result.code).toBe(15);
    expect(written(result.stdout)).toEqual([]);
    expect(repo.exists('.ai')).toBe(false);
    expect(repo.exists('.gitignore')).toBe(false);
    expect(repo.exists('.git/hooks/pre-push')).toBe(false);
    expect(repo.read('.git/hooks/pre-commit')).toBe(original);
    expect(snapshot(repo.dir)).toEqual(before);
  });

  it('init --extend run twice never duplicates its block (own hooks and an extended foreign hook)', () => {
    const repo = repos.create();
    const foreign = '#!/bin/sh\necho "team check"\n';
    repo.write('.git/hooks/pre-commit', foreign, 0o755);
    expect(repo.run(['init', '--verbose']).code).toBe(0);
    const after = { commit: repo.read('.git/hooks/pre-commit'), push: repo.read('.git/hooks/pre-push') };
    for (let round = 0; round < 2; round++) {
      const extend = repo.run(['init', '--extend', '--verbose']);
      expect(extend.code).toBe(0);
      expect(written(extend.stdout)).toEqual([]);
    }
    expect(repo.read('.git/hooks/pre-commit')).toBe(after.commit);
    expect(repo.read('.git/hooks/pre-push')).toBe(after.push);
    expect(count(after.commit, BLOCK_BEGIN)).toBe(2);
    expect(count(after.push, BLOCK_BEGIN)).toBe(1);
    expect(after.commit.startsWith(foreign)).toBe(true);
  });
});

describe('the installed hooks with real git', () => {
  let repo: TempRepo;
  let shimDir: string;
  let log: string;
  let withShim: string;
  let withoutShim: string;

  /** git in the test repository with exactly the given PATH (git's own selectors stripped). */
  const git = (args: readonly string[], path: string, cwd = repo.dir) =>
    spawnSync('git', args, { cwd, env: cleanEnv({ PATH: path }), encoding: 'utf8' });
  const commits = (): number => Number(repo.git(['rev-list', '--count', 'HEAD']).trim());
  const invocations = (): string[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
      : [];

  beforeAll(() => {
    shimDir = tempDir('majordomus-shim-');
    log = join(shimDir, 'invocations.log');
    const shim = join(shimDir, 'majordomus');
    writeFileSync(shim, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(shim, 0o755);
    // PATH as the suite has it, minus any directory that already holds a majordomus
    const base = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')));
    withShim = [shimDir, ...base].join(delimiter);
    withoutShim = base.join(delimiter);
    expect(spawnSync('sh', ['-c', 'command -v majordomus'], { env: { PATH: withoutShim } }).status).not.toBe(0);

    ({ repo } = initRepo());
    // a first commit that bypasses the hooks, so each scenario below has a HEAD to compare with
    repo.write('README.md', 'a project\n');
    repo.git(['add', '--', 'README.md']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'start']);
  });

  it('a commit of the freshly adopted repository succeeds; the pre-commit hook ran doctor', () => {
    expect(git(['add', '-A'], withShim).status).toBe(0);
    const commit = git(['commit', '-q', '-m', 'adopt majordomus'], withShim);
    expect(commit.status, commit.stderr + commit.stdout).toBe(0);
    expect(commits()).toBe(2);
    expect(repo.git(['ls-files', '--', '.ai/manifest.yaml']).trim()).toBe('.ai/manifest.yaml');
    expect(invocations()).toContain('doctor --quiet');
  });

  it('a staged hand edit of a vendored rule makes the commit fail, and no commit happens', () => {
    const file = '.ai/repo/rules/vendor/majordomus/rules/principle-01-sessions-are-workers.v1.md';
    const original = repo.read(file);
    repo.write(file, `${original}\nA hand edit.\n`);
    expect(git(['add', '-A'], withShim).status).toBe(0);
    const before = commits();
    const commit = git(['commit', '-q', '-m', 'hand edit'], withShim);
    expect(commit.status).not.toBe(0);
    expect(commit.status).not.toBeNull();
    expect(commits()).toBe(before);
    expect(`${commit.stdout}${commit.stderr}`).toMatch(/^FAIL rules /m);
    // put the rule back, staged, for the next scenarios
    repo.write(file, original);
    repo.git(['add', '--', file]);
  });

  it('git push runs the pre-push hook (finish --check) and completes: exit 0, never 141', () => {
    const bare = tempDir('majordomus-remote-');
    expect(git(['init', '-q', '--bare', bare], withShim, bare).status).toBe(0);
    expect(git(['remote', 'add', 'origin', bare], withShim).status).toBe(0);
    // many refs, so git's list on the hook's stdin is larger than a pipe buffer
    const head = repo.git(['rev-parse', 'HEAD']).trim();
    const updates = Array.from(
      { length: 1500 },
      (_, i) => `create refs/tags/t${String(i).padStart(4, '0')}-${'x'.repeat(40)} ${head}\n`,
    ).join('');
    const tag = spawnSync('git', ['update-ref', '--stdin'], { cwd: repo.dir, env: cleanEnv(), input: updates, encoding: 'utf8' });
    expect(tag.status, tag.stderr).toBe(0);
    const before = invocations().length;
    const push = git(['push', '-q', 'origin', 'main', '--tags'], withShim);
    expect(push.status, push.stderr).toBe(0);
    expect(invocations().slice(before)).toContain('finish --check --quiet --pre-push');
    const remote = spawnSync('git', ['--git-dir', bare, 'rev-parse', 'refs/heads/main'], { env: cleanEnv(), encoding: 'utf8' });
    expect(remote.stdout.trim()).toBe(head);
    const tags = spawnSync('git', ['--git-dir', bare, 'tag', '--list'], { env: cleanEnv(), encoding: 'utf8' });
    expect(tags.stdout.trim().split('\n')).toHaveLength(1500);
  });

  it('without majordomus on PATH the pre-commit hook fails closed: the commit is refused', () => {
    repo.write('notes.txt', 'a change\n');
    expect(git(['add', '-A'], withoutShim).status).toBe(0);
    const before = commits();
    const logged = invocations().length;
    const commit = git(['commit', '-q', '-m', 'no tool'], withoutShim);
    expect(commit.status).not.toBe(0);
    expect(commit.status).not.toBeNull();
    expect(commits()).toBe(before);
    expect(invocations()).toHaveLength(logged);
    // and the same change commits once the tool is back
    expect(git(['commit', '-q', '-m', 'with tool'], withShim).status).toBe(0);
    expect(commits()).toBe(before + 1);
  });

  it('without majordomus on PATH the pre-push hook fails closed: the push is refused', () => {
    // a commit the remote does not have yet (made past the pre-commit hook: only pre-push is judged here)
    repo.write('later.txt', 'a later change\n');
    repo.git(['add', '--', 'later.txt']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'later']);
    const head = repo.git(['rev-parse', 'HEAD']).trim();
    const push = git(['push', '-q', 'origin', 'main'], withoutShim);
    expect(push.status).not.toBe(0);
    expect(push.status).not.toBeNull();
    const remoteUrl = repo.git(['remote', 'get-url', 'origin']).trim();
    const remote = spawnSync('git', ['--git-dir', remoteUrl, 'rev-parse', 'refs/heads/main'], { env: cleanEnv(), encoding: 'utf8' });
    expect(remote.stdout.trim()).not.toBe(head);
  });
});
