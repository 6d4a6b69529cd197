/**
 * Rule objects: loading, validation and resolution into the effective set.
 *
 * Load order is the vendored packages (vendors in byte order, each in its manifest's order), then
 * `<rules>/project/*.md` in byte order; the effective set is a stable topological order over
 * `depends_on` with deprecated rules dropped. Any refusal (a file that does not load, a duplicate
 * identity, a missing, deprecated or cyclic dependency, a project rule in the `majordomus.` namespace)
 * refuses the whole set: no partial set is ever run.
 */
import type { RuleFrontMatter } from './generated/types';
import { DocumentError } from './layer/document-error';
import { parseFrontMatter } from './layer/front-matter';
import type { Layout } from './layer/layout';
import { listDirectories, listedFiles, listRuleFiles, readRulePackage } from './layer/rule-package';
import type { RulePackage } from './layer/rule-package';
import { checkSchema } from './layer/schema-check';
import type { Tree } from './layer/tree';
import type { YamlDocument } from './layer/yaml';

/** The vendor of the baseline package every adopted repository carries. */
export const BASELINE_VENDOR = 'majordomus';

/** The namespace the shipped baseline owns; a project rule may not claim it. */
export const RESERVED_NAMESPACE = 'majordomus.';

/** The body sections every rule carries, in order. */
export const RULE_SECTIONS = ['Rationale', 'Required behaviour', 'Failure behaviour', 'Verification'] as const;

/** Where a rule came from. */
export type Provenance = { readonly origin: 'vendor'; readonly vendor: string } | { readonly origin: 'project' };

/** The `x-majordomus` block: present only on a rule the tool enforces. */
export interface Enforcement {
  readonly validator: string;
  readonly category: string;
  readonly enforcedBy: readonly string[];
  readonly exitCode: number;
  readonly tests: readonly string[];
  readonly policyKey?: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

/** A rule object that loaded. */
export interface Rule {
  readonly id: string;
  readonly version: number;
  /** `id@version`: the identity, never the file name. */
  readonly identity: string;
  readonly title: string;
  readonly statement: string;
  readonly status: 'active' | 'deprecated';
  readonly class: 'blocking' | 'advisory';
  readonly dependsOn: readonly string[];
  readonly enforcement?: Enforcement;
  /** Repository-relative path of the file. */
  readonly file: string;
  readonly provenance: Provenance;
  readonly frontMatter: RuleFrontMatter;
  readonly doc: YamlDocument;
}

/** Why a rule file, or the set, was refused. */
export interface LoadProblem {
  /** What the problem is about: a file, or an identity. */
  readonly subject: string;
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
}

/** The outcome of loading a repository's rules. */
export interface RuleSet {
  /**
   * The rules to audit and run: the effective set in order when the load is whole; when it was
   * refused, every rule that loaded on its own, in load order (audited, never run as the set).
   */
  readonly rules: readonly Rule[];
  /** True when a problem refused the set. */
  readonly refused: boolean;
  readonly problems: readonly LoadProblem[];
  /** The vendored packages as found (the rule_package validator audits them). */
  readonly packages: readonly RulePackage[];
  /** Every rule file that was read, in load order, with its provenance. */
  readonly files: readonly { readonly file: string; readonly provenance: Provenance }[];
}

/** The rules directory of a layout (`.ai/repo/rules` unless the manifest says otherwise). */
export function rulesDir(layout: Layout): string {
  return layout.section('rules') ?? `${layout.repoDir}/rules`;
}

/** Load, validate and resolve every rule of the repository. Never throws for bad rule files. */
export function loadRuleSet(layout: Layout): RuleSet {
  const dir = rulesDir(layout);
  const tree = layout.tree;
  const packages = listDirectories(tree, `${dir}/vendor`).map((vendor) => readRulePackage(tree, `${dir}/vendor/${vendor}`, vendor));
  const files: { file: string; provenance: Provenance }[] = [];
  for (const pkg of packages) {
    const provenance: Provenance = { origin: 'vendor', vendor: pkg.vendor };
    const listed = listedFiles(pkg);
    // a package whose manifest cannot be read is still loaded (in byte order) so its rules are audited
    const order = listed ? listed.filter((file) => pkg.filesOnDisk.includes(file)) : pkg.filesOnDisk;
    for (const file of order) files.push({ file, provenance });
  }
  for (const file of listRuleFiles(tree, `${dir}/project`)) files.push({ file, provenance: { origin: 'project' } });
  const set = loadRuleFiles(tree, files, packages);
  if (packages.some((pkg) => pkg.vendor === BASELINE_VENDOR)) return set;
  // without the baseline nothing would check the layer, and a gate would pass on nothing
  const missing: LoadProblem = {
    subject: `${dir}/vendor/${BASELINE_VENDOR}`,
    message: `the baseline package is not vendored under ${dir}/vendor/${BASELINE_VENDOR}, so nothing checks the layer (run: majordomus rules vendor update)`,
  };
  return { ...set, refused: true, problems: [missing, ...set.problems] };
}

/** Load the given rule files of `tree` and resolve them as one set. */
export function loadRuleFiles(tree: Tree, files: readonly { file: string; provenance: Provenance }[], packages: readonly RulePackage[] = []): RuleSet {
  const problems: LoadProblem[] = [];
  const loaded: Rule[] = [];
  for (const { file, provenance } of files) {
    const result = loadRuleFile(tree, file, provenance);
    if (Array.isArray(result)) for (const problem of result) problems.push(problem);
    else loaded.push(result);
  }
  const resolution = resolveRules(loaded);
  for (const problem of resolution.problems) problems.push(problem);
  const refused = problems.length > 0;
  return { rules: refused ? loaded : resolution.effective, refused, problems, packages, files };
}

/** Load and validate one rule file of `tree`; a list of problems when it is refused. */
export function loadRuleFile(tree: Tree, file: string, provenance: Provenance): Rule | LoadProblem[] {
  let text: string;
  try {
    text = tree.readText(file);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return [{ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` }];
  }
  return loadRuleText(text, file, provenance);
}

/** Validate a rule object's text as the file `file` (before it is written, or as read). */
export function loadRuleText(text: string, file: string, provenance: Provenance): Rule | LoadProblem[] {
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
    return [{ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` }];
  }
  const problems: LoadProblem[] = checkSchema('rule', doc, describeRuleKey).map((problem) => ({
    subject: file,
    file,
    line: problem.line,
    message: problem.message,
  }));
  const front = doc.value as RuleFrontMatter;
  if (provenance.origin === 'project' && typeof front.id === 'string' && front.id.startsWith(RESERVED_NAMESPACE)) {
    problems.push({
      subject: file,
      file,
      line: doc.lines.get('id'),
      message: `the project rule ${front.id} claims the reserved \`${RESERVED_NAMESPACE}\` namespace (rename it, e.g. project.${front.id.slice(RESERVED_NAMESPACE.length)})`,
    });
  }
  for (const missing of missingSections(body)) {
    problems.push({ subject: file, file, line: bodyLine, message: `the body has no non-empty \`# ${missing}\` section (add it; every rule carries ${RULE_SECTIONS.map((s) => `# ${s}`).join(', ')})` });
  }
  if (problems.length > 0) return problems;
  const x = front['x-majordomus'];
  return {
    id: front.id,
    version: front.version,
    identity: `${front.id}@${front.version}`,
    title: front.title,
    statement: front.statement,
    status: front.status,
    class: front.class,
    dependsOn: front.depends_on ?? [],
    enforcement: x
      ? {
          validator: x.validator,
          category: x.category,
          enforcedBy: x.enforced_by,
          exitCode: x.exit_code,
          tests: x.tests,
          policyKey: x.policy_key,
          options: x.options as Record<string, unknown> | undefined,
        }
      : undefined,
    file,
    provenance,
    frontMatter: front,
    doc,
  };
}

function describeRuleKey(key: string, keyword: string, _params: Record<string, unknown>, value: unknown): string | undefined {
  if (key === 'id' && keyword === 'pattern') {
    return `\`id\` is ${JSON.stringify(value)}, which is not a dotted identifier (segments of letters, digits, - and _ joined by dots, e.g. project.my-rule)`;
  }
  if (/^depends_on\.\d+$/.test(key) && keyword === 'pattern') {
    return `\`${key}\` is ${JSON.stringify(value)}, which is not an exact id@version reference (e.g. majordomus.define-done-first@1)`;
  }
  if (key === 'kind' && keyword === 'const') return `\`kind\` is ${JSON.stringify(value)}; a rule object declares kind: rule`;
  if (key === 'version' && keyword === 'type') return `\`version\` is ${JSON.stringify(value)}, which is not an integer`;
  return undefined;
}

/** The required body sections that are absent or empty. */
function missingSections(body: string): string[] {
  const found = new Map<string, boolean>();
  let current: string | undefined;
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^# (.+?)\s*$/.exec(line);
    if (heading) {
      current = heading[1]!;
      if (!found.has(current)) found.set(current, false);
      continue;
    }
    if (current !== undefined && line.trim() !== '') found.set(current, true);
  }
  return RULE_SECTIONS.filter((section) => found.get(section) !== true);
}

/** Resolve loaded rules into the effective set, or say why it cannot be. */
export function resolveRules(loaded: readonly Rule[]): { effective: Rule[]; problems: LoadProblem[] } {
  const problems: LoadProblem[] = [];
  const byIdentity = new Map<string, Rule>();
  for (const rule of loaded) {
    const first = byIdentity.get(rule.identity);
    if (first) {
      problems.push({
        subject: rule.identity,
        file: rule.file,
        line: rule.doc.lines.get('id'),
        message: `${rule.identity} is declared twice: in ${first.file} and in ${rule.file} (give one of them another id or version)`,
      });
      continue;
    }
    byIdentity.set(rule.identity, rule);
  }
  const active = [...byIdentity.values()].filter((rule) => rule.status === 'active');
  for (const rule of active) {
    rule.dependsOn.forEach((dependency, index) => {
      const target = byIdentity.get(dependency);
      const line = rule.doc.lines.get(`depends_on.${index}`) ?? rule.doc.lines.get('depends_on');
      if (!target) {
        problems.push({ subject: rule.identity, file: rule.file, line, message: `depends on ${dependency}, which no loaded rule provides (vendor or write it, or remove the dependency)` });
      } else if (target.status === 'deprecated') {
        problems.push({ subject: rule.identity, file: rule.file, line, message: `depends on ${dependency}, which is deprecated (depend on its successor)` });
      }
    });
  }
  for (const cycle of findCycles(active, byIdentity)) {
    const first = cycle[0]!;
    problems.push({
      subject: first.identity,
      file: first.file,
      line: first.doc.lines.get('depends_on'),
      message: `dependency cycle: ${[...cycle, first].map((rule) => rule.identity).join(' → ')} (break the cycle; members: ${cycle.map((r) => r.file).join(', ')})`,
    });
  }
  if (problems.length > 0) return { effective: [], problems };
  return { effective: topologicalOrder(active, byIdentity), problems };
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
