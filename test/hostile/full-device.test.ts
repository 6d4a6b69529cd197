/**
 * A full device: every command whose change is a record and its ledger line leaves both or neither,
 * and says which. The local half of the layer (`.ai/local`, where the ledger and the stores live) is a
 * small tmpfs, filled until nothing is left and then freed a page at a time, with the ledger ending 20
 * bytes before a page boundary so that its next line needs a page of its own: at one level the store
 * or the record is what runs out of room, at another the ledger line is cut short — which the appender
 * must cut away again, and the command must take its record back. Where no tmpfs can be mounted (not
 * root), the same is done with a file size limit (`prlimit --fsize`), which cuts the ledger's line short
 * the same way. After each case the device is freed and the command run again: it finishes, whole.
 *
 * Each command's starting state (an adopted, committed repository with its setup run) is made once and
 * copied per case (helpers/prepared.ts); on a device, the copy's local half is moved onto the fresh tmpfs.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ledgerOf, leftovers, sh } from '../helpers/hostile';
import { committedAdoption, copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
const mounted: string[] = [];
afterEach(() => {
  for (const dir of mounted.splice(0)) spawnSync('umount', [dir]);
});
afterAll(() => repos.disposeAll());

const PAGE = 4096;
const DEVICE = 512 * 1024;
const NOTE = '# Objective\\nx\\n\\n# Current State\\ny\\n\\n# Next Action\\nz\\n';

/** True when this process may mount a tmpfs (root, and a kernel that lets it). */
const CAN_MOUNT = ((): boolean => {
  if (process.getuid?.() !== 0) return false;
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-mount-'));
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status === 0;
  if (ok) spawnSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
  return ok;
})();
const HAS_PRLIMIT = spawnSync('prlimit', ['--version']).status === 0;

/** One change of two writes: how to prepare for it, the command, and the two halves to compare. */
interface Pair {
  readonly command: string;
  readonly setup: readonly string[];
  readonly run: string;
  /** The event whose line is the ledger's half. */
  readonly event: string;
  /** The store's half, as a count that the change raises by one. */
  store(dir: string): number;
}

const countFiles = (dir: string): number => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')).length : 0);
const occurrences = (file: string, text: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split(text).length - 1 : 0);
const state = (dir: string, path: string): string => join(dir, '.ai/local/state', path);

const PAIRS: readonly Pair[] = [
  {
    command: 'decision add',
    setup: ['$M start work --scope .'],
    run: '$M decision add "use the pipe" --why "it streams"',
    event: 'decision.recorded',
    store: (dir) => occurrences(state(dir, 'decisions.md'), 'use the pipe'),
  },
  {
    command: 'question add',
    setup: ['$M start work --scope .'],
    run: '$M question add "which pipe?"',
    event: 'question.opened',
    store: (dir) => occurrences(state(dir, 'open-questions.md'), 'which pipe?'),
  },
  {
    command: 'question resolve',
    setup: ['$M start work --scope .', '$M question add "which pipe?"'],
    run: '$M question resolve 1 --answer "the short one"',
    event: 'question.resolved',
    store: (dir) => occurrences(state(dir, 'open-questions.md'), 'the short one'),
  },
  {
    command: 'checkpoint',
    setup: ['$M start work --scope .'],
    run: `printf '${NOTE}' | $M checkpoint`,
    event: 'task.checkpoint',
    store: (dir) => countFiles(state(dir, 'checkpoints')),
  },
  {
    command: 'handover',
    setup: ['$M start work --scope .'],
    run: `printf '${NOTE}' | $M handover`,
    event: 'task.handed_over',
    store: (dir) => countFiles(state(dir, 'handovers')),
  },
  {
    command: 'start',
    setup: ['$M session start', "printf 'x\\n' | $M session close"],
    run: '$M start work --scope .',
    event: 'task.started',
    store: (dir) => occurrences(state(dir, 'current.yaml'), 'task: "work"'),
  },
  {
    command: 'session start',
    setup: ['$M start work --scope .'],
    run: '$M session start',
    event: 'session.started',
    store: (dir) => countFiles(state(dir, 'sessions-open')),
  },
  {
    command: 'session close',
    setup: ['$M session start'],
    run: "printf 'what was done\\n' | $M session close",
    event: 'session.closed',
    store: (dir) => countFiles(join(dir, '.ai/repo/sessions')) - 1,
  },
];

const adopted = committedAdoption(repos, 'adopt');
/** Each command's starting state, made once: an adopted, committed repository with `setup` run. */
const starts = new Map<string, TempRepo>();

/** A copy of the adopted, committed repository with `setup` run, whose `.ai/local` is a fresh tmpfs when `device`. */
function prepared(pair: Pair, device: boolean): TempRepo {
  let start = starts.get(pair.command);
  if (!start) {
    start = adopted();
    for (const step of pair.setup) {
      const run = sh(start.dir, step);
      expect(run.code, `${step}: ${run.stderr}`).toBe(0);
    }
    starts.set(pair.command, start);
  }
  const repo = copyOf(repos, start);
  if (device) {
    // the local half as the setup left it, moved onto the device mounted where it was
    const local = repo.path('.ai/local');
    const aside = `${repo.dir}.local`;
    renameSync(local, aside);
    mkdirSync(local);
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DEVICE}`, 'tmpfs', local]).status).toBe(0);
    mounted.push(local);
    cpSync(aside, local, { recursive: true, verbatimSymlinks: true });
    rmSync(aside, { recursive: true, force: true });
  }
  return repo;
}

/** Pad the ledger with a whole line so that it ends `room` bytes before a page boundary. */
function padLedger(dir: string, room: number): void {
  const file = state(dir, 'ledger.jsonl');
  const size = existsSync(file) ? statSync(file).size : 0;
  let target = (Math.floor(size / PAGE) + 1) * PAGE - room;
  if (target - size < 200) target += PAGE;
  const envelope = {
    ts: '2000-01-01T00:00:00Z',
    event: 'use_cases.ran',
    head: null,
    branch: 'main',
    by: 'majordomus/0.1.0',
    ran: [''],
    failed: [],
  };
  const bare = JSON.stringify(envelope).length + 1;
  appendFileSync(file, `${JSON.stringify({ ...envelope, ran: ['x'.repeat(target - size - bare)] })}\n`);
  expect(statSync(file).size % PAGE).toBe(PAGE - room);
}

/** Fill the device holding `dir` to the last byte, then free `pages` pages; the filler's path. */
function fill(dir: string, pages: number): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(PAGE, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  closeSync(fd);
  const size = statSync(filler).size;
  spawnSync('truncate', ['-s', String(Math.max(0, size - pages * PAGE)), filler]);
  return filler;
}

/** What a refused or accepted run must leave: both halves or neither, the ledger whole, nothing stray. */
function expectWholeOrNothing(
  repo: TempRepo,
  pair: Pair,
  before: { store: number; lines: number },
  run: { code: number; stderr: string },
): void {
  expect([0, 15], `${pair.command}: exit ${run.code}: ${run.stderr}`).toContain(run.code);
  const ledger = ledgerOf(repo.dir);
  expect(ledger.torn, `${pair.command} left a torn ledger: ${run.stderr}`).toBe(false);
  const lines = ledger.events.filter((line) => line.event === pair.event).length;
  const added = run.code === 0 ? 1 : 0;
  expect({ store: pair.store(repo.dir) - before.store, line: lines - before.lines }, run.stderr).toEqual({ store: added, line: added });
  if (run.code === 15) expect(run.stderr).toMatch(/no space left on the device|larger than this process may write|were cut away again/);
  expect(leftovers(repo.dir)).toEqual([]);
}

const counts = (repo: TempRepo, pair: Pair) => ({
  store: pair.store(repo.dir),
  lines: ledgerOf(repo.dir).events.filter((line) => line.event === pair.event).length,
});

describe.runIf(CAN_MOUNT)('a full device under .ai/local (tmpfs)', () => {
  it.each(PAIRS)('$command: at every level of free space, both halves or neither; then, with room, it finishes', (pair) => {
    const outcomes = new Set<string>();
    for (const pages of [0, 1, 2, 3]) {
      const repo = prepared(pair, true);
      padLedger(repo.dir, 20);
      const before = counts(repo, pair);
      const filler = fill(repo.path('.ai/local'), pages);
      const run = sh(repo.dir, pair.run);
      expectWholeOrNothing(repo, pair, before, run);
      outcomes.add(run.code === 0 ? 'recorded' : /cut away again/.test(run.stderr) ? 'line cut back' : 'refused');
      rmSync(filler);
      const again = sh(repo.dir, pair.run);
      if (run.code === 15) {
        expect(again.code, again.stderr).toBe(0);
        expect(counts(repo, pair)).toEqual({ store: before.store + 1, lines: before.lines + 1 });
      }
      spawnSync('umount', [repo.path('.ai/local')]);
      mounted.splice(mounted.indexOf(repo.path('.ai/local')), 1);
    }
    // some level ran out before anything was written or while the line was written
    expect([...outcomes].some((outcome) => outcome !== 'recorded')).toBe(true);
  });
});

describe.runIf(HAS_PRLIMIT)('a ledger line cut short (a file size limit)', () => {
  it.each(PAIRS)('$command: the short line is cut away, the record taken back, exit 15; then it finishes', (pair) => {
    const repo = prepared(pair, false);
    padLedger(repo.dir, 20);
    const before = counts(repo, pair);
    const size = statSync(state(repo.dir, 'ledger.jsonl')).size;
    const run = sh(repo.dir, pair.run.replace('$M', `prlimit --fsize=${size + 20} $M`));
    expectWholeOrNothing(repo, pair, before, run);
    expect(run.code).toBe(15);
    expect(run.stderr).toMatch(/were cut away again: the ledger is as it was/);
    expect(statSync(state(repo.dir, 'ledger.jsonl')).size).toBe(size);
    const again = sh(repo.dir, pair.run);
    expect(again.code, again.stderr).toBe(0);
    expect(counts(repo, pair)).toEqual({ store: before.store + 1, lines: before.lines + 1 });
  });
});
