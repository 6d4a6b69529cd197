/**
 * Rule objects: loading, validation and resolution into the effective set.
 *
 * Load order is the vendored packages (vendors in byte order, each in its manifest's order), then
 * `<rules>/project/*.md` in byte order; the effective set is a stable topological order over
 * `depends_on` with deprecated rules dropped. A refusal refuses only what it is about: a file that does
 * not load, both rules of a duplicate identity, a rule with a missing, deprecated or cyclic dependency,
 * and every rule that depends on a refused one, transitively. Everything else is effective and runs;
 * the refusals are problems the gate reports as failures.
 */
import type { RuleFrontMatter } from '../generated/types';
import { DocumentError } from '../io/document-error';
import type { Tree } from '../io/tree';
import { parseFrontMatter } from '../layer/front-matter';
import type { Layout } from '../layer/layout';
import type { RulePackage } from '../layer/rule-package';
import { listDirectories, listedFiles, listRuleFiles, readRulePackage } from '../layer/rule-package';
import type { LoadProblem, Provenance, Rule, RuleSet } from '../layer/rule-types';
import { checkSchema } from '../layer/schema-check';
import type { YamlDocument } from '../layer/yaml';

/** The vendor of the baseline package every adopted repository carries. */
export const BASELINE_VENDOR = 'majordomus';

/** The namespace the shipped baseline owns; a project rule may not claim it. */
export const RESERVED_NAMESPACE = 'majordomus.';

/** The body sections every rule carries, in order. */
export const RULE_SECTIONS = ['Rationale', 'Required behaviour', 'Failure behaviour', 'Verification'] as const;

/** The highest version a rule may carry (a signed 32-bit integer, so every tool reads it alike). */
export const MAX_RULE_VERSION = 2 ** 31 - 1;

export type { Declaration, Enforcement, LoadProblem, Provenance, Rule, RuleSet } from '../layer/rule-types';

/** The rules directory of a layout (`.ai/repo/rules` unless the manifest says otherwise). */
export function rulesDir(layout: Layout): string {
  return layout.section('rules') ?? `${layout.repoDir}/rules`;
}

/** Load, validate and resolve every rule of the repository. Never throws for bad rule files. */
export function loadRuleSet(layout: Layout): RuleSet {
  const dir = rulesDir(layout);
  const tree = layout.tree;
  const folderProblems: LoadProblem[] = [];
  // a folder that cannot be listed is a refusal, never "no rules"
  const listing = <T>(list: () => T[]): T[] => {
    try {
      return list();
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      folderProblems.push({ subject: error.file, file: error.file, message: `${error.reason} (${error.fix})` });
      return [];
    }
  };
  listing(() => tree.list(dir));
  const packages = listing(() => listDirectories(tree, `${dir}/vendor`)).map((vendor) =>
    readRulePackage(tree, `${dir}/vendor/${vendor}`, vendor),
  );
  const files: { file: string; provenance: Provenance }[] = [];
  for (const pkg of packages) {
    if (pkg.listError)
      folderProblems.push({
        subject: pkg.listError.file,
        file: pkg.listError.file,
        message: `${pkg.listError.reason} (${pkg.listError.fix})`,
      });
    const provenance: Provenance = { origin: 'vendor', vendor: pkg.vendor };
    const listed = listedFiles(pkg);
    // a package whose manifest cannot be read is still loaded (in byte order) so its rules are audited
    const onDisk = new Set(pkg.filesOnDisk);
    const order = listed ? listed.filter((file) => onDisk.has(file)) : pkg.filesOnDisk;
    for (const file of order) files.push({ file, provenance });
  }
  for (const file of listing(() => listRuleFiles(tree, `${dir}/project`))) files.push({ file, provenance: { origin: 'project' } });
  const set = loadRuleFiles(tree, files, packages);
  const problems = [...folderProblems];
  if (!packages.some((pkg) => pkg.vendor === BASELINE_VENDOR)) {
    // without the baseline nothing would check the layer, and a gate would pass on nothing
    problems.push({
      subject: `${dir}/vendor/${BASELINE_VENDOR}`,
      message: `the baseline package is not vendored under ${dir}/vendor/${BASELINE_VENDOR}, so nothing checks the layer (run: majordomus rules vendor update)`,
    });
  }
  if (problems.length === 0) return set;
  return { ...set, refused: true, problems: [...problems, ...set.problems] };
}

/** Load the given rule files of `tree` and resolve them as one set. */
export function loadRuleFiles(
  tree: Tree,
  files: readonly { file: string; provenance: Provenance }[],
  packages: readonly RulePackage[] = [],
): RuleSet {
  const problems: LoadProblem[] = [];
  const loaded: Rule[] = [];
  // the identity of each refused file, as it declares it or else as its package manifest lists it, so a
  // rule depending on it is told which file refused it
  const unloaded = new Map<string, string>();
  const listed = listedIdentities(packages);
  for (const { file, provenance } of files) {
    const result = loadRuleFileDeclaring(tree, file, provenance);
    if ('problems' in result) {
      for (const problem of result.problems) problems.push(problem);
      const identity = result.identity ?? listed.get(file);
      if (identity !== undefined && !unloaded.has(identity)) unloaded.set(identity, file);
    } else loaded.push(result.rule);
  }
  const resolution = resolveRules(loaded, unloaded);
  for (const problem of resolution.problems) problems.push(problem);
  return { rules: resolution.effective, refused: problems.length > 0, problems, refusedRules: resolution.refused, packages, files };
}

/** Each listed rule file of the packages, by path, with the identity its manifest gives it. */
function listedIdentities(packages: readonly RulePackage[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pkg of packages) {
    for (const entry of pkg.manifest?.rules ?? []) {
      if (entry && typeof entry.file === 'string' && typeof entry.id === 'string' && Number.isSafeInteger(entry.version)) {
        out.set(`${pkg.dir}/${entry.file}`, `${entry.id}@${entry.version}`);
      }
    }
  }
  return out;
}

/** Load and validate one rule file of `tree`; a list of problems when it is refused. */
export function loadRuleFile(tree: Tree, file: string, provenance: Provenance): Rule | LoadProblem[] {
  const result = loadRuleFileDeclaring(tree, file, provenance);
  return 'problems' in result ? result.problems : result.rule;
}

/** Validate a rule object's text as the file `file` (before it is written, or as read). */
export function loadRuleText(text: string, file: string, provenance: Provenance): Rule | LoadProblem[] {
  const result = loadRule(text, file, provenance);
  return 'problems' in result ? result.problems : result.rule;
}

/** A rule, or why its file is refused with the identity it declares when that much could be read. */
type Loaded = { readonly rule: Rule } | { readonly problems: LoadProblem[]; readonly identity?: string };

function loadRuleFileDeclaring(tree: Tree, file: string, provenance: Provenance): Loaded {
  let text: string;
  try {
    text = tree.readText(file);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { problems: [{ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` }] };
  }
  return loadRule(text, file, provenance);
}

function loadRule(text: string, file: string, provenance: Provenance): Loaded {
  let doc: YamlDocument;
  let body: string;
  let bodyLine: number;
  try {
    const parsed = parseFrontMatter(text, file);
    doc = parsed.data;
    body = parsed.body;
    bodyLine = parsed.bodyLine;
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { problems: [{ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` }] };
  }
  const front = doc.value as RuleFrontMatter;
  const versionLine = doc.lines.get('version');
  const written = typeof front.version === 'number' ? versionSource(text, versionLine) : undefined;
  const versionWrong = written === undefined ? undefined : versionProblem(written);
  const problems: LoadProblem[] = checkSchema('rule', doc, describeRuleKey)
    // the version as written says more than the number YAML made of it
    .filter((problem) => versionWrong === undefined || problem.key !== 'version')
    .map((problem) => ({ subject: file, file, line: problem.line, message: problem.message }));
  if (versionWrong !== undefined) problems.unshift({ subject: file, file, line: versionLine, message: versionWrong });
  if (provenance.origin === 'project' && typeof front.id === 'string' && front.id.startsWith(RESERVED_NAMESPACE)) {
    problems.push({
      subject: file,
      file,
      line: doc.lines.get('id'),
      message: `the project rule ${front.id} claims the reserved \`${RESERVED_NAMESPACE}\` namespace (rename it, e.g. project.${front.id.slice(RESERVED_NAMESPACE.length)})`,
    });
  }
  for (const missing of missingSections(body)) {
    problems.push({
      subject: file,
      file,
      line: bodyLine,
      message: `the body has no non-empty \`# ${missing}\` section (add it; every rule carries ${RULE_SECTIONS.map((s) => `# ${s}`).join(', ')})`,
    });
  }
  if (problems.length > 0) {
    const named = typeof front.id === 'string' && versionWrong === undefined && Number.isSafeInteger(front.version);
    return { problems, identity: named ? `${front.id}@${front.version}` : undefined };
  }
  const x = front['x-majordomus'];
  return {
    rule: {
      id: front.id,
      version: front.version,
      identity: `${front.id}@${front.version}`,
      title: front.title,
      statement: front.statement,
      status: front.status,
      class: front.class,
      dependsOn: front.depends_on ?? [],
      // the schema requires the rest of the block whenever it names a validator
      enforcement:
        x?.validator !== undefined
          ? {
              validator: x.validator,
              category: x.category!,
              enforcedBy: x.enforced_by!,
              exitCode: x.exit_code!,
              tests: x.tests!,
              policyKey: x.policy_key,
              options: x.options as Record<string, unknown> | undefined,
            }
          : undefined,
      declaration:
        x && x.validator === undefined ? { tests: x.tests ?? [], claims: x.claims ?? [], reviewedBecause: x.reviewed_because } : undefined,
      file,
      provenance,
      frontMatter: front,
      doc,
    },
  };
}

/**
 * The `version` value as written in the front matter (`text` is the whole file; front matter lines are
 * file lines): the rest of the key's line, or the next line holding content when the value sits there.
 */
function versionSource(text: string, line: number | undefined): string | undefined {
  if (line === undefined) return undefined;
  // walk to the line rather than splitting the whole file: every rule of every run passes here
  let start = 0;
  for (let n = 1; n < line; n++) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  const strip = (raw: string): string =>
    raw
      .replace(/\r$/, '')
      .replace(/(^|\s)#.*$/, '')
      .trim();
  const lineAt = (from: number): { text: string; next: number } => {
    const end = text.indexOf('\n', from);
    return end === -1 ? { text: text.slice(from), next: -1 } : { text: text.slice(from, end), next: end + 1 };
  };
  let current = lineAt(start);
  const rest = strip(current.text.replace(/^\s*version:/, ''));
  if (rest !== '') return rest;
  while (current.next !== -1) {
    current = lineAt(current.next);
    const next = strip(current.text);
    if (next !== '') return next;
  }
  return undefined;
}

/**
 * Why a version written as `written` (a plain scalar YAML read as a number) is not an identity's
 * version: it must be a decimal integer written as digits, 1 to MAX_RULE_VERSION. YAML also reads
 * `1.0`, `0x1` and `1e3` as numbers, and a long digit string inexactly; each would pass as another
 * identity than the one written.
 */
export function versionProblem(written: string): string | undefined {
  const shown = `\`version\` is written \`${written.length > 40 ? `${written.slice(0, 40)}…` : written}\``;
  const fix = '(write the version as digits alone, e.g. version: 1)';
  if (/^[1-9][0-9]*$/.test(written)) {
    if (written.length > 10 || Number(written) > MAX_RULE_VERSION)
      return `${shown}, which is larger than ${MAX_RULE_VERSION}, the highest version (write a smaller version)`;
    return undefined;
  }
  if (/^[-+]?\.(inf|Inf|INF)$/.test(written)) return `${shown}, which YAML reads as infinity, not a version ${fix}`;
  if (/^\.(nan|NaN|NAN)$/.test(written)) return `${shown}, which YAML reads as not-a-number, not a version ${fix}`;
  if (/^[-+]?0*$/.test(written)) return `${shown}, which is 0; a version is at least 1 ${fix}`;
  if (written.startsWith('-')) return `${shown}, which is negative; a version is at least 1 ${fix}`;
  if (/^0x/.test(written)) return `${shown}, a hexadecimal number; a version is a decimal integer ${fix}`;
  if (/^0o/.test(written)) return `${shown}, an octal number; a version is a decimal integer ${fix}`;
  if (/[eE]/.test(written)) return `${shown}, a number with an exponent; a version is a decimal integer ${fix}`;
  if (written.includes('.')) return `${shown}, a decimal fraction; a version is a whole number ${fix}`;
  if (/^\+/.test(written)) return `${shown}, with a sign; a version is digits alone ${fix}`;
  if (/^0[0-9]+$/.test(written)) return `${shown}, with a leading zero; a version is digits alone ${fix}`;
  return `${shown}, which is not a decimal integer written as digits ${fix}`;
}

function describeRuleKey(key: string, keyword: string, params: Record<string, unknown>, value: unknown): string | undefined {
  if (key === 'id' && keyword === 'pattern') {
    return `\`id\` is ${JSON.stringify(value)}, which is not a dotted identifier (segments of letters, digits, - and _ joined by dots, e.g. project.my-rule)`;
  }
  if (/^depends_on\.\d+$/.test(key) && keyword === 'pattern') {
    return `\`${key}\` is ${JSON.stringify(value)}, which is not an exact id@version reference (e.g. majordomus.define-done-first@1)`;
  }
  if (key === 'kind' && keyword === 'const') return `\`kind\` is ${JSON.stringify(value)}; a rule object declares kind: rule`;
  if (key === 'version' && keyword === 'type') {
    const shown =
      typeof value === 'string'
        ? `the string ${JSON.stringify(value)}`
        : value === null
          ? 'empty'
          : typeof value === 'object'
            ? 'a list or a mapping'
            : String(value);
    return `\`version\` is ${shown}, which is not an integer (write the version as digits alone, unquoted, e.g. version: 1)`;
  }
  if (key === 'x-majordomus' && keyword === 'dependentRequired') {
    const property = String(params.property);
    const missing = String(params.missingProperty);
    if (property === 'validator') {
      return `required key \`x-majordomus.${missing}\` is missing (a rule that names a validator also names its category, exit_code, enforced_by and tests)`;
    }
    return `\`x-majordomus.${property}\` is given without \`x-majordomus.validator\`: only an enforced rule has it (name the validator, or remove the key; without a validator the block declares only tests, claims and reviewed_because)`;
  }
  return undefined;
}

/** The required body sections that are absent or empty. */
function missingSections(body: string): string[] {
  const found = new Map<string, boolean>();
  let current: string | undefined;
  let fenced = false;
  for (const line of body.split('\n')) {
    const first = line.charCodeAt(0);
    // only a line opening with a backtick, a tilde or a hash can be a fence or a heading
    if ((first === 0x60 || first === 0x7e) && /^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && first === 0x23 && /^# (.+?)\s*$/.exec(line);
    if (heading) {
      current = heading[1]!;
      if (!found.has(current)) found.set(current, false);
      continue;
    }
    if (current !== undefined && line.trim() !== '') found.set(current, true);
  }
  return RULE_SECTIONS.filter((section) => found.get(section) !== true);
}

/** The outcome of resolving loaded rules: what runs, what was refused, and why. */
export interface Resolution {
  /** Every active rule not refused, each after the rules it depends on. */
  readonly effective: Rule[];
  /** The loaded rules that were refused, in load order. */
  readonly refused: Rule[];
  readonly problems: LoadProblem[];
}

/**
 * Resolve loaded rules into the effective set. A duplicate identity refuses both rules (neither is the
 * one the identity means); a missing, deprecated or refused dependency, or a cycle, refuses the rule;
 * and every rule depending on a refused one is refused in turn, each with its own problem. `unloaded`
 * maps the identities of files that were refused to their file, so a dependency on one says so.
 */
export function resolveRules(loaded: readonly Rule[], unloaded: ReadonlyMap<string, string> = new Map()): Resolution {
  const problems: LoadProblem[] = [];
  const refused = new Set<Rule>();
  const declaring = new Map<string, Rule[]>();
  for (const rule of loaded) {
    const same = declaring.get(rule.identity);
    if (same) same.push(rule);
    else declaring.set(rule.identity, [rule]);
  }
  const byIdentity = new Map<string, Rule>();
  for (const [identity, rules] of declaring) {
    if (rules.length === 1) {
      byIdentity.set(identity, rules[0]!);
      continue;
    }
    const where = rules.map((rule) => rule.file).join(' and ');
    for (const rule of rules) {
      refused.add(rule);
      problems.push({
        subject: identity,
        file: rule.file,
        line: rule.doc.lines.get('id'),
        message: `${identity} is declared ${rules.length} times, in ${where}, so neither is the rule it names and both are refused (give one of them another id or version)`,
      });
    }
  }
  const active = [...byIdentity.values()].filter((rule) => rule.status === 'active');
  const dependencyLine = (rule: Rule, index: number): number | undefined =>
    rule.doc.lines.get(`depends_on.${index}`) ?? rule.doc.lines.get('depends_on');
  for (const rule of active) {
    rule.dependsOn.forEach((dependency, index) => {
      const target = byIdentity.get(dependency);
      let why: string | undefined;
      if (declaring.has(dependency) && !target)
        why = `depends on ${dependency}, which is declared more than once (see its finding), so it is refused too`;
      else if (!target && unloaded.has(dependency))
        why = `depends on ${dependency}, whose file ${unloaded.get(dependency)} is refused (see its finding), so it is refused too`;
      else if (!target) why = `depends on ${dependency}, which no loaded rule provides (vendor or write it, or remove the dependency)`;
      else if (target.status === 'deprecated') why = `depends on ${dependency}, which is deprecated (depend on its successor)`;
      if (why === undefined) return;
      refused.add(rule);
      problems.push({ subject: rule.identity, file: rule.file, line: dependencyLine(rule, index), message: why });
    });
  }
  for (const cycle of findCycles(active, byIdentity)) {
    const first = cycle[0]!;
    for (const member of cycle) refused.add(member);
    problems.push({
      subject: first.identity,
      file: first.file,
      line: first.doc.lines.get('depends_on'),
      message: `dependency cycle: ${[...cycle, first].map((rule) => rule.identity).join(' → ')}, so each is refused (break the cycle; members: ${cycle.map((r) => r.file).join(', ')})`,
    });
  }
  // every rule that depends on a refused rule is refused too, each named with the dependency that refused it
  const dependents = new Map<Rule, Rule[]>();
  for (const rule of active) {
    for (const dependency of rule.dependsOn) {
      const target = byIdentity.get(dependency);
      if (!target) continue;
      const list = dependents.get(target);
      if (list) list.push(rule);
      else dependents.set(target, [rule]);
    }
  }
  const queue = [...refused];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const dependent of dependents.get(next) ?? []) {
      if (refused.has(dependent)) continue;
      refused.add(dependent);
      queue.push(dependent);
      const index = dependent.dependsOn.indexOf(next.identity);
      problems.push({
        subject: dependent.identity,
        file: dependent.file,
        line: dependencyLine(dependent, index),
        message: `depends on ${next.identity}, which is refused (see its finding), so it is refused too`,
      });
    }
  }
  const effective = topologicalOrder(
    active.filter((rule) => !refused.has(rule)),
    byIdentity,
  );
  return { effective, refused: loaded.filter((rule) => refused.has(rule)), problems };
}

/** Strongly connected components of more than one rule (or a rule depending on itself), in load order. */
function findCycles(rules: readonly Rule[], byIdentity: ReadonlyMap<string, Rule>): Rule[][] {
  const index = new Map<Rule, number>();
  const low = new Map<Rule, number>();
  const onStack = new Set<Rule>();
  const stack: Rule[] = [];
  const cycles: Rule[][] = [];
  let counter = 0;
  const edges = (rule: Rule): Rule[] =>
    rule.dependsOn.map((d) => byIdentity.get(d)).filter((r): r is Rule => r !== undefined && r.status === 'active');
  // iterative Tarjan, so a long dependency chain cannot exhaust the stack
  for (const start of rules) {
    if (index.has(start)) continue;
    const work: { rule: Rule; next: number }[] = [{ rule: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges(frame.rule);
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ rule: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.rule, Math.min(low.get(frame.rule)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.rule, Math.min(low.get(parent.rule)!, low.get(frame.rule)!));
      if (low.get(frame.rule) === index.get(frame.rule)) {
        const component: Rule[] = [];
        let member: Rule;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.rule);
        const selfLoop = component.length === 1 && edges(component[0]!).includes(component[0]!);
        if (component.length > 1 || selfLoop) {
          const order = new Map(rules.map((rule, i) => [rule, i]));
          cycles.push(component.sort((a, b) => order.get(a)! - order.get(b)!));
        }
      }
    }
  }
  return cycles;
}

/** Kahn's algorithm, always taking the ready rule that loaded first: the same input gives the same order. */
function topologicalOrder(rules: readonly Rule[], byIdentity: ReadonlyMap<string, Rule>): Rule[] {
  const position = new Map(rules.map((rule, i) => [rule, i]));
  const waiting = new Map<Rule, number>();
  const dependents = new Map<Rule, Rule[]>();
  for (const rule of rules) {
    const deps = rule.dependsOn.map((d) => byIdentity.get(d)!).filter((d) => position.has(d));
    waiting.set(rule, deps.length);
    for (const dep of deps) {
      const list = dependents.get(dep);
      if (list) list.push(rule);
      else dependents.set(dep, [rule]);
    }
  }
  const ready = new MinHeap<Rule>((a, b) => position.get(a)! - position.get(b)!);
  for (const rule of rules) if (waiting.get(rule) === 0) ready.push(rule);
  const order: Rule[] = [];
  while (ready.size > 0) {
    const rule = ready.pop()!;
    order.push(rule);
    for (const dependent of dependents.get(rule) ?? []) {
      const left = waiting.get(dependent)! - 1;
      waiting.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  return order;
}

class MinHeap<T> {
  private items: T[] = [];
  constructor(private readonly compare: (a: T, b: T) => number) {}
  get size(): number {
    return this.items.length;
  }
  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[i]!, items[parent]!) >= 0) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.compare(items[l]!, items[m]!) < 0) m = l;
        if (r < items.length && this.compare(items[r]!, items[m]!) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}
