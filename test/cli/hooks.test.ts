/**
 * The hooks init writes, run by real git: they pass the policy's arguments as text (a `$(…)` in the
 * policy is never run), find majordomus the way a Node project installs it (the checkout's
 * node_modules/.bin, then PATH, then npx), refuse the commit naming all three when none has it, and run
 * the gate with --quiet. PATH is built by hand for every commit: a directory holding only git and
 * touch (so an injected `touch` would work), plus the stand-ins a scenario needs, so no majordomus or
 * npx of this machine can answer instead.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const POLICY = '.ai/repo/policy.yaml';
const PRE_COMMIT = '.git/hooks/pre-commit';
const PLACES = ['node_modules/.bin/majordomus', 'PATH', 'npx --no-install majordomus'];

const repos = repoFactory();
const scratch: string[] = [];
/** A directory holding only git and touch. */
let tools: string;
let log: string;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

beforeAll(() => {
  tools = tempDir('majordomus-tools-');
  for (const name of ['git', 'touch']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found === '') throw new Error(`${name} is not on PATH`);
    symlinkSync(found, join(tools, name));
  }
  log = join(tempDir('majordomus-hook-log-'), 'runs.log');
});
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An executable stand-in at `path` that logs `<label>` and then each argument on a line of its own,
 * then runs the built CLI with its arguments (less the `skip` first ones), or exits 0 when `run` is false.
 */
function standIn(path: string, label: string, options: { run?: boolean; skip?: number } = {}): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const shift = options.skip ? `shift ${options.skip}\n` : '';
  const tail = options.run === false ? 'exit 0' : `exec '${process.execPath}' '${CLI}' "$@"`;
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' '>> ${label}' "$@" >> '${log}'\n${shift}${tail}\n`);
  chmodSync(path, 0o755);
}

/** The runs logged since `from`: each a label and its arguments. */
function runs(from = 0): { label: string; args: string[] }[] {
  const lines = existsSync(log) ? readFileSync(log, 'utf8').slice(from).split('\n') : [];
  const out: { label: string; args: string[] }[] = [];
  for (const line of lines.slice(0, -1)) {
    if (line.startsWith('>> ')) out.push({ label: line.slice(3), args: [] });
    else out.at(-1)?.args.push(line);
  }
  return out;
}
const logSize = (): number => (existsSync(log) ? readFileSync(log, 'utf8').length : 0);

function git(repo: TempRepo, args: readonly string[], path: string) {
  const result = spawnSync('git', args, { cwd: repo.dir, env: cleanEnv({ PATH: path }), encoding: 'utf8' });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}
const commits = (repo: TempRepo): number => {
  const result = spawnSync('git', ['rev-list', '--count', 'HEAD'], { cwd: repo.dir, env: cleanEnv(), encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : 0;
};

/** An adopted repository with the whole layer staged and nothing committed yet. */
function staged(): TempRepo {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  return repo;
}

/** Give the doctor-on-commit entry other arguments, then let init --extend write the hook anew. */
function rewriteCommitHook(repo: TempRepo, args: readonly string[], path = 'majordomus'): void {
  const text = repo.read(POLICY);
  const entry = '    path: majordomus\n    args: [doctor, --quiet]\n    wired_by: git-hook:pre-commit';
  if (!text.includes(entry)) throw new Error('the skeleton policy has no doctor-on-commit entry');
  // every value JSON-quoted: a valid YAML double-quoted scalar whatever it holds
  const replaced = `    path: ${JSON.stringify(path)}\n    args:\n${args.map((arg) => `      - ${JSON.stringify(arg)}\n`).join('')}    wired_by: git-hook:pre-commit`;
  repo.write(POLICY, text.replace(entry, replaced));
  repo.remove(PRE_COMMIT);
  const extend = repo.run(['init', '--extend']);
  if (extend.code !== 0) throw new Error(`init --extend failed (${extend.code}): ${extend.stderr}`);
  repo.git(['add', '-A']);
}

describe("a hook passes the policy's arguments as text", () => {
  const groups = [
    // each would run a command of its own if written bare; each command touches a marker
    { name: 'commands', args: ['$(touch m1)', '`touch m2`', '; touch m3', '&& touch m4', '| touch m5', 'a\nb; touch m6'] },
    // each would be split, expanded or break the line if written bare
    { name: 'words', args: ["it's", 'two words', '$HOME', '*', '"', '\\', '#'] },
  ];
  const MARKERS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];

  it.each(groups)("$name: a commit through the hook hands the tool exactly the policy's arguments, and none of them runs", ({ args }) => {
    const repo = staged();
    rewriteCommitHook(repo, ['doctor', ...args]);
    // a stand-in that only records: the real gate would refuse arguments it does not know
    const bin = tempDir('majordomus-path-');
    standIn(join(bin, 'majordomus'), 'path', { run: false });
    const from = logSize();
    const commit = git(repo, ['commit', '-q', '-m', 'hostile arguments'], [bin, tools].join(delimiter));
    for (const marker of MARKERS) expect(repo.exists(marker), marker).toBe(false);
    expect(commit.code, commit.output).toBe(0);
    expect(commits(repo)).toBe(1);
    expect(runs(from)).toEqual([
      { label: 'path', args: ['doctor', ...args.flatMap((arg) => arg.split('\n'))] },
      { label: 'path', args: ['update', '--check'] },
    ]);
    const hook = repo.read(PRE_COMMIT);
    for (const arg of args) expect(hook).toContain(` '${arg.replace(/'/g, "'\\''")}'`);
    expect(spawnSync('sh', ['-n', repo.path(PRE_COMMIT)]).status).toBe(0);
    // the rule recognises the quoted hook as wired; init --extend finds it and adds nothing
    expect(repo.gate(['doctor', '--rule', 'majordomus.enforcement-wiring'], { env: { PATH: [bin, tools].join(delimiter) } }).code).toBe(0);
    const again = repo.run(['init', '--extend', '--verbose']);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toMatch(/^wrote /m);
  });

  it('a policy path `$(touch path-marker)` is not run either: the hook refuses, the commit is not made', () => {
    const repo = staged();
    rewriteCommitHook(repo, ['doctor'], '$(touch path-marker)');
    const commit = git(repo, ['commit', '-q', '-m', 'hostile path'], tools);
    expect(commit.code).not.toBe(0);
    expect(commits(repo)).toBe(0);
    expect(repo.exists('path-marker')).toBe(false);
  });
});

describe('a generated hook finds majordomus as a Node project installs it', () => {
  type Place = 'local' | 'path' | 'npx';
  const cases: { name: string; present: Place[]; used: Place }[] = [
    { name: "only in the checkout's node_modules/.bin", present: ['local'], used: 'local' },
    { name: 'only on PATH', present: ['path'], used: 'path' },
    { name: 'only through npx --no-install', present: ['npx'], used: 'npx' },
    { name: 'everywhere: node_modules/.bin comes first', present: ['local', 'path', 'npx'], used: 'local' },
    { name: 'on PATH and through npx: PATH comes first', present: ['path', 'npx'], used: 'path' },
  ];

  it.each(cases)('$name → the commit goes through, run by $used', ({ present, used }) => {
    const repo = staged();
    const dirs: string[] = [];
    if (present.includes('local')) standIn(repo.path('node_modules/.bin/majordomus'), 'local');
    if (present.includes('path')) {
      dirs.push(tempDir('majordomus-path-'));
      standIn(join(dirs.at(-1)!, 'majordomus'), 'path');
    }
    if (present.includes('npx')) {
      dirs.push(tempDir('majordomus-npx-'));
      // npx is asked to stay offline; the stand-in records that and drops `--no-install majordomus`
      const npx = join(dirs.at(-1)!, 'npx');
      standIn(npx, 'npx', { skip: 2 });
      writeFileSync(npx, readFileSync(npx, 'utf8').replace("'>> npx'", `">> npx offline=$npm_config_offline"`));
    }
    const from = logSize();
    const commit = git(repo, ['commit', '-q', '-m', 'adopt'], [...dirs, tools].join(delimiter));
    expect(commit.code, commit.output).toBe(0);
    expect(commits(repo)).toBe(1);
    const label = used === 'npx' ? 'npx offline=true' : used;
    const args = used === 'npx' ? ['--no-install', 'majordomus'] : [];
    // npx is first asked whether it has the tool at all, then run; once for each of the hook's two entries
    const run = (command: string[]) => [
      ...(used === 'npx' ? [{ label, args: [...args, '--version'] }] : []),
      { label, args: [...args, ...command] },
    ];
    expect(runs(from)).toEqual([...run(['doctor', '--quiet']), ...run(['update', '--check'])]);
  });

  it('nowhere → git commit fails, no commit is made, and the refusal names all three places', () => {
    const repo = staged();
    const commit = git(repo, ['commit', '-q', '-m', 'adopt'], tools);
    expect(commit.code).not.toBe(0);
    expect(commits(repo)).toBe(0);
    for (const place of PLACES) expect(commit.output).toContain(place);
  });

  it('nowhere → the hook script run by itself, with an empty PATH, exits non-zero naming all three places', () => {
    const repo = staged();
    const empty = tempDir('majordomus-empty-path-');
    const hook = spawnSync(repo.path(PRE_COMMIT), [], { cwd: repo.dir, env: { PATH: empty }, encoding: 'utf8' });
    expect(hook.status).not.toBe(0);
    expect(hook.status).not.toBeNull();
    for (const place of PLACES) expect(hook.stderr).toContain(place);
  });
});

describe('hooks run the gate quietly', () => {
  it('a commit through the pre-commit hook prints no OK line, only the summary', () => {
    const repo = staged();
    const bin = tempDir('majordomus-path-');
    standIn(join(bin, 'majordomus'), 'path');
    const commit = git(repo, ['commit', '-q', '-m', 'adopt'], [bin, tools].join(delimiter));
    expect(commit.code, commit.output).toBe(0);
    expect(commit.output.split('\n').filter((line) => /^(OK|INFO) /.test(line))).toEqual([]);
    expect(commit.output).toMatch(/^doctor: 0 failure\(s\)$/m);
  });
});
