/**
 * The upstream corpus: real data files of the public project the specification describes, used as
 * compatibility fixtures. It lives beside the repository (`../shared/fixtures/upstream`) or where
 * `MAJORDOMUS_UPSTREAM_CORPUS` points; a clone of the repository alone does not have it.
 *
 * A suite that needs it declares so with `describeUpstream`: where the corpus is absent the suite is
 * skipped with one line on stderr saying so, unless `MAJORDOMUS_REQUIRE_UPSTREAM=1` (set by `.ci/run`),
 * where its absence fails the suite — CI always runs these suites. The SARIF schema beside it is a second
 * such fixture, with `describeSarifSchema`.
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
  describeNeeding(
    { what: 'the upstream corpus', where: UPSTREAM, present: HAS_UPSTREAM, variable: 'MAJORDOMUS_UPSTREAM_CORPUS' },
    name,
    body,
  );
}

/**
 * The OASIS SARIF 2.1.0 JSON Schema (draft-04), which every SARIF log the tool writes is validated
 * against: beside the repository (`../shared/fixtures/sarif/sarif-schema-2.1.0.json`) or where
 * `MAJORDOMUS_SARIF_SCHEMA` points. Absent, its suites are skipped like the corpus's — and fail where
 * `MAJORDOMUS_REQUIRE_UPSTREAM=1`.
 */
export const SARIF_SCHEMA = process.env.MAJORDOMUS_SARIF_SCHEMA
  ? resolve(process.env.MAJORDOMUS_SARIF_SCHEMA)
  : resolve(ROOT, '../shared/fixtures/sarif/sarif-schema-2.1.0.json');

/** True when the SARIF schema is here. */
export const HAS_SARIF_SCHEMA = existsSync(SARIF_SCHEMA);

/** `describe`, for a suite that validates SARIF logs against the schema. */
export function describeSarifSchema(name: string, body: () => void): void {
  describeNeeding(
    { what: 'the SARIF 2.1.0 schema', where: SARIF_SCHEMA, present: HAS_SARIF_SCHEMA, variable: 'MAJORDOMUS_SARIF_SCHEMA' },
    name,
    body,
  );
}

interface Needed {
  readonly what: string;
  readonly where: string;
  readonly present: boolean;
  /** The variable that points elsewhere. */
  readonly variable: string;
}

function describeNeeding(needed: Needed, name: string, body: () => void): void {
  if (needed.present) {
    describe(name, body);
    return;
  }
  if (REQUIRED) {
    describe(name, () => {
      it(`has ${needed.what} it needs`, () => {
        throw new Error(
          `${needed.what} is required here (MAJORDOMUS_REQUIRE_UPSTREAM=1) and ${needed.where} does not hold it (set ${needed.variable})`,
        );
      });
    });
    return;
  }
  // the body is not even collected: it may list the corpus's files at collection time
  process.stderr.write(`skipped: "${name}" needs ${needed.what}, absent at ${needed.where} (set ${needed.variable} to run it)\n`);
  describe(name, () => {
    it.skip(`needs ${needed.what}`, () => undefined);
  });
}
