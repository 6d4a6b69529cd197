/**
 * What only separate processes show: 16 processes appending 2,000 events each to one ledger lose and
 * tear none, and a ledger created under any umask is exactly 0600. Each process imports the appender
 * bundled as the build bundles it (esbuild, one ES module) and makes real `appendEvent` calls.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLedger } from '../../engine/state/ledger/read';
import { ROOT } from '../helpers/repo';

let work: string;
let bundle: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'ledger-processes-'));
  bundle = join(work, 'append.mjs');
  buildSync({
    entryPoints: [join(ROOT, 'engine/state/ledger/append.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A script appending `count` checkpoints as writer `id` to the ledger under `root`. */
function appender(root: string, id: number, count: number, umask?: number): string {
  return [
    umask === undefined ? '' : `process.umask(${umask});`,
    `const { appendEvent } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
    `const target = { root: ${JSON.stringify(root)}, localDir: '.ai/local', head: 'abc', branch: 'main', command: 'test' };`,
    // a payload of varying length, so lines straddle every buffer boundary a torn write would show
    `for (let i = 0; i < ${count}; i++) appendEvent(target, 'task.checkpoint', { task_id: 'w${id}-' + i, pad: 'x'.repeat((i * 37) % 300) });`,
  ].join('\n');
}

function run(script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

describe('concurrent appends', () => {
  it('16 processes × 2,000 appends → exactly 32,000 parseable lines, none torn, none lost', async () => {
    const root = join(work, 'concurrent');
    mkdirSync(join(root, '.ai/local/state'), { recursive: true });
    const codes = await Promise.all(Array.from({ length: 16 }, (_, id) => run(appender(root, id, 2000))));
    expect(codes).toEqual(Array(16).fill(0));
    const read = parseLedger(readFileSync(join(root, '.ai/local/state/ledger.jsonl')));
    expect(read.torn).toBeUndefined();
    expect(read.malformed).toEqual([]);
    expect(read.lines).toBe(32000);
    const seen = new Set(read.entries.map((entry) => entry.record.task_id));
    expect(seen.size).toBe(32000);
    for (let id = 0; id < 16; id++) {
      // each writer's own lines keep the order it wrote them in
      const mine = read.entries
        .filter((entry) => (entry.record.task_id as string).startsWith(`w${id}-`))
        .map((entry) => Number((entry.record.task_id as string).split('-')[1]));
      expect(mine).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    }
  }, 120_000);
});

describe('the mode of a ledger the appender creates', () => {
  it.each(['000', '022', '077', '277'])('is exactly 0600 under umask %s', (text) => {
    const umask = Number.parseInt(text, 8);
    const root = join(work, `umask-${umask.toString(8)}`);
    mkdirSync(join(root, '.ai'), { recursive: true });
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', appender(root, 0, 2, umask)], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const file = join(root, '.ai/local/state/ledger.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseLedger(readFileSync(file)).lines).toBe(2);
  });
});
