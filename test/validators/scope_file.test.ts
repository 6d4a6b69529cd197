/**
 * scope_file (rule majordomus.scope-file-integrity): every case starts from `majordomus init` in a fresh
 * git repository, edits the scope file init wrote, and runs `doctor --rule` with the built CLI. A passing
 * case must report exactly its OK/INFO findings with exit 0; a failing case exactly its failing findings
 * with exit 10, each naming the scope file and the line of the offending entry. Every absolute or
 * escaping path form of RELIABILITY.md ("Path values") is refused, once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { failing, repoFactory } from '../helpers/repo';
import type { JsonFinding, TempRepo } from '../helpers/repo';

const RULE = 'majordomus.scope-file-integrity';
const MANIFEST = '.ai/manifest.yaml';
const SCOPE = '.ai/repo/scope.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

interface Expected {
  readonly level: 'FAIL' | 'OK' | 'INFO';
  readonly category: string;
  readonly subject: string;
  /** The file the finding points into, when it points into one. */
  readonly file?: string;
  /** Text that sits on exactly one line of `file`: the finding must carry that line. */
  readonly at?: string;
}

interface Case {
  readonly name: string;
  mutate(repo: TempRepo): void;
  readonly expected: readonly Expected[];
}

/** Replace the one occurrence of `from` in a file init wrote; a skeleton that changed fails loudly here. */
function edit(repo: TempRepo, file: string, from: string, to: string): void {
  const text = repo.read(file);
  expect(text.split(from).length - 1, `${JSON.stringify(from)} occurs once in ${file}`).toBe(1);
  repo.write(file, text.replace(from, to));
}

/** The 1-based line of the one line of `file` that contains `text`. */
function lineOf(repo: TempRepo, file: string, text: string): number {
  const lines = repo.read(file).split('\n');
  const hits = lines.flatMap((line, index) => (line.includes(text) ? [index + 1] : []));
  expect(hits, `${JSON.stringify(text)} is on exactly one line of ${file}`).toHaveLength(1);
  return hits[0]!;
}

function project(findings: readonly JsonFinding[]): object[] {
  return findings.map(({ level, category, subject, file, line }) => ({ level, category, subject, file, line })).sort(byJson);
}

function resolve(repo: TempRepo, expected: readonly Expected[]): object[] {
  return expected
    .map(({ level, category, subject, file, at }) => ({
      level,
      category,
      subject,
      file: file ?? null,
      line: at === undefined ? null : lineOf(repo, file!, at),
    }))
    .sort(byJson);
}

function byJson(a: object, b: object): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

/** Replace the `docs/**` entry of `in` with `entry`, written as a single-quoted YAML scalar. */
function inEntry(entry: string): (repo: TempRepo) => void {
  return (repo) => edit(repo, SCOPE, '  - docs/**\n', `  - '${entry.replace(/'/g, "''")}'\n`);
}

const PASSING: readonly Case[] = [
  {
    name: 'a freshly initialised layer',
    mutate: () => {},
    expected: [{ level: 'OK', category: 'scope', subject: SCOPE }],
  },
  {
    name: 'patterns with dots that are not .. segments',
    mutate: (repo) => {
      inEntry('docs/..notes/**')(repo);
      edit(repo, SCOPE, '  - src/**\n', "  - '.github/**'\n  - 'a..b/*.md'\n");
    },
    expected: [{ level: 'OK', category: 'scope', subject: SCOPE }],
  },
  {
    name: 'the manifest names no scope section',
    mutate: (repo) => edit(repo, MANIFEST, '  scope: repo/scope.yaml\n', ''),
    expected: [{ level: 'INFO', category: 'scope', subject: MANIFEST }],
  },
];

/** Path values that leave the repository on some platform (RELIABILITY.md, "Path values"). */
const ESCAPING_PATHSPECS: readonly string[] = [
  '/docs/**',
  '//server/share',
  '\\\\server\\share',
  '\\docs',
  'C:/docs/**',
  'c:',
  'C:docs',
  'file:///docs',
  '~/docs',
  '../docs/**',
  'docs/../../x',
  'docs/..',
  'docs\\..\\..\\x',
  ':(glob)docs/**',
  ':(top)docs',
  ':!docs',
];

const FAILING: readonly Case[] = [
  {
    name: 'scope version: 2',
    mutate: (repo) => edit(repo, SCOPE, 'version: 1', 'version: 2'),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: 'version: 2' }],
  },
  {
    name: 'an unknown key under out',
    mutate: (repo) => edit(repo, SCOPE, '  binary: true\n', '  binary: true\n  colour: red\n'),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: 'colour: red' }],
  },
  {
    name: 'an unknown category under out',
    mutate: (repo) => edit(repo, SCOPE, '  pdf:\n', "  ebook:\n    names: ['*.epub']\n  pdf:\n"),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: 'ebook:' }],
  },
  {
    name: 'an unknown key inside an out category',
    mutate: (repo) => edit(repo, SCOPE, "    names: ['*.pdf']\n", "    names: ['*.pdf']\n    colour: red\n"),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: 'colour: red' }],
  },
  ...ESCAPING_PATHSPECS.map(
    (entry): Case => ({
      name: `an in pathspec that escapes or uses magic: ${entry}`,
      mutate: inEntry(entry),
      expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: `  - '${entry.replace(/'/g, "''")}'` }],
    }),
  ),
  {
    name: 'an out.paths pathspec with a leading slash',
    mutate: (repo) => edit(repo, SCOPE, "    - '**/tmp/'\n", "    - '/tmp/'\n"),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "    - '/tmp/'" }],
  },
  {
    name: 'a category paths pathspec with a .. segment',
    mutate: (repo) => edit(repo, SCOPE, '    paths: []\n    names: [\'*.min.js\'', "    paths: ['../gen/']\n    names: ['*.min.js'"),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "paths: ['../gen/']" }],
  },
  {
    name: 'an out.secret.names entry containing a slash',
    mutate: (repo) => edit(repo, SCOPE, "names: ['.env', ", "names: ['config/.env', '.env', "),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "'config/.env'" }],
  },
  {
    name: 'two bad entries, each on its own line',
    mutate: (repo) => {
      inEntry('/docs/**')(repo);
      edit(repo, SCOPE, '  - src/**\n', "  - '../src/**'\n");
    },
    expected: [
      { level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "'/docs/**'" },
      { level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "'../src/**'" },
    ],
  },
  {
    name: 'a scope file that does not parse (a tab)',
    mutate: (repo) => edit(repo, SCOPE, '  binary: true\n', '  binary: true\n\tmax_bytes: 1\n'),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: '\tmax_bytes: 1' }],
  },
  {
    name: 'the scope file the manifest names removed',
    mutate: (repo) => repo.remove(SCOPE),
    expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE }],
  },
];

/** A repository initialised by the built CLI, changed by `mutate`. */
function prepared(mutate: (repo: TempRepo) => void): TempRepo {
  const repo = repos.create().init();
  mutate(repo);
  return repo;
}

describe(`${RULE}: passing`, () => {
  it.each(PASSING)('$name', ({ mutate, expected }) => {
    const repo = prepared(mutate);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expect(code).toBe(0);
    expect(failing(findings)).toEqual([]);
    expect(project(findings)).toEqual(resolve(repo, expected));
    expect(findings.every((f) => f.rule === RULE)).toBe(true);
  });
});

describe(`${RULE}: failing`, () => {
  it.each(FAILING)('$name', ({ mutate, expected }) => {
    const repo = prepared(mutate);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expect(code).toBe(10);
    expect(project(failing(findings))).toEqual(resolve(repo, expected));
    expect(failing(findings).every((f) => f.rule === RULE)).toBe(true);
  });

  it('watch turns the violation into DRIFT and exits 11', () => {
    const repo = prepared(inEntry('/docs/**'));
    const { code, findings } = repo.gate(['watch', '--rule', RULE]);
    expect(code).toBe(11);
    expect(project(failing(findings))).toEqual(
      resolve(repo, [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "'/docs/**'" }]).map((f) => ({ ...f, level: 'DRIFT' })),
    );
  });
});
