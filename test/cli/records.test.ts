/**
 * `checkpoint`, `handover`, `decision` and `question` with the built CLI in real adopted repositories
 * with an active task: what each writes (records exactly 0600, the stores' exact line shapes, the
 * ledger events share/events.yaml declares), what `--show`/`--list` resolve, and every refusal with its
 * code — no task (12), bad input (2), a resolved question (15), `.ai/local` linked outside (15).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDecisions } from '../../engine/state/records/decisions';
import { parseQuestions } from '../../engine/state/records/questions';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const STATE = '.ai/local/state';
const CHECKPOINTS = `${STATE}/checkpoints`;
const HANDOVERS = `${STATE}/handovers`;
const HANDOVER_BODY = '# Objective\nfix it\n\n# Current State\nhalf done\n\n# Next Action\nthe other half\n';

const prepared = new Map<boolean, TempRepo>();
/** A copy of one `committedWithTask` repository (task started or not), made on the first call for each. */
function withTask(start = true): TempRepo {
  let source = prepared.get(start);
  if (!source) prepared.set(start, (source = committedWithTask(repos, start)));
  return copyOf(repos, source);
}

function ledger(repo: TempRepo): Record<string, unknown>[] {
  return repo
    .read(`${STATE}/ledger.jsonl`)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function taskId(repo: TempRepo): string {
  return /^id: "?([^"\n]+)"?$/m.exec(repo.read(`${STATE}/current.yaml`))![1]!;
}

function files(repo: TempRepo, dir: string): string[] {
  return repo.exists(dir) ? readdirSync(repo.path(dir)) : [];
}

describe('checkpoint', () => {
  it('writes a 0600 record of the body, moves checkpoint_at, appends task.checkpoint; --show and --list read it back', () => {
    const repo = withTask();
    const run = repo.run(['checkpoint', '--json'], { input: 'reproduced the bug\nnext: the test\n' });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { path: string; checkpoint_at: string };
    expect(printed.path).toMatch(/^\.ai\/local\/state\/checkpoints\/\d{8}T\d{6}Z--main--[0-9a-f]{7}--[0-9a-f]{16}\.md$/);
    expect(statSync(repo.path(printed.path)).mode & 0o777).toBe(0o600);
    expect(repo.read(`${STATE}/current.yaml`)).toContain(`checkpoint_at: "${printed.checkpoint_at}"`);
    expect(ledger(repo).at(-1)).toMatchObject({ event: 'task.checkpoint', task_id: taskId(repo), checkpoint_path: printed.path });
    const shown = repo.run(['checkpoint', '--show', '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      path: printed.path,
      match: 'worktree-and-branch',
      body: 'reproduced the bug\nnext: the test\n',
    });
    const listed = repo.run(['checkpoint', '--list', '--json']);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { path: string }).path),
    ).toEqual([printed.path]);
  });

  it('an empty body writes no record, only checkpoint_at, and a task.checkpoint without a path', () => {
    const repo = withTask();
    const run = repo.run(['checkpoint', '--json'], { input: '\n\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(files(repo, CHECKPOINTS)).toEqual([]);
    expect(JSON.parse(run.stdout)).toMatchObject({ path: null });
    const last = ledger(repo).at(-1)!;
    expect(last).toMatchObject({ event: 'task.checkpoint', task_id: taskId(repo) });
    expect(last).not.toHaveProperty('checkpoint_path');
  });

  it('refuses (2) a body over checkpoint.max_body_lines, whole, and writes nothing', () => {
    const repo = withTask();
    const before = repo.read(`${STATE}/current.yaml`);
    const run = repo.run(['checkpoint'], { input: Array.from({ length: 41 }, (_, i) => `line ${i}`).join('\n') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('max_body_lines');
    expect(files(repo, CHECKPOINTS)).toEqual([]);
    expect(repo.read(`${STATE}/current.yaml`)).toBe(before);
    expect(repo.run(['checkpoint'], { input: Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') }).code).toBe(0);
  });

  it.each(['head: 0000000', 'task_id: t-1', 'working_tree: clean'])('refuses (2) a body holding the identity key line %j', (line) => {
    const repo = withTask();
    const run = repo.run(['checkpoint'], { input: `progress\n${line}\n` });
    expect(run.code).toBe(2);
    expect(files(repo, CHECKPOINTS)).toEqual([]);
  });

  it('refuses (12) without an active task, and --show (12) with no record', () => {
    const repo = withTask(false);
    const run = repo.run(['checkpoint'], { input: 'x\n' });
    expect(run.code).toBe(12);
    expect(run.stderr).toContain('no active task (run: majordomus start "<task>" --scope <pathspec>)');
    expect(repo.run(['checkpoint', '--show']).code).toBe(12);
    expect(repo.run(['checkpoint', '--show', '--list']).code).toBe(2);
  });

  it('refuses (15) a record folder linked outside the repository; nothing is written there', () => {
    const repo = withTask();
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
    scratch.push(outside);
    symlinkSync(outside, repo.path(CHECKPOINTS));
    const run = repo.run(['checkpoint'], { input: 'x\n' });
    expect(run.code).toBe(15);
    expect(readdirSync(outside)).toEqual([]);
    expect(ledger(repo).map((line) => line.event)).toEqual(['task.started']);
  });

  it('records are exactly 0600 under umask 277', () => {
    const repo = withTask();
    const result = spawnSync('sh', ['-c', `umask 277 && exec "$@"`, 'sh', process.execPath, CLI, 'handover'], {
      cwd: repo.dir,
      env: cleanEnv(),
      input: HANDOVER_BODY,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const [name] = files(repo, HANDOVERS);
    expect(statSync(repo.path(`${HANDOVERS}/${name}`)).mode & 0o777).toBe(0o600);
  });
});

describe('handover', () => {
  it("writes a record with the policy's sections; --close hands the task over; task.handed_over is appended", () => {
    const repo = withTask();
    const id = taskId(repo);
    const run = repo.run(['handover', '--close', '--json'], { input: HANDOVER_BODY });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { path: string };
    expect(ledger(repo).at(-1)).toMatchObject({ event: 'task.handed_over', task_id: id, handover_path: printed.path, closed: true });
    expect(repo.read(`${STATE}/current.yaml`)).toContain('outcome: "handed_over"');
    const record = repo.read(printed.path);
    expect(record).toMatch(/^---\nschema_version: 1\ncreated_at: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\n/);
    expect(record).toContain('changed_files_excluded: 0');
    expect(JSON.parse(repo.run(['handover', '--show', '--json']).stdout)).toMatchObject({ path: printed.path, task_id: id });
    // the task is handed over: nothing more is recorded against it
    expect(repo.run(['handover'], { input: HANDOVER_BODY }).code).toBe(12);
  });

  it('refuses (2) a body missing a required section, or with one left empty', () => {
    const repo = withTask();
    expect(repo.run(['handover'], { input: '# Objective\nx\n# Current State\ny\n' }).code).toBe(2);
    expect(repo.run(['handover'], { input: '# Objective\nx\n# Current State\n\n# Next Action\nz\n' }).code).toBe(2);
    expect(repo.run(['handover'], { input: `${HANDOVER_BODY}branch: main\n` }).code).toBe(2);
    expect(files(repo, HANDOVERS)).toEqual([]);
  });
});

describe('decision', () => {
  it('writes the exact entry shape, --supersedes an earlier one, lists them, appends decision.recorded', () => {
    const repo = withTask();
    const head = repo.git(['rev-parse', 'HEAD']).trim();
    expect(
      repo.run(['decision', 'add', 'use the session store', '--why', 'one expiry clock', '--rejected', 'a cache', '--rejected', 'a cookie'])
        .code,
    ).toBe(0);
    const second = repo.run([
      'decision',
      'add',
      'use a cache after all',
      '--why',
      'latency',
      '--evidence',
      'bench/x',
      '--supersedes',
      'use the session store',
      '--json',
    ]);
    expect(second.code, second.stderr).toBe(0);
    const text = repo.read(`${STATE}/decisions.md`);
    const date = new Date().toISOString().slice(0, 10);
    expect(text).toBe(
      `## ${date} — use the session store\nTask: ${taskId(repo)}\nHead: ${head}\nWhy: one expiry clock\nRejected: a cache; a cookie\nEvidence: -\nSupersedes: -\n\n` +
        `## ${date} — use a cache after all\nTask: ${taskId(repo)}\nHead: ${head}\nWhy: latency\nRejected: -\nEvidence: bench/x\nSupersedes: ${date} — use the session store\n`,
    );
    expect(ledger(repo).at(-1)).toMatchObject({
      event: 'decision.recorded',
      task_id: taskId(repo),
      decision: `${date} — use a cache after all`,
    });
    const listed = repo
      .run(['decision', 'list', '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { decision: string });
    expect(listed.map((entry) => entry.decision)).toEqual(['use the session store', 'use a cache after all']);
  });

  it.each([
    [['decision', 'add', 'x'], 2, 'no --why'],
    [['decision', 'add', 'x', '--why', 'y', '--supersedes', 'nothing like it'], 2, 'a superseded decision that is not there'],
    [['decision', 'add', 'two\nlines', '--why', 'y'], 2, 'a decision on two lines'],
    [['decision', 'add', 'x', '--why', ''], 2, 'an empty reason'],
  ])('refuses %j with %i (%s)', (args, code) => {
    const repo = withTask();
    expect(repo.run(args).code).toBe(code);
    expect(repo.exists(`${STATE}/decisions.md`)).toBe(false);
  });

  it('refuses (12) without an active task', () => {
    expect(withTask(false).run(['decision', 'add', 'x', '--why', 'y']).code).toBe(12);
  });

  it('8 concurrent writers × 4 decisions: every entry is recorded', async () => {
    const repo = withTask();
    const WRITERS = 8;
    const EACH = 4;
    const writer = (w: number): Promise<number[]> =>
      new Promise((resolve) => {
        // one shell per writer, its decisions one after another, the writers all at once
        const script = Array.from(
          { length: EACH },
          (_, i) => `"$0" "$1" decision add "w${w} d${i}" --why "r" >/dev/null 2>>"$2"; echo $?`,
        ).join('\n');
        const child = spawn('sh', ['-c', script, process.execPath, CLI, repo.path(`err-${w}`)], { cwd: repo.dir, env: cleanEnv() });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('close', () => resolve(out.trim().split('\n').map(Number)));
      });
    const codes = (await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)))).flat();
    expect(codes.filter((code) => code !== 0)).toEqual([]);
    const entries = parseDecisions(repo.read(`${STATE}/decisions.md`));
    expect(entries).toHaveLength(WRITERS * EACH);
    expect(new Set(entries.map((entry) => entry.title)).size).toBe(WRITERS * EACH);
    expect(entries.every((entry) => entry.fields.size === 6)).toBe(true);
    expect(ledger(repo).filter((line) => line.event === 'decision.recorded')).toHaveLength(WRITERS * EACH);
  }, 180_000);
});

describe('question', () => {
  it('opens a line of the exact shape, resolves it in place by number, lists it; ledger events for both', () => {
    const repo = withTask();
    const id = taskId(repo);
    const date = new Date().toISOString().slice(0, 10);
    expect(repo.run(['question', 'add', 'refresh window: 15 or 60 minutes?']).code).toBe(0);
    expect(repo.run(['question', 'add', 'keep the legacy path?']).code).toBe(0);
    expect(repo.read(`${STATE}/open-questions.md`)).toBe(
      `- [unresolved] ${id} — refresh window: 15 or 60 minutes? (${date})\n- [unresolved] ${id} — keep the legacy path? (${date})\n`,
    );
    expect(repo.run(['question', 'resolve', 'keep the legacy path?', '--answer', 'yes, until Q4']).code).toBe(0);
    expect(repo.run(['question', 'resolve', '1', '--answer', '60']).code).toBe(0);
    const store = parseQuestions(repo.read(`${STATE}/open-questions.md`));
    expect(store.malformed).toEqual([]);
    expect(repo.read(`${STATE}/open-questions.md`)).toBe(
      `- [resolved ${date}] ${id} — refresh window: 15 or 60 minutes? — 60\n- [resolved ${date}] ${id} — keep the legacy path? — yes, until Q4\n`,
    );
    expect(
      ledger(repo)
        .slice(-4)
        .map((line) => line.event),
    ).toEqual(['question.opened', 'question.opened', 'question.resolved', 'question.resolved']);
    const listed = repo
      .run(['question', 'list', '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { number: number; resolved: boolean });
    expect(listed.map((entry) => [entry.number, entry.resolved])).toEqual([
      [1, true],
      [2, true],
    ]);
    // an answer is never replaced
    expect(repo.run(['question', 'resolve', '1', '--answer', '15']).code).toBe(15);
  });

  it.each([
    [['question', 'add', 'a — b'], 'a question holding the separator'],
    [['question', 'add', ''], 'an empty question'],
    [['question', 'resolve', '7', '--answer', 'x'], 'a number no entry has'],
    [['question', 'resolve', 'no such question', '--answer', 'x'], 'text no entry has'],
    [['question', 'resolve', '1'], 'no --answer'],
  ])('refuses %j with 2 (%s)', (args) => {
    const repo = withTask();
    expect(repo.run(args).code).toBe(2);
  });

  it('refuses (12) to open a question without an active task', () => {
    expect(withTask(false).run(['question', 'add', 'why?']).code).toBe(12);
  });

  it('lists the well-formed entries of a store with malformed lines, names each bad line on stderr, exits 10', () => {
    const repo = repos.create().init();
    const file = `${STATE}/open-questions.md`;
    repo.write(
      file,
      [
        '# Open questions',
        '- [unresolved] t-1 — first? (2026-09-03)',
        '- [unresolved] t-1 — no date',
        '- [unresolved] t-1 — impossible date? (2026-02-30)',
        '- [resolved 2026-09-04] t-2 — second? — yes',
        '',
      ].join('\n'),
    );
    for (const format of [['--json'], []]) {
      const result = repo.run(['question', 'list', ...format]);
      expect(result.code, result.stderr).toBe(10);
      const listed = result.stdout.trim().split('\n');
      expect(listed).toHaveLength(2);
      if (format.length > 0) expect(listed.map((line) => (JSON.parse(line) as { line: number }).line)).toEqual([2, 5]);
      const named = result.stderr.split('\n').filter((line) => line.startsWith(`  ${file}:`));
      expect(named.map((line) => line.split(':')[1])).toEqual(['3', '4']);
      expect(named[1]).toContain('2026-02-30');
    }
    // a store with only well-formed lines still lists with 0
    repo.write(file, '- [unresolved] t-1 — first? (2026-09-03)\n');
    expect(repo.run(['question', 'list']).code).toBe(0);
  });
});
