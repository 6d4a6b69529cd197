/**
 * A run of one command builds that command's family alone (engine/cli/program.ts `invokedFamily`): the
 * command it runs is the same command, option for option and word for word of its help, as in the whole
 * program, and anything that needs the whole program (help, an unknown word, an option first) gets it.
 */
import { spawnSync } from 'node:child_process';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, invokedFamily } from '../../engine/cli/program';
import { COMMANDS } from '../../engine/commands';
import { CLI, cleanEnv, ROOT } from '../helpers/repo';

const invocation = { cwd: ROOT, env: {}, self: '' };

function find(program: Command, words: readonly string[]): Command | undefined {
  let at: Command | undefined = program;
  for (const word of words) at = at?.commands.find((command) => command.name() === word);
  return at;
}

describe('the program of one command', () => {
  it('holds each command exactly as the whole program does, and no other family', () => {
    const whole = buildProgram(invocation);
    for (const declaration of COMMANDS) {
      const words = declaration.name.split(' ');
      const alone = buildProgram(invocation, [...words, '--json']);
      expect(alone.commands.map((command) => command.name())).toStrictEqual([words[0]]);
      const mine = find(alone, words);
      const theirs = find(whole, words);
      expect(mine, declaration.name).toBeDefined();
      expect(mine!.helpInformation()).toBe(theirs!.helpInformation());
      expect(mine!.options.map((option) => [option.flags, option.defaultValue, option.mandatory])).toStrictEqual(
        theirs!.options.map((option) => [option.flags, option.defaultValue, option.mandatory]),
      );
    }
  });

  it('is built only for a run of a command, after the program options', () => {
    expect(invokedFamily(['doctor'])).toBe('doctor');
    expect(invokedFamily(['session', 'close', '--json'])).toBe('session');
    expect(invokedFamily(['--repo', 'x', 'doctor'])).toBe('doctor');
    expect(invokedFamily(['--repo=x', '--repo', 'y', 'check'])).toBe('check');
    for (const argv of [[], ['help', 'doctor'], ['--help'], ['-V'], ['--bogus', 'doctor'], ['doctr'], ['--repo'], ['__proto__']])
      expect(invokedFamily(argv), argv.join(' ')).toBeUndefined();
  });

  it('still suggests among every command when the word is none of them', () => {
    const result = spawnSync(process.execPath, [CLI, 'doctr'], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Did you mean doctor\?/);
    const options = spawnSync(process.execPath, [CLI, 'doctor', '--bogus'], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8' });
    expect(options.status).toBe(2);
    expect(options.stderr).toMatch(/unknown option '--bogus'/);
  });
});
