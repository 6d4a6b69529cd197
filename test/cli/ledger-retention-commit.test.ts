/**
 * The ledger's size never refuses a commit: a repository adopted and committed through its installed
 * hooks, whose ledger grew to 20,000 lines (four times the skeleton's 5,000-line cap), still commits
 * through `git commit` — the pre-commit hook's doctor reports the ledger as a WARN naming `majordomus
 * history --rotate` and exits 0 — and after the rotation the ledger is back at its cap, the archived
 * lines kept beside it. Real git, real hooks, the built CLI behind a `majordomus` shim on PATH.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const LEDGER = '.ai/local/state/ledger.jsonl';
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

function run(repo: TempRepo, command: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd: repo.dir, env, encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const lineCount = (repo: TempRepo, path: string): number => readFileSync(repo.path(path), 'utf8').split('\n').length - 1;

describe('a 20,000-line ledger', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = repos.create().init();
    expect(run(repo, 'git', ['add', '-A']).code).toBe(0);
    expect(run(repo, 'git', ['commit', '-q', '-m', 'adopt']).code).toBe(0);
    // the ledger a long-lived checkout grows: real events, appended by the tool, then many more like them
    expect(run(repo, 'majordomus', ['start', 'grow the ledger', '--scope', '.']).code).toBe(0);
    const [first] = readFileSync(repo.path(LEDGER), 'utf8').split('\n');
    const grown = `${Array.from({ length: 20_000 }, () => first).join('\n')}\n`;
    writeFileSync(repo.path(LEDGER), grown);
    expect(lineCount(repo, LEDGER)).toBe(20_000);
  });

  it('a commit goes through the installed pre-commit hook, which names history --rotate', () => {
    repo.write('notes.txt', 'work goes on\n');
    expect(run(repo, 'git', ['add', '--', 'notes.txt']).code).toBe(0);
    const commit = run(repo, 'git', ['commit', '-m', 'notes']);
    expect(commit.code, commit.stderr).toBe(0);
    // git hands a hook's standard output to its own standard error
    expect(commit.stderr).toMatch(new RegExp(`^WARN retention +${LEDGER.replace(/\./g, '\\.')} — .*majordomus history --rotate`, 'm'));
    expect(commit.stderr).not.toMatch(/^FAIL /m);
    expect(run(repo, 'git', ['rev-list', '--count', 'HEAD']).stdout.trim()).toBe('2');
  });

  it('history --rotate, as named, archives all but the newest lines, deletes none, and the next commit is quiet', () => {
    const rotate = run(repo, 'majordomus', ['history', '--rotate', '--json']);
    expect(rotate.code, rotate.stderr).toBe(0);
    const result = JSON.parse(rotate.stdout) as { archived: number; kept: number; archive: string };
    expect(lineCount(repo, LEDGER)).toBe(5_000);
    const archives = readdirSync(repo.path('.ai/local/state')).filter((name) => name.endsWith('.jsonl.archived'));
    expect(archives.map((name) => `.ai/local/state/${name}`)).toEqual([result.archive]);
    expect(lineCount(repo, result.archive) + result.kept).toBe(20_000);
    repo.write('notes.txt', 'work goes on, quietly\n');
    expect(run(repo, 'git', ['add', '--', 'notes.txt']).code).toBe(0);
    const commit = run(repo, 'git', ['commit', '-m', 'more notes']);
    expect(commit.code, commit.stderr).toBe(0);
    expect(commit.stderr).not.toMatch(/^WARN retention/m);
  });
});
