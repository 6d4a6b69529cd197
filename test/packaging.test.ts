/**
 * What `npm install majordomus` receives. `npm pack --dry-run --json` lists exactly the built dist/,
 * docs/, share/ and rules/, README.md, LICENSE and package.json — no TypeScript source and no test
 * suite — and the package names its licence, repository and home page. The TypeScript suites a shipped
 * rule names as its tests stay home: the build records which it found, and doctrine_wiring answers from
 * that record where the distribution lacks their folder (test/cli/local-install.test.ts runs doctor in
 * a project that installed the real tarball).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distributionHasTest, SHIPPED_TESTS_RECORD } from '../engine/io/distribution';
import { WorkingTree } from '../engine/io/tree';
import { listRuleFiles } from '../engine/layer/rule-package';
import { loadRuleFile } from '../engine/ruleset/rules';
import { cleanEnv, ROOT } from './helpers/repo';

/** The folders and files the package ships, as package.json's `files` should say. */
const SHIPPED_FOLDERS = ['dist', 'docs', 'share', 'rules'];
const SHIPPED_FILES = ['LICENSE', 'README.md', 'package.json'];

interface PackageJson {
  readonly license?: string;
  readonly homepage?: string;
  readonly repository?: { readonly type?: string; readonly url?: string };
  readonly files?: readonly string[];
  readonly bin?: Readonly<Record<string, string>>;
  readonly exports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
let packed: string[];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path).split(sep).join('/')];
  });
}

beforeAll(() => {
  // the dist/ of this checkout, as `npm test` built it; --ignore-scripts keeps prepack from rebuilding it
  // while other test files run it
  const result = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm pack --dry-run failed (${result.status}): ${result.stderr}`);
  packed = (JSON.parse(result.stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path).sort();
});

describe('npm pack --dry-run --json', () => {
  it('lists exactly dist/, docs/, share/, rules/, LICENSE, README.md and package.json', () => {
    const expected = [...SHIPPED_FOLDERS.flatMap((folder) => walk(join(ROOT, folder))), ...SHIPPED_FILES].sort();
    expect(packed).toEqual(expected);
    expect([...new Set(packed.map((path) => path.split('/')[0]))].sort()).toEqual([...SHIPPED_FOLDERS, ...SHIPPED_FILES].sort());
  });

  it('ships no test suite and no TypeScript source: only declarations, and the files of rule cases', () => {
    expect(packed.filter((path) => /\.(test|spec)\.(m|c)?ts$/.test(path))).toEqual([]);
    // a case of a shipped example rule is a small repository tree; its src/main.ts is data to judge
    const source = packed.filter((path) => /\.(m|c)?ts$/.test(path) && !path.endsWith('.d.ts'));
    expect(source.filter((path) => !/^rules\/[^/]+\/tests\/[^/]+\/(valid|invalid)\//.test(path))).toEqual([]);
    expect(packed.filter((path) => path.startsWith('test/'))).toEqual([]);
    expect(packed.filter((path) => path.endsWith('.d.ts') && !path.startsWith('dist/types/'))).toEqual([]);
  });

  it('holds the licence, every entry point package.json names, what the launcher runs, the worker, the detector and the record of tests', () => {
    const entries = [
      ...Object.values(manifest.bin ?? {}),
      ...Object.values(manifest.exports ?? {}).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target))),
    ].map((path) => path.replace(/^\.\//, ''));
    expect(entries).toContain('dist/types/engine/api/index.d.ts');
    // the bin is the CommonJS launcher; it runs dist/cli.cjs, which requires dist/yaml.cjs when a document
    // needs the full parser; dist/majordomus.mjs is the path the executable had before
    expect(manifest.bin).toStrictEqual({ majordomus: 'dist/majordomus.cjs' });
    const launched = ['dist/cli.cjs', 'dist/yaml.cjs', 'dist/majordomus.mjs'];
    for (const path of [
      'LICENSE',
      ...entries,
      ...launched,
      'dist/validator-worker.mjs',
      'dist/detector.mjs',
      SHIPPED_TESTS_RECORD,
      'share/skeleton/ai/manifest.yaml',
    ]) {
      expect(packed, path).toContain(path);
    }
  });
});

describe('package.json', () => {
  it('says MIT, and LICENSE is the MIT licence of the majordomus authors', () => {
    expect(manifest.license).toBe('MIT');
    const licence = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(licence.split('\n')[0]).toBe('MIT License');
    expect(licence).toMatch(/^Copyright \(c\) \d{4} the majordomus authors$/m);
  });

  it('names the repository and the home page as https URLs', () => {
    expect(manifest.repository?.type).toBe('git');
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\/[^\s]+\.git$/);
    expect(new URL(manifest.homepage ?? '').protocol).toBe('https:');
  });

  it('lists in `files` only what ships', () => {
    expect([...(manifest.files ?? [])].sort()).toEqual([...SHIPPED_FOLDERS, 'LICENSE', 'README.md'].sort());
  });

  it('the launcher bundles only itself and the code cache: the CLI stays in dist/cli.cjs, compiled under the cache', () => {
    const launcher = readFileSync(join(ROOT, 'dist/majordomus.cjs'), 'utf8');
    expect(launcher).toContain('./cli/program');
    // the whole CLI is about a megabyte; the launcher alone a few kilobytes
    expect(Buffer.byteLength(launcher)).toBeLessThan(16 * 1024);
  });
});

describe('the tests of the shipped rules', () => {
  it('the build recorded exactly the tests the shipped rules name, and each exists in the source tree', () => {
    const tree = new WorkingTree(ROOT);
    const named = new Set<string>();
    for (const pack of readdirSync(join(ROOT, 'rules')).sort()) {
      for (const file of listRuleFiles(tree, `rules/${pack}/rules`)) {
        const rule = loadRuleFile(tree, file, { origin: 'vendor', vendor: pack });
        if (Array.isArray(rule)) throw new Error(`${file} does not load: ${rule[0]?.message}`);
        for (const test of rule.enforcement?.tests ?? rule.declaration?.tests ?? []) named.add(test);
      }
    }
    const record = JSON.parse(readFileSync(join(ROOT, SHIPPED_TESTS_RECORD), 'utf8')) as { tests: string[] };
    expect(record.tests).toEqual([...named].sort());
    expect([...named].filter((test) => !distributionHasTest(test, ROOT))).toEqual([]);
    // some of them are the suites the package leaves out: the record is what vouches for them there
    expect([...named].some((test) => test.startsWith('test/'))).toBe(true);
  });

  describe('distributionHasTest: a folder the distribution holds is looked in, a folder it lacks is answered by the record', () => {
    const cases: readonly [string, { readonly sourceTests: boolean; readonly record: boolean }, string, boolean][] = [
      ['a package: a suite the record names', { sourceTests: false, record: true }, 'test/validators/a.test.ts', true],
      ['a package: a suite the record does not name', { sourceTests: false, record: true }, 'test/validators/b.test.ts', false],
      ['a package without the record', { sourceTests: false, record: false }, 'test/validators/a.test.ts', false],
      ['a package: a case folder it ships', { sourceTests: false, record: true }, 'rules/examples/tests/x', true],
      [
        'a package: a case folder the record names but it does not ship',
        { sourceTests: false, record: true },
        'rules/examples/tests/gone',
        false,
      ],
      ['a source checkout: a suite on disk', { sourceTests: true, record: true }, 'test/validators/c.test.ts', true],
      ['a source checkout: a suite only the (stale) record names', { sourceTests: true, record: true }, 'test/validators/a.test.ts', false],
    ];
    it.each(cases)('%s', (_name, shape, test, expected) => {
      const root = mkdtempSync(join(tmpdir(), 'majordomus-distribution-'));
      writeFileSync(join(root, 'package.json'), '{}\n');
      mkdirSync(join(root, 'share'));
      mkdirSync(join(root, 'rules/examples/tests/x'), { recursive: true });
      if (shape.sourceTests) {
        mkdirSync(join(root, 'test/validators'), { recursive: true });
        writeFileSync(join(root, 'test/validators/c.test.ts'), '');
      }
      if (shape.record) {
        mkdirSync(join(root, 'dist'));
        writeFileSync(
          join(root, SHIPPED_TESTS_RECORD),
          JSON.stringify({ tests: ['rules/examples/tests/gone', 'rules/examples/tests/x', 'test/validators/a.test.ts'] }),
        );
      }
      expect(distributionHasTest(test, root)).toBe(expected);
    });
  });
});
