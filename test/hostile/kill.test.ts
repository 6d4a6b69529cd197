/**
 * `kill -9` at every write step of every command that writes two things (a store or a record and its
 * ledger line; a session record, its line and the pointer), then the state it leaves is judged and the
 * next command is run. The kill is exact: the CLI's test-only kill point
 * (`MAJORDOMUS_TEST_KILL_AT_STEP=<k>`, engine/io/write/kill-point.ts) makes the command SIGKILL itself at
 * its k-th write step — a file staged, put in place or moved aside, a record linked or removed, the
 * lock taken, the ledger line about to be written, the pointer swapped. Rounds run k = 1, 2, … until
 * the command finishes unkilled (so every step is reached), then cycle through the steps again.
 *
 * What must hold after every kill: the ledger is whole (no torn line); no ledger line names what is
 * not there (the line is written last, as the change's commit: a record may outlive its missing line —
 * the one thing a kill between two files can leave — never the other way round); at most one of each
 * half; nothing a writer staged lies where `git add` reaches it; and the
 * next command either finishes (0) or reports what it found (its own refusal, naming it) — never an
 * internal error. The repository is restored to the same path before every round, so the records'
 * absolute `worktree` fields stay this checkout's.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerOf, leftovers, sh, useCaseText } from '../helpers/hostile';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/**
 * Rounds per command (kills). Every write step is reached at least once whatever the number, and the
 * kill point is exact, so a further round repeats a state already judged: `npm test` runs each step
 * once; CI (.ci/run) sets MAJORDOMUS_TEST_KILL_ROUNDS=50, fifty kills a command.
 */
const ROUNDS = Number(process.env.MAJORDOMUS_TEST_KILL_ROUNDS ?? 1);
const NOTE = '# Objective\\nx\\n\\n# Current State\\ny\\n\\n# Next Action\\nz\\n';

interface Killable {
  readonly command: string;
  /** Shell lines run once in the repository before the rounds. */
  readonly setup: readonly string[];
  readonly run: string;
  /** Its ledger line. */
  readonly event: string;
  /** The other half, as a count the command raises by one. */
  store(dir: string): number;
  /** What a next run that refuses must say: it reports what the kill left (15, or 12). */
  readonly next: RegExp;
  /** Rounds for this command, when fewer than ROUNDS (a command whose every run is costly). */
  readonly rounds?: number;
}

const count = (dir: string): number => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')).length : 0);
const occurrences = (file: string, text: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split(text).length - 1 : 0);
const state = (dir: string, path: string): string => join(dir, '.ai/local/state', path);

const KILLABLE: readonly Killable[] = [
  {
    command: 'decision add',
    setup: ['$M start work --scope .'],
    run: '$M decision add "use the pipe" --why "it streams"',
    event: 'decision.recorded',
    store: (dir) => occurrences(state(dir, 'decisions.md'), 'use the pipe'),
    next: /^$/,
  },
  {
    command: 'question add',
    setup: ['$M start work --scope .'],
    run: '$M question add "which pipe?"',
    event: 'question.opened',
    store: (dir) => occurrences(state(dir, 'open-questions.md'), 'which pipe?'),
    next: /^$/,
  },
  {
    command: 'question resolve',
    setup: ['$M start work --scope .', '$M question add "which pipe?"'],
    run: '$M question resolve 1 --answer "the short one"',
    event: 'question.resolved',
    store: (dir) => occurrences(state(dir, 'open-questions.md'), 'the short one'),
    next: /was resolved on/,
  },
  {
    command: 'checkpoint',
    setup: ['$M start work --scope .'],
    run: `printf '${NOTE}' | $M checkpoint`,
    event: 'task.checkpoint',
    store: (dir) => count(state(dir, 'checkpoints')),
    next: /^$/,
  },
  {
    command: 'handover',
    setup: ['$M start work --scope .'],
    run: `printf '${NOTE}' | $M handover`,
    event: 'task.handed_over',
    store: (dir) => count(state(dir, 'handovers')),
    next: /^$/,
  },
  {
    command: 'start',
    setup: [],
    run: '$M start work --scope .',
    event: 'task.started',
    store: (dir) => occurrences(state(dir, 'current.yaml'), 'task: "work"'),
    next: /is active/,
  },
  {
    command: 'finish',
    setup: ['$M start work --scope .'],
    run: `printf '${NOTE}' | $M finish --outcome partial --verify-command 'git --version' --note -`,
    event: 'task.finished',
    store: (dir) => occurrences(state(dir, 'current.yaml'), 'outcome: "partial"'),
    next: /already finished/,
  },
  {
    command: 'session start',
    setup: [],
    run: '$M session start',
    event: 'session.started',
    store: (dir) => count(state(dir, 'sessions-open')),
    next: /is open here/,
  },
  {
    command: 'session close',
    setup: ['$M session start'],
    run: "printf 'what was done\\n' | $M session close",
    event: 'session.closed',
    store: (dir) => count(join(dir, '.ai/repo/sessions')),
    next: /no episode is open here/,
  },
  {
    command: 'usecase run',
    setup: [],
    run: '$M usecase run tiny',
    event: 'use_cases.ran',
    store: (dir) => count(join(dir, '.ai/local/evidence/use-cases')),
    next: /^$/,
    // each run executes the scenario first (a repository of its own): every step twice is the budget
    rounds: 12,
  },
];

/**
 * The layer of the repository at `repo.dir` put back to `snapshot` (same path: the records' worktree
 * fields stay true), and the write lock a killed run held removed with its temporary file. Nothing else
 * of the repository is written by these commands.
 */
function restore(repo: TempRepo, snapshot: string): void {
  rmSync(repo.path('.ai'), { recursive: true, force: true });
  cpSync(snapshot, repo.path('.ai'), { recursive: true, verbatimSymlinks: true });
  for (const name of readdirSync(repo.path('.git'))) if (name.startsWith('majordomus.lock')) rmSync(repo.path(`.git/${name}`));
}

/** The two halves now. */
const halves = (repo: TempRepo, killable: Killable) => ({
  store: killable.store(repo.dir),
  line: ledgerOf(repo.dir).events.filter((line) => line.event === killable.event).length,
});

/** What a writer left where git add reaches it: anything outside the local half and git's own folder. */
const trackedStrays = (repo: TempRepo): string[] =>
  leftovers(repo.dir).filter((path) => !path.startsWith('.ai/local/') && !path.startsWith('.git/'));

/** The state a kill or a run left must hold: whole ledger, no line without its half, nothing stray in reach of git add. */
function expectConsistent(
  repo: TempRepo,
  killable: Killable,
  before: { store: number; line: number },
  what: string,
  runs = 1,
): { store: number; line: number } {
  const ledger = ledgerOf(repo.dir);
  expect(ledger.torn, `${what}: the ledger ends in a torn line`).toBe(false);
  const now = halves(repo, killable);
  const added = { store: now.store - before.store, line: now.line - before.line };
  expect(added.line <= added.store, `${what}: a ${killable.event} line without its record (${JSON.stringify(added)})`).toBe(true);
  // one of each half a run at most: a killed run and the run after it, two
  expect(added.store <= runs && added.line <= runs, `${what}: ${JSON.stringify(added)}`).toBe(true);
  expect(trackedStrays(repo), what).toEqual([]);
  return added;
}

describe.each(KILLABLE)('kill -9 at every write step: $command', (killable) => {
  it(`the state is consistent after each kill, and the next command finishes or reports what it found`, () => {
    const started = Date.now();
    const repo = repos.create().init();
    if (killable.command === 'usecase run')
      repo.write(
        '.ai/repo/use-cases/tiny.md',
        useCaseText('tiny', ['history'], ['  - id: history', "    run: ['history']", '    expect:', '      exit: 0']),
      );
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    for (const step of killable.setup) expect(sh(repo.dir, step).code, step).toBe(0);
    const snapshot = `${repo.dir}.snapshot`;
    cpSync(repo.path('.ai'), snapshot, { recursive: true, verbatimSymlinks: true });
    const before = halves(repo, killable);
    const rounds = Math.min(killable.rounds ?? ROUNDS, ROUNDS);
    let steps: number | undefined;
    const nextChecked = new Set<number>();
    let kills = 0;
    try {
      for (let round = 0; round < rounds || steps === undefined; round++) {
        const at = steps === undefined ? round + 1 : (round % steps) + 1;
        restore(repo, snapshot);
        const killed = sh(repo.dir, killable.run, { MAJORDOMUS_TEST_KILL_AT_STEP: String(at) });
        // sh reports its child's SIGKILL as 137; a shell that exec'd the command is itself the one killed
        if (killed.code !== 137 && killed.signal !== 'SIGKILL') {
          // it finished before reaching step `at`: it has at - 1 write steps, and this was a whole run
          expect(killed.code, `${killable.command} unkilled: ${killed.stderr}`).toBe(0);
          expect(steps === undefined, `${killable.command} has a varying number of write steps`).toBe(true);
          steps = at - 1;
          expect(expectConsistent(repo, killable, before, 'a whole run')).toEqual({ store: 1, line: 1 });
          continue;
        }
        kills++;
        expectConsistent(repo, killable, before, `killed at step ${at}`);
        if (nextChecked.has(at)) continue;
        nextChecked.add(at);
        // the next command, as a person would run it again
        const next = sh(repo.dir, killable.run);
        if (next.code === 0)
          expect(expectConsistent(repo, killable, before, `the run after a kill at step ${at}`, 2).line).toBeGreaterThanOrEqual(1);
        else {
          expect([12, 15], `the run after a kill at step ${at}: exit ${next.code}: ${next.stderr}`).toContain(next.code);
          expect(next.stderr).toMatch(killable.next);
          expectConsistent(repo, killable, before, `the refused run after a kill at step ${at}`, 2);
        }
        expect(next.stderr).not.toMatch(/internal error/);
      }
    } finally {
      rmSync(snapshot, { recursive: true, force: true });
    }
    expect(steps).toBeGreaterThan(0);
    expect(nextChecked.size).toBe(steps);
    // the figures CI reports: kills and seconds per command
    process.stderr.write(
      `kill test ${killable.command}: ${steps} write steps, ${kills} kills, ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
  }, 900_000);
});

describe('the kill point itself', () => {
  it.each(['', '0', '-1', 'x', '1e3'])('ignores %j: the command runs whole', (value) => {
    const repo = repos.create().init();
    const run = sh(repo.dir, '$M start work --scope .', { MAJORDOMUS_TEST_KILL_AT_STEP: value });
    expect(run.code, run.stderr).toBe(0);
    expect(run.signal).toBe(null);
  });
});
