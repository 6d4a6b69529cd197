/**
 * `capture install --provider claude-code` and `capture status` through the built CLI: the three
 * lifecycle hooks merged into .claude/settings.json next to a user's own hooks and keys (none dropped),
 * nothing added twice, `--dry-run` writing nothing, an unusable settings file refused (2) untouched,
 * status 12 until wired and 0 after.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, repoFactory } from '../helpers/repo';

const repos = repoFactory();
/** A folder whose `majordomus` is the built CLI: what the installed hooks run when status probes them. */
let bin: string;
beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'majordomus-install-bin-'));
  writeFileSync(join(bin, 'majordomus'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'majordomus'), 0o755);
});
afterAll(() => {
  repos.disposeAll();
  rmSync(bin, { recursive: true, force: true });
});

const SETTINGS = '.claude/settings.json';
const USER = {
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hello' }] }],
    PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: './lint-on-write.sh', timeout: 30 }] }],
  },
};

describe('capture install / status (claude-code)', () => {
  it('wires the three hooks into a fresh checkout; status goes from 12 to 0; a second install changes nothing', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'status']).code).toBe(12);
    const install = repo.run(['capture', 'install', '--provider', 'claude-code', '--json']);
    expect(install.code).toBe(0);
    expect((JSON.parse(install.stdout) as { added: Array<{ event: string }> }).added.map((hook) => hook.event)).toEqual([
      'SessionStart',
      'PreCompact',
      'SessionEnd',
      'PreToolUse',
    ]);
    const settings = JSON.parse(repo.read(SETTINGS)) as {
      hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string }> }>>;
    };
    expect(settings.hooks.SessionStart![0]).toEqual({
      matcher: 'startup|resume|clear|compact',
      hooks: [{ type: 'command', command: 'majordomus capture session --event start' }],
    });
    expect(settings.hooks.SessionEnd![0]!.hooks[0]!.command).toBe('majordomus capture session --event end');
    const status = repo.run(['capture', 'status', '--json'], { env: { PATH: [bin, process.env.PATH ?? ''].join(delimiter) } });
    expect(status.code).toBe(0);
    expect((JSON.parse(status.stdout) as { hooks: Array<{ installed: boolean }> }).hooks.every((hook) => hook.installed)).toBe(true);
    const before = repo.read(SETTINGS);
    const again = repo.run(['capture', 'install', '--provider', 'claude-code', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ added: [] });
    expect(repo.read(SETTINGS)).toBe(before);
  });

  it('keeps every hook and key the user wrote, in order, and appends its own groups', () => {
    const repo = repos.create().init();
    repo.write(SETTINGS, JSON.stringify(USER, null, 2));
    const install = repo.run(['capture', 'install', '--provider', 'claude-code']);
    expect(install.code).toBe(0);
    expect(install.stdout).toMatch(/added SessionStart/);
    const settings = JSON.parse(repo.read(SETTINGS)) as typeof USER & { hooks: Record<string, unknown[]> };
    expect(settings.permissions).toEqual(USER.permissions);
    expect(settings.hooks.PreToolUse![0]).toEqual(USER.hooks.PreToolUse[0]);
    expect(settings.hooks.PreToolUse![1]).toEqual({ matcher: 'Bash', hooks: [{ type: 'command', command: 'majordomus capture guard' }] });
    expect(settings.hooks.SessionStart![0]).toEqual(USER.hooks.SessionStart[0]);
    expect(settings.hooks.SessionStart).toHaveLength(2);
  });

  it('--dry-run prints the merged file and writes nothing', () => {
    const repo = repos.create().init();
    repo.write(SETTINGS, JSON.stringify(USER));
    const dry = repo.run(['capture', 'install', '--provider', 'claude-code', '--dry-run']);
    expect(dry.code).toBe(0);
    const printed = JSON.parse(dry.stdout) as { hooks: Record<string, unknown[]> };
    expect(Object.keys(printed.hooks).sort()).toEqual(['PreCompact', 'PreToolUse', 'SessionEnd', 'SessionStart']);
    expect(repo.read(SETTINGS)).toBe(JSON.stringify(USER));
  });

  it.each([
    ['not JSON', '{"hooks": '],
    ['a JSON list', '[]'],
    ['hooks not an object', '{"hooks": []}'],
    ['an event that is not a list', '{"hooks": {"SessionStart": {}}}'],
  ])('a settings file that is %s is refused (2) and left as it was', (_label, text) => {
    const repo = repos.create().init();
    repo.write(SETTINGS, text);
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(2);
    expect(repo.run(['capture', 'status']).code).toBe(2);
    expect(repo.read(SETTINGS)).toBe(text);
  });

  it('a settings file that is a link out of the repository, or a FIFO, is refused (2) unread', () => {
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
    try {
      writeFileSync(join(outside, 'secret.json'), 'SECRET-CONTENT-NOT-JSON');
      const linked = repos.create().init();
      linked.write('.claude/.keep', '');
      symlinkSync(join(outside, 'secret.json'), linked.path(SETTINGS));
      for (const args of [
        ['capture', 'install', '--provider', 'claude-code'],
        ['capture', 'status'],
      ]) {
        const run = linked.run(args);
        expect(run.code, args.join(' ')).toBe(2);
        expect(run.stdout + run.stderr).not.toContain('SECRET');
      }
      expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe('SECRET-CONTENT-NOT-JSON');
      const fifo = repos.create().init();
      fifo.write('.claude/.keep', '');
      expect(spawnSync('mkfifo', [fifo.path(SETTINGS)]).status).toBe(0);
      expect(fifo.run(['capture', 'status']).code).toBe(2);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('an unknown or missing --provider is a usage error (2)', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'install', '--provider', 'other']).code).toBe(2);
    expect(repo.run(['capture', 'install']).code).toBe(2);
    expect(repo.run(['capture', 'status', '--provider', 'other']).code).toBe(2);
    expect(repo.exists(SETTINGS)).toBe(false);
  });
});
