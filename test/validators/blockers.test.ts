/**
 * blockers (rule majordomus.blocker-resolution): every case starts from `majordomus init`, writes a
 * current task and a questions store, and runs `check` or `finish` in process. Each unresolved
 * question, and each `- [` line the store cannot read, is a FAIL at its line (exit 10) — unless the task
 * already finished as something other than completed.
 */
import { afterAll } from 'vitest';
import type { GateCase } from '../helpers/records';
import { describeGateCases, STATE, writeTask } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.blocker-resolution';
const STORE = `${STATE}/open-questions.md`;

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const OPEN = '- [unresolved] t-20260903193012-a4f1 — which cache wins? (2026-09-03)\n';
const EARLIER = '- [unresolved] t-20260801000000-0000 — left by an earlier task? (2026-08-01)\n';
const DONE = '- [resolved 2026-09-04] t-20260903193012-a4f1 — is the queue ordered? — yes\n';
const TYPO = '- [unresovled] t-20260903193012-a4f1 — mistyped? (2026-09-03)\n';

function state(text: string | undefined, fields: Record<string, string> = {}): (repo: TempRepo) => void {
  return (repo) => {
    writeTask(repo, fields);
    if (text !== undefined) repo.write(STORE, text);
  };
}

const OK = { level: 'OK', category: 'blockers', subject: STORE } as const;
const at = (text: string) => ({ level: 'FAIL', category: 'blockers', subject: STORE, file: STORE, at: text }) as const;

const CASES: readonly GateCase[] = [
  { name: 'no questions store', gate: 'check', mutate: state(undefined), code: 0, expected: [OK] },
  { name: 'every question resolved', gate: 'finish', mutate: state(`# Questions\n${DONE}`), code: 0, expected: [OK] },
  { name: 'an unresolved question', gate: 'finish', mutate: state(`${DONE}${OPEN}`), code: 10, expected: [at('which cache')] },
  {
    name: 'an unresolved question, while the work goes on',
    gate: 'check',
    mutate: state(OPEN),
    code: 10,
    expected: [at('which cache')],
    cli: true,
  },
  {
    name: "an earlier task's question still waits",
    gate: 'finish',
    mutate: state(`${EARLIER}${DONE}`),
    code: 10,
    expected: [at('earlier task')],
  },
  { name: 'a mistyped line counts as open', gate: 'finish', mutate: state(`${DONE}${TYPO}`), code: 10, expected: [at('mistyped')] },
  {
    name: 'each at its line',
    gate: 'finish',
    mutate: state(`${OPEN}${DONE}${TYPO}${EARLIER}`),
    code: 10,
    expected: [at('which cache'), at('mistyped'), at('earlier task')],
  },
  {
    name: 'a task finished as blocked is not held: outstanding, reported',
    gate: 'finish',
    mutate: state(OPEN, { outcome: 'blocked' }),
    code: 0,
    expected: [{ level: 'INFO', category: 'blockers', subject: STORE }],
  },
];

describeGateCases(RULE, repos, 'open questions hold completion', CASES);
