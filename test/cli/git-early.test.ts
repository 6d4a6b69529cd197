/**
 * Questions asked early (engine/io/git-early.ts, engine/cli/early.ts): the launcher asks a gate's first
 * questions to git before the program loads, and the gate takes those answers instead of asking again.
 * What only a process shows is counted with git's own trace (GIT_TRACE names every git it runs): each
 * question is asked once — an answer asked early and then asked again would count twice, one asked
 * early and never taken would too where the gate asks it from elsewhere — and the verdict is the one a
 * run without early answers gives. The taking itself (one question, one answer, once) is tested in
 * process.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY, earlyAnswered, putEarly, STAGED, takeEarly, takeEarlyAnswer } from '../../engine/io/git-early';
import { countOf as count, gitTrace } from '../helpers/git-trace';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { parseFindings, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const UNTRACKED = "ls-files -z --others --exclude-standard -- ':(glob)*' .ai/";

/** Run the CLI with git tracing each process it runs; the git commands run, in order. */
function traced(repo: TempRepo, args: readonly string[], cwd?: string): { code: number; findings: JsonFinding[]; gits: string[] } {
  const trace = gitTrace();
  const result = repo.run([...args, '--json'], { env: trace.env, ...(cwd ? { cwd } : {}) });
  return { code: result.code, findings: parseFindings(result.stdout), gits: trace.gits() };
}

let repo: TempRepo;
beforeAll(() => {
  repo = repos.create().init();
});

describe('a gate takes the answers the launcher asked for', () => {
  it('doctor at the top level asks git for its repository, its index and its untracked files once each', () => {
    const run = traced(repo, ['doctor']);
    expect(run.code).toBe(0);
    expect(count(run.gits, DISCOVERY.join(' '))).toBe(1);
    expect(count(run.gits, STAGED.join(' '))).toBe(1);
    expect(count(run.gits, UNTRACKED)).toBe(1);
  });

  it('from a folder below the top level, the listings are the gate’s own and are asked once', () => {
    mkdirSync(repo.path('docs/deep'), { recursive: true });
    const below = traced(repo, ['doctor'], repo.path('docs/deep'));
    const top = traced(repo, ['doctor']);
    expect(below.code).toBe(top.code);
    expect(below.findings.map((f) => [f.level, f.rule, f.subject])).toStrictEqual(top.findings.map((f) => [f.level, f.rule, f.subject]));
    expect(count(below.gits, DISCOVERY.join(' '))).toBe(1);
    expect(count(below.gits, STAGED.join(' '))).toBe(1);
    expect(count(below.gits, UNTRACKED)).toBe(1);
  });

  it('a gate run with --repo asks as it always did, once', () => {
    const elsewhere = repos.create().init();
    const run = traced(repo, ['--repo', elsewhere.dir, 'doctor']);
    expect(run.code).toBe(0);
    expect(count(run.gits, DISCOVERY.join(' '))).toBe(1);
    expect(count(run.gits, STAGED.join(' '))).toBe(1);
  });

  it('outside any repository the gate refuses as before (2), having asked once', () => {
    const bare = mkdtempSync(join(tmpdir(), 'majordomus-nowhere-'));
    const run = traced(repo, ['doctor'], bare);
    expect(run.code).toBe(2);
    expect(count(run.gits, DISCOVERY.join(' '))).toBe(1);
  });
});

describe('an answer asked early', () => {
  const env = { ...process.env };
  const answer = { status: 0, stdout: 'x\n', stderr: '' };

  it('answers exactly its question — arguments, directory and environment object — once', async () => {
    putEarly(DISCOVERY, '/repo', env, Promise.resolve(answer));
    await earlyAnswered();
    expect(takeEarly(DISCOVERY, '/elsewhere', env)).toBeUndefined();
    expect(takeEarly(DISCOVERY, '/repo', { ...env })).toBeUndefined();
    expect(takeEarly(['rev-parse', '--show-toplevel'], '/repo', env)).toBeUndefined();
    expect(takeEarly(DISCOVERY, '/repo', env)).toStrictEqual(answer);
    expect(takeEarly(DISCOVERY, '/repo', env)).toBeUndefined();
  });

  it('is taken by a waiting question on its way, and by an immediate one only once it is in', async () => {
    let settle: (value: typeof answer) => void = () => {};
    putEarly(STAGED, '/repo', env, new Promise((resolve) => (settle = resolve)));
    expect(takeEarly(STAGED, '/repo', env)).toBeUndefined();
    const waiting = takeEarlyAnswer(STAGED, '/repo', env);
    expect(waiting).toBeDefined();
    expect(takeEarlyAnswer(STAGED, '/repo', env)).toBeUndefined();
    settle(answer);
    await expect(waiting).resolves.toStrictEqual(answer);
  });
});
