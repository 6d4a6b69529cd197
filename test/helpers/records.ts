/**
 * What the tables of the records rules share: a current task written straight into the state folder
 * (the shape `start` writes, without a process per case), a record file as the publisher writes it, and
 * a table of cases each run at a gate of its own — the records rules are enforced at `check`, `finish`
 * and `watch` as well as `doctor`, and the advisory ones never change the exit code.
 */
import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RepositoryGateName } from '../../engine/generated/gates';
import type { RecordIdentity, RecordKind } from '../../engine/state/records/record';
import { formatRecord, RECORD_DIRS, recordName } from '../../engine/state/records/record';
import type { Expected } from './cases';
import { prepared, project, resolve } from './cases';
import { expectSameFromCli, gateInProcess } from './gate';
import type { repoFactory, TempRepo } from './repo';

export const STATE = '.ai/local/state';
export const CURRENT = `${STATE}/current.yaml`;
export const TASK_ID = 't-20260903193012-a4f1';

/** Write a current task of this checkout; `fields` override the defaults (an undefined value leaves the key out). */
export function writeTask(repo: TempRepo, fields: Record<string, string | undefined> = {}): void {
  const values: Record<string, string | undefined> = {
    id: TASK_ID,
    task: 'fix the callback',
    profile: 'implementation',
    owner: 'alice',
    started_at: '2026-09-03T19:30:12Z',
    outcome: 'active',
    repository_id: realpathSync(repo.path('.git')),
    worktree: realpathSync(repo.dir),
    working_tree: 'clean',
    ...fields,
  };
  const lines = Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  lines.splice(4, 0, 'scope:\n  - "src/a"');
  repo.write(CURRENT, `${lines.join('\n')}\n`);
}

/** An ISO time `minutes` before now, with seconds. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
}

export const HANDOVER_BODY = '# Objective\nx\n\n# Current State\ny\n\n# Next Action\nz\n';

/** The path `writeRecord` gives a record of `kind` with `identity` and the name's random part `random`. */
export function recordPath(kind: RecordKind, identity: Partial<RecordIdentity> = {}, random = '0123456789abcdef'): string {
  return `.ai/local/${RECORD_DIRS[kind]}/${recordName({ created_at: '2026-09-03T20:00:00Z', branch: 'main', head: '', ...identity }, random)}`;
}

/** Write a record as `checkpoint`/`handover` would (its name's random part `random`); its repository-relative path. */
export function writeRecord(
  repo: TempRepo,
  kind: RecordKind,
  identity: Partial<RecordIdentity> = {},
  body = HANDOVER_BODY,
  random = '0123456789abcdef',
): string {
  const full: RecordIdentity = {
    created_at: '2026-09-03T20:00:00Z',
    task_id: TASK_ID,
    profile: 'implementation',
    owner: 'alice',
    repository_id: realpathSync(repo.path('.git')),
    worktree: realpathSync(repo.dir),
    branch: 'main',
    head: '',
    working_tree: 'clean',
    changed_files: [],
    changed_files_excluded: 0,
    changed_files_excluded_by: [],
    ...identity,
  };
  const path = recordPath(kind, full, random);
  repo.write(path, formatRecord(full, body), 0o600);
  return path;
}

/** One row: a change to an initialised repository, the gate run, its exit code and exactly the rule's findings. */
export interface GateCase {
  readonly name: string;
  readonly gate: RepositoryGateName;
  mutate(repo: TempRepo): void;
  readonly code: number;
  readonly expected: readonly Expected[];
  /** Also run the built CLI, which must end with the same code and print exactly the same findings. */
  readonly cli?: boolean;
}

/** Each case runs `<gate> --rule <rule>` in process: the exit code and every finding of the rule (level, category, subject, line). */
export function describeGateCases(rule: string, repos: ReturnType<typeof repoFactory>, title: string, cases: readonly GateCase[]): void {
  describe(`${rule}: ${title}`, () => {
    it.each(cases)('$gate: $name', async ({ gate, mutate, code, expected, cli }) => {
      const repo = prepared(repos, mutate);
      const run = await gateInProcess(repo, gate, { rule });
      expect(run.code, run.stderr).toBe(code);
      expect(project(run.findings.filter((f) => f.rule === rule))).toEqual(resolve(repo, expected));
      expect(run.findings.every((f) => f.rule === rule)).toBe(true);
      if (cli) expectSameFromCli(repo, gate, { rule }, run);
    });
  });
}
