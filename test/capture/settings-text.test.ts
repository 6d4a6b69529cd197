/**
 * The settings file as text (engine/capture/json-text.ts, providers/claude-code-settings.ts), in process:
 * install then uninstall gives back any settings file byte for byte, whatever its indentation and keys
 * (a property over generated files); a key written twice is found; a hook is recognised as this program
 * however it is spelled, and nothing else is; the installed command finds the tool in the project's
 * node_modules/.bin, then PATH, then npx, and says where it looked when none has it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey, parseJsonText } from '../../engine/capture/json-text';
import {
  installText,
  invokes,
  matcherCovers,
  parseSettings,
  uninstallText,
  wantedHooks,
} from '../../engine/capture/providers/claude-code-settings';
import { pathWithoutTool } from '../helpers/field';

const wanted = wantedHooks();

/** A JSON value of the kind settings files hold. */
const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('any'), { maxLength: 3 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie('any'), { maxKeys: 3 }),
  ),
})).any;
const group = fc.record(
  {
    matcher: fc.constantFrom('Bash', 'startup', 'Write|Edit', '*'),
    hooks: fc.array(fc.record({ type: fc.constant('command'), command: fc.constantFrom('./a.sh', 'echo hi', 'npx prettier --write .') }), {
      minLength: 1,
      maxLength: 2,
    }),
  },
  { requiredKeys: ['hooks'] },
);
const settings = fc.record(
  {
    model: fc.string({ maxLength: 10 }),
    env: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
    extra: value,
    // an empty `hooks` or event list the user left is the one thing uninstall takes out with ours (it
    // cannot tell it from one install made): docs/DECISIONS.md
    hooks: fc.dictionary(
      fc.constantFrom('SessionStart', 'PreToolUse', 'Stop', 'SessionEnd', 'Notification'),
      fc.array(group, { minLength: 1, maxLength: 3 }),
      {
        minKeys: 1,
        maxKeys: 4,
      },
    ),
  },
  { requiredKeys: [] },
);
const indent = fc.constantFrom<string | undefined>('  ', '    ', '\t', undefined);

describe('install then uninstall', () => {
  it('gives back any settings file byte for byte (generated files, every indentation)', () => {
    fc.assert(
      fc.property(settings, indent, fc.boolean(), (object, unit, newline) => {
        const text = `${unit === undefined ? JSON.stringify(object) : JSON.stringify(object, null, unit)}${newline ? '\n' : ''}`;
        const parsed = parseSettings(text);
        const installed = installText(parsed, wanted);
        if (parsed === undefined) return;
        expect(installed.added.map((hook) => hook.event)).toEqual(wanted.map((hook) => hook.event));
        // what install wrote parses to the file plus exactly our groups
        const after = JSON.parse(installed.text) as { hooks: Record<string, unknown[]> };
        for (const hook of wanted) expect(JSON.stringify(after.hooks[hook.event]?.at(-1))).toContain('capture');
        expect(installText(parseSettings(installed.text), wanted).added).toEqual([]);
        const removed = uninstallText(parseSettings(installed.text)!, wanted);
        if (Object.keys(object).length === 0) expect(removed.text).toBeUndefined();
        else expect(removed.text).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the settings text', () => {
  it('finds a key written twice, at any depth, with its path', () => {
    const twice = (text: string) => {
      const found = duplicateKey(parseJsonText(text));
      return found?.path;
    };
    expect(twice('{"hooks": {}, "hooks": {"Stop": []}}')).toBe('hooks');
    expect(twice('{"hooks": {"Stop": [{"hooks": [], "hooks": []}]}}')).toBe('hooks.Stop[0].hooks');
    expect(twice('{"a": {"b": 1}, "c": {"b": 2}}')).toBeUndefined();
  });

  it('refuses what is not strict JSON, naming the line', () => {
    for (const text of [
      '{"a": 1,}',
      '{a: 1}',
      "{'a': 1}",
      '{"a": 1} x',
      '{"a": "\u0001"}',
      '[1 2]',
      `${'['.repeat(300)}${']'.repeat(300)}`,
    ]) {
      expect(() => parseSettings(text), text.slice(0, 20)).toThrow(/\.claude\/settings\.json/);
    }
  });
});

describe('recognising the program', () => {
  const end = ['capture', 'session', '--event', 'end'];
  it.each([
    'majordomus capture session --event end',
    'npx majordomus capture session --event end',
    'npx --no-install majordomus@1.2.3 capture session --event end',
    '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/majordomus capture session --event end',
    '/usr/local/bin/majordomus capture session --event=end --provider claude-code',
    'node dist/majordomus.cjs --repo "$CLAUDE_PROJECT_DIR" capture session --provider claude-code --event end',
    'cd "$CLAUDE_PROJECT_DIR" && majordomus capture session --event end',
    wanted.find((hook) => hook.event === 'SessionEnd')!.command,
  ])('%s runs the session-end hook', (command) => {
    expect(invokes(command, end)).toBe(true);
  });

  it.each([
    'majordomus capture session --event start',
    'majordomus-helper capture session --event end',
    'echo majordomus; capture session --event end',
    'majordomus capture status',
    wanted.find((hook) => hook.event === 'SessionStart')!.command,
  ])('%s does not', (command) => {
    expect(invokes(command, end)).toBe(false);
  });

  it('a matcher lets a source through as Claude Code matches it', () => {
    expect(matcherCovers(undefined, 'fork')).toBe(true);
    expect(matcherCovers('*', 'fork')).toBe(true);
    expect(matcherCovers('startup|resume|clear|compact', 'fork')).toBe(false);
    expect(matcherCovers('startup|resume|clear|compact|fork', 'fork')).toBe(true);
  });
});

describe('the installed command line finds the tool', () => {
  const command = wanted.find((hook) => hook.event === 'SessionEnd')!.command;
  it('in $CLAUDE_PROJECT_DIR/node_modules/.bin first, then PATH, and says where it looked when none has it (127)', () => {
    const root = mkdtempSync(join(tmpdir(), 'majordomus-lookup-'));
    try {
      const stand = (dir: string, name: string): void => {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'majordomus'), `#!/bin/sh\necho ${name} "$@"\n`);
        chmodSync(join(dir, 'majordomus'), 0o755);
      };
      const project = join(root, 'project');
      stand(join(project, 'node_modules/.bin'), 'local');
      stand(join(root, 'path'), 'path');
      const sh = (env: Record<string, string>, cwd = root) =>
        spawnSync('sh', ['-c', command], { cwd, env: { HOME: root, ...env }, encoding: 'utf8', input: '{}' });
      const clean = pathWithoutTool();
      expect(sh({ CLAUDE_PROJECT_DIR: project, PATH: `${join(root, 'path')}:${clean}` }).stdout.trim()).toBe(
        'local capture session --event end',
      );
      expect(sh({ CLAUDE_PROJECT_DIR: root, PATH: `${join(root, 'path')}:${clean}` }).stdout.trim()).toBe(
        'path capture session --event end',
      );
      const none = sh({ CLAUDE_PROJECT_DIR: root, PATH: clean, npm_config_cache: join(root, 'npm-cache') });
      expect(none.status).toBe(127);
      expect(none.stderr).toMatch(
        /majordomus not found: not in \$CLAUDE_PROJECT_DIR\/node_modules\/\.bin\/majordomus, not on PATH, not through npx --no-install majordomus/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
