/**
 * bootstrap (rule majordomus.bootstrap-integrity): every case starts from `majordomus init`, whose
 * projections are generated bootstraps, changes a target or the policy, and runs `doctor --rule` in
 * process. The generated targets pass; a target that loses its pointer to .ai/README.md, quotes a
 * rule's statement, or links to nothing fails on the target; a policy with no or two always-loaded
 * projections fails on the policy. A region-mode target is judged on its region only, and the
 * repository's own file (no stamp) is an INFO, never judged; under `watch` each failure is DRIFT with
 * exit 11.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingCase } from '../helpers/cases';
import { edit, itFails, itPasses } from '../helpers/cases';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, ROOT, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.bootstrap-integrity';
const POLICY = '.ai/repo/policy.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** The statement of a baseline rule, as the vendored package carries it. */
const STATEMENT = /^statement: (.*)$/m.exec(readFileSync(join(ROOT, 'rules/majordomus/rules/context-budget.v1.md'), 'utf8'))![1]!;

function append(file: string, text: string): (repo: TempRepo) => void {
  return (repo) => repo.write(file, `${repo.read(file)}${text}`);
}

/** Text put inside CLAUDE.md's region, before its end marker. */
function insideRegion(text: string): (repo: TempRepo) => void {
  return (repo) => repo.write('CLAUDE.md', repo.read('CLAUDE.md').replace('<!-- majordomus:end -->', `${text}<!-- majordomus:end -->`));
}

describe(`${RULE}: passing`, () => {
  itPasses(
    RULE,
    repos,
    [
      { name: 'the targets init generated', mutate: () => {} },
      {
        name: 'a broken link outside the region is the repository’s own text',
        mutate: (repo) => repo.write('CLAUDE.md', `[old](gone.md)\n\n${repo.read('CLAUDE.md')}`),
      },
      {
        name: 'links with anchors and URLs',
        mutate: insideRegion('[the layer](.ai/README.md#checking-it) and [a site](https://example.com/x)\n'),
      },
      {
        name: "the repository's own AGENTS.md (no stamp): not judged, though it names no .ai/README.md and links to nothing",
        mutate: (repo) => repo.write('AGENTS.md', '# Ours\n\nSee [the guide](docs/guide.md).\n'),
      },
    ],
    { category: 'bootstrap', subject: POLICY },
  );
});

const fail = (subject: string, ...mentions: string[]) => ({ level: 'FAIL', category: 'bootstrap', subject, mentions });

const FAILING: readonly FindingCase[] = [
  {
    name: 'a target that no longer names .ai/README.md',
    mutate: (repo) => repo.write('AGENTS.md', repo.read('AGENTS.md').replaceAll('.ai/README.md', '.ai/manifest.yaml')),
    expected: [fail('AGENTS.md', '.ai/README.md')],
  },
  {
    name: 'a target quoting a rule',
    mutate: append('AGENTS.md', `\n${STATEMENT}\n`),
    expected: [fail('AGENTS.md', 'majordomus.context-budget')],
  },
  {
    name: 'a link to nothing',
    mutate: append('AGENTS.md', '\nSee [the guide](docs/guide.md).\n'),
    expected: [fail('AGENTS.md', 'docs/guide.md')],
  },
  {
    name: 'a link out of the repository',
    mutate: append('AGENTS.md', '\nSee [up](../elsewhere.md).\n'),
    expected: [fail('AGENTS.md', '../elsewhere.md')],
  },
  { name: 'a broken link inside the region', mutate: insideRegion('[gone](gone.md)\n'), expected: [fail('CLAUDE.md', 'gone.md')] },
  {
    name: 'no always-loaded projection',
    mutate: (repo) => edit(repo, POLICY, '    always_loaded: true\n', ''),
    expected: [fail(POLICY, 'always_loaded')],
  },
  {
    name: 'two always-loaded projections',
    mutate: (repo) => edit(repo, POLICY, '    mode: region\n', '    mode: region\n    always_loaded: true\n'),
    expected: [fail(POLICY, 'AGENTS.md', 'CLAUDE.md')],
  },
];

describe(`${RULE}: failing`, () => {
  itFails('$name', RULE, repos, FAILING);

  it('watch reports the same as DRIFT, exit 11', async () => {
    const repo = repos.create().init();
    append('AGENTS.md', '\nSee [the guide](docs/guide.md).\n')(repo);
    const { code, findings } = await gateInProcess(repo, 'watch', { rule: RULE });
    expect(code).toBe(11);
    expect(failing(findings).map((f) => [f.level, f.subject])).toEqual([['DRIFT', 'AGENTS.md']]);
  });
});

describe(`${RULE}: the repository's own instruction file`, () => {
  it('is an INFO naming update --adopt, never a FAIL', async () => {
    const repo = repos.create().init();
    repo.write('AGENTS.md', '# Ours\n\nSee [the guide](docs/guide.md).\n');
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(code).toBe(0);
    const agents = findings.filter((f) => f.subject === 'AGENTS.md');
    expect(agents.map((f) => f.level)).toEqual(['INFO']);
    expect(agents[0]!.message).toContain('update --adopt AGENTS.md');
  });
});
