/**
 * docs/AUTHORING.md cannot rot: its fenced examples are executed, in order, in one fresh temporary git
 * repository, with `majordomus` on PATH (the built CLI) and installed in the repository's node_modules
 * (a link to this checkout, as `npm install --save-dev <path>` makes it), so a validator imports its toolkit.
 *
 * - ```sh            a script, run with `sh -e`; it must exit 0
 * - ```sh exit=N     a script run with `sh` (no -e); its last command must exit N
 * - ```<any> file=P  the block's text is written to P (repository-relative)
 * - ```output        lines the previous script's stdout must contain, in order; whitespace runs count as
 *                    one space, and a line ending in `…` matches any line it begins
 * Blocks with no such info string (```text, ```json, …) are illustrations and are not run.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../helpers/markdown';
import { CLI, cleanEnv, ROOT } from '../helpers/repo';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Each expected line appears in `actual`, in order. */
function containsInOrder(actual: string, expected: string): void {
  const got = actual.split('\n').map(collapse);
  let from = 0;
  for (const want of expected
    .split('\n')
    .map(collapse)
    .filter((l) => l !== '')) {
    const prefix = want.endsWith('…') ? want.slice(0, -1).trimEnd() : undefined;
    const index = got.findIndex((line, i) => i >= from && (prefix === undefined ? line === want : line.startsWith(prefix)));
    expect(index, `expected output line ${JSON.stringify(want)} in:\n${actual}`).toBeGreaterThanOrEqual(0);
    from = index + 1;
  }
}

describe('docs/AUTHORING.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/AUTHORING.md'), 'utf8');
  const blocks = fencedBlocks(doc);
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-authoring-'));
  const bin = join(dir, '.bin');
  const repo = join(dir, 'repo');
  mkdirSync(bin);
  mkdirSync(repo);
  mkdirSync(join(repo, 'node_modules'));
  symlinkSync(ROOT, join(repo, 'node_modules/majordomus'), 'dir');
  writeFileSync(join(bin, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(bin, 'majordomus'), 0o755);
  const env = cleanEnv({ PATH: [bin, process.env.PATH ?? ''].join(delimiter) });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has examples to run', () => {
    expect(blocks.filter((b) => /^sh\b/.test(b.info)).length).toBeGreaterThan(8);
    expect(blocks.filter((b) => /\bfile=/.test(b.info)).length).toBeGreaterThan(4);
  });

  it('runs every example, in order, as written', () => {
    let last = '';
    for (const block of blocks) {
      const where = `docs/AUTHORING.md:${block.line}`;
      const file = /\bfile=(\S+)/.exec(block.info)?.[1];
      if (file) {
        mkdirSync(dirname(join(repo, file)), { recursive: true });
        writeFileSync(join(repo, file), block.body);
        continue;
      }
      if (/^sh\b/.test(block.info)) {
        const exit = /\bexit=(\d+)/.exec(block.info);
        const result = spawnSync('sh', exit ? ['-c', block.body] : ['-e', '-c', block.body], { cwd: repo, env, encoding: 'utf8' });
        expect(result.status, `${where} exited ${result.status}\n${result.stdout}${result.stderr}`).toBe(exit ? Number(exit[1]) : 0);
        last = result.stdout;
        continue;
      }
      if (block.info === 'output') containsInOrder(last, block.body);
    }
  });
});
