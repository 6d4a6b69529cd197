/**
 * `capture session` held to Claude Code's hook contract, through the built CLI with recorded payloads:
 * a forked session and a start source not known yet each open an episode; a refusal reaches the person
 * (SessionStart's JSON systemMessage, stderr) and never the model; the context a compaction leaves is
 * bounded and holds the checkpoint PreCompact wrote; two SessionEnd hooks at once close the episode once;
 * a compaction is never stopped by a usage refusal, nor kept waiting on a held lock; a provider session
 * named `hand` is not the manual episode; what one window's hooks do never touches the other's task.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { committedAdoption, copyOf } from '../helpers/prepared';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const PAYLOADS = join(__dirname, '../fixtures/capture/claude-code');
const payload = (name: string) => readFileSync(join(PAYLOADS, `${name}.json`), 'utf8');
const OPEN = '.ai/local/state/sessions-open';
const A = '0b6f3c1e-7a52-4d8e-9c1a-2f4e6b8d0a11';
const B = '5d2a9e40-1c3b-4f67-8e09-b7c6a5d4e3f2';
const FORK = '9e1c7a42-3b5d-4f08-a6e2-1d4c8b7f0e93';

const adopted = committedAdoption(repos);
type Repo = ReturnType<typeof adopted>;

function hook(repo: Repo, event: string, input: string, env: Record<string, string> = {}) {
  const run = repo.run(['capture', 'session', '--event', event, '--json'], { input, env });
  return { code: run.code, out: run.stdout.trim() === '' ? {} : (JSON.parse(run.stdout) as Record<string, unknown>), stderr: run.stderr };
}

function ledger(repo: Repo): Array<Record<string, unknown>> {
  return repo
    .read('.ai/local/state/ledger.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const withId = (name: string, fields: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(payload(name)), ...fields });

let tasked: Repo | undefined;
function withTask(): Repo {
  if (!tasked) {
    tasked = adopted();
    expect(tasked.run(['start', 'tidy the docs', '--scope', 'docs']).code).toBe(0);
  }
  return copyOf(repos, tasked);
}

describe('every documented start source, and the ones to come', () => {
  it('source fork opens a new episode; one forked from a session whose episode is known names it', () => {
    const repo = adopted();
    const parent = hook(repo, 'start', payload('session-start-startup'));
    const parentId = (parent.out.session as { session_id: string }).session_id;
    const fork = hook(repo, 'start', payload('session-start-fork'));
    expect(fork).toMatchObject({ code: 0, out: { action: 'opened', key: FORK } });
    expect((fork.out.session as { forked_from?: string }).forked_from).toBeUndefined();
    const named = hook(repo, 'start', withId('session-start-fork', { session_id: 'fork-2', parent_session_id: A }));
    expect(named).toMatchObject({ code: 0, out: { action: 'opened', key: 'fork-2', session: { forked_from: parentId } } });
    expect(repo.read(`${OPEN}/fork-2.yaml`)).toContain(`forked_from: "${parentId}"`);
    expect(ledger(repo).find((line) => line.event === 'session.started' && line.forked_from === parentId)).toBeDefined();
    expect(readdirSync(repo.path(OPEN)).sort()).toEqual([`${A}.yaml`, `${FORK}.yaml`, 'fork-2.yaml'].sort());
  });

  it('a start source this version does not know is a start, and the person is told', () => {
    const repo = adopted();
    const json = hook(repo, 'start', withId('session-start-startup', { source: 'teleport' }));
    expect(json).toMatchObject({ code: 0, out: { action: 'opened', key: A, note: expect.stringContaining('teleport') } });
    const text = repo.run(['capture', 'session', '--event', 'start'], {
      input: withId('session-start-startup', { session_id: 'x2', source: 'teleport' }),
    });
    expect(text.code).toBe(0);
    const out = JSON.parse(text.stdout) as {
      systemMessage: string;
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(out.systemMessage).toContain('teleport');
    expect(out.hookSpecificOutput).toMatchObject({
      hookEventName: 'SessionStart',
      additionalContext: expect.stringContaining('session s-'),
    });
  });
});

describe('refusals reach the person, not the model', () => {
  const bad = JSON.stringify({ session_id: '../x', hook_event_name: 'SessionStart', source: 'startup' });
  it('SessionStart: a JSON systemMessage on stdout and a line on stderr, exit 0; nothing asks the model to run a command', () => {
    const repo = adopted();
    const run = repo.run(['capture', 'session', '--event', 'start'], { input: bad });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['systemMessage']);
    expect(out.systemMessage).toMatch(/^majordomus: nothing was recorded/);
    expect(run.stderr).toMatch(/nothing was recorded/);
  });

  it('SessionStart refused because the episode cannot be opened: still the person, not the model', () => {
    const repo = adopted();
    repo.write(`${OPEN}/${A}.yaml`, 'not: [an open record\n', 0o600);
    const run = repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-startup') });
    expect(run.code).toBe(0);
    expect(Object.keys(JSON.parse(run.stdout) as object)).toEqual(['systemMessage']);
  });

  it('PreCompact: a systemMessage and stderr; SessionEnd: stderr only', () => {
    const repo = adopted();
    const compact = repo.run(['capture', 'session', '--event', 'compact'], {
      input: JSON.stringify({ session_id: '../x', hook_event_name: 'PreCompact' }),
    });
    expect(compact.code).toBe(0);
    expect(Object.keys(JSON.parse(compact.stdout) as object)).toEqual(['systemMessage']);
    expect(compact.stderr).toMatch(/nothing was recorded for this compaction/);
    const end = repo.run(['capture', 'session', '--event', 'end'], {
      input: JSON.stringify({ session_id: '../x', hook_event_name: 'SessionEnd' }),
    });
    expect(end.code).toBe(0);
    expect(end.stdout).toBe('');
    expect(end.stderr).toMatch(/nothing was recorded for this session end/);
  });

  it('under an enforcing policy a usage refusal keeps its exit on start, but never stops a compaction (0)', () => {
    const repo = adopted();
    repo.write(
      '.ai/repo/policy.yaml',
      repo
        .read('.ai/repo/policy.yaml')
        .replace(
          /^enforcement:.*$/m,
          'enforcement:\n  - name: sessions\n    path: majordomus\n    args: [capture, session]\n    wired_by: provider-hook:claude-code:session',
        ),
    );
    expect(repo.run(['capture', 'session', '--event', 'start'], { input: bad }).code).toBe(2);
    const compact = repo.run(['capture', 'session', '--event', 'compact'], { input: '{"session_id": ' });
    expect(compact.code).toBe(0);
    expect(compact.stderr).toMatch(/nothing was recorded for this compaction/);
  });
});

describe('the context after a compaction', () => {
  it('is bounded (under 10,000 characters, within the budget lines) and holds the checkpoint PreCompact just wrote', () => {
    const repo = withTask();
    expect(hook(repo, 'start', payload('session-start-startup')).code).toBe(0);
    // long decisions: the five newest alone are twice what Claude Code injects whole
    for (let i = 0; i < 6; i++)
      expect(repo.run(['decision', 'add', `decision ${i} ${'x'.repeat(1500)}`, '--why', `because ${'y'.repeat(2500)}`]).code).toBe(0);
    for (let turn = 0; turn < 2; turn++) {
      const compact = hook(repo, 'compact', payload('pre-compact-auto'));
      expect(compact.out).toMatchObject({ action: 'checkpoint' });
      const path = compact.out.path as string;
      const start = repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-compact') });
      expect(start.code).toBe(0);
      expect(start.stdout.length).toBeLessThan(10_000);
      expect(start.stdout).toContain(path);
      expect(start.stdout.split('\n').length).toBeLessThanOrEqual(300 + 10);
    }
    // the newest decision comes before the older ones
    const last = repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-compact') }).stdout;
    const newest = last.indexOf('decision 5');
    expect(newest).toBeGreaterThan(-1);
    expect(last.indexOf('decision 4')).toBeGreaterThan(newest);
    expect(last).toMatch(/more line\(s\) not shown here/);
  });

  it('a budget lower than the context cuts it there and says so', () => {
    const repo = withTask();
    repo.write('.ai/repo/policy.yaml', repo.read('.ai/repo/policy.yaml').replace(/builder_budget_lines: \d+/, 'builder_budget_lines: 12'));
    const start = repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-startup') });
    expect(start.code).toBe(0);
    expect(start.stdout).toMatch(/more line\(s\) not shown here: this context is held to context\.builder_budget_lines \(12 lines\)/);
  });
});

describe('one close per episode', () => {
  it('two SessionEnd hooks at once: one record, one session.closed', async () => {
    const repo = adopted();
    const opened = hook(repo, 'start', payload('session-start-startup'));
    const id = (opened.out.session as { session_id: string }).session_id;
    const end = () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'capture', 'session', '--event', 'end'], {
          cwd: repo.dir,
          env: cleanEnv(),
          stdio: ['pipe', 'ignore', 'ignore'],
        });
        child.on('close', (code) => resolve(code ?? 128));
        child.stdin.end(payload('session-end-exit'));
      });
    expect(await Promise.all([end(), end(), end()])).toEqual([0, 0, 0]);
    expect(readdirSync(repo.path('.ai/repo/sessions')).filter((name) => name.includes(id))).toHaveLength(1);
    expect(ledger(repo).filter((line) => line.event === 'session.closed' && line.session === id)).toHaveLength(1);
    expect(repo.exists(`${OPEN}/${A}.yaml`)).toBe(false);
  });
});

describe('a compaction and the write lock', () => {
  it('PreCompact gives up on a held write lock after a short wait, while the lock is still held: exit 0, no checkpoint', async () => {
    const repo = withTask();
    hook(repo, 'start', payload('session-start-startup'));
    // a lock held by a live process (this test's own), let go only 20 s later: a hook that waited as long
    // as the record commands do (30 s) would then take it and write its checkpoint
    const lock = join(repo.path('.git'), 'majordomus.lock');
    writeFileSync(lock, `${JSON.stringify({ pid: process.pid, host: hostname(), command: 'update', since: new Date().toISOString() })}\n`);
    const release = setTimeout(() => rmSync(lock, { force: true }), 20_000);
    try {
      const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
        let stdout = '';
        const child = spawn(process.execPath, [CLI, 'capture', 'session', '--event', 'compact', '--json'], {
          cwd: repo.dir,
          env: cleanEnv(),
          stdio: ['pipe', 'pipe', 'ignore'],
        });
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
        });
        child.on('close', (code) => resolve({ code: code ?? 128, stdout }));
        child.stdin.end(payload('pre-compact-auto'));
      });
      expect(existsSync(lock)).toBe(true);
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as { action: string; exit: number; message: string };
      expect(out).toMatchObject({ action: 'refused', exit: 15 });
      expect(out.message).toContain('is writing this repository');
      expect(ledger(repo).filter((line) => line.event === 'task.checkpoint')).toEqual([]);
    } finally {
      clearTimeout(release);
      rmSync(lock, { force: true });
    }
  });
});

describe('provider sessions never cross', () => {
  it('a provider session named `hand` is filed apart from the manual episode, and each closes only its own', () => {
    const repo = adopted();
    expect(repo.run(['session', 'start']).code).toBe(0);
    const hand = hook(repo, 'start', withId('session-start-startup', { session_id: 'hand' }));
    expect(hand).toMatchObject({ code: 0, out: { action: 'opened', key: 'hand-p' } });
    expect(readdirSync(repo.path(OPEN)).sort()).toEqual(['hand-p.yaml', 'hand.yaml']);
    expect(repo.read(`${OPEN}/hand-p.yaml`)).toContain('provider_session: "hand"');
    expect(hook(repo, 'end', withId('session-end-exit', { session_id: 'hand' })).out).toMatchObject({ action: 'closed', key: 'hand-p' });
    expect(readdirSync(repo.path(OPEN))).toEqual(['hand.yaml']);
  });

  it("B's PreCompact does not checkpoint the task A started, and B's record does not claim it", () => {
    const repo = adopted();
    const a = hook(repo, 'start', payload('session-start-startup'));
    const aId = (a.out.session as { session_id: string }).session_id;
    const b = hook(repo, 'start', payload('session-start-other-window'));
    const bId = (b.out.session as { session_id: string }).session_id;
    // A's window starts the task (its shell carries A's provider session)
    expect(repo.run(['start', 'tidy the docs', '--scope', 'docs'], { env: { CLAUDE_CODE_SESSION_ID: A } }).code).toBe(0);
    const started = ledger(repo).find((line) => line.event === 'task.started');
    expect(started?.session).toBe(aId);
    const bCompact = hook(repo, 'compact', withId('pre-compact-auto', { session_id: B }));
    expect(bCompact.out).toMatchObject({ action: 'checkpoint', note: expect.stringContaining('another episode') });
    expect(bCompact.out.path).toBeUndefined();
    expect(ledger(repo).filter((line) => line.event === 'task.checkpoint')).toEqual([]);
    const aCompact = hook(repo, 'compact', payload('pre-compact-auto'));
    expect(typeof aCompact.out.path).toBe('string');
    const bEnd = hook(repo, 'end', payload('session-end-other-window'));
    expect(bEnd.out).toMatchObject({ action: 'closed', session_id: bId });
    const record = repo.read(bEnd.out.record as string);
    expect(record).toMatch(/^task_id: "?none"?$/m);
    const aEnd = hook(repo, 'end', payload('session-end-exit'));
    expect(repo.read(aEnd.out.record as string)).toMatch(new RegExp(`^task_id: "?${String(started?.task_id)}"?$`, 'm'));
  });
});
