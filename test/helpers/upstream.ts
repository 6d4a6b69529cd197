/**
 * The upstream corpus: real data files of the public project the specification describes, used as
 * compatibility fixtures. It lives beside the repository (`../shared/fixtures/upstream`) or where
 * `MAJORDOMUS_UPSTREAM_CORPUS` points; a clone of the repository alone does not have it.
 *
 * A suite that needs it declares so with `describeUpstream`: where the corpus is absent the suite is
 * skipped with one line on stderr saying so, unless `MAJORDOMUS_REQUIRE_UPSTREAM=1` (set by `.ci/run`),
 * where its absence fails the suite — CI always runs these suites.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the corpus is expected. */
export const UPSTREAM = process.env.MAJORDOMUS_UPSTREAM_CORPUS
  ? resolve(process.env.MAJORDOMUS_UPSTREAM_CORPUS)
  : resolve(ROOT, '../shared/fixtures/upstream');

/** True when the corpus is here. */
export const HAS_UPSTREAM = existsSync(resolve(UPSTREAM, '.ai'));

const REQUIRED = process.env.MAJORDOMUS_REQUIRE_UPSTREAM === '1';

/** `describe`, for a suite that reads the upstream corpus. */
export function describeUpstream(name: string, body: () => void): void {
  if (HAS_UPSTREAM) {
    describe(name, body);
    return;
  }
  if (REQUIRED) {
    describe(name, () => {
      it('has the upstream corpus it needs', () => {
        throw new Error(`the upstream corpus is required here (MAJORDOMUS_REQUIRE_UPSTREAM=1) and ${UPSTREAM} does not hold it (set MAJORDOMUS_UPSTREAM_CORPUS)`);
      });
    });
    return;
  }
  // the body is not even collected: it may list the corpus's files at collection time
  process.stderr.write(`skipped: "${name}" needs the upstream corpus, absent at ${UPSTREAM} (set MAJORDOMUS_UPSTREAM_CORPUS to run it)\n`);
  describe(name, () => {
    it.skip('needs the upstream corpus', () => undefined);
  });
}
