/**
 * The state files, written through the one YAML writer, keep the bytes their hand-written templates
 * wrote before (a task, an open session, a record's and a closed session's front matter), so files
 * written by an earlier version and by this one read the same to a person and to a line-oriented tool;
 * and each reads back, through the layer's reader, as a document of its kind's schema.
 */
import { describe, expect, it } from 'vitest';
import type { OpenSession, Task } from '../../engine/generated/types';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { checkSchema } from '../../engine/layer/schema-check';
import { parseYaml } from '../../engine/layer/yaml';
import { openText } from '../../engine/state/kernel/episode';
import type { RecordIdentity } from '../../engine/state/records/record';
import { formatRecord } from '../../engine/state/records/record';
import type { SessionRecord } from '../../engine/state/sessions/record';
import { formatSessionRecord } from '../../engine/state/sessions/record';
import { taskText } from '../../engine/state/tasks/record';

const HEAD = '9b1e2d4f8c3a5e7b1d0f2a4c6e8b0d3f5a7c9e1b';

describe('the state writers', () => {
  it('write the task file as before: keys in order, every value quoted, the comment before the identity', () => {
    const task: Task = {
      working_tree: 'dirty',
      id: 't-20260903193012-a4f1',
      task: 'no: really',
      profile: 'debugging',
      owner: 'alice',
      scope: ['lib/auth', '- 3'],
      started_at: '2026-09-03T19:30:12Z',
      outcome: 'active',
      repository_id: '/abs/path/.git',
      worktree: '/abs/path',
      branch: 'main',
      head: HEAD,
    };
    const text = taskText(task);
    expect(text).toBe(
      [
        'id: "t-20260903193012-a4f1"',
        'task: "no: really"',
        'profile: "debugging"',
        'owner: "alice"',
        'scope:',
        '  - "lib/auth"',
        '  - "- 3"',
        'started_at: "2026-09-03T19:30:12Z"',
        'outcome: "active"',
        '# computed from git at start; never authored',
        'repository_id: "/abs/path/.git"',
        'worktree: "/abs/path"',
        'branch: "main"',
        `head: "${HEAD}"`,
        'working_tree: "dirty"',
        '',
      ].join('\n'),
    );
    const doc = parseYaml(text, 'current.yaml');
    expect(doc.value).toEqual(task);
    expect(checkSchema('task', doc)).toEqual([]);
  });

  it('write the open session as before: every value a quoted string', () => {
    const session: OpenSession = {
      session_id: 's-20260904153733-fc51',
      started_at: '2026-09-04T15:37:33Z',
      owner: 'alice',
      worker: 'some-provider/some-model',
      provider_session: 'cc-1',
      repository_id: '/abs/path/.git',
      worktree: '/abs/path',
      branch: '',
      start_head: '',
      start_working_tree: 'clean',
    };
    const text = openText(session);
    expect(text).toBe(
      [
        'session_id: "s-20260904153733-fc51"',
        'started_at: "2026-09-04T15:37:33Z"',
        'owner: "alice"',
        'worker: "some-provider/some-model"',
        'provider_session: "cc-1"',
        'repository_id: "/abs/path/.git"',
        'worktree: "/abs/path"',
        'branch: ""',
        'start_head: ""',
        'start_working_tree: "clean"',
        '',
      ].join('\n'),
    );
    expect(checkSchema('session', parseYaml(text, 'hand.yaml'))).toEqual([]);
  });

  it("write a record's front matter as before: the time and the tree plain, the counts numbers", () => {
    const identity: RecordIdentity = {
      created_at: '2026-09-03T20:14:55Z',
      task_id: 't-20260903193012-a4f1',
      profile: 'debugging',
      owner: 'alice "al" o\'hara',
      repository_id: '/abs/path/.git',
      worktree: '/abs/path',
      branch: 'feature/x y',
      head: HEAD,
      working_tree: 'clean',
      changed_files: ['lib/auth/oauth.rb'],
      changed_files_excluded: 2,
      changed_files_excluded_by: [],
    };
    const text = formatRecord(identity, '# Objective\nfix it\n\n');
    expect(text).toBe(
      [
        '---',
        'schema_version: 1',
        'created_at: 2026-09-03T20:14:55Z',
        'task_id: "t-20260903193012-a4f1"',
        'profile: "debugging"',
        'owner: "alice \\"al\\" o\'hara"',
        'repository_id: "/abs/path/.git"',
        'worktree: "/abs/path"',
        'branch: "feature/x y"',
        `head: "${HEAD}"`,
        'working_tree: clean',
        'changed_files:',
        '  - "lib/auth/oauth.rb"',
        'changed_files_excluded: 2',
        'changed_files_excluded_by: []',
        '---',
        '',
        '# Objective',
        'fix it',
        '',
      ].join('\n'),
    );
    expect(formatRecord(identity, '  \n')).toBe(`${text.slice(0, text.indexOf('---\n\n') + 4)}`);
    expect(checkSchema('handover', parseFrontMatter(text, 'h.md').data)).toEqual([]);
  });

  it('write a closed session record as before: the contract and kind plain, every other value quoted', () => {
    const record: SessionRecord = {
      session_id: 's-20260906035523-7b6c',
      created_at: '2026-09-06T03:55:24Z',
      started_at: '2026-09-06T03:55:23Z',
      closed_at: '2026-09-06T03:55:24Z',
      outcome: 'closed',
      title: 'Session s-20260906035523-7b6c on main',
      task_id: 'none',
      profile: 'none',
      repository_id: 'local:0123456789abcdef',
      worktree_id: 'e2d0ee3a34301bd5',
      branch: 'main',
      start_head: '',
      head: HEAD,
      start_working_tree: 'dirty',
      working_tree: 'dirty',
      commits: ['1234567'],
      changed_files: [],
      tasks: [],
      issues: [],
      milestones: [],
      checkpoints: [],
      handovers: [],
      decisions: ['2026-09-04 — a decision'],
      questions: [],
      evidence: [],
    };
    const text = formatSessionRecord(record, 'The summary.');
    expect(text).toBe(
      [
        '---',
        'schema: session/v1',
        'kind: session',
        'session_id: "s-20260906035523-7b6c"',
        'created_at: "2026-09-06T03:55:24Z"',
        'started_at: "2026-09-06T03:55:23Z"',
        'closed_at: "2026-09-06T03:55:24Z"',
        'outcome: "closed"',
        'title: "Session s-20260906035523-7b6c on main"',
        'task_id: "none"',
        'profile: "none"',
        'repository_id: "local:0123456789abcdef"',
        'worktree_id: "e2d0ee3a34301bd5"',
        'branch: "main"',
        'start_head: ""',
        `head: "${HEAD}"`,
        'start_working_tree: "dirty"',
        'working_tree: "dirty"',
        'commits:',
        '  - "1234567"',
        'changed_files: []',
        'tasks: []',
        'issues: []',
        'milestones: []',
        'checkpoints: []',
        'handovers: []',
        'decisions:',
        '  - "2026-09-04 — a decision"',
        'questions: []',
        'evidence: []',
        '---',
        '',
        'The summary.',
        '',
      ].join('\n'),
    );
    const doc = parseFrontMatter(text, 'r.md').data;
    expect((doc.value as { commits: unknown }).commits).toEqual(['1234567']);
    expect(checkSchema('session-record', doc)).toEqual([]);
  });
});
