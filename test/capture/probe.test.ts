/**
 * The probe, through the built CLI in real repositories: `capture session` under MAJORDOMUS_CAPTURE_PROBE
 * walks the whole path on a recorded payload and writes nothing (the layer byte for byte, the open
 * episode still open, no lock left), printing the nonce; `capture status` runs each wired hook exactly
 * as .claude/settings.json has it — the session hooks, the prompt hook and the guard — and tells reached
 * from not reached (a missing binary, a stand-in that exits 0 without getting there, a session-end hook
 * over the time Claude Code gives it: its own timeout, or CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS).
 */
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedAdoption } from '../helpers/prepared';
import { CLI, repoFactory } from '../helpers/repo';

const repos = repoFactory();
const PAYLOADS = join(__dirname, '../fixtures/capture/claude-code');
const payload = (name: string) => readFileSync(join(PAYLOADS, `${name}.json`), 'utf8');
const OPEN = '.ai/local/state/sessions-open';
const A = '0b6f3c1e-7a52-4d8e-9c1a-2f4e6b8d0a11';
const PROBE = 'MAJORDOMUS_CAPTURE_PROBE';

/** PATH without any majordomus; folders holding stand-ins: the real CLI, one that exits 0 saying nothing, one whose end hook hangs. */
let bare: string;
/** An empty home: no user settings of the machine running the tests. */
let home: string;
let dirs: { real: string; silent: string; hanging: string };
beforeAll(() => {
  const standIn = (body: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'majordomus-probe-bin-'));
    writeFileSync(join(dir, 'majordomus'), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, 'majordomus'), 0o755);
    return dir;
  };
  const real = `exec "${process.execPath}" "${CLI}" "$@"`;
  dirs = {
    real: standIn(real),
    silent: standIn('exit 0'),
    hanging: standIn(`case "$*" in *"--event end"*) sleep 30;; esac\n${real}`),
  };
  home = mkdtempSync(join(tmpdir(), 'majordomus-probe-home-'));
  bare = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')))
    .join(delimiter);
});
afterAll(() => {
  repos.disposeAll();
  for (const dir of [...Object.values(dirs), home]) rmSync(dir, { recursive: true, force: true });
});
const pathWith = (dir: string) => ({ PATH: [dir, bare].join(delimiter), HOME: home });

// one adoption, committed, copied per test
const adopted = committedAdoption(repos);
type Repo = ReturnType<typeof adopted>;

/** Every file under `dir` of the repository (recursively), with its bytes and mode. */
function snapshot(repo: Repo, dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!repo.exists(dir)) return out;
  for (const name of readdirSync(repo.path(dir), { recursive: true, encoding: 'utf8' }).sort()) {
    const abs = join(repo.path(dir), name);
    const stat = lstatSync(abs);
    out[name] = stat.isFile() ? `${stat.mode.toString(8)} ${readFileSync(abs, 'base64')}` : `${stat.mode.toString(8)}`;
  }
  return out;
}

/** The layer's both halves, and whether git's directory holds the write lock. */
function state(repo: Repo) {
  return {
    local: snapshot(repo, '.ai/local'),
    shared: snapshot(repo, '.ai/repo'),
    lock: existsSync(join(repo.path('.git'), 'majordomus.lock')),
  };
}

describe('capture session under the probe marker', () => {
  it('with an episode open and an active task: start, compact and end say what they would do, with the nonce, and write nothing', () => {
    const repo = adopted();
    expect(repo.run(['start', 'tidy the docs', '--scope', 'docs']).code).toBe(0);
    const opened = repo.run(['capture', 'session', '--event', 'start', '--json'], { input: payload('session-start-startup') });
    const id = (JSON.parse(opened.stdout) as { session: { session_id: string } }).session.session_id;
    const before = state(repo);
    expect(before.local).toHaveProperty(`state/sessions-open/${A}.yaml`);

    const cases: Array<[string, string, string]> = [
      ['end', 'session-end-exit', `close session ${id}`],
      ['compact', 'pre-compact-auto', `checkpoint task `],
      ['start', 'session-start-compact', `continue session ${id}`],
    ];
    for (const [event, name, would] of cases) {
      const text = repo.run(['capture', 'session', '--event', event], { input: payload(name), env: { [PROBE]: `n0nce-${event}` } });
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(`majordomus capture probe n0nce-${event}: ${event} ok: would ${would}`);
      const json = repo.run(['capture', 'session', '--event', event, '--json'], { input: payload(name), env: { [PROBE]: 'n0nce' } });
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ event, action: 'probe', probe: 'n0nce', key: A, session_id: id });
      expect(state(repo)).toEqual(before);
    }

    // the episode the probes named is still open: the real end closes it
    const end = repo.run(['capture', 'session', '--event', 'end', '--json'], { input: payload('session-end-exit') });
    expect(JSON.parse(end.stdout)).toMatchObject({ action: 'closed', session_id: id });
  });

  it('with nothing open, a probed start opens nothing', () => {
    const repo = adopted();
    const before = state(repo);
    const run = repo.run(['capture', 'session', '--event', 'start', '--json'], {
      input: payload('session-start-startup'),
      env: { [PROBE]: 'n1' },
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ action: 'probe', probe: 'n1', key: A });
    expect(state(repo)).toEqual(before);
  });

  it('a marker that is not a nonce is refused before anything is done: no episode opened', () => {
    const repo = adopted();
    const run = repo.run(['capture', 'session', '--event', 'start', '--json'], {
      input: payload('session-start-startup'),
      env: { [PROBE]: '$(touch x)' },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ action: 'refused', exit: 2 });
    expect(repo.exists(OPEN) ? readdirSync(repo.path(OPEN)) : []).toEqual([]);
  });

  it('a refusal under the probe prints the nonce with the exit it would have had, and exits 0 even under an enforcing policy', () => {
    const repo = adopted();
    const policy = repo.read('.ai/repo/policy.yaml');
    repo.write(
      '.ai/repo/policy.yaml',
      policy.replace(
        /^enforcement:.*$/m,
        'enforcement:\n  - name: sessions\n    path: majordomus\n    args: [capture, session]\n    wired_by: provider-hook:claude-code:session',
      ),
    );
    const bad = JSON.stringify({ session_id: A, hook_event_name: 'SessionStart', source: 'startup' });
    const run = repo.run(['capture', 'session', '--event', 'end'], { input: bad, env: { [PROBE]: 'n2' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^majordomus capture probe n2: end refused \(exit 2\): /);
  });
});

describe('capture status probes each wired hook', () => {
  type Status = {
    hooks: Array<{
      event: string;
      installed: boolean;
      reached?: boolean;
      probe?: { exit: number | null; timed_out: boolean; detail: string; limit_ms: number };
    }>;
  };
  const status = (repo: Repo, dir: string | undefined, extra: Record<string, string> = {}) => {
    const run = repo.run(['capture', 'status', '--json'], {
      env: { ...(dir === undefined ? { PATH: bare, HOME: home } : pathWith(dir)), ...extra },
    });
    return { code: run.code, out: JSON.parse(run.stdout) as Status, stderr: run.stderr };
  };
  const installed = () => {
    const repo = adopted();
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    return repo;
  };

  it('reaching majordomus through PATH: every hook reached, exit 0, and an open episode left as it was', () => {
    const repo = installed();
    repo.run(['capture', 'session', '--event', 'start'], { input: payload('session-start-startup') });
    const before = state(repo);
    const { code, out } = status(repo, dirs.real);
    expect(code).toBe(0);
    expect(out.hooks.map((hook) => [hook.event, hook.installed, hook.reached])).toEqual([
      ['SessionStart', true, true],
      ['PreCompact', true, true],
      ['SessionEnd', true, true],
      ['UserPromptSubmit', true, true],
      ['PreToolUse', true, true],
    ]);
    // the hook's own timeout (10 s) raises Claude Code's session-end budget, and the probe holds it to that
    expect(out.hooks.find((hook) => hook.event === 'SessionEnd')?.probe?.limit_ms).toBe(10_000);
    expect(state(repo)).toEqual(before);
    const text = repo.run(['capture', 'status'], { env: pathWith(dirs.real) });
    expect(text.stdout).toMatch(/^reached +SessionEnd +capture session --event end/m);
    expect(text.stdout).toMatch(/^reached +PreToolUse +capture guard .*would deny/m);
  });

  it('majordomus not on PATH: each session hook wired but not reached (exit 127 named), exit 10', () => {
    const repo = installed();
    const { code, out, stderr } = status(repo, undefined);
    expect(code).toBe(10);
    const end = out.hooks.find((hook) => hook.event === 'SessionEnd')!;
    expect(end).toMatchObject({ installed: true, reached: false, probe: { exit: 127, timed_out: false } });
    expect(stderr).toContain('SessionEnd');
  });

  it('a majordomus that exits 0 without getting there is not reached', () => {
    const repo = installed();
    const { code, out } = status(repo, dirs.silent);
    expect(code).toBe(10);
    expect(out.hooks.filter((hook) => hook.reached === false).map((hook) => hook.event)).toEqual([
      'SessionStart',
      'PreCompact',
      'SessionEnd',
      'UserPromptSubmit',
      'PreToolUse',
    ]);
    expect(out.hooks[0]!.probe!.exit).toBe(0);
  });

  it("a session-end hook over Claude Code's budget (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS overriding the hook's timeout) is killed and reported as not reached", () => {
    const repo = installed();
    const { code, out } = status(repo, dirs.hanging, { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '1500' });
    expect(code).toBe(10);
    expect(out.hooks.map((hook) => hook.reached)).toEqual([true, true, false, true, true]);
    expect(out.hooks[2]!.probe).toMatchObject({ timed_out: true, exit: null, limit_ms: 1500 });
    expect(out.hooks[2]!.probe!.detail).toContain('CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS');
  });

  it('a hook that is not wired is not probed and keeps its exit 12, even when the others reach', () => {
    const repo = installed();
    const settings = JSON.parse(repo.read('.claude/settings.json')) as { hooks: Record<string, unknown> };
    delete settings.hooks.PreCompact;
    repo.write('.claude/settings.json', JSON.stringify(settings));
    const { code, out } = status(repo, dirs.real);
    expect(code).toBe(12);
    expect(out.hooks.find((hook) => hook.event === 'PreCompact')).toMatchObject({ installed: false });
    expect(out.hooks.find((hook) => hook.event === 'PreCompact')?.probe).toBeUndefined();
  });
});
