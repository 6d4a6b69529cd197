/**
 * `hooks install | status | uninstall`, run by the built CLI in real temporary repositories: install
 * writes what init writes for hooks and nothing else; status names each hook's state (wired, missing,
 * not-executable, swallowed, bypassed) and exits 0 only when every one is wired; uninstall takes back
 * exactly what majordomus wrote, leaving a foreign hook init extended byte for byte as it was.
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const PRE_COMMIT = '.git/hooks/pre-commit';
const PRE_PUSH = '.git/hooks/pre-push';

interface Report {
  hook: string;
  name: string | null;
  command: string;
  state: string;
  message: string | null;
}

function status(repo: TempRepo): { code: number; reports: Report[] } {
  const result = repo.run(['hooks', 'status', '--json']);
  return {
    code: result.code,
    reports: result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Report),
  };
}

function states(repo: TempRepo): Record<string, string> {
  return Object.fromEntries(status(repo).reports.map((report) => [report.hook, report.state]));
}

function mode(repo: TempRepo, path: string): number {
  return statSync(repo.path(path)).mode & 0o777;
}

describe('hooks install', () => {
  it('writes the hooks init writes, byte for byte and executable; a second run writes nothing', () => {
    const repo = repos.create().init();
    const expected = { commit: repo.read(PRE_COMMIT), push: repo.read(PRE_PUSH) };
    repo.remove(PRE_COMMIT);
    repo.remove(PRE_PUSH);
    const first = repo.run(['hooks', 'install', '--json']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ command: 'hooks install', written: [PRE_COMMIT, PRE_PUSH] });
    expect(repo.read(PRE_COMMIT)).toBe(expected.commit);
    expect(repo.read(PRE_PUSH)).toBe(expected.push);
    expect(mode(repo, PRE_COMMIT) & 0o111).not.toBe(0);
    const second = repo.run(['hooks', 'install', '--json']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ written: [] });
  });

  it('refuses (15) a foreign hook it cannot append to, writing nothing, as init does', () => {
    const repo = repos.create().init();
    const foreign = '#!/bin/sh\necho check\nexit 0\n';
    repo.write(PRE_COMMIT, foreign, 0o755);
    repo.remove(PRE_PUSH);
    const result = repo.run(['hooks', 'install']);
    expect(result.code).toBe(15);
    expect(repo.read(PRE_COMMIT)).toBe(foreign);
    expect(repo.exists(PRE_PUSH)).toBe(false);
  });

  it('without a layer exits 12; outside git 2', () => {
    expect(repos.create().run(['hooks', 'install']).code).toBe(12);
    const outside = repos.create({ git: false });
    expect(outside.run(['hooks', 'status'], { env: { GIT_CEILING_DIRECTORIES: dirname(outside.dir) } }).code).toBe(2);
  });
});

describe('hooks status', () => {
  it('every hook wired: exit 0, one JSON line per git-hook entry of the policy', () => {
    const repo = repos.create().init();
    const { code, reports } = status(repo);
    expect(code).toBe(0);
    expect(reports).toEqual([
      { hook: 'pre-commit', name: 'doctor-on-commit', command: 'majordomus doctor --quiet', state: 'wired', message: null },
      { hook: 'pre-commit', name: 'projections-on-commit', command: 'majordomus update --check', state: 'wired', message: null },
      { hook: 'pre-push', name: 'finish-on-push', command: 'majordomus finish --check --quiet', state: 'wired', message: null },
    ]);
    const text = repo.run(['hooks', 'status']);
    expect(text.stdout.trim().split('\n').at(-1)).toBe('hooks status: 3 of 3 wired');
  });

  it.each<[string, string, (repo: TempRepo) => void]>([
    ['a hook file removed', 'missing', (repo) => repo.remove(PRE_COMMIT)],
    ['a hook without the line', 'missing', (repo) => repo.write(PRE_COMMIT, '#!/bin/sh\necho other\n', 0o755)],
    ['a hook not executable', 'not-executable', (repo) => repo.write(PRE_COMMIT, repo.read(PRE_COMMIT), 0o644)],
    [
      'a line swallowing the exit code',
      'swallowed',
      (repo) =>
        repo.write(
          PRE_COMMIT,
          repo.read(PRE_COMMIT).replace('majordomus doctor --quiet || exit $?', 'majordomus doctor --quiet || true'),
          0o755,
        ),
    ],
    ['core.hooksPath naming a folder without the hook', 'bypassed', (repo) => repo.git(['config', 'core.hooksPath', '.githooks'])],
    ['core.hooksPath set to the empty string', 'bypassed', (repo) => repo.git(['config', 'core.hooksPath', ''])],
  ])('%s: the pre-commit hook is %s, exit 10', (_name, state, damage) => {
    const repo = repos.create().init();
    damage(repo);
    const { code, reports } = status(repo);
    expect(code).toBe(10);
    const commit = reports.find((report) => report.hook === 'pre-commit')!;
    expect(commit.state).toBe(state);
    expect(commit.message).toEqual(expect.any(String));
  });

  it('a core.hooksPath folder holding a hook without the line, the default folder holding it: bypassed', () => {
    const repo = repos.create().init();
    repo.write('.githooks/pre-commit', '#!/bin/sh\necho team\n', 0o755);
    repo.git(['config', 'core.hooksPath', '.githooks']);
    expect(states(repo)['pre-commit']).toBe('bypassed');
  });

  it('the same verdicts as doctor: doctor fails exactly when status is not all wired', () => {
    const repo = repos.create().init();
    repo.write(PRE_PUSH, repo.read(PRE_PUSH), 0o644);
    expect(status(repo).code).toBe(10);
    const doctor = repo.gate(['doctor', '--rule', 'majordomus.enforcement-wiring']);
    expect(doctor.findings.filter((finding) => finding.level === 'FAIL').map((finding) => finding.subject)).toEqual(['finish-on-push']);
  });
});

describe('hooks uninstall', () => {
  it('removes the hooks majordomus wrote, and only its block from a foreign hook init extended, keeping its bytes and mode', () => {
    const repo = repos.create();
    const foreign = '#!/bin/sh\necho "team check"\n';
    repo.write(PRE_COMMIT, foreign, 0o750);
    repo.write('.git/hooks/post-merge', '#!/bin/sh\necho merged\n', 0o755);
    expect(repo.run(['init']).code).toBe(0);
    expect(repo.read(PRE_COMMIT)).not.toBe(foreign);
    const result = repo.run(['hooks', 'uninstall', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ command: 'hooks uninstall', written: [PRE_COMMIT, PRE_PUSH] });
    expect(repo.read(PRE_COMMIT)).toBe(foreign);
    expect(mode(repo, PRE_COMMIT)).toBe(0o750);
    expect(repo.exists(PRE_PUSH)).toBe(false);
    expect(repo.read('.git/hooks/post-merge')).toBe('#!/bin/sh\necho merged\n');
    expect(states(repo)).toEqual({ 'pre-commit': 'missing', 'pre-push': 'missing' });
    // nothing left to take back
    const again = repo.run(['hooks', 'uninstall', '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ written: [] });
    // and install puts back what init wrote
    expect(repo.run(['hooks', 'install']).code).toBe(0);
    expect(states(repo)).toEqual({ 'pre-commit': 'wired', 'pre-push': 'wired' });
    expect(repo.read(PRE_COMMIT).startsWith(foreign)).toBe(true);
  });

  it.each([
    ['a plain hook', PRE_COMMIT, '#!/bin/sh\nset -e\ntrue', 0o755],
    ['a husky user file', '.husky/pre-commit', 'npx lint-staged', 0o644],
    ['a lefthook configuration', 'lefthook.yml', 'post-merge:\n  commands:\n    deps:\n      run: npm ci', 0o644],
  ])('gives back %s that ended without a newline byte for byte', (_name, path, original, fileMode) => {
    const repo = repos.create();
    repo.write(path, original, fileMode);
    expect(repo.run(['init']).code).toBe(0);
    expect(repo.read(path).startsWith(`${original}\n`)).toBe(true);
    expect(repo.read(path).endsWith('\n')).toBe(false);
    expect(repo.run(['hooks', 'uninstall']).code).toBe(0);
    expect(repo.read(path)).toBe(original);
  });

  it('refuses (15) a block that is never closed, writing nothing anywhere', () => {
    const repo = repos.create().init();
    const broken = repo.read(PRE_COMMIT).replace('# majordomus: end\n', '');
    repo.write(PRE_COMMIT, broken, 0o755);
    const push = repo.read(PRE_PUSH);
    const result = repo.run(['hooks', 'uninstall']);
    expect(result.code).toBe(15);
    expect(result.stderr).toContain('.git/hooks/pre-commit');
    expect(repo.read(PRE_COMMIT)).toBe(broken);
    expect(repo.read(PRE_PUSH)).toBe(push);
  });
});
