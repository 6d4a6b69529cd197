/**
 * `rules new <name>`: write a project rule, `<rules>/project/<name>.v1.md`, that doctor accepts exactly as
 * written, and with a validator its test directory; with the scaffolding that renders the rule's front
 * matter as YAML, checks the rendered file loads back as the same rule, and dry-runs it.
 */
import { existsSync } from 'node:fs';
import { isViolation } from '../../api/findings';
import type { Validator } from '../../api/validator';
import type { Invocation } from '../../commands/define';
import { ExitCode, RefusedError, UsageError } from '../../errors';
import { policyMemoryMb, policyTimeoutMs, repositoryValidatorSwitch } from '../../gate/isolation/settings';
import { builtinRegistry } from '../../gate/registry';
import { runCaseFiles } from '../../gate/rule-test';
import { type GateOutcome, runGate } from '../../gate/run-gate';
import type { GateName } from '../../generated/gates';
import { gates } from '../../generated/gates';
import { lockFile, withWriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import type { Repository } from '../../layer/repository';
import { writeFrontMatter } from '../../layer/yaml-write';
import type { Rule } from '../../ruleset/rules';
import { loadRuleSet, loadRuleText, RULE_SECTIONS, rulesDir } from '../../ruleset/rules';
import { everyLoadedRule, nearestName, open, print } from './shared';

/** A project rule's name: the file's slug and the id after `project.`. */
const RULE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** The namespace `rules new` writes project rules into. */
const PROJECT_NAMESPACE = 'project';
/** The exit code of a project rule (the baseline's contract). */
const PROJECT_EXIT_CODE = ExitCode.contract;

export interface RulesNewOptions {
  readonly validator?: string;
  readonly class?: 'blocking' | 'advisory';
  readonly gate?: readonly string[];
}

/** What `rules new` writes a rule from. */
interface NewRule {
  readonly name: string;
  readonly id: string;
  readonly class: 'blocking' | 'advisory';
  readonly enforcement?: {
    readonly validator: Validator;
    readonly category: string;
    readonly gates: readonly string[];
    readonly testsDir: string;
    readonly options?: unknown;
  };
}

/**
 * `rules new <name>`: write `<rules>/project/<name>.v1.md` (and, with a validator, its test directory)
 * so that doctor passes with the rule exactly as written. Never overwrites the rule file (15).
 */
export async function runRulesNew(name: string, options: RulesNewOptions, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  if (!RULE_NAME.test(name)) {
    throw new UsageError(
      `the rule name ${JSON.stringify(name)} is not kebab-case (lowercase letters and digits in words joined by -, starting with a letter, e.g. changelog-entry)`,
    );
  }
  const requestedGates = [...new Set(options.gate ?? [])];
  if (requestedGates.length > 0 && options.validator === undefined) {
    throw new UsageError('--gate names where a validator runs, and no --validator was given (add --validator <name>, or drop --gate)');
  }
  const { repository, git, layout, tree } = open(invocation);
  const dir = rulesDir(layout);
  const id = `${PROJECT_NAMESPACE}.${name}`;
  let enforcement: NewRule['enforcement'];
  if (options.validator !== undefined) {
    const validator = await resolveValidator(repository, options.validator);
    const gates = requestedGates.length > 0 ? requestedGates : validator.gates.slice(0, 1);
    for (const gate of gates) {
      if (!(validator.gates as readonly string[]).includes(gate)) {
        throw new UsageError(
          `the validator ${validator.name} runs only at ${validator.gates.join(', ')}, so a rule cannot be enforced by --gate ${gate} (choose one of those)`,
        );
      }
    }
    enforcement = {
      validator,
      category: validator.name.replace(/_/g, '-'),
      gates,
      testsDir: `${dir}/tests/${name}`,
      options: validator.optionsSchema && validator.exampleOptions !== undefined ? validator.exampleOptions : undefined,
    };
  }
  let spec: NewRule = { name, id, class: options.class ?? (enforcement ? 'blocking' : 'advisory'), enforcement };

  const file = `${dir}/project/${name}.v1.md`;
  if (tree.exists(file)) throw new RefusedError(`${file} exists, and rules new never overwrites a file (edit it, or choose another name)`);
  const identity = `${id}@1`;
  const clash = everyLoadedRule(tree, loadRuleSet(layout)).find((rule) => rule.identity === identity);
  if (clash) throw new RefusedError(`${identity} is already declared in ${clash.file} (edit that rule, or choose another name)`);

  let content = renderRule(spec);
  const notes: string[] = [];
  const rule = checkRendered(file, content, spec);
  const violations = await dryRun(repository, rule, cwd);
  if (violations.length > 0) {
    const found = `with the example options of ${enforcement!.validator.name}, the rule reports ${violations.length} violation(s) in this repository (${violations.slice(0, 3).join(', ')}${violations.length > 3 ? ', …' : ''})`;
    if (options.class === undefined) {
      // an example must not break doctor: it warns until its options describe this repository
      spec = { ...spec, class: 'advisory' };
      content = renderRule(spec);
      checkRendered(file, content, spec);
      notes.push(`note: ${found}, so it is written advisory; edit its options, then set class: blocking`);
    } else if (options.class === 'blocking') {
      notes.push(`note: ${found}; doctor fails on them until you edit its options`);
    }
  }
  const plan = new WritePlan({ command: 'rules new', base: git.root });
  const kept: string[] = [];
  plan.create(file, content);
  if (enforcement) {
    const cases = await exampleCases(repository, loadRuleText(content, file, { origin: 'project' }) as Rule, enforcement, invocation);
    notes.push(...cases.notes);
    const scaffold: [string, string][] = [
      [`${enforcement.testsDir}/README.md`, testsReadme(spec)],
      ...cases.files,
      // an empty folder is kept in git by a placeholder until a case is written there
      ...(['valid', 'invalid'] as const)
        .filter((kind) => !cases.files.some(([path]) => path.startsWith(`${enforcement!.testsDir}/${kind}/`)))
        .map((kind): [string, string] => [`${enforcement!.testsDir}/${kind}/.gitkeep`, '']),
    ];
    for (const [path, text] of scaffold) {
      // a test directory left from an earlier rule of this name is kept as it is
      if (existsSync(layout.abs(path))) kept.push(path);
      else plan.create(path, text);
    }
  }
  const written = await withWriteLock(lockFile(git.commonDir), 'rules new', () => plan.commit());
  print([
    ...written.map((done) => `wrote ${done.path}`),
    ...kept.map((path) => `kept ${path} (it exists)`),
    ...notes,
    `next: edit ${file}, then majordomus doctor`,
  ]);
}

/** The name of the cases `rules new` scaffolds, under `valid/` and `invalid/`. */
const EXAMPLE_CASE = 'example';

/**
 * The valid and the invalid case to scaffold beside a new rule, each run first as `rules test` will run
 * it and kept only when it behaves: the validator's example cases, or (for a validator without any) an
 * empty repository as the valid one. What could not be scaffolded is a note saying what to add, so
 * `rules test` passes on what was written.
 */
async function exampleCases(
  repository: Repository,
  rule: Rule,
  enforcement: NonNullable<NewRule['enforcement']>,
  invocation: Invocation,
): Promise<{ files: [string, string][]; notes: string[] }> {
  const examples = enforcement.validator.exampleCases;
  // the example cases fit the example options; a rule written with other options gets none
  const fits = examples !== undefined && enforcement.options !== undefined;
  const candidates: { kind: 'valid' | 'invalid'; files: Readonly<Record<string, string>> }[] = fits
    ? [
        { kind: 'valid', files: examples.valid },
        { kind: 'invalid', files: examples.invalid },
      ]
    : [{ kind: 'valid', files: { 'README.md': '# A repository\n' } }];
  const settings = {
    registry: await builtinRegistry(repository.layout),
    repositoryValidators: {
      ...repositoryValidatorSwitch(undefined, repository.git.env),
      timeoutMs: policyTimeoutMs(repository),
      memoryMb: policyMemoryMb(repository),
    },
    cwd: invocation.cwd,
    env: repository.git.env,
  };
  const files: [string, string][] = [];
  const notes: string[] = [];
  for (const candidate of candidates) {
    const result = await runCaseFiles(candidate.files, EXAMPLE_CASE, enforcement.testsDir, candidate.kind, rule, settings);
    if (!result.passed) continue;
    for (const [path, text] of Object.entries(candidate.files))
      files.push([`${enforcement.testsDir}/${candidate.kind}/${EXAMPLE_CASE}/${path}`, text]);
  }
  for (const kind of ['valid', 'invalid'] as const) {
    if (!files.some(([path]) => path.startsWith(`${enforcement.testsDir}/${kind}/`)))
      notes.push(
        `note: no ${kind} case was written (add a folder under ${enforcement.testsDir}/${kind}/ that the rule ${kind === 'valid' ? 'passes' : 'fails'}; see its README.md)`,
      );
  }
  return { files, notes };
}

/**
 * A validator by name, built in or the repository's own; a usage error naming the nearest one. A
 * repository validator is inspected in a worker of its own (imported there, never run), unless the
 * switch turned repository validators off.
 */
async function resolveValidator(repository: Repository, name: string): Promise<Validator> {
  const registry = await builtinRegistry(repository.layout);
  const resolved = registry.lookup(name);
  if (!resolved) {
    const nearest = registry.nearest(name) ?? nearestName(name, registry.names());
    throw new UsageError(
      `no validator named ${JSON.stringify(name)} is registered (${nearest ? `nearest: ${nearest}; ` : ''}registered: ${registry.names().join(', ')})`,
    );
  }
  if (resolved.kind === 'builtin') return resolved.validator;
  const settings = repositoryValidatorSwitch(undefined, repository.git.env);
  if (!settings.enabled)
    throw new UsageError(
      `${resolved.file} is the repository's own validator, and ${settings.disabledBy} turned repository validators off (unset it to use this one)`,
    );
  const { runIsolated } = await import('../../gate/isolation/host');
  const outcome = await runIsolated({
    path: resolved.path,
    name: resolved.name,
    timeoutMs: policyTimeoutMs(repository),
    memoryMb: policyMemoryMb(repository),
    env: repository.git.env,
    admit: () => undefined,
  });
  if (outcome.status !== 'inspected' && outcome.status !== 'finished') {
    throw new UsageError(
      `the repository validator ${resolved.file} ${outcome.status === 'unusable' ? outcome.problem : `\`${name}\` ${outcome.problem}`}`,
    );
  }
  return { ...outcome.meta, run: () => undefined } as Validator;
}

/** The rule object, in the layer's YAML subset and the order RULE-FORMAT.md gives. */
function renderRule(spec: NewRule): string {
  const title = spec.name.charAt(0).toUpperCase() + spec.name.slice(1).replace(/-/g, ' ');
  const x = spec.enforcement;
  const front = {
    id: spec.id,
    version: 1,
    kind: 'rule',
    title,
    description: `One sentence saying what ${spec.id} requires (replace this).`,
    statement: `The normative sentence a worker or a tool follows for ${spec.id} (replace this).`,
    status: 'active',
    class: spec.class,
    depends_on: [],
    tags: [PROJECT_NAMESPACE],
    ...(x
      ? {
          'x-majordomus': {
            validator: x.validator.name,
            category: x.category,
            enforced_by: x.gates,
            exit_code: PROJECT_EXIT_CODE,
            tests: [x.testsDir],
            ...(x.options !== undefined ? { options: x.options } : {}),
          },
        }
      : {}),
  };
  const lines = [
    writeFrontMatter(front, {
      flow: ['tags', 'x-majordomus.enforced_by', 'x-majordomus.tests'],
      comments: { 'x-majordomus': [''] },
    }),
  ];
  const failure = x
    ? `Say what a violation looks like: a ${spec.class === 'blocking' ? 'FAIL' : 'WARN'} of category ${x.category} at ${x.gates.join(', ')}, exit code ${PROJECT_EXIT_CODE}${x.gates.includes('watch') ? ' (DRIFT, exit 11, under watch)' : ''}, and the message that tells the reader what to fix.`
    : 'Say what breaking this principle looks like; no validator enforces it, so no gate reports it and a reviewer must notice.';
  const verification = x
    ? `Say how the rule is proved: the validator ${x.validator.name} decides it, the cases under ${x.testsDir} prove it (majordomus rules test ${spec.id}), and majordomus ${x.gates[0]} --rule ${spec.id} re-runs it.`
    : 'Say which enforced rules depend on this principle (their depends_on names it) and how a reviewer checks it is followed.';
  const sections: Record<(typeof RULE_SECTIONS)[number], string> = {
    Rationale: 'Say why this rule exists: the failure it prevents and why a check is worth having.',
    'Required behaviour': 'Say exactly what a worker or a tool must do, precisely enough to write a test against.',
    'Failure behaviour': failure,
    Verification: verification,
  };
  for (const section of RULE_SECTIONS) lines.push(`# ${section}`, '', sections[section], '');
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/**
 * Load the rule as doctor will, before anything is written: a rule `rules new` writes must load, with
 * the options it was given. A failure here is a bug of this command, never the user's.
 */
function checkRendered(file: string, content: string, spec: NewRule): Rule {
  const loaded = loadRuleText(content, file, { origin: 'project' });
  if (Array.isArray(loaded)) throw new Error(`rules new wrote a rule that does not load: ${loaded.map((p) => p.message).join('; ')}`);
  const expected = spec.enforcement?.options;
  if (JSON.stringify(loaded.enforcement?.options) !== JSON.stringify(expected)) {
    throw new Error(
      `rules new wrote options that read back differently: ${JSON.stringify(loaded.enforcement?.options)} for ${JSON.stringify(expected)}`,
    );
  }
  return loaded;
}

/**
 * Run the rule alone, at each gate it is enforced by, on this repository, through the gate entry as
 * the gates will: the subjects of the violations it reports (none for a principle).
 */
async function dryRun(repository: Repository, rule: Rule, cwd: string): Promise<string[]> {
  if (!rule.enforcement) return [];
  const subjects: string[] = [];
  for (const gate of rule.enforcement.enforcedBy) {
    if (!Object.hasOwn(gates, gate)) continue;
    let result: GateOutcome;
    try {
      result = await runGate({ gate: gate as GateName, cwd, env: repository.git.env, repository, rules: [rule] });
    } catch (error) {
      // a folder gate's model may refuse the repository's root as a folder: nothing to learn from it here
      if (error instanceof UsageError) continue;
      throw error;
    }
    for (const finding of result.findings) {
      if (isViolation(finding) && !subjects.includes(finding.subject)) subjects.push(finding.subject);
    }
  }
  return subjects;
}

/** The README of a rule's test directory: how `rules test` reads the cases. */
function testsReadme(spec: NewRule): string {
  const x = spec.enforcement!;
  // a README under .ai/ is a context document (the manifest's context.documents), so it carries the contract
  const id = `rules.tests.${spec.id.toLowerCase().replace(/[^a-z0-9.-]+/g, '-')}`;
  return `---
schema: context/v1
id: ${id}
kind: context
title: Tests of ${spec.id}
description: The valid and invalid cases majordomus rules test runs the rule on.
status: active
scope: directory
providers: ["*"]
audience: [human]
composition: extend
order: 100
---

# Tests of ${spec.id}

\`majordomus rules test ${spec.id}\` runs the validator \`${x.validator.name}\` on every case here, as
\`majordomus ${x.gates[0]}\` would run it, with the rule's own options.

- \`valid/<case>/\`: each sub-folder is a small repository tree (the files of a repository, as they
  would be committed). The rule must report no violation on it.
- \`invalid/<case>/\`: each sub-folder is a small repository tree that breaks the rule. The rule must
  report at least one violation on it. An invalid case may carry \`expect.yaml\` holding only
  \`subjects: [...]\`, the subjects (paths or ids) the violations must name; it is not copied into the
  case's repository.

A case without \`.ai/manifest.yaml\` of its own is judged under the layout \`majordomus init\` writes.
Name each case for what it shows (\`valid/minimal\`, \`invalid/missing-readme\`). The \`.gitkeep\` files
only keep the empty folders in git; delete them once a folder has a case.
`;
}
