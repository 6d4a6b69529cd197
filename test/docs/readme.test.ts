/**
 * README.md, typed as written. Its first tour block (`npm ci && npm pack --pack-destination ..`, in a
 * clone of this repository) is stood in for: the packed tarball of this checkout's build
 * (helpers/field.ts) is put where that command puts it, beside a folder standing for the clone. Then
 * every block tagged `sh tour` runs, in order, with `sh` in that folder, in the environment of a user's
 * shell where the tool is on no PATH (npm reads its cache first, as after the clone's `npm ci`); each
 * must exit 0, or the code its `exit=N` says. Each `output tour` block is the whole stdout of the
 * block before it: a line `…` stands for any number of lines left out, `…` within a line for any
 * text there, and every other line must be there, in order, as written (runs of spaces count as one). So the README cannot leave lines out without saying so, nor show a command a user's shell or
 * git's hooks cannot find.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldEnv, packedTarball } from '../helpers/field';
import { fencedBlocks } from '../helpers/markdown';
import { ROOT } from '../helpers/repo';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The block a user types in the clone, which the test stands in for. */
const CLONE_BLOCK = 'npm ci && npm pack --pack-destination ..';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Whether `actual` is what `expected` shows: whole, a `…` line matching any run of lines (none
 * included), `…` within a line any text. Returns the first line that does not fit.
 */
function matchesShown(actual: string, expected: string): string | undefined {
  const got = actual
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(collapse);
  const want = expected
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(collapse);
  const fits = (line: string, pattern: string): boolean =>
    pattern.includes('…')
      ? new RegExp(
          `^${pattern
            .split('…')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ).test(line)
      : line === pattern;
  // memoised search over (line, pattern): a `…` line may take any number of lines
  const seen = new Map<string, boolean>();
  const from = (g: number, w: number): boolean => {
    const key = `${g},${w}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (w === want.length) result = g === got.length;
    else if (want[w] === '…') result = from(g, w + 1) || (g < got.length && from(g + 1, w));
    else result = g < got.length && fits(got[g]!, want[w]!) && from(g + 1, w + 1);
    seen.set(key, result);
    return result;
  };
  if (from(0, 0)) return undefined;
  // the first shown line that no reading reaches, for the message
  const missing = want.find((pattern) => pattern !== '…' && !got.some((line) => fits(line, pattern)));
  return missing ?? '(the lines are there, but not in this order, or more are printed than shown)';
}

describe('README.md, typed as written', () => {
  const blocks = fencedBlocks(README).filter((block) => /^(sh|output) tour\b/.test(block.info));
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-readme-'));
  const clone = join(dir, 'clone');
  mkdirSync(clone);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('begins with the one block typed in the clone, which this test stands in for', () => {
    const first = fencedBlocks(README).find((block) => block.info === 'sh' && block.body.includes('npm pack'));
    expect(first).toBeDefined();
    expect(first!.body.split('#')[0]!.trim()).toBe(CLONE_BLOCK);
    const tour = README.indexOf('## A five-minute tour');
    expect(README.indexOf(CLONE_BLOCK)).toBeGreaterThan(tour);
    expect(README.indexOf(CLONE_BLOCK)).toBeLessThan(README.indexOf('```sh tour'));
  });

  it('says majordomus only where a shell or a hook finds it: through npx, never bare', () => {
    for (const block of blocks.filter((b) => b.info.startsWith('sh')))
      for (const line of block.body.split('\n')) expect(line, `README.md:${block.line}`).not.toMatch(/(^|[;&|(]\s*)majordomus\b/);
    expect(README).not.toMatch(/alias majordomus=/);
  });

  it('runs every tour block, in order, each output as shown', () => {
    // what `npm ci && npm pack --pack-destination ..` leaves beside the clone
    const tarball = packedTarball();
    copyFileSync(tarball, join(dir, basename(tarball)));
    const env = fieldEnv({ npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' });
    let last = '';
    expect(blocks.filter((block) => block.info.startsWith('sh')).length).toBeGreaterThan(10);
    for (const block of blocks) {
      const where = `README.md:${block.line}`;
      if (block.info.startsWith('output')) {
        const missed = matchesShown(last, block.body);
        if (missed !== undefined) expect.fail(`${where}: the output shown is not what was printed (${missed}); printed:\n${last}`);
        continue;
      }
      const exit = /\bexit=(\d+)/.exec(block.info);
      const result = spawnSync('sh', exit ? ['-c', block.body] : ['-e', '-c', block.body], {
        cwd: clone,
        env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(result.status, `${where} exited ${result.status}\n${result.stdout}${result.stderr}`).toBe(exit ? Number(exit[1]) : 0);
      last = result.stdout;
    }
    // a user's shell: npx starts npm for every command (about two dozen of them)
  }, 600_000);
});

describe('matchesShown', () => {
  it.each([
    ['a\nb\n', 'a\nb\n', true],
    ['a\nb\n', 'a\n', false],
    ['a\nb\nc\n', 'a\n…\nc\n', true],
    ['a\nc\n', 'a\n…\nc\n', true],
    ['a\nb\nc\n', '…\nc\n', true],
    ['a\nb\nc\n', 'b…\n', false],
    ['start: task t-1 is active\n', 'start: task t-…\n', true],
    ['x\na\n', 'a\n', false],
    ['a  b\n', 'a b\n', true],
    ['file.yaml:105 — unknown key\n', 'file.yaml:… — unknown key\n', true],
    ['file.yaml:105 — unknown\n', 'file.yaml:… — unknown key\n', false],
    ['a(b)[c]\n', 'a(…)[c]\n', true],
  ])('%j shown as %j: %s', (actual, shown, fits) => {
    expect(matchesShown(actual, shown) === undefined).toBe(fits);
  });
});
