/**
 * Publishing a record (engine/io/write/publish.ts), in real processes: the race needs several, and a
 * umask belongs to a process. The publisher (test/helpers/record-publisher.ts) is bundled once with
 * esbuild and run under node.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/repo';

let scratch: string;
let publisher: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'majordomus-publish-'));
  publisher = join(scratch, 'publisher.cjs');
  buildSync({
    entryPoints: [join(ROOT, 'test/helpers/record-publisher.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: publisher,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fresh(): string {
  return mkdtempSync(join(scratch, 'repo-'));
}

function run(args: readonly string[], umask?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const command =
    umask === undefined
      ? [process.execPath, publisher, ...args]
      : ['sh', '-c', `umask ${umask} && exec "$@"`, 'sh', process.execPath, publisher, ...args];
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('publishRecord', () => {
  it('8 racing publishers × 40 rounds: one winner a round, 0 overwrites, 0 temporary files left', async () => {
    const root = fresh();
    const dir = join(root, '.ai/local/state/checkpoints');
    const PROCESSES = 8;
    const ROUNDS = 40;
    const start = Date.now() + 1500;
    const runs = await Promise.all(
      Array.from({ length: PROCESSES }, (_, i) => run(['race', root, dir, String(ROUNDS), String(start), `p${i}`])),
    );
    for (const result of runs) expect(result.stderr).toBe('');
    const reports = runs.flatMap((result) =>
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { round: number; name: string; content: string }),
    );
    expect(reports).toHaveLength(PROCESSES * ROUNDS);
    // every publisher's record is at the name it was given, with its own bytes: nothing was overwritten
    const overwritten = reports.filter((report) => readFileSync(join(dir, report.name), 'utf8') !== report.content);
    expect(overwritten).toEqual([]);
    expect(new Set(reports.map((report) => report.name)).size).toBe(PROCESSES * ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const first = `round-${String(round).padStart(3, '0')}.md`;
      expect(reports.filter((report) => report.round === round && report.name === first)).toHaveLength(1);
    }
    const names = readdirSync(dir);
    expect(names.filter((name) => name.startsWith('.'))).toEqual([]);
    expect(names).toHaveLength(PROCESSES * ROUNDS);
  });

  it.each(['000', '022', '077', '277'])('under umask %s the record is exactly 0600 and its new folders 0700', async (umask) => {
    const root = fresh();
    const result = await run(['once', root, join(root, '.ai/local/state/handovers')], umask);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const path = result.stdout.trim();
    expect(statSync(path).mode & 0o7777).toBe(0o600);
    expect(statSync(join(root, '.ai/local/state/handovers')).mode & 0o7777).toBe(0o700);
    expect(readFileSync(path, 'utf8')).toBe('a record\n');
  });

  it('refuses (15) a record folder reached through a link out of the repository; nothing is written outside', async () => {
    const root = fresh();
    const outside = fresh();
    mkdirSync(join(root, '.ai'));
    symlinkSync(outside, join(root, '.ai/local'));
    const result = await run(['once', root, join(root, '.ai/local/state/checkpoints')]);
    expect(result.code).toBe(15);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses (15) a record folder that is a link out of the repository', async () => {
    const root = fresh();
    const outside = fresh();
    mkdirSync(join(root, '.ai/local/state'), { recursive: true });
    symlinkSync(outside, join(root, '.ai/local/state/handovers'));
    const result = await run(['once', root, join(root, '.ai/local/state/handovers')]);
    expect(result.code).toBe(15);
    expect(readdirSync(outside)).toEqual([]);
  });
});

// a synchronous guard that the bundle exists at all (a build error would otherwise read as a race failure)
it('the publisher bundles and runs', () => {
  const result = spawnSync(process.execPath, [publisher, 'once', fresh(), join(fresh(), 'x')], { encoding: 'utf8' });
  // a folder outside the given root is refused, never written
  expect(result.status).toBe(15);
});
