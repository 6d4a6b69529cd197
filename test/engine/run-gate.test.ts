/**
 * The one gate entry (engine/gate/run-gate.ts), in process: it takes the working directory and the
 * environment from its caller, opens the repository and loads its rules itself, and returns the result
 * with the rule catalogue a reporter describes. A gate judges a target of its declared kind: misuse is a
 * type error where the compiler can see it (`npm run typecheck` compiles the `@ts-expect-error` lines
 * below) and one doctrine FAIL where it cannot, never a crash.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Validator } from '../../engine/api/validator';
import { defineValidator } from '../../engine/api/validator';
import { Registry } from '../../engine/gate/registry';
import { runGate } from '../../engine/gate/run-gate';
import { Runner } from '../../engine/gate/runner';
import { Repository } from '../../engine/layer/repository';
import { jsonReporter } from '../../engine/reporters/json';
import type { GateReport, Reporter } from '../../engine/reporters/report';
import { ReporterPlugin } from '../../engine/reporters/report';
import type { Rule } from '../../engine/ruleset/rules';
import { loadRuleText } from '../../engine/ruleset/rules';
import type { TempRepo } from '../helpers/repo';
import { cleanEnv, repoFactory } from '../helpers/repo';
import { validators } from '../helpers/validators';

const repos = repoFactory();
let repo: TempRepo;
beforeAll(() => {
  repo = repos.create().init();
});
afterAll(() => repos.disposeAll());

/** A project rule enforcing `validator` at `gate`, loaded as doctor would load it. */
function ruleAt(validator: string, gate: string): Rule {
  const text = [
    '---',
    'id: project.misplaced',
    'version: 1',
    'kind: rule',
    'title: Misplaced',
    'description: A rule at a gate of the other kind.',
    'statement: Nothing.',
    'status: active',
    'class: blocking',
    '',
    'x-majordomus:',
    `  validator: ${validator}`,
    '  category: testing',
    `  enforced_by: [${gate}]`,
    '  exit_code: 10',
    '  tests: [test/engine/run-gate.test.ts]',
    '---',
    ...['Rationale', 'Required behaviour', 'Failure behaviour', 'Verification'].flatMap((section) => [`# ${section}`, '', 'Tests.', '']),
  ].join('\n');
  const rule = loadRuleText(text, '.ai/repo/rules/project/misplaced.v1.md', { origin: 'project' });
  if (Array.isArray(rule)) throw new Error(rule.map((p) => p.message).join('; '));
  return rule;
}

describe('the gate entry', () => {
  it('runs doctor in process from the cwd and env it is given, and returns the effective rule catalogue', async () => {
    const outcome = await runGate({ gate: 'doctor', cwd: repo.dir, env: cleanEnv() });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.rulesRun).toBe(outcome.selected.length);
    const listed = repo
      .run(['rules', 'list', '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => `${(JSON.parse(line) as { id: string; version: number }).id}@${(JSON.parse(line) as { version: number }).version}`);
    expect(outcome.catalogue.map((entry) => entry.identity)).toEqual(listed);
    const policy = outcome.catalogue.find((entry) => entry.id === 'majordomus.policy-integrity')!;
    expect(policy).toMatchObject({
      version: 1,
      class: 'blocking',
      gates: ['doctor', 'watch'],
      category: 'policy',
      validator: 'policy',
      file: '.ai/repo/rules/vendor/majordomus/rules/policy-integrity.v1.md',
      provenance: { origin: 'vendor', vendor: 'majordomus' },
    });
    expect(policy.title.length).toBeGreaterThan(0);
    expect(policy.description.length).toBeGreaterThan(0);
    expect(policy.statement.length).toBeGreaterThan(0);
  });

  it('makes each reproduce command relative to the cwd it is given, not the process', async () => {
    const copy = repos.create().init();
    mkdirSync(join(copy.dir, 'sub'));
    // an empty folder: every file of a session is missing, each a FAIL
    const folder = await runGate({ gate: 'session', cwd: copy.dir, env: cleanEnv(), folder: 'sub' });
    const failures = folder.findings.filter((f) => f.level === 'FAIL');
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure.reproduce).toBe('majordomus brainstorm check sub --gate=session');
  });

  it('a folder that cannot be judged stops the gate before any rule: a usage error (2)', async () => {
    await expect(runGate({ gate: 'session', cwd: repo.dir, env: cleanEnv(), folder: 'nowhere-brainstorm' })).rejects.toMatchObject({
      exitCode: 2,
    });
  });

  it('a manifest that does not parse is one FAIL of the layout rule, no rule run', async () => {
    const copy = repos.create().init();
    copy.write('.ai/manifest.yaml', 'schema: [unclosed\n');
    const outcome = await runGate({ gate: 'doctor', cwd: copy.dir, env: cleanEnv() });
    expect(outcome.exitCode).toBe(10);
    expect(outcome.rulesRun).toBe(0);
    expect(outcome.findings).toEqual([
      expect.objectContaining({ level: 'FAIL', category: 'layout', subject: '.ai/manifest.yaml', rule: 'majordomus.ai-layout-integrity' }),
    ]);
  });
});

describe('a reporter handed to the gate entry', () => {
  const paths = { prefix: '', rulesInRepository: true };

  it('prints a gate that ended before any rule: the one FAIL of a manifest that does not parse', async () => {
    const copy = repos.create().init();
    copy.write('.ai/manifest.yaml', 'schema: [unclosed\n');
    const printed: string[] = [];
    const plugin = new ReporterPlugin(jsonReporter, { paths }, (text) => printed.push(text));
    await runGate({ gate: 'doctor', cwd: copy.dir, env: cleanEnv(), plugins: [plugin] });
    const lines = printed
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; subject: string });
    expect(lines).toEqual([expect.objectContaining({ level: 'FAIL', subject: '.ai/manifest.yaml' })]);
  });

  it('reads the lines a fingerprint hashes from the tree the gate judged, when the caller names no reader', async () => {
    let seen: GateReport | undefined;
    const capture: Reporter = {
      format: 'capture',
      render(report) {
        seen = report;
        return [];
      },
    };
    await runGate({ gate: 'doctor', cwd: repo.dir, env: cleanEnv(), plugins: [new ReporterPlugin(capture, { paths }, () => undefined)] });
    expect(seen?.paths.lineText?.('.ai/manifest.yaml', 1)).toBe(repo.read('.ai/manifest.yaml').split('\n')[0]);
    expect(seen?.checked.length).toBeGreaterThan(0);
  });
});

describe('a gate judges a target of its declared kind', () => {
  it('a rule handing a repository validator a folder gate is one doctrine FAIL naming both, never a crash', async () => {
    const outcome = await runGate({
      gate: 'session',
      cwd: repo.dir,
      env: cleanEnv(),
      folder: repo.dir,
      rules: [ruleAt('policy', 'session')],
    });
    expect(outcome.exitCode).toBe(10);
    expect(outcome.findings).toEqual([expect.objectContaining({ level: 'FAIL', category: 'doctrine', subject: 'project.misplaced@1' })]);
    expect(outcome.findings[0]!.message).toContain('judges a folder');
  });

  it('and a folder validator at a repository gate, the same', async () => {
    const outcome = await runGate({ gate: 'doctor', cwd: repo.dir, env: cleanEnv(), rules: [ruleAt('brainstorm_ops', 'doctor')] });
    expect(outcome.exitCode).toBe(10);
    expect(outcome.findings).toEqual([expect.objectContaining({ level: 'FAIL', category: 'doctrine', subject: 'project.misplaced@1' })]);
    expect(outcome.findings[0]!.message).toContain('judges a repository');
  });

  it('misuse the compiler sees is a type error', () => {
    const repository = Repository.open(repo.dir, { env: cleanEnv() });
    const registry = new Registry(validators as unknown as Record<string, Validator>);
    const ruleSet = { rules: [], refused: false, problems: [], packages: [], files: [] };
    // the checks are the @ts-expect-error lines: `npm run typecheck` fails when one of them compiles
    const misuses = [
      // @ts-expect-error a repository gate needs a repository
      () => new Runner().run({ gate: 'doctor', folder: repo.dir, ruleSet, registry }),
      // @ts-expect-error a folder gate is handed no repository
      () => new Runner().run({ gate: 'session', repository, ruleSet, registry }),
      () =>
        defineValidator<unknown, 'session'>({
          name: 'folder_only',
          description: 'Reads what a folder does not have.',
          gates: ['session'],
          run(context) {
            // @ts-expect-error a folder has no layout
            void context.layout;
          },
        }),
    ];
    expect(misuses).toHaveLength(3);
  });
});
