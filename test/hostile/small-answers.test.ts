/**
 * Small wrong answers: each message is true in the state it is printed in. A budget over the largest
 * one is named as too large (not as "not a number"); a bare repository, or a repository's git
 * directory, is named as such (`git init` is no answer there: the repository exists, its checkout
 * does not).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sh } from '../helpers/hostile';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('context --budget-lines', () => {
  it.each([
    ['1000000000', /over the largest budget, 999999999 lines/],
    ['99999999999999999999', /over the largest budget, 999999999 lines/],
    ['0', /not a positive whole number/],
    ['-3', /not a positive whole number/],
    ['1e3', /not a positive whole number/],
  ])('%s → exit 2, saying %s', (value, message) => {
    const repo = repos.create().init();
    const run = repo.run(['context', '--budget-lines', value]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('999999999, the largest, is accepted', () => {
    const repo = repos.create().init();
    expect(repo.run(['context', '--budget-lines', '999999999']).code).toBe(0);
  });
});

describe('no working tree', () => {
  const bare = (): string => {
    const parent = mkdtempSync(join(tmpdir(), 'majordomus-bare-'));
    scratch.push(parent);
    expect(sh(parent, 'git init -q --bare repo.git').code).toBe(0);
    return join(parent, 'repo.git');
  };

  it.each([['doctor'], ['init'], ['start x --scope src'], ['session start'], ['context'], ['history']])(
    'a bare repository: %s exits 2 naming it bare, never "run: git init"',
    (command) => {
      const run = sh(bare(), `$M ${command}`);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/is a bare repository, which has no working tree/);
      expect(run.stderr).not.toMatch(/git init/);
    },
  );

  it("inside a checkout's .git folder: exit 2 naming the git directory", () => {
    const repo = repos.create().init();
    const run = sh(join(repo.dir, '.git'), '$M doctor');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/inside a repository's git directory/);
  });

  it('outside any repository the advice is still git init', () => {
    const parent = mkdtempSync(join(tmpdir(), 'majordomus-nogit-'));
    scratch.push(parent);
    const run = sh(parent, '$M doctor', { GIT_CEILING_DIRECTORIES: tmpdir() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not inside a git working tree \(run: git init\)/);
  });
});
