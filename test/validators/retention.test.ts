/**
 * retention (rule majordomus.retention-caps): every case starts from `majordomus init` in a fresh git
 * repository, edits the policy init wrote and writes real state under `.ai/local/state/`, and runs
 * `doctor --rule` in process (the table's drift case also through the built CLI, which must print the
 * same). A missing or invalid cap names the policy file and the line of its block; a cap exceeded names
 * the directory over it. The ledger's cap is ledger_retention's (test/validators/ledger_retention.test.ts):
 * a ledger over it or without it is no finding here.
 */
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable, edit } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.retention-caps';
const POLICY = '.ai/repo/policy.yaml';
const STATE = '.ai/local/state';
const CHECKPOINTS = `${STATE}/checkpoints`;
const HANDOVERS = `${STATE}/handovers`;
const LEDGER = `${STATE}/ledger.jsonl`;

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const CHECKPOINT_CAP = '  retention_max_files: 500\n';
const HANDOVER_CAP = '  retention_max_files: 200\n';
const LEDGER_CAP = '  retention_max_lines: 5000\n';

/** Set a cap the skeleton writes to `value` (a YAML scalar). */
function cap(line: string, value: string): (repo: TempRepo) => void {
  return (repo) => edit(repo, POLICY, line, line.replace(/: \S+\n$/, `: ${value}\n`));
}

function records(dir: string, names: readonly string[]): (repo: TempRepo) => void {
  return (repo) => {
    for (const name of names) repo.write(`${dir}/${name}`, '# record\n');
  };
}

function both(...steps: Array<(repo: TempRepo) => void>): (repo: TempRepo) => void {
  return (repo) => {
    for (const step of steps) step(repo);
  };
}

const PASSING: readonly Case[] = [
  {
    name: 'a freshly initialised layer (no state yet counts as empty)',
    mutate: () => {},
    expected: [{ level: 'OK', category: 'retention', subject: STATE }],
  },
  {
    name: 'handovers exactly at the cap',
    mutate: both(cap(HANDOVER_CAP, '1'), records(HANDOVERS, ['a.md'])),
    expected: [{ level: 'OK', category: 'retention', subject: STATE }],
  },
  {
    name: 'files that are not .md records do not count',
    mutate: both(cap(CHECKPOINT_CAP, '1'), records(CHECKPOINTS, ['a.md', 'b.md.tmp', '.c.swp'])),
    expected: [{ level: 'OK', category: 'retention', subject: STATE }],
  },
  {
    name: "a ledger over its line cap is not this rule's (it never refuses a commit)",
    mutate: both(cap(LEDGER_CAP, '2'), (repo) => repo.write(LEDGER, '{}\n{}\n{}\n')),
    expected: [{ level: 'OK', category: 'retention', subject: STATE }],
  },
  {
    name: "a policy without the ledger cap is not this rule's",
    mutate: (repo) => edit(repo, POLICY, LEDGER_CAP, ''),
    expected: [{ level: 'OK', category: 'retention', subject: STATE }],
  },
  {
    // the policy rule reports the refusal; this rule says it did not check
    name: 'a policy that does not parse',
    mutate: (repo) => edit(repo, POLICY, 'version: 1\n', 'version: 1\n\tcolour: red\n'),
    expected: [{ level: 'INFO', category: 'retention', subject: POLICY }],
  },
];

const FAILING: readonly Case[] = [
  {
    name: 'checkpoint.retention_max_files removed',
    mutate: (repo) => edit(repo, POLICY, CHECKPOINT_CAP, ''),
    expected: [{ level: 'FAIL', category: 'retention', subject: POLICY, file: POLICY, at: 'checkpoint:' }],
  },
  {
    name: 'handover.retention_max_files removed',
    mutate: (repo) => edit(repo, POLICY, HANDOVER_CAP, ''),
    expected: [{ level: 'FAIL', category: 'retention', subject: POLICY, file: POLICY, at: 'handover:' }],
  },
  {
    name: 'a cap that is a string',
    mutate: cap(CHECKPOINT_CAP, '"500"'),
    expected: [{ level: 'FAIL', category: 'retention', subject: POLICY, file: POLICY, at: 'retention_max_files: "500"' }],
  },
  {
    name: 'a negative cap',
    mutate: cap(HANDOVER_CAP, '-1'),
    expected: [{ level: 'FAIL', category: 'retention', subject: POLICY, file: POLICY, at: 'retention_max_files: -1' }],
  },
  {
    name: 'a fractional cap',
    mutate: cap(CHECKPOINT_CAP, '1.5'),
    expected: [{ level: 'FAIL', category: 'retention', subject: POLICY, file: POLICY, at: 'retention_max_files: 1.5' }],
  },
  {
    name: 'handovers over the cap',
    mutate: both(cap(HANDOVER_CAP, '1'), records(HANDOVERS, ['a.md', 'b.md'])),
    expected: [{ level: 'FAIL', category: 'retention', subject: HANDOVERS }],
  },
  {
    name: 'checkpoints over the cap',
    mutate: both(cap(CHECKPOINT_CAP, '1'), records(CHECKPOINTS, ['a.md', 'b.md'])),
    expected: [{ level: 'FAIL', category: 'retention', subject: CHECKPOINTS }],
  },
  {
    name: 'every cap exceeded at once',
    mutate: both(cap(CHECKPOINT_CAP, '0'), cap(HANDOVER_CAP, '0'), records(CHECKPOINTS, ['a.md']), records(HANDOVERS, ['a.md'])),
    expected: [
      { level: 'FAIL', category: 'retention', subject: CHECKPOINTS },
      { level: 'FAIL', category: 'retention', subject: HANDOVERS },
    ],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: {
    mutate: both(cap(HANDOVER_CAP, '1'), records(HANDOVERS, ['a.md', 'b.md'])),
    expected: [{ level: 'FAIL', category: 'retention', subject: HANDOVERS }],
  },
});
