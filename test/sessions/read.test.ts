/**
 * `session status`, `list`, `show <id>|latest` and `latest` through the built CLI: what is open here
 * (the pointed episode marked), the closed records newest first, one record with its tasks as turns and
 * their outcomes; each refusal (2 for a malformed id, 12 for an unknown one or none at all).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { committedAdoption } from '../helpers/prepared';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

// one adoption, committed, copied per test
const adopted = committedAdoption(repos);

function json<T>(run: { code: number; stdout: string; stderr: string }): T {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

describe('session status, list, show', () => {
  it('status: nothing open, then two episodes with the pointed one current', () => {
    const repo = adopted();
    expect(json<{ open: unknown[] }>(repo.run(['session', 'status', '--json'])).open).toEqual([]);
    expect(repo.run(['session', 'status']).code).toBe(0);
    expect(repo.run(['session', 'start']).code).toBe(0);
    expect(repo.run(['session', 'start', '--provider-session', 'cc-2']).code).toBe(0);
    const open = json<{ open: Array<{ key: string; current: boolean; session_id: string }> }>(
      repo.run(['session', 'status', '--json']),
    ).open;
    expect(open.map((episode) => [episode.key, episode.current])).toEqual([
      ['cc-2', true],
      ['hand', false],
    ]);
    expect(repo.run(['session', 'status']).stdout).toMatch(/^\* s-\S+ {2}cc-2 /m);
  });

  it('list is newest first; show <id>, show latest and latest print the record with its tasks as turns and outcomes', () => {
    const repo = adopted();
    expect(repo.run(['session', 'list']).code).toBe(0);
    expect(repo.run(['session', 'list', '--json']).stdout).toBe('');
    expect(repo.run(['session', 'start']).code).toBe(0);
    const first = repo.run(['session', 'close', '--json']);
    const firstId = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    // the clock's second is part of the name: a later record must sort after the first
    const second = json<{ session_id: string }>(repo.run(['session', 'start', '--json', '--provider-session', 'two']));
    expect(repo.run(['start', 'the turn', '--scope', '.'], { env: { MAJORDOMUS_PROVIDER_SESSION: 'two' } }).code).toBe(0);
    const handover = repo.run(['handover', '--close'], {
      env: { MAJORDOMUS_PROVIDER_SESSION: 'two' },
      input: '# Objective\nit\n# Current State\ndone\n# Next Action\nmore\n',
    });
    expect(handover.code, handover.stderr).toBe(0);
    const closed = json<{ record: string }>(repo.run(['session', 'close', '--json', '--provider-session', 'two']));
    const list = repo
      .run(['session', 'list', '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { session_id: string; outcome: string });
    expect(list.map((row) => row.session_id).sort()).toEqual([firstId, second.session_id].sort());
    expect(list.every((row) => row.outcome === 'closed')).toBe(true);
    const shown = json<{ session_id: string; path: string; turns: Array<{ task_id: string; outcome: string }> }>(
      repo.run(['session', 'show', second.session_id, '--json']),
    );
    expect(shown.path).toBe(closed.record);
    expect(shown.turns).toHaveLength(1);
    expect(shown.turns[0].task_id).toMatch(/^t-/);
    expect(shown.turns[0].outcome).toBe('handed_over');
    expect(repo.run(['session', 'show', second.session_id]).stdout).toMatch(/^turns:\n {2}1\. t-\S+ {2}\S+$/m);
    const latest = json<{ session_id: string }>(repo.run(['session', 'show', 'latest', '--json']));
    expect(json<{ session_id: string }>(repo.run(['session', 'latest', '--json'])).session_id).toBe(latest.session_id);
    expect([firstId, second.session_id]).toContain(latest.session_id);
  });

  it.each([
    [['show', 'nope'], 2],
    [['show', 's-20990101000000-ffff'], 12],
    [['show', 'latest'], 12],
    [['latest'], 12],
    [['show'], 2],
    [['list', '--bogus'], 2],
  ])('session %j exits %i', (args, code) => {
    const repo = adopted();
    expect(repo.run(['session', ...args]).code).toBe(code);
  });
});
