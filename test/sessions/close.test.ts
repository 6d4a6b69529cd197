/**
 * `session close` through the built CLI: the record (session/v1, every field derived, 0600, in the
 * sessions section), its reference lists selected by session stamp (a concurrent episode's lines never
 * leak in), session.closed, the Close section, the open record and pointer gone; the refusals (12, 0 with
 * --if-none ignore, 2 for bad flags, 10 for a summary carrying identity fields); a close interrupted after
 * the record was published, or killed at any moment, leaves no record or a whole one, and a second close
 * finishes without writing another.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYaml } from '../../engine/layer/yaml';
import { committedAdoption, copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const SESSIONS = '.ai/repo/sessions';
const OPEN = '.ai/local/state/sessions-open';
const POINTER = '.ai/local/state/session-current.yaml';
const LEDGER = '.ai/local/state/ledger.jsonl';

// one adoption, committed, copied per test
const adopted = committedAdoption(repos);

function records(repo: TempRepo): string[] {
  return readdirSync(repo.path(SESSIONS)).filter((name) => name.endsWith('.md'));
}

function frontOf(text: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error('no front matter');
  return parseYaml(match[1], 'record').value as Record<string, unknown>;
}

function ledger(repo: TempRepo): Array<Record<string, unknown>> {
  return repo
    .read(LEDGER)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function open(repo: TempRepo, args: string[] = []): string {
  const run = repo.run(['session', 'start', '--json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { session_id: string }).session_id;
}

let opened: { repo: TempRepo; id: string } | undefined;
/** A copy of one adopted repository with the hand's episode open (`open`), and the episode's id. */
function withEpisode(): { repo: TempRepo; id: string } {
  if (!opened) {
    const repo = adopted();
    opened = { repo, id: open(repo) };
  }
  return { repo: copyOf(repos, opened.repo), id: opened.id };
}

describe('session close', () => {
  it('writes the session/v1 record (0600), prints its path, appends session.closed and the Close section, removes the open record and the pointer', () => {
    const repo = adopted();
    const id = open(repo, ['--worker', 'some-provider/some-model']);
    repo.write('notes.txt', 'work\n');
    repo.git(['add', 'notes.txt']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'work']);
    const run = repo.run(['session', 'close'], { input: 'Wrote the notes.\n' });
    expect(run.code, run.stderr).toBe(0);
    const path = run.stdout.trim();
    expect(path).toMatch(new RegExp(`^\\.ai/repo/sessions/\\d{8}T\\d{6}Z--${id}--main--[0-9a-f]{7}--[0-9a-f]{16}\\.md$`));
    expect(statSync(repo.path(path)).mode & 0o777).toBe(0o600);
    const text = repo.read(path);
    const front = frontOf(text);
    expect(front).toMatchObject({
      schema: 'session/v1',
      kind: 'session',
      session_id: id,
      outcome: 'closed',
      worker: 'some-provider/some-model',
      branch: 'main',
      task_id: 'none',
    });
    expect(front.repository_id).toMatch(/^local:[0-9a-f]{16}$/);
    expect(front.worktree_id).toMatch(/^[0-9a-f]{16}$/);
    expect((front.commits as string[]).length).toBe(1);
    expect(front.changed_files).toContain('notes.txt');
    expect(text.endsWith('\nWrote the notes.\n')).toBe(true);
    for (const value of Object.values(front).flat()) expect(String(value).startsWith('/')).toBe(false);
    const closed = ledger(repo).filter((line) => line.event === 'session.closed');
    expect(closed).toEqual([expect.objectContaining({ session: id, outcome: 'closed', session_path: path })]);
    expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(false);
    expect(repo.exists(POINTER)).toBe(false);
    const context = readdirSync(repo.path('.ai/local/session-contexts'))[0];
    expect(repo.read(`.ai/local/session-contexts/${context}`)).toContain(`\n## Close\n- closed_at: `);
  });

  it("selects the reference lists by session stamp: a concurrent episode's decisions and questions stay out", () => {
    const repo = adopted();
    expect(repo.run(['start', 'the task', '--scope', '.']).code).toBe(0);
    const mine = open(repo);
    open(repo, ['--provider-session', 'other']);
    const env = { MAJORDOMUS_PROVIDER_SESSION: 'other' };
    expect(repo.run(['decision', 'add', 'theirs', '--why', 'other window'], { env }).code).toBe(0);
    expect(repo.run(['question', 'add', 'their question?'], { env }).code).toBe(0);
    expect(repo.run(['decision', 'add', 'mine', '--why', 'this window'], { env: { MAJORDOMUS_PROVIDER_SESSION: 'hand' } }).code).toBe(0);
    const run = repo.run(['session', 'close', '--provider-session', 'hand']);
    expect(run.code, run.stderr).toBe(0);
    const front = frontOf(repo.read(run.stdout.trim()));
    expect(front.session_id).toBe(mine);
    expect(front.decisions).toEqual([expect.stringMatching(/ — mine$/)]);
    expect(front.questions).toEqual([]);
    expect((front.tasks as string[]).length).toBe(1);
    // the other window's episode is still open, and the pointer now names it
    expect(repo.exists(`${OPEN}/other.yaml`)).toBe(true);
    expect(repo.read(POINTER)).not.toContain(mine);
    const theirs = repo.run(['session', 'close', '--json'], { env });
    expect(theirs.code).toBe(0);
    const other = frontOf(repo.read((JSON.parse(theirs.stdout) as { record: string }).record));
    expect(other.decisions).toEqual([expect.stringMatching(/ — theirs$/)]);
    expect(other.questions).toEqual(['their question?']);
  });

  it('history carries both ends of the episode, with nothing registered anywhere', () => {
    const { repo, id } = withEpisode();
    expect(repo.run(['session', 'close']).code).toBe(0);
    const history = repo.run(['history']);
    expect(history.code).toBe(0);
    expect(history.stdout).toContain('session.started');
    expect(history.stdout).toContain('session.closed');
    const json = repo
      .run(['history', '--json', '--event', 'session.closed'])
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(json.map((line) => (line.record as Record<string, unknown>).session)).toEqual([id]);
  });

  it('--outcome interrupted is recorded; --json prints the record path', () => {
    const { repo } = withEpisode();
    const run = repo.run(['session', 'close', '--outcome', 'interrupted', '--json']);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { record: string; outcome: string };
    expect(printed.outcome).toBe('interrupted');
    expect(frontOf(repo.read(printed.record)).outcome).toBe('interrupted');
  });

  it('no open episode: 12; with --if-none ignore: 0; nothing written', () => {
    const repo = adopted();
    expect(repo.run(['session', 'close']).code).toBe(12);
    expect(repo.run(['session', 'close', '--if-none', 'ignore']).code).toBe(0);
    expect(records(repo)).toEqual([]);
  });

  it.each([
    [['--outcome', 'done'], 2],
    [['--if-none', 'maybe'], 2],
    [['--provider-session', '../x'], 2],
  ])('refuses %j with %i and leaves the episode open', (args, code) => {
    const { repo } = withEpisode();
    expect(repo.run(['session', 'close', ...args]).code).toBe(code);
    expect(records(repo)).toEqual([]);
    expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(true);
  });

  it('a summary carrying an identity field is refused (10) and nothing is written', () => {
    const { repo } = withEpisode();
    const run = repo.run(['session', 'close'], { input: 'fine\nsession_id: s-20990101000000-ffff\n' });
    expect(run.code).toBe(10);
    expect(run.stderr).toContain('session_id');
    expect(records(repo)).toEqual([]);
    expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(true);
  });

  it('a torn ledger refuses the close before the record is published: nothing is written, the episode stays open', () => {
    const { repo } = withEpisode();
    appendFileSync(repo.path(LEDGER), '{"ts":"2026');
    const refused = repo.run(['session', 'close'], { input: 'summary\n' });
    expect(refused.code).toBe(15);
    expect(refused.stderr).toMatch(/torn line/);
    expect(records(repo)).toEqual([]);
    expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(true);
    expect(repo.run(['history', '--repair']).code).toBe(0);
    expect(repo.run(['session', 'close'], { input: 'summary\n' }).code).toBe(0);
    expect(records(repo)).toHaveLength(1);
  });

  it('a close stopped after publishing the record: the second close finishes with the same record, never a second one or a rewrite', () => {
    const { repo, id } = withEpisode();
    // killed at its third write step: the episode's close lock taken, the record staged, then linked into
    // place, and nothing after it
    expect(repo.run(['session', 'close'], { env: { MAJORDOMUS_TEST_KILL_AT_STEP: '3' }, input: 'summary\n' }).code).toBe(-1);
    const [first] = records(repo);
    expect(first).toContain(id);
    const before = { text: repo.read(`${SESSIONS}/${first}`), ino: statSync(repo.path(`${SESSIONS}/${first}`)).ino };
    expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(true);
    const again = repo.run(['session', 'close', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ record: `${SESSIONS}/${first}`, resumed: true });
    expect(records(repo)).toEqual([first]);
    expect({ text: repo.read(`${SESSIONS}/${first}`), ino: statSync(repo.path(`${SESSIONS}/${first}`)).ino }).toEqual(before);
    expect(ledger(repo).filter((line) => line.event === 'session.closed')).toHaveLength(1);
    expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(false);
  });

  it('a close killed at any moment leaves no record or a whole one, and a second close finishes the job', async () => {
    for (const delay of [5, 40, 80, 120]) {
      const { repo, id } = withEpisode();
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, 'session', 'close'], {
          cwd: repo.dir,
          env: cleanEnv(),
          stdio: ['pipe', 'ignore', 'ignore'],
        });
        child.stdin.end('summary\n');
        child.on('error', reject);
        child.on('exit', () => resolve());
        setTimeout(() => child.kill('SIGKILL'), delay);
      });
      const left = records(repo);
      expect(left.length).toBeLessThanOrEqual(1);
      for (const name of left) expect(frontOf(repo.read(`${SESSIONS}/${name}`)).session_id).toBe(id);
      const again = repo.run(['session', 'close', '--if-none', 'ignore']);
      expect(again.code).toBe(0);
      expect(records(repo)).toHaveLength(1);
      expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(false);
      expect(ledger(repo).filter((line) => line.event === 'session.closed')).toHaveLength(1);
    }
  });
});
