/**
 * Tables of cases for a rule tested from `majordomus init`: each case changes a freshly initialised
 * repository and names the findings `doctor --rule` must report. A `Case` names them exactly, by level,
 * category, subject and — when the finding points into a file — the line that holds a given text, so a
 * table never hard-codes line numbers; a `FindingCase` names its failing findings for `expectFailing`.
 *
 * The cases run the gate in process (helpers/gate.ts); each table's drift case also runs the built CLI
 * and must print exactly what the in-process run reported, so the table stays a statement about the
 * command a user runs.
 */
import { describe, expect, it } from 'vitest';
import type { ExpectedFinding } from './findings';
import { expectFailing } from './findings';
import { expectSameFromCli, gateInProcess } from './gate';
import type { JsonFinding, repoFactory, TempRepo } from './repo';
import { failing } from './repo';

/** A finding a case expects. */
export interface Expected {
  readonly level: 'FAIL' | 'WARN' | 'OK' | 'INFO';
  readonly category: string;
  readonly subject: string;
  /** The file the finding points into, when it points into one. */
  readonly file?: string;
  /** Text that sits on exactly one line of `file`: the finding must carry that line. */
  readonly at?: string;
}

/** One row of a table: a change to a freshly initialised repository and exactly the findings it causes. */
export interface Case {
  readonly name: string;
  mutate(repo: TempRepo): void;
  readonly expected: readonly Expected[];
}

/** The temporary repositories of one test file. */
type Repos = ReturnType<typeof repoFactory>;

/** Replace the one occurrence of `from` in a file init wrote; a skeleton that changed fails loudly here. */
export function edit(repo: TempRepo, file: string, from: string, to: string): void {
  const text = repo.read(file);
  expect(text.split(from).length - 1, `${JSON.stringify(from)} occurs once in ${file}`).toBe(1);
  repo.write(file, text.replace(from, to));
}

/** The 1-based line of the one line of `file` that contains `text`. */
export function lineOf(repo: TempRepo, file: string, text: string): number {
  const lines = repo.read(file).split('\n');
  const hits = lines.flatMap((line, index) => (line.includes(text) ? [index + 1] : []));
  expect(hits, `${JSON.stringify(text)} is on exactly one line of ${file}`).toHaveLength(1);
  return hits[0]!;
}

/** Findings reduced to what a table asserts, in a stable order. */
export function project(findings: readonly JsonFinding[]): object[] {
  return findings.map(({ level, category, subject, file, line }) => ({ level, category, subject, file, line })).sort(byJson);
}

/** Expectations in the form of `project`, each `at` turned into the line of `repo` that holds it. */
export function resolve(repo: TempRepo, expected: readonly Expected[]): object[] {
  return expected
    .map(({ level, category, subject, file, at }) => ({
      level,
      category,
      subject,
      file: file ?? null,
      line: at === undefined ? null : lineOf(repo, file!, at),
    }))
    .sort(byJson);
}

function byJson(a: object, b: object): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

/** A repository initialised by the built CLI, changed by `mutate`. */
export function prepared(repos: Repos, mutate: (repo: TempRepo) => void): TempRepo {
  const repo = repos.create().init();
  mutate(repo);
  return repo;
}

/** The tables of one rule. */
export interface RuleTable {
  readonly rule: string;
  readonly repos: Repos;
  /** Cases `doctor --rule` passes with exit 0, reporting exactly their findings. */
  readonly passing: readonly Case[];
  /** Cases `doctor --rule` fails with exit 10, reporting exactly their failing findings. */
  readonly failing: readonly Case[];
  /** A failing case whose findings `watch --rule` must report as DRIFT, with exit 11. */
  readonly drift: Pick<Case, 'mutate' | 'expected'>;
}

/** Declare the suites `<rule>: passing` and `<rule>: failing` (its cases, then the drift under watch). */
export function describeTable({ rule, repos, passing, failing: failingCases, drift }: RuleTable): void {
  describe(`${rule}: passing`, () => {
    it.each(passing)('$name', async ({ mutate, expected }) => {
      const repo = prepared(repos, mutate);
      const { code, findings } = await gateInProcess(repo, 'doctor', { rule });
      expect(code).toBe(0);
      expect(failing(findings)).toEqual([]);
      expect(project(findings)).toEqual(resolve(repo, expected));
      expect(findings.every((f) => f.rule === rule)).toBe(true);
    });
  });

  describe(`${rule}: failing`, () => {
    it.each(failingCases)('$name', async ({ mutate, expected }) => {
      const repo = prepared(repos, mutate);
      const { code, findings } = await gateInProcess(repo, 'doctor', { rule });
      expect(code).toBe(10);
      expect(project(failing(findings))).toEqual(resolve(repo, expected));
      expect(failing(findings).every((f) => f.rule === rule)).toBe(true);
    });

    it('watch turns the violation into DRIFT and exits 11; the built CLI prints exactly that', async () => {
      const repo = prepared(repos, drift.mutate);
      const inProcess = await gateInProcess(repo, 'watch', { rule });
      expect(inProcess.code).toBe(11);
      expect(project(failing(inProcess.findings))).toEqual(resolve(repo, drift.expected).map((f) => ({ ...f, level: 'DRIFT' })));
      expectSameFromCli(repo, 'watch', { rule }, inProcess);
    });
  });
}

/** One row of a table matched by `expectFailing`: a change and the failing findings it causes. */
export interface FindingCase {
  readonly name: string;
  readonly mutate: (repo: TempRepo) => void;
  readonly expected: readonly ExpectedFinding[];
}

/** Each case passes `doctor --rule` (in process) with exit 0, and the rule reports `ok` (its category and subject) as OK. */
export function itPasses(
  rule: string,
  repos: Repos,
  cases: readonly Pick<FindingCase, 'name' | 'mutate'>[],
  ok: { category: string; subject: string },
): void {
  it.each(cases)('$name → exit 0, OK', async ({ mutate }) => {
    const repo = prepared(repos, mutate);
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule });
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings).toContainEqual(expect.objectContaining({ level: 'OK', category: ok.category, subject: ok.subject, rule }));
  });
}

/** Each case fails `doctor --rule` (in process) with exit 10 and exactly its failing findings; `title` names each test. */
export function itFails(title: string, rule: string, repos: Repos, cases: readonly FindingCase[]): void {
  it.each(cases)(title, async ({ mutate, expected }) => {
    const repo = prepared(repos, mutate);
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule });
    expectFailing(findings, expected);
    expect(code).toBe(10);
  });
}
