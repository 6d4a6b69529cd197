/**
 * `rules`: list the effective rule set, show one rule, write a new project rule, and keep the vendored
 * copy of the baseline package current (`rules vendor status|update`). `rules test` lives in its own
 * module. Everything here reads the working tree: these are commands a person runs, not gates.
 */
import { existsSync } from 'node:fs';
import { isViolation } from '../api/findings';
import type { Validator } from '../api/validator';
import type { Invocation } from '../commands/define';
import { ContractError, ExitCode, MajordomusError, RefusedError, UsageError } from '../errors';
import { policyMemoryMb, policyTimeoutMs, repositoryValidatorSwitch } from '../gate/isolation/settings';
import { builtinRegistry, editDistance } from '../gate/registry';
import { runGate } from '../gate/run-gate';
import type { GateName } from '../generated/gates';
import { gates } from '../generated/gates';
import type { GitRepository } from '../io/git';
import { nearestName as nearestRegistered } from '../io/nearest-name';
import type { Tree } from '../io/tree';
import { lockFile, withWriteLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import type { Layout } from '../layer/layout';
import { Repository } from '../layer/repository';
import type { PackDefinition } from '../packs/registry';
import { adoptablePacks, isPackName, packs } from '../packs/registry';
import { shippedPackage } from '../packs/shipped';
import type { VendorChange, VendorStatus } from '../packs/vendor';
import {
  foreignReasons,
  heldVendors,
  keptPacks,
  planVendorAdd,
  planVendorRemove,
  planVendorUpdate,
  unlistedFiles,
  vendoredDir,
  vendorStatus,
} from '../packs/vendor';
import type { Provenance, Rule, RuleSet } from '../ruleset/rules';
import { loadRuleFile, loadRuleSet, loadRuleText, RULE_SECTIONS, rulesDir } from '../ruleset/rules';

/** A project rule's name: the file's slug and the id after `project.`. */
const RULE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** The namespace `rules new` writes project rules into. */
const PROJECT_NAMESPACE = 'project';
/** The exit code of a project rule (the baseline's contract). */
const PROJECT_EXIT_CODE = ExitCode.contract;

interface Opened {
  readonly repository: Repository;
  readonly git: GitRepository;
  readonly layout: Layout;
  readonly tree: Tree;
}

/** The repository around `cwd`, its files read from the working tree: these commands are a person's, not gates. */
function open(cwd: string): Opened {
  const repository = Repository.open(cwd, { tree: 'working' });
  return { repository, git: repository.git, layout: repository.layout, tree: repository.layout.tree };
}

function print(lines: readonly string[]): void {
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
}

/** `vendor:<name>` or `project`. */
export function provenanceLabel(provenance: Provenance): string {
  return provenance.origin === 'vendor' ? `vendor:${provenance.vendor}` : 'project';
}

/** The refusal of a rule set, one problem a line, for stderr. */
function refusal(ruleSet: RuleSet): ContractError {
  const problems = ruleSet.problems.map((p) => `  ${p.file ?? p.subject}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}`);
  return new ContractError(
    `${ruleSet.problems.length} problem(s) refuse part of the rule set; the refused rules never run, the listed ones do (fix them, then run: majordomus doctor)`,
    problems,
  );
}

// ---------------------------------------------------------------------------------------------- list

export interface RulesListOptions {
  readonly json?: boolean;
}

/** `rules list`: the effective set in order; when something was refused, then exit 10 naming it. */
export async function runRulesList(options: RulesListOptions, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const { layout } = open(cwd);
  const ruleSet = loadRuleSet(layout);
  const rows = ruleSet.rules.map((rule) => ({
    id: rule.id,
    version: rule.version,
    class: rule.class,
    status: rule.status,
    provenance: provenanceLabel(rule.provenance),
    gates: rule.enforcement ? [...rule.enforcement.enforcedBy] : [],
    validator: rule.enforcement?.validator ?? null,
    file: rule.file,
  }));
  if (options.json) {
    print(rows.map((row) => JSON.stringify(row)));
  } else {
    const cells = rows.map((row) => [
      `${row.id}@${row.version}`,
      row.class,
      row.provenance,
      row.gates.length > 0 ? row.gates.join(',') : 'not machine-enforced',
    ]);
    print(alignColumns(cells));
  }
  if (ruleSet.refused) throw refusal(ruleSet);
}

/** Pad every column but the last to its widest cell, two spaces apart. */
function alignColumns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
}

// ---------------------------------------------------------------------------------------------- show

/** `rules show <id>`: the rule as written, its validator, and where it came from. */
export async function runRulesShow(query: string, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const { layout, tree } = open(cwd);
  const ruleSet = loadRuleSet(layout);
  const candidates = everyLoadedRule(tree, ruleSet);
  const rule = findRule(candidates, query);
  if (!rule) {
    const withVersion = query.includes('@');
    const nearest = nearestName(
      query,
      candidates.map((r) => (withVersion ? r.identity : r.id)),
    );
    const hint = nearest ? `nearest: ${nearest}; ` : '';
    const refused = ruleSet.refused ? `; a rule in a file that does not load is not known (run: majordomus doctor)` : '';
    throw new UsageError(`no rule ${query} (${hint}list them with: majordomus rules list)${refused}`);
  }
  const text = tree.readText(rule.file);
  const lines = [text.endsWith('\n') ? text.slice(0, -1) : text, ''];
  const enforcement = rule.enforcement;
  if (!enforcement) {
    lines.push(
      rule.declaration
        ? 'validator:   none; x-majordomus declares tests and claims only, so no gate runs it'
        : 'validator:   not machine-enforced',
    );
  } else {
    const registry = await builtinRegistry(layout);
    const resolved = registry.lookup(enforcement.validator);
    if (!resolved) {
      const nearest = registry.nearest(enforcement.validator) ?? nearestName(enforcement.validator, registry.names());
      lines.push(`validator:   ${enforcement.validator} (not registered${nearest ? `; nearest registered: ${nearest}` : ''})`);
    } else if (resolved.kind === 'repository') {
      // showing a rule never runs the repository's code: what the module declares is read when a gate runs it
      lines.push(
        `validator:   ${resolved.name} (the repository's own, ${resolved.file}; not imported by rules show — run it with: majordomus doctor --rule ${rule.id})`,
      );
    } else {
      const validator = resolved.validator;
      lines.push(`validator:   ${validator.name}`);
      lines.push(`description: ${validator.description}`);
      lines.push(`gates:       ${validator.gates.join(', ')}`);
      if (validator.optionsSchema) lines.push('options schema:', JSON.stringify(validator.optionsSchema, null, 2));
      else lines.push('options schema: none (the validator takes no options)');
    }
  }
  lines.push(`file:        ${rule.file}`);
  lines.push(`provenance:  ${provenanceLabel(rule.provenance)}`);
  if (rule.status === 'deprecated') lines.push('status:      deprecated (not in the effective set)');
  else if (ruleSet.refusedRules?.some((refused) => refused.file === rule.file))
    lines.push('status:      refused, so it never runs (run: majordomus doctor)');
  print(lines);
}

/** The rules of the set, then any rule that loaded but is not in it (deprecated or refused), in load order. */
function everyLoadedRule(tree: Tree, ruleSet: RuleSet): Rule[] {
  const known = new Set(ruleSet.rules.map((rule) => rule.file));
  const rest: Rule[] = [];
  for (const { file, provenance } of ruleSet.files) {
    if (known.has(file)) continue;
    const rule = loadRuleFile(tree, file, provenance);
    if (!Array.isArray(rule)) rest.push(rule);
  }
  return [...ruleSet.rules, ...rest];
}

/** `id@version` exactly, or `id`: the active one, else the highest version. */
function findRule(rules: readonly Rule[], query: string): Rule | undefined {
  if (/@\d+$/.test(query)) return rules.find((rule) => rule.identity === query);
  const matches = rules.filter((rule) => rule.id === query);
  return matches.find((rule) => rule.status === 'active') ?? matches.sort((a, b) => b.version - a.version)[0];
}

/** The candidate fewest edits away from `name` (ties: the first), or undefined when there is none. */
function nearestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// ----------------------------------------------------------------------------------------------- new

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
  const { repository, git, layout, tree } = open(cwd);
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
    const scaffold: [string, string][] = [
      [`${enforcement.testsDir}/README.md`, testsReadme(spec)],
      [`${enforcement.testsDir}/valid/.gitkeep`, ''],
      [`${enforcement.testsDir}/invalid/.gitkeep`, ''],
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
  const settings = repositoryValidatorSwitch(undefined);
  if (!settings.enabled)
    throw new UsageError(
      `${resolved.file} is the repository's own validator, and ${settings.disabledBy} turned repository validators off (unset it to use this one)`,
    );
  const { runIsolated } = await import('../gate/isolation/host');
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
  const lines = [
    '---',
    `id: ${spec.id}`,
    'version: 1',
    'kind: rule',
    `title: ${scalar(title)}`,
    `description: ${scalar(`One sentence saying what ${spec.id} requires (replace this).`)}`,
    `statement: ${scalar(`The normative sentence a worker or a tool follows for ${spec.id} (replace this).`)}`,
    'status: active',
    `class: ${spec.class}`,
    'depends_on: []',
    `tags: [${PROJECT_NAMESPACE}]`,
  ];
  const x = spec.enforcement;
  if (x) {
    lines.push(
      '',
      'x-majordomus:',
      `  validator: ${x.validator.name}`,
      `  category: ${x.category}`,
      `  enforced_by: [${x.gates.join(', ')}]`,
      `  exit_code: ${PROJECT_EXIT_CODE}`,
      `  tests: [${flowItem(x.testsDir)}]`,
    );
    if (x.options !== undefined) lines.push('  options:', ...blockMapping(x.options, 4, 'options'));
  }
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
  lines.push('---', '');
  for (const section of RULE_SECTIONS) lines.push(`# ${section}`, '', sections[section], '');
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** A scalar as written: plain when no YAML reader could take it for anything else, else double-quoted. */
function scalar(value: string): string {
  const plain = /^[A-Za-z][A-Za-z0-9 ,.()_/-]*[A-Za-z0-9.)]$/.test(value) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

/** An item of a flat flow sequence. */
function flowItem(value: string): string {
  return /^[A-Za-z0-9._/-]+$/.test(value) && !/^[.-]+$/.test(value) ? value : JSON.stringify(value);
}

/** A key of a block mapping. */
function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && key !== '__proto__' ? key : JSON.stringify(key);
}

/** A scalar value of the options: strings always double-quoted, so none is read as another type. */
function yamlScalar(value: unknown, at: string): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  throw new Error(`${at} is a ${typeof value}, which the YAML subset cannot write`);
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** A mapping in block style at `indent` (flow mappings are outside the subset). */
function blockMapping(value: unknown, indent: number, at: string): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${at} is not a mapping`);
  const entries = Object.entries(value);
  if (entries.length === 0) throw new Error(`${at} is an empty mapping, which the YAML subset cannot write`);
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  for (const [key, item] of entries) {
    const where = `${at}.${key}`;
    if (isScalar(item)) out.push(`${pad}${yamlKey(key)}: ${yamlScalar(item, where)}`);
    else if (Array.isArray(item) && item.length === 0) out.push(`${pad}${yamlKey(key)}: []`);
    else out.push(`${pad}${yamlKey(key)}:`, ...blockValue(item, indent + 2, where));
  }
  return out;
}

/** A sequence in block style at `indent`. */
function blockSequence(value: readonly unknown[], indent: number, at: string): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  value.forEach((item, index) => {
    const where = `${at}.${index}`;
    if (isScalar(item)) out.push(`${pad}- ${yamlScalar(item, where)}`);
    else if (Array.isArray(item) && item.length === 0) out.push(`${pad}- []`);
    else {
      // the item's first line shares the dash: `- key: value`, `- - item`
      const nested = blockValue(item, indent + 2, where);
      out.push(`${pad}- ${nested[0]!.slice(indent + 2)}`, ...nested.slice(1));
    }
  });
  return out;
}

function blockValue(value: unknown, indent: number, at: string): string[] {
  return Array.isArray(value) ? blockSequence(value, indent, at) : blockMapping(value, indent, at);
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
    let result;
    try {
      result = await runGate({ gate: gate as GateName, cwd, env: process.env, repository, rules: [rule] });
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

// -------------------------------------------------------------------------------------------- vendor

/**
 * `rules vendor status`, for the baseline and every other pack the repository adopted: absent 12 (when
 * nothing at all is vendored), damaged 10, different (or the baseline missing beside another pack) 11,
 * current 0.
 */
export async function runVendorStatus(invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const { layout } = open(cwd);
  const kept = keptPacks(layout).map((pack) => pack.name);
  const statuses = kept.map((vendor) => ({ vendor, status: vendorStatus(layout, vendor) }));
  const lines: string[] = [];
  for (const { vendor, status } of statuses) {
    switch (status.state) {
      case 'absent':
        lines.push(`rules vendor: ${vendor}: nothing is vendored under ${status.dir}`);
        break;
      case 'damaged':
        for (const problem of status.problems) lines.push(`${problem.subject}: ${problem.message}`);
        lines.push(
          `rules vendor: ${vendor}: the vendored copy under ${status.dir} is damaged, ${status.problems.length} problem(s) (restore it with: majordomus rules vendor update --force)`,
        );
        break;
      case 'different':
        for (const change of status.changes) lines.push(`${vendor}: ${change}`);
        lines.push(
          `rules vendor: ${vendor}: the vendored copy under ${status.dir} differs from the package this majordomus ships (${shippedRevision(vendor)}), ${status.changes.length} difference(s) (run: majordomus rules vendor update)`,
        );
        break;
      case 'current':
        lines.push(`rules vendor: ${vendor} ${status.revision}, ${status.rules} rule(s), current`);
    }
  }
  print(lines);
  const states = statuses.map(({ status }) => status.state);
  if (states.every((state) => state === 'absent')) {
    throw new MajordomusError('rules vendor: nothing is vendored (run: majordomus rules vendor update)', ExitCode.missing);
  }
  const damaged = statuses.filter(({ status }) => status.state === 'damaged').map(({ status }) => status.dir);
  if (damaged.length > 0) {
    throw new ContractError(
      `rules vendor: the vendored copy under ${damaged.join(', ')} is damaged (see above; restore it with: majordomus rules vendor update --force)`,
    );
  }
  // the baseline missing beside another pack is a difference too
  if (states.includes('different') || states.includes('absent')) {
    const foreign = kept.filter((vendor) => foreignReasons(layout, vendor).length > 0);
    const next =
      foreign.length > 0
        ? `the vendored ${foreign.join(', ')} is not a package this version ships (${foreign.map((vendor) => foreignReasons(layout, vendor).join('; ')).join('; ')}), so update replaces it only with --force: majordomus rules vendor update --force`
        : 'run: majordomus rules vendor update';
    throw new MajordomusError(`rules vendor: the distribution ships a different package (see above; ${next})`, ExitCode.drift);
  }
}

export interface VendorUpdateOptions {
  readonly force?: boolean;
}

/**
 * `rules vendor update [--force]`: write the packages this version ships over the vendored copies of
 * the baseline and of every other pack the repository adopted, in one plan. Without `--force` it
 * refuses (15), changing nothing, over a hand edit or over a package that is not the one this version
 * ships, and lists what it would remove and replace. A pack the repository dropped stays dropped.
 */
export async function runVendorUpdate(options: VendorUpdateOptions, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const { git, layout } = open(cwd);
  const command = 'rules vendor update';
  await withWriteLock(lockFile(git.commonDir), command, () => {
    const plan = new WritePlan({ command, base: git.root });
    const packs = keptPacks(layout).map(({ name: vendor }) => ({
      vendor,
      status: vendorStatus(layout, vendor),
      foreign: foreignReasons(layout, vendor),
      changes: planVendorUpdate(plan, layout, vendor),
    }));
    const held = packs.filter((pack) => pack.status.state === 'damaged' || pack.foreign.length > 0);
    if (held.length > 0 && !options.force) throw vendorRefusal(held);
    plan.commit();
    const lines: string[] = [];
    for (const { vendor, status, foreign, changes } of packs) {
      const wrote = changes.filter((change) => change.action === 'write').length;
      for (const change of changes) lines.push(`${change.action === 'write' ? 'wrote' : 'removed'} ${change.path}`);
      if (changes.length === 0) {
        lines.push(`rules vendor: ${shippedSummary(vendor)}, current; nothing to write`);
        continue;
      }
      const replaced =
        foreign.length > 0
          ? ` (it replaced a package this version does not ship: ${foreign.join('; ')})`
          : status.state === 'damaged'
            ? ' (it replaced a copy changed by hand)'
            : '';
      lines.push(`rules vendor: ${shippedSummary(vendor)}; ${wrote} path(s) written, ${changes.length - wrote} removed${replaced}`);
    }
    if (packs.some((pack) => pack.changes.length > 0)) lines.push('next: majordomus doctor');
    print(lines);
  });
}

/** `<pack> <revision>, <n> rule(s)`: the package this version ships. */
function shippedSummary(pack: string): string {
  const shipped = shippedPackage(pack).pkg.manifest;
  return `${pack} ${String(shipped?.source_revision ?? '')}, ${shipped?.rules?.length ?? 0} rule(s)`;
}

/** The pack named on the command line; a usage error (2) naming the nearest one when this version ships none of that name. */
function namedPack(name: string): PackDefinition {
  if (isPackName(name)) return packs[name];
  const names = adoptablePacks().map((pack) => pack.name);
  const nearest = nearestRegistered(name, names);
  throw new UsageError(
    `no pack ${JSON.stringify(name)} ships with this majordomus (${nearest ? `nearest: ${nearest}; ` : ''}the packs: ${names.join(', ')})`,
  );
}

/**
 * `rules vendor add <pack>`: adopt a pack this version ships — write its rule package under
 * `<rules>/vendor/<pack>/` (plan, check, write, under the write lock). A pack already adopted, its copy
 * current, is nothing to write (0); a copy that is there and is not the current one is never written
 * over (15: `rules vendor update` is its writer); the examples are never vendored (2).
 */
export async function runVendorAdd(name: string, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const pack = namedPack(name);
  if (pack.vendoring === 'never') {
    throw new UsageError(
      `the ${pack.name} pack holds worked examples and is never vendored (copy the rules you want into the project rules, e.g. with: majordomus rules show <id>)`,
    );
  }
  const { git, layout } = open(cwd);
  const command = 'rules vendor add';
  await withWriteLock(lockFile(git.commonDir), command, () => {
    const dir = vendoredDir(layout, pack.name);
    if (heldVendors(layout).includes(pack.name)) {
      const status = vendorStatus(layout, pack.name);
      if (status.state === 'current' && unlistedFiles(layout, pack.name).length === 0) {
        print([`rules vendor: ${shippedSummary(pack.name)}, already adopted under ${dir} and current; nothing to write`]);
        return;
      }
      throw new RefusedError(
        `${dir} is there and is not the current ${pack.name} package (${status.state}), and add never writes over a vendored copy (see: majordomus rules vendor status; bring it current with: majordomus rules vendor update)`,
      );
    }
    const plan = new WritePlan({ command, base: git.root });
    planVendorAdd(plan, layout, pack.name);
    const written = plan.commit();
    print([
      ...written.map((done) => `wrote ${done.path}`),
      `rules vendor: adopted ${shippedSummary(pack.name)}; ${written.length} path(s) written`,
      'next: majordomus doctor',
    ]);
  });
}

export interface VendorRemoveOptions {
  readonly force?: boolean;
}

/**
 * `rules vendor remove <pack> [--force]`: drop an adopted pack — remove its vendored copy whole (plan,
 * check, write, under the write lock). Refused (15), changing nothing: the baseline, which every
 * adopted repository carries; a copy holding someone's work (a hand edit, a file the package does not
 * list, another version's or vendor's package) unless `--force`; and a pack whose rules a rule that
 * stays depends on. A pack not adopted is nothing to remove (0).
 */
export async function runVendorRemove(name: string, options: VendorRemoveOptions, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const pack = namedPack(name);
  if (pack.vendoring === 'always') {
    throw new RefusedError(
      `the ${pack.name} pack is the baseline every adopted repository carries, and it cannot be removed (to stop adopting majordomus, remove .ai/ yourself)`,
    );
  }
  const { git, layout } = open(cwd);
  const command = 'rules vendor remove';
  await withWriteLock(lockFile(git.commonDir), command, () => {
    const dir = vendoredDir(layout, pack.name);
    if (!heldVendors(layout).includes(pack.name)) {
      print([`rules vendor: ${pack.name} is not adopted here (nothing under ${dir}); nothing to remove`]);
      return;
    }
    const dependents = dependentsOf(loadRuleSet(layout), pack.name);
    if (dependents.length > 0) {
      throw new RefusedError(
        `${dependents.length} rule(s) that stay depend on rules of the ${pack.name} pack, and would be refused without it; nothing was removed (drop those depends_on entries first)`,
        dependents.map(({ rule, on }) => `  ${rule.file}: ${rule.identity} depends on ${on}`),
      );
    }
    const status = vendorStatus(layout, pack.name);
    const foreign = foreignReasons(layout, pack.name);
    const unlisted = unlistedFiles(layout, pack.name);
    const plan = new WritePlan({ command, base: git.root });
    const changes = planVendorRemove(plan, layout, pack.name);
    if ((status.state === 'damaged' || foreign.length > 0 || unlisted.length > 0) && !options.force) {
      const why = [
        ...(status.state === 'damaged' ? [`it was changed by hand or damaged (${status.problems.length} problem(s))`] : []),
        ...foreign,
        ...(unlisted.length > 0 ? [`it holds ${unlisted.length} file(s) the package does not list`] : []),
      ];
      throw new RefusedError(
        `rules vendor: the vendored copy under ${dir} may hold someone's work: ${why.join('; ')}; remove deletes such a copy only with --force, and nothing was removed (to do that: majordomus rules vendor remove ${pack.name} --force)`,
        [
          ...(status.state === 'damaged' ? status.problems.map((problem) => `  ${problem.subject}: ${problem.message}`) : []),
          ...unlisted.map((path) => `  would remove ${path}`),
        ],
      );
    }
    const removed = plan.commit();
    print([
      ...removed.map((done) => `removed ${done.path}`),
      `rules vendor: dropped the ${pack.name} pack; ${changes.length} path(s) removed (adopt it again with: majordomus rules vendor add ${pack.name})`,
      'next: majordomus doctor',
    ]);
  });
}

/** The rules outside `pack` (loaded, effective or refused) that depend on a rule of it, with the identity each names. */
function dependentsOf(ruleSet: RuleSet, pack: string): { rule: Rule; on: string }[] {
  const own = (rule: Rule): boolean => rule.provenance.origin === 'vendor' && rule.provenance.vendor === pack;
  const all = [...ruleSet.rules, ...(ruleSet.refusedRules ?? [])];
  const identities = new Set(all.filter(own).map((rule) => rule.identity));
  const out: { rule: Rule; on: string }[] = [];
  for (const rule of all) {
    if (own(rule)) continue;
    for (const on of rule.dependsOn) if (identities.has(on)) out.push({ rule, on });
  }
  return out;
}

/** The refusal of an update that would replace someone's work: why, then every path it would remove or replace. */
function vendorRefusal(
  held: readonly { vendor: string; status: VendorStatus; foreign: readonly string[]; changes: readonly VendorChange[] }[],
): RefusedError {
  const lines: string[] = [];
  const why: string[] = [];
  for (const { vendor, status, foreign, changes } of held) {
    if (foreign.length > 0)
      why.push(`the vendored copy under ${status.dir} is not the ${vendor} package this version ships: ${foreign.join('; ')}`);
    if (status.state === 'damaged') {
      why.push(`the vendored copy under ${status.dir} was changed by hand or damaged (${status.problems.length} problem(s))`);
      for (const problem of status.problems) lines.push(`  ${problem.subject}: ${problem.message}`);
    }
    for (const change of changes) {
      lines.push(`  would ${change.action === 'remove' ? 'remove' : change.replaces ? 'replace' : 'write'} ${change.path}`);
    }
  }
  const counts = held.flatMap((pack) => pack.changes);
  const removed = counts.filter((change) => change.action === 'remove').length;
  const replaced = counts.filter((change) => change.action === 'write' && change.replaces).length;
  return new RefusedError(
    `rules vendor: ${why.join('; ')}; update replaces such a copy only with --force, and nothing was changed (it would remove ${removed} and replace ${replaced} path(s), listed below; to do that: majordomus rules vendor update --force; or keep the change as a project rule)`,
    lines,
  );
}

function shippedRevision(vendor: string): string {
  return `${vendor} ${String(shippedPackage(vendor).pkg.manifest?.source_revision ?? '')}`;
}
