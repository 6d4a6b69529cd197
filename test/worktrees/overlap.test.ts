/**
 * `check --overlap`: this checkout's task scope against the active tasks of the other worktrees, found
 * through `git worktree list` and each worktree's own state (no registry). Real repositories with real
 * linked worktrees and tasks written by the built CLI's `start`; the comparison read in process, and
 * the CLI run once for what only a process shows.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlapFindings, pathspecsOverlap } from '../../engine/state/tasks/overlap';
import type { TempRepo } from '../helpers/repo';
import { cleanEnv, repoFactory } from '../helpers/repo';

const LOCAL = '.ai/local';
const CURRENT = `${LOCAL}/state/current.yaml`;

describe('pathspecsOverlap', () => {
  it.each([
    ['src/a', 'src', true],
    ['src', 'src/a/b.ts', true],
    ['src/a', 'src/b', false],
    ['src/ab', 'src/a', false],
    ['.', 'docs', true],
    ['src/**/*.ts', 'src/a', true],
    ['lib/*.ts', 'src', false],
    ['docs/*.md', 'docs/*.txt', true],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(pathspecsOverlap(a, b)).toBe(expected);
    expect(pathspecsOverlap(b, a)).toBe(expected);
  });
});

describe('overlap between worktrees', () => {
  const repos = repoFactory();
  const scratch: string[] = [];
  let main: TempRepo;
  let worktree = (name: string): string => name;
  const env = cleanEnv();

  beforeAll(() => {
    main = repos.create().init();
    main.git(['add', '-A']);
    main.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    const parent = mkdtempSync(join(tmpdir(), 'majordomus-worktrees-'));
    scratch.push(parent);
    worktree = (name) => join(parent, name);
    for (const name of ['narrow', 'wide', 'apart', 'copied']) main.git(['worktree', 'add', '-q', '-b', name, worktree(name)]);
    const start = (cwd: string, title: string, scope: string): void => {
      const result = main.run(['start', title, '--scope', scope], { cwd });
      if (result.code !== 0) throw new Error(`start failed (${result.code}): ${result.stderr}`);
    };
    start(main.dir, 'main work', 'src/a');
    start(worktree('wide'), 'wide work', 'src');
    start(worktree('apart'), 'apart work', 'docs');
    // a record copied from another checkout: it names `apart`, not `copied`
    mkdirSync(dirname(join(worktree('copied'), CURRENT)), { recursive: true });
    copyFileSync(join(worktree('apart'), CURRENT), join(worktree('copied'), CURRENT));
  });
  afterAll(() => {
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
    repos.disposeAll();
  });

  it('names the worktree whose active task claims overlapping paths (WARN), never one that does not', () => {
    const findings = overlapFindings(main.dir, LOCAL, env);
    const warnings = findings.filter((finding) => finding.level === 'WARN');
    expect(warnings.map((finding) => finding.subject)).toEqual([worktree('wide')]);
    expect(warnings.every((finding) => finding.exitCode === 0 && finding.category === 'scope')).toBe(true);
  });

  it('a task record copied from another checkout is reported (INFO) and compared with nothing', () => {
    const findings = overlapFindings(main.dir, LOCAL, env);
    expect(findings).toContainEqual(expect.objectContaining({ level: 'INFO', subject: worktree('copied') }));
    expect(findings.filter((finding) => finding.subject === worktree('copied')).map((finding) => finding.level)).toEqual(['INFO']);
  });

  it("this checkout's own record naming another checkout: reported, nothing compared", () => {
    const findings = overlapFindings(worktree('copied'), LOCAL, env);
    expect(findings.map((finding) => finding.level)).toEqual(['INFO']);
    expect(findings[0]!.subject).toBe(CURRENT);
  });

  it('a scope apart from every other: one OK, no warning', () => {
    const findings = overlapFindings(worktree('apart'), LOCAL, env);
    expect(findings.filter((finding) => finding.level === 'WARN')).toEqual([]);
    expect(findings.some((finding) => finding.level === 'OK')).toBe(true);
  });

  it('the CLI: check --overlap prints the warning beside the gate and keeps the gate exit code; check alone compares nothing', () => {
    const withOverlap = main.gate(['check', '--overlap']);
    expect(withOverlap.findings).toContainEqual(
      expect.objectContaining({ level: 'WARN', category: 'scope', subject: worktree('wide'), reproduce: 'majordomus check --overlap' }),
    );
    const plain = main.gate(['check']);
    expect(withOverlap.code).toBe(plain.code);
    expect(plain.findings.filter((finding) => finding.subject === worktree('wide'))).toEqual([]);
  });
});
