/**
 * The record stores as text (engine/records/): the exact line shapes of decisions.md and
 * open-questions.md, a record's name and front matter read back, and the resolver's order.
 */
import { describe, expect, it } from 'vitest';
import { findDecision, formatDecision, parseDecisions } from '../../../engine/state/records/decisions';
import { formatResolved, formatUnresolved, parseQuestions, textProblem, unresolved } from '../../../engine/state/records/questions';
import type { RecordIdentity, StoredRecord } from '../../../engine/state/records/record';
import {
  bodyLines,
  filledSections,
  formatRecord,
  identityKeyInBody,
  isRecordName,
  parseRecord,
  recordName,
} from '../../../engine/state/records/record';
import { resolveRecord } from '../../../engine/state/records/resolver';

describe('decisions.md', () => {
  const entry = formatDecision({
    date: '2026-09-03',
    what: 'token refresh uses the existing session store',
    task: 't-20260903193012-a4f1',
    head: '9b1e2d4f8c3a5e7b1d0f2a4c6e8b0d3f5a7c9e1b',
    why: 'one source of truth for expiry',
    rejected: ['a separate refresh cache'],
    evidence: [],
    supersedes: undefined,
  });

  it('writes the six fields in order, an absent one as -', () => {
    expect(entry).toBe(
      [
        '## 2026-09-03 — token refresh uses the existing session store',
        'Task: t-20260903193012-a4f1',
        'Head: 9b1e2d4f8c3a5e7b1d0f2a4c6e8b0d3f5a7c9e1b',
        'Why: one source of truth for expiry',
        'Rejected: a separate refresh cache',
        'Evidence: -',
        'Supersedes: -',
        '',
      ].join('\n'),
    );
  });

  it('reads entries back, skipping the template inside an HTML comment', () => {
    const text = `# Decisions\n<!--\n## YYYY-MM-DD — what\nTask: x\n-->\n\n${entry}\n## 2026-09-04 — hand-written\nWhy: because\n`;
    const entries = parseDecisions(text);
    expect(entries.map((e) => [e.date, e.title, e.line, [...e.fields.keys()]])).toEqual([
      ['2026-09-03', 'token refresh uses the existing session store', 7, ['Task', 'Head', 'Why', 'Rejected', 'Evidence', 'Supersedes']],
      ['2026-09-04', 'hand-written', 15, ['Why']],
    ]);
    expect(findDecision(entries, 'hand-written')?.line).toBe(15);
    expect(findDecision(entries, '2026-09-03 — token refresh uses the existing session store')?.line).toBe(7);
    expect(findDecision(entries, 'token refresh')).toBeUndefined();
  });
});

describe('open-questions.md', () => {
  it('reads exactly the two line shapes; every other "- [" line is malformed', () => {
    const text = [
      '# Open questions',
      formatUnresolved('t-20260903193012-a4f1', 'token refresh window: 15 or 60 minutes?', '2026-09-03'),
      formatResolved('t-20260902120000-b3d1', 'keep the legacy callback path', 'yes, until Q4', '2026-09-02'),
      '- [unresolved] t-1 — no date',
      '- [resolved] t-1 — q — a',
      '- [unresolved] t-1 — bad date (2026-02-30)',
      '- [open] t-1 — q (2026-09-03)',
      '  - [unresolved] t-1 — indented (2026-09-03)',
      'prose - [ is not an entry',
    ].join('\n');
    const store = parseQuestions(text);
    expect(store.entries.map((e) => [e.number, e.line, e.task, e.question, e.resolved, e.answer])).toEqual([
      [1, 2, 't-20260903193012-a4f1', 'token refresh window: 15 or 60 minutes?', false, undefined],
      [2, 3, 't-20260902120000-b3d1', 'keep the legacy callback path', true, 'yes, until Q4'],
    ]);
    expect(store.malformed.map((m) => m.line)).toEqual([4, 5, 6, 7, 8]);
    expect(unresolved(store).map((e) => e.number)).toEqual([1]);
    expect(unresolved(store, 'other')).toEqual([]);
  });

  it.each([
    ['', 'empty'],
    ['a — b', '—'],
    ['two\nlines', 'several lines'],
    ['dated (2026-01-01)', 'date'],
  ])('refuses the question text %j', (text, why) => {
    expect(textProblem(text, 'question')).toContain(why);
  });
});

const IDENTITY: RecordIdentity = {
  created_at: '2026-09-03T20:14:55Z',
  task_id: 't-20260903193012-a4f1',
  profile: 'debugging',
  owner: 'alice "a" \\ b',
  repository_id: '/abs/path/.git',
  worktree: '/abs/path',
  branch: 'feature/x y',
  head: '9b1e2d4f8c3a5e7b1d0f2a4c6e8b0d3f5a7c9e1b',
  working_tree: 'dirty',
  changed_files: ['lib/auth/oauth.rb'],
  changed_files_excluded: 0,
  changed_files_excluded_by: [],
};

describe('records', () => {
  it('names a record <utc>--<branch-key>--<short head>--<16 hex>.md', () => {
    expect(recordName(IDENTITY, 'c0ffee1234567890')).toBe('20260903T201455Z--feature-x-y--9b1e2d4--c0ffee1234567890.md');
    expect(recordName({ ...IDENTITY, branch: '', head: '' }, 'c0ffee1234567890')).toBe(
      '20260903T201455Z--DETACHED--unborn--c0ffee1234567890.md',
    );
    expect(isRecordName('20260903T201455Z--main--9b1e2d4--c0ffee1234567890.md')).toBe(true);
    expect(isRecordName('.20260903T201455Z--main--9b1e2d4--c0ffee1234567890.md.majordomus-1-00000000.tmp')).toBe(false);
  });

  it('reads its own front matter back, whatever the owner and branch hold', () => {
    const text = formatRecord(IDENTITY, '# Objective\nfix it\n');
    const record = parseRecord('handover', '.ai/local/state/handovers/x.md', text);
    expect(record).toMatchObject({
      created_at: IDENTITY.created_at,
      task_id: IDENTITY.task_id,
      branch: 'feature/x y',
      head: IDENTITY.head,
      body: '# Objective\nfix it\n',
    });
  });

  it('refuses a record whose body holds an identity key, or whose front matter was edited', () => {
    expect(() => parseRecord('checkpoint', 'x.md', formatRecord(IDENTITY, 'ok\nhead: 123\n'))).toThrow(/head/);
    expect(() =>
      parseRecord('checkpoint', 'x.md', formatRecord(IDENTITY, 'ok').replace('schema_version: 1', 'schema_version: 1\nextra: 1')),
    ).toThrow(/unknown key/);
    expect(() => parseRecord('checkpoint', 'x.md', 'no front matter\n')).toThrow();
  });

  it.each([
    ['task_id: t-1', 'task_id'],
    ['  - branch: main', 'branch'],
    ['---', '---'],
  ])('finds the identity key in the body line %j', (line, key) => {
    expect(identityKeyInBody(`prose\n${line}\n`)).toEqual({ line: 2, key });
  });

  it('counts body lines and filled sections', () => {
    expect(bodyLines('a\nb\n\n\n')).toBe(2);
    expect(bodyLines('\n')).toBe(0);
    expect([...filledSections('# Objective\nx\n# Current State\n\n# Next Action\ny\n')]).toEqual(['Objective', 'Next Action']);
  });
});

describe('the resolver', () => {
  const record = (name: string, worktree: string, branch: string, created_at: string): StoredRecord => ({
    kind: 'handover',
    path: `h/${name}`,
    name,
    created_at,
    task_id: 't',
    worktree,
    branch,
    head: '',
    body: '',
    changed_files: [],
    changedFilesLine: 1,
    changed_files_excluded: 0,
  });
  const here = { worktree: '/w1', branch: 'main' };

  it('prefers this worktree and branch, then the branch, newest first; else nothing', () => {
    const records = [
      record('a', '/w2', 'main', '2026-01-03T00:00:00Z'),
      record('b', '/w1', 'main', '2026-01-01T00:00:00Z'),
      record('c', '/w1', 'other', '2026-01-05T00:00:00Z'),
    ];
    expect(resolveRecord(records, here)).toMatchObject({ record: { name: 'b' }, match: 'worktree-and-branch' });
    expect(
      resolveRecord(
        records.filter((r) => r.name !== 'b'),
        here,
      ),
    ).toMatchObject({ record: { name: 'a' }, match: 'branch' });
    expect(resolveRecord([records[2]!], here)).toBeUndefined();
  });

  it('breaks a tie of one second by ledger order, not by name', () => {
    const records = [record('z', '/w1', 'main', '2026-01-01T00:00:00Z'), record('a', '/w1', 'main', '2026-01-01T00:00:00Z')];
    expect(
      resolveRecord(
        records,
        here,
        new Map([
          ['h/a', 2],
          ['h/z', 1],
        ]),
      )?.record.name,
    ).toBe('a');
    expect(
      resolveRecord(
        records,
        here,
        new Map([
          ['h/a', 1],
          ['h/z', 2],
        ]),
      )?.record.name,
    ).toBe('z');
  });
});
