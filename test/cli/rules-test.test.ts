/**
 * `majordomus rules test`: the shipped example rules prove the generic validators case by case, and a
 * case that does not behave as its folder says is a FAIL with exit 10. Real repositories, the built CLI.
 */
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';
import { enforcement, PROJECT, ruleFront, writeRule } from '../helpers/rules';

interface CaseLine {
  readonly rule: string;
  readonly case: string;
  readonly dir: string;
  readonly status: 'ok' | 'FAIL';
  readonly subjects: string[];
  readonly reason: string | null;
}

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const parse = (stdout: string): CaseLine[] =>
  stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CaseLine);

/** An adopted repository carrying the distribution's example rules as its own, with their cases. */
function withExamples(): TempRepo {
  const repo = repos.create().init();
  for (const name of readdirSync(join(ROOT, 'rules/examples/rules'))) {
    cpSync(join(ROOT, 'rules/examples/rules', name), repo.path(`${PROJECT}/${name}`));
  }
  cpSync(join(ROOT, 'rules/examples/tests'), repo.path('rules/examples/tests'), { recursive: true });
  return repo;
}

describe('the shipped example rules', () => {
  let repo: TempRepo;
  let lines: CaseLine[];
  let code: number;
  beforeAll(() => {
    repo = withExamples();
    const result = repo.run(['rules', 'test', '--json']);
    code = result.code;
    lines = parse(result.stdout);
  });

  it('pass every case of every generic validator', () => {
    expect(code).toBe(0);
    expect(lines.filter((line) => line.status !== 'ok')).toStrictEqual([]);
    const rules = new Set(lines.map((line) => line.rule));
    expect(rules).toStrictEqual(
      new Set(readdirSync(join(ROOT, 'rules/examples/rules')).map((name) => `example.${name.replace(/\.v1\.md$/, '')}@1`)),
    );
  });

  it('run at least two valid and two invalid cases per rule', () => {
    for (const rule of new Set(lines.map((line) => line.rule))) {
      const mine = lines.filter((line) => line.rule === rule);
      expect(mine.filter((line) => line.case.startsWith('valid/')).length, rule).toBeGreaterThanOrEqual(2);
      expect(mine.filter((line) => line.case.startsWith('invalid/')).length, rule).toBeGreaterThanOrEqual(2);
    }
  });

  it('report the subjects of invalid cases, and none for valid ones', () => {
    for (const line of lines) {
      if (line.case.startsWith('valid/')) expect(line.subjects).toStrictEqual([]);
      else expect(line.subjects.length).toBeGreaterThan(0);
    }
  });
});

describe('a case that does not behave as its folder says', () => {
  const README_CASES = 'rules/examples/tests/readme-present';

  it('a valid case with a violation fails, exit 10, naming the case', () => {
    const repo = withExamples();
    const valid = readdirSync(repo.path(`${README_CASES}/valid`))[0]!;
    repo.remove(`${README_CASES}/valid/${valid}/README.md`);
    repo.write(`${README_CASES}/valid/${valid}/other.txt`, 'no readme\n');
    const result = repo.run(['rules', 'test', 'example.readme-present', '--json']);
    expect(result.code).toBe(10);
    const failed = parse(result.stdout).filter((line) => line.status === 'FAIL');
    expect(failed.map((line) => [line.rule, line.case, line.subjects])).toStrictEqual([
      ['example.readme-present@1', `valid/${valid}`, ['README.md']],
    ]);
  });

  it('an invalid case without a violation fails', () => {
    const repo = withExamples();
    const invalid = readdirSync(repo.path(`${README_CASES}/invalid`))[0]!;
    repo.write(`${README_CASES}/invalid/${invalid}/README.md`, '# now valid\n');
    const result = repo.run(['rules', 'test', 'example.readme-present', '--json']);
    expect(result.code).toBe(10);
    expect(
      parse(result.stdout)
        .filter((line) => line.status === 'FAIL')
        .map((line) => line.case),
    ).toStrictEqual([`invalid/${invalid}`]);
  });

  it('an expect.yaml subject the validator does not report fails the case', () => {
    const repo = withExamples();
    const invalid = readdirSync(repo.path(`${README_CASES}/invalid`))[0]!;
    repo.write(`${README_CASES}/invalid/${invalid}/expect.yaml`, 'subjects: [NOT-README.md]\n');
    const result = repo.run(['rules', 'test', 'example.readme-present', '--json']);
    expect(result.code).toBe(10);
    expect(
      parse(result.stdout)
        .filter((line) => line.status === 'FAIL')
        .map((line) => line.case),
    ).toStrictEqual([`invalid/${invalid}`]);
  });

  it('a test directory without cases fails, never passes empty', () => {
    const repo = repos.create().init();
    repo.write('tests/empty-rule/valid/.gitkeep', '');
    repo.write('tests/empty-rule/invalid/.gitkeep', '');
    writeRule(repo, `${PROJECT}/empty-rule.v1.md`, [
      ...ruleFront('project.empty-rule'),
      ...enforcement({ validator: 'paths', gates: ['doctor'], tests: ['tests/empty-rule'] }),
      '  options:',
      '    require: [README.md]',
    ]);
    const result = repo.run(['rules', 'test', '--json']);
    expect(result.code).toBe(10);
    expect(parse(result.stdout).map((line) => [line.rule, line.status])).toStrictEqual([['project.empty-rule@1', 'FAIL']]);
  });

  it('text output: one line per case and a summary', () => {
    const repo = withExamples();
    const result = repo.run(['rules', 'test', 'example.no-env-files']);
    expect(result.code).toBe(0);
    const out = result.stdout.trim().split('\n');
    expect(out.at(-1)).toMatch(/^rules test: (\d+) case\(s\), 0 failed$/);
    expect(
      out
        .slice(0, -1)
        .every((line) => /^ok {3}example\.no-env-files@1 rules\/examples\/tests\/no-env-files\/(valid|invalid)\/\S+$/.test(line)),
    ).toBe(true);
  });

  it.each([
    ['an unknown rule', ['rules', 'test', 'project.nothing']],
    ['a rule without a test directory', ['rules', 'test', 'majordomus.policy-integrity']],
    ['a rule with no validator', ['rules', 'test', 'majordomus.define-done-first']],
  ])('%s → exit 2', (_name, args) => {
    const repo = repos.create().init();
    expect(repo.run(args).code).toBe(2);
  });
});
