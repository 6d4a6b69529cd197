/**
 * checkpoint (rule majordomus.checkpoint-freshness, advisory): every case starts from `majordomus init`,
 * writes a current task whose last checkpoint is some minutes old, and runs `check` (or `watch`) in
 * process. A task older than its interval is a WARN on the task file and the exit code stays 0; the
 * interval comes from the profile, else the policy's default, else 15 minutes.
 */
import { afterAll } from 'vitest';
import { edit } from '../helpers/cases';
import type { GateCase } from '../helpers/records';
import { CURRENT, describeGateCases, minutesAgo, writeTask } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.checkpoint-freshness';
const PROFILE = '.ai/repo/profiles/implementation.yaml';
const POLICY = '.ai/repo/policy.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const OK = { level: 'OK', category: 'checkpoint', subject: CURRENT } as const;
const STALE = { level: 'WARN', category: 'checkpoint', subject: CURRENT } as const;

function task(fields: Record<string, string | undefined>): (repo: TempRepo) => void {
  return (repo) => writeTask(repo, fields);
}

/** The profile sets no interval of its own; the policy's default is `value`. */
function policyDefault(value: string): (repo: TempRepo) => void {
  return (repo) => {
    edit(repo, PROFILE, 'checkpoint_interval: 15m\n', '');
    edit(repo, POLICY, 'checkpoint_interval_default: 15m', `checkpoint_interval_default: ${value}`);
  };
}

function all(...steps: Array<(repo: TempRepo) => void>): (repo: TempRepo) => void {
  return (repo) => {
    for (const step of steps) step(repo);
  };
}

const CASES: readonly GateCase[] = [
  { name: 'no task at all', gate: 'watch', mutate: () => {}, code: 0, expected: [OK] },
  {
    name: 'a finished task is never due',
    gate: 'watch',
    mutate: task({ outcome: 'completed', started_at: minutesAgo(600) }),
    code: 0,
    expected: [OK],
  },
  { name: 'started a minute ago, no checkpoint yet', gate: 'check', mutate: task({ started_at: minutesAgo(1) }), code: 0, expected: [OK] },
  {
    name: 'started long ago, checkpointed a minute ago',
    gate: 'check',
    mutate: task({ started_at: minutesAgo(600), checkpoint_at: minutesAgo(1) }),
    code: 0,
    expected: [OK],
  },
  {
    name: 'started an hour ago, never checkpointed (profile: 15m)',
    gate: 'check',
    mutate: task({ started_at: minutesAgo(60) }),
    code: 0,
    expected: [STALE],
  },
  {
    name: 'checkpointed 30 minutes ago (profile: 15m)',
    gate: 'check',
    mutate: task({ started_at: minutesAgo(600), checkpoint_at: minutesAgo(30) }),
    code: 0,
    expected: [STALE],
    cli: true,
  },
  {
    name: 'the same under watch: a WARN, never DRIFT',
    gate: 'watch',
    mutate: task({ started_at: minutesAgo(600), checkpoint_at: minutesAgo(30) }),
    code: 0,
    expected: [STALE],
  },
  {
    name: "the profile's own interval (2h) holds a 30-minute-old checkpoint",
    gate: 'check',
    mutate: all(
      (repo) => edit(repo, PROFILE, 'checkpoint_interval: 15m', 'checkpoint_interval: 2h'),
      task({ checkpoint_at: minutesAgo(30) }),
    ),
    code: 0,
    expected: [OK],
  },
  {
    name: "no profile interval: the policy's default (1h) holds 30 minutes",
    gate: 'check',
    mutate: all(policyDefault('1h'), task({ checkpoint_at: minutesAgo(30) })),
    code: 0,
    expected: [OK],
  },
  {
    name: "no profile interval: the policy's default (10m) does not",
    gate: 'check',
    mutate: all(policyDefault('10m'), task({ checkpoint_at: minutesAgo(30) })),
    code: 0,
    expected: [STALE],
  },
  {
    name: 'a profile the task names but the layer lacks: the policy default (15m)',
    gate: 'check',
    mutate: task({ profile: 'missing', checkpoint_at: minutesAgo(30) }),
    code: 0,
    expected: [STALE],
  },
];

describeGateCases(RULE, repos, 'the last checkpoint against the interval', CASES);
