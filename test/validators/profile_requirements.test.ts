/**
 * profile_requirements (rule majordomus.profile-requirements): a task started under each shipped
 * profile, work committed, and `finish --outcome` run in process (test/helpers/task.ts): a profile
 * requiring a regression test refuses `completed` without a changed test file; one requiring a decision
 * record refuses it without an entry for the task in decisions.md; other outcomes owe nothing, and
 * `finish --check` does not judge.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { finishInProcess, startedTask } from '../helpers/task';

const RULE = 'majordomus.profile-requirements';
const NOTE = 'note.md';
const DECISIONS = '.ai/local/state/decisions.md';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

const entry = (id: string) =>
  `## 2026-01-01 — kept the store\nTask: ${id}\nHead: 0000000\nWhy: one writer\nRejected: -\nEvidence: -\nSupersedes: -\n`;

interface Case {
  name: string;
  profile: string;
  outcome?: string;
  files: string[];
  before?: (repo: TempRepo, id: string) => void;
  /** [level, subject] of this rule's findings; `id` stands for the task id. */
  expected: [string, string][];
}

const CASES: readonly Case[] = [
  { name: 'implementation asks nothing more', profile: 'implementation', files: ['src/x.ts'], expected: [['OK', 'id']] },
  { name: 'debugging without a test', profile: 'debugging', files: ['src/x.ts'], expected: [['FAIL', 'id']] },
  { name: 'debugging with a test under test/', profile: 'debugging', files: ['src/x.ts', 'test/x.test.ts'], expected: [['OK', 'id']] },
  { name: 'debugging with a spec beside the code', profile: 'debugging', files: ['src/x.spec.ts'], expected: [['OK', 'id']] },
  { name: 'debugging, partial, without a test', profile: 'debugging', outcome: 'partial', files: ['src/x.ts'], expected: [['OK', 'id']] },
  { name: 'deep-work without a decision', profile: 'deep-work', files: ['src/x.ts'], expected: [['FAIL', 'id']] },
  {
    name: 'deep-work with a decision for the task',
    profile: 'deep-work',
    files: ['src/x.ts'],
    before: (repo, id) => repo.write(DECISIONS, `# Decisions\n\n${entry(id)}`),
    expected: [['OK', 'id']],
  },
  {
    name: 'deep-work with a decision of another task',
    profile: 'deep-work',
    files: ['src/x.ts'],
    before: (repo) => repo.write(DECISIONS, entry('t-other')),
    expected: [['FAIL', 'id']],
  },
  {
    name: 'deep-work with the entry only in the template comment',
    profile: 'deep-work',
    files: ['src/x.ts'],
    before: (repo, id) => repo.write(DECISIONS, `<!--\n${entry(id)}-->\n`),
    expected: [['FAIL', 'id']],
  },
  {
    name: 'the profile file gone after start',
    profile: 'debugging',
    files: ['src/x.ts', 'test/x.test.ts'],
    before: (repo) => repo.remove('.ai/repo/profiles/debugging.yaml'),
    expected: [['FAIL', '.ai/repo/profiles/debugging.yaml']],
  },
];

async function taskRepo(profile: string): Promise<{ repo: TempRepo; id: string }> {
  const repo = repos.create().init();
  repo.write('.gitignore', `${repo.exists('.gitignore') ? repo.read('.gitignore') : ''}note.md\n`);
  const id = await startedTask(repo, ['.'], { profile });
  repo.write(NOTE, '# Objective\nx\n# Current State\ny\n# Next Action\nz\n');
  return { repo, id };
}

describe('profile_requirements', () => {
  it.each(CASES)('$name', async ({ profile, outcome = 'completed', files, before, expected }) => {
    const { repo, id } = await taskRepo(profile);
    for (const file of files) repo.write(file, 'x\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'work']);
    before?.(repo, id);
    const run = await finishInProcess(repo, { outcome, verifyCommand: 'git --version >/dev/null', note: NOTE });
    const mine = run.findings.filter((f) => f.rule === RULE);
    expect(mine.map((f) => [f.level, f.subject === id ? 'id' : f.subject])).toEqual(expected);
    expect(mine.every((f) => f.category === 'regression')).toBe(true);
    if (expected.some(([level]) => level === 'FAIL')) expect(run.code).toBe(10);
  });

  it('a missing decision names the store as its file', async () => {
    const { repo } = await taskRepo('deep-work');
    const run = await finishInProcess(repo, { outcome: 'completed', verifyCommand: 'git --version >/dev/null', note: NOTE });
    expect(run.findings.filter((f) => f.rule === RULE).map((f) => f.file)).toEqual([DECISIONS]);
  });

  it('finish --check names no outcome: not judged, exit 0', async () => {
    const { repo } = await taskRepo('debugging');
    const run = await gateInProcess(repo, 'finish', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['INFO']);
  });
});
