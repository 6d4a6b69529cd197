/**
 * The runner in process, on a real adopted repository (init by the built CLI) with project rules added,
 * and a registry holding the built-in validators plus test validators: a validator that throws, one that
 * reports nothing, one that reports a violation. What the runner decides — level, category, subject,
 * exit code — and what its hooks (processFindings, the timing plugin) may do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../engine/api/findings';
import type { Validator } from '../../engine/api/validator';
import { defineValidator } from '../../engine/api/validator';
import { ExitCode, UsageError } from '../../engine/errors';
import { Registry } from '../../engine/gate/registry';
import type { GateResult } from '../../engine/gate/runner';
import { Runner } from '../../engine/gate/runner';
import { TimingPlugin } from '../../engine/gate/timing';
import type { RepositoryGateName } from '../../engine/generated/gates';
import { Repository } from '../../engine/layer/repository';
import type { RuleSet } from '../../engine/ruleset/rules';
import { loadRuleSet } from '../../engine/ruleset/rules';
import { repoFactory } from '../helpers/repo';
import { validators } from '../helpers/validators';

const repos = repoFactory();

/*
 * The engine keeps git's environment on purpose (a pre-commit hook must judge what is staged), and it
 * runs in this very process here: a GIT_DIR exported by an outer hook would point its git calls at the
 * outer repository. Strip git's selectors for this file (each test file is its own process).
 */
const savedGitEnv: Record<string, string> = {};
beforeAll(() => {
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GIT_') || value === undefined) continue;
    savedGitEnv[key] = value;
    delete process.env[key];
  }
});
afterAll(() => {
  Object.assign(process.env, savedGitEnv);
  repos.disposeAll();
});

/** The test a project rule names; written into the repository so the wiring audit finds it. */
const RULE_TEST = 'test/project-rules.test.ts';

const testValidators = {
  test_boom: defineValidator({
    name: 'test_boom',
    description: 'Throws.',
    gates: ['doctor', 'watch'],
    run() {
      throw new Error('boom');
    },
  }),
  test_silent: defineValidator({
    name: 'test_silent',
    description: 'Reports nothing.',
    gates: ['doctor', 'watch'],
    run() {},
  }),
  test_violation: defineValidator({
    name: 'test_violation',
    description: 'Reports one violation, whose subject is the rule being enforced.',
    gates: ['doctor', 'watch'],
    run(context) {
      context.violation({ subject: context.rule.identity, message: 'violated' });
    },
  }),
} satisfies Record<string, Validator>;

interface ProjectRule {
  readonly id: string;
  readonly validator: keyof typeof testValidators;
  readonly class: 'blocking' | 'advisory';
  readonly exitCode: number;
  readonly category: string;
}

const PROJECT_RULES: readonly ProjectRule[] = [
  { id: 'project.boom', validator: 'test_boom', class: 'blocking', exitCode: 10, category: 'testing' },
  { id: 'project.silent', validator: 'test_silent', class: 'blocking', exitCode: 10, category: 'testing' },
  { id: 'project.advisory', validator: 'test_violation', class: 'advisory', exitCode: 10, category: 'advice' },
  { id: 'project.blocking', validator: 'test_violation', class: 'blocking', exitCode: 10, category: 'blocking' },
  { id: 'project.exit-one', validator: 'test_violation', class: 'blocking', exitCode: 1, category: 'brainstorm' },
];

function ruleFile(rule: ProjectRule): string {
  return [
    '---',
    `id: ${rule.id}`,
    'version: 1',
    'kind: rule',
    `title: ${rule.id}`,
    'description: A rule of the runner tests.',
    'statement: Whatever its test validator says.',
    'status: active',
    `class: ${rule.class}`,
    '',
    'x-majordomus:',
    `  validator: ${rule.validator}`,
    `  category: ${rule.category}`,
    '  enforced_by: [doctor, watch]',
    `  exit_code: ${rule.exitCode}`,
    `  tests: [${RULE_TEST}]`,
    '---',
    '# Rationale',
    'Tests.',
    '',
    '# Required behaviour',
    'Tests.',
    '',
    '# Failure behaviour',
    'Tests.',
    '',
    '# Verification',
    'Tests.',
    '',
  ].join('\n');
}

let repository: Repository;
let ruleSet: RuleSet;
const registry = new Registry({ ...(validators as unknown as Record<string, Validator>), ...testValidators });

beforeAll(() => {
  const repo = repos.create().init();
  for (const rule of PROJECT_RULES) repo.write(`.ai/repo/rules/project/${rule.id.slice('project.'.length)}.v1.md`, ruleFile(rule));
  repo.write(RULE_TEST, '// the project rules of the runner tests\n');
  repository = Repository.open(repo.dir, { env: process.env });
  ruleSet = loadRuleSet(repository.layout);
});

/** The loaded set narrowed to the given rule ids (kept in the set's own order). */
function only(ids: readonly string[]): RuleSet {
  for (const id of ids)
    expect(
      ruleSet.rules.map((rule) => rule.id),
      id,
    ).toContain(id);
  return { ...ruleSet, rules: ruleSet.rules.filter((rule) => ids.includes(rule.id)) };
}

async function run(gate: RepositoryGateName, set: RuleSet, runner = new Runner()): Promise<GateResult> {
  return runner.run({ gate, repository, ruleSet: set, registry, cwd: repository.root, env: process.env });
}

function of(result: GateResult, rule: string): Finding[] {
  return result.findings.filter((finding) => finding.rule === rule);
}

describe('the test repository', () => {
  it('loads the project rules beside the vendored baseline as one set', () => {
    expect(ruleSet.refused).toBe(false);
    expect(ruleSet.problems).toEqual([]);
    for (const rule of PROJECT_RULES) expect(ruleSet.rules.map((r) => r.identity)).toContain(`${rule.id}@1`);
  });
});

describe('a validator that throws', () => {
  it('is exactly one FAIL finding of category doctrine naming the rule; the other rules still run', async () => {
    const result = await run('doctor', ruleSet);
    const boom = of(result, 'project.boom');
    expect(boom).toHaveLength(1);
    expect(boom[0]).toMatchObject({ level: 'FAIL', category: 'doctrine', subject: 'project.boom@1', exitCode: 10 });
    expect(boom[0]!.message).toContain('boom');
    expect(result.exitCode).toBe(ExitCode.contract);
    const atDoctor = ruleSet.rules.filter((rule) => rule.enforcement?.enforcedBy.includes('doctor'));
    expect(result.rulesRun).toBe(atDoctor.length);
    for (const rule of atDoctor) expect(of(result, rule.id).length, rule.id).toBeGreaterThan(0);
    // the rules after it in the set ran too, and the built-in ones reported what they checked
    expect(of(result, 'project.silent')).toEqual([expect.objectContaining({ level: 'OK' })]);
    expect(of(result, 'majordomus.ai-layout-integrity')).toContainEqual(expect.objectContaining({ level: 'OK', category: 'layout' }));
  });

  it('fails the gate with 10 beside a rule that passes', async () => {
    const result = await run('doctor', only(['majordomus.ai-layout-integrity', 'project.boom']));
    expect(result.exitCode).toBe(10);
    expect(result.findings.filter((finding) => finding.level === 'FAIL')).toEqual([
      expect.objectContaining({ category: 'doctrine', subject: 'project.boom@1', rule: 'project.boom' }),
    ]);
    expect(of(result, 'majordomus.ai-layout-integrity').every((finding) => finding.level === 'OK')).toBe(true);
  });
});

describe('levels and exit codes', () => {
  it('a validator that reports nothing is one OK finding for its rule', async () => {
    const result = await run('doctor', only(['project.silent']));
    expect(result.findings).toEqual([
      expect.objectContaining({ level: 'OK', rule: 'project.silent', subject: 'project.silent@1', category: 'testing', exitCode: 0 }),
    ]);
    expect(result.exitCode).toBe(0);
  });

  it.each([['doctor'], ['watch']] as const)('an advisory rule’s violation at %s is a WARN and exits 0', async (gate) => {
    const result = await run(gate, only(['project.advisory']));
    expect(result.findings).toEqual([
      expect.objectContaining({ level: 'WARN', category: 'advice', subject: 'project.advisory@1', exitCode: 0 }),
    ]);
    expect(result.exitCode).toBe(0);
  });

  it('a blocking rule’s violation at doctor is a FAIL with the rule’s exit code', async () => {
    const result = await run('doctor', only(['project.blocking']));
    expect(result.findings).toEqual([expect.objectContaining({ level: 'FAIL', category: 'blocking', subject: 'project.blocking@1' })]);
    expect(result.exitCode).toBe(10);
  });

  it.each([['project.blocking'], ['project.exit-one']])('a blocking rule’s violation at watch (%s) is a DRIFT and exits 11', async (id) => {
    const result = await run('watch', only([id]));
    expect(result.findings).toEqual([expect.objectContaining({ level: 'DRIFT', subject: `${id}@1`, exitCode: 11 })]);
    expect(result.exitCode).toBe(11);
  });

  it('a rule whose exit_code is 1 failing alone exits 1', async () => {
    const result = await run('doctor', only(['project.exit-one']));
    expect(result.findings).toEqual([
      expect.objectContaining({ level: 'FAIL', category: 'brainstorm', subject: 'project.exit-one@1', exitCode: 1 }),
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('a rule with exit 1 and a rule with exit 10 failing together exit 10', async () => {
    const result = await run('doctor', only(['project.exit-one', 'project.blocking']));
    expect(
      result.findings
        .filter((finding) => finding.level === 'FAIL')
        .map((finding) => finding.rule)
        .sort(),
    ).toEqual(['project.blocking', 'project.exit-one']);
    expect(result.exitCode).toBe(10);
  });

  it('an advisory WARN beside a passing rule leaves the gate at 0', async () => {
    const result = await run('doctor', only(['project.advisory', 'project.silent']));
    expect(result.findings.map((finding) => finding.level).sort()).toEqual(['OK', 'WARN']);
    expect(result.exitCode).toBe(0);
  });

  it('--rule of an unknown id, or of a rule the gate does not enforce, is a usage error (2)', async () => {
    for (const wanted of ['project.no-such-rule', 'majordomus.sessions-are-workers']) {
      const attempt = new Runner().run({
        gate: 'doctor',
        repository,
        ruleSet,
        registry,
        cwd: repository.root,
        env: process.env,
        only: [wanted],
      });
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(
        new Runner().run({ gate: 'doctor', repository, ruleSet, registry, cwd: repository.root, env: process.env, only: [wanted] }),
      ).rejects.toMatchObject({
        exitCode: 2,
      });
    }
  });

  it('`only` runs that one rule of the whole set', async () => {
    const result = await new Runner().run({
      gate: 'doctor',
      repository,
      ruleSet,
      registry,
      cwd: repository.root,
      env: process.env,
      only: ['project.exit-one@1'],
    });
    expect(result.rulesRun).toBe(1);
    expect(result.findings.map((finding) => finding.rule)).toEqual(['project.exit-one']);
    expect(result.exitCode).toBe(1);
  });
});

describe('the processFindings waterfall', () => {
  /** A suppression plugin: drops every finding of the named rules. */
  function suppress(runner: Runner, rules: readonly string[]): Runner {
    runner.hooks.processFindings.tap('TestSuppression', (findings) => findings.filter((finding) => !rules.includes(finding.rule ?? '')));
    return runner;
  }
  const pair = (): RuleSet => only(['project.exit-one', 'project.blocking']);

  it.each([
    [[], 10, ['project.blocking', 'project.exit-one']],
    [['project.blocking'], 1, ['project.exit-one']],
    [['project.exit-one'], 10, ['project.blocking']],
    [['project.blocking', 'project.exit-one'], 0, []],
  ] as const)('suppressing %j leaves exit %i', async (dropped, exitCode, remaining) => {
    let seen: GateResult | undefined;
    const runner = suppress(new Runner(), dropped);
    runner.hooks.afterGate.tap('TestObserver', (result) => {
      seen = result;
    });
    const result = await run('doctor', pair(), runner);
    expect(result.exitCode).toBe(exitCode);
    expect(result.findings.map((finding) => finding.rule).sort()).toEqual([...remaining]);
    expect(result.rulesRun).toBe(2);
    expect(seen).toBe(result);
  });

  it('sees every rule’s findings, after every rule ran', async () => {
    const afterRule: string[] = [];
    let processed: string[] = [];
    const runner = new Runner();
    runner.hooks.afterRule.tap('TestObserver', (rule) => {
      afterRule.push(rule.id);
    });
    runner.hooks.processFindings.tap('TestObserver', (findings) => {
      processed = findings.map((finding) => finding.rule ?? '');
      expect(afterRule).toHaveLength(3);
      return findings;
    });
    await run('doctor', only(['project.silent', 'project.exit-one', 'project.blocking']), runner);
    expect([...processed].sort()).toEqual(['project.blocking', 'project.exit-one', 'project.silent']);
  });
});

describe('TimingPlugin', () => {
  it('writes one line per rule run, in order, then the total', async () => {
    const written: string[] = [];
    const runner = new Runner();
    new TimingPlugin((text) => written.push(text)).apply(runner);
    const set = only(['majordomus.ai-layout-integrity', 'project.silent', 'project.exit-one']);
    const result = await run('doctor', set, runner);
    expect(written).toHaveLength(set.rules.length + 1);
    const perRule = written.slice(0, -1).map((line) => /^TIMING +\d+\.\d ms {2}(\S+)\n$/.exec(line)?.[1]);
    expect(perRule).toEqual(set.rules.map((rule) => rule.identity));
    expect(written.at(-1)).toMatch(new RegExp(`^TIMING +\\d+\\.\\d ms {2}doctor \\(${result.rulesRun} rule\\(s\\)\\)\\n$`));
    expect(result.rulesRun).toBe(3);
  });

  it('changes nothing the gate reports', async () => {
    const plain = await run('doctor', only(['project.silent', 'project.exit-one']));
    const runner = new Runner();
    new TimingPlugin(() => undefined).apply(runner);
    const timed = await run('doctor', only(['project.silent', 'project.exit-one']), runner);
    expect(timed.findings).toEqual(plain.findings);
    expect(timed.exitCode).toBe(plain.exitCode);
  });
});
