/**
 * Resolving loaded rules into the effective set: duplicate identities, missing, deprecated or refused
 * dependencies, cycles (strongly connected components, Tarjan's algorithm) and the refusals they carry
 * to every dependent, then a stable topological order over `depends_on` (Kahn's algorithm, the ready rule
 * that loaded first taken first, through a small binary heap). Loading the files is load.ts's.
 */
import type { LoadProblem, Rule } from '../layer/rule-types';

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
