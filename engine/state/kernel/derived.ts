/**
 * What the baseline's rules derive from a file's bytes alone, served from the repository's content
 * cache (engine/layer/content-cache.ts) where the same bytes were judged before: `context.model(
 * derivedModel).derive(purpose, paths, derive)`. Outside a gate's own readers (a repository validator's
 * worker, a test's context) nothing is kept, and each path is derived.
 */
import { defineModel } from '../../api/validator';
import type { CachedValue } from '../../layer/content-cache';
import { contentCacheOf } from '../../layer/content-cache';

export type { CachedValue } from '../../layer/content-cache';

/** The values derived from files of the judged tree, each kept by the content of its file. */
export interface DerivedModel {
  /**
   * `derive` of each of `paths`, or the value derived before from the same bytes for `purpose` (the
   * rule's own name). `derive` depends on the file's bytes alone and returns JSON.
   */
  derive<T extends CachedValue>(purpose: string, paths: readonly string[], derive: (path: string) => T): Promise<ReadonlyMap<string, T>>;
  /**
   * What `summarize` makes of the values `derive` gives `paths`, or what it made before of the same
   * paths with the same bytes (a folder that did not change). `summarize` depends on the paths and
   * their values alone and returns JSON.
   */
  summarize<T extends CachedValue, S extends CachedValue>(
    purpose: string,
    paths: readonly string[],
    derive: (path: string) => T,
    summarize: (values: ReadonlyMap<string, T>) => S,
  ): Promise<S>;
}

/** The derived values of the repository a gate judges. */
export const derivedModel = defineModel({
  name: 'derived values',
  target: 'repository',
  build: (target): DerivedModel => {
    const cache = contentCacheOf(target.repository);
    const direct = <T>(paths: readonly string[], derive: (path: string) => T): Map<string, T> =>
      new Map(paths.map((path) => [path, derive(path)]));
    return {
      derive: async (purpose, paths, derive) => (cache ? cache.derive(purpose, paths, derive) : direct(paths, derive)),
      summarize: async (purpose, paths, derive, summarize) =>
        cache ? cache.summarize(purpose, paths, derive, summarize) : summarize(direct(paths, derive)),
    };
  },
});
