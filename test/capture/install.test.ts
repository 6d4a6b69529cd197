/**
 * `capture install | uninstall --provider claude-code` and `capture status` through the built CLI: the
 * hooks merged into .claude/settings.json next to a user's own hooks and keys (none dropped, every other
 * byte kept), nothing added twice — not even for a hook spelled differently — an earlier install's hooks
 * replaced, `--dry-run` writing nothing, an unusable settings file refused untouched (duplicate keys
 * included), a link refused (15), uninstall giving back the file byte for byte, and status reading every
 * settings file Claude Code reads (disableAllHooks, the clone's own, the user's).
 *
 * The tables (`it.each`: hooks spelled otherwise, unusable settings, files given back byte for byte) run
 * the commands in process (helpers/cli.ts), their first case through the built CLI as well, byte for
 * byte; the other tests run the built CLI, `status` with the tool on PATH so its probe reaches it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantedHooks } from '../../engine/capture/providers/claude-code-settings';
import type { CliOptions } from '../helpers/cli';
import { tableRun } from '../helpers/cli';
import { pathWithoutTool } from '../helpers/field';
import type { TempRepo } from '../helpers/repo';
import { CLI, repoFactory } from '../helpers/repo';

const repos = repoFactory();
/** A folder whose `majordomus` is the built CLI: what the installed hooks run when status probes them. */
let bin: string;
/** An empty home: the user's settings are whatever a test puts there. */
let home: string;
beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'majordomus-install-bin-'));
  writeFileSync(join(bin, 'majordomus'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'majordomus'), 0o755);
  home = mkdtempSync(join(tmpdir(), 'majordomus-install-home-'));
});
afterAll(() => {
  repos.disposeAll();
  rmSync(bin, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});
const onPath = () => ({ PATH: [bin, pathWithoutTool()].join(delimiter), HOME: home });

const SETTINGS = '.claude/settings.json';
const EVENTS = ['SessionStart', 'PreCompact', 'SessionEnd', 'UserPromptSubmit', 'PreToolUse'];
const USER = {
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hello' }] }],
    PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: './lint-on-write.sh', timeout: 30 }] }],
  },
};
/** An adopted repository whose settings file holds `text`, when given. */
function withSettings(text?: string): TempRepo {
  const repo = repos.create().init();
  if (text !== undefined) repo.write(SETTINGS, text);
  return repo;
}

/**
 * `majordomus <args>` for a case of a table: in process; the table's first case (`sample`) through the
 * built CLI as well, on a twin made the same way (`withSettings(text)`) when the command writes.
 */
function inTable(repo: TempRepo, args: readonly string[], sample: boolean, twin?: () => TempRepo, options: CliOptions = {}) {
  return tableRun(repo, args, { sample, copy: twin }, options);
}

type Groups = Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout?: number }> }>>;

describe('capture install / status (claude-code)', () => {
  it('wires five hooks into a fresh checkout, each with a timeout; status goes from 12 to 0; a second install changes nothing', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'status'], { env: onPath() }).code).toBe(12);
    const install = repo.run(['capture', 'install', '--provider', 'claude-code', '--json']);
    expect(install.code).toBe(0);
    expect((JSON.parse(install.stdout) as { added: Array<{ event: string }> }).added.map((hook) => hook.event)).toEqual(EVENTS);
    const settings = JSON.parse(repo.read(SETTINGS)) as { hooks: Groups };
    // no matcher: every start source runs it, fork and sources to come among them
    expect(settings.hooks.SessionStart![0]!.matcher).toBeUndefined();
    expect(settings.hooks.SessionStart![0]!.hooks[0]!.command).toMatch(/; majordomus capture session --event start$/);
    expect(settings.hooks.SessionEnd![0]!.hooks[0]).toMatchObject({ type: 'command', timeout: 10 });
    expect(settings.hooks.PreToolUse![0]!.matcher).toBe('Bash');
    for (const event of EVENTS) expect(settings.hooks[event]![0]!.hooks[0]!.timeout).toBeGreaterThan(0);
    const status = repo.run(['capture', 'status', '--json'], { env: onPath() });
    expect(status.code).toBe(0);
    expect(
      (JSON.parse(status.stdout) as { hooks: Array<{ installed: boolean; reached: boolean }> }).hooks.map((hook) => [
        hook.installed,
        hook.reached,
      ]),
    ).toEqual(EVENTS.map(() => [true, true]));
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
    const settings = JSON.parse(repo.read(SETTINGS)) as typeof USER & { hooks: Groups };
    expect(settings.permissions).toEqual(USER.permissions);
    expect(settings.hooks.PreToolUse![0]).toEqual(USER.hooks.PreToolUse[0]);
    expect(settings.hooks.PreToolUse![1]!.hooks[0]!.command).toMatch(/majordomus capture guard$/);
    expect(settings.hooks.SessionStart![0]).toEqual(USER.hooks.SessionStart[0]);
    expect(settings.hooks.SessionStart).toHaveLength(2);
  });

  it.each([
    ['npx', 'npx majordomus capture session --event end'],
    ['an absolute path', '/opt/tools/node_modules/.bin/majordomus capture session --event=end'],
    [
      'node and the script',
      'node ./node_modules/majordomus/dist/majordomus.cjs --repo . capture session --event end --provider claude-code',
    ],
  ])('a hook already there spelled with %s counts as there: no second one', async (label, command) => {
    const text = JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: 'command', command, timeout: 5 }] }] } }, null, 2);
    const repo = withSettings(text);
    const install = await inTable(repo, ['capture', 'install', '--provider', 'claude-code', '--json'], label === 'npx', () =>
      withSettings(text),
    );
    expect((JSON.parse(install.stdout) as { added: Array<{ event: string }> }).added.map((hook) => hook.event)).not.toContain('SessionEnd');
    const settings = JSON.parse(repo.read(SETTINGS)) as { hooks: Groups };
    expect(settings.hooks.SessionEnd).toEqual([{ hooks: [{ type: 'command', command, timeout: 5 }] }]);
  });

  it("an earlier install's hooks (the bare command, a matcher that skips fork) are replaced, not doubled", () => {
    const repo = repos.create().init();
    const legacy = {
      hooks: {
        SessionStart: [
          { matcher: 'startup|resume|clear|compact', hooks: [{ type: 'command', command: 'majordomus capture session --event start' }] },
        ],
        SessionEnd: [{ hooks: [{ type: 'command', command: 'majordomus capture session --event end' }] }],
      },
    };
    repo.write(SETTINGS, JSON.stringify(legacy, null, 2));
    const status = JSON.parse(repo.run(['capture', 'status', '--json'], { env: onPath() }).stdout) as {
      hooks: Array<{ event: string; installed: boolean; stale?: Array<{ skips: string[] }> }>;
    };
    expect(status.hooks.find((hook) => hook.event === 'SessionStart')).toMatchObject({ installed: false, stale: [{ skips: ['fork'] }] });
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    const settings = JSON.parse(repo.read(SETTINGS)) as { hooks: Groups };
    expect(settings.hooks.SessionStart).toHaveLength(1);
    expect(settings.hooks.SessionStart![0]!.matcher).toBeUndefined();
    expect(settings.hooks.SessionEnd).toHaveLength(1);
    expect(settings.hooks.SessionEnd![0]!.hooks[0]!.timeout).toBe(10);
    expect(repo.run(['capture', 'status'], { env: onPath() }).code).toBe(0);
  });

  it('--dry-run prints the merged file and writes nothing', () => {
    const repo = repos.create().init();
    repo.write(SETTINGS, JSON.stringify(USER));
    const dry = repo.run(['capture', 'install', '--provider', 'claude-code', '--dry-run']);
    expect(dry.code).toBe(0);
    const printed = JSON.parse(dry.stdout) as { hooks: Record<string, unknown[]> };
    expect(Object.keys(printed.hooks).sort()).toEqual([...EVENTS].sort());
    expect(repo.read(SETTINGS)).toBe(JSON.stringify(USER));
  });

  it.each([
    ['not JSON', '{"hooks": '],
    ['a JSON list', '[]'],
    ['hooks not an object', '{"hooks": []}'],
    ['an event that is not a list', '{"hooks": {"SessionStart": {}}}'],
    ['two `hooks` keys', '{\n  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./mine.sh"}]}]},\n  "hooks": {}\n}\n'],
    ['a key twice inside hooks', '{"hooks": {"Stop": [], "Stop": []}}'],
  ])('a settings file that is %s is refused (2) and left as it was', async (label, text) => {
    const repo = withSettings(text);
    // refused before anything is written: the sample runs the built CLI on the same repository after
    const sample = label === 'not JSON';
    const install = await inTable(repo, ['capture', 'install', '--provider', 'claude-code'], sample);
    expect(install.code).toBe(2);
    expect(install.stderr).toContain(SETTINGS);
    expect((await inTable(repo, ['capture', 'status'], sample, undefined, { env: onPath() })).code).toBe(2);
    expect((await inTable(repo, ['capture', 'uninstall', '--provider', 'claude-code'], sample)).code).toBe(2);
    expect(repo.read(SETTINGS)).toBe(text);
  });

  it('a settings file that is a link is refused by install and uninstall (15, as docs/CLI.md says), unread; status reads a link only inside the repository', () => {
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
    try {
      writeFileSync(join(outside, 'secret.json'), 'SECRET-CONTENT-NOT-JSON');
      const linked = repos.create().init();
      linked.write('.claude/.keep', '');
      symlinkSync(join(outside, 'secret.json'), linked.path(SETTINGS));
      for (const args of [
        ['capture', 'install', '--provider', 'claude-code'],
        ['capture', 'uninstall', '--provider', 'claude-code'],
      ]) {
        const run = linked.run(args);
        expect(run.code, args.join(' ')).toBe(15);
        expect(run.stdout + run.stderr).not.toContain('SECRET');
      }
      const status = linked.run(['capture', 'status'], { env: onPath() });
      expect(status.code).toBe(2);
      expect(status.stdout + status.stderr).not.toContain('SECRET');
      expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe('SECRET-CONTENT-NOT-JSON');
      // a link inside the repository is still a link: install does not write through it
      const inside = repos.create().init();
      inside.write('shared/settings.json', '{}');
      mkdirSync(inside.path('.claude'));
      symlinkSync('../shared/settings.json', inside.path(SETTINGS));
      expect(inside.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(15);
      expect(inside.read('shared/settings.json')).toBe('{}');
      const fifo = repos.create().init();
      fifo.write('.claude/.keep', '');
      expect(spawnSync('mkfifo', [fifo.path(SETTINGS)]).status).toBe(0);
      expect(fifo.run(['capture', 'status'], { env: onPath() }).code).toBe(2);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('an unknown or missing --provider is a usage error (2)', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'install', '--provider', 'other']).code).toBe(2);
    expect(repo.run(['capture', 'install']).code).toBe(2);
    expect(repo.run(['capture', 'uninstall']).code).toBe(2);
    expect(repo.run(['capture', 'status', '--provider', 'other']).code).toBe(2);
    expect(repo.exists(SETTINGS)).toBe(false);
  });
});

describe('capture uninstall (claude-code)', () => {
  const files: Array<[string, string]> = [
    ['two spaces', `${JSON.stringify(USER, null, 2)}\n`],
    ['tabs', JSON.stringify(USER, null, '\t')],
    ['four spaces, no hooks key', `${JSON.stringify({ model: 'x', env: { A: '1' } }, null, 4)}\n`],
    ['one line', JSON.stringify(USER)],
    [
      'a hooks object of its own, one group inline',
      '{\n  "hooks": {\n    "Stop": [\n      {"hooks": [{"type": "command", "command": "./stop.sh"}]}\n    ]\n  }\n}\n',
    ],
  ];

  it.each(files)('install then uninstall gives back a file written with %s, byte for byte', async (label, text) => {
    const repo = withSettings(text);
    const sample = label === files[0]![0];
    // the sample's twin: made the same way, then brought to where the repository is before each command
    const installed = (): TempRepo => {
      const twin = withSettings(text);
      expect(twin.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
      return twin;
    };
    expect((await inTable(repo, ['capture', 'install', '--provider', 'claude-code'], sample, () => withSettings(text))).code).toBe(0);
    expect(repo.read(SETTINGS)).not.toBe(text);
    const out = await inTable(repo, ['capture', 'uninstall', '--provider', 'claude-code', '--json'], sample, installed);
    expect(out.code).toBe(0);
    expect((JSON.parse(out.stdout) as { removed: unknown[] }).removed).toHaveLength(EVENTS.length);
    expect(repo.read(SETTINGS)).toBe(text);
    // nothing of ours left: a second uninstall changes nothing
    expect((await inTable(repo, ['capture', 'uninstall', '--provider', 'claude-code'], sample)).code).toBe(0);
    expect(repo.read(SETTINGS)).toBe(text);
  });

  it('a settings file install created is removed; a hook the user wrote in any spelling stays', () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    expect(repo.run(['capture', 'uninstall', '--provider', 'claude-code']).code).toBe(0);
    expect(repo.exists(SETTINGS)).toBe(false);
    const mine = { hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: 'npx majordomus capture session --event end' }] }] } };
    repo.write(SETTINGS, JSON.stringify(mine, null, 2));
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    expect(repo.run(['capture', 'uninstall', '--provider', 'claude-code']).code).toBe(0);
    expect(repo.read(SETTINGS)).toBe(JSON.stringify(mine, null, 2));
  });
});

describe('capture status reads every settings file Claude Code reads', () => {
  it("disableAllHooks in the clone's own settings: wired, not probed, exit 10 naming the file and key", () => {
    const repo = repos.create().init();
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    repo.write('.claude/settings.local.json', '{"disableAllHooks": true}\n');
    const run = repo.run(['capture', 'status', '--json'], { env: onPath() });
    expect(run.code).toBe(10);
    const out = JSON.parse(run.stdout) as { hooks_off: string; hooks: Array<{ installed: boolean; reached?: boolean }> };
    expect(out.hooks_off).toMatch(/disableAllHooks is true in \.claude\/settings\.local\.json/);
    expect(out.hooks.every((hook) => hook.installed && hook.reached === undefined)).toBe(true);
  });

  it("hooks wired in the user's settings count as wired; the same hook in two files is said to run twice", () => {
    const repo = repos.create().init();
    const hooks: Groups = {};
    for (const hook of wantedHooks())
      hooks[hook.event] = [{ hooks: [{ command: hook.command, timeout: hook.timeout, type: 'command' } as never] }];
    const user = mkdtempSync(join(tmpdir(), 'majordomus-home-'));
    try {
      mkdirSync(join(user, '.claude'));
      writeFileSync(join(user, '.claude/settings.json'), JSON.stringify({ hooks }));
      const env = { ...onPath(), HOME: user };
      const alone = repo.run(['capture', 'status', '--json'], { env });
      expect(alone.code).toBe(0);
      expect(
        (JSON.parse(alone.stdout) as { hooks: Array<{ file: string }> }).hooks.every(
          (hook) => hook.file === join(user, '.claude/settings.json'),
        ),
      ).toBe(true);
      expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
      const twice = repo.run(['capture', 'status'], { env });
      expect(twice.code).toBe(0);
      expect(twice.stdout).toMatch(/it runs more than once/);
    } finally {
      rmSync(user, { recursive: true, force: true });
    }
  });
});
