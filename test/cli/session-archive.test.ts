/**
 * `session archive`: the oldest closed records beyond `session.retention_max_files` move into the
 * sessions section's `archive/`, byte for byte, and `session.archived` is appended — only while the
 * policy's `session.archive` is true, never deleting, refusing before the first move when a name is
 * already archived. The records are what `session close` really writes (one closed episode, copied
 * under further names and ids, as a section grows); the built CLI in real repositories.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOneEpisode } from '../helpers/episode';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { ledgerEvents } from '../helpers/task';

const DIR = '.ai/repo/sessions';
const ARCHIVE = `${DIR}/archive`;
const POLICY = '.ai/repo/policy.yaml';
const LEDGER = '.ai/local/state/ledger.jsonl';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

let base: TempRepo;
/** Five closed records (the first really written by session close), committed. */
let names: string[];

beforeAll(() => {
  base = repos.create().init();
  base.git(['add', '-A']);
  base.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  const { text, id, name } = closeOneEpisode(
    (args, options) => base.run(args, options),
    (path) => base.read(path),
  );
  // older records before it, each its own episode: the leading timestamp orders them
  for (let i = 1; i <= 4; i++) {
    const other = `s-2026010100000${i}-000${i}`;
    const older = name
      .replace(/^\d{8}T\d{6}Z/, `20260101T00000${i}Z`)
      .replace(id, other)
      .replace(/--[0-9a-f]{16}\.md$/, `--${String(i).repeat(16)}.md`);
    base.write(`${DIR}/${older}`, text.replaceAll(id, other));
  }
  base.git(['add', '-A']);
  base.git(['commit', '-q', '--no-verify', '-m', 'records']);
  names = records(base);
  expect(names).toHaveLength(5);
});

/** A copy of the base whose policy sets `session:` keys (appended to the block the skeleton writes). */
function withPolicy(keys: string): TempRepo {
  const repo = copyOf(repos, base);
  const policy = repo.read(POLICY);
  expect(policy).toContain('\nsession:\n');
  repo.write(POLICY, policy.replace('\nsession:\n', `\nsession:\n${keys}`));
  return repo;
}

/** The record files of the sessions section (its .gitkeep and archive/ aside), sorted. */
const records = (repo: TempRepo): string[] =>
  readdirSync(repo.path(DIR))
    .filter((name) => name.endsWith('.md'))
    .sort();

describe('session archive', () => {
  it('moves the oldest records beyond the cap into archive/, byte for byte, appends session.archived, and doctor stays green', () => {
    const repo = withPolicy('  retention_max_files: 2\n  archive: true\n');
    const before = new Map(names.map((name) => [name, repo.read(`${DIR}/${name}`)]));
    const run = repo.run(['session', 'archive', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as {
      archived: number;
      kept: number;
      archive: string;
      dry_run: boolean;
      moved: { from: string; to: string }[];
    };
    expect(result).toMatchObject({ archived: 3, kept: 2, cap: 2, archive: ARCHIVE, dry_run: false });
    expect(result.moved).toEqual(names.slice(0, 3).map((name) => ({ from: `${DIR}/${name}`, to: `${ARCHIVE}/${name}` })));
    expect(readdirSync(repo.path(ARCHIVE)).sort()).toEqual(names.slice(0, 3));
    expect(records(repo)).toEqual(names.slice(3));
    for (const name of names.slice(0, 3)) expect(repo.read(`${ARCHIVE}/${name}`)).toBe(before.get(name));
    const event = ledgerEvents(repo).at(-1)!;
    expect(event).toMatchObject({
      event: 'session.archived',
      archived: 3,
      kept: 2,
      archive: ARCHIVE,
      paths: result.moved.map((m) => m.from),
    });
    // the move committed, the layer is as sound as before
    repo.git(['add', '-A', '--', DIR]);
    repo.git(['commit', '-q', '--no-verify', '-m', 'archive']);
    const doctor = repo.gate(['doctor']);
    expect(doctor.findings.filter((f) => f.level === 'FAIL' || f.level === 'WARN')).toEqual([]);
    expect(doctor.code).toBe(0);
    // within the cap now: nothing to move, nothing appended
    const lines = ledgerEvents(repo).length;
    const again = repo.run(['session', 'archive']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/nothing to move/);
    expect(ledgerEvents(repo)).toHaveLength(lines);
  });

  it('an archived record stays reachable: session show <id> finds it in archive/, session list --archived lists it, session list does not', () => {
    const repo = withPolicy('  retention_max_files: 2\n  archive: true\n');
    expect(repo.run(['session', 'archive']).code).toBe(0);
    const id = (name: string): string => /--(s-\d{14}-[0-9a-f]{4})--/.exec(name)![1]!;
    const oldest = names[0]!;
    const show = repo.run(['session', 'show', id(oldest), '--json']);
    expect(show.code, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ session_id: id(oldest), path: `${ARCHIVE}/${oldest}` });
    const listed = (args: string[]): string[] =>
      repo
        .run(['session', 'list', ...args, '--json'])
        .stdout.split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { session_id: string }).session_id);
    expect(listed(['--archived'])).toEqual(names.slice(0, 3).reverse().map(id));
    expect(listed([])).toEqual(names.slice(3).reverse().map(id));
    // latest is the newest of the section itself, never an archived one
    expect(JSON.parse(repo.run(['session', 'show', 'latest', '--json']).stdout)).toMatchObject({ path: `${DIR}/${names[4]}` });
    // an id in neither place is 12
    expect(repo.run(['session', 'show', 's-20990101000000-ffff']).code).toBe(12);
  });

  it('--dry-run names what would move and writes nothing', () => {
    const repo = withPolicy('  retention_max_files: 4\n  archive: true\n');
    const ledger = repo.read(LEDGER);
    const run = repo.run(['session', 'archive', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`would move ${DIR}/${names[0]} -> ${ARCHIVE}/${names[0]}`);
    expect(repo.exists(ARCHIVE)).toBe(false);
    expect(records(repo)).toEqual(names);
    expect(repo.read(LEDGER)).toBe(ledger);
    const json = JSON.parse(repo.run(['session', 'archive', '--dry-run', '--json']).stdout);
    expect(json).toMatchObject({ archived: 1, kept: 4, dry_run: true });
  });

  it('refuses (15) while the policy does not allow archiving, and (2) without a cap; nothing moves', () => {
    for (const keys of ['  retention_max_files: 2\n', '  retention_max_files: 2\n  archive: false\n']) {
      const repo = withPolicy(keys);
      const run = repo.run(['session', 'archive']);
      expect(run.code).toBe(15);
      expect(run.stderr).toContain('session.archive');
      expect(records(repo)).toEqual(names);
    }
    const nocap = withPolicy('  archive: true\n');
    const run = nocap.run(['session', 'archive']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('session.retention_max_files');
    expect(records(nocap)).toEqual(names);
  });

  it('refuses (15) before the first move when a record of the same name is already archived', () => {
    const repo = withPolicy('  retention_max_files: 2\n  archive: true\n');
    repo.write(`${ARCHIVE}/${names[2]}`, 'an earlier archive\n');
    const ledger = repo.read(LEDGER);
    const run = repo.run(['session', 'archive']);
    expect(run.code).toBe(15);
    expect(run.stderr).toContain(`${ARCHIVE}/${names[2]} is already archived`);
    expect(records(repo)).toEqual(names);
    expect(readdirSync(repo.path(ARCHIVE))).toEqual([names[2]]);
    expect(repo.read(`${ARCHIVE}/${names[2]}`)).toBe('an earlier archive\n');
    expect(repo.read(LEDGER)).toBe(ledger);
  });

  it('refuses (15) an archive folder that is a link leading outside the repository; nothing moves there', () => {
    const repo = withPolicy('  retention_max_files: 2\n  archive: true\n');
    const outside = mkdtempSync(join(tmpdir(), 'session-archive-outside-'));
    try {
      symlinkSync(outside, repo.path(ARCHIVE));
      const run = repo.run(['session', 'archive']);
      expect(run.code).toBe(15);
      expect(readdirSync(outside)).toEqual([]);
      expect(records(repo)).toEqual(names);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('without a layer: 12', () => {
    const bare = repos.create();
    expect(bare.run(['session', 'archive']).code).toBe(12);
  });
});
