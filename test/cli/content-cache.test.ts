/**
 * The content cache (engine/layer/content-cache.ts) as the built CLI keeps it under `.ai/local/cache/`:
 * a rule's verdict on a session record, a knowledge node's identity, served again only for exactly the
 * same bytes — the staged blob inside a pre-commit hook, the blob git vouches for in the working tree,
 * the sha256 of the bytes otherwise. A changed record is judged again whatever the cache says; a damaged
 * cache file is ignored; concurrent and killed runs leave a whole file or none; a link leading outside
 * the repository is never followed; the policy's cache.flatten_max_entries bounds it, 0 turns it off.
 * Real repositories with 40 records `session close` really wrote (copied under other ids).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOneEpisode } from '../helpers/episode';
import { countOf, gitTrace } from '../helpers/git-trace';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory, stoodStill } from '../helpers/repo';

const DIR = '.ai/repo/sessions';
const CACHE = '.ai/local/cache/content';
const RECORDS = 40;
const repos = repoFactory();
let base: TempRepo;
let names: string[];
let shimDir: string;

/** An adopted, committed repository holding `count` records `session close` really wrote (copied under other ids), and their names. */
function recordsRepository(count: number): { repo: TempRepo; names: string[] } {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  const { text, id, name } = closeOneEpisode(
    (args, options) => repo.run(args, options),
    (path) => repo.read(path),
  );
  for (let i = 1; i < count; i++) {
    const other = `s-20260101${String(1_000_000 + i).slice(1)}-${i.toString(16).padStart(4, '0')}`;
    repo.write(
      `${DIR}/${name.replace(id, other).replace(/--[0-9a-f]{16}\.md$/, `--${i.toString(16).padStart(16, '0')}.md`)}`,
      text.replaceAll(id, other),
    );
  }
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'records']);
  const listed = readdirSync(repo.path(DIR))
    .filter((n) => n.endsWith('.md'))
    .sort();
  expect(listed).toHaveLength(count);
  return { repo, names: listed };
}

beforeAll(() => {
  shimDir = mkdtempSync(join(tmpdir(), 'majordomus-shim-'));
  writeFileSync(join(shimDir, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(shimDir, 'majordomus'), 0o755);
  ({ repo: base, names } = recordsRepository(RECORDS));
});
afterAll(() => {
  repos.disposeAll();
  rmSync(shimDir, { recursive: true, force: true });
});

/** The cache files of a repository (`<build>/<purpose>.json`), sorted. */
function cacheFiles(repo: TempRepo): string[] {
  if (!repo.exists(CACHE)) return [];
  return readdirSync(repo.path(CACHE)).flatMap((build) => readdirSync(repo.path(`${CACHE}/${build}`)).map((file) => `${build}/${file}`));
}

/** The entries of one cache file, checked as its reader checks it (magic, checksum, a JSON object). */
function entries(repo: TempRepo, file: string): Record<string, unknown> {
  const bytes = readFileSync(repo.path(`${CACHE}/${file}`));
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  expect(bytes.toString('utf8', 0, first)).toBe('majordomus content cache 1');
  const body = bytes.subarray(second + 1);
  expect(bytes.toString('latin1', first + 1, second)).toBe(createHash('sha256').update(body).digest('hex'));
  return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
}

const sessionFindings = (run: { findings: { rule?: string | null; level: string; subject: string }[] }) =>
  run.findings.filter((f) => f.rule === 'majordomus.session-records').map((f) => [f.level, f.subject]);

/** git in `repo` with the shim first on PATH, so the installed hooks find the built CLI. */
function hookGit(repo: TempRepo, args: string[]) {
  const env = cleanEnv({ PATH: [shimDir, process.env.PATH ?? ''].join(delimiter) });
  return spawnSync('git', args, { cwd: repo.dir, env, encoding: 'utf8' });
}

/**
 * The record at `path` spoiled and staged, then sound again on disk (its verdict cached; the index's is
 * not): the pre-commit hook refuses the commit naming it; staged sound again, the commit goes through
 * (nothing staged differs from HEAD: allowed empty).
 */
function hookJudgesTheStagedBlob(repo: TempRepo, path: string): void {
  const sound = repo.read(path);
  repo.write(path, spoil(sound));
  expect(hookGit(repo, ['add', '--', path]).status).toBe(0);
  repo.write(path, sound);
  const refused = hookGit(repo, ['commit', '-q', '-m', 'spoiled']);
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toMatch(new RegExp(`^FAIL session +${path.replace(/\./g, '\\.')}:\\d+ — unknown key`, 'm'));
  expect(hookGit(repo, ['add', '--', path]).status).toBe(0);
  expect(hookGit(repo, ['commit', '-q', '--allow-empty', '-m', 'sound']).status).toBe(0);
}

/** Replace the entries of one cache file, written as its writer writes it (magic, checksum, body). */
function rewrite(repo: TempRepo, file: string, body: Record<string, unknown>): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  const head = `majordomus content cache 1\n${createHash('sha256').update(bytes).digest('hex')}\n`;
  writeFileSync(repo.path(`${CACHE}/${file}`), Buffer.concat([Buffer.from(head, 'utf8'), bytes]));
}

/** A record with a key the contract does not admit, as a hand would add it. */
const spoil = (text: string): string => text.replace('\noutcome:', '\nnotes: "added by hand"\noutcome:');

describe('the content cache', () => {
  it('is written under .ai/local/cache/ (0600, ignored by git) and gives the same findings as judging every record', () => {
    const repo = copyOf(repos, base);
    const first = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
    expect(first.code).toBe(0);
    const files = cacheFiles(repo);
    // each record's verdict by its content, and the folder's findings by the list of names and contents
    expect(files.map((file) => file.split('/')[1])).toEqual(['session_records.json', 'session_records.lists.json']);
    expect(Object.keys(entries(repo, files[0]!))).toHaveLength(RECORDS);
    expect(Object.keys(entries(repo, files[1]!))).toHaveLength(1);
    for (const file of files) expect(statSync(repo.path(`${CACHE}/${file}`)).mode & 0o777).toBe(0o600);
    expect(repo.git(['status', '--porcelain'])).toBe('');
    const again = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
    expect(again.code).toBe(0);
    expect(again.findings).toEqual(first.findings);
  });

  it('never serves a verdict for other bytes: a record changed on disk, unstaged, is judged again', () => {
    const repo = copyOf(repos, base);
    expect(repo.gate(['doctor']).code).toBe(0);
    const path = `${DIR}/${names[7]}`;
    repo.write(path, spoil(repo.read(path)));
    const run = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
    expect(run.code).toBe(10);
    expect(sessionFindings(run)).toEqual([['FAIL', path]]);
    // and put back, it is sound again (its first verdict, still in the cache)
    repo.git(['checkout', '--', path]);
    expect(repo.gate(['doctor', '--rule', 'majordomus.session-records']).code).toBe(0);
  });

  it('inside the pre-commit hook a staged change is judged by its blob, whatever the working tree and the cache hold', () => {
    const repo = copyOf(repos, base);
    expect(repo.gate(['doctor']).code).toBe(0);
    hookJudgesTheStagedBlob(repo, `${DIR}/${names[3]}`);
  });

  it('a damaged cache file is ignored: a flipped byte, a truncation, garbage', () => {
    const repo = copyOf(repos, base);
    const path = `${DIR}/${names[11]}`;
    repo.write(path, spoil(repo.read(path)));
    repo.git(['add', '--', path]);
    repo.git(['commit', '-q', '--no-verify', '-m', 'a spoiled record, committed']);
    expect(repo.gate(['doctor', '--rule', 'majordomus.session-records']).code).toBe(10);
    const [records, lists] = cacheFiles(repo);
    const goodRecords = readFileSync(repo.path(`${CACHE}/${records}`));
    const goodLists = readFileSync(repo.path(`${CACHE}/${lists}`));
    // the spoiled record's verdict rewritten as a sound one, the folder's findings as an OK: the checksums no longer add up
    const forgedRecords = Buffer.from(
      goodRecords.toString('utf8').replace(/\[\s*"s-[^"]+",\s*\[\[[^\]]*\]\]\]/, '"s-20260101000011-000b"'),
    );
    const forgedLists = Buffer.from(
      goodLists.toString('utf8').replace(/\[\[\s*"violation".*\]\]/, '[["ok",".ai/repo/sessions","all sound",null]]'),
    );
    expect(forgedRecords.equals(goodRecords)).toBe(false);
    expect(forgedLists.equals(goodLists)).toBe(false);
    for (const [damagedRecords, damagedLists] of [
      [forgedRecords, forgedLists],
      [goodRecords.subarray(0, goodRecords.length - 10), goodLists.subarray(0, goodLists.length - 10)],
      [Buffer.from('not a cache\n'), Buffer.from('not a cache\n')],
    ] as const) {
      writeFileSync(repo.path(`${CACHE}/${records}`), damagedRecords);
      writeFileSync(repo.path(`${CACHE}/${lists}`), damagedLists);
      const run = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
      expect(run.code).toBe(10);
      expect(sessionFindings(run)).toEqual([['FAIL', path]]);
      // and each replaced whole by the run that found it damaged
      expect(Object.keys(entries(repo, records!))).toHaveLength(RECORDS);
      expect(Object.keys(entries(repo, lists!))).toHaveLength(1);
    }
  });

  it('a cache folder that is a link leading outside the repository is neither read nor written', () => {
    const repo = copyOf(repos, base);
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-cache-outside-'));
    try {
      repo.write('.ai/local/.keep', '');
      symlinkSync(outside, repo.path('.ai/local/cache'));
      const run = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
      expect(run.code).toBe(0);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('is bounded by cache.flatten_max_entries, and 0 turns it off', () => {
    const bounded = copyOf(repos, base);
    bounded.write('.ai/repo/policy.yaml', `${bounded.read('.ai/repo/policy.yaml')}\ncache:\n  flatten_max_entries: 25\n`);
    expect(bounded.gate(['doctor', '--rule', 'majordomus.session-records']).code).toBe(0);
    expect(Object.keys(entries(bounded, cacheFiles(bounded)[0]!))).toHaveLength(25);
    // a record changed: its folder's list is another, judged from the verdicts (25 served, 15 derived again)
    const path = `${DIR}/${names[0]}`;
    bounded.write(path, `${bounded.read(path)}\nA summary added later.\n`);
    const after = bounded.gate(['doctor', '--rule', 'majordomus.session-records']);
    expect(after.code).toBe(0);
    expect(sessionFindings(after)).toEqual([['OK', DIR]]);
    expect(Object.keys(entries(bounded, cacheFiles(bounded)[0]!))).toHaveLength(25);
    expect(bounded.gate(['doctor', '--rule', 'majordomus.session-records']).code).toBe(0);
    const off = copyOf(repos, base);
    off.write('.ai/repo/policy.yaml', `${off.read('.ai/repo/policy.yaml')}\ncache:\n  flatten_max_entries: 0\n`);
    expect(off.gate(['doctor', '--rule', 'majordomus.session-records']).code).toBe(0);
    expect(cacheFiles(off)).toEqual([]);
  });

  it('concurrent runs, and runs killed while they work, leave a whole cache file or none', async () => {
    const repo = copyOf(repos, base);
    const env = cleanEnv();
    const runOnce = (killAfter?: number): Promise<number | null> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [CLI, 'doctor', '--rule', 'majordomus.session-records', '--json'], {
          cwd: repo.dir,
          env,
          stdio: 'ignore',
        });
        if (killAfter !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfter);
        child.on('exit', (code) => resolve(code));
      });
    for (const killAfter of [50, 150, 300, 500, 800]) {
      await runOnce(killAfter);
      for (const file of cacheFiles(repo).filter((f) => !f.includes('/.')))
        expect(Object.keys(entries(repo, file)).length).toBeGreaterThan(0);
    }
    rmSync(repo.path(CACHE), { recursive: true, force: true });
    const codes = await Promise.all([runOnce(), runOnce(), runOnce(), runOnce()]);
    expect(codes).toEqual([0, 0, 0, 0]);
    const files = cacheFiles(repo).filter((f) => !f.includes('/.'));
    expect(files.map((file) => file.split('/')[1])).toEqual(['session_records.json', 'session_records.lists.json']);
    expect(Object.keys(entries(repo, files[0]!))).toHaveLength(RECORDS);
  });

  it("knowledge nodes: an identity follows the record's bytes, never its name", () => {
    const repo = copyOf(repos, base);
    const nodes = () =>
      (
        JSON.parse(repo.run(['knowledge', 'nodes', '--kind', 'session', '--json']).stdout) as {
          nodes: { identity: string; path: string }[];
        }
      ).nodes;
    const before = nodes();
    expect(before).toHaveLength(RECORDS);
    expect(nodes()).toEqual(before);
    expect(cacheFiles(repo).some((file) => file.endsWith('/knowledge_identity.json'))).toBe(true);
    const path = `${DIR}/${names[5]}`;
    repo.write(path, repo.read(path).replace('\nkind: session\n', '\nkind: session\nid: "a-declared-identity"\n'));
    const after = nodes();
    expect(after.find((node) => node.path === path)?.identity).toBe('a-declared-identity');
    expect(after.filter((node) => node.identity === 'a-declared-identity')).toHaveLength(1);
    expect(after.filter((node) => node.path !== path)).toEqual(before.filter((node) => node.path !== path));
  });
});

describe('the content cache on a sessions folder past the bound of a folder read whole (300 records)', () => {
  // past 256 files a folder is left out of the index's preload and asked of git ahead in the working
  // tree: what is judged is still exactly what is staged, or on disk
  const LARGE = 300;
  let large: TempRepo;
  let largeNames: string[];
  beforeAll(() => {
    ({ repo: large, names: largeNames } = recordsRepository(LARGE));
  });

  it('inside the pre-commit hook a spoiled record staged among 300 is refused, and the sound one goes through', () => {
    const repo = copyOf(repos, large);
    expect(hookGit(repo, ['commit', '-q', '--allow-empty', '-m', 'nothing staged']).status).toBe(0);
    hookJudgesTheStagedBlob(repo, `${DIR}/${largeNames[200]}`);
  });

  it('in the working tree git is asked about the layer once a run: what differs, the attributes, core.autocrlf', () => {
    const repo = copyOf(repos, large);
    const trace = gitTrace();
    expect(repo.gate(['doctor'], { env: trace.env }).code).toBe(0);
    const count = (command: string): number => countOf(trace.gits(), command);
    // about the layer's top folder, so one answer serves every folder of it
    expect(count("diff-files --name-only -z -- ':(literal).ai'")).toBe(1);
    expect(count("ls-files -z -- ':(literal).ai'")).toBe(1);
    expect(count('check-attr -z --stdin --all')).toBe(1);
    expect(count('config --get -- core.autocrlf')).toBe(1);
  });

  it('a folder named by the index lines is the exact list: a committed record gone from the disk, or from the index, is judged as gone', () => {
    const repo = copyOf(repos, large);
    // a committed copy of a record claims its session a second time: both are FAIL
    const copy = `${DIR}/${largeNames[0]!.replace(/\.md$/, '')}-copy.md`;
    repo.write(copy, repo.read(`${DIR}/${largeNames[0]}`));
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'a copy']);
    // in byte order, as the folder lists them (`-copy.md` before `.md`)
    const twice = [
      ['FAIL', copy],
      ['FAIL', `${DIR}/${largeNames[0]}`],
    ];
    for (const run of [repo.gate(['doctor']), repo.gate(['doctor'])]) {
      expect(run.code).toBe(10);
      expect(sessionFindings(run)).toEqual(twice);
    }
    // deleted from the disk while the index still holds it: the folder git lists is not the list judged
    rmSync(repo.path(copy));
    const gone = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
    expect(gone.code).toBe(0);
    expect(sessionFindings(gone)).toEqual([['OK', DIR]]);
    // inside the pre-commit hook, the index is judged: the copy is there until its deletion is staged
    const staged = { env: { GIT_INDEX_FILE: '.git/index' } };
    expect(sessionFindings(repo.gate(['doctor', '--rule', 'majordomus.session-records'], staged))).toEqual(twice);
    repo.git(['rm', '-q', '--cached', '--', copy]);
    const unstaged = repo.gate(['doctor', '--rule', 'majordomus.session-records'], staged);
    expect(unstaged.code).toBe(0);
    expect(sessionFindings(unstaged)).toEqual([['OK', DIR]]);
  });

  it('in the working tree a folder that stood still is listed once: kept for its stamp, served until an entry changes, kept again', async () => {
    const repo = copyOf(repos, large);
    // a folder changed within two seconds is not stamped (a change may share its time's tick): let it settle
    await stoodStill();
    expect(repo.gate(['doctor']).code).toBe(0);
    const file = cacheFiles(repo).find((name) => name.endsWith('/listings.json'))!;
    const kept = () => entries(repo, file)[DIR] as { stamp: string; names: string; folders: number[] };
    expect(kept().names.split('/')).toEqual(readdirSync(repo.path(DIR)).sort());
    expect(kept().folders).toEqual([]);
    // served for the same stamp: a name put in the kept listing is judged as if it were on disk
    const ghost = `${DIR}/${largeNames[0]!.replace(/\.md$/, '')}-ghost.md`;
    rewrite(repo, file, { [DIR]: { ...kept(), names: `${kept().names}/${ghost.split('/').pop()}` } });
    const served = repo.gate(['doctor', '--rule', 'majordomus.session-records-shared']);
    expect(served.findings.filter((finding) => finding.level !== 'OK').map((finding) => [finding.level, finding.subject])).toEqual([
      ['WARN', ghost],
    ]);
    // a kept listing that is not as written (a folder position past its names) is a miss: the disk is listed
    rewrite(repo, file, { [DIR]: { ...kept(), folders: [LARGE + 5] } });
    expect(repo.gate(['doctor', '--rule', 'majordomus.session-records-shared']).code).toBe(0);
    // a record added changes the folder's stamp: listed from the disk, the ghost gone and the new record named
    rewrite(repo, file, { [DIR]: { ...kept(), names: `${kept().names}/${ghost.split('/').pop()}` } });
    const copy = `${DIR}/${largeNames[0]!.replace(/\.md$/, '')}-copy.md`;
    repo.write(copy, repo.read(`${DIR}/${largeNames[0]}`));
    const listed = repo.gate(['doctor', '--rule', 'majordomus.session-records-shared']);
    expect(listed.findings.filter((finding) => finding.level !== 'OK').map((finding) => [finding.level, finding.subject])).toEqual([
      ['WARN', copy],
    ]);
    // and once the folder stands still again, its new listing is kept in place of the old
    await stoodStill();
    expect(repo.gate(['doctor', '--rule', 'majordomus.session-records-shared']).code).toBe(0);
    expect(kept().names.split('/')).toEqual(readdirSync(repo.path(DIR)).sort());
    expect(kept().names.split('/')).toContain(copy.split('/').pop());
  });

  it('in the working tree a record changed on disk is judged again, and an untracked one is named as not shared', () => {
    const repo = copyOf(repos, large);
    const first = repo.gate(['doctor']);
    expect(first.code).toBe(0);
    expect(Object.keys(entries(repo, cacheFiles(repo).find((file) => file.endsWith('/session_records.json'))!))).toHaveLength(LARGE);
    const path = `${DIR}/${largeNames[123]}`;
    repo.write(path, spoil(repo.read(path)));
    const changed = repo.gate(['doctor', '--rule', 'majordomus.session-records']);
    expect(changed.code).toBe(10);
    expect(sessionFindings(changed)).toEqual([['FAIL', path]]);
    repo.git(['checkout', '--', path]);
    const copy = `${DIR}/${largeNames[0]!.replace(/\.md$/, '')}-copy.md`;
    repo.write(copy, repo.read(`${DIR}/${largeNames[0]}`));
    const shared = repo.gate(['doctor', '--rule', 'majordomus.session-records-shared']);
    expect(shared.findings.filter((finding) => finding.level !== 'OK').map((finding) => [finding.level, finding.subject])).toEqual([
      ['WARN', copy],
    ]);
  });
});
