/**
 * knowledge_integrity (rule majordomus.knowledge-integrity): every case starts from `majordomus init` in
 * a fresh git repository, changes the knowledge sources file init wrote (or what git tracks), and runs
 * `doctor --rule` in process; the drift case also through the built CLI. Discovery is git's list of
 * tracked files, so a case that needs a node `git add`s it, and one that must not find it leaves it
 * untracked on disk.
 */
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable, edit } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.knowledge-integrity';
const MANIFEST = '.ai/manifest.yaml';
const SOURCES = '.ai/repo/knowledge/sources.yaml';
const POLICY_CLASS = "    pathspec: ':(glob).ai/repo/policy.yaml'\n    required: false\n";

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** The policy class marked required. */
function requirePolicy(repo: TempRepo): void {
  edit(repo, SOURCES, POLICY_CLASS, "    pathspec: ':(glob).ai/repo/policy.yaml'\n    required: true\n");
}

/** Replace the policy class's pathspec with `pathspec`, as a single-quoted YAML scalar. */
function policyPathspec(pathspec: string): (repo: TempRepo) => void {
  return (repo) => edit(repo, SOURCES, POLICY_CLASS, `    pathspec: '${pathspec.replace(/'/g, "''")}'\n    required: false\n`);
}

const ok = [{ level: 'OK' as const, category: 'knowledge', subject: SOURCES }];

const PASSING: readonly Case[] = [
  { name: 'the sources file init writes', mutate: () => {}, expected: ok },
  {
    name: 'a required class that discovers a tracked file',
    mutate: (repo) => {
      requirePolicy(repo);
      repo.git(['add', '.ai/repo/policy.yaml']);
    },
    expected: ok,
  },
  {
    name: 'the manifest names no knowledge section',
    mutate: (repo) => edit(repo, MANIFEST, '  knowledge: repo/knowledge\n', ''),
    expected: [{ level: 'INFO', category: 'knowledge', subject: MANIFEST }],
  },
];

const FAILING: readonly Case[] = [
  {
    name: 'version: 2',
    mutate: (repo) => edit(repo, SOURCES, 'version: 1', 'version: 2'),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: 'version: 2' }],
  },
  {
    name: 'an unknown key in a class',
    mutate: (repo) => edit(repo, SOURCES, POLICY_CLASS, `${POLICY_CLASS}    colour: red\n`),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: 'colour: red' }],
  },
  {
    name: 'a class without its kind',
    mutate: (repo) => edit(repo, SOURCES, '    kind: policy\n', ''),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: '  - id: policy' }],
  },
  {
    name: 'a discovery other than vcs',
    mutate: (repo) => edit(repo, SOURCES, '    kind: policy\n    discovery: vcs\n', '    kind: policy\n    discovery: walk\n'),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: 'discovery: walk' }],
  },
  {
    name: 'a pathspec without the :(glob) magic',
    mutate: policyPathspec('.ai/repo/policy.yaml'),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: "pathspec: '.ai/repo/policy.yaml'" }],
  },
  ...[':(glob)/etc/passwd', ':(glob)../x/*.md', ':(glob)C:/x', ':(glob)~/x', ':(glob)a/../../x'].map(
    (pathspec): Case => ({
      name: `a pathspec that leaves the repository: ${pathspec}`,
      mutate: policyPathspec(pathspec),
      expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: `pathspec: '${pathspec}'` }],
    }),
  ),
  {
    name: 'a class id declared twice',
    mutate: (repo) => edit(repo, SOURCES, '  - id: scope\n', '  - id: policy # twice\n'),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: 'id: policy # twice' }],
  },
  {
    name: 'a required class that discovers nothing: the file is on disk but not tracked',
    mutate: requirePolicy,
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: '  - id: policy' }],
  },
  {
    name: 'two classes claiming one tracked file',
    mutate: (repo) => {
      edit(repo, SOURCES, "    pathspec: ':(glob).ai/repo/scope.yaml'\n", "    pathspec: ':(glob).ai/repo/*.yaml'\n");
      repo.git(['add', '.ai/repo/policy.yaml']);
    },
    expected: [{ level: 'FAIL', category: 'knowledge', subject: '.ai/repo/policy.yaml', file: SOURCES, at: '  - id: scope' }],
  },
  {
    name: 'the sources file removed',
    mutate: (repo) => repo.remove(SOURCES),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES }],
  },
  {
    name: 'a sources file that does not parse (a tab)',
    mutate: (repo) => edit(repo, SOURCES, 'version: 1\n', 'version: 1\n\tx: 1\n'),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: '\tx: 1' }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: {
    mutate: requirePolicy,
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES, at: '  - id: policy' }],
  },
});
