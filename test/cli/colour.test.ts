/**
 * Colour in the text output: on a terminal FAIL is red and WARN yellow; into a pipe or a file nothing is
 * coloured; NO_COLOR turns it off on a terminal, FORCE_COLOR decides first (on into a pipe, off with 0);
 * TERM=dumb gets none. The machine formats are never coloured. A terminal is made with script(1) where
 * the machine has it; without it those cases say they were skipped.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useColour } from '../../engine/io/colour';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const RED = '\u001b[31m';
const YELLOW = '\u001b[33m';
const ESC = '\u001b[';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

let repo: TempRepo;
beforeAll(() => {
  // one FAIL (an unknown policy key) and one WARN (an advisory rule whose example reports here)
  repo = repos.create().init();
  repo.write('.ai/repo/policy.yaml', `${repo.read('.ai/repo/policy.yaml')}colour: blue\n`);
  expect(repo.run(['rules', 'new', 'readme-present', '--validator', 'paths']).code).toBe(0);
});

const SCRIPT = spawnSync('script', ['-qc', 'true', '/dev/null'], { encoding: 'utf8' }).status === 0;

/** `doctor --quiet` on a terminal (script gives it one), with `env` added to the clean environment. */
function onTerminal(env: Record<string, string>): string {
  const command = `'${process.execPath}' '${CLI}' doctor --quiet`;
  const result = spawnSync('script', ['-qc', command, '/dev/null'], {
    cwd: repo.dir,
    env: cleanEnv({ TERM: 'xterm', ...env }),
    encoding: 'utf8',
  });
  return result.stdout;
}

describe('the text output', () => {
  it('into a pipe: no colour', () => {
    const piped = repo.run(['doctor', '--quiet']);
    expect(piped.code).toBe(10);
    expect(piped.stdout).toMatch(/^FAIL /m);
    expect(piped.stdout).toMatch(/^WARN /m);
    expect(piped.stdout).not.toContain(ESC);
  });

  it('FORCE_COLOR=1 into a pipe: FAIL red, WARN yellow, the columns kept; FORCE_COLOR=0: none', () => {
    const forced = repo.run(['doctor', '--quiet'], { env: { FORCE_COLOR: '1' } });
    expect(forced.code).toBe(10);
    expect(forced.stdout).toMatch(/^\u001b\[31mFAIL\u001b\[0m policy {6}/m);
    expect(forced.stdout).toMatch(/^\u001b\[33mWARN\u001b\[0m paths {7}/m);
    // the summary and everything but the level stay plain
    expect(forced.stdout.trimEnd().split('\n').at(-1)).toBe('doctor: 1 failure(s), 1 warning(s)');
    expect(repo.run(['doctor', '--quiet'], { env: { FORCE_COLOR: '0' } }).stdout).not.toContain(ESC);
    // FORCE_COLOR decides before NO_COLOR
    expect(repo.run(['doctor', '--quiet'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).toContain(RED);
  });

  it('the machine formats are never coloured', () => {
    for (const format of ['json', 'sarif', 'junit', 'github'])
      expect(repo.run(['doctor', '--format', format], { env: { FORCE_COLOR: '1' } }).stdout, format).not.toContain(ESC);
  });

  it.skipIf(!SCRIPT)('on a terminal: coloured; NO_COLOR or TERM=dumb: not', () => {
    const coloured = onTerminal({});
    expect(coloured).toContain(`${RED}FAIL`);
    expect(coloured).toContain(`${YELLOW}WARN`);
    expect(onTerminal({ NO_COLOR: '1' })).not.toContain(ESC);
    expect(onTerminal({ TERM: 'dumb' })).not.toContain(ESC);
    // an empty NO_COLOR is no instruction
    expect(onTerminal({ NO_COLOR: '' })).toContain(RED);
  });
  if (!SCRIPT) process.stderr.write('skipped: colour on a terminal needs script(1) to make one, and this machine has none\n');
});

describe('useColour', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{}, undefined, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: 'true' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ FORCE_COLOR: '' }, false, false],
    [{ FORCE_COLOR: '2', NO_COLOR: '1' }, false, true],
    [{ TERM: 'dumb' }, true, false],
  ] as const)('%j, a terminal %s: %s', (env, tty, expected) => {
    expect(useColour(env, tty)).toBe(expected);
  });
});
