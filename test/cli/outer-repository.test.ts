/**
 * A suite run from inside a git hook inherits the hook's GIT_DIR and GIT_INDEX_FILE, which name the
 * outer repository (RELIABILITY.md: suites run from hooks have written commits into the real one). With
 * both exported in this process, pointing at an outer scratch repository, the suite's ways of running
 * things — the built CLI through TempRepo (init, doctor, check, watch, hooks install, hooks status), git
 * through TempRepo, a gate in process — work on their own temporary repositories, and the outer
 * repository's refs, index and objects are byte for byte what they were.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An outer repository with a commit, a branch and a staged change, so its index and refs are not trivial. */
function outerRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-outer-'));
  scratch.push(dir);
  const git = (...args: string[]): void => {
    const result = spawnSync('git', args, { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  git('init', '-q', '-b', 'main', '.');
  writeFileSync(join(dir, 'a.txt'), 'outer\n');
  git('add', 'a.txt');
  git('commit', '-q', '-m', 'outer');
  git('branch', 'side');
  writeFileSync(join(dir, 'b.txt'), 'staged\n');
  git('add', 'b.txt');
  return dir;
}

/** Every file of the git directory that says what the repository holds: refs, HEAD, index, objects, hooks, config. */
function fingerprint(gitDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(gitDir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(gitDir);
  return out;
}

describe('GIT_DIR and GIT_INDEX_FILE of an outer repository, exported', () => {
  it('init, doctor, check, watch, hooks install, git and an in-process gate leave the outer repository unchanged', async () => {
    const outer = outerRepository();
    const outerGit = join(outer, '.git');
    const before = fingerprint(outerGit);
    const saved = { GIT_DIR: process.env.GIT_DIR, GIT_INDEX_FILE: process.env.GIT_INDEX_FILE };
    process.env.GIT_DIR = outerGit;
    process.env.GIT_INDEX_FILE = join(outerGit, 'index');
    try {
      const repo = repos.create();
      repo.write('src/x.txt', 'inner\n'); // touched: init runs for real, not as a copy of the template
      const init = repo.run(['init']);
      expect(init.code).toBe(0);
      expect(repo.exists('.ai/manifest.yaml')).toBe(true);
      expect(repo.exists('.git/hooks/pre-commit')).toBe(true);
      expect(repo.run(['doctor']).code).toBe(0);
      expect(repo.run(['check']).code).toBe(12); // no active task yet
      expect(repo.run(['start', 'inner work', '--scope', '.']).code).toBe(0);
      expect(repo.run(['check']).code).toBe(0);
      expect(repo.run(['watch']).code).toBe(0);
      repo.remove('.git/hooks/pre-push');
      expect(repo.run(['hooks', 'install']).code).toBe(0);
      expect(repo.run(['hooks', 'status']).code).toBe(0);
      // git through the helper writes its objects, index and refs into the inner repository
      repo.git(['add', '-A']);
      repo.git(['commit', '-q', '--no-verify', '-m', 'inner']);
      expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
      // the inner repository took what was meant for it
      expect(repo.git(['ls-files'])).toContain('.ai/manifest.yaml');
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    expect(fingerprint(outerGit)).toEqual(before);
  });
});
