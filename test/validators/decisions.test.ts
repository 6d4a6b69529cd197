/**
 * decisions (rule majordomus.decision-records, advisory): every case starts from `majordomus init`,
 * writes a decisions store under `.ai/local/state/` and runs a gate in process. A complete entry is
 * OK; each entry lacking Task, Head or Why is a WARN at its heading, and the exit code stays 0.
 */
import { afterAll } from 'vitest';
import type { GateCase } from '../helpers/records';
import { describeGateCases, STATE, writeTask } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.decision-records';
const STORE = `${STATE}/decisions.md`;

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const entry = (what: string, fields: Record<string, string>): string =>
  `${[`## 2026-09-03 — ${what}`, ...Object.entries(fields).map(([key, value]) => `${key}: ${value}`)].join('\n')}\n`;
const FULL = {
  Task: 't-20260903193012-a4f1',
  Head: '3f2a9c1',
  Why: 'the cache hides a stale read',
  Rejected: '-',
  Evidence: '-',
  Supersedes: '-',
};
const without = (...keys: string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(FULL).filter(([key]) => !keys.includes(key)));

function store(text: string): (repo: TempRepo) => void {
  return (repo) => repo.write(STORE, text);
}

const OK = { level: 'OK', category: 'records', subject: STORE } as const;
const warnAt = (text: string) => ({ level: 'WARN', category: 'records', subject: STORE, file: STORE, at: text }) as const;

const CASES: readonly GateCase[] = [
  { name: 'no decisions store yet', gate: 'doctor', mutate: () => {}, code: 0, expected: [OK] },
  {
    name: 'complete entries',
    gate: 'doctor',
    mutate: store(`${entry('drop the cache', FULL)}\n${entry('keep the queue', FULL)}`),
    code: 0,
    expected: [OK],
  },
  {
    name: 'the commented template is no entry',
    gate: 'doctor',
    mutate: store(`<!--\n## <date> — <what>\nTask:\n-->\n${entry('drop the cache', FULL)}`),
    code: 0,
    expected: [OK],
  },
  {
    name: 'Head `-` (written before the first commit) is accepted',
    gate: 'doctor',
    mutate: store(entry('start over', { ...FULL, Head: '-' })),
    code: 0,
    expected: [OK],
  },
  {
    name: 'an entry without Task',
    gate: 'doctor',
    mutate: store(entry('drop the cache', without('Task'))),
    code: 0,
    expected: [warnAt('drop the cache')],
  },
  {
    name: 'an entry without Head',
    gate: 'doctor',
    mutate: store(entry('drop the cache', without('Head'))),
    code: 0,
    expected: [warnAt('drop the cache')],
  },
  {
    name: 'an entry with an empty Why',
    gate: 'doctor',
    mutate: store(entry('drop the cache', { ...FULL, Why: '' })),
    code: 0,
    expected: [warnAt('drop the cache')],
  },
  {
    name: 'a Why of `-` says nothing',
    gate: 'doctor',
    mutate: store(entry('drop the cache', { ...FULL, Why: '-' })),
    code: 0,
    expected: [warnAt('drop the cache')],
  },
  {
    name: 'each lacking entry at its own heading, the complete one silent',
    gate: 'doctor',
    mutate: store(`${entry('first', without('Why'))}\n${entry('second', FULL)}\n${entry('third', without('Task', 'Head', 'Why'))}`),
    code: 0,
    expected: [warnAt('first'), warnAt('third')],
    cli: true,
  },
  {
    name: 'at check, with an active task: still a WARN, exit 0',
    gate: 'check',
    mutate: (repo) => {
      writeTask(repo);
      store(entry('drop the cache', without('Task')))(repo);
    },
    code: 0,
    expected: [warnAt('drop the cache')],
  },
];

describeGateCases(RULE, repos, 'entries lacking Task, Head or Why', CASES);
