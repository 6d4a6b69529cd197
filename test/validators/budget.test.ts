/**
 * budget (rule majordomus.context-budget): every case starts from `majordomus init`, changes the policy,
 * the local records or an always-loaded projection, and runs `doctor --rule` in process. The assembled
 * context over `context.builder_budget_lines` is a FAIL on the policy file, an always-loaded projection
 * majordomus generated over `context.always_loaded_budget_lines` a FAIL on the projection, and the
 * repository's own instruction file over it an INFO; within budget each is an OK; under `watch` a
 * violation is DRIFT with exit 11.
 */
import { afterAll, expect } from 'vitest';
import { describeTable, edit } from '../helpers/cases';
import { writeRecord } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.context-budget';
const POLICY = '.ai/repo/policy.yaml';
const TEMPLATE = '.ai/repo/providers/agents.tmpl';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const ASSEMBLED_OK = { level: 'OK', category: 'budget', subject: POLICY } as const;
/** init generates the always-loaded projection, AGENTS.md, well within its budget. */
const AGENTS_OK = { level: 'OK', category: 'budget', subject: 'AGENTS.md' } as const;
const ASSEMBLED_OVER = { level: 'FAIL', category: 'budget', subject: POLICY } as const;

function budget(lines: number): (repo: TempRepo) => void {
  return (repo) => edit(repo, POLICY, 'builder_budget_lines: 300', `builder_budget_lines: ${lines}`);
}

/** The always-loaded projection as `majordomus update` generates it, `lines` lines long (a template of the repository's pads it), tracked. */
function generatedAgents(lines: number): (repo: TempRepo) => void {
  return (repo) => {
    const template = (extra: number): string => `# Instructions for coding agents\n\n{{> bootstrap}}\n${'Keep it short.\n'.repeat(extra)}`;
    const length = (): number => repo.read('AGENTS.md').replace(/\n$/, '').split('\n').length;
    let extra = 0;
    for (let round = 0; round < 3 && (round === 0 || length() !== lines); round++) {
      if (round > 0) extra += lines - length();
      repo.write(TEMPLATE, template(extra));
      expect(repo.run(['update']).code).toBe(0);
    }
    expect(repo.read('AGENTS.md').replace(/\n$/, '').split('\n')).toHaveLength(lines);
    repo.git(['add', '-A']);
  };
}

/** The repository's own AGENTS.md (no stamp: majordomus did not write it), `lines` lines long and tracked. */
function agents(lines: number): (repo: TempRepo) => void {
  return (repo) => {
    repo.write('AGENTS.md', `${Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join('\n')}\n`);
    repo.git(['add', 'AGENTS.md']);
  };
}

/** A checkpoint of this worktree and branch with a body of `lines` lines: the resolver hands it to the builder. */
function checkpoint(lines: number): (repo: TempRepo) => void {
  return (repo) => {
    writeRecord(repo, 'checkpoint', {}, `${Array.from({ length: lines }, (_, i) => `step ${i + 1}`).join('\n')}\n`);
  };
}

function all(...steps: Array<(repo: TempRepo) => void>): (repo: TempRepo) => void {
  return (repo) => {
    for (const step of steps) step(repo);
  };
}

describeTable({
  rule: RULE,
  repos,
  passing: [
    {
      name: 'a fresh layer: the assembled context is well within the default budget',
      mutate: () => {},
      expected: [ASSEMBLED_OK, AGENTS_OK],
    },
    { name: 'a 40-line checkpoint within a budget of 80', mutate: all(budget(80), checkpoint(40)), expected: [ASSEMBLED_OK, AGENTS_OK] },
    {
      name: 'an always-loaded projection of 150 lines, exactly its budget',
      mutate: generatedAgents(150),
      expected: [ASSEMBLED_OK, { level: 'OK', category: 'budget', subject: 'AGENTS.md' }],
    },
    {
      name: "the repository's own AGENTS.md of 248 lines: the budget binds what majordomus generates, so it is noted",
      mutate: agents(248),
      expected: [ASSEMBLED_OK, { level: 'INFO', category: 'budget', subject: 'AGENTS.md' }],
    },
    {
      name: "a generated region within the budget in the repository's own 248-line file: noted",
      mutate: all(agents(248), (repo) => {
        expect(repo.run(['update', '--adopt', 'AGENTS.md']).code).toBe(0);
        repo.git(['add', '-A']);
      }),
      expected: [ASSEMBLED_OK, { level: 'INFO', category: 'budget', subject: 'AGENTS.md' }],
    },
    {
      name: 'a projection that is not always loaded is not counted',
      mutate: (repo) => {
        repo.write('CLAUDE.md', 'x\n'.repeat(400));
        repo.git(['add', 'CLAUDE.md']);
      },
      expected: [ASSEMBLED_OK, AGENTS_OK],
    },
  ],
  failing: [
    { name: 'a budget smaller than the empty context', mutate: budget(5), expected: [ASSEMBLED_OVER] },
    {
      name: 'the resolved checkpoint pushes the context over its budget',
      mutate: all(budget(40), checkpoint(40)),
      expected: [ASSEMBLED_OVER],
    },
    {
      name: 'an always-loaded projection one line over its budget',
      mutate: generatedAgents(151),
      expected: [{ level: 'FAIL', category: 'budget', subject: 'AGENTS.md' }],
    },
    {
      name: "the policy's own always-loaded budget",
      mutate: all(generatedAgents(60), (repo) => edit(repo, POLICY, 'always_loaded_budget_lines: 150', 'always_loaded_budget_lines: 59')),
      expected: [{ level: 'FAIL', category: 'budget', subject: 'AGENTS.md' }],
    },
  ],
  drift: { mutate: budget(5), expected: [ASSEMBLED_OVER] },
});
