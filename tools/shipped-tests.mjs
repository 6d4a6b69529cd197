// The tests the distribution's own rules name (`x-majordomus.tests`), as the build found them.
//
// doctrine_wiring checks that each test a shipped rule names exists in the distribution. Some of those
// tests are the project's TypeScript suites (test/validators/*.test.ts), which the package does not
// ship; so the build, which runs in the source tree where they are, records the ones it found in
// dist/shipped-tests.json, and an installed package answers from that record for folders it left out
// (engine/io/distribution.ts). A test that is missing at build time is not recorded, so the
// installed package reports it as doctor does in the source tree.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Every test path the rules of `root`/rules/<pack>/rules/*.md name, sorted, with whether it exists. */
export function namedTests(root) {
  const named = new Set();
  const rulesDir = join(root, 'rules');
  for (const pack of existsSync(rulesDir) ? readdirSync(rulesDir).sort() : []) {
    const dir = join(rulesDir, pack, 'rules');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.md') && n !== 'README.md')
      .sort()) {
      for (const test of frontMatter(join(dir, name))?.['x-majordomus']?.tests ?? []) {
        if (typeof test === 'string') named.add(test);
      }
    }
  }
  return [...named].sort().map((test) => ({ test, exists: existsSync(join(root, test)) }));
}

/**
 * Write the record of `root`'s found tests into `outDir` (the staging folder that becomes dist/), as
 * `shipped-tests.json`: the name engine/io/distribution.ts reads.
 */
export function writeShippedTests(root, outDir) {
  const tests = namedTests(root)
    .filter((entry) => entry.exists)
    .map((entry) => entry.test);
  const record = {
    about: "The tests the distribution's rules name that existed when this package was built (tools/shipped-tests.mjs).",
    tests,
  };
  writeFileSync(join(outDir, 'shipped-tests.json'), `${JSON.stringify(record, null, 2)}\n`);
}

function frontMatter(file) {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!match) return undefined;
  try {
    const value = parse(match[1]);
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined; // a rule that does not parse is doctor's to report; it names no test here
  }
}
