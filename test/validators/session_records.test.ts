/**
 * session_records (rule majordomus.session-records): the mutation cases of the session records rule,
 * each run through `doctor --rule` in process on an adopted repository holding a record in the shape
 * `session close` writes — an unknown key, every absolute path form, a duplicate identity, an unknown
 * schema, an unknown outcome, a missing key, each a FAIL of category `session` naming the record; an
 * untracked record is left to session_records_shared; and one record `session close` really wrote, committed, passes
 * `doctor` (0) and fails `watch` as drift (11) once mutated.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { absolutePathForm } from '../../validators/session_records';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.session-records';
const DIR = '.ai/repo/sessions';
const NAME = '20260906T035524Z--s-20260906035523-7b6c--main--4658856--95eae054a18c3e3e.md';
const OTHER = '20260907T035524Z--s-20260907035523-1a2b--main--4658856--0123456789abcdef.md';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function record(change: (lines: string[]) => string[] = (lines) => lines, id = 's-20260906035523-7b6c'): string {
  const lines = [
    'schema: session/v1',
    'kind: session',
    `session_id: "${id}"`,
    'created_at: "2026-09-06T03:55:24Z"',
    'started_at: "2026-09-06T03:55:23Z"',
    'closed_at: "2026-09-06T03:55:24Z"',
    'outcome: "closed"',
    'title: "Session on main"',
    'task_id: "none"',
    'profile: "none"',
    'repository_id: "git@example.org:team/project.git"',
    'worktree_id: "e2d0ee3a34301bd5"',
    'branch: "main"',
    'start_head: "4658856fee721c2db59a90ab2cc31f7fc90aa19e"',
    'head: "4658856fee721c2db59a90ab2cc31f7fc90aa19e"',
    'start_working_tree: "dirty"',
    'working_tree: "dirty"',
    'commits: []',
    'changed_files:',
    '  - "src/a.ts"',
    'tasks: []',
    'issues: []',
    'milestones: []',
    'checkpoints: []',
    'handovers: []',
    'decisions: []',
    'questions: []',
    'evidence: []',
  ];
  return `---\n${change(lines).join('\n')}\n---\n\nA summary of the work.\n`;
}

function adopted(files: Record<string, string>, commit = true): TempRepo {
  const repo = repos.create().init();
  for (const [name, text] of Object.entries(files)) repo.write(`${DIR}/${name}`, text);
  if (commit) {
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'records']);
  }
  return repo;
}

async function doctor(repo: TempRepo) {
  return gateInProcess(repo, 'doctor', { rule: RULE });
}

const replace = (key: string, value: string) => (lines: string[]) =>
  lines.map((line) => (line.startsWith(`${key}:`) ? `${key}: ${value}` : line));

describe('session_records', () => {
  it('a sound, tracked record passes: one OK, exit 0', async () => {
    const run = await doctor(adopted({ [NAME]: record() }));
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category])).toEqual([['OK', 'session']]);
  });

  it('a record git does not track is no concern of this rule (session_records_shared warns of it): OK, exit 0', async () => {
    const run = await doctor(adopted({ [NAME]: record() }, false));
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category])).toEqual([['OK', 'session']]);
  });

  it.each([
    ['an unknown key', (lines: string[]) => [...lines, 'transcript: "the whole chat"'], /unknown key `transcript`/],
    ['an unknown schema', replace('schema', 'session/v2'), /session\/v2/],
    ['no schema', (lines: string[]) => lines.filter((line) => !line.startsWith('schema:')), /`schema` is missing/],
    ['an unknown outcome', replace('outcome', '"done"'), /outcome/],
    ['a missing closed_at', (lines: string[]) => lines.filter((line) => !line.startsWith('closed_at:')), /`closed_at` is missing/],
    ['another kind', replace('kind', 'handover'), /`kind`/],
    ['an absolute POSIX path', replace('repository_id', '"/home/alice/project/.git"'), /absolute path/],
    [
      'an absolute path inside a list',
      (lines: string[]) => lines.map((line) => (line === '  - "src/a.ts"' ? '  - "/srv/checkout/src/a.ts"' : line)),
      /changed_files/,
    ],
  ])('%s is a FAIL of category session naming the record (exit 10)', async (_name, change, message) => {
    const run = await doctor(adopted({ [NAME]: record(change) }));
    expect(run.code).toBe(10);
    const failed = run.findings.filter((f) => f.level === 'FAIL');
    expect(failed.length).toBeGreaterThan(0);
    for (const finding of failed) expect(finding).toMatchObject({ category: 'session', subject: `${DIR}/${NAME}` });
    expect(failed.map((f) => f.message).join('\n')).toMatch(message);
  });

  it('two records claiming one identity: a FAIL on each, naming both', async () => {
    const run = await doctor(adopted({ [NAME]: record(), [OTHER]: record() }));
    expect(run.code).toBe(10);
    const failed = run.findings.filter((f) => f.level === 'FAIL' && /claimed by 2 records/.test(f.message));
    expect(failed.map((f) => f.subject).sort()).toEqual([`${DIR}/${NAME}`, `${DIR}/${OTHER}`]);
  });

  it.each(['/x', '\\x', '//server/share', '\\\\server\\share', 'C:\\x', 'C:x', 'c:', 'file:///x', '~/x', '~'])(
    '%s counts as an absolute path',
    (value) => {
      expect(absolutePathForm(value)).toBeDefined();
    },
  );

  it.each([
    'git@github.com:team/project.git',
    'https://example.org/x.git',
    'local:0123456789abcdef',
    'src/a.ts',
    'Q: why',
    '2026-09-06 — a decision',
  ])('%s is not an absolute path', (value) => {
    expect(absolutePathForm(value)).toBeUndefined();
  });

  it('a record session close wrote and git tracks passes doctor; mutated with an unknown key it fails doctor (10) and watch as drift (11)', () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'base']);
    expect(repo.run(['session', 'start']).code).toBe(0);
    const path = repo.run(['session', 'close']).stdout.trim();
    repo.git(['add', '--', path]);
    repo.git(['commit', '-q', '--no-verify', '-m', 'record']);
    expect(repo.gate(['doctor', '--rule', RULE]).code).toBe(0);
    repo.write(path, repo.read(path).replace('kind: session\n', 'kind: session\nnotes: "x"\n'));
    const doctorRun = repo.gate(['doctor', '--rule', RULE]);
    expect(doctorRun.code).toBe(10);
    expect(doctorRun.findings.filter((f) => f.level === 'FAIL').map((f) => f.subject)).toEqual([path]);
    const watch = repo.gate(['watch', '--rule', RULE]);
    expect(watch.code).toBe(11);
    expect(watch.findings.filter((f) => f.level === 'DRIFT').map((f) => [f.category, f.subject])).toEqual([['session', path]]);
  });
});
