/**
 * document_schema (generic): a project rule names the validator with `paths` and a `schema` the
 * repository ships. Every case starts from `majordomus init` in a fresh git repository, writes the rule,
 * the schema and the documents, stages them, and runs `doctor --rule project.sample` in process
 * (helpers/gate.ts; the many-errors and advisory cases run the built CLI too, which must print exactly
 * the same).
 * Each schema error must carry the document and the line of the offending key, in a YAML file and in a
 * Markdown front matter; a schema that is missing, not JSON or does not compile is one finding naming it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExpectedFinding } from '../helpers/findings';
import { expectFailing } from '../helpers/findings';
import type { GateRun } from '../helpers/gate';
import { expectSameFromCli, gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';
import { enforcement, ruleFront, ruleText, SAMPLE, writeSampleTest } from '../helpers/rules';

const RULE = 'project.sample';
const IDENTITY = 'project.sample@1';
const CATEGORY = 'config';
const SCHEMA_FILE = 'schemas/config.schema.json';
/** The file line of the first line under `options:` (see `enforcement` in helpers/rules). */
const FIRST_OPTION_LINE = 17;

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'server'],
  properties: {
    name: { type: 'string' },
    mode: { enum: ['development', 'production'] },
    server: {
      type: 'object',
      additionalProperties: false,
      required: ['host'],
      properties: { host: { type: 'string' }, port: { type: 'integer', minimum: 1 } },
    },
    tags: { type: 'array', items: { type: 'string' } },
    extra: { type: 'object' },
  },
};

const VALID_YAML = 'name: app\nmode: production\nserver:\n  host: localhost\n  port: 8080\ntags: [a, b]\n';
const VALID_MD = '---\nname: service\nserver:\n  host: example.org\n---\n\n# Service\n';

const factory = repoFactory();
afterAll(() => factory.disposeAll());

interface Scenario {
  readonly name: string;
  /** YAML lines under `x-majordomus.options`; by default paths [config/] and the schema file. */
  readonly options?: readonly string[];
  /** The schema file's text (the default schema when absent); null leaves the file out. */
  readonly schema?: string | null;
  /** Documents written and staged. */
  readonly tracked?: Readonly<Record<string, string>>;
  readonly advisory?: boolean;
}

const DEFAULT_OPTIONS = ['paths: [config/]', `schema: ${SCHEMA_FILE}`];

function rule(options: readonly string[], advisory = false): string {
  const front = ruleFront().map((line) => (advisory && line === 'class: blocking' ? 'class: advisory' : line));
  return ruleText([
    ...front,
    ...enforcement({ validator: 'document_schema', category: CATEGORY, gates: ['doctor'] }),
    '  options:',
    ...options.map((o) => `    ${o}`),
  ]);
}

async function doctor({
  options = DEFAULT_OPTIONS,
  schema = JSON.stringify(SCHEMA, null, 2),
  tracked = {},
  advisory,
}: Scenario): Promise<GateRun & { repo: TempRepo }> {
  const repo = factory.create().init();
  repo.write(SAMPLE, rule(options, advisory));
  writeSampleTest(repo);
  if (schema !== null) repo.write(SCHEMA_FILE, schema);
  for (const [file, text] of Object.entries(tracked)) repo.write(file, text);
  repo.git(['add', '-A']);
  return { ...(await gateInProcess(repo, 'doctor', { rule: RULE })), repo };
}

/** The 1-based line of the one line of `text` containing `needle`. */
function at(text: string, needle: string): number {
  const hits = text.split('\n').flatMap((line, index) => (line.includes(needle) ? [index + 1] : []));
  if (hits.length !== 1) throw new Error(`${JSON.stringify(needle)} is on ${hits.length} lines`);
  return hits[0]!;
}

const fail = (subject: string, extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: CATEGORY,
  subject,
  ...extra,
});
const broken = (extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: 'doctrine',
  subject: IDENTITY,
  file: SAMPLE,
  ...extra,
});

describe('document_schema: clean', () => {
  const cases: readonly Scenario[] = [
    {
      name: 'a valid YAML file and a valid Markdown front matter',
      tracked: { 'config/app.yaml': VALID_YAML, 'config/service.md': VALID_MD },
    },
    {
      name: 'a .yml file, and invalid documents outside the pathspecs',
      tracked: { 'config/app.yml': VALID_YAML, 'other/app.yaml': 'nonsense: true\n', 'README.md': '# no front matter\n' },
    },
    { name: 'no document matched yet', tracked: { 'README.md': '# x\n' } },
  ];

  it.each(cases)('$name → exit 0, one OK', async (scenario) => {
    const { code, findings } = await doctor(scenario);
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings).toEqual([expect.objectContaining({ level: 'OK', category: CATEGORY, subject: IDENTITY, rule: RULE })]);
  });

  it('a matched file that is neither YAML nor Markdown is not checked (INFO), and the rest pass', async () => {
    const { code, findings } = await doctor({ name: 'json', tracked: { 'config/app.yaml': VALID_YAML, 'config/app.json': '{}\n' } });
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings.map(({ level, subject, file }) => ({ level, subject, file }))).toEqual([
      { level: 'INFO', subject: 'config/app.json', file: 'config/app.json' },
      { level: 'OK', subject: IDENTITY, file: null },
    ]);
  });
});

describe('document_schema: options the schema refuses', () => {
  const cases: readonly { name: string; options: readonly string[]; option: string; names?: string }[] = [
    { name: 'an unknown option', options: [...DEFAULT_OPTIONS, 'strict: true'], option: 'options', names: 'strict' },
    { name: 'schema given as a number', options: ['paths: [config/]', 'schema: 5'], option: 'options.schema' },
    { name: 'schema missing', options: ['paths: [config/]'], option: 'options', names: 'schema' },
    { name: 'paths missing', options: [`schema: ${SCHEMA_FILE}`], option: 'options', names: 'paths' },
    { name: 'paths empty', options: ['paths: []', `schema: ${SCHEMA_FILE}`], option: 'options.paths' },
  ];

  it.each(cases)('$name → exit 10, FAIL doctrine naming $option', async ({ options, option, names }) => {
    const { code, findings } = await doctor({ name: '', options, tracked: { 'config/app.yaml': VALID_YAML } });
    expectFailing(findings, [broken({ mentions: [`\`${option}\``, ...(names ? [names] : [])] })]);
    expect(code).toBe(10);
  });
});

describe('document_schema: violations', () => {
  const unknownKey = 'name: app\nserver:\n  host: localhost\n  prot: 80\ncolour: red\n';
  const nestedType = 'name: app\nserver:\n  host: localhost\n  port: "8080"\ntags:\n  - a\n  - 7\nmode: staging\n';
  const missing = 'name: app\nserver:\n  port: 80\n';
  const missingAtRoot = '# comment\nmode: production\n';
  const frontMatter = '---\ntitle: Service\nname: service\nserver:\n  host: example.org\n  port: 0\n---\n\n# Service\n';
  const frontMissing = '---\nname: service\n---\n\n# Service\n';
  const tab = 'name: app\nserver:\n\thost: x\n';
  const many = `name: app\nserver:\n  host: x\n${Array.from({ length: 60 }, (_, i) => `k${i}: ${i}`).join('\n')}\n`;

  const cases: readonly (Scenario & { readonly expected: readonly ExpectedFinding[] })[] = [
    {
      name: 'unknown keys in YAML: each on its own line, nested and at the root',
      tracked: { 'config/app.yaml': unknownKey },
      expected: [
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(unknownKey, 'prot:'), mentions: ['server.prot'] }),
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(unknownKey, 'colour:'), mentions: ['colour'] }),
      ],
    },
    {
      name: 'wrong types and values in YAML: a nested key, a list item, an enum',
      tracked: { 'config/app.yaml': nestedType },
      expected: [
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(nestedType, 'port:'), mentions: ['server.port'] }),
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(nestedType, '- 7'), mentions: ['tags.1'] }),
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(nestedType, 'mode:'), mentions: ['mode'] }),
      ],
    },
    {
      name: 'a missing nested key: the line of its parent',
      tracked: { 'config/app.yaml': missing },
      expected: [fail('config/app.yaml', { file: 'config/app.yaml', line: at(missing, 'server:'), mentions: ['server.host'] })],
    },
    {
      name: 'a missing top-level key: the line the document starts on',
      tracked: { 'config/app.yaml': missingAtRoot },
      expected: [
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(missingAtRoot, 'mode:'), mentions: ['name'] }),
        fail('config/app.yaml', { file: 'config/app.yaml', line: at(missingAtRoot, 'mode:'), mentions: ['server'] }),
      ],
    },
    {
      name: 'Markdown front matter: an unknown key and a value below its minimum, at their file lines',
      tracked: { 'config/service.md': frontMatter, 'config/app.yaml': VALID_YAML },
      expected: [
        fail('config/service.md', { file: 'config/service.md', line: at(frontMatter, 'title:'), mentions: ['title'] }),
        fail('config/service.md', { file: 'config/service.md', line: at(frontMatter, 'port: 0'), mentions: ['server.port'] }),
      ],
    },
    {
      name: 'Markdown front matter missing a key: the line of the first key',
      tracked: { 'config/service.md': frontMissing },
      expected: [fail('config/service.md', { file: 'config/service.md', line: 2, mentions: ['server'] })],
    },
    {
      name: 'a YAML file that does not parse: its line',
      tracked: { 'config/app.yaml': tab },
      expected: [fail('config/app.yaml', { file: 'config/app.yaml', line: at(tab, '\thost') })],
    },
    {
      name: 'a Markdown file without front matter: line 1',
      tracked: { 'config/notes.md': '# Notes\n' },
      expected: [fail('config/notes.md', { file: 'config/notes.md', line: 1 })],
    },
    {
      name: 'a refused pathspec, while the usable one still runs',
      options: ['paths:', "  - '../config/'", '  - config/', `schema: ${SCHEMA_FILE}`],
      tracked: { 'config/app.yaml': unknownKey.replace('  prot: 80\n', '') },
      expected: [
        broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.paths.0'] }),
        fail('config/app.yaml', { file: 'config/app.yaml', line: 4, mentions: ['colour'] }),
      ],
    },
    {
      name: 'a schema path that leaves the repository',
      options: ['paths: [config/]', 'schema: ../schema.json'],
      tracked: { 'config/app.yaml': VALID_YAML },
      expected: [broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.schema'] })],
    },
    {
      name: 'an absolute schema path',
      options: ['paths: [config/]', 'schema: /etc/passwd'],
      tracked: { 'config/app.yaml': VALID_YAML },
      expected: [broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.schema'] })],
    },
    ...[
      { why: 'missing', schema: null },
      { why: 'not JSON', schema: '{ "type": "object", }\n' },
      { why: 'not an object', schema: '[1, 2]\n' },
      { why: 'a $ref to a remote schema', schema: JSON.stringify({ $ref: 'https://example.com/schema.json' }) },
      { why: 'an invalid schema (an unknown type)', schema: JSON.stringify({ type: 'objekt' }) },
      { why: 'draft-07', schema: JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }) },
    ].map(({ why, schema }) => ({
      name: `a schema file ${why}: one finding naming it, however many documents`,
      schema,
      tracked: { 'config/app.yaml': VALID_YAML, 'config/b.yaml': unknownKey },
      expected: [fail(SCHEMA_FILE, { file: SCHEMA_FILE })],
    })),
  ];

  it.each(cases)('$name → exit 10', async (scenario) => {
    const { code, findings } = await doctor(scenario);
    expectFailing(findings, scenario.expected);
    expect(code).toBe(10);
  });

  it('more than 50 errors in one file: 50 findings at their lines, then one counting the rest', async () => {
    const run = await doctor({ name: 'many', tracked: { 'config/app.yaml': many } });
    const { code, findings } = run;
    const bad = failing(findings);
    expect(code).toBe(10);
    expect(bad).toHaveLength(51);
    expect(bad.every((f) => f.subject === 'config/app.yaml' && f.category === CATEGORY && f.file === 'config/app.yaml')).toBe(true);
    expect(bad.slice(0, 50).map((f) => f.line)).toEqual(Array.from({ length: 50 }, (_, i) => at(many, `k${i}:`)));
    expect(bad[50]!.line).toBeNull();
    expect(bad[50]!.message).toContain('10');
    expectSameFromCli(run.repo, 'doctor', { rule: RULE }, run);
  });

  it('an advisory rule reports schema errors as WARN, with their lines, and exits 0', async () => {
    const run = await doctor({ name: 'advisory', tracked: { 'config/app.yaml': unknownKey }, advisory: true });
    const { code, findings } = run;
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings.filter((f) => f.level === 'WARN').map(({ category, subject, line }) => ({ category, subject, line }))).toEqual([
      { category: CATEGORY, subject: 'config/app.yaml', line: at(unknownKey, 'prot:') },
      { category: CATEGORY, subject: 'config/app.yaml', line: at(unknownKey, 'colour:') },
    ]);
    expectSameFromCli(run.repo, 'doctor', { rule: RULE }, run);
  });
});
