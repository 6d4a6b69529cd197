/**
 * obligations (rule majordomus.obligation-closure): every case starts from `majordomus init`, sets the
 * policy's `verification.obligations`, commits, writes a current task, and runs `finish` (or `check`) in
 * process. Each obligation is established from git at HEAD: refuted or not establishable is a FAIL whose
 * subject is the obligation (exit 10), held is OK; an unfinished outcome, or an active task at `check`,
 * turns what is owed into an INFO.
 */
import { afterAll } from 'vitest';
import { edit } from '../helpers/cases';
import type { GateCase } from '../helpers/records';
import { CURRENT, describeGateCases, writeTask } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.obligation-closure';
const POLICY = '.ai/repo/policy.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const held = (subject: string) => ({ level: 'OK', category: 'obligation', subject }) as const;
const owed = (subject: string) => ({ level: 'FAIL', category: 'obligation', subject }) as const;

/** The policy owes `list`, the layer is committed, and a task is current (`outcome` as given). */
function owing(list: string, outcome = 'active'): (repo: TempRepo) => void {
  return (repo) => {
    edit(repo, POLICY, 'obligations: []', `obligations: [${list}]`);
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    writeTask(repo, { outcome });
  };
}

/** A bare remote the branch is pushed to, with its upstream set. */
function pushed(repo: TempRepo): void {
  const remote = repos.create({ git: false });
  remote.git(['init', '-q', '--bare', '.']);
  repo.git(['remote', 'add', 'origin', remote.dir]);
  repo.git(['push', '-q', '--no-verify', '-u', 'origin', 'main']);
}

function all(...steps: Array<(repo: TempRepo) => void>): (repo: TempRepo) => void {
  return (repo) => {
    for (const step of steps) step(repo);
  };
}

const dirty = (repo: TempRepo) => repo.write('src/a/x.ts', 'export {};\n');
const later = (repo: TempRepo) => {
  repo.write('src/a/y.ts', 'export {};\n');
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'after the push']);
};

const CASES: readonly GateCase[] = [
  {
    name: 'the policy owes nothing (the skeleton)',
    gate: 'finish',
    mutate: (repo) => writeTask(repo),
    code: 0,
    expected: [{ level: 'OK', category: 'obligation', subject: POLICY }],
  },
  {
    name: 'owed, but no task',
    gate: 'finish',
    mutate: (repo) => (owing('committed')(repo), repo.remove(CURRENT)),
    code: 0,
    expected: [{ level: 'OK', category: 'obligation', subject: CURRENT }],
  },
  {
    name: 'committed: a clean tree (the local half does not count)',
    gate: 'finish',
    mutate: owing('committed'),
    code: 0,
    expected: [held('committed')],
  },
  { name: 'committed: an untracked file', gate: 'finish', mutate: all(owing('committed'), dirty), code: 10, expected: [owed('committed')] },
  {
    name: 'committed: a staged change',
    gate: 'finish',
    mutate: all(owing('committed'), dirty, (repo) => repo.git(['add', 'src/a/x.ts'])),
    code: 10,
    expected: [owed('committed')],
  },
  {
    name: 'committed: a change while the work goes on is named, not refused',
    gate: 'check',
    mutate: all(owing('committed'), dirty),
    code: 0,
    expected: [{ level: 'INFO', category: 'obligation', subject: CURRENT }],
    cli: true,
  },
  { name: 'held at check too', gate: 'check', mutate: owing('committed'), code: 0, expected: [held('committed')] },
  {
    name: 'committed: owed under the outcome partial is outstanding, not refused',
    gate: 'finish',
    mutate: all(owing('committed', 'partial'), dirty),
    code: 0,
    expected: [{ level: 'INFO', category: 'obligation', subject: CURRENT }],
  },
  { name: 'pushed: no upstream cannot establish it', gate: 'finish', mutate: owing('pushed'), code: 10, expected: [owed('pushed')] },
  { name: 'pushed: the upstream holds HEAD', gate: 'finish', mutate: all(owing('pushed'), pushed), code: 0, expected: [held('pushed')] },
  {
    name: 'pushed: a commit after the push',
    gate: 'finish',
    mutate: all(owing('pushed'), pushed, later),
    code: 10,
    expected: [owed('pushed')],
  },
  {
    name: 'both: pushed, then a change left uncommitted',
    gate: 'finish',
    mutate: all(owing('committed, pushed'), pushed, dirty),
    code: 10,
    expected: [owed('committed'), held('pushed')],
  },
];

describeGateCases(RULE, repos, 'each obligation established at HEAD', CASES);
