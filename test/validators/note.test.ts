/**
 * note (rule majordomus.note-integrity): `finish --outcome` run in process with each outcome and notes
 * with and without the sections it needs; a transcript is refused; `finish --check` takes no note.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { repoFactory } from '../helpers/repo';
import { finishInProcess, startedTask } from '../helpers/task';

const RULE = 'majordomus.note-integrity';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

const FULL = '# Objective\nx\n\n# Current State\ny\n\n# Next Action\nz\n';

const CASES: readonly { name: string; outcome: string; note?: string; levels: string[] }[] = [
  { name: 'completed with the handover sections', outcome: 'completed', note: FULL, levels: ['OK'] },
  { name: 'completed without a note', outcome: 'completed', levels: ['FAIL'] },
  { name: 'completed lacking # Current State', outcome: 'completed', note: '# Objective\nx\n# Next Action\nz\n', levels: ['FAIL'] },
  { name: 'partial with # Next Action', outcome: 'partial', note: '# Next Action\nz\n', levels: ['OK'] },
  { name: 'blocked without # Next Action', outcome: 'blocked', note: '# Objective\nx\n', levels: ['FAIL'] },
  { name: 'failed with # Reason', outcome: 'failed', note: '# Reason\nthe API is gone\n', levels: ['OK'] },
  { name: 'no_match without # Reason', outcome: 'no_match', note: FULL, levels: ['FAIL'] },
  { name: 'a transcript', outcome: 'completed', note: `${FULL}\nUser: do it\nAssistant: done\nUser: thanks\n`, levels: ['FAIL'] },
];

describe('note', () => {
  it.each(CASES)('$name', async ({ outcome, note, levels }) => {
    const repo = repos.create().init();
    await startedTask(repo, ['.']);
    if (note !== undefined) repo.write('.ai/local/note.md', note);
    const run = await finishInProcess(repo, {
      outcome,
      note: note === undefined ? undefined : '.ai/local/note.md',
      verifyCommand: 'git --version >/dev/null',
    });
    expect(run.findings.filter((f) => f.rule === RULE).map((f) => f.level)).toEqual(levels);
    expect(run.code).toBe(levels.includes('FAIL') ? 10 : 0);
  });

  it('finish --check takes no note: skipped, exit 0', async () => {
    const repo = repos.create().init();
    await startedTask(repo, ['.']);
    const run = await gateInProcess(repo, 'finish', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['INFO']);
  });
});
