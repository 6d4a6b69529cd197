/**
 * rule_package (majordomus.rule-package-integrity): the vendored package agrees with its manifest file
 * for file, and every rule loads; what is refused is named, and refuses only itself and its dependents.
 * Every case starts from a freshly initialised temporary git repository and runs the gate as a user
 * would, in process (helpers/gate.ts); executable front matter is refused by the built CLI itself, whose
 * process would be the one to run it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { RepositoryGateName } from '../../engine/generated/gates';
import type { FindingCase } from '../helpers/cases';
import { itFails, itPasses } from '../helpers/cases';
import type { ExpectedFinding } from '../helpers/findings';
import { expectFailing } from '../helpers/findings';
import { expectSameFromCli, gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import {
  enforcement,
  manifestEntry,
  PROJECT,
  RULE_SECTIONS,
  RULES_DIR,
  ruleBody,
  ruleFront,
  SAMPLE,
  VENDOR,
  VENDOR_MANIFEST,
  writeRule,
  writeSampleTest,
} from '../helpers/rules';

const RULE = 'majordomus.rule-package-integrity';

const factory = repoFactory();
afterAll(() => factory.disposeAll());

function freshRepo(): TempRepo {
  return factory.create().init();
}

// ---- a valid project rule, and the edits that break it ------------------------------------------

/** Replace the line of `key` (a top-level or two-space indented key) with `line`, or drop it. */
function setKey(lines: readonly string[], key: string, line: string | null): string[] {
  const index = lines.findIndex((l) => l.startsWith(`${key}:`));
  if (index === -1) throw new Error(`fixture has no key ${key}`);
  return line === null ? lines.filter((_, i) => i !== index) : lines.map((l, i) => (i === index ? line : l));
}

/** A project rule with `depends_on` added after `class` (on file line 10). */
function dependent(id: string, dependsOn: readonly string[]): string[] {
  return [...ruleFront(id), `depends_on: [${dependsOn.join(', ')}]`];
}

/** Rewrite a vendored file's manifest entry field (`id`, `file`, ...) for the entry listing `file`. */
function editManifestEntry(repo: TempRepo, file: string, field: string, value: string): void {
  const { lines, start, end } = manifestEntry(repo, file);
  for (let i = start; i <= end; i++) {
    lines[i] = lines[i]!.replace(new RegExp(`^(  - |    )${field}: .*$`), `$1${field}: ${value}`);
  }
  repo.write(VENDOR_MANIFEST, lines.join('\n'));
}

// ---- assertions ----------------------------------------------------------------------------------

const fail = (subject: string, extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: 'rules',
  subject,
  ...extra,
});

/** A project rule file refused at `line` (undefined: the line is not asserted); nothing else fails. */
const refusedFile = (file: string, line?: number): ExpectedFinding[] => [fail(file, { file, line })];

// ---- cases ---------------------------------------------------------------------------------------

describe(`${RULE}: clean`, () => {
  const clean: { name: string; mutate: (repo: TempRepo) => void }[] = [
    { name: 'a fresh init', mutate: () => {} },
    { name: 'a valid project rule', mutate: (repo) => writeRule(repo, SAMPLE, ruleFront()) },
    {
      name: 'a valid enforced project rule',
      mutate: (repo) => {
        writeRule(repo, SAMPLE, [...ruleFront(), ...enforcement()]);
        writeSampleTest(repo);
      },
    },
    {
      name: 'project rules depending on each other and on the baseline',
      mutate: (repo) => {
        writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.b@1', 'majordomus.define-done-first@1']));
        writeRule(repo, `${PROJECT}/b.v1.md`, ruleFront('project.b'));
      },
    },
    {
      name: 'a deprecated project rule nothing depends on',
      mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'status', 'status: deprecated')),
    },
  ];

  itPasses(RULE, factory, clean, { category: 'rules', subject: RULES_DIR });
});

const packageCases: FindingCase[] = [
  {
    name: 'a vendored rule file edited by hand (hash mismatch)',
    mutate: (repo) => {
      const file = `${VENDOR}/rules/retention-caps.v1.md`;
      repo.write(file, `${repo.read(file)}\nA local addition.\n`);
    },
    expected: [fail(`${VENDOR}/rules/retention-caps.v1.md`, { file: `${VENDOR}/rules/retention-caps.v1.md` })],
  },
  {
    name: 'a listed rule file deleted',
    mutate: (repo) => repo.remove(`${VENDOR}/rules/retention-caps.v1.md`),
    expected: [fail(`${VENDOR}/rules/retention-caps.v1.md`, { file: VENDOR_MANIFEST })],
  },
  {
    name: 'an unlisted rule file dropped into the vendored rules/',
    mutate: (repo) => writeRule(repo, `${VENDOR}/rules/smuggled.v1.md`, ruleFront('majordomus.smuggled')),
    expected: [fail(`${VENDOR}/rules/smuggled.v1.md`, { file: `${VENDOR}/rules/smuggled.v1.md` })],
  },
  {
    name: 'an unlisted copy of a listed rule (not loaded, so no duplicate identity)',
    mutate: (repo) => repo.write(`${VENDOR}/rules/copy.v1.md`, repo.read(`${VENDOR}/rules/retention-caps.v1.md`)),
    expected: [fail(`${VENDOR}/rules/copy.v1.md`, { file: `${VENDOR}/rules/copy.v1.md` })],
  },
  {
    name: 'the vendored manifest.yaml deleted',
    mutate: (repo) => repo.remove(VENDOR_MANIFEST),
    expected: [fail(VENDOR_MANIFEST, { file: VENDOR_MANIFEST })],
  },
  {
    name: 'the manifest format changed to ai-rules/v2',
    mutate: (repo) => repo.write(VENDOR_MANIFEST, repo.read(VENDOR_MANIFEST).replace(/^format: ai-rules\/v1$/m, 'format: ai-rules/v2')),
    expected: [fail(VENDOR_MANIFEST, { file: VENDOR_MANIFEST, line: 7 })],
  },
  {
    name: 'a manifest entry whose id disagrees with the file (its hash still matches)',
    mutate: (repo) => editManifestEntry(repo, 'rules/retention-caps.v1.md', 'id', 'majordomus.retention-limits'),
    expected: [
      fail(`${VENDOR}/rules/retention-caps.v1.md`, {
        file: `${VENDOR}/rules/retention-caps.v1.md`,
        mentions: ['majordomus.retention-caps@1', 'majordomus.retention-limits@1'],
      }),
    ],
  },
  {
    name: 'a manifest entry whose version disagrees with the file',
    mutate: (repo) => editManifestEntry(repo, 'rules/retention-caps.v1.md', 'version', '2'),
    expected: [
      fail(`${VENDOR}/rules/retention-caps.v1.md`, {
        file: `${VENDOR}/rules/retention-caps.v1.md`,
        mentions: ['majordomus.retention-caps@1', 'majordomus.retention-caps@2'],
      }),
    ],
  },
];

describe(`${RULE}: the vendored package`, () => {
  itFails('$name → exit 10', RULE, factory, packageCases);

  it('under watch, a hand edit is DRIFT and watch exits 11; the built CLI prints exactly that', async () => {
    const repo = freshRepo();
    const file = `${VENDOR}/rules/retention-caps.v1.md`;
    repo.write(file, `${repo.read(file)}\nA local addition.\n`);
    const run = await gateInProcess(repo, 'watch', { rule: RULE });
    expectFailing(run.findings, [{ level: 'DRIFT', category: 'rules', subject: file, file }]);
    expect(run.code).toBe(11);
    expectSameFromCli(repo, 'watch', { rule: RULE }, run);
  });
});

/** The x-majordomus block without one key. */
const enforcementWithout = (name: string): string[] => [...ruleFront(), ...setKey(enforcement(), `  ${name}`, null)];

const refusalCases: FindingCase[] = [
  {
    name: 'no front matter',
    mutate: (repo) => repo.write(SAMPLE, ruleBody()),
    expected: refusedFile(SAMPLE, 1),
  },
  {
    name: 'a tab in the front matter',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'title', 'title:\tSample')),
    expected: refusedFile(SAMPLE, 5),
  },
  {
    name: 'an anchor',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'title', 'title: &name Sample')),
    expected: refusedFile(SAMPLE, 5),
  },
  {
    name: 'a flow mapping',
    mutate: (repo) => writeRule(repo, SAMPLE, [...ruleFront(), 'tags: {a: b}']),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'a block scalar',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'statement', 'statement: |\n  Samples are sampled.')),
    expected: refusedFile(SAMPLE, 7),
  },
  {
    name: 'a duplicate key (reported at the second one)',
    mutate: (repo) => writeRule(repo, SAMPLE, [...ruleFront(), 'title: Again']),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'a missing required key (statement)',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'statement', null)),
    expected: refusedFile(SAMPLE),
  },
  {
    name: 'an unknown top-level key',
    mutate: (repo) => writeRule(repo, SAMPLE, [...ruleFront(), 'owner: someone']),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'an unknown key inside x-majordomus',
    mutate: (repo) => writeRule(repo, SAMPLE, [...ruleFront(), ...enforcement(), '  severity: high']),
    expected: refusedFile(SAMPLE, 16),
  },
  {
    name: 'kind: rules',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'kind', 'kind: rules')),
    expected: refusedFile(SAMPLE, 4),
  },
  {
    name: 'version "1" (a string)',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'version', 'version: "1"')),
    expected: refusedFile(SAMPLE, 3),
  },
  {
    name: 'version 1.5',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'version', 'version: 1.5')),
    expected: refusedFile(SAMPLE, 3),
  },
  {
    name: 'status: retired',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'status', 'status: retired')),
    expected: refusedFile(SAMPLE, 8),
  },
  {
    name: 'class: critical',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'class', 'class: critical')),
    expected: refusedFile(SAMPLE, 9),
  },
  {
    name: 'id Not A Dotted Id',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'id', 'id: Not A Dotted Id')),
    expected: refusedFile(SAMPLE, 2),
  },
  {
    name: 'id a..b',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(ruleFront(), 'id', 'id: a..b')),
    expected: refusedFile(SAMPLE, 2),
  },
  {
    name: 'a depends_on entry without @version',
    mutate: (repo) => writeRule(repo, SAMPLE, dependent('project.sample', ['majordomus.define-done-first'])),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'an x-majordomus block with category, exit_code and enforced_by but no validator',
    mutate: (repo) => {
      writeRule(repo, SAMPLE, enforcementWithout('validator'));
      writeSampleTest(repo);
    },
    // each key only an enforced rule has, named on the block's line
    expected: [
      fail(SAMPLE, { file: SAMPLE, line: 10, mentions: ['x-majordomus.category'] }),
      fail(SAMPLE, { file: SAMPLE, line: 10, mentions: ['x-majordomus.enforced_by'] }),
      fail(SAMPLE, { file: SAMPLE, line: 10, mentions: ['x-majordomus.exit_code'] }),
    ],
  },
  ...['category', 'exit_code', 'enforced_by', 'tests'].map(
    (name): FindingCase => ({
      name: `an x-majordomus block without ${name}`,
      mutate: (repo) => {
        writeRule(repo, SAMPLE, enforcementWithout(name));
        writeSampleTest(repo);
      },
      expected: refusedFile(SAMPLE, 10),
    }),
  ),
  {
    name: 'a project rule in the reserved majordomus. namespace',
    mutate: (repo) => writeRule(repo, SAMPLE, ruleFront('majordomus.something')),
    expected: refusedFile(SAMPLE, 2),
  },
  {
    name: 'a body without # Verification',
    mutate: (repo) => writeRule(repo, SAMPLE, ruleFront(), ruleBody(RULE_SECTIONS.slice(0, 3))),
    expected: refusedFile(SAMPLE),
  },
  {
    name: 'a # Verification heading with nothing under it',
    mutate: (repo) => writeRule(repo, SAMPLE, ruleFront(), `${ruleBody(RULE_SECTIONS.slice(0, 3))}\n# Verification\n`),
    expected: refusedFile(SAMPLE),
  },
  {
    name: 'two files declaring the same id@version (both named)',
    mutate: (repo) => {
      writeRule(repo, `${PROJECT}/a.v1.md`, ruleFront('project.same'));
      writeRule(repo, `${PROJECT}/b.v1.md`, ruleFront('project.same'));
    },
    // neither is the rule the identity means: both are refused, each named at its own file
    expected: [
      fail('project.same@1', { file: `${PROJECT}/a.v1.md`, line: 2, mentions: [`${PROJECT}/a.v1.md`, `${PROJECT}/b.v1.md`] }),
      fail('project.same@1', { file: `${PROJECT}/b.v1.md`, line: 2, mentions: [`${PROJECT}/a.v1.md`, `${PROJECT}/b.v1.md`] }),
    ],
  },
  {
    name: 'a dependency on a rule that does not exist',
    mutate: (repo) => writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.ghost@1'])),
    expected: [fail('project.a@1', { file: `${PROJECT}/a.v1.md`, line: 10, mentions: ['project.ghost@1'] })],
  },
  {
    name: 'a dependency on a deprecated rule',
    mutate: (repo) => {
      writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.old@1']));
      writeRule(repo, `${PROJECT}/old.v1.md`, setKey(ruleFront('project.old'), 'status', 'status: deprecated'));
    },
    expected: [fail('project.a@1', { file: `${PROJECT}/a.v1.md`, line: 10, mentions: ['project.old@1'] })],
  },
  {
    name: 'a cycle of three project rules (all three named in one finding)',
    mutate: (repo) => {
      writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.b@1']));
      writeRule(repo, `${PROJECT}/b.v1.md`, dependent('project.b', ['project.c@1']));
      writeRule(repo, `${PROJECT}/c.v1.md`, dependent('project.c', ['project.a@1']));
    },
    expected: [fail('project.a@1', { file: `${PROJECT}/a.v1.md`, mentions: ['project.a@1', 'project.b@1', 'project.c@1'] })],
  },
];

describe(`${RULE}: a refused rule set`, () => {
  itFails('$name → FAIL naming it, exit 10', RULE, factory, refusalCases);

  it('executable front matter (---js) is refused, never evaluated: exit 10, no marker, file unchanged', () => {
    const repo = freshRepo();
    const marker = repo.path('MARKER');
    const payload = `(function () { require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); return { id: 'project.sample' }; })()`;
    const text = `---js\n${payload}\n---\n\n${ruleBody()}`;
    repo.write(SAMPLE, text);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expectFailing(findings, refusedFile(SAMPLE, 1));
    expect(code).toBe(10);
    // the full doctor parses every rule file too
    expect(repo.gate(['doctor']).code).toBe(10);
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(repo.path(SAMPLE), 'utf8')).toBe(text);
  });

  // a refusal is a failure at every gate: the load audit runs there and reports FAIL, never DRIFT
  const atGates: { gate: RepositoryGateName; refusal: FindingCase }[] = [
    { gate: 'check', refusal: refusalCases.find((c) => c.name === 'no front matter')! },
    { gate: 'watch', refusal: refusalCases.find((c) => c.name === 'no front matter')! },
    { gate: 'check', refusal: refusalCases.find((c) => c.name.startsWith('a cycle'))! },
    { gate: 'watch', refusal: refusalCases.find((c) => c.name.startsWith('a cycle'))! },
  ];
  it.each(atGates)('$gate with $refusal.name → FAIL, exit 10', async ({ gate, refusal }) => {
    const repo = freshRepo();
    refusal.mutate(repo);
    const { code, findings } = await gateInProcess(repo, gate);
    expectFailing(
      findings.filter((f) => f.rule === RULE),
      refusal.expected,
    );
    expect(findings.some((f) => f.level === 'DRIFT')).toBe(false);
    // the rest of the set still runs (the baseline enforces nothing at check)
    if (gate === 'watch') expect(findings).toContainEqual(expect.objectContaining({ level: 'OK', rule: 'majordomus.ai-layout-integrity' }));
    expect(code).toBe(10);
  });
});
