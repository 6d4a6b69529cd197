/**
 * content (generic): a project rule names the validator with `paths`, a regular expression and a mode.
 * Every case starts from `majordomus init` in a fresh git repository, writes the rule and the files,
 * stages them (only what git tracks is read), and runs `doctor --rule project.sample` in process
 * (helpers/gate.ts; the many-lines and advisory cases run the built CLI too, which must print exactly
 * the same). `forbid` findings carry the file and the matching line; `require` findings the file;
 * binary and oversized files are reported as not checked; a pattern that does not compile is one
 * finding about the rule itself.
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
const CATEGORY = 'hygiene';
/** The file line of the first line under `options:` (see `enforcement` in helpers/rules). */
const FIRST_OPTION_LINE = 17;

const factory = repoFactory();
afterAll(() => factory.disposeAll());

interface Scenario {
  readonly name: string;
  /** YAML lines under `x-majordomus.options`, the first on FIRST_OPTION_LINE. */
  readonly options: readonly string[];
  /** Files written and staged. */
  readonly tracked?: Readonly<Record<string, string | Buffer>>;
  /** Files written but never added. */
  readonly untracked?: Readonly<Record<string, string>>;
  readonly advisory?: boolean;
}

const FORBID_TODO = ['paths: [src/]', "pattern: '\\bTODO\\b'", 'mode: forbid'];
const REQUIRE_SPDX = ["paths: ['src/**/*.ts']", "pattern: '^// SPDX-License-Identifier: '", 'mode: require'];

function rule(options: readonly string[], advisory = false): string {
  const front = ruleFront().map((line) => (advisory && line === 'class: blocking' ? 'class: advisory' : line));
  return ruleText([
    ...front,
    ...enforcement({ validator: 'content', category: CATEGORY, gates: ['doctor'] }),
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
  return { ...(await gateInProcess(repo, 'doctor', { rule: RULE })), repo };
}

const fail = (
  file: string,
  line: number | null = null,
  extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {},
): ExpectedFinding => ({ level: 'FAIL', category: CATEGORY, subject: file, file, line, ...extra });
const broken = (extra: Omit<ExpectedFinding, 'level' | 'category' | 'subject'> = {}): ExpectedFinding => ({
  level: 'FAIL',
  category: 'doctrine',
  subject: IDENTITY,
  file: SAMPLE,
  ...extra,
});

describe('content: clean', () => {
  const cases: readonly Scenario[] = [
    {
      name: 'forbid: no line matches (a lowercase todo, TODOS, a marker outside src/)',
      options: FORBID_TODO,
      tracked: { 'src/main.ts': '// todo lists\nexport type TODOS = 1;\n', 'NOTES.md': 'TODO: docs\n' },
    },
    {
      name: 'forbid: a matching file that is not tracked is not read',
      options: FORBID_TODO,
      tracked: { 'src/main.ts': 'ok\n' },
      untracked: { 'src/draft.ts': '// TODO\n' },
    },
    {
      name: 'require: every file opens with the header; other extensions exempt',
      options: REQUIRE_SPDX,
      tracked: {
        'src/main.ts': '// SPDX-License-Identifier: MIT\nx\n',
        'src/lib/a.ts': '// SPDX-License-Identifier: MIT\n',
        'src/a.css': 'body {}\n',
      },
    },
    {
      name: 'require with the m flag: the header may be on any line',
      options: [...REQUIRE_SPDX, 'flags: m'],
      tracked: { 'src/main.ts': '#!/usr/bin/env node\n// SPDX-License-Identifier: MIT\n' },
    },
    {
      name: 'require with the s flag: . crosses lines',
      options: ['paths: [LICENSE]', "pattern: 'Copyright.*Permission'", 'mode: require', 'flags: s'],
      tracked: { LICENSE: 'Copyright 2026\n\nPermission is granted\n' },
    },
  ];

  it.each(cases)('$name → exit 0, one OK', async (scenario) => {
    const { code, findings } = await doctor(scenario);
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings).toEqual([expect.objectContaining({ level: 'OK', category: CATEGORY, subject: IDENTITY, rule: RULE })]);
  });

  it('binary, non-UTF-8 and oversized files are not checked (INFO each), even when the pattern would match', async () => {
    const { code, findings } = await doctor({
      name: 'skips',
      options: FORBID_TODO,
      tracked: {
        'src/logo.bin': Buffer.concat([Buffer.from('TODO\n'), Buffer.from([0, 1, 2]), Buffer.from('\nTODO\n')]),
        'src/latin1.txt': Buffer.from([0x54, 0x4f, 0x44, 0x4f, 0x20, 0xe9, 0x0a]),
        'src/huge.txt': `TODO\n${'x'.repeat(1024 * 1024)}\n`,
        'src/main.ts': 'ok\n',
      },
    });
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(
      findings.map(({ level, subject, file }) => ({ level, subject, file })).sort((a, b) => a.subject.localeCompare(b.subject)),
    ).toEqual([
      { level: 'OK', subject: IDENTITY, file: null },
      { level: 'INFO', subject: 'src/huge.txt', file: 'src/huge.txt' },
      { level: 'INFO', subject: 'src/latin1.txt', file: 'src/latin1.txt' },
      { level: 'INFO', subject: 'src/logo.bin', file: 'src/logo.bin' },
    ]);
  });
});

describe('content: options the schema refuses', () => {
  const cases: readonly { name: string; options: readonly string[]; option: string; names?: string }[] = [
    { name: 'an unknown option', options: [...FORBID_TODO, 'severity: high'], option: 'options', names: 'severity' },
    { name: 'a pattern that is not a string', options: ['paths: [src/]', 'pattern: 5', 'mode: forbid'], option: 'options.pattern' },
    { name: 'paths given as a string', options: ['paths: src/', "pattern: 'x'", 'mode: forbid'], option: 'options.paths' },
    { name: 'the mode missing', options: ['paths: [src/]', "pattern: 'x'"], option: 'options', names: 'mode' },
    { name: 'the pattern missing', options: ['paths: [src/]', 'mode: forbid'], option: 'options', names: 'pattern' },
    { name: 'a mode outside its enum', options: ['paths: [src/]', "pattern: 'x'", 'mode: warn'], option: 'options.mode' },
    { name: 'a flag outside i, m, s, u (g)', options: [...FORBID_TODO, 'flags: g'], option: 'options.flags' },
    { name: 'a flag given twice', options: [...FORBID_TODO, 'flags: ii'], option: 'options.flags' },
    { name: 'an empty message', options: [...FORBID_TODO, "message: ''"], option: 'options.message' },
  ];

  it.each(cases)('$name → exit 10, FAIL doctrine naming $option', async ({ options, option, names }) => {
    const { code, findings } = await doctor({ name: '', options, tracked: { 'src/main.ts': 'ok\n' } });
    expectFailing(findings, [broken({ mentions: [`\`${option}\``, ...(names ? [names] : [])] })]);
    expect(code).toBe(10);
  });
});

describe('content: violations', () => {
  const manyTodos = Array.from({ length: 60 }, (_, i) => `// TODO ${i}`).join('\n');
  const cases: readonly (Scenario & { readonly expected: readonly ExpectedFinding[] })[] = [
    {
      name: 'forbid: each matching line, in each file, with its line (CRLF too)',
      options: FORBID_TODO,
      tracked: {
        'src/main.ts': 'a\n// TODO one\nb\nc // TODO two\n',
        'src/lib/win.ts': 'a\r\nb\r\n// TODO three\r\n',
        'src/clean.ts': 'ok\n',
      },
      expected: [fail('src/main.ts', 2), fail('src/main.ts', 4), fail('src/lib/win.ts', 3)],
    },
    {
      name: 'forbid: ^ and $ anchor at each line',
      options: ['paths: [src/]', "pattern: '^debugger;$'", 'mode: forbid'],
      tracked: { 'src/main.ts': 'x\ndebugger;\n  debugger;\n' },
      expected: [fail('src/main.ts', 2)],
    },
    {
      name: 'forbid with the i flag',
      options: [...FORBID_TODO, 'flags: i'],
      tracked: { 'src/main.ts': '// todo\n// ToDo\nok\n' },
      expected: [fail('src/main.ts', 1), fail('src/main.ts', 2)],
    },
    {
      name: 'require: a file where the pattern matches nowhere',
      options: REQUIRE_SPDX,
      tracked: { 'src/main.ts': '// SPDX-License-Identifier: MIT\n', 'src/lib/a.ts': 'export const a = 1;\n' },
      expected: [fail('src/lib/a.ts')],
    },
    {
      name: 'require without the m flag: ^ is the start of the file',
      options: REQUIRE_SPDX,
      tracked: { 'src/main.ts': '#!/usr/bin/env node\n// SPDX-License-Identifier: MIT\n' },
      expected: [fail('src/main.ts')],
    },
    {
      name: 'a pattern that does not compile: one finding about the rule, at the pattern line',
      options: ['paths: [src/]', "pattern: '(unclosed'", 'mode: forbid'],
      tracked: { 'src/main.ts': '(unclosed\n' },
      expected: [broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.pattern'] })],
    },
    {
      name: 'a pattern valid without u but not with it',
      options: ['paths: [src/]', "pattern: '\\p'", 'mode: forbid', 'flags: u'],
      tracked: { 'src/main.ts': 'p\n' },
      expected: [broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.pattern'] })],
    },
    {
      name: 'a refused pathspec, while the usable one still runs',
      options: ['paths:', "  - ':(glob)src/**'", '  - src/', "pattern: 'TODO'", 'mode: forbid'],
      tracked: { 'src/main.ts': 'TODO\n' },
      expected: [broken({ line: FIRST_OPTION_LINE + 1, mentions: ['options.paths.0'] }), fail('src/main.ts', 1)],
    },
  ];

  it.each(cases)('$name → exit 10', async (scenario) => {
    const { code, findings } = await doctor(scenario);
    expectFailing(findings, scenario.expected);
    expect(code).toBe(10);
  });

  it('forbid: more than 50 matching lines in one file are 50 findings, then one counting the rest', async () => {
    const run = await doctor({ name: 'many', options: FORBID_TODO, tracked: { 'src/main.ts': `${manyTodos}\n`, 'src/b.ts': '// TODO\n' } });
    const { code, findings } = run;
    expect(code).toBe(10);
    const main = failing(findings).filter((f) => f.subject === 'src/main.ts');
    expect(main.map((f) => f.line)).toEqual([...Array.from({ length: 50 }, (_, i) => i + 1), null]);
    expect(main[50]!.message).toContain('10');
    expect(
      failing(findings)
        .filter((f) => f.subject === 'src/b.ts')
        .map((f) => f.line),
    ).toEqual([1]);
    expectSameFromCli(run.repo, 'doctor', { rule: RULE }, run);
  });

  it('the message option replaces the default sentence', async () => {
    const { findings } = await doctor({
      name: 'message',
      options: [...FORBID_TODO, 'message: open an issue instead'],
      tracked: { 'src/main.ts': 'TODO\n' },
    });
    expect(failing(findings).map((f) => f.message)).toEqual(['open an issue instead']);
  });

  it('an advisory rule reports matching lines as WARN, and exits 0', async () => {
    const run = await doctor({ name: 'advisory', options: FORBID_TODO, tracked: { 'src/main.ts': 'a\n// TODO\n' }, advisory: true });
    const { code, findings } = run;
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(
      findings.filter((f) => f.level === 'WARN').map(({ category, subject, file, line }) => ({ category, subject, file, line })),
    ).toEqual([{ category: CATEGORY, subject: 'src/main.ts', file: 'src/main.ts', line: 2 }]);
    expectSameFromCli(run.repo, 'doctor', { rule: RULE }, run);
  });
});
