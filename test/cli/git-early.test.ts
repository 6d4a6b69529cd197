/**
 * Questions asked early (engine/io/git-early.ts, engine/cli/early.ts): the launcher asks a gate's first
 * questions to git before the program loads, and the gate takes those answers instead of asking again.
 * What only a process shows is counted with git's own trace (GIT_TRACE names every git it runs): each
 * question is asked once — an answer asked early and then asked again would count twice, one asked
 * early and never taken would too where the gate asks it from elsewhere — and the verdict is the one a
 * run without early answers gives. The taking itself (one question, one answer, once) is tested in
 * process.
 */
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askEarly, LAYER_TOP } from '../../engine/cli/early';
import {
  askedEarly,
  DISCOVERY,
  earlyAnswered,
  putEarly,
  STAGED,
  takeEarly,
  takeEarlyAnswer,
  vouchQuestions,
} from '../../engine/io/git-early';
import { MANIFEST_PATH } from '../../engine/layer/layout';
import { countOf as count, gitTrace } from '../helpers/git-trace';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { parseFindings, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const UNTRACKED = "ls-files -z --others --exclude-standard -- ':(glob)*' .ai/";

/** Run the CLI with git tracing each process it runs; the git commands run, in order. */
function traced(
  repo: TempRepo,
  args: readonly string[],
  cwd?: string,
  env: Record<string, string> = {},
): { code: number; findings: JsonFinding[]; gits: string[] } {
  const trace = gitTrace();
  const result = repo.run([...args, '--json'], { env: { ...trace.env, ...env }, ...(cwd ? { cwd } : {}) });
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

  it('doctor on a large index asks early, too, what git vouches for in the layer, and the gate takes those answers once each', () => {
    const large = repos.create().init();
    // an index past 256 KiB: a few thousand tracked files with names of some length
    mkdirSync(large.path('src'), { recursive: true });
    for (let i = 0; i < 2600; i++) writeFileSync(large.path(`src/a-file-with-a-name-long-enough-to-count-${i}.txt`), `${i}\n`);
    large.git(['add', '-A']);
    large.git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--no-verify', '-m', 'files']);
    expect(statSync(large.path('.git/index')).size).toBeGreaterThan(256 * 1024);
    const top = traced(large, ['doctor']);
    expect(top.code).toBe(0);
    const layer = vouchQuestions(LAYER_TOP);
    for (const { args } of layer) expect(count(top.gits, args.join(' ').replace(':(literal).ai', "':(literal).ai'"))).toBe(1);
    expect(count(top.gits, "ls-files -z -- ':(literal).ai'")).toBe(1);
    // the verdict is the one a run that asked nothing early gives (below the top level nothing is asked early)
    mkdirSync(large.path('docs'), { recursive: true });
    const below = traced(large, ['doctor'], large.path('docs'));
    expect(below.findings.map((f) => [f.level, f.rule, f.subject])).toStrictEqual(top.findings.map((f) => [f.level, f.rule, f.subject]));
    // inside the pre-commit hook, which judges the index, none of it is asked
    const hooked = traced(large, ['doctor'], undefined, { GIT_INDEX_FILE: '.git/index' });
    expect(hooked.code).toBe(0);
    expect(count(hooked.gits, 'check-attr -z --stdin --all')).toBe(0);
    // and a small index is asked none of it
    const small = traced(repo, ['doctor']);
    expect(count(small.gits, 'check-attr -z --stdin --all')).toBe(0);
  });

  it('knowledge nodes on a large index asks early what git vouches for in the layer, and lists what a run that asked nothing early lists', async () => {
    const large = repos.create().init();
    mkdirSync(large.path('src'), { recursive: true });
    for (let i = 0; i < 2600; i++) writeFileSync(large.path(`src/a-file-with-a-name-long-enough-to-count-${i}.txt`), `${i}\n`);
    // enough records for the content cache to read their identities through it (32 at once or more)
    for (let i = 0; i < 40; i++) writeFileSync(large.path(`.ai/repo/sessions/record-${i}.md`), `---\nid: record-${i}\n---\n`);
    large.git(['add', '-A']);
    large.git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--no-verify', '-m', 'files']);
    const nodes = (cwd?: string): { code: number; gits: string[]; stdout: string } => {
      const trace = gitTrace();
      const result = large.run(['knowledge', 'nodes', '--kind', 'session', '--json'], { env: trace.env, ...(cwd ? { cwd } : {}) });
      return { code: result.code, gits: trace.gits(), stdout: result.stdout };
    };
    const top = nodes();
    expect(top.code).toBe(0);
    expect(count(top.gits, DISCOVERY.join(' '))).toBe(1);
    expect(count(top.gits, 'check-attr -z --stdin --all')).toBe(1);
    expect(count(top.gits, "diff-files --name-only -z -- ':(literal).ai'")).toBe(1);
    mkdirSync(large.path('docs'), { recursive: true });
    const below = nodes(large.path('docs'));
    // what the launcher asks for this command, here: the layer's three questions; and nothing of them on a small index
    const env = { ...process.env };
    askEarly(['knowledge', 'nodes', '--kind', 'session'], large.dir, env);
    const [, , attributes] = vouchQuestions(LAYER_TOP);
    expect(askedEarly(attributes!.args, large.dir, env, attributes!.input)).toBe(true);
    // each answered (core.autocrlf unset is status 1)
    for (const { args, input } of vouchQuestions(LAYER_TOP)) expect(await takeEarlyAnswer(args, large.dir, env, input)).toBeDefined();
    askEarly(['knowledge', 'nodes'], repo.dir, env);
    expect(askedEarly(attributes!.args, repo.dir, env, attributes!.input)).toBe(false);
    await takeEarlyAnswer(DISCOVERY, repo.dir, env);
    await takeEarlyAnswer(DISCOVERY, large.dir, env);
    expect(below.code).toBe(0);
    expect(JSON.parse(top.stdout).nodes).toHaveLength(40);
    expect(JSON.parse(top.stdout)).toStrictEqual(JSON.parse(below.stdout));
  });

  it("the layer the launcher asks about is the manifest's folder", () => {
    expect(MANIFEST_PATH.startsWith(`${LAYER_TOP}/`)).toBe(true);
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
