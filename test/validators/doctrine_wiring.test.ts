/**
 * doctrine_wiring (majordomus.doctrine-wiring-integrity): every rule resolves to a registered validator,
 * at gates that exist and that the validator supports, proved by tests that exist; every registered
 * validator is declared by some rule. Every case starts from a freshly initialised temporary git
 * repository and runs the built CLI.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { itFails, itPasses } from '../helpers/cases';
import type { FindingCase } from '../helpers/cases';
import { expectFailing, findingKey } from '../helpers/findings';
import type { ExpectedFinding } from '../helpers/findings';
import { failing, repoFactory } from '../helpers/repo';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { PROJECT, SAMPLE, SAMPLE_TEST, VENDOR, VENDOR_MANIFEST, enforcement, manifestEntry, ruleFront, ruleText, writeSampleTest } from '../helpers/rules';
import type { Enforcement } from '../helpers/rules';

const RULE = 'majordomus.doctrine-wiring-integrity';
const IDENTITY = 'project.sample@1';

const factory = repoFactory();
afterAll(() => factory.disposeAll());

function freshRepo(): TempRepo {
  return factory.create().init();
}

// ---- an enforced project rule --------------------------------------------------------------------

interface Enforced extends Omit<Enforcement, 'category'> {
  readonly id?: string;
}

/**
 * A valid project rule enforced by `validator` at `gates`. File lines: `x-majordomus:` 10,
 * `validator` 11, `enforced_by` 13, `tests` 15.
 */
function enforcedRule({ id = 'project.sample', ...wiring }: Enforced = {}): string {
  return ruleText([...ruleFront(id), ...enforcement({ category: 'custom', ...wiring })]);
}

/** Write the rule and the test it names, as a project author would. */
function addRule(repo: TempRepo, rule: Enforced = {}, file = SAMPLE): void {
  repo.write(file, enforcedRule(rule));
  writeSampleTest(repo);
}

/** Drop a vendored rule file and its manifest entry, so the package stays whole without it. */
function unvendor(repo: TempRepo, file: string): void {
  repo.remove(`${VENDOR}/${file}`);
  const { lines, start, end } = manifestEntry(repo, file);
  lines.splice(start, end - start + 1);
  repo.write(VENDOR_MANIFEST, lines.join('\n'));
}

// ---- assertions ----------------------------------------------------------------------------------

const broken = (subject: string, extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({ level: 'FAIL', category: 'doctrine', subject, ...extra });

// ---- cases ---------------------------------------------------------------------------------------

describe(`${RULE}: clean`, () => {
  const clean = [
    { name: 'a fresh init', mutate: (_repo: TempRepo) => {} },
    { name: 'a project rule enforced by a registered validator at a gate it supports, with its test', mutate: (repo: TempRepo) => addRule(repo) },
    { name: 'a project rule enforced at every gate its validator supports', mutate: (repo: TempRepo) => addRule(repo, { gates: ['doctor', 'watch'] }) },
  ];

  itPasses(RULE, factory, clean, { category: 'doctrine', subject: 'rules' });
});

const cases: readonly FindingCase[] = [
  {
    name: 'a rule enforced at check naming the unregistered validator ai_layuot (nearest: ai_layout)',
    mutate: (repo) => addRule(repo, { validator: 'ai_layuot', gates: ['check'] }),
    expected: [broken(IDENTITY, { file: SAMPLE, line: 11, mentions: ['ai_layuot', 'ai_layout'] })],
  },
  {
    name: 'a rule enforced at deploy, which is not a gate',
    mutate: (repo) => addRule(repo, { gates: ['deploy'] }),
    expected: [broken(IDENTITY, { file: SAMPLE, line: 13, mentions: ['deploy'] })],
  },
  {
    name: 'a rule enforcing wiring at watch, a gate the validator does not support',
    mutate: (repo) => addRule(repo, { validator: 'wiring', gates: ['watch'] }),
    expected: [broken(IDENTITY, { file: SAMPLE, line: 13, mentions: ['watch'] })],
  },
  {
    name: 'a rule naming a test that does not exist in the repository',
    mutate: (repo) => addRule(repo, { tests: [SAMPLE_TEST, 'test/missing.test.ts'] }),
    expected: [broken(IDENTITY, { file: SAMPLE, line: 15, mentions: ['test/missing.test.ts'] })],
  },
  {
    name: 'a rule naming a test outside the repository',
    mutate: (repo) => addRule(repo, { tests: ['../outside.test.ts'] }),
    expected: [broken(IDENTITY, { file: SAMPLE, line: 15 })],
  },
  {
    name: 'a registered validator no rule declares (retention-caps unvendored)',
    mutate: (repo) => unvendor(repo, 'rules/retention-caps.v1.md'),
    expected: [broken('retention', { file: null })],
  },
  {
    name: 'two broken links in two rules, each reported under its own identity',
    mutate: (repo) => {
      addRule(repo, { gates: ['deploy'] });
      addRule(repo, { id: 'project.other', validator: 'wiring', gates: ['watch'] }, `${PROJECT}/other.v1.md`);
    },
    expected: [broken(IDENTITY, { file: SAMPLE, line: 13 }), broken('project.other@1', { file: `${PROJECT}/other.v1.md`, line: 13 })],
  },
];

describe(`${RULE}: broken links`, () => {
  itFails('$name → exit 10', RULE, factory, cases);
});

describe(`${RULE}: an unregistered validator at doctor is reported exactly once`, () => {
  /** The findings about the sample rule: whoever reports them, one and only one. */
  const aboutSample = (findings: readonly JsonFinding[]): JsonFinding[] => findings.filter((f) => f.subject === IDENTITY);

  it('a full doctor run: the runner reports it (category doctrine, subject the identity), the audit does not repeat it', () => {
    const repo = freshRepo();
    addRule(repo, { validator: 'ai_layuot', gates: ['doctor'] });
    const { code, findings } = repo.gate(['doctor']);
    const reported = aboutSample(findings);
    expect(reported.map(findingKey)).toEqual([findingKey(broken(IDENTITY))]);
    expect(reported[0]).toMatchObject({ rule: 'project.sample', file: SAMPLE });
    expect(reported[0]!.message).toContain('ai_layout');
    expect(code).toBe(10);
  });

  it('doctor --rule of the audit alone (its reproduce command) still reports it', () => {
    const repo = freshRepo();
    addRule(repo, { validator: 'ai_layuot', gates: ['doctor'] });
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expectFailing(findings, [broken(IDENTITY, { file: SAMPLE, mentions: ['ai_layout'] })]);
    expect(code).toBe(10);
  });

  it('a broken sibling rule file does not silence it: the runner reports it once, and the file is refused alone', () => {
    const repo = freshRepo();
    addRule(repo, { validator: 'ai_layuot', gates: ['doctor'] });
    repo.write(`${PROJECT}/broken.v1.md`, '# no front matter\n');
    const { code, findings } = repo.gate(['doctor']);
    const reported = aboutSample(findings);
    expect(reported.map(findingKey)).toEqual([findingKey(broken(IDENTITY))]);
    expect(reported[0]).toMatchObject({ rule: 'project.sample', file: SAMPLE });
    expect(failing(findings)).toContainEqual(expect.objectContaining({ category: 'rules', subject: `${PROJECT}/broken.v1.md`, rule: 'majordomus.rule-package-integrity' }));
    expect(code).toBe(10);
  });
});
