/**
 * Failing findings matched by what a test asserts: exactly the expected set by level, category and
 * subject, each with its file and line when given, and naming the data it must mention.
 */
import { expect } from 'vitest';
import type { JsonFinding } from './repo';
import { failing } from './repo';

/** A finding a test expects; `file` and `line` are asserted only when given. */
export interface ExpectedFinding {
  readonly level: string;
  readonly category: string;
  readonly subject: string;
  readonly file?: string | null;
  readonly line?: number | null;
  /** Data (paths, identities, names) the message must carry; never prose. */
  readonly mentions?: readonly string[];
}

/** What identifies a finding in a test: `LEVEL category subject`. */
export const findingKey = (f: { level: string; category: string; subject: string }): string => `${f.level} ${f.category} ${f.subject}`;

/** The failing findings are exactly `expected` (as level, category, subject), each with its file, line and mentions. */
export function expectFailing(findings: readonly JsonFinding[], expected: readonly ExpectedFinding[]): void {
  const bad = failing(findings);
  expect(bad.map(findingKey).sort()).toEqual(expected.map(findingKey).sort());
  for (const want of expected) {
    const match = bad.find(
      (f) =>
        findingKey(f) === findingKey(want) &&
        (want.file === undefined || f.file === want.file) &&
        (want.line === undefined || f.line === want.line) &&
        (want.mentions ?? []).every((m) => f.message.includes(m)),
    );
    expect(
      match,
      `no finding ${findingKey(want)} at ${want.file ?? '*'}:${want.line ?? '*'} naming ${(want.mentions ?? []).join(', ')}\n${JSON.stringify(bad, null, 1)}`,
    ).toBeDefined();
  }
}
