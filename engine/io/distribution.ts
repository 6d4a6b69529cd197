/**
 * The distribution: the installed majordomus package, which carries share/ (schemas, skeleton, allow
 * lists), rules/ (the rule packages it ships) and dist/ (the bundle, and the build's record of the tests
 * its rules name). Found from this module's own location, so the bundled CLI, the sources under tsx and
 * an npm install all agree.
 */
import { existsSync, readFileSync } from 'node:fs';
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

/** The build's record of the tests the shipped rules name (tools/shipped-tests.mjs writes it). */
export const SHIPPED_TESTS_RECORD = 'dist/shipped-tests.json';

const recorded = new Map<string, ReadonlySet<string>>();

/**
 * True when the test `test` (a safe, distribution-relative path a shipped rule names) exists in the
 * distribution at `root`. The folder it lies under decides where to look: a folder the distribution
 * holds (a source checkout's `test/`, a package's `rules/`) is looked in; a folder it lacks — the
 * TypeScript suites, which the package does not ship — is answered by the record the build made, in
 * the source tree, of the tests it found there. A package without the record has no such test.
 */
export function distributionHasTest(test: string, root: string = distributionRoot()): boolean {
  const top = test.split('/')[0]!;
  if (existsSync(join(root, top))) return existsSync(join(root, test));
  return shippedTests(root).has(test);
}

function shippedTests(root: string): ReadonlySet<string> {
  let tests = recorded.get(root);
  if (!tests) {
    tests = new Set(readRecord(join(root, SHIPPED_TESTS_RECORD)));
    recorded.set(root, tests);
  }
  return tests;
}

function readRecord(path: string): string[] {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as { tests?: unknown };
    return Array.isArray(record.tests) ? record.tests.filter((test): test is string => typeof test === 'string') : [];
  } catch {
    return []; // absent or unreadable: nothing is vouched for, so every such test is reported missing
  }
}
