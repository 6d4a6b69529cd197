/**
 * schema_integrity (majordomus.schema-integrity): every allow-list agrees with its schema, every kind has
 * a schema, and every schema is named by a kind. The validator checks the distribution's own share/,
 * not the governed repository, so each case copies the distribution (package.json, dist/, share/,
 * rules/, test/validators/) into a temporary directory, mutates the copy, and runs the copy's CLI in a
 * freshly initialised temporary git repository — a process of its own, since the distribution a gate
 * checks is the one its code was loaded from. The real share/ is never touched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAllowFile } from '../../engine/layer/allow';
import type { ExpectedFinding } from '../helpers/findings';
import { findingKey } from '../helpers/findings';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { cleanEnv, failing, parseFindings, ROOT, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.schema-integrity';
const DISTRIBUTION = ['package.json', 'dist', 'share', 'rules', 'test/validators'];

const factory = repoFactory();
const copies: string[] = [];
let pristine: string;

beforeAll(() => {
  // one snapshot of the built distribution, copied again for each case
  pristine = copyDistribution(ROOT);
});
afterAll(() => {
  factory.disposeAll();
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyDistribution(from: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-dist-'));
  copies.push(dir);
  for (const entry of DISTRIBUTION) {
    if (existsSync(join(from, entry))) cpSync(join(from, entry), join(dir, entry), { recursive: true });
  }
  if (!existsSync(join(dir, 'dist/majordomus.cjs'))) throw new Error(`no built CLI in ${from}/dist (run: npm run build)`);
  return dir;
}

/** A distribution copy and a repository initialised by it. */
interface Setup {
  readonly dist: string;
  readonly repo: TempRepo;
}

function run(setup: Setup, args: readonly string[]): { code: number; findings: JsonFinding[]; stderr: string } {
  const result = spawnSync(process.execPath, [join(setup.dist, 'dist/majordomus.cjs'), ...args, '--json'], {
    cwd: setup.repo.dir,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  return { code: result.status ?? -1, findings: parseFindings(result.stdout), stderr: result.stderr };
}

function setUp(): Setup {
  const dist = copyDistribution(pristine);
  // adopted by the suite's own CLI: the copy is still pristine here, so its init would write the same bytes
  const repo = factory.create().init();
  return { dist, repo };
}

// ---- mutations of the copy -----------------------------------------------------------------------

const read = (dist: string, path: string): string => readFileSync(join(dist, path), 'utf8');
const write = (dist: string, path: string, text: string): void => writeFileSync(join(dist, path), text);
const remove = (dist: string, path: string): void => rmSync(join(dist, path), { force: true });

/** Replace the 1-based line `line` of a file. */
function replaceLine(dist: string, path: string, line: number, text: string): void {
  const lines = read(dist, path).split('\n');
  if (line > lines.length) throw new Error(`${path} has no line ${line}`);
  lines[line - 1] = text;
  write(dist, path, lines.join('\n'));
}

/** Add a schema no kind names: a copy of `from` under `stem`, with its own allow-list as generated. */
function addUnnamedSchema(dist: string, from: string, stem: string): void {
  const schema = JSON.parse(read(dist, `share/schemas/${from}.v1.schema.json`)) as Record<string, unknown>;
  schema['x-majordomus-allow'] = stem;
  const path = `share/schemas/${stem}.v1.schema.json`;
  write(dist, path, `${JSON.stringify(schema, null, 2)}\n`);
  write(dist, `share/allow/${stem}.txt`, renderAllowFile(schema, { source: path }));
}

// ---- assertions ----------------------------------------------------------------------------------

/** Matched field by field, so a message's mentions are not asserted here. */
type Expected = Omit<ExpectedFinding, 'mentions'>;

function expectFailing(findings: readonly JsonFinding[], expected: readonly Expected[]): void {
  const bad = failing(findings);
  expect(bad.map(findingKey).sort()).toEqual(expected.map(findingKey).sort());
  for (const want of expected) {
    expect(bad).toContainEqual(expect.objectContaining(Object.fromEntries(Object.entries(want).filter(([, v]) => v !== undefined))));
  }
}

const broken = (subject: string, extra: Omit<Expected, 'level' | 'category' | 'subject'> = {}): Expected => ({
  level: 'FAIL',
  category: 'schema',
  subject,
  ...extra,
});

// ---- cases ---------------------------------------------------------------------------------------

describe(`${RULE}: clean`, () => {
  it('the unmodified distribution copy → exit 0, OK', () => {
    const setup = setUp();
    const { code, findings } = run(setup, ['doctor', '--rule', RULE]);
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(findings).toContainEqual(expect.objectContaining({ level: 'OK', category: 'schema', subject: 'share/schemas', rule: RULE }));
  });
});

const cases: { name: string; mutate: (dist: string) => void; expected: Expected[] }[] = [
  {
    name: 'an allow-list edited by hand (a pattern replaced)',
    mutate: (dist) => replaceLine(dist, 'share/allow/policy.txt', 4, '^bogus$'),
    expected: [broken('share/allow/policy.txt', { file: 'share/allow/policy.txt', line: 4 })],
  },
  {
    name: 'an allow-list edited by hand (a pattern added at the end)',
    mutate: (dist) => write(dist, 'share/allow/rule.txt', `${read(dist, 'share/allow/rule.txt')}^extra$\n`),
    expected: [
      broken('share/allow/rule.txt', { file: 'share/allow/rule.txt', line: read(ROOT, 'share/allow/rule.txt').split('\n').length }),
    ],
  },
  {
    name: 'an allow-list deleted',
    mutate: (dist) => remove(dist, 'share/allow/scope.txt'),
    expected: [broken('share/allow/scope.txt')],
  },
  {
    name: 'an orphan allow-list no schema generates',
    mutate: (dist) => write(dist, 'share/allow/orphan.txt', '^orphan$\n'),
    expected: [broken('share/allow/orphan.txt')],
  },
  {
    name: 'a schema no kind names (with its own allow-list)',
    mutate: (dist) => addUnnamedSchema(dist, 'scope', 'extra'),
    expected: [broken('share/schemas/extra.v1.schema.json', { file: 'share/schemas/extra.v1.schema.json' })],
  },
  {
    name: 'a schema no kind names (a plain copy, claiming the allow-list of the one it copies)',
    mutate: (dist) => write(dist, 'share/schemas/extra.v1.schema.json', read(dist, 'share/schemas/scope.v1.schema.json')),
    // unnamed, and naming an allow-list that is not its own; scope.txt itself is not blamed
    expected: [broken('share/schemas/extra.v1.schema.json'), broken('share/schemas/extra.v1.schema.json')],
  },
  {
    name: 'a kind whose schema file is missing (its allow-list then orphaned)',
    mutate: (dist) => remove(dist, 'share/schemas/scope.v1.schema.json'),
    expected: [broken('kind:scope'), broken('share/allow/scope.txt')],
  },
  {
    name: 'a schema that does not parse as JSON (its allow-list then orphaned)',
    mutate: (dist) => write(dist, 'share/schemas/policy.v1.schema.json', '{ "type": \n'),
    expected: [
      broken('share/schemas/policy.v1.schema.json', { file: 'share/schemas/policy.v1.schema.json' }),
      broken('share/allow/policy.txt'),
    ],
  },
];

describe(`${RULE}: drift between schemas, kinds and allow-lists`, () => {
  it.each(cases)('$name → exit 10', ({ mutate, expected }) => {
    const setup = setUp();
    mutate(setup.dist);
    const { code, findings } = run(setup, ['doctor', '--rule', RULE]);
    expectFailing(findings, expected);
    expect(code).toBe(10);
  });

  it('under watch, an edited allow-list is DRIFT and watch exits 11', () => {
    const setup = setUp();
    replaceLine(setup.dist, 'share/allow/policy.txt', 4, '^bogus$');
    const { code, findings } = run(setup, ['watch', '--rule', RULE]);
    expectFailing(findings, [
      { level: 'DRIFT', category: 'schema', subject: 'share/allow/policy.txt', file: 'share/allow/policy.txt', line: 4 },
    ]);
    expect(code).toBe(11);
  });

  it('the real distribution is untouched by the cases', () => {
    expect(read(ROOT, 'share/allow/policy.txt')).toBe(read(pristine, 'share/allow/policy.txt'));
    expect(existsSync(join(ROOT, 'share/allow/orphan.txt'))).toBe(false);
    expect(existsSync(join(ROOT, 'share/schemas/extra.v1.schema.json'))).toBe(false);
  });
});
