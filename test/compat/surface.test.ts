/**
 * The upstream tool's command surface, as its adopters' scripts and provider hooks call it: the global
 * `--repo <path>` option (run as if started there), the `version` word, and `checkpoint --derive` and
 * `handover --derive`, which write a record's body from the task, git, the ledger and the stores instead
 * of standard input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedAdoption } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());
const adopted = committedAdoption(repos);
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('--repo <path>', () => {
  let repo: TempRepo;
  let elsewhere: TempRepo;
  beforeAll(() => {
    repo = adopted();
    elsewhere = repos.create({ git: false });
  });

  it('runs the command in that repository from a folder outside any repository', () => {
    const inside = repo.gate(['doctor']);
    const outside = repo.gate(['--repo', repo.dir, 'doctor'], { cwd: elsewhere.dir });
    expect(outside.code).toBe(0);
    expect(outside.findings.map((f) => `${f.level} ${f.rule} ${f.subject}`)).toStrictEqual(
      inside.findings.map((f) => `${f.level} ${f.rule} ${f.subject}`),
    );
  });

  it('resolves a relative path against the folder the command was run in', () => {
    const result = repo.run(['--repo', '.ai', 'hooks', 'status'], { cwd: repo.dir });
    expect(result.code).toBe(0);
    const fromParent = repo.run(['--repo', repo.dir.split('/').pop()!, 'rules', 'list'], { cwd: join(repo.dir, '..') });
    expect(fromParent.code).toBe(0);
    expect(fromParent.stdout).toMatch(/^majordomus\.ledger-integrity@1 /m);
  });

  it('is a usage error (2) when the path is not a directory, before anything is read', () => {
    const missing = repo.run(['--repo', join(elsewhere.dir, 'nowhere'), 'doctor'], { cwd: elsewhere.dir });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('nowhere');
    const file = repo.run(['--repo', '.ai/manifest.yaml', 'doctor']);
    expect(file.code).toBe(2);
  });

  it('outside any repository without --repo, the command still says it is not in one (2)', () => {
    expect(repo.run(['doctor'], { cwd: elsewhere.dir }).code).toBe(2);
  });
});

describe('version', () => {
  it('prints the name and the package version, in words and as JSON, outside any repository', () => {
    const folder = repos.create({ git: false });
    const words = folder.run(['version']);
    expect(words.code).toBe(0);
    expect(words.stdout).toBe(`majordomus ${version}\n`);
    const json = folder.run(['version', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toStrictEqual({ name: 'majordomus', version });
  });
});

describe('checkpoint --derive and handover --derive', () => {
  let base: TempRepo;
  beforeAll(() => {
    base = adopted();
    expect(base.run(['start', 'make the loop faster', '--scope', 'src/']).code).toBe(0);
    base.write('src/loop.txt', 'faster\n');
    base.git(['add', 'src/loop.txt']);
    base.git(['commit', '-q', '--no-verify', '-m', 'speed up the loop']);
    expect(base.run(['question', 'add', 'is twice as fast enough?']).code).toBe(0);
  });
  const records = (repo: TempRepo, dir: string): string[] =>
    readdirSync(repo.path(`.ai/local/state/${dir}`)).filter((name) => name.endsWith('.md'));
  const ledger = (repo: TempRepo): Record<string, unknown>[] =>
    repo
      .read('.ai/local/state/ledger.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('checkpoint --derive writes where the work stands, ignoring stdin, and announces it in the ledger', () => {
    const repo = base;
    const result = repo.run(['checkpoint', '--derive', '--json'], { input: 'not read\n' });
    expect(result.code).toBe(0);
    const { path } = JSON.parse(result.stdout) as { path: string };
    const text = repo.read(path);
    const head = repo.git(['rev-parse', '--short=7', 'HEAD']).trim();
    expect(text).toContain(`At ${head} on main, working tree clean; 1 file(s) changed since the task started.`);
    expect(text).toMatch(/^- [0-9a-f]{7,} speed up the loop$/m);
    expect(text).toContain('1 open question(s) block acceptance');
    expect(text).not.toContain('not read');
    expect(ledger(repo).filter((line) => line.event === 'task.checkpoint' && line.checkpoint_path === path)).toHaveLength(1);
  });

  it("handover --derive writes the policy's required sections, then the optional ones, and --show reads it back", () => {
    const repo = base;
    const result = repo.run(['handover', '--derive']);
    expect(result.code).toBe(0);
    expect(records(repo, 'handovers')).toHaveLength(1);
    const shown = repo.run(['handover', '--show']);
    expect(shown.code).toBe(0);
    const headings = shown.stdout.split('\n').filter((line) => line.startsWith('# '));
    expect(headings.slice(1)).toStrictEqual([
      '# Objective',
      '# Current State',
      '# Next Action',
      '# Decisions',
      '# Open Questions',
      '# Verification',
    ]);
    expect(shown.stdout).toContain('make the loop faster');
    expect(shown.stdout).toMatch(/^- src\/loop\.txt$/m);
    expect(shown.stdout).toMatch(/^- is twice as fast enough\?$/m);
    expect(ledger(repo).filter((line) => line.event === 'task.handed_over')).toHaveLength(1);
  });

  it('refuses (2), writing nothing, when the policy requires a section nothing derives', () => {
    const repo = adopted();
    expect(repo.run(['start', 'a task', '--scope', 'src/']).code).toBe(0);
    const policy = repo.read('.ai/repo/policy.yaml');
    repo.write('.ai/repo/policy.yaml', policy.replace('[Objective, Current State, Next Action]', '[Objective, Risks]'));
    const result = repo.run(['handover', '--derive']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`# Risks`');
    expect(repo.exists('.ai/local/state/handovers') ? records(repo, 'handovers') : []).toStrictEqual([]);
  });

  it('asks one question at a time (2), and needs an active task (12)', () => {
    const repo = adopted();
    expect(repo.run(['handover', '--derive', '--show']).code).toBe(2);
    expect(repo.run(['checkpoint', '--derive', '--list']).code).toBe(2);
    expect(repo.run(['checkpoint', '--derive']).code).toBe(12);
    expect(repo.run(['handover', '--derive']).code).toBe(12);
  });
});
