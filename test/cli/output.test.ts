/**
 * What the command line does with its own output and arguments: a reader that goes away, a destination
 * that cannot take the bytes, help asked for in every spelling, and the parser's complaints in the same
 * form as every other message.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, TempRepo } from '../helpers/repo';

let repo: TempRepo;
let broken: TempRepo;

beforeAll(() => {
  repo = new TempRepo();
  repo.init();
  broken = new TempRepo();
  broken.init();
  broken.write('.ai/repo/policy.yaml', `${broken.read('.ai/repo/policy.yaml')}colour: blue\n`);
});
afterAll(() => {
  repo.dispose();
  broken.dispose();
});

/** Run `script` under bash in `dir` with `$M` naming the built CLI. */
function bash(dir: string, script: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', script], {
    cwd: dir,
    env: cleanEnv({ M: `${process.execPath} ${CLI}` }),
    encoding: 'utf8',
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('a closed pipe ends quietly with the command’s own exit code', () => {
  it.each([
    ['a passing doctor', () => repo, 'doctor', '0'],
    ['a failing doctor', () => broken, 'doctor', '10'],
    ['a failing doctor with --json', () => broken, 'doctor --json', '10'],
    ['rules list', () => repo, 'rules list', '0'],
  ])('%s', (_name, which, args, code) => {
    // head exits before the CLI writes a byte, so every write meets a closed pipe
    const result = bash(which().dir, `$M ${args} | head -c 0; echo "status=\${PIPESTATUS[0]}"`);
    expect(result.stdout.trim()).toBe(`status=${code}`);
    expect(result.stderr).toBe('');
  });
});

describe.runIf(existsSync('/dev/full'))('a destination that cannot take the output', () => {
  it('a passing gate whose findings could not be written exits 2 with one line on stderr', () => {
    const result = bash(repo.dir, '$M doctor > /dev/full');
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^majordomus: .*ENOSPC/);
  });

  it('a failing gate keeps its own exit code', () => {
    const result = bash(broken.dir, '$M doctor > /dev/full');
    expect(result.code).toBe(10);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('with stderr closed too, the exit code alone says it', () => {
    const result = bash(repo.dir, '$M doctor 2>&- > /dev/full; echo "status=$?" >&2');
    expect(result.stderr.trim()).toBe('status=2');
  });
});

describe('help', () => {
  it.each([['help'], ['help', 'doctor'], ['help', 'rules'], ['--help'], ['doctor', '--help'], ['rules', 'vendor', '--help'], ['-V']])(
    '%s exits 0 and prints to stdout',
    (...args) => {
      const result = repo.run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toBe('');
      expect(result.stderr).toBe('');
    },
  );

  it('a command group without its subcommand is a usage error (2)', () => {
    expect(repo.run(['rules', 'vendor']).code).toBe(2);
  });
});

describe('usage errors name the help of the command that complained', () => {
  it.each([
    [['doctor', '--bogus'], 'majordomus doctor --help'],
    [['rules', 'show'], 'majordomus rules show --help'],
    [['rules', 'vendor', 'update', '--frce'], 'majordomus rules vendor update --help'],
    [['brainstorm', 'check', 'x', '--gate'], 'majordomus brainstorm check --help'],
    [['nosuch'], 'majordomus --help'],
  ])('%j', (args, help) => {
    const result = repo.run(args);
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^majordomus: \S/);
    expect(lines[0]!.endsWith(`(run: ${help})`)).toBe(true);
    expect(result.stdout).toBe('');
  });
});

describe('an error message cannot forge a line on stderr', () => {
  it('a newline and an escape sequence in an argument are printed escaped, on the one line of the message', () => {
    const result = repo.run(['rules', 'show', 'x\nFAIL forged\u001b[31m']);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^majordomus: /);
    expect(lines[0]).toContain('\\u000aFAIL forged\\u001b[31m');
  });
});
