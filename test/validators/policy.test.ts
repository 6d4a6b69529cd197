/**
 * policy (rule majordomus.policy-integrity): every case starts from `majordomus init` in a fresh git
 * repository, edits the policy or a profile init wrote, and runs `doctor --rule` in process (the table's
 * drift case also through the built CLI, which must print the same). A passing case must report exactly
 * its OK findings with exit 0; a failing case exactly its failing findings with exit 10, each with the
 * file and the line of the offending key.
 */
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable, edit } from '../helpers/cases';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.policy-integrity';
const POLICY = '.ai/repo/policy.yaml';
const REVIEW = '.ai/repo/profiles/review.yaml';
const IMPLEMENTATION = '.ai/repo/profiles/implementation.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const PASSING: readonly Case[] = [
  {
    name: 'a freshly initialised layer',
    mutate: () => {},
    expected: [{ level: 'OK', category: 'policy', subject: POLICY }],
  },
  {
    name: 'a fifth profile named after its file',
    mutate: (repo) => repo.write('.ai/repo/profiles/triage.yaml', repo.read(REVIEW).replace('name: review', 'name: triage')),
    expected: [{ level: 'OK', category: 'policy', subject: POLICY }],
  },
  {
    name: 'profiles.default naming another profile that exists',
    mutate: (repo) => edit(repo, POLICY, 'default: implementation', 'default: review'),
    expected: [{ level: 'OK', category: 'policy', subject: POLICY }],
  },
];

const FAILING: readonly Case[] = [
  {
    name: 'an unknown top-level policy key',
    mutate: (repo) => edit(repo, POLICY, 'version: 1\n', 'version: 1\nbogus: 1\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'bogus: 1' }],
  },
  {
    name: 'an unknown nested policy key',
    mutate: (repo) => edit(repo, POLICY, '  strategy: minimum-sufficient\n', '  strategy: minimum-sufficient\n  colour: red\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'colour: red' }],
  },
  {
    name: 'policy version: 2',
    mutate: (repo) => edit(repo, POLICY, 'version: 1', 'version: 2'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'version: 2' }],
  },
  {
    name: 'a policy with a YAML error (a tab)',
    mutate: (repo) => edit(repo, POLICY, '  strategy: minimum-sufficient\n', '  strategy: minimum-sufficient\n\tcolour: red\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: '\tcolour: red' }],
  },
  {
    name: 'a policy with a YAML error (a duplicate key)',
    mutate: (repo) => edit(repo, POLICY, '  strategy: minimum-sufficient\n', '  strategy: minimum-sufficient\n  strategy: twice\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'strategy: twice' }],
  },
  {
    name: 'a policy with a YAML error (a plain value holding ": ")',
    mutate: (repo) => edit(repo, POLICY, '  strategy: minimum-sufficient', '  strategy: minimum: sufficient'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'strategy: minimum: sufficient' }],
  },
  {
    name: 'a policy with a YAML error (a key indented out of line)',
    mutate: (repo) => edit(repo, POLICY, '  strategy: minimum-sufficient', '     strategy: minimum-sufficient'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: '     strategy: minimum-sufficient' }],
  },
  {
    name: 'an unknown profile key',
    mutate: (repo) => edit(repo, REVIEW, 'effort: medium\n', 'effort: medium\nbogus: 1\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: REVIEW, file: REVIEW, at: 'bogus: 1' }],
  },
  {
    name: 'a profile whose name differs from its file name',
    mutate: (repo) => edit(repo, REVIEW, 'name: review', 'name: reviewer'),
    expected: [{ level: 'FAIL', category: 'policy', subject: REVIEW, file: REVIEW, at: 'name: reviewer' }],
  },
  {
    name: 'profiles.default naming a profile with no file',
    mutate: (repo) => edit(repo, POLICY, 'default: implementation', 'default: nosuch'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'default: nosuch' }],
  },
  {
    name: 'the default profile file removed',
    mutate: (repo) => repo.remove(IMPLEMENTATION),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'default: implementation' }],
  },
  {
    name: 'zero always_loaded projections',
    mutate: (repo) => edit(repo, POLICY, '    always_loaded: true', '    always_loaded: false'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'projections:' }],
  },
  {
    name: 'two always_loaded projections',
    mutate: (repo) => edit(repo, POLICY, '    mode: region\n', '    mode: region\n    always_loaded: true\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'projections:' }],
  },
  {
    name: 'a profile that does not parse (an anchor)',
    mutate: (repo) => edit(repo, REVIEW, 'effort: medium', 'effort: &level medium'),
    expected: [{ level: 'FAIL', category: 'policy', subject: REVIEW, file: REVIEW, at: 'effort: &level medium' }],
  },
  {
    // the file exists: only its own refusal is reported, never "the default profile has no file"
    name: 'the default profile does not parse (a tab)',
    mutate: (repo) => edit(repo, IMPLEMENTATION, 'effort: medium\n', 'effort: medium\n\tcolour: red\n'),
    expected: [{ level: 'FAIL', category: 'policy', subject: IMPLEMENTATION, file: IMPLEMENTATION, at: '\tcolour: red' }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: {
    mutate: (r) => edit(r, POLICY, 'version: 1', 'version: 2'),
    expected: [{ level: 'FAIL', category: 'policy', subject: POLICY, file: POLICY, at: 'version: 2' }],
  },
});
