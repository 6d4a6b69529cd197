/**
 * scope_file (rule majordomus.scope-file-integrity): every case starts from `majordomus init` in a fresh
 * git repository, edits the scope file init wrote, and runs `doctor --rule` in process (the table's drift
 * case also through the built CLI, which must print the same). A passing case must report exactly its
 * OK/INFO findings with exit 0; a failing case exactly its failing findings with exit 10, each naming the
 * scope file and the line of the offending entry. Every absolute or escaping path form of RELIABILITY.md
 * ("Path values") is refused, once.
 */
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable, edit } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.scope-file-integrity';
const MANIFEST = '.ai/manifest.yaml';
const SCOPE = '.ai/repo/scope.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

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
    mutate: (repo) => edit(repo, SCOPE, "    paths: []\n    names: ['*.min.js'", "    paths: ['../gen/']\n    names: ['*.min.js'"),
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

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: { mutate: inEntry('/docs/**'), expected: [{ level: 'FAIL', category: 'scope', subject: SCOPE, file: SCOPE, at: "'/docs/**'" }] },
});
