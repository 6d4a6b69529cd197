/**
 * Knowledge derivation through the built CLI in real repositories: `session close` derives the episode's
 * decisions, answers and finished tasks into candidates (selected by session stamp) and records
 * `knowledge.derived` before `session.closed`; `knowledge derive` run again writes nothing; a candidate a
 * person changed is skipped and kept byte for byte; the policy switch turns the step off; a derivation
 * that fails leaves the close whole and `knowledge.derive_failed` in the ledger; the provider's end hook
 * derives too; and every refusal of `knowledge derive` has its exit code.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { checkSchema } from '../../engine/layer/schema-check';
import { parseYaml } from '../../engine/layer/yaml';
import { copyOf } from '../helpers/prepared';
import type { RunResult, TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { dropUndefinedContractKeys } from '../helpers/task';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const CANDIDATES = '.ai/repo/knowledge/candidates';
const LEDGER = '.ai/local/state/ledger.jsonl';
const POLICY = '.ai/repo/policy.yaml';
const NOTE = '# Objective\nx\n\n# Current State\nthe parser reads both formats\n\n# Next Action\nnone\n';

let base: TempRepo;
/** The busy episode (`busyEpisode`) closed by `session close`, with the id and the close's run. */
let closed: { repo: TempRepo; id: string; close: RunResult };

// the adopted base and the closed busy episode are built once; each test works on its own copy
beforeAll(() => {
  base = repos.create().init();
  dropUndefinedContractKeys(base);
  base.git(['add', '-A']);
  base.git(['commit', '-q', '--no-verify', '-m', 'base']);
  const repo = copyOf(repos, base);
  const id = busyEpisode(repo);
  closed = { repo, id, close: repo.run(['session', 'close']) };
});

function adopted(): TempRepo {
  return copyOf(repos, base);
}

/** A copy of the closed busy episode, and its id. */
function closedEpisode(): { repo: TempRepo; id: string } {
  expect(closed.close.code, closed.close.stderr).toBe(0);
  return { repo: copyOf(repos, closed.repo), id: closed.id };
}

function ledger(repo: TempRepo): Array<Record<string, unknown>> {
  return repo
    .read(LEDGER)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function candidates(repo: TempRepo): string[] {
  return repo.exists(CANDIDATES) ? readdirSync(repo.path(CANDIDATES)).sort() : [];
}

function frontOf(text: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error('no front matter');
  return parseYaml(match[1]!, 'candidate').value as Record<string, unknown>;
}

function open(repo: TempRepo, env: Record<string, string> = {}): string {
  const run = repo.run(['session', 'start', '--json'], { env });
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { session_id: string }).session_id;
}

/** An episode that records a decision, answers a question and finishes its task with a note. */
function busyEpisode(repo: TempRepo): string {
  const id = open(repo);
  expect(repo.run(['start', 'teach the parser', '--scope', '.']).code).toBe(0);
  expect(repo.run(['decision', 'add', 'read both formats', '--why', 'old files stay']).code).toBe(0);
  expect(repo.run(['question', 'add', 'which default?']).code).toBe(0);
  expect(repo.run(['question', 'resolve', '1', '--answer', 'the new one']).code).toBe(0);
  repo.write('.ai/local/note.md', NOTE);
  const finish = repo.run(['finish', '--outcome', 'completed', '--verify-command', 'git --version', '--note', '.ai/local/note.md']);
  expect(finish.code, finish.stdout + finish.stderr).toBe(0);
  return id;
}

describe('session close derives the episode', () => {
  it('writes one candidate per decision, answer and finished task, says so on stderr, and records knowledge.derived before session.closed', () => {
    const { repo, id } = closedEpisode();
    const { close } = closed;
    expect(close.code, close.stderr).toBe(0);
    expect(close.stdout).toMatch(/^\.ai\/repo\/sessions\/[^\n]+\.md\n$/);
    expect(close.stderr).toContain(
      `majordomus: session close: knowledge derived: knowledge derive: 3 written, 0 unchanged, 0 skipped for episode ${id}`,
    );
    const names = candidates(repo);
    expect(names.map((name) => name.split('-')[0])).toEqual(['answer', 'decision', 'outcome']);
    const fronts = names.map((name) => ({
      name,
      front: frontOf(repo.read(`${CANDIDATES}/${name}`)),
      text: repo.read(`${CANDIDATES}/${name}`),
    }));
    for (const { name, front } of fronts) {
      expect(front).toMatchObject({ id: name.replace(/\.md$/, ''), status: 'candidate', episode: id });
      expect(front.evidence).toEqual([
        expect.stringMatching(/^ledger:(decision\.recorded|question\.resolved|task\.finished)@\d{4}-\d{2}-\d{2}T/),
      ]);
      expect(String(front.date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // each is a knowledge candidate of its schema, in the bytes earlier versions wrote (deriving again
    // after an upgrade must find its own candidates unchanged, not skip them as someone's edit)
    for (const { name, text } of fronts) expect(checkSchema('knowledge-candidate', parseFrontMatter(text, name).data), name).toEqual([]);
    expect(fronts.find((c) => c.front.kind === 'decision')!.text).toMatch(
      /^---\nid: decision-read-both-formats-[0-9a-f]{10}\nkind: decision\nstatus: candidate\ntitle: "read both formats"\ndate: \d{4}-\d{2}-\d{2}\nepisode: s-\d{14}-[0-9a-f]{4}\ntask: "t-[^"\n]+"\nevidence:\n {2}- "ledger:decision\.recorded@[^"\n]+"\n---\n\nread both formats\n/,
    );
    expect(fronts.find((c) => c.front.kind === 'decision')!.text).toContain('Why: old files stay');
    expect(fronts.find((c) => c.front.kind === 'answer')!.text).toContain('Answer: the new one');
    expect(fronts.find((c) => c.front.kind === 'outcome')!.text).toContain('the parser reads both formats');
    const events = ledger(repo).map((line) => line.event);
    expect(events.indexOf('knowledge.derived')).toBeGreaterThan(events.indexOf('session.started'));
    expect(events.indexOf('knowledge.derived')).toBeLessThan(events.indexOf('session.closed'));
    const derived = ledger(repo).find((line) => line.event === 'knowledge.derived')!;
    expect(derived).toMatchObject({ session: id, episode: id });
    expect((derived.paths as string[]).sort()).toEqual(names.map((name) => `${CANDIDATES}/${name}`));
  });

  it('an episode with nothing to derive still records its derivation: 0 written', () => {
    const repo = adopted();
    const id = open(repo);
    const close = repo.run(['session', 'close', '--json']);
    expect(close.code).toBe(0);
    expect(JSON.parse(close.stdout)).toMatchObject({ knowledge: { status: 'derived', written: [], unchanged: [], skipped: [] } });
    expect(ledger(repo).filter((line) => line.event === 'knowledge.derived')).toEqual([
      expect.objectContaining({ episode: id, paths: [] }),
    ]);
    expect(candidates(repo)).toEqual([]);
  });

  it("selects the evidence by session stamp: another window's decision is not this episode's candidate", () => {
    const repo = adopted();
    expect(repo.run(['start', 'the task', '--scope', '.']).code).toBe(0);
    open(repo);
    open(repo, { MAJORDOMUS_PROVIDER_SESSION: 'other' });
    expect(repo.run(['decision', 'add', 'theirs', '--why', 'other window'], { env: { MAJORDOMUS_PROVIDER_SESSION: 'other' } }).code).toBe(
      0,
    );
    expect(repo.run(['decision', 'add', 'mine', '--why', 'this window'], { env: { MAJORDOMUS_PROVIDER_SESSION: 'hand' } }).code).toBe(0);
    expect(repo.run(['session', 'close', '--provider-session', 'hand']).code).toBe(0);
    expect(candidates(repo)).toEqual([expect.stringMatching(/^decision-mine-[0-9a-f]{10}\.md$/)]);
  });

  it('a layer without a knowledge section closes without deriving, and without calling it a failure', () => {
    const repo = adopted();
    const manifest = repo.read('.ai/manifest.yaml');
    expect(manifest).toContain('  knowledge: repo/knowledge\n');
    repo.write('.ai/manifest.yaml', manifest.replace('  knowledge: repo/knowledge\n', ''));
    open(repo);
    expect(repo.run(['start', 'the task', '--scope', '.']).code).toBe(0);
    expect(repo.run(['decision', 'add', 'no index here', '--why', 'a small layer']).code).toBe(0);
    const close = repo.run(['session', 'close', '--json']);
    expect(close.code, close.stderr).toBe(0);
    expect(close.stderr).not.toContain('knowledge');
    expect(JSON.parse(close.stdout)).toMatchObject({ closed: true, knowledge: { status: 'off' } });
    expect(ledger(repo).some((line) => String(line.event).startsWith('knowledge.'))).toBe(false);
  });

  it('session.knowledge_on_end: false closes without deriving', () => {
    const repo = adopted();
    repo.write(POLICY, repo.read(POLICY).replace('knowledge_on_end: true', 'knowledge_on_end: false'));
    open(repo);
    expect(repo.run(['start', 'the task', '--scope', '.']).code).toBe(0);
    expect(repo.run(['decision', 'add', 'kept local', '--why', 'switch off']).code).toBe(0);
    const close = repo.run(['session', 'close']);
    expect(close.code).toBe(0);
    expect(close.stderr).not.toContain('knowledge');
    expect(ledger(repo).some((line) => String(line.event).startsWith('knowledge.'))).toBe(false);
    expect(candidates(repo)).toEqual([]);
  });

  it('a derivation that fails never fails the close: the record is written, the failure is on stderr and in the ledger', () => {
    const repo = adopted();
    const id = open(repo);
    expect(repo.run(['start', 'the task', '--scope', '.']).code).toBe(0);
    expect(repo.run(['decision', 'add', 'cannot land', '--why', 'candidates is a file'], {}).code).toBe(0);
    repo.write(CANDIDATES, 'not a folder\n');
    const close = repo.run(['session', 'close']);
    expect(close.code, close.stderr).toBe(0);
    expect(repo.exists(close.stdout.trim())).toBe(true);
    expect(close.stderr).toContain(`knowledge derive --episode ${id}`);
    const events = ledger(repo);
    expect(events.filter((line) => line.event === 'knowledge.derive_failed')).toEqual([
      expect.objectContaining({ episode: id, session: id, reason: expect.any(String) }),
    ]);
    expect(events.some((line) => line.event === 'knowledge.derived')).toBe(false);
    expect(events.at(-1)).toMatchObject({ event: 'session.closed', session: id });
  });

  it("the provider's session-end hook closes through the same path and derives", () => {
    const repo = adopted();
    const env = { MAJORDOMUS_PROVIDER_SESSION: 'window-9' };
    expect(repo.run(['capture', 'session', '--event', 'start'], { input: '', env }).code).toBe(0);
    expect(repo.run(['start', 'the task', '--scope', '.'], { env }).code).toBe(0);
    expect(repo.run(['decision', 'add', 'hooked', '--why', 'the hook closes'], { env }).code).toBe(0);
    expect(repo.run(['capture', 'session', '--event', 'end'], { input: '', env }).code).toBe(0);
    expect(ledger(repo).filter((line) => line.event === 'knowledge.derived')).toHaveLength(1);
    expect(candidates(repo)).toEqual([expect.stringMatching(/^decision-hooked-/)]);
  });
});

describe('knowledge derive', () => {
  it('run again writes nothing: every candidate unchanged, the files byte for byte the same', () => {
    const { repo, id } = closedEpisode();
    const before = candidates(repo).map((name) => repo.read(`${CANDIDATES}/${name}`));
    const run = repo.run(['knowledge', 'derive']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`knowledge derive: 0 written, 3 unchanged, 0 skipped for episode ${id}`);
    expect(candidates(repo).map((name) => repo.read(`${CANDIDATES}/${name}`))).toEqual(before);
    const json = repo.run(['knowledge', 'derive', '--episode', id, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ episode: id, written: [], skipped: [] });
  });

  it('a candidate a person edited or promoted is skipped and kept as it is', () => {
    const { repo, id } = closedEpisode();
    const [answer, decision] = candidates(repo);
    const promoted = repo.read(`${CANDIDATES}/${decision}`).replace('status: candidate', 'status: verified');
    repo.write(`${CANDIDATES}/${decision}`, promoted);
    const edited = `${repo.read(`${CANDIDATES}/${answer}`)}\nA reviewer's line.\n`;
    repo.write(`${CANDIDATES}/${answer}`, edited);
    const run = repo.run(['knowledge', 'derive', '--episode', id, '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { written: string[]; unchanged: string[]; skipped: string[] };
    expect(out.skipped.sort()).toEqual([`${CANDIDATES}/${answer}`, `${CANDIDATES}/${decision}`]);
    expect(out.written).toEqual([]);
    expect(repo.read(`${CANDIDATES}/${decision}`)).toBe(promoted);
    expect(repo.read(`${CANDIDATES}/${answer}`)).toBe(edited);
  });

  it('an episode with more candidates than one line lists: the line lists 100 paths and counts the rest', () => {
    const repo = adopted();
    const episode = 's-20261130120000-beef';
    const head = repo.git(['rev-parse', 'HEAD']).trim();
    const line = (ts: string, event: string, payload: Record<string, unknown>): string =>
      JSON.stringify({ ts, event, head, branch: 'main', by: 'majordomus/test', session: episode, ...payload });
    const lines = [line('2026-11-30T12:00:00Z', 'session.started', { session_id: episode })];
    // a long question makes each candidate's name as long as names get, so all paths would not fit one line
    for (let i = 0; i < 640; i++)
      lines.push(
        line(`2026-11-30T12:${String(Math.floor(i / 60) + 1).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`, 'question.resolved', {
          task_id: 't-20261130-120000-abcd',
          question: `which of the many formats does reader number ${i} accept by default`,
          answer: 'the new one',
        }),
      );
    repo.write(LEDGER, `${lines.join('\n')}\n`);
    const run = repo.run(['knowledge', 'derive', '--episode', episode, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { written: string[] }).written).toHaveLength(640);
    expect(candidates(repo)).toHaveLength(640);
    const derived = ledger(repo).filter((entry) => entry.event === 'knowledge.derived');
    expect(derived).toHaveLength(1);
    expect(derived[0]).toMatchObject({ episode, written: 640, paths_omitted: 540, unchanged: 0, skipped: 0 });
    expect(derived[0]!.paths).toHaveLength(100);
  });

  it('a removed candidate is derived again', () => {
    const { repo } = closedEpisode();
    const [first] = candidates(repo);
    const text = repo.read(`${CANDIDATES}/${first}`);
    repo.remove(`${CANDIDATES}/${first}`);
    const run = repo.run(['knowledge', 'derive']);
    expect(run.stdout).toContain('1 written, 2 unchanged, 0 skipped');
    expect(repo.read(`${CANDIDATES}/${first}`)).toBe(text);
  });

  it.each([
    ['nothing has closed', [], 12],
    ['an episode no ledger line names', ['--episode', 's-20260101000000-abcd'], 12],
    ['an id that is no episode id', ['--episode', '../x'], 2],
    ['an unknown flag', ['--since', 'yesterday'], 2],
  ])('refuses %s (%j) with exit %i and writes nothing', (_name, args, code) => {
    const repo = adopted();
    const run = repo.run(['knowledge', 'derive', ...args]);
    expect(run.code, run.stderr).toBe(code);
    expect(candidates(repo)).toEqual([]);
    expect(repo.exists(LEDGER) && repo.read(LEDGER).includes('knowledge.derived')).toBe(false);
  });
});
