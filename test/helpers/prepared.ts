/**
 * Prepared repositories shared by the tests of one file: what several tests build the same way through
 * many CLI runs (an adopted repository, an episode with its turns, a closed session) is built once in
 * `beforeAll`, and each test works on its own copy. A copy is a whole repository (its `.git`, hooks and
 * `.ai/local` state included), so a test changes only its own, never the prepared one nor another test's.
 */
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TempRepo } from './repo';

/**
 * A new repository from `repos` holding a copy of everything in `source`; copy, never change, `source`.
 *
 * The local state names the checkout it belongs to by its absolute path (a task record's `worktree`), so
 * a copy left as it is would be another checkout's state and refused. The copy is the prepared state as
 * this checkout would have made it: the source's path is replaced by the copy's in the local half, and
 * nothing else differs.
 */
export function copyOf(repos: { create(options?: { git?: boolean }): TempRepo }, source: TempRepo): TempRepo {
  const repo = repos.create({ git: false });
  // a relative link (the episode pointer) stays relative, never aimed back into the source
  cpSync(source.dir, repo.dir, { recursive: true, verbatimSymlinks: true });
  const pairs = [
    ...new Map([
      [source.dir, repo.dir],
      [realpathSync(source.dir), realpathSync(repo.dir)],
    ]),
  ];
  const local = join(repo.dir, '.ai/local');
  if (!existsSync(local)) return repo;
  for (const entry of readdirSync(local, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    let moved = text;
    for (const [from, to] of pairs) moved = moved.split(from).join(to);
    if (moved !== text) writeFileSync(file, moved);
  }
  return repo;
}

/**
 * `adopted()` for a test file: a copy of one repository adopted by `TempRepo.init()` with everything
 * committed (hooks bypassed) under `message`, made on the first call.
 */
export function committedAdoption(repos: { create(options?: { git?: boolean }): TempRepo }, message = 'base'): () => TempRepo {
  let base: TempRepo | undefined;
  return () => {
    if (!base) {
      base = repos.create().init();
      base.git(['add', '-A']);
      base.git(['commit', '-q', '--no-verify', '-m', message]);
    }
    return copyOf(repos, base);
  };
}
