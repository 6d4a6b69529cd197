/**
 * context (rule majordomus.context-integrity): every case starts from `majordomus init` (whose layer
 * declares README.md as its context documents and carries two of them), stages the layer — only what git
 * tracks is context — and runs `doctor --rule` in process. A valid tree is one OK on the manifest; each
 * broken tree (test/helpers/context-docs.ts, one per problem class) fails with exit 10, its findings
 * naming exactly the documents involved and the problem class; under `watch` the same is DRIFT, exit 11.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingCase } from '../helpers/cases';
import { edit, itPasses } from '../helpers/cases';
import { BROKEN_TREES, stage } from '../helpers/context-docs';
import { expectFailing } from '../helpers/findings';
import { gateInProcess } from '../helpers/gate';
import { failing, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.context-integrity';
const MANIFEST = '.ai/manifest.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

describe(`${RULE}: passing`, () => {
  itPasses(
    RULE,
    repos,
    [
      { name: 'the layer init writes, staged: two documents', mutate: stage },
      { name: 'the layer init writes, nothing staged yet: no document is tracked', mutate: () => {} },
      {
        name: 'a manifest naming no context documents',
        mutate: (repo) => {
          const text = repo.read(MANIFEST);
          repo.write(MANIFEST, `${text.slice(0, text.indexOf('\n# The context documents'))}\n`);
          stage(repo);
        },
      },
      {
        name: 'a README under rules/vendor/ is the vendored package’s, never context',
        mutate: (repo) => {
          repo.write('.ai/repo/rules/vendor/majordomus/README.md', '# not a context document\n');
          stage(repo);
        },
      },
    ],
    { category: 'context', subject: MANIFEST },
  );
});

const FAILING: readonly FindingCase[] = BROKEN_TREES.map((tree) => ({
  name: `${tree.problem}: ${tree.subjects.join(', ')}`,
  mutate: tree.mutate,
  expected: tree.subjects.map((subject) => ({ level: 'FAIL', category: 'context', subject, mentions: [`${tree.problem}:`] })),
}));

describe(`${RULE}: failing`, () => {
  it.each(FAILING)('$name', async ({ mutate, expected }) => {
    const repo = repos.create().init();
    mutate(repo);
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expectFailing(findings, expected);
    for (const finding of failing(findings)) expect(finding.message.startsWith(expected[0]!.mentions![0]!)).toBe(true);
    expect(code).toBe(10);
  });

  it('every problem class has its own fixture', () => {
    expect(new Set(BROKEN_TREES.map((tree) => tree.problem))).toEqual(
      new Set([
        'missing-contract',
        'invalid-front-matter',
        'unknown-key',
        'unsupported-schema',
        'unknown-provider',
        'duplicate-id',
        'cycle',
        'supersedes-non-ancestor',
        'final-override',
      ]),
    );
  });

  it('watch reports the same problems as DRIFT and exits 11', async () => {
    const repo = repos.create().init();
    BROKEN_TREES.find((tree) => tree.problem === 'duplicate-id')!.mutate(repo);
    const { code, findings } = await gateInProcess(repo, 'watch', { rule: RULE });
    expect(code).toBe(11);
    expect(
      failing(findings)
        .map((f) => [f.level, f.subject])
        .sort(),
    ).toEqual([
      ['DRIFT', '.ai/README.md'],
      ['DRIFT', '.ai/repo/rules/project/README.md'],
    ]);
  });

  it('an edit of a document that breaks it is named on the line of the key', async () => {
    const repo = repos.create().init();
    stage(repo);
    edit(repo, '.ai/repo/rules/project/README.md', 'composition: extend', 'composition: merge');
    stage(repo);
    const { findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    const [finding] = failing(findings);
    expect(finding?.file).toBe('.ai/repo/rules/project/README.md');
    expect(finding?.line).toBe(repo.read('.ai/repo/rules/project/README.md').split('\n').indexOf('composition: merge') + 1);
  });
});
