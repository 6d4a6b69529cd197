/**
 * paths (generic): a project rule names the validator with `require` and `forbid` pathspecs. Every case
 * starts from `majordomus init` in a fresh git repository, writes the rule and the files, stages them
 * (the validator judges what git tracks), and runs `doctor --rule project.sample` in process
 * (helpers/gate.ts); the advisory case runs the built CLI too, which must print exactly the same.
 * Bad options are refused by the runner against the options schema; refused pathspecs, unmatched
 * `require` pathspecs and tracked files matching `forbid` are the validator's own violations.
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
const CATEGORY = 'docs';
/** The file line of the first line under `options:` (see `enforcement` in helpers/rules). */
const FIRST_OPTION_LINE = 17;

const factory = repoFactory();
afterAll(() => factory.disposeAll());

interface Scenario {
  readonly name: string;
  /** YAML lines under `x-majordomus.options`, the first on FIRST_OPTION_LINE. */
  readonly options: readonly string[];
  /** Files written and staged. */
  readonly tracked?: Readonly<Record<string, string>>;
  /** Files written but never added. */
  readonly untracked?: Readonly<Record<string, string>>;
  readonly advisory?: boolean;
  /** A change after staging (a deletion from the working tree or the index). */
  readonly after?: (repo: TempRepo) => void;
}

/** A project rule enforcing `paths` at doctor, with `options`. */
function rule(options: readonly string[], advisory = false): string {
  const front = ruleFront().map((line) => (advisory && line === 'class: blocking' ? 'class: advisory' : line));
  return ruleText([
    ...front,
    ...enforcement({ validator: 'paths', category: CATEGORY, gates: ['doctor'] }),
    '  options:',
    ...options.map((o) => `    ${o}`),
  ]);
}

async function doctor(scenario: Scenario): Promise<GateRun & { repo: TempRepo }> {
  const repo = factory.create().init();
  repo.write(SAMPLE, rule(scenario.options, scenario.advisory));
  writeSampleTest(repo);
  for (const [file, text] of Object.entries(scenario.tracked ?? {})) repo.write(file, text);
  repo.git(['add', '-A']);
  for (const [file, text] of Object.entries(scenario.untracked ?? {})) repo.write(file, text);
  scenario.after?.(repo);
  return { ...(await gateInProcess(repo, 'doctor', { rule: RULE })), repo };
}

const fail = (subject: string, extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: CATEGORY,
  subject,
  ...extra,
});
/** A finding about the rule itself: its identity, its file, and (for a refused pathspec) the option's line. */
const broken = (extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: 'doctrine',
  subject: IDENTITY,
  file: SAMPLE,
  ...extra,
});

describe('paths: clean', () => {
  const cases: readonly Scenario[] = [
    {
      name: 'a required README and no forbidden file',
      options: ['require: [README.md]', "forbid: ['**/.env']"],
      tracked: { 'README.md': '# x\n', '.env.example': 'A=1\n' },
    },
    {
      name: 'a trailing / names a directory and everything beneath it',
      options: ['require: [docs/]'],
      tracked: { 'docs/guide/intro.md': '# intro\n' },
    },
    {
      name: '* stays inside one segment: *.log forbids a root log only',
      options: ["forbid: ['*.log']"],
      tracked: { 'logs/build.log': 'x\n' },
    },
    {
      name: 'a dot file is matched by * and ** like any other',
      options: ["require: ['.github/**/*.yml', '*.json']"],
      tracked: { '.github/workflows/ci.yml': 'on: push\n', '.eslintrc.json': '{}\n' },
    },
    { name: 'a forbidden file that exists but is not tracked', options: ["forbid: ['**/.env']"], untracked: { '.env': 'A=1\n' } },
  ];

  it.each(cases)('$name → exit 0, one OK', async (scenario) => {
    const { code, findings } = await doctor(scenario);
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings).toEqual([expect.objectContaining({ level: 'OK', category: CATEGORY, subject: IDENTITY, rule: RULE })]);
  });
});

describe('paths: options the schema refuses', () => {
  const cases: readonly (Scenario & { readonly option: string; readonly names?: string })[] = [
    { name: 'an unknown option', options: ['require: [README.md]', 'requires: [docs/]'], option: 'options', names: 'requires' },
    { name: 'a list given as a string', options: ['require: README.md'], option: 'options.require' },
    { name: 'a pathspec that is not a string', options: ['forbid: [1]'], option: 'options.forbid.0' },
    { name: 'an empty list', options: ['require: []'], option: 'options.require' },
    { name: 'the same pathspec twice', options: ['forbid: [a, a]'], option: 'options.forbid' },
  ];

  it.each(cases)('$name → exit 10, FAIL doctrine naming $option', async (scenario) => {
    const { code, findings } = await doctor({ ...scenario, tracked: { 'README.md': '# x\n' } });
    expectFailing(findings, [broken({ mentions: [`\`${scenario.option}\``, ...(scenario.names ? [scenario.names] : [])] })]);
    expect(code).toBe(10);
  });
});

describe('paths: violations', () => {
  const cases: readonly (Scenario & { readonly expected: readonly ExpectedFinding[] })[] = [
    {
      name: 'a required file that is not tracked at all',
      options: ['require: [README.md]'],
      tracked: { 'docs/guide.md': '# guide\n' },
      expected: [fail('README.md', { file: null, line: null })],
    },
    {
      name: 'a required file on disk but never added',
      options: ['require: [README.md]'],
      untracked: { 'README.md': '# x\n' },
      expected: [fail('README.md', { file: null })],
    },
    {
      name: 'a required file whose removal is staged, though still on disk',
      options: ['require: [README.md]'],
      tracked: { 'README.md': '# x\n' },
      after: (repo) => repo.git(['rm', '-q', '--cached', 'README.md']),
      expected: [fail('README.md', { file: null })],
    },
    {
      name: 'a required pathspec anchored at the root, met only in a subdirectory',
      options: ['require: [README.md, docs/]'],
      tracked: { 'src/README.md': '# x\n', 'docs.md': '# not the directory\n' },
      expected: [fail('README.md', { file: null }), fail('docs/', { file: null })],
    },
    {
      name: 'tracked files matching forbidden pathspecs, at the root and at depth',
      options: ["forbid: ['**/.env', '*.log', build/]"],
      tracked: {
        '.env': 'A=1\n',
        'services/api/.env': 'A=1\n',
        'debug.log': 'x\n',
        'logs/keep.log': 'x\n',
        'build/out/app.js': 'x\n',
        'README.md': '# x\n',
      },
      expected: [
        fail('.env', { file: '.env', line: null }),
        fail('services/api/.env', { file: 'services/api/.env' }),
        fail('debug.log', { file: 'debug.log' }),
        fail('build/out/app.js', { file: 'build/out/app.js' }),
      ],
    },
    {
      name: 'a file matching two forbidden pathspecs is one violation',
      options: ["forbid: ['*.pem', 'certs/']"],
      tracked: { 'certs/server.pem': 'x\n', 'server.pem': 'x\n' },
      expected: [
        fail('certs/server.pem', { file: 'certs/server.pem', mentions: ['certs/'] }),
        fail('server.pem', { file: 'server.pem', mentions: ['*.pem'] }),
      ],
    },
    ...[
      '/README.md',
      '../README.md',
      'docs/../README.md',
      ':(glob)README.md',
      ':!README.md',
      '!README.md',
      'C:/README.md',
      '~/README.md',
    ].map((pattern) => ({
      name: `a pathspec the language refuses: ${pattern}`,
      options: [`require: ['${pattern}']`],
      tracked: { 'README.md': '# x\n' },
      expected: [broken({ line: FIRST_OPTION_LINE, mentions: ['options.require.0'] })],
    })),
    {
      name: 'a refused pathspec beside a usable one, each on its own line: the usable one still runs',
      options: ['forbid:', "  - '/secrets/'", "  - '**/.env'"],
      tracked: { 'app/.env': 'A=1\n' },
      expected: [broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.forbid.0'] }), fail('app/.env', { file: 'app/.env' })],
    },
  ];

  it.each(cases)('$name → exit 10', async (scenario) => {
    const { code, findings } = await doctor(scenario);
    expectFailing(findings, scenario.expected);
    expect(code).toBe(10);
  });

  it('an advisory rule reports the same violations as WARN, and exits 0', async () => {
    const run = await doctor({
      name: 'advisory',
      options: ['require: [README.md]', "forbid: ['**/.env']"],
      tracked: { '.env': 'A=1\n' },
      advisory: true,
    });
    const { code, findings } = run;
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    const warned = findings.filter((f) => f.level === 'WARN').map(({ category, subject, file }) => ({ category, subject, file }));
    expect(warned).toEqual(
      expect.arrayContaining([
        { category: CATEGORY, subject: 'README.md', file: null },
        { category: CATEGORY, subject: '.env', file: '.env' },
      ]),
    );
    expect(warned).toHaveLength(2);
    expectSameFromCli(run.repo, 'doctor', { rule: RULE }, run);
  });
});
