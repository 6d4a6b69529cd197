/**
 * `session start` through the built CLI: the three lines, the open record in the local half (0600), the
 * relative pointer, the session context, `session.started` stamped with the new id; a second start is
 * refused (15) naming the open episode; 8 racing starts leave exactly one winner; every later ledger line
 * of the worktree carries the session; bad input is refused (2).
 */
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { committedAdoption, copyOf } from '../helpers/prepared';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const OPEN = '.ai/local/state/sessions-open';
const POINTER = '.ai/local/state/session-current.yaml';

function ledger(repo: { read(path: string): string }): Array<Record<string, unknown>> {
  return repo
    .read('.ai/local/state/ledger.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

// one adoption, committed, copied per test
const adopted = committedAdoption(repos);

let opened: ReturnType<typeof adopted> | undefined;
/** A copy of one adopted repository where `session start` opened the hand's episode (exit 0). */
function withEpisode(): ReturnType<typeof adopted> {
  if (!opened) {
    opened = adopted();
    expect(opened.run(['session', 'start']).code).toBe(0);
  }
  return copyOf(repos, opened);
}

describe('session start', () => {
  it('opens one episode: three lines, a 0600 open record, a relative pointer, a context, session.started with its own stamp', () => {
    const repo = adopted();
    const run = repo.run(['session', 'start', '--worker', 'some-provider/some-model']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^session s-[0-9]+-[0-9a-f]{4} opened at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(head [0-9a-f]{7}\)$/);
    expect(lines[1]).toMatch(/^working context: \.ai\/local\/session-contexts\/\d{8}T\d{6}Z--s-[0-9]+-[0-9a-f]{4}\.md$/);
    expect(lines[2]).toMatch(/^next: /);
    const id = /session (s-\S+)/.exec(lines[0])![1];
    expect(statSync(repo.path(`${OPEN}/hand.yaml`)).mode & 0o777).toBe(0o600);
    expect(lstatSync(repo.path(POINTER)).isSymbolicLink()).toBe(true);
    expect(readlinkSync(repo.path(POINTER))).toBe('sessions-open/hand.yaml');
    expect(repo.read(POINTER)).toContain(`session_id: "${id}"`);
    const context = repo.read(lines[1].slice('working context: '.length));
    expect(context).toContain('schema: session-context/v1');
    expect(context).toContain(`session_id: ${id}`);
    // the context builder's output at the open, one heading level down
    for (const heading of ['### Task', '### Current state', '### Open questions', '### Recent decisions', '### Previous turn'])
      expect(context).toContain(`\n${heading}\n`);
    const started = ledger(repo).filter((line) => line.event === 'session.started');
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ session: id, worker: 'some-provider/some-model' });
  });

  it('a second start while the episode is open is refused (15) naming it, and nothing changes', () => {
    const repo = withEpisode();
    const before = repo.read(`${OPEN}/hand.yaml`);
    const second = repo.run(['session', 'start', '--json']);
    expect(second.code).toBe(15);
    expect(second.stderr).toMatch(/session s-\S+ is open here since \S+; run majordomus session close first/);
    expect(repo.read(`${OPEN}/hand.yaml`)).toBe(before);
    expect(ledger(repo).filter((line) => line.event === 'session.started')).toHaveLength(1);
  });

  it('another provider session gets an episode of its own; --json prints the record', () => {
    const repo = withEpisode();
    const other = repo.run(['session', 'start', '--provider-session', 'cc-1', '--json']);
    expect(other.code).toBe(0);
    const printed = JSON.parse(other.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({ key: 'cc-1', provider_session: 'cc-1' });
    expect(repo.exists(`${OPEN}/cc-1.yaml`)).toBe(true);
    expect(readlinkSync(repo.path(POINTER))).toBe('sessions-open/cc-1.yaml');
  });

  it('8 concurrent starts: exactly one opens (0), seven are refused (15), one open record, one session.started', async () => {
    const repo = adopted();
    const one = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, 'session', 'start'], { cwd: repo.dir, env: cleanEnv(), stdio: 'ignore' });
        child.on('error', reject);
        child.on('exit', (code) => resolve(code ?? -1));
      });
    const codes = await Promise.all(Array.from({ length: 8 }, one));
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 15)).toHaveLength(7);
    expect(ledger(repo).filter((line) => line.event === 'session.started')).toHaveLength(1);
    const opened = repo.read(`${OPEN}/hand.yaml`);
    expect(opened).toContain(`session_id: "${ledger(repo).find((line) => line.event === 'session.started')!.session as string}"`);
  });

  it('while an episode is open every ledger line of the worktree carries its session; outside one none does', () => {
    const repo = adopted();
    expect(repo.run(['start', 'before', '--scope', '.']).code).toBe(0);
    const open = repo.run(['session', 'start', '--json']);
    const id = (JSON.parse(open.stdout) as { session_id: string }).session_id;
    expect(repo.run(['decision', 'add', 'one way', '--why', 'because']).code).toBe(0);
    expect(repo.run(['question', 'add', 'which way?']).code).toBe(0);
    const lines = ledger(repo);
    const at = lines.findIndex((line) => line.event === 'session.started');
    expect(lines.slice(0, at).every((line) => line.session === undefined)).toBe(true);
    expect(lines.slice(at).map((line) => line.session)).toEqual(lines.slice(at).map(() => id));
    expect(lines.slice(at).map((line) => line.event)).toEqual(['session.started', 'decision.recorded', 'question.opened']);
  });

  it.each([
    [['--provider-session', '../x'], 'a key that is not a file name'],
    [['--provider-session', ''], 'an empty key'],
    [['--worker', ''], 'an empty worker'],
    [['--owner', 'a\nb'], 'an owner of two lines'],
    [['--nope'], 'an unknown option'],
  ])('refuses %j (%s) with 2 and opens nothing', (args) => {
    const repo = adopted();
    const run = repo.run(['session', 'start', ...args]);
    expect(run.code).toBe(2);
    expect(repo.exists(OPEN) && repo.exists(`${OPEN}/hand.yaml`)).toBe(false);
  });

  it.each([0o000, 0o022, 0o277])('under umask %o the open record and the closed record are exactly 0600', (umask) => {
    const repo = adopted();
    const shell = (args: string): number =>
      spawnSync('sh', ['-c', `umask ${umask.toString(8)}; "${process.execPath}" "${CLI}" ${args}`], {
        cwd: repo.dir,
        env: cleanEnv(),
        stdio: 'pipe',
      }).status ?? -1;
    expect(shell('session start')).toBe(0);
    expect(statSync(repo.path(`${OPEN}/hand.yaml`)).mode & 0o777).toBe(0o600);
    const record = spawnSync('sh', ['-c', `umask ${umask.toString(8)}; "${process.execPath}" "${CLI}" session close`], {
      cwd: repo.dir,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect(record.status).toBe(0);
    expect(statSync(repo.path(record.stdout.trim())).mode & 0o777).toBe(0o600);
  });

  it('an open record edited to name a path as its id is refused (15), by start, close and the ledger stamp alike', () => {
    const repo = withEpisode();
    repo.write(`${OPEN}/hand.yaml`, repo.read(`${OPEN}/hand.yaml`).replace(/session_id: .*/, 'session_id: "../../../escaped"'));
    expect(repo.run(['session', 'start']).code).toBe(15);
    expect(repo.run(['session', 'close']).code).toBe(15);
    expect(repo.run(['decision', 'add', 'x', '--why', 'y']).code).not.toBe(13);
    expect(ledger(repo).every((line) => line.session === undefined || /^s-\d{14}-[0-9a-f]{4}$/.test(line.session as string))).toBe(true);
    expect(repo.exists('../escaped')).toBe(false);
  });

  it('a repository that was never adopted: 12', () => {
    const repo = repos.create();
    expect(repo.run(['session', 'start']).code).toBe(12);
    expect(repo.run(['session', 'close']).code).toBe(12);
  });

  it('outside a git repository: 2', () => {
    const repo = repos.create({ git: false });
    expect(repo.run(['session', 'start']).code).toBe(2);
  });
});
