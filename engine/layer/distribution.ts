/**
 * The distribution: the installed majordomus package, which carries share/ (schemas, skeleton, allow
 * lists) and rules/ (the rule packages it ships). Found from this module's own location, so the bundled
 * CLI, the sources under tsx and an npm install all agree.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** Absolute path of the package root (the directory holding package.json, share/ and rules/). */
export function distributionRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(join(dir, 'share'))) {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the majordomus distribution (package.json beside share/) cannot be found');
    dir = parent;
  }
}
