/**
 * `majordomus context` with the built CLI in real adopted repositories: what it assembles from a task's
 * records (the task and scope, the record the resolver picks, open questions, the newest decisions, the
 * previous turn's completion note and none of its checkpoints), that it writes nothing, and each refusal
 * with its code — over the budget (10, with the figure), a bad --budget-lines (2), no layer (12), no
 * repository (2).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { committedAdoption } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const STATE = '.ai/local/state';

interface ContextJson {
  budget_lines: number;
  budget_from: string;
  lines: number;
  task: { id: string; task: string; scope: string[] } | null;
  scope: { items: string[]; total: number };
  state: { kind: string; path: string; match: string; body: string } | null;
  questions: { items: { number: number; question: string }[]; total: number };
  decisions: { items: { title: string; why: string | null }[]; total: number };
  previous: { task_id: string; task?: string; outcome?: string; path: string; note: string } | null;
  text: string[];
}

// one adoption, committed, copied per test
const adopted = committedAdoption(repos, 'adopt');

function ok(repo: TempRepo, args: string[], input?: string): string {
  const run = repo.run(args, input === undefined ? {} : { input });
  expect(run.code, `${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

function context(repo: TempRepo, ...args: string[]): ContextJson {
  return JSON.parse(ok(repo, ['context', '--json', ...args])) as ContextJson;
}

/** Every file under the local half, with its size: what "writes nothing" is checked against. */
function snapshot(repo: TempRepo): string[] {
  return readdirSync(repo.path('.ai/local'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `${entry.parentPath ?? entry.path}/${entry.name}:${repo.read(`${(entry.parentPath ?? entry.path).slice(repo.dir.length + 1)}/${entry.name}`).length}`,
    )
    .sort();
}

describe('context', () => {
  it('assembles the task, its scope, the resolved record, open questions and the newest decisions; the previous turn is its note, never its checkpoint', () => {
    const repo = adopted();
    // turns chain inside an episode (test/briefing/chain.test.ts holds the rest of that story)
    ok(repo, ['session', 'start']);
    ok(repo, ['start', 'first', '--scope', 'src/a']);
    ok(repo, ['checkpoint'], 'a draft of the first task\n');
    // the note lies in the local half: a file beside the code would be a change outside the task's scope
    repo.write('.ai/local/note.md', '# Done\nthe deliverable of the first task\n\n# Next Action\nthe second task\n');
    ok(repo, ['finish', '--outcome', 'partial', '--note', '.ai/local/note.md']);
    const first = /^id: "?([^"\n]+)"?$/m.exec(repo.read(`${STATE}/current.yaml`))![1]!;

    ok(repo, ['start', 'second', '--scope', 'src/b,src/c']);
    ok(repo, ['checkpoint'], 'working on the second task\n');
    ok(repo, ['question', 'add', 'which port?']);
    for (const n of [1, 2, 3, 4, 5, 6]) ok(repo, ['decision', 'add', `choice ${n}`, '--why', `reason ${n}`]);
    const before = snapshot(repo);

    const built = context(repo);
    expect(built.task).toMatchObject({ task: 'second', scope: ['src/b', 'src/c'] });
    expect(built.scope).toEqual({ items: ['src/b', 'src/c'], total: 2 });
    expect(built.state).toMatchObject({ kind: 'checkpoint', match: 'worktree-and-branch', body: 'working on the second task\n' });
    expect(built.questions.items.map((q) => q.question)).toEqual(['which port?']);
    // the policy offers five decisions, newest first
    expect(built.decisions.items.map((d) => d.title)).toEqual(['choice 6', 'choice 5', 'choice 4', 'choice 3', 'choice 2']);
    expect(built.decisions.total).toBe(6);
    expect(built.previous).toMatchObject({ task_id: first, task: 'first', outcome: 'partial', path: `${STATE}/completed/${first}.md` });
    expect(built.previous!.note).toContain('the deliverable of the first task');
    expect(built.text.join('\n')).not.toContain('a draft of the first task');
    expect(built.lines).toBe(built.text.length);
    expect(built.budget_from).toBe('context.builder_budget_lines');

    const text = ok(repo, ['context']);
    expect(text.trimEnd().split('\n')).toEqual(built.text);
    // context writes nothing, the ledger included
    expect(snapshot(repo)).toEqual(before);
  });

  it('caps each list at context.max_list_items and says how many it left out', () => {
    const repo = adopted();
    repo.write('.ai/repo/policy.yaml', repo.read('.ai/repo/policy.yaml').replace(/max_list_items: \d+/, 'max_list_items: 2'));
    ok(repo, ['start', 'wide', '--scope', 'a,b,c,d']);
    for (const q of ['one?', 'two?', 'three?']) ok(repo, ['question', 'add', q]);
    const built = context(repo);
    expect(built.scope).toEqual({ items: ['a', 'b'], total: 4 });
    expect(built.questions.total).toBe(3);
    expect(built.questions.items.map((q) => q.question)).toEqual(['one?', 'two?']);
    expect(built.text).toContain('(2 more, over context.max_list_items: the task record lists them all)');
    expect(built.text).toContain('(1 more, over context.max_list_items: majordomus question list)');
  });

  it('without a task prints what there is and exits 0', () => {
    const built = context(adopted());
    expect(built.task).toBeNull();
    expect(built.state).toBeNull();
    expect(built.previous).toBeNull();
  });

  it('over the budget prints no context and exits 10 with the figure, from the policy and from --budget-lines', () => {
    const repo = adopted();
    const lines = context(repo).lines;
    const flag = repo.run(['context', '--budget-lines', String(lines - 1)]);
    expect(flag.code).toBe(10);
    expect(flag.stdout).toBe('');
    expect(flag.stderr).toContain(`${lines} lines, over --budget-lines (${lines - 1})`);
    expect(repo.run(['context', '--budget-lines', String(lines)]).code).toBe(0);

    repo.write(
      '.ai/repo/policy.yaml',
      repo.read('.ai/repo/policy.yaml').replace(/builder_budget_lines: \d+/, `builder_budget_lines: ${lines - 1}`),
    );
    const policy = repo.run(['context', '--json']);
    expect(policy.code).toBe(10);
    expect(policy.stdout).toBe('');
    expect(policy.stderr).toContain(`${lines} lines, over context.builder_budget_lines (${lines - 1})`);
    // the flag is the budget asked for, over the policy's
    expect(repo.run(['context', '--budget-lines', String(lines)]).code).toBe(0);
  });

  it('refuses a --budget-lines that is not a positive whole number (2)', () => {
    const repo = adopted();
    for (const bad of ['0', '-3', 'ten', '1.5', '']) {
      const run = repo.run(['context', '--budget-lines', bad]);
      expect(run.code, bad).toBe(2);
      expect(run.stderr).toContain('--budget-lines');
    }
  });

  it('leaves out what cannot be read — a folder for the task, a FIFO for a store, a record or note linked outside — names each on stderr and exits 0', () => {
    const repo = adopted();
    // an episode whose ledger names a finished turn, so its note is read
    ok(repo, ['session', 'start']);
    const session = /session_id: "([^"]+)"/.exec(repo.read(`${STATE}/session-current.yaml`))![1]!;
    repo.write(
      `${STATE}/ledger.jsonl`,
      `${repo.read(`${STATE}/ledger.jsonl`)}${JSON.stringify({ ts: '2026-01-01T01:01:02Z', event: 'task.finished', session, task_id: 't-20260101010101-abcd', outcome: 'completed' })}\n`,
    );
    mkdirSync(repo.path(`${STATE}/current.yaml`), { recursive: true });
    execFileSync('mkfifo', [repo.path(`${STATE}/decisions.md`)]);
    mkdirSync(repo.path(`${STATE}/checkpoints`), { recursive: true });
    const record = `${STATE}/checkpoints/20260903T200000Z--main--abcdef1--0123456789abcdef.md`;
    symlinkSync('/etc/hostname', repo.path(record));
    mkdirSync(repo.path(`${STATE}/completed/t-20260101010101-abcd.md`), { recursive: true });
    const run = repo.run(['context', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const built = JSON.parse(run.stdout) as ContextJson & { problems: string[] };
    expect(built.task).toBeNull();
    expect(built.state).toBeNull();
    expect(built.previous).toBeNull();
    for (const path of [`${STATE}/current.yaml`, `${STATE}/decisions.md`, record, `${STATE}/completed/t-20260101010101-abcd.md`]) {
      expect(
        built.problems.some((problem) => problem.startsWith(path)),
        path,
      ).toBe(true);
      expect(run.stderr).toContain(path);
    }
  });

  it('exits 12 without a layer and 2 outside a git repository', () => {
    const bare = repos.create();
    expect(bare.run(['context']).code).toBe(12);
    const none = repos.create({ git: false });
    expect(none.run(['context']).code).toBe(2);
  });
});
