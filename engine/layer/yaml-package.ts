/**
 * The `yaml` package, loaded the first time the full parser needs it. parseYaml reads the layer's
 * documents on a fast path of its own (yaml-fast.ts) and hands the full parser only what that path
 * declines; loading the package up front cost every command about 30 ms at start-up. It is required
 * rather than imported, so that parseYaml stays synchronous: the build ships the package as a CommonJS
 * file of its own beside the bundle (MAJORDOMUS_YAML names it, from the distribution root); from the
 * sources it is the installed package.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Yaml from 'yaml';
import { distributionRoot } from '../io/distribution';

declare const MAJORDOMUS_YAML: string | undefined;

let loaded: typeof Yaml | undefined;

/** The `yaml` package, required on first use. */
export function yamlPackage(): typeof Yaml {
  if (!loaded) {
    const load = createRequire(import.meta.url);
    loaded = (typeof MAJORDOMUS_YAML === 'string' ? load(join(distributionRoot(), MAJORDOMUS_YAML)) : load('yaml')) as typeof Yaml;
  }
  return loaded;
}
