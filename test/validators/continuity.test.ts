/**
 * continuity (rule majordomus.task-continuity, advisory): every case starts from `majordomus init`,
 * writes a current task with an outcome and, or not, a handover naming it, and runs `finish` in process.
 * A partial or blocked task without its own handover is a WARN on the task file, and the exit code stays 0.
 */
import { afterAll } from 'vitest';
import type { GateCase } from '../helpers/records';
import { CURRENT, describeGateCases, writeRecord, writeTask } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.task-continuity';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const OK = { level: 'OK', category: 'continuity', subject: CURRENT } as const;
const OWED = { level: 'WARN', category: 'continuity', subject: CURRENT } as const;

function finished(outcome: string, handoverOf?: string): (repo: TempRepo) => void {
  return (repo) => {
    writeTask(repo, { outcome });
    if (handoverOf !== undefined) writeRecord(repo, 'handover', { task_id: handoverOf });
  };
}

const CASES: readonly GateCase[] = [
  { name: 'no task', gate: 'finish', mutate: () => {}, code: 0, expected: [OK] },
  { name: 'an active task owes nothing yet', gate: 'finish', mutate: finished('active'), code: 0, expected: [OK] },
  { name: 'completed without a handover', gate: 'finish', mutate: finished('completed'), code: 0, expected: [OK] },
  { name: 'failed without a handover', gate: 'finish', mutate: finished('failed'), code: 0, expected: [OK] },
  { name: 'partial with its handover', gate: 'finish', mutate: finished('partial', 't-20260903193012-a4f1'), code: 0, expected: [OK] },
  { name: 'blocked with its handover', gate: 'finish', mutate: finished('blocked', 't-20260903193012-a4f1'), code: 0, expected: [OK] },
  { name: 'partial without a handover', gate: 'finish', mutate: finished('partial'), code: 0, expected: [OWED] },
  { name: 'blocked without a handover', gate: 'finish', mutate: finished('blocked'), code: 0, expected: [OWED] },
  {
    name: "blocked, with only another task's handover",
    gate: 'finish',
    mutate: finished('blocked', 't-20260801000000-0000'),
    code: 0,
    expected: [OWED],
  },
];

describeGateCases(RULE, repos, 'a partial or blocked task leaves a handover', CASES);
