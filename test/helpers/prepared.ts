/**
 * Prepared repositories shared by the tests of one file: what several tests build the same way through
 * many CLI runs (an adopted repository, an episode with its turns, a closed session) is built once in
 * `beforeAll`, and each test works on its own byte-for-byte copy. A copy is a whole repository (its
 * `.git`, hooks and `.ai/local` state included), so a test changes only its own, never the prepared one
 * nor another test's.
 */
import { cpSync } from 'node:fs';
import type { TempRepo } from './repo';

/** A new repository from `repos` holding a copy of everything in `source`; copy, never change, `source`. */
export function copyOf(repos: { create(options?: { git?: boolean }): TempRepo }, source: TempRepo): TempRepo {
  const repo = repos.create({ git: false });
  cpSync(source.dir, repo.dir, { recursive: true });
  return repo;
}
