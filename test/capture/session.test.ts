/**
 * `capture session` through the built CLI, fed recorded Claude Code hook payloads: start opens the
 * episode of the provider session and prints its working context, a compact start continues it, the
 * PreCompact hook writes a checkpoint stamped with it, SessionEnd closes it; two windows on one checkout
 * are two episodes; every refusal is printed with exit 0 unless the policy marks the hook enforcing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProvider } from '../../engine/capture/providers/index';
import { capture } from '../../engine/capture/session';
import { committedAdoption, copyOf } from '../helpers/prepared';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const PAYLOADS = join(__dirname, '../fixtures/capture/claude-code');
const payload = (name: string) => readFileSync(join(PAYLOADS, `${name}.json`), 'utf8');
const OPEN = '.ai/local/state/sessions-open';
const A = '0b6f3c1e-7a52-4d8e-9c1a-2f4e6b8d0a11';
const B = '5d2a9e40-1c3b-4f67-8e09-b7c6a5d4e3f2';

// one adoption, committed, copied per test
const adopted = committedAdoption(repos);

type Repo = ReturnType<typeof adopted>;

function hook(repo: Repo, event: string, name: string, env: Record<string, string> = {}) {
  const run = repo.run(['capture', 'session', '--event', event, '--json'], { input: payload(name), env });
  return { code: run.code, out: run.stdout.trim() === '' ? {} : (JSON.parse(run.stdout) as Record<string, unknown>), stderr: run.stderr };
}

function ledger(repo: Repo): Array<Record<string, unknown>> {
  return repo
    .read('.ai/local/state/ledger.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

let tasked: ReturnType<typeof adopted> | undefined;
/** A copy of one adopted repository with the task "tidy the docs" on docs started (exit 0). */
function withTask(): ReturnType<typeof adopted> {
  if (!tasked) {
    tasked = adopted();
    expect(tasked.run(['start', 'tidy the docs', '--scope', 'docs']).code).toBe(0);
  }
  return copyOf(repos, tasked);
}

describe('capture session (claude-code payloads)', () => {
  it('start opens the episode of the provider session; a compact start continues it; PreCompact checkpoints it; SessionEnd closes it', () => {
    const repo = withTask();
    const text = repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-startup') });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^session s-\S+ opened \(provider session 0b6f3c1e/);
    expect(text.stdout).toContain('tidy the docs'); // the working context, printed for the agent
    const id = /session (s-\S+)/.exec(text.stdout)![1];
    expect(readdirSync(repo.path(OPEN))).toEqual([`${A}.yaml`]);

    const again = hook(repo, 'start', 'session-start-compact');
    expect(again).toMatchObject({ code: 0, out: { action: 'continued', key: A, session: { session_id: id } } });
    expect(readdirSync(repo.path(OPEN))).toEqual([`${A}.yaml`]);

    const compact = hook(repo, 'compact', 'pre-compact-auto');
    expect(compact).toMatchObject({ code: 0, out: { action: 'checkpoint', key: A } });
    expect(typeof compact.out.path).toBe('string');
    const line = ledger(repo).find((entry) => entry.event === 'task.checkpoint');
    expect(line?.session).toBe(id);

    const end = hook(repo, 'end', 'session-end-exit');
    expect(end).toMatchObject({ code: 0, out: { action: 'closed', session_id: id, key: A } });
    expect(repo.exists(end.out.record as string)).toBe(true);
    expect(readdirSync(repo.path(OPEN))).toEqual([]);
    expect(
      ledger(repo)
        .filter((entry) => entry.event === 'session.closed')
        .map((entry) => entry.session),
    ).toEqual([id]);
  });

  it('a compact start whose session context was replaced by a FIFO or a link out of the repository continues without reading it', () => {
    for (const replace of ['fifo', 'link'] as const) {
      const repo = withTask();
      const opened = hook(repo, 'start', 'session-start-startup');
      expect(opened.code).toBe(0);
      const context = opened.out.context as string;
      rmSync(repo.path(context));
      if (replace === 'fifo') expect(spawnSync('mkfifo', [repo.path(context)]).status).toBe(0);
      else symlinkSync('/etc/hostname', repo.path(context));
      // a FIFO read would block the hook until the provider killed it; the run must end on its own
      const again = repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-compact') });
      expect(again.code, replace).toBe(0);
      expect(again.stdout, replace).toMatch(/^session s-\S+ continues/);
    }
  });

  it('two windows on one checkout are two episodes; each end closes its own', () => {
    const repo = adopted();
    const first = hook(repo, 'start', 'session-start-startup');
    const second = hook(repo, 'start', 'session-start-other-window');
    expect(first.out.action).toBe('opened');
    expect(second.out.action).toBe('opened');
    const ids = [first.out.session, second.out.session].map((session) => (session as { session_id: string }).session_id);
    expect(new Set(ids).size).toBe(2);
    expect(readdirSync(repo.path(OPEN)).sort()).toEqual([`${A}.yaml`, `${B}.yaml`].sort());
    expect(hook(repo, 'end', 'session-end-other-window').out).toMatchObject({ action: 'closed', session_id: ids[1] });
    expect(readdirSync(repo.path(OPEN))).toEqual([`${A}.yaml`]);
    expect(hook(repo, 'end', 'session-end-exit').out).toMatchObject({ action: 'closed', session_id: ids[0] });
  });

  it("a compaction's checkpoint is stamped with its own window's episode, though the pointer names the other window's", () => {
    const repo = withTask();
    const first = hook(repo, 'start', 'session-start-startup');
    hook(repo, 'start', 'session-start-other-window');
    expect(hook(repo, 'compact', 'pre-compact-auto').out).toMatchObject({ action: 'checkpoint', key: A });
    const line = ledger(repo).find((entry) => entry.event === 'task.checkpoint');
    expect(line?.session).toBe((first.out.session as { session_id: string }).session_id);
  });

  it('in process, a compaction names its episode without setting MAJORDOMUS_PROVIDER_SESSION in the environment', async () => {
    const repo = withTask();
    hook(repo, 'start', 'session-start-startup');
    const before = process.env.MAJORDOMUS_PROVIDER_SESSION;
    const outcome = await capture({ dirs: [repo.dir], env: cleanEnv() }, await loadProvider('claude-code', 'test'), 'compact', {
      id: A,
      source: 'startup',
    });
    expect(outcome.action).toBe('checkpoint');
    expect(process.env.MAJORDOMUS_PROVIDER_SESSION).toBe(before);
  });

  it('without a payload the key comes from MAJORDOMUS_PROVIDER_SESSION; an end with nothing open is no error', () => {
    const repo = adopted();
    const run = repo.run(['capture', 'session', '--event', 'start', '--json'], {
      input: '',
      env: { MAJORDOMUS_PROVIDER_SESSION: 'window-7' },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ action: 'opened', key: 'window-7' });
    expect(hook(repo, 'end', 'session-end-other-window')).toMatchObject({ code: 0, out: { action: 'none' } });
  });

  it('a compaction with no active task, or no open episode, writes nothing and exits 0', () => {
    const repo = adopted();
    expect(hook(repo, 'compact', 'pre-compact-auto')).toMatchObject({ code: 0, out: { action: 'none' } });
    hook(repo, 'start', 'session-start-startup');
    const compact = hook(repo, 'compact', 'pre-compact-auto');
    expect(compact).toMatchObject({ code: 0, out: { action: 'checkpoint' } });
    expect(compact.out.path).toBeUndefined();
  });

  it.each([
    ['not JSON', 'start', '{"session_id": ', 2],
    ['a JSON array', 'start', '[]', 2],
    ['another hook event', 'end', JSON.stringify({ session_id: A, hook_event_name: 'SessionStart', source: 'startup' }), 2],
    ['a session id that is no key', 'start', JSON.stringify({ session_id: '../x', hook_event_name: 'SessionStart' }), 2],
    ['no session named anywhere', 'start', JSON.stringify({ hook_event_name: 'SessionStart', source: 'startup' }), 12],
  ])('%s is refused in print, exit 0; its own exit when the policy marks the hook enforcing', (_label, event, input, code) => {
    const repo = adopted();
    const soft = repo.run(['capture', 'session', '--event', event, '--json'], { input });
    expect(soft.code).toBe(0);
    expect(JSON.parse(soft.stdout)).toMatchObject({ action: 'refused', exit: code });
    expect(repo.exists(OPEN) ? readdirSync(repo.path(OPEN)) : []).toEqual([]);
    const policy = repo.read('.ai/repo/policy.yaml');
    expect(policy).toMatch(/^enforcement:/m);
    repo.write(
      '.ai/repo/policy.yaml',
      policy.replace(
        /^enforcement:.*$/m,
        'enforcement:\n  - name: sessions\n    path: dist/majordomus.mjs\n    args: [capture, session]\n    wired_by: provider-hook:claude-code:session',
      ),
    );
    expect(repo.run(['capture', 'session', '--event', event], { input }).code).toBe(code);
  });

  it('a bad --event or --provider is a usage error (2)', () => {
    const repo = adopted();
    expect(repo.run(['capture', 'session', '--event', 'restart'], { input: '' }).code).toBe(2);
    expect(repo.run(['capture', 'session'], { input: '' }).code).toBe(2);
    expect(repo.run(['capture', 'session', '--event', 'start', '--provider', 'other'], { input: '' }).code).toBe(2);
  });
});

describe('capture session after a close killed by the provider', () => {
  it('the next start of that provider session finishes the close (one record, one session.closed) and opens a fresh episode', () => {
    const repo = adopted();
    const first = hook(repo, 'start', 'session-start-startup');
    const id = (first.out.session as { session_id: string }).session_id;
    // the state a close killed after publishing leaves: the record is there, the open record too
    const open = repo.read(`${OPEN}/${A}.yaml`);
    const end = hook(repo, 'end', 'session-end-exit');
    expect(end.out.action).toBe('closed');
    repo.write(`${OPEN}/${A}.yaml`, open, 0o600);
    const records = readdirSync(repo.path('.ai/repo/sessions')).filter((name) => name.includes(id));
    expect(records).toHaveLength(1);

    const again = hook(repo, 'start', 'session-start-compact');
    expect(again).toMatchObject({ code: 0, out: { action: 'opened', key: A } });
    expect((again.out.session as { session_id: string }).session_id).not.toBe(id);
    expect(readdirSync(repo.path('.ai/repo/sessions')).filter((name) => name.includes(id))).toEqual(records);
    expect(ledger(repo).filter((entry) => entry.event === 'session.closed' && entry.session === id)).toHaveLength(1);
  });
});
