/**
 * ADR 0008's chaining by episode. In process: the turns an episode's ledger lines name (another
 * episode's lines, refusals and the task in hand are no turn; ledger order, not the ids' clock, says which
 * came last). Through the built CLI in real repositories: a task started inside an open episode gets a
 * context — `majordomus context` and a turn section of the session context — carrying the previous
 * turn's completion note and none of its checkpoints; only the immediately previous turn is carried; a
 * refused attempt, a failed turn, a task of another episode and a task finished outside any episode are
 * carried by nobody.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeTurns } from '../../engine/state/briefing/turns';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

interface ContextJson {
  task: { id: string } | null;
  state: { task_id: string; body: string } | null;
  previous: { task_id: string; outcome?: string; note: string } | null;
  previous_none: string | null;
  text: string[];
}

interface StartJson {
  id: string;
  turn: { session_id: string; context: string; previous?: string } | null;
}

let base: TempRepo;
/** An episode open on `base` whose first turn, task a, finished partial with "A-deliverable" as its note. */
let firstTurn: { repo: TempRepo; a: StartJson };

// built once; each test works on its own copy
beforeAll(() => {
  base = repos.create().init();
  base.git(['add', '-A']);
  base.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  const repo = copyOf(repos, base);
  ok(repo, ['session', 'start']);
  const a = start(repo, 'a');
  expect(finish(repo, 'partial', 'A-deliverable')).toBe(0);
  firstTurn = { repo, a };
});

function adopted(): TempRepo {
  return copyOf(repos, base);
}

/** A copy of the episode whose first turn finished (`firstTurn`), and task a's start. */
function afterFirstTurn(): { repo: TempRepo; a: StartJson } {
  return { repo: copyOf(repos, firstTurn.repo), a: firstTurn.a };
}

function ok(repo: TempRepo, args: string[], input?: string): string {
  const run = repo.run(args, input === undefined ? {} : { input });
  expect(run.code, `${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

function context(repo: TempRepo): ContextJson {
  return JSON.parse(ok(repo, ['context', '--json'])) as ContextJson;
}

function start(repo: TempRepo, title: string): StartJson {
  return JSON.parse(ok(repo, ['start', title, '--scope', `src/${title}`, '--json'])) as StartJson;
}

/** Finish the task in hand as `outcome`, its note saying `deliverable`; returns the exit code. */
function finish(repo: TempRepo, outcome: string, deliverable: string): number {
  repo.write(
    '.ai/local/note.md',
    `# Objective\nthe task\n\n# Current State\n${deliverable}\n\n# Reason\nwhy it ended so\n\n# Next Action\nnone\n`,
  );
  return repo.run(['finish', '--outcome', outcome, '--note', '.ai/local/note.md']).code;
}

/** The one session context of the repository, read whole. */
function sessionContext(repo: TempRepo): string {
  const names = readdirSync(repo.path('.ai/local/session-contexts'));
  expect(names).toHaveLength(1);
  return repo.read(`.ai/local/session-contexts/${names[0]}`);
}

describe('episodeTurns', () => {
  const line = (event: string, task: string, session: string | undefined, outcome = 'completed') => ({
    event,
    record: { event, task_id: task, outcome, ...(session ? { session } : {}) },
  });

  it('takes the last task.finished line of the episode, in ledger order, and no other line', () => {
    const turns = episodeTurns(
      [
        line('task.finished', 't-20260101000003-aaaa', 's-1'),
        // an id older by its clock, finished later: the ledger's order decides
        line('task.finished', 't-20260101000001-bbbb', 's-1', 'partial'),
        line('task.refused', 't-20260101000004-cccc', 's-1'),
        line('task.finished', 't-20260101000005-dddd', 's-2'),
        line('task.finished', 't-20260101000006-eeee', undefined),
        line('task.checkpoint', 't-20260101000007-ffff', 's-1'),
      ],
      's-1',
    );
    expect(turns.previous).toEqual({ task_id: 't-20260101000001-bbbb', outcome: 'partial' });
    expect([...turns.finished].sort()).toEqual(['t-20260101000001-bbbb', 't-20260101000003-aaaa']);
  });

  it('a handover that closed its task ends a turn (handed_over, no deliverable); one that did not is no turn', () => {
    const handover = (task: string, closed: boolean) => ({
      event: 'task.handed_over',
      record: { event: 'task.handed_over', task_id: task, session: 's-1', closed },
    });
    const lines = [line('task.finished', 't-20260101000001-aaaa', 's-1'), handover('t-20260101000002-bbbb', false)];
    expect(episodeTurns(lines, 's-1').previous).toEqual({ task_id: 't-20260101000001-aaaa', outcome: 'completed' });
    const closed = episodeTurns([...lines, handover('t-20260101000002-bbbb', true)], 's-1');
    expect(closed.previous).toEqual({ task_id: 't-20260101000002-bbbb', outcome: 'handed_over' });
    expect(closed.finished.has('t-20260101000002-bbbb')).toBe(true);
  });

  it('never takes the task in hand, and finds nothing in an episode with no finished turn', () => {
    const lines = [line('task.finished', 't-20260101000001-aaaa', 's-1')];
    expect(episodeTurns(lines, 's-1', 't-20260101000001-aaaa').previous).toBeUndefined();
    expect(episodeTurns(lines, 's-9').previous).toBeUndefined();
  });
});

describe('chaining turns inside an episode', () => {
  it('the next task gets the previous turn deliverable and none of its checkpoints; with two turns before, only the last', () => {
    const repo = adopted();
    ok(repo, ['session', 'start']);
    const a = start(repo, 'a');
    ok(repo, ['checkpoint'], 'A-draft-in-a-checkpoint\n');
    expect(finish(repo, 'partial', 'A-deliverable')).toBe(0);

    const b = start(repo, 'b');
    expect(b.turn).toMatchObject({ previous: a.id });
    const built = context(repo);
    expect(built.task!.id).toBe(b.id);
    expect(built.previous).toMatchObject({ task_id: a.id, outcome: 'partial' });
    expect(built.previous!.note).toContain('A-deliverable');
    // the first turn's checkpoint stays in its turn: it is no current state of the second
    expect(built.state).toBeNull();
    expect(built.text.join('\n')).not.toContain('A-draft-in-a-checkpoint');
    // the session context gained the turn, with the same carried deliverable
    const turnB = sessionContext(repo).split(`\n## Turn ${b.id}\n`)[1]!;
    expect(turnB).toContain('A-deliverable');
    expect(turnB).not.toContain('A-draft-in-a-checkpoint');

    ok(repo, ['checkpoint'], 'B-draft-in-a-checkpoint\n');
    expect(finish(repo, 'partial', 'B-deliverable')).toBe(0);
    const c = start(repo, 'c');
    expect(c.turn).toMatchObject({ previous: b.id });
    const third = context(repo);
    expect(third.previous).toMatchObject({ task_id: b.id });
    expect(third.text.join('\n')).toContain('B-deliverable');
    for (const left of ['A-deliverable', 'A-draft-in-a-checkpoint', 'B-draft-in-a-checkpoint'])
      expect(third.text.join('\n')).not.toContain(left);
    const turnC = sessionContext(repo).split(`\n## Turn ${c.id}\n`)[1]!;
    expect(turnC).toContain('B-deliverable');
    expect(turnC).not.toContain('A-deliverable');
  });

  it('a refused attempt is no deliverable, and a failed turn carries nothing', () => {
    const { repo, a } = afterFirstTurn();
    start(repo, 'b');
    // completed asks for a verify command here: refused (10), the task stays in hand
    expect(finish(repo, 'completed', 'B-refused-attempt')).toBe(10);
    const during = context(repo);
    expect(during.previous).toMatchObject({ task_id: a.id });
    expect(during.text.join('\n')).not.toContain('B-refused-attempt');

    expect(finish(repo, 'failed', 'B-failed-note')).toBe(0);
    const c = start(repo, 'c');
    expect(c.turn).not.toHaveProperty('previous');
    const after = context(repo);
    expect(after.previous).toBeNull();
    expect(after.previous_none).toContain('failed');
    for (const left of ['B-refused-attempt', 'B-failed-note', 'A-deliverable']) expect(after.text.join('\n')).not.toContain(left);
  });

  it('a turn that ended in a handover carries nothing, and its handover is no current state of the next', () => {
    const { repo } = afterFirstTurn();
    const b = start(repo, 'b');
    ok(repo, ['handover', '--close'], '# Objective\nthe task\n\n# Current State\nB-handover-body\n\n# Next Action\nnone\n');
    start(repo, 'c');
    const built = context(repo);
    expect(built.previous).toBeNull();
    expect(built.previous_none).toContain(b.id);
    expect(built.state).toBeNull();
    for (const left of ['B-handover-body', 'A-deliverable']) expect(built.text.join('\n')).not.toContain(left);
  });

  it('a task finished in another episode, or outside any, is not carried', () => {
    const repo = adopted();
    // outside any episode: the task finishes, and the next one starts with nothing carried
    start(repo, 'a');
    expect(finish(repo, 'partial', 'A-outside-deliverable')).toBe(0);
    const outside = start(repo, 'b');
    expect(outside.turn).toBeNull();
    expect(context(repo).previous).toBeNull();
    expect(context(repo).previous_none).toContain('no episode open');

    // one episode finishes a task; the next episode starts without it
    ok(repo, ['session', 'start']);
    expect(finish(repo, 'partial', 'B-first-episode-deliverable')).toBe(0);
    ok(repo, ['session', 'close'], 'first sitting\n');
    ok(repo, ['session', 'start']);
    const next = start(repo, 'c');
    expect(next.turn).not.toBeNull();
    expect(next.turn).not.toHaveProperty('previous');
    const built = context(repo);
    expect(built.previous).toBeNull();
    expect(built.text.join('\n')).not.toContain('first-episode-deliverable');
  });
});
