/**
 * resolver (rule majordomus.handover-integrity): every case starts from `majordomus init` on branch
 * `main`, writes checkpoint and handover records as the publisher does (or damaged ones), and runs
 * `doctor --rule` in process (the drift case also through the built CLI). A file the resolver cannot read
 * is a FAIL on that file; a resolved handover or none at all is OK; a handover written at a commit the
 * history of HEAD does not hold is an INFO.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable } from '../helpers/cases';
import { HANDOVER_BODY, recordPath, STATE, writeRecord } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.handover-integrity';
const HANDOVERS = `${STATE}/handovers`;
const CHECKPOINTS = `${STATE}/checkpoints`;

const repos = repoFactory();
const outside = mkdtempSync(join(tmpdir(), 'resolver-rule-outside-'));
afterAll(() => {
  repos.disposeAll();
  rmSync(outside, { recursive: true, force: true });
});

const OK = { level: 'OK', category: 'resolver', subject: HANDOVERS } as const;
const HANDOVER = recordPath('handover');
const CHECKPOINT = recordPath('checkpoint');
const GONE = '0123456789abcdef0123456789abcdef01234567';

/** A record as written, then one line of it replaced. */
function damaged(kind: 'handover' | 'checkpoint', from: string, to: string): (repo: TempRepo) => void {
  return (repo) => {
    const path = writeRecord(repo, kind);
    repo.write(path, repo.read(path).replace(from, to));
  };
}

function committed(repo: TempRepo): string {
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  return repo.git(['rev-parse', 'HEAD']).trim();
}

const PASSING: readonly Case[] = [
  { name: 'no records at all: a clean absence', mutate: () => {}, expected: [OK] },
  { name: 'a handover of this worktree and branch', mutate: (repo) => writeRecord(repo, 'handover'), expected: [OK] },
  {
    name: 'only a handover of another branch: a clean absence',
    mutate: (repo) => writeRecord(repo, 'handover', { branch: 'feature' }),
    expected: [OK],
  },
  {
    name: 'checkpoints and a handover, every one readable',
    mutate: (repo) => (writeRecord(repo, 'checkpoint', {}, 'a note\n'), writeRecord(repo, 'handover')),
    expected: [OK],
  },
  {
    name: 'temporary and non-Markdown files are not records',
    mutate: (repo) => (repo.write(`${HANDOVERS}/.tmp-1234`, 'x'), repo.write(`${HANDOVERS}/notes.txt`, 'x')),
    expected: [OK],
  },
  {
    name: 'a handover written at the commit HEAD is on',
    mutate: (repo) => writeRecord(repo, 'handover', { head: committed(repo) }),
    expected: [OK],
  },
  {
    name: 'a handover written at a commit the history of HEAD does not hold: reported',
    mutate: (repo) => (committed(repo), writeRecord(repo, 'handover', { head: GONE })),
    expected: [
      OK,
      {
        level: 'INFO',
        category: 'resolver',
        subject: recordPath('handover', { head: GONE }),
        file: recordPath('handover', { head: GONE }),
      },
    ],
  },
  {
    name: 'two handovers of one second: the ledger, not the name, says which is newer',
    mutate: (repo) => {
      const here = writeRecord(repo, 'handover', { head: committed(repo) }, HANDOVER_BODY, 'ffffffffffffffff');
      const gone = writeRecord(repo, 'handover', { head: GONE }, HANDOVER_BODY, '0000000000000000');
      const line = (path: string) =>
        `${JSON.stringify({ ts: '2026-09-03T20:00:00Z', event: 'task.handed_over', head: null, branch: 'main', by: 'test', task_id: 't', handover_path: path, closed: false })}\n`;
      repo.write(`${STATE}/ledger.jsonl`, line(here) + line(gone));
    },
    expected: [
      OK,
      {
        level: 'INFO',
        category: 'resolver',
        subject: recordPath('handover', { head: GONE }, '0000000000000000'),
        file: recordPath('handover', { head: GONE }, '0000000000000000'),
      },
    ],
  },
];

const FAILING: readonly Case[] = [
  {
    name: 'a handover not named as a record is',
    mutate: (repo) => repo.write(`${HANDOVERS}/my-notes.md`, `---\n---\n${HANDOVER_BODY}`),
    expected: [{ level: 'FAIL', category: 'resolver', subject: `${HANDOVERS}/my-notes.md`, file: `${HANDOVERS}/my-notes.md` }],
  },
  {
    name: 'a handover with a key the writer never writes',
    mutate: damaged('handover', 'owner: "alice"', 'mood: "good"'),
    expected: [{ level: 'FAIL', category: 'resolver', subject: HANDOVER, file: HANDOVER, at: 'mood:' }],
  },
  {
    name: 'a handover whose head is not a string',
    mutate: damaged('handover', 'head: ""', 'head: 42'),
    expected: [{ level: 'FAIL', category: 'resolver', subject: HANDOVER, file: HANDOVER, at: 'head: 42' }],
  },
  {
    name: 'a handover whose body holds an identity key',
    mutate: damaged('handover', '# Next Action\nz', '# Next Action\nbranch: other'),
    expected: [{ level: 'FAIL', category: 'resolver', subject: HANDOVER, file: HANDOVER, at: 'branch: other' }],
  },
  {
    name: 'a handover with no front matter',
    mutate: (repo) => repo.write(HANDOVER, HANDOVER_BODY),
    expected: [{ level: 'FAIL', category: 'resolver', subject: HANDOVER, file: HANDOVER, at: '# Objective' }],
  },
  {
    name: 'a checkpoint with a broken created_at',
    mutate: damaged('checkpoint', 'created_at: 2026-09-03T20:00:00Z', 'created_at: yesterday'),
    expected: [{ level: 'FAIL', category: 'resolver', subject: CHECKPOINT, file: CHECKPOINT, at: 'created_at' }],
  },
  {
    name: 'the handover folder a link leading outside the repository',
    mutate: (repo) => {
      const dir = join(outside, `handovers-${Math.random().toString(16).slice(2)}`);
      mkdirSync(dir);
      mkdirSync(repo.path(STATE), { recursive: true });
      symlinkSync(dir, repo.path(HANDOVERS));
    },
    expected: [{ level: 'FAIL', category: 'resolver', subject: HANDOVERS }],
  },
  {
    name: 'a damaged checkpoint beside a sound handover',
    mutate: (repo) => (writeRecord(repo, 'handover'), repo.write(`${CHECKPOINTS}/x.md`, 'x')),
    expected: [{ level: 'FAIL', category: 'resolver', subject: `${CHECKPOINTS}/x.md`, file: `${CHECKPOINTS}/x.md` }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: {
    mutate: damaged('handover', 'owner: "alice"', 'mood: "good"'),
    expected: [{ level: 'FAIL', category: 'resolver', subject: HANDOVER, file: HANDOVER, at: 'mood:' }],
  },
});
