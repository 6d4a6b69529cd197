/**
 * session_records_shared (rule majordomus.session-records-shared, advisory, doctor only): a record
 * `session close` really wrote is a WARN of category session naming it while git does not track it —
 * doctor still exits 0, and watch does not run the rule — and OK once committed. In process through
 * `doctor --rule`; the record comes from the built CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notTracked } from '../../validators/session_records_shared';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.session-records-shared';
const DIR = '.ai/repo/sessions';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** An adopted, committed repository with one closed episode's record, left untracked; its path. */
function closed(): { repo: TempRepo; path: string } {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'base']);
  expect(repo.run(['session', 'start']).code).toBe(0);
  const run = repo.run(['session', 'close']);
  expect(run.code, run.stderr).toBe(0);
  return { repo, path: run.stdout.trim() };
}

describe('session_records_shared', () => {
  let repo: TempRepo;
  let path: string;
  beforeAll(() => {
    ({ repo, path } = closed());
  });

  it('an untracked record is a WARN of category session naming it; doctor exits 0', async () => {
    expect(path.startsWith(`${DIR}/`)).toBe(true);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category, f.subject])).toEqual([['WARN', 'session', path]]);
    // the record's content is sound: the blocking rule has nothing to say about tracking any more
    const records = await gateInProcess(repo, 'doctor', { rule: 'majordomus.session-records' });
    expect(records.code).toBe(0);
    expect(records.findings.map((f) => f.level)).toEqual(['OK']);
  });

  it('is no drift: watch does not run the rule', async () => {
    const run = await gateInProcess(repo, 'watch');
    expect(run.code).toBe(0);
    // watch ran its rules (the blocking session-records among them), just not this one
    expect(run.findings.some((f) => f.rule === 'majordomus.session-records')).toBe(true);
    expect(run.findings.filter((f) => f.rule === RULE)).toEqual([]);
  });

  it('in the index, as a pre-commit hook reads it: a staged record is shared, an unstaged one is not in the commit', async () => {
    const other = closed();
    const onDisk = await gateInProcess(other.repo, 'doctor', { rule: RULE, env: { GIT_INDEX_FILE: '.git/index' } });
    expect(onDisk.code).toBe(0);
    expect(onDisk.findings.map((f) => [f.level, f.category, f.subject])).toEqual([['OK', 'session', DIR]]);
    other.repo.git(['add', '--', other.path]);
    const staged = await gateInProcess(other.repo, 'doctor', { rule: RULE, env: { GIT_INDEX_FILE: '.git/index' } });
    expect(staged.code).toBe(0);
    expect(staged.findings.map((f) => [f.level, f.category, f.subject])).toEqual([['OK', 'session', DIR]]);
  });

  it('a committed record is OK', async () => {
    repo.git(['add', '--', path]);
    repo.git(['commit', '-q', '--no-verify', '-m', 'record']);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category, f.subject])).toEqual([['OK', 'session', DIR]]);
  });

  it('names the records listed that git does not track, whatever else the folder tracks', () => {
    const at = (...names: string[]): string[] => names.map((name) => `${DIR}/${name}`);
    // the records exactly the tracked ones, beside a tracked .gitkeep, a note and a subfolder's file
    expect(notTracked(DIR, ['a.md', 'b.md'], at('.gitkeep', 'a.md', 'b.md', 'notes.txt', 'old/c.md'))).toEqual([]);
    // one listed record untracked; one tracked record gone from the disk is not this rule's
    expect(notTracked(DIR, ['a.md', 'c.md', 'd.md'], at('.gitkeep', 'a.md', 'b.md', 'd.md'))).toEqual(at('c.md'));
    // nothing tracked at all
    expect(notTracked(DIR, ['b.md', 'a.md'], [])).toEqual(at('a.md', 'b.md'));
  });

  it('a repository with no sessions section yet: OK', async () => {
    const bare = repos.create().init();
    const run = await gateInProcess(bare, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['OK']);
  });
});
