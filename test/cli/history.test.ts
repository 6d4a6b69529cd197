/**
 * `history` run by the built CLI in adopted temporary repositories: the filters and their refusals,
 * `--validate` (exit 10, each problem by line), `--repair` (the torn bytes kept, appends work again),
 * `--rotate` (an archive, never an overwrite, `ledger.rotated` appended) and a ledger reached through a
 * link leading outside the repository (15, nothing read or written there).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../../engine/state/ledger/append';
import { parseLedger } from '../../engine/state/ledger/read';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const LEDGER = '.ai/local/state/ledger.jsonl';
const line = (ts: string, event: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ ts, event, head: null, branch: 'main', by: 'majordomus/test', ...extra })}\n`;

/** An adopted repository whose ledger holds `text`. */
function withLedger(text: string): TempRepo {
  const repo = repos.create().init();
  repo.write(LEDGER, text);
  return repo;
}

const SAMPLE = [
  line('2026-09-01T10:00:00Z', 'task.started', { task_id: 't-1', profile: 'p', owner: 'o', scope: ['src/'] }),
  line('2026-09-02T10:00:00Z', 'task.checkpoint', { task_id: 't-1' }),
  line('2026-09-03T10:00:00Z', 'task.started', { task_id: 't-2', profile: 'p', owner: 'o', scope: ['lib/'] }),
  line('2026-09-04T10:00:00Z', 'decision.recorded', { task_id: 't-2', decision: 'use x' }),
  line('2026-09-05T10:00:00Z', 'task.checkpoint', { task_id: 't-2' }),
].join('');

const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { line: number; record: Record<string, unknown> });

describe('history: reading back', () => {
  const repo = withLedger(SAMPLE);

  it.each([
    [[], [1, 2, 3, 4, 5]],
    [
      ['--task', 't-2'],
      [3, 4, 5],
    ],
    [
      ['--event', 'task.checkpoint'],
      [2, 5],
    ],
    [
      ['--since', '2026-09-03'],
      [3, 4, 5],
    ],
    [
      ['--since', '2026-09-04T10:00:00Z'],
      [4, 5],
    ],
    [
      ['--limit', '2'],
      [4, 5],
    ],
    [['--all'], [1, 2, 3, 4, 5]],
    [['--task', 't-1', '--event', 'task.checkpoint'], [2]],
    [['--task', 'none'], []],
  ])('%j → lines %j, exit 0', (args, expected) => {
    const result = repo.run(['history', ...args, '--json']);
    expect(result.code).toBe(0);
    expect(lines(result.stdout).map((entry) => entry.line)).toEqual(expected);
  });

  it('prints one text line an event, oldest first', () => {
    const result = repo.run(['history', '--limit', '2']);
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .split('\n')
        .filter(Boolean)
        .map((text) => text.split('  ').slice(0, 3)),
    ).toEqual([
      ['2026-09-04T10:00:00Z', 'decision.recorded', 't-2'],
      ['2026-09-05T10:00:00Z', 'task.checkpoint', 't-2'],
    ]);
  });

  it.each([
    [['--event', 'task.strated'], 'task.started'],
    [['--event', 'nothing.like.it'], undefined],
    [['--limit', '0'], undefined],
    [['--limit', 'ten'], undefined],
    [['--limit', '3', '--all'], undefined],
    [['--since', 'yesterday'], undefined],
    [['--since', '2026-13-45'], undefined],
    [['--validate', '--rotate'], undefined],
    [['--repair', '--task', 't-1'], undefined],
  ])('refuses %j with 2', (args, nearest) => {
    const result = repo.run(['history', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    if (nearest) expect(result.stderr).toContain(`did you mean ${nearest}?`);
  });

  it('writes nothing', () => {
    expect(repo.read(LEDGER)).toBe(SAMPLE);
  });

  it('a repository without a ledger has an empty history; one without a layer is 12', () => {
    const bare = repos.create().init();
    expect(bare.run(['history', '--json'])).toMatchObject({ code: 0, stdout: '' });
    expect(repos.create().run(['history']).code).toBe(12);
  });
});

describe('history --validate', () => {
  it('exits 0 on a sound ledger', () => {
    expect(withLedger(SAMPLE).run(['history', '--validate']).code).toBe(0);
  });

  it('exits 10 naming each malformed line, unknown name and the torn tail by line', () => {
    const repo = withLedger(
      `${SAMPLE}not json\n${line('2026-09-06T00:00:00Z', 'task.exploded')}{"ts":"2026-09-07T00:00:00Z"}\n{"ts":"2026-09-0`,
    );
    const result = repo.run(['history', '--validate', '--json']);
    expect(result.code).toBe(10);
    expect(
      lines(result.stdout).map((p) => [(p as unknown as { line: number; kind: string }).line, (p as unknown as { kind: string }).kind]),
    ).toEqual([
      [6, 'malformed'],
      [7, 'unknown-event'],
      [8, 'malformed'],
      [9, 'torn'],
    ]);
    // plain reading still reads the sound lines, and says what it skipped
    const read = repo.run(['history', '--all', '--json']);
    expect(read.code).toBe(0);
    expect(lines(read.stdout).map((entry) => entry.line)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(read.stderr).toContain('history --validate');
  });
});

describe('a torn tail', () => {
  it('is detected, refuses appends with 15, and --repair moves the bytes aside, kept, so appends work again', () => {
    const torn = '{"ts":"2026-09-06T00:00:00Z","event":"task.che';
    const repo = withLedger(`${SAMPLE}${torn}`);
    const target = { root: repo.dir, localDir: '.ai/local', head: undefined, branch: 'main', command: 'test' };
    expect(repo.run(['history', '--validate']).code).toBe(10);
    expect(() => appendEvent(target, 'task.checkpoint', { task_id: 't-2' })).toThrow(/history --repair/);

    const repaired = repo.run(['history', '--repair', '--json']);
    expect(repaired.code).toBe(0);
    const report = JSON.parse(repaired.stdout) as { repaired: boolean; line: number; bytes: number; kept: string };
    expect(report).toMatchObject({ repaired: true, line: 6, bytes: torn.length });
    expect(repo.read(report.kept)).toBe(torn);
    expect(statSync(repo.path(report.kept)).mode & 0o777).toBe(0o600);
    expect(repo.read(LEDGER)).toBe(SAMPLE);

    appendEvent(target, 'task.checkpoint', { task_id: 't-2' });
    expect(repo.run(['history', '--validate']).code).toBe(0);
    expect(repo.run(['history', '--repair', '--json']).stdout).toBe('{"repaired":false}\n');
  });
});

describe('history --rotate', () => {
  /** A repository whose policy caps the ledger at `cap` lines, its ledger holding `count` events. */
  function capped(cap: number, count: number): TempRepo {
    const repo = repos.create().init();
    const policy = repo.read('.ai/repo/policy.yaml').replace(/retention_max_lines: \d+/, `retention_max_lines: ${cap}`);
    repo.write('.ai/repo/policy.yaml', policy);
    repo.write(
      LEDGER,
      Array.from({ length: count }, (_, i) =>
        line(`2026-09-01T00:00:${String(i).padStart(2, '0')}Z`, 'task.checkpoint', { task_id: `t-${i}` }),
      ).join(''),
    );
    return repo;
  }

  it('moves the oldest lines into an archive, keeps the newest, appends ledger.rotated; never deletes', () => {
    const repo = capped(4, 10);
    const before = repo.read(LEDGER);
    const result = repo.run(['history', '--rotate', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { rotated: boolean; archived: number; kept: number; archive: string };
    expect(report).toMatchObject({ rotated: true, archived: 7, kept: 3 });
    expect(report.archive).toMatch(/^\.ai\/local\/state\/ledger\.\d{8}T\d{6}Z\.jsonl\.archived$/);
    const archive = repo.read(report.archive);
    const ledger = parseLedger(readFileSync(repo.path(LEDGER)));
    // every line is in exactly one of the two files, in order
    expect(
      archive +
        repo
          .read(LEDGER)
          .split('\n')
          .slice(0, 3)
          .map((l) => `${l}\n`)
          .join(''),
    ).toBe(before);
    expect(ledger.entries.map((entry) => entry.event)).toEqual(['task.checkpoint', 'task.checkpoint', 'task.checkpoint', 'ledger.rotated']);
    expect(ledger.entries.at(-1)!.record).toMatchObject({ archived: 7, kept: 3, archive: report.archive });
    expect(statSync(repo.path(report.archive)).mode & 0o777).toBe(0o600);
    expect(statSync(repo.path(LEDGER)).mode & 0o777).toBe(0o600);
    // at the cap: nothing to do
    expect(JSON.parse(repo.run(['history', '--rotate', '--json']).stdout)).toMatchObject({ rotated: false, lines: 4 });
    expect(repo.run(['history', '--validate']).code).toBe(0);
  });

  it('refuses with 15 to overwrite an archive of the same second, the ledger untouched', () => {
    const repo = capped(2, 5);
    const before = repo.read(LEDGER);
    // every name of the next seconds is taken, so whichever second the rotation lands in, its archive exists
    const now = Date.now();
    for (let s = -1; s < 5; s++) {
      const stamp = `${new Date(now + s * 1000).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
      repo.write(`.ai/local/state/ledger.${stamp}.jsonl.archived`, 'kept\n');
    }
    const result = repo.run(['history', '--rotate']);
    expect(result.code).toBe(15);
    expect(repo.read(LEDGER)).toBe(before);
    for (const name of readdirSync(repo.path('.ai/local/state')).filter((n) => n.endsWith('.archived')))
      expect(repo.read(`.ai/local/state/${name}`)).toBe('kept\n');
  });

  it('refuses a torn ledger with 15 and a policy without the cap with 2', () => {
    const torn = capped(2, 5);
    torn.write(LEDGER, `${torn.read(LEDGER)}{"ts`);
    expect(torn.run(['history', '--rotate']).code).toBe(15);
    const nocap = capped(2, 5);
    nocap.write('.ai/repo/policy.yaml', nocap.read('.ai/repo/policy.yaml').replace(/\n\s*retention_max_lines: \d+/, ''));
    expect(nocap.run(['history', '--rotate']).code).toBe(2);
  });
});

describe('a ledger reached through a link leading outside the repository', () => {
  // where the link is, and where the ledger sits under the folder it leads to
  it.each([
    ['.ai/local', 'state/ledger.jsonl'],
    ['.ai/local/state', 'ledger.jsonl'],
    [LEDGER, 'ledger.jsonl'],
  ])('%s as a link outside: reading, validating, repairing and rotating refuse 15; nothing changes outside', (linked, inner) => {
    const repo = repos.create().init();
    const outside = mkdtempSync(join(tmpdir(), 'history-outside-'));
    try {
      const file = join(outside, inner);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${SAMPLE}{"ts`);
      const mtime = new Date('2020-01-01T00:00:00Z');
      utimesSync(file, mtime, mtime);
      repo.remove('.ai/local');
      mkdirSync(repo.path(dirname(linked)), { recursive: true });
      symlinkSync(linked === LEDGER ? file : outside, repo.path(linked));
      const listing = readdirSync(dirname(file));
      for (const args of [['history'], ['history', '--validate'], ['history', '--repair'], ['history', '--rotate']]) {
        expect(repo.run(args).code, args.join(' ')).toBe(15);
      }
      expect(readFileSync(file, 'utf8')).toBe(`${SAMPLE}{"ts`);
      expect(statSync(file).mtime.getTime()).toBe(mtime.getTime());
      expect(readdirSync(dirname(file))).toEqual(listing);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
