/**
 * What start-up does that only a process shows: the CLI runs from dist/cli.cjs under V8's code cache,
 * which it writes to the user's cache directory and ignores whenever it is not exactly its own (garbage,
 * cut short, altered, made for another script, or rejected by V8), and the `yaml` package is loaded only
 * when a document needs the full parser.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_GROUPS, cacheFile, codeCacheEnabled, commandOf, decodeCache, encodeCache } from '../../engine/cli/code-cache';
import { COMMANDS } from '../../engine/commands';
import type { TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const SCRIPT = join(ROOT, 'dist/cli.cjs');
const sourceHash = (): Buffer => createHash('sha256').update(readFileSync(SCRIPT)).digest();

let repo: TempRepo;
let clean: { code: number; stdout: string };
/** A good cache file, as a run writes it. */
let goodCache: Buffer;
beforeAll(() => {
  repo = repos.create().init();
  const home = freshCacheHome();
  const result = repo.run(['doctor'], { env: { XDG_CACHE_HOME: home } });
  clean = { code: result.code, stdout: result.stdout };
  goodCache = readFileSync(cachePath(home));
});

function freshCacheHome(): string {
  return mkdtempSync(join(tmpdir(), 'majordomus-cache-'));
}

/** The cache file `doctor` uses under `home`. */
function cachePath(home: string): string {
  return cacheFile({ XDG_CACHE_HOME: home }, sourceHash(), 'doctor')!;
}

describe('the code cache', () => {
  it('a first run writes the cache, and a second run reads it to the same answer', () => {
    const home = freshCacheHome();
    const first = repo.run(['doctor'], { env: { XDG_CACHE_HOME: home } });
    expect(first.code).toBe(clean.code);
    expect(readdirSync(join(home, 'majordomus'))).toHaveLength(1);
    expect(decodeCache(readFileSync(cachePath(home)), sourceHash())).toBeDefined();
    const second = repo.run(['doctor'], { env: { XDG_CACHE_HOME: home } });
    expect(second.code).toBe(clean.code);
    expect(second.stdout).toBe(clean.stdout);
  });

  const damaged: readonly (readonly [name: string, bytes: (good: Buffer) => Buffer])[] = [
    ['garbage', () => Buffer.from('not a code cache at all')],
    ['an empty file', () => Buffer.alloc(0)],
    ['cut short', (good) => good.subarray(0, good.length >> 1)],
    [
      'one payload byte changed',
      (good) => {
        const bad = Buffer.from(good);
        bad[bad.length - 100] = bad[bad.length - 100]! ^ 0xff;
        return bad;
      },
    ],
    [
      'made for another script',
      (good) => encodeCache(createHash('sha256').update('another script').digest(), decodeCache(good, sourceHash())!),
    ],
    [
      'well formed, but data V8 rejects for this script',
      () => {
        const other = new Script('(function () { return 1 })');
        other.runInThisContext();
        return encodeCache(sourceHash(), other.createCachedData());
      },
    ],
  ];

  it.each(damaged)('a cache file that is %s is ignored, and replaced by a good one', (_name, damage) => {
    const home = freshCacheHome();
    const path = cachePath(home);
    mkdirSync(dirname(path), { recursive: true });
    const bad = damage(goodCache);
    writeFileSync(path, bad);
    const result = repo.run(['doctor'], { env: { XDG_CACHE_HOME: home } });
    expect(result.code).toBe(clean.code);
    expect(result.stdout).toBe(clean.stdout);
    expect(result.stderr).toBe('');
    const after = readFileSync(path);
    expect(after.equals(bad)).toBe(false);
    expect(decodeCache(after, sourceHash())).toBeDefined();
  });

  it('each command has a cache of its own', () => {
    const home = freshCacheHome();
    expect(repo.run(['doctor'], { env: { XDG_CACHE_HOME: home } }).code).toBe(clean.code);
    expect(repo.run(['--version'], { env: { XDG_CACHE_HOME: home } }).code).toBe(0);
    expect(readdirSync(join(home, 'majordomus')).sort()).toStrictEqual(
      [basename(cachePath(home)), basename(cacheFile({ XDG_CACHE_HOME: home }, sourceHash(), 'other')!)].sort(),
    );
  });

  it('a run that stops before its work (help, a usage error) writes no cache; the next full run does', () => {
    const home = freshCacheHome();
    expect(repo.run(['doctor', '--help'], { env: { XDG_CACHE_HOME: home } }).code).toBe(0);
    expect(repo.run(['doctor', '--bogus'], { env: { XDG_CACHE_HOME: home } }).code).toBe(2);
    expect(repo.run(['help', 'doctor'], { env: { XDG_CACHE_HOME: home } }).code).toBe(0);
    expect(readdirSync(home)).toStrictEqual([]);
    expect(repo.run(['doctor'], { env: { XDG_CACHE_HOME: home } }).code).toBe(clean.code);
    expect(decodeCache(readFileSync(cachePath(home)), sourceHash())).toBeDefined();
  });

  it('names a cache after the command, and a group command after its first two words', () => {
    const groups = new Set(
      COMMANDS.map((command) => command.name.split(' '))
        .filter((words) => words.length > 1)
        .map((words) => words[0]),
    );
    expect([...COMMAND_GROUPS].sort()).toStrictEqual([...groups].sort());
    expect(commandOf(['doctor', '--json'])).toBe('doctor');
    expect(commandOf(['capture', 'session', '--event', 'end'])).toBe('capture-session');
    expect(commandOf(['capture', 'guard'])).toBe('capture-guard');
    expect(commandOf(['context', '--json'])).toBe('context');
    expect(commandOf(['--repo', '../x', 'session', 'close'])).toBe('session-close');
    expect(commandOf(['--repo=../x', 'check'])).toBe('check');
    expect(commandOf(['start', 'fix-the-bug'])).toBe('start');
    for (const argv of [[], ['--version'], ['Doctor'], ['../etc'], ['--repo']]) expect(commandOf(argv)).toBe('other');
  });

  it('a cache directory that cannot be written leaves the run as it is', () => {
    const blocked = join(freshCacheHome(), 'a-file');
    writeFileSync(blocked, 'in the way\n');
    const result = repo.run(['doctor'], { env: { XDG_CACHE_HOME: blocked } });
    expect(result.code).toBe(clean.code);
    expect(result.stdout).toBe(clean.stdout);
    expect(result.stderr).toBe('');
  });

  it.each([
    [undefined, true],
    ['', true],
    ['1', true],
    ['on', true],
    [' Yes ', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
    ['No', false],
    [' off', false],
    ['disabled', false],
  ] as const)('MAJORDOMUS_CODE_CACHE=%j: the cache is used: %s', (value, used) => {
    expect(codeCacheEnabled(value === undefined ? {} : { MAJORDOMUS_CODE_CACHE: value })).toBe(used);
  });
  // what a run with the cache off writes (nothing): test/cli/writer.test.ts

  it('the cache format refuses anything but its own bytes for its own script', () => {
    const hash = sourceHash();
    const payload = Buffer.from('payload bytes');
    const good = encodeCache(hash, payload);
    expect(decodeCache(good, hash)).toStrictEqual(payload);
    expect(decodeCache(good, createHash('sha256').update('x').digest())).toBeUndefined();
    expect(decodeCache(good.subarray(0, good.length - 1), hash)).toBeUndefined();
    expect(decodeCache(Buffer.concat([Buffer.from('X'), good.subarray(1)]), hash)).toBeUndefined();
    expect(decodeCache(Buffer.concat([good, Buffer.from('!')]), hash)).toBeUndefined();
  });
});

describe('the yaml package is loaded only when a document needs it', () => {
  const loadsYaml = (stderr: string): boolean => /Module\._load REQUEST .*dist[\\/]yaml\.cjs/.test(stderr);

  it('a fresh repository: every document takes the fast path, and the package is never loaded', () => {
    const result = repo.run(['doctor'], { env: { NODE_DEBUG: 'module' } });
    expect(result.code).toBe(0);
    expect(loadsYaml(result.stderr)).toBe(false);
  });

  it('the CLI bundle does not carry the package: it stays in its own file, required on first use', () => {
    // the package registers its node types under this symbol; a static import anywhere would bundle it
    expect(readFileSync(join(ROOT, 'dist/cli.cjs'), 'utf8')).not.toContain('Symbol.for("yaml.alias")');
    expect(readFileSync(join(ROOT, 'dist/yaml.cjs'), 'utf8')).toContain('Symbol.for("yaml.alias")');
  });

  it('a document the fast path declines is judged by the full parser, loaded then', () => {
    const other = repos.create().init();
    other.write('.ai/repo/policy.yaml', `${other.read('.ai/repo/policy.yaml')}extra: &anchor 1\n`);
    const result = other.gate(['doctor'], { env: { NODE_DEBUG: 'module' } });
    expect(result.code).toBe(10);
    expect(loadsYaml(result.stderr)).toBe(true);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ level: 'FAIL', subject: '.ai/repo/policy.yaml', file: '.ai/repo/policy.yaml', line: expect.any(Number) }),
    );
  });
});
