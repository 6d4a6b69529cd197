/**
 * init in a repository whose hooks a manager runs: husky 9 (its installed layout, see
 * ../helpers/hook-managers.ts), lefthook and the pre-commit framework. init writes the policy's lines
 * where the manager runs them and never into what the manager regenerates; what it cannot add without
 * rewriting the user's file — a lefthook section of the user's — it prints, adopting the rest (0); a
 * husky file that exits early and pre-commit's configuration are refused (15), nothing written. The
 * shipped `.pre-commit-hooks.yaml` is held to the table the wiring rule reads.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SHIPPED_HOOKS } from '../../engine/hooks/managers/pre-commit';
import { installHusky, installLefthook, installPreCommit, LEFTHOOK_WIRED, PRE_COMMIT_WIRED } from '../helpers/hook-managers';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, failing, ROOT, repoFactory } from '../helpers/repo';
import { snapshotTree } from '../helpers/snapshot';

const WIRING = 'majordomus.enforcement-wiring';
const DOCTOR_LINE = 'majordomus doctor --quiet';
const FINISH_LINE = 'majordomus finish --check --quiet';
/** A lefthook configuration of the project's own, with no section init adds. */
const LEFTHOOK_OWN = "# the project's own hooks\ncommit-msg:\n  commands:\n    lint:\n      run: npx commitlint --edit {1}\n";

const repos = repoFactory();
let bin: string;
let log: string;
/** PATH with a logging stand-in majordomus first and no other majordomus. */
let path: string;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'majordomus-managers-bin-'));
  log = join(bin, 'runs.log');
  // records each run, then runs the built CLI: the commit is judged by the real gate
  writeFileSync(join(bin, 'majordomus'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(bin, 'majordomus'), 0o755);
  const others = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')));
  path = [bin, ...others].join(delimiter);
});
afterAll(() => {
  repos.disposeAll();
  rmSync(bin, { recursive: true, force: true });
});

const runs = (): string[] =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
    : [];

function commit(repo: TempRepo, message: string): number {
  repo.git(['add', '-A']);
  const result = spawnSync('git', ['commit', '-q', '-m', message], { cwd: repo.dir, env: cleanEnv({ PATH: path }), encoding: 'utf8' });
  return result.status ?? -1;
}

function commitCount(repo: TempRepo): number {
  const result = spawnSync('git', ['rev-list', '--count', 'HEAD'], { cwd: repo.dir, env: cleanEnv(), encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : 0;
}

/** The paths init printed as written. */
const written = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('wrote '))
    .map((line) => line.slice('wrote '.length));

/** The lines a refusal lists under its message (each indented by two spaces), as one text. */
const listed = (stderr: string): string =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.slice(2))
    .join('\n');

/** Run init expecting a refusal that leaves the repository exactly as it was; its stderr. */
function refusedUntouched(repo: TempRepo, code = 15): string {
  const before = snapshotTree(repo.dir);
  const result = repo.run(['init', '--verbose']);
  expect(result.code, result.stderr).toBe(code);
  expect(snapshotTree(repo.dir)).toEqual(before);
  return result.stderr;
}

describe('husky 9', () => {
  function huskyRepo(): TempRepo {
    const repo = repos.create();
    installHusky(repo);
    repo.write('.husky/pre-commit', 'echo lint >> .lint-ran\n');
    return repo;
  }

  it("init appends to .husky/pre-commit, creates .husky/pre-push as husky users write it, and leaves husky's .husky/_/ alone", () => {
    const repo = huskyRepo();
    const husky = Object.entries(snapshotTree(repo.dir)).filter(([file]) => file.startsWith('.husky/_'));
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(written(result.stdout)).toEqual(expect.arrayContaining(['.husky/pre-commit', '.husky/pre-push']));
    expect(written(result.stdout).filter((file) => file.startsWith('.husky/_') || file.startsWith('.git/'))).toEqual([]);
    expect(Object.entries(snapshotTree(repo.dir)).filter(([file]) => file.startsWith('.husky/_'))).toEqual(husky);
    expect(repo.read('.husky/pre-commit').startsWith('echo lint >> .lint-ran\n')).toBe(true);
    expect(repo.read('.husky/pre-commit')).toMatch(/^majordomus doctor --quiet \|\| exit \$\?$/m);
    const push = repo.read('.husky/pre-push');
    expect(push.startsWith('#!')).toBe(false);
    expect(push).toMatch(/^majordomus finish --check --quiet --pre-push \|\| exit \$\?$/m);
    expect([repo.exists('.git/hooks/pre-commit'), repo.exists('.git/hooks/pre-push')]).toEqual([false, false]);
    expect(repo.gate(['doctor', '--rule', WIRING], { env: { PATH: path } }).code).toBe(0);
    const again = repo.run(['init', '--extend', '--verbose']);
    expect([again.code, written(again.stdout)]).toEqual([0, []]);
  });

  it("a commit runs majordomus through husky's runner and the user's own line; a broken policy refuses the commit", () => {
    const repo = huskyRepo();
    expect(repo.run(['init', '--verbose']).code).toBe(0);
    const before = runs().length;
    expect(commit(repo, 'adopt')).toBe(0);
    expect(commitCount(repo)).toBe(1);
    expect(repo.exists('.lint-ran')).toBe(true);
    expect(runs().slice(before)).toEqual(['doctor --quiet', 'update --check']);

    repo.write('.ai/repo/policy.yaml', 'version: 1\n');
    expect(commit(repo, 'broken policy')).not.toBe(0);
    expect(commitCount(repo)).toBe(1);
    // the failing doctor stops the hook (husky runs it with sh -e): the drift check after it never runs
    expect(runs().slice(before)).toEqual(['doctor --quiet', 'update --check', 'doctor --quiet']);
  });

  it('husky set up but not installed in this clone: init writes .husky/ (not .git/hooks/) and says how to install it', () => {
    const repo = repos.create();
    repo.write('.husky/pre-commit', 'npm test\n');
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(written(result.stdout)).toEqual(expect.arrayContaining(['.husky/pre-commit', '.husky/pre-push']));
    expect([repo.exists('.git/hooks/pre-commit'), repo.exists('.git/hooks/pre-push')]).toEqual([false, false]);
    expect(result.stdout).toMatch(/^note: husky is not installed/m);
  });

  it('husky 8 (core.hooksPath=.husky, git runs those scripts itself): a plain hooks directory, shebang and mode kept', () => {
    const repo = repos.create();
    repo.write('.husky/pre-commit', '#!/usr/bin/env sh\n. "$(dirname -- "$0")/_/husky.sh"\n\nnpm test\n', 0o755);
    repo.git(['config', 'core.hooksPath', '.husky']);
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/^note: husky/m);
    expect(repo.read('.husky/pre-commit')).toMatch(/^majordomus doctor --quiet \|\| exit \$\?$/m);
    expect(repo.read('.husky/pre-push').startsWith('#!/bin/sh\n')).toBe(true);
    expect(statSync(repo.path('.husky/pre-push')).mode & 0o111).not.toBe(0);
  });

  it('husky configured but its folder .husky/_ gone: init still writes .husky/, never .husky/_/, and says to install husky', () => {
    const repo = huskyRepo();
    repo.remove('.husky/_');
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(written(result.stdout)).toEqual(expect.arrayContaining(['.husky/pre-commit', '.husky/pre-push']));
    expect(repo.exists('.husky/_')).toBe(false);
    expect(result.stdout).toMatch(/^note: husky is not installed/m);
  });

  it('a .husky/pre-commit that exits before its end is refused (15), nothing written', () => {
    const repo = huskyRepo();
    repo.write('.husky/pre-commit', 'npm test\nexit 0\n');
    expect(refusedUntouched(repo)).toContain(DOCTOR_LINE);
  });
});

describe('lefthook', () => {
  it('a lefthook.yml without pre-commit and pre-push sections gets them appended, every byte of it kept; doctor finds them', () => {
    const repo = repos.create();
    installLefthook(repo);
    repo.write('lefthook.yml', LEFTHOOK_OWN);
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(written(result.stdout)).toContain('lefthook.yml');
    expect(written(result.stdout).filter((file) => file.startsWith('.git/'))).toEqual([]);
    const text = repo.read('lefthook.yml');
    expect(text.startsWith(LEFTHOOK_OWN)).toBe(true);
    const config = parse(text) as Record<string, { commands: Record<string, { run: string }> }>;
    expect(config['commit-msg']).toEqual(parse(LEFTHOOK_OWN)['commit-msg']);
    expect(config['pre-commit']!.commands['doctor-on-commit']!.run).toContain(DOCTOR_LINE);
    expect(config['pre-push']!.commands['finish-on-push']!.run).toContain(FINISH_LINE);
    expect(repo.gate(['doctor', '--rule', WIRING], { env: { PATH: path } }).code).toBe(0);
    const again = repo.run(['init', '--extend', '--verbose']);
    expect([again.code, written(again.stdout)]).toEqual([0, []]);
  });

  it('a lefthook.yml with its own pre-commit section: init adopts the rest (0), appends pre-push:, prints the pre-commit lines to merge; merged in, it is wired', () => {
    const repo = repos.create();
    installLefthook(repo);
    const own = 'pre-commit:\n  commands:\n    lint:\n      run: npx eslint {staged_files}\n';
    repo.write('lefthook.yml', own);
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(repo.exists('.ai/manifest.yaml')).toBe(true);
    // pre-push: had no section, so it is appended after every byte of the user's file
    const text = repo.read('lefthook.yml');
    expect(text.startsWith(own)).toBe(true);
    const config = parse(text) as Record<string, { commands: Record<string, { run: string }> }>;
    expect(config['pre-commit']).toEqual(parse(own)['pre-commit']);
    expect(config['pre-push']!.commands['finish-on-push']!.run).toContain(FINISH_LINE);
    // the pre-commit commands are printed, to merge into the user's own section
    const snippet = parse(listed(result.stdout)) as Record<string, { commands: Record<string, unknown> }>;
    expect(Object.keys(snippet)).toEqual(['pre-commit']);
    // until then doctor names the unwired entries at lefthook.yml
    const before = repo.gate(['doctor', '--rule', WIRING], { env: { PATH: path } });
    expect(before.code).toBe(10);
    expect(
      failing(before.findings)
        .map((finding) => finding.subject)
        .sort(),
    ).toEqual(['doctor-on-commit', 'projections-on-commit']);
    // hooks install says the same: 0, nothing written, the lines still to merge
    const install = repo.run(['hooks', 'install', '--json']);
    expect(install.code).toBe(0);
    const report = JSON.parse(install.stdout) as { written: string[]; pending: { file: string; lines: string[] }[] };
    expect(report.written).toEqual([]);
    expect(report.pending.map((merge) => merge.file)).toEqual(['lefthook.yml']);
    expect(parse(report.pending[0]!.lines.map((line) => line.slice(2)).join('\n'))).toEqual(snippet);
    // merged as a user would: our commands beside the project's own
    const merged = { ...config, 'pre-commit': { commands: { ...config['pre-commit']!.commands, ...snippet['pre-commit']!.commands } } };
    repo.write('lefthook.yml', JSON.stringify(merged, null, 2));
    const again = repo.run(['init', '--extend', '--verbose']);
    expect(again.code, again.stderr).toBe(0);
    expect(written(again.stdout)).toEqual([]);
    expect(repo.gate(['doctor', '--rule', WIRING], { env: { PATH: path } }).code).toBe(0);
  });

  it('a .lefthook.yml written as one flow mapping: init adopts the layer (0) and prints the lines, appending nothing to it', () => {
    const repo = repos.create();
    installLefthook(repo);
    repo.write('.lefthook.yml', '{colors: false}');
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(repo.read('.lefthook.yml')).toBe('{colors: false}');
    expect(written(result.stdout)).not.toContain('.lefthook.yml');
    expect(Object.keys(parse(listed(result.stdout)) as object).sort()).toEqual(['pre-commit', 'pre-push']);
  });

  it('a lefthook.yml that does not parse exits 2, nothing written', () => {
    const repo = repos.create();
    repo.write('lefthook.yml', 'pre-commit:\n  commands: [unclosed\n');
    refusedUntouched(repo, 2);
  });

  it('lefthook set up but not installed: init appends to lefthook.yml, writes no .git/hooks/ and says how to install it', () => {
    const repo = repos.create();
    repo.write('lefthook.yml', LEFTHOOK_OWN);
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(written(result.stdout)).toContain('lefthook.yml');
    expect([repo.exists('.git/hooks/pre-commit'), repo.exists('.git/hooks/pre-push')]).toEqual([false, false]);
    expect(result.stdout).toMatch(/^note: lefthook is not installed/m);
  });

  it('an already wired lefthook.yml is left as it is', () => {
    const repo = repos.create();
    installLefthook(repo);
    repo.write('lefthook.yml', LEFTHOOK_WIRED);
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(repo.read('lefthook.yml')).toBe(LEFTHOOK_WIRED);
  });
});

describe('pre-commit framework', () => {
  it(".pre-commit-config.yaml without majordomus is refused (15) with the repos items taking this repository's hooks, nothing written", () => {
    const repo = repos.create();
    installPreCommit(repo, ['pre-commit']);
    repo.write(
      '.pre-commit-config.yaml',
      'repos:\n  - repo: https://example.invalid/hooks\n    rev: v1.0.0\n    hooks:\n      - id: trailing-whitespace\n',
    );
    const items = parse(listed(refusedUntouched(repo))) as { repo: string; rev: string; hooks: { id: string }[] }[];
    expect(items.flatMap((item) => item.hooks.map((hook) => hook.id))).toEqual([
      'majordomus-doctor',
      'majordomus-update-check',
      'majordomus-finish',
    ]);
  });

  it('with the items added, init adopts without writing a git hook and names the hook types to install', () => {
    const repo = repos.create();
    installPreCommit(repo, ['pre-commit']);
    repo.write('.pre-commit-config.yaml', PRE_COMMIT_WIRED);
    const result = repo.run(['init', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(written(result.stdout).filter((file) => file.startsWith('.git/') || file === '.pre-commit-config.yaml')).toEqual([]);
    expect(result.stdout).toMatch(/^note: pre-commit is not installed for pre-push.*--hook-type pre-push/m);
  });

  it('installed over an adopted repository, pre-commit runs the old hooks first (<hook>.legacy): init --extend has nothing to add', () => {
    const repo = repos.create().init();
    for (const hook of ['pre-commit', 'pre-push']) repo.write(`.git/hooks/${hook}.legacy`, repo.read(`.git/hooks/${hook}`), 0o755);
    installPreCommit(repo);
    repo.write(
      '.pre-commit-config.yaml',
      'repos:\n  - repo: https://example.invalid/hooks\n    rev: v1.0.0\n    hooks:\n      - id: trailing-whitespace\n',
    );
    const result = repo.run(['init', '--extend', '--verbose']);
    expect([result.code, written(result.stdout)]).toEqual([0, []]);
  });

  it('two managers set up and neither installed: refused (15), init does not guess', () => {
    const repo = repos.create();
    repo.write('lefthook.yml', LEFTHOOK_OWN);
    repo.write('.pre-commit-config.yaml', PRE_COMMIT_WIRED);
    refusedUntouched(repo);
  });

  it('.pre-commit-hooks.yaml declares the hooks the wiring rule knows: node, whole repository, always run', () => {
    const shipped = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
    expect(shipped).toEqual(
      SHIPPED_HOOKS.map((hook) => ({
        id: hook.id,
        name: hook.name,
        description: hook.description,
        entry: hook.entry.join(' '),
        args: [...hook.args],
        language: 'node',
        pass_filenames: false,
        always_run: true,
        stages: [hook.stage],
        minimum_pre_commit_version: '3.2.0',
      })),
    );
  });
});
