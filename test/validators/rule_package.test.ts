/**
 * rule_package (majordomus.rule-package-integrity): the vendored package agrees with its manifest file
 * for file, and the rule set loads whole. Every case starts from a freshly initialised temporary git
 * repository and runs the built CLI, as a user would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { failing, repoFactory } from '../helpers/repo';
import type { JsonFinding, TempRepo } from '../helpers/repo';

const RULE = 'majordomus.rule-package-integrity';
const RULES_DIR = '.ai/repo/rules';
const VENDOR = `${RULES_DIR}/vendor/majordomus`;
const MANIFEST = `${VENDOR}/manifest.yaml`;
const PROJECT = `${RULES_DIR}/project`;
const SAMPLE = `${PROJECT}/sample.v1.md`;

const factory = repoFactory();
afterAll(() => factory.disposeAll());

function freshRepo(): TempRepo {
  return factory.create().init();
}

// ---- a valid project rule, and the edits that break it ------------------------------------------

/** Front matter lines of a valid project rule; the line at index i sits on file line i + 2. */
function front(id = 'project.sample'): string[] {
  return [
    `id: ${id}`,
    'version: 1',
    'kind: rule',
    'title: Sample',
    'description: A sample project rule.',
    'statement: Samples are sampled.',
    'status: active',
    'class: blocking',
  ];
}

/** The x-majordomus block of a valid enforced project rule (it starts on file line 10 after front()). */
function enforcement(): string[] {
  return [
    'x-majordomus:',
    '  validator: ai_layout',
    '  category: layout',
    '  enforced_by: [watch]',
    '  exit_code: 10',
    '  tests: [test/sample.test.ts]',
  ];
}

const SECTIONS = ['Rationale', 'Required behaviour', 'Failure behaviour', 'Verification'];

function body(sections: readonly string[] = SECTIONS): string {
  return sections.map((section) => `# ${section}\n\nText for ${section.toLowerCase()}.\n`).join('\n');
}

function ruleText(lines: readonly string[], text = body()): string {
  return `---\n${lines.join('\n')}\n---\n\n${text}`;
}

/** Replace the line of `key` (a top-level or two-space indented key) with `line`, or drop it. */
function setKey(lines: readonly string[], key: string, line: string | null): string[] {
  const index = lines.findIndex((l) => l.startsWith(`${key}:`));
  if (index === -1) throw new Error(`fixture has no key ${key}`);
  return line === null ? lines.filter((_, i) => i !== index) : lines.map((l, i) => (i === index ? line : l));
}

function writeRule(repo: TempRepo, file: string, lines: readonly string[], text?: string): void {
  repo.write(file, ruleText(lines, text));
}

/** A project rule with `depends_on` added after `class` (on file line 10). */
function dependent(id: string, dependsOn: readonly string[]): string[] {
  return [...front(id), `depends_on: [${dependsOn.join(', ')}]`];
}

/** Rewrite a vendored file's manifest entry field (`id`, `file`, ...) for the entry listing `file`. */
function editManifestEntry(repo: TempRepo, file: string, field: string, value: string): void {
  const lines = repo.read(MANIFEST).split('\n');
  const fileLine = lines.findIndex((l) => l.trim() === `file: ${file}`);
  if (fileLine === -1) throw new Error(`manifest does not list ${file}`);
  let start = fileLine;
  while (!lines[start]!.startsWith('  - ')) start--;
  let end = fileLine;
  while (end + 1 < lines.length && lines[end + 1]!.startsWith('    ')) end++;
  for (let i = start; i <= end; i++) {
    lines[i] = lines[i]!.replace(new RegExp(`^(  - |    )${field}: .*$`), `$1${field}: ${value}`);
  }
  repo.write(MANIFEST, lines.join('\n'));
}

// ---- assertions ----------------------------------------------------------------------------------

interface Expected {
  readonly level: string;
  readonly category: string;
  readonly subject: string;
  readonly file?: string | null;
  readonly line?: number | null;
  /** Data (paths, identities) the message must name; never prose. */
  readonly mentions?: readonly string[];
}

interface Case {
  readonly name: string;
  readonly mutate: (repo: TempRepo) => void;
  readonly expected: readonly Expected[];
}

const key = (f: { level: string; category: string; subject: string }): string => `${f.level} ${f.category} ${f.subject}`;

/** The failing findings are exactly `expected` (as level, category, subject), each with its file, line and mentions. */
function expectFailing(findings: readonly JsonFinding[], expected: readonly Expected[]): void {
  const bad = failing(findings);
  expect(bad.map(key).sort()).toEqual(expected.map(key).sort());
  for (const want of expected) {
    const match = bad.find(
      (f) =>
        key(f) === key(want) &&
        (want.file === undefined || f.file === want.file) &&
        (want.line === undefined || f.line === want.line) &&
        (want.mentions ?? []).every((m) => f.message.includes(m)),
    );
    expect(match, `no finding ${key(want)} at ${want.file ?? '*'}:${want.line ?? '*'} naming ${(want.mentions ?? []).join(', ')}\n${JSON.stringify(bad, null, 1)}`).toBeDefined();
  }
}

const fail = (subject: string, extra: Omit<Expected, 'level' | 'category' | 'subject'> = {}): Expected => ({ level: 'FAIL', category: 'rules', subject, ...extra });

/** The summary a refused set always adds. */
const REFUSED = fail(RULES_DIR, { file: null });

/** A project rule file refused at `line` (undefined: the line is not asserted). */
const refusedFile = (file: string, line?: number): Expected[] => [fail(file, { file, line }), REFUSED];

// ---- cases ---------------------------------------------------------------------------------------

describe(`${RULE}: clean`, () => {
  const clean: { name: string; mutate: (repo: TempRepo) => void }[] = [
    { name: 'a fresh init', mutate: () => {} },
    { name: 'a valid project rule', mutate: (repo) => writeRule(repo, SAMPLE, front()) },
    {
      name: 'a valid enforced project rule',
      mutate: (repo) => {
        writeRule(repo, SAMPLE, [...front(), ...enforcement()]);
        repo.write('test/sample.test.ts', '// proves project.sample\n');
      },
    },
    {
      name: 'project rules depending on each other and on the baseline',
      mutate: (repo) => {
        writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.b@1', 'majordomus.define-done-first@1']));
        writeRule(repo, `${PROJECT}/b.v1.md`, front('project.b'));
      },
    },
    {
      name: 'a deprecated project rule nothing depends on',
      mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'status', 'status: deprecated')),
    },
  ];

  it.each(clean)('$name → exit 0, OK', ({ mutate }) => {
    const repo = freshRepo();
    mutate(repo);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings).toContainEqual(expect.objectContaining({ level: 'OK', category: 'rules', subject: RULES_DIR, rule: RULE }));
  });
});

const packageCases: Case[] = [
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
    expected: [fail(`${VENDOR}/rules/retention-caps.v1.md`, { file: MANIFEST })],
  },
  {
    name: 'an unlisted rule file dropped into the vendored rules/',
    mutate: (repo) => writeRule(repo, `${VENDOR}/rules/smuggled.v1.md`, front('majordomus.smuggled')),
    expected: [fail(`${VENDOR}/rules/smuggled.v1.md`, { file: `${VENDOR}/rules/smuggled.v1.md` })],
  },
  {
    name: 'an unlisted copy of a listed rule (not loaded, so no duplicate identity)',
    mutate: (repo) => repo.write(`${VENDOR}/rules/copy.v1.md`, repo.read(`${VENDOR}/rules/retention-caps.v1.md`)),
    expected: [fail(`${VENDOR}/rules/copy.v1.md`, { file: `${VENDOR}/rules/copy.v1.md` })],
  },
  {
    name: 'the vendored manifest.yaml deleted',
    mutate: (repo) => repo.remove(MANIFEST),
    expected: [fail(MANIFEST, { file: MANIFEST })],
  },
  {
    name: 'the manifest format changed to ai-rules/v2',
    mutate: (repo) => repo.write(MANIFEST, repo.read(MANIFEST).replace(/^format: ai-rules\/v1$/m, 'format: ai-rules/v2')),
    expected: [fail(MANIFEST, { file: MANIFEST, line: 7 })],
  },
  {
    name: 'a manifest entry whose id disagrees with the file (its hash still matches)',
    mutate: (repo) => editManifestEntry(repo, 'rules/retention-caps.v1.md', 'id', 'majordomus.retention-limits'),
    expected: [fail(`${VENDOR}/rules/retention-caps.v1.md`, { file: `${VENDOR}/rules/retention-caps.v1.md`, mentions: ['majordomus.retention-caps@1', 'majordomus.retention-limits@1'] })],
  },
  {
    name: 'a manifest entry whose version disagrees with the file',
    mutate: (repo) => editManifestEntry(repo, 'rules/retention-caps.v1.md', 'version', '2'),
    expected: [fail(`${VENDOR}/rules/retention-caps.v1.md`, { file: `${VENDOR}/rules/retention-caps.v1.md`, mentions: ['majordomus.retention-caps@1', 'majordomus.retention-caps@2'] })],
  },
];

describe(`${RULE}: the vendored package`, () => {
  it.each(packageCases)('$name → exit 10', ({ mutate, expected }) => {
    const repo = freshRepo();
    mutate(repo);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expectFailing(findings, expected);
    expect(code).toBe(10);
  });

  it('under watch, a hand edit is DRIFT and watch exits 11', () => {
    const repo = freshRepo();
    const file = `${VENDOR}/rules/retention-caps.v1.md`;
    repo.write(file, `${repo.read(file)}\nA local addition.\n`);
    const { code, findings } = repo.gate(['watch', '--rule', RULE]);
    expectFailing(findings, [{ level: 'DRIFT', category: 'rules', subject: file, file }]);
    expect(code).toBe(11);
  });
});

/** The x-majordomus block without one key. */
const enforcementWithout = (name: string): string[] => [...front(), ...setKey(enforcement(), `  ${name}`, null)];

const refusalCases: Case[] = [
  {
    name: 'no front matter',
    mutate: (repo) => repo.write(SAMPLE, body()),
    expected: refusedFile(SAMPLE, 1),
  },
  {
    name: 'a tab in the front matter',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'title', 'title:\tSample')),
    expected: refusedFile(SAMPLE, 5),
  },
  {
    name: 'an anchor',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'title', 'title: &name Sample')),
    expected: refusedFile(SAMPLE, 5),
  },
  {
    name: 'a flow mapping',
    mutate: (repo) => writeRule(repo, SAMPLE, [...front(), 'tags: {a: b}']),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'a block scalar',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'statement', 'statement: |\n  Samples are sampled.')),
    expected: refusedFile(SAMPLE, 7),
  },
  {
    name: 'a duplicate key (reported at the second one)',
    mutate: (repo) => writeRule(repo, SAMPLE, [...front(), 'title: Again']),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'a missing required key (statement)',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'statement', null)),
    expected: refusedFile(SAMPLE),
  },
  {
    name: 'an unknown top-level key',
    mutate: (repo) => writeRule(repo, SAMPLE, [...front(), 'owner: someone']),
    expected: refusedFile(SAMPLE, 10),
  },
  {
    name: 'an unknown key inside x-majordomus',
    mutate: (repo) => writeRule(repo, SAMPLE, [...front(), ...enforcement(), '  severity: high']),
    expected: refusedFile(SAMPLE, 16),
  },
  {
    name: 'kind: rules',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'kind', 'kind: rules')),
    expected: refusedFile(SAMPLE, 4),
  },
  {
    name: 'version "1" (a string)',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'version', 'version: "1"')),
    expected: refusedFile(SAMPLE, 3),
  },
  {
    name: 'version 1.5',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'version', 'version: 1.5')),
    expected: refusedFile(SAMPLE, 3),
  },
  {
    name: 'status: retired',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'status', 'status: retired')),
    expected: refusedFile(SAMPLE, 8),
  },
  {
    name: 'class: critical',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'class', 'class: critical')),
    expected: refusedFile(SAMPLE, 9),
  },
  {
    name: 'id Not A Dotted Id',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'id', 'id: Not A Dotted Id')),
    expected: refusedFile(SAMPLE, 2),
  },
  {
    name: 'id a..b',
    mutate: (repo) => writeRule(repo, SAMPLE, setKey(front(), 'id', 'id: a..b')),
    expected: refusedFile(SAMPLE, 2),
  },
  {
    name: 'a depends_on entry without @version',
    mutate: (repo) => writeRule(repo, SAMPLE, dependent('project.sample', ['majordomus.define-done-first'])),
    expected: refusedFile(SAMPLE, 10),
  },
  ...['validator', 'category', 'exit_code', 'enforced_by', 'tests'].map(
    (name): Case => ({
      name: `an x-majordomus block without ${name}`,
      mutate: (repo) => {
        writeRule(repo, SAMPLE, enforcementWithout(name));
        repo.write('test/sample.test.ts', '// proves project.sample\n');
      },
      expected: refusedFile(SAMPLE, 10),
    }),
  ),
  {
    name: 'a project rule in the reserved majordomus. namespace',
    mutate: (repo) => writeRule(repo, SAMPLE, front('majordomus.something')),
    expected: refusedFile(SAMPLE, 2),
  },
  {
    name: 'a body without # Verification',
    mutate: (repo) => writeRule(repo, SAMPLE, front(), body(SECTIONS.slice(0, 3))),
    expected: refusedFile(SAMPLE),
  },
  {
    name: 'a # Verification heading with nothing under it',
    mutate: (repo) => writeRule(repo, SAMPLE, front(), `${body(SECTIONS.slice(0, 3))}\n# Verification\n`),
    expected: refusedFile(SAMPLE),
  },
  {
    name: 'two files declaring the same id@version (both named)',
    mutate: (repo) => {
      writeRule(repo, `${PROJECT}/a.v1.md`, front('project.same'));
      writeRule(repo, `${PROJECT}/b.v1.md`, front('project.same'));
    },
    expected: [fail('project.same@1', { file: `${PROJECT}/b.v1.md`, line: 2, mentions: [`${PROJECT}/a.v1.md`, `${PROJECT}/b.v1.md`] }), REFUSED],
  },
  {
    name: 'a dependency on a rule that does not exist',
    mutate: (repo) => writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.ghost@1'])),
    expected: [fail('project.a@1', { file: `${PROJECT}/a.v1.md`, line: 10, mentions: ['project.ghost@1'] }), REFUSED],
  },
  {
    name: 'a dependency on a deprecated rule',
    mutate: (repo) => {
      writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.old@1']));
      writeRule(repo, `${PROJECT}/old.v1.md`, setKey(front('project.old'), 'status', 'status: deprecated'));
    },
    expected: [fail('project.a@1', { file: `${PROJECT}/a.v1.md`, line: 10, mentions: ['project.old@1'] }), REFUSED],
  },
  {
    name: 'a cycle of three project rules (all three named in one finding)',
    mutate: (repo) => {
      writeRule(repo, `${PROJECT}/a.v1.md`, dependent('project.a', ['project.b@1']));
      writeRule(repo, `${PROJECT}/b.v1.md`, dependent('project.b', ['project.c@1']));
      writeRule(repo, `${PROJECT}/c.v1.md`, dependent('project.c', ['project.a@1']));
    },
    expected: [fail('project.a@1', { file: `${PROJECT}/a.v1.md`, mentions: ['project.a@1', 'project.b@1', 'project.c@1'] }), REFUSED],
  },
];

describe(`${RULE}: a refused rule set`, () => {
  it.each(refusalCases)('$name → FAIL naming it, exit 10', ({ mutate, expected }) => {
    const repo = freshRepo();
    mutate(repo);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expectFailing(findings, expected);
    expect(code).toBe(10);
  });

  it('executable front matter (---js) is refused, never evaluated: exit 10, no marker, file unchanged', () => {
    const repo = freshRepo();
    const marker = repo.path('MARKER');
    const payload = `(function () { require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); return { id: 'project.sample' }; })()`;
    const text = `---js\n${payload}\n---\n\n${body()}`;
    repo.write(SAMPLE, text);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE]);
    expectFailing(findings, refusedFile(SAMPLE, 1));
    expect(code).toBe(10);
    // the full doctor parses every rule file too
    expect(repo.gate(['doctor']).code).toBe(10);
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(repo.path(SAMPLE), 'utf8')).toBe(text);
  });

  // a refused set is a failure at every gate: the audit rules run and report FAIL, never DRIFT
  const atGates = [
    { gate: 'check', refusal: refusalCases.find((c) => c.name === 'no front matter')! },
    { gate: 'watch', refusal: refusalCases.find((c) => c.name === 'no front matter')! },
    { gate: 'check', refusal: refusalCases.find((c) => c.name.startsWith('a cycle'))! },
    { gate: 'watch', refusal: refusalCases.find((c) => c.name.startsWith('a cycle'))! },
  ];
  it.each(atGates)('$gate with $refusal.name → FAIL, exit 10', ({ gate, refusal }) => {
    const repo = freshRepo();
    refusal.mutate(repo);
    const { code, findings } = repo.gate([gate]);
    expectFailing(
      findings.filter((f) => f.rule === RULE),
      refusal.expected,
    );
    expect(findings.some((f) => f.level === 'DRIFT')).toBe(false);
    expect(code).toBe(10);
  });
});
