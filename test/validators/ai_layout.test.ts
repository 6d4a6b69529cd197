/**
 * ai_layout (rule majordomus.ai-layout-integrity): every case starts from `majordomus init` in a fresh
 * git repository, changes real files, and runs `doctor --rule` in process (the table's drift case also
 * through the built CLI, which must print the same). A passing case must report exactly its OK/INFO
 * findings with exit 0; a failing case exactly its failing findings with exit 10, each with the file and
 * line when the finding points into a file. A manifest the gate cannot read is shown through the built
 * CLI: the whole gate stops, with the binary's own exit code and what it says on stderr.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable, edit, lineOf, prepared } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.ai-layout-integrity';
const MANIFEST = '.ai/manifest.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function setSkills(value: string): (repo: TempRepo) => void {
  return (repo) => edit(repo, MANIFEST, '  skills: repo/skills\n', `  skills: ${value}\n`);
}

const PASSING: readonly Case[] = [
  {
    name: 'a freshly initialised layer',
    mutate: () => {},
    expected: [{ level: 'OK', category: 'layout', subject: MANIFEST }],
  },
  {
    name: 'the optional project section absent',
    mutate: (repo) => {
      expect(repo.read(MANIFEST)).toMatch(/^ {2}project: repo\/project$/m);
      repo.remove('.ai/repo/project');
    },
    expected: [{ level: 'OK', category: 'layout', subject: MANIFEST }],
  },
  {
    name: 'untracked state under the ignored .ai/local/',
    mutate: (repo) => repo.write('.ai/local/state/ledger.jsonl', '{}\n'),
    expected: [{ level: 'OK', category: 'layout', subject: MANIFEST }],
  },
];

const UNSAFE_SECTION_PATHS: readonly string[] = [
  '../x',
  '/abs',
  'C:x',
  '~/x',
  'file:///x',
  'a/..\\..\\b',
  '\\\\server\\share',
  '//server/share',
];

const FAILING: readonly Case[] = [
  {
    name: 'a section directory the manifest names removed',
    mutate: (repo) => repo.remove('.ai/repo/skills'),
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/repo/skills', file: MANIFEST, at: '  skills: repo/skills' }],
  },
  {
    name: 'a section file the manifest names removed',
    mutate: (repo) => repo.remove('.ai/repo/policy.yaml'),
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/repo/policy.yaml', file: MANIFEST, at: '  policy: repo/policy.yaml' }],
  },
  {
    name: '.ai/README.md removed',
    mutate: (repo) => repo.remove('.ai/README.md'),
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/README.md' }],
  },
  {
    name: '.gitignore rewritten without .ai/local/',
    mutate: (repo) => repo.write('.gitignore', 'node_modules/\n'),
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/local/' }],
  },
  {
    name: '.gitignore removed',
    mutate: (repo) => repo.remove('.gitignore'),
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/local/' }],
  },
  {
    name: 'a file under .ai/local/ force-added to the index',
    mutate: (repo) => {
      repo.write('.ai/local/state/ledger.jsonl', '{}\n');
      repo.git(['add', '-f', '--', '.ai/local/state/ledger.jsonl']);
    },
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/local/state/ledger.jsonl' }],
  },
  {
    name: 'an unknown top-level key in the manifest',
    mutate: (repo) => edit(repo, MANIFEST, 'schema: ai-repository/v1\n', 'schema: ai-repository/v1\nextra: 1\n'),
    expected: [{ level: 'FAIL', category: 'layout', subject: MANIFEST, file: MANIFEST, at: 'extra: 1' }],
  },
  {
    name: 'an unknown key under local',
    mutate: (repo) => edit(repo, MANIFEST, '  tracked: false\n', '  tracked: false\n  colour: red\n'),
    expected: [{ level: 'FAIL', category: 'layout', subject: MANIFEST, file: MANIFEST, at: 'colour: red' }],
  },
  ...UNSAFE_SECTION_PATHS.map(
    (value): Case => ({
      name: `a section path that escapes the repository: ${value}`,
      mutate: setSkills(value),
      expected: [{ level: 'FAIL', category: 'layout', subject: MANIFEST, file: MANIFEST, at: `skills: ${value}` }],
    }),
  ),
  {
    name: 'a manifest declaring schema ai-repository/v2',
    mutate: (repo) => edit(repo, MANIFEST, 'schema: ai-repository/v1', 'schema: ai-repository/v2'),
    expected: [{ level: 'FAIL', category: 'layout', subject: MANIFEST, file: MANIFEST, at: 'schema: ai-repository/v2' }],
  },
  {
    name: 'a manifest declaring no schema',
    mutate: (repo) => edit(repo, MANIFEST, 'schema: ai-repository/v1\n', ''),
    expected: [{ level: 'FAIL', category: 'layout', subject: MANIFEST, file: MANIFEST, at: '# The section registry' }],
  },
  {
    name: 'a manifest that does not parse (a tab)',
    mutate: (repo) => edit(repo, MANIFEST, '  skills: repo/skills', '\tskills: repo/skills'),
    expected: [{ level: 'FAIL', category: 'layout', subject: MANIFEST, file: MANIFEST, at: '\tskills: repo/skills' }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: {
    mutate: (r) => r.remove('.ai/repo/skills'),
    expected: [{ level: 'FAIL', category: 'layout', subject: '.ai/repo/skills', file: MANIFEST, at: '  skills: repo/skills' }],
  },
});

describe(`${RULE}: a manifest the gate cannot read stops the whole gate`, () => {
  it.each([
    { name: 'schema ai-repository/v2', from: 'schema: ai-repository/v1', to: 'schema: ai-repository/v2', at: 'schema: ai-repository/v2' },
    { name: 'a tab', from: '  skills: repo/skills', to: '\tskills: repo/skills', at: '\tskills: repo/skills' },
  ])('$name: doctor reports only the manifest and exits 10', ({ from, to, at }) => {
    const repo = prepared(repos, (r) => edit(r, MANIFEST, from, to));
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(findings.map(({ level, category, subject, rule, file, line }) => ({ level, category, subject, rule, file, line }))).toEqual([
      { level: 'FAIL', category: 'layout', subject: MANIFEST, rule: RULE, file: MANIFEST, line: lineOf(repo, MANIFEST, at) },
    ]);
  });

  it('no manifest at all exits 12 and names init', () => {
    const repo = prepared(repos, (r) => r.remove(MANIFEST));
    const { code, findings, stderr } = repo.gate(['doctor', '--rule', RULE]);
    expect(code).toBe(12);
    expect(findings).toEqual([]);
    expect(stderr).toContain('majordomus init');
  });
});
