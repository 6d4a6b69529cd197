/**
 * doctrine_wiring (majordomus.doctrine-wiring-integrity): every rule resolves to a registered validator,
 * at gates that exist and that the validator supports, proved by tests that exist; every registered
 * validator is declared by some rule. Every case starts from a freshly initialised temporary git
 * repository and runs the gate in process (helpers/gate.ts); a full doctor run is also run through the
 * built CLI, which must print exactly the same, and `rules list`/`rules show` are the CLI's own.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingCase } from '../helpers/cases';
import { itFails, itPasses } from '../helpers/cases';
import type { ExpectedFinding } from '../helpers/findings';
import { expectFailing, findingKey } from '../helpers/findings';
import { expectSameFromCli, gateInProcess } from '../helpers/gate';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';
import type { Enforcement } from '../helpers/rules';
import {
  enforcement,
  manifestEntry,
  PROJECT,
  ruleFront,
  ruleText,
  SAMPLE,
  SAMPLE_TEST,
  VENDOR,
  VENDOR_MANIFEST,
  writeSampleTest,
} from '../helpers/rules';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

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

const broken = (subject: string, extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: 'doctrine',
  subject,
  ...extra,
});

// ---- cases ---------------------------------------------------------------------------------------

describe(`${RULE}: clean`, () => {
  const clean = [
    { name: 'a fresh init', mutate: (_repo: TempRepo) => {} },
    {
      name: 'a project rule enforced by a registered validator at a gate it supports, with its test',
      mutate: (repo: TempRepo) => addRule(repo),
    },
    {
      name: 'a project rule enforced at every gate its validator supports',
      mutate: (repo: TempRepo) => addRule(repo, { gates: ['doctor', 'watch'] }),
    },
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

describe(`${RULE}: the validators of the packs a repository adopted`, () => {
  const BRAINSTORM = '.ai/repo/rules/vendor/brainstorm';

  it('a repository without the brainstorm pack (init does not vendor it) passes a full doctor: a validator of a pack it did not adopt is not "declared by no rule"', async () => {
    const repo = freshRepo();
    expect(repo.exists(BRAINSTORM)).toBe(false);
    const { code, findings } = await gateInProcess(repo, 'doctor');
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings.filter((f) => f.subject.startsWith('brainstorm_'))).toEqual([]);
  });

  it('an adopted pack is audited: its rule unvendored (manifest kept whole) leaves its validator declared by no rule, exit 10', async () => {
    const repo = freshRepo();
    expect(repo.run(['rules', 'vendor', 'add', 'brainstorm']).code).toBe(0);
    repo.remove(`${BRAINSTORM}/rules/bs-ledger-01.v1.md`);
    const lines = repo.read(`${BRAINSTORM}/manifest.yaml`).split('\n');
    const at = lines.findIndex((line) => line.trim() === 'file: rules/bs-ledger-01.v1.md');
    lines.splice(at - 2, 4);
    repo.write(`${BRAINSTORM}/manifest.yaml`, lines.join('\n'));
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expectFailing(findings, [broken('brainstorm_ledger', { file: null })]);
    expect(code).toBe(10);
  });
});

describe(`${RULE}: the remedy of a validator no rule declares is true where it is printed`, () => {
  const MANIFEST = '.ai/repo/rules/vendor/majordomus/manifest.yaml';
  /** The vendored package without the rule scope-file-integrity (its file and its manifest entry), at `revision`. */
  const withoutScopeFile = (repo: TempRepo, revision: string): void => {
    repo.remove('.ai/repo/rules/vendor/majordomus/rules/scope-file-integrity.v1.md');
    const lines = repo.read(MANIFEST).split('\n');
    const at = lines.findIndex((line) => line.trim() === 'file: rules/scope-file-integrity.v1.md');
    lines.splice(at - 2, 4);
    repo.write(MANIFEST, lines.join('\n').replace(/^source_revision: .*$/m, `source_revision: ${revision}`));
  };
  const undeclared = async (repo: TempRepo, name: string): Promise<JsonFinding | undefined> =>
    failing((await gateInProcess(repo, 'doctor', { rule: RULE })).findings).find((f) => f.subject === name);

  it('a vendored rule that declares it but is refused: its own finding is the remedy, no update', async () => {
    const repo = freshRepo();
    const file = '.ai/repo/rules/vendor/majordomus/rules/state-consistency.v1.md';
    repo.write(file, repo.read(file).replace(/^title: .*$/m, 'title: state: consistent'));
    const finding = await undeclared(repo, 'state');
    expect(finding?.message).toContain(`the vendored copy holds the rule that declares it, \`majordomus.state-consistency\` (${file})`);
    expect(finding?.message).not.toContain('rules vendor update');
  });

  it('an older release of this package: rules vendor update, which then succeeds and declares it', async () => {
    const repo = freshRepo();
    withoutScopeFile(repo, '0.0.1');
    expect((await undeclared(repo, 'scope_file'))?.message).toMatch(
      /`majordomus\.scope-file-integrity`, which the vendored release 0\.0\.1 predates \(run: majordomus rules vendor update\)/,
    );
    expect(repo.run(['rules', 'vendor', 'update']).code).toBe(0);
    expect(await undeclared(repo, 'scope_file')).toBeUndefined();
  });

  it("another release (the upstream tool's 0.6.0): update only with --force, which replaces it and declares it", async () => {
    const repo = freshRepo();
    withoutScopeFile(repo, '0.6.0');
    const message = (await undeclared(repo, 'scope_file'))?.message;
    expect(message).toContain('the vendored `majordomus` package is majordomus-standard-rules 0.6.0, not the release this version ships');
    expect(message).toContain('majordomus rules vendor update --force');
    expect(repo.run(['rules', 'vendor', 'update']).code).toBe(15);
    expect(repo.run(['rules', 'vendor', 'update', '--force']).code).toBe(0);
    expect(await undeclared(repo, 'scope_file')).toBeUndefined();
  });
});

describe(`${RULE}: broken links`, () => {
  itFails('$name → exit 10', RULE, factory, cases);
});

describe(`${RULE}: an unregistered validator at doctor is reported exactly once`, () => {
  /** The findings about the sample rule: whoever reports them, one and only one. */
  const aboutSample = (findings: readonly JsonFinding[]): JsonFinding[] => findings.filter((f) => f.subject === IDENTITY);

  it('a full doctor run: the runner reports it (category doctrine, subject the identity), the audit does not repeat it', async () => {
    const repo = freshRepo();
    addRule(repo, { validator: 'ai_layuot', gates: ['doctor'] });
    const run = await gateInProcess(repo, 'doctor');
    const { code, findings } = run;
    const reported = aboutSample(findings);
    expect(reported.map(findingKey)).toEqual([findingKey(broken(IDENTITY))]);
    expect(reported[0]).toMatchObject({ rule: 'project.sample', file: SAMPLE });
    expect(reported[0]!.message).toContain('ai_layout');
    expect(code).toBe(10);
    expectSameFromCli(repo, 'doctor', {}, run);
  });

  it('doctor --rule of the audit alone (its reproduce command) still reports it', async () => {
    const repo = freshRepo();
    addRule(repo, { validator: 'ai_layuot', gates: ['doctor'] });
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expectFailing(findings, [broken(IDENTITY, { file: SAMPLE, mentions: ['ai_layout'] })]);
    expect(code).toBe(10);
  });

  it('a broken sibling rule file does not silence it: the runner reports it once, and the file is refused alone', async () => {
    const repo = freshRepo();
    addRule(repo, { validator: 'ai_layuot', gates: ['doctor'] });
    repo.write(`${PROJECT}/broken.v1.md`, '# no front matter\n');
    const { code, findings } = await gateInProcess(repo, 'doctor');
    const reported = aboutSample(findings);
    expect(reported.map(findingKey)).toEqual([findingKey(broken(IDENTITY))]);
    expect(reported[0]).toMatchObject({ rule: 'project.sample', file: SAMPLE });
    expect(failing(findings)).toContainEqual(
      expect.objectContaining({ category: 'rules', subject: `${PROJECT}/broken.v1.md`, rule: 'majordomus.rule-package-integrity' }),
    );
    expect(code).toBe(10);
  });
});

// ---- tests of a vendored rule this distribution does not ship -------------------------------------

/** A vendored rule file (a principle plus `x-majordomus` lines) added to `vendorDir`'s package, listed with its hash. */
function vendorRule(repo: TempRepo, vendorDir: string, id: string, xMajordomus: readonly string[]): string {
  const file = `rules/${id.split('.').at(-1)}.v1.md`;
  const text = ruleText([...ruleFront(id), ...xMajordomus]);
  repo.write(`${vendorDir}/${file}`, text);
  const sha256 = createHash('sha256').update(text).digest('hex');
  const manifest = `${vendorDir}/manifest.yaml`;
  const listed = repo.exists(manifest)
    ? repo.read(manifest)
    : `vendor: ${vendorDir.split('/').at(-1)}\npackage: acme-rules\nversion: 1\nformat: ai-rules/v1\nsource_revision: 2.0.0\nrules:\n`;
  repo.write(manifest, `${listed.replace(/\n?$/, '\n')}  - id: ${id}\n    version: 1\n    file: ${file}\n    sha256: ${sha256}\n`);
  return `${vendorDir}/${file}`;
}

const ENFORCED_ELSEWHERE = [
  'x-majordomus:',
  '  validator: ai_layout',
  '  category: layout',
  '  enforced_by: [watch]',
  '  exit_code: 10',
  '  tests: [test/cases/extra.sh, test/cases/more.sh]',
];

describe(`${RULE}: tests declared by a vendored package this distribution did not ship`, () => {
  const notes = (findings: readonly JsonFinding[], identity: string): JsonFinding[] =>
    findings.filter((f) => f.subject === identity && f.message.includes('not verifiable here'));

  it('a fresh init notes nothing: every vendored rule is the one shipped, its tests checked in the distribution', async () => {
    const { code, findings } = await gateInProcess(freshRepo(), 'doctor', { rule: RULE });
    expect(code).toBe(0);
    expect(findings.filter((f) => f.message.includes('not verifiable here'))).toEqual([]);
  });

  it('a rule under vendor/majordomus that this distribution does not ship: each test INFO naming the package, exit 0', async () => {
    const repo = freshRepo();
    const file = vendorRule(repo, VENDOR, 'majordomus.extra', ENFORCED_ELSEWHERE);
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    const noted = notes(findings, 'majordomus.extra@1');
    expect(noted.map((f) => [f.level, f.category, f.file, f.line])).toEqual([
      ['INFO', 'doctrine', file, 15],
      ['INFO', 'doctrine', file, 15],
    ]);
    expect(noted.every((f) => f.message.includes('majordomus-standard-rules'))).toBe(true);
    expect(noted.map((f) => f.message.includes('test/cases/extra.sh') || f.message.includes('test/cases/more.sh'))).toEqual([true, true]);
  });

  it('another vendor: its tests noted the same way, naming its package', async () => {
    const repo = freshRepo();
    vendorRule(repo, '.ai/repo/rules/vendor/acme', 'acme.extra', ENFORCED_ELSEWHERE);
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(code).toBe(0);
    const noted = notes(findings, 'acme.extra@1');
    expect(noted).toHaveLength(2);
    expect(noted.every((f) => f.level === 'INFO' && f.message.includes('acme-rules'))).toBe(true);
  });
});

// ---- an x-majordomus block without a validator ----------------------------------------------------

describe(`${RULE}: an x-majordomus block without a validator declares a rule that is not enforced`, () => {
  const DECLARED = `${PROJECT}/declared.v1.md`;
  const declared = (lines: readonly string[]): string => ruleText([...ruleFront('project.declared'), 'x-majordomus:', ...lines]);

  it('tests and claims: it loads, runs at no gate, and its tests are checked (present: exit 0)', async () => {
    const repo = freshRepo();
    repo.write(DECLARED, declared(['  tests: [test/declared.sh]', '  claims: [declared-claim]']));
    repo.write('test/declared.sh', '# proves project.declared\n');
    const { code, findings } = await gateInProcess(repo, 'doctor');
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    // it never runs: no finding is stamped with its id
    expect(findings.filter((f) => f.rule === 'project.declared')).toEqual([]);
    const listed = repo.run(['rules', 'list', '--json']);
    expect(listed.code).toBe(0);
    const row = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; gates: string[]; validator: string | null })
      .find((r) => r.id === 'project.declared');
    expect(row).toMatchObject({ gates: [], validator: null });
    expect(repo.run(['rules', 'show', 'project.declared']).stdout).toMatch(
      /^validator: +none; x-majordomus declares tests and claims only/m,
    );
  });

  it('a declared test that does not exist is a FAIL at the line that names it, exit 10', async () => {
    const repo = freshRepo();
    repo.write(DECLARED, declared(['  tests: [test/declared.sh]']));
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expectFailing(findings, [broken('project.declared@1', { file: DECLARED, line: 11, mentions: ['test/declared.sh'] })]);
    expect(code).toBe(10);
  });

  it('reviewed_because alone loads', async () => {
    const repo = freshRepo();
    repo.write(DECLARED, declared(['  reviewed_because: decided in review; no check can tell']));
    const { code, findings } = await gateInProcess(repo, 'doctor');
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
  });
});

describeUpstream(`${RULE}: the upstream project rules, whose blocks name no validator`, () => {
  const SOURCE = join(UPSTREAM, '.ai/repo/rules/project');
  const DECLARING = ['english-only.v1.md', 'english-only.v2.md', 'finding-carries-reproduce.v1.md', 'never-store-transcripts.v1.md'];

  it("they load and are listed as not enforced; their tests are this repository's to write", async () => {
    const repo = freshRepo();
    for (const name of readdirSync(SOURCE)) copyFileSync(join(SOURCE, name), repo.path(`${PROJECT}/${name}`));
    const { code, findings } = await gateInProcess(repo, 'doctor');
    expect(code).toBe(10);
    // no refusal of theirs is about x-majordomus
    expect(failing(findings).filter((f) => f.category === 'rules' && f.message.includes('x-majordomus'))).toEqual([]);
    const rows = repo
      .run(['rules', 'list', '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; gates: string[]; validator: string | null });
    for (const name of DECLARING) {
      expect(
        rows.find((row) => row.file === `${PROJECT}/${name}`),
        name,
      ).toMatchObject({ gates: [], validator: null });
    }
    const missingTests = failing(findings).filter((f) => f.category === 'doctrine' && f.message.includes('names the test'));
    expect(new Set(missingTests.map((f) => f.file))).toEqual(new Set(DECLARING.map((name) => `${PROJECT}/${name}`)));
  });
});
