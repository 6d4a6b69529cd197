/**
 * What the `rules` actions share: the repository opened on its working tree (these are commands a person
 * runs, not gates), printing lines, a rule's provenance label, the refusal of a rule set with problems,
 * every rule that loaded (the effective set, then the deprecated and refused ones) and the nearest name by
 * edits. list.ts, show.ts, new.ts and vendor.ts import it; it imports none of them.
 */
import type { Invocation } from '../../commands/define';
import { ContractError } from '../../errors';
import { editDistance } from '../../gate/registry';
import type { GitRepository } from '../../io/git';
import type { Tree } from '../../io/tree';
import type { Layout } from '../../layer/layout';
import { Repository } from '../../layer/repository';
import type { Provenance, Rule, RuleSet } from '../../ruleset/rules';
import { loadRuleFile } from '../../ruleset/rules';

export interface Opened {
  readonly repository: Repository;
  readonly git: GitRepository;
  readonly layout: Layout;
  readonly tree: Tree;
}

/** The repository around `cwd`, its files read from the working tree: these commands are a person's, not gates. */
export function open(invocation: Invocation): Opened {
  const repository = Repository.open(invocation.cwd, { env: invocation.env, tree: 'working' });
  return { repository, git: repository.git, layout: repository.layout, tree: repository.layout.tree };
}

export function print(lines: readonly string[]): void {
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
}

/** `vendor:<name>` or `project`. */
export function provenanceLabel(provenance: Provenance): string {
  return provenance.origin === 'vendor' ? `vendor:${provenance.vendor}` : 'project';
}

/** The refusal of a rule set, one problem a line, for stderr. */
export function refusal(ruleSet: RuleSet): ContractError {
  const problems = ruleSet.problems.map((p) => `  ${p.file ?? p.subject}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}`);
  return new ContractError(
    `${ruleSet.problems.length} problem(s) refuse part of the rule set; the refused rules never run, the listed ones do (fix them, then run: majordomus doctor)`,
    problems,
  );
}

/** The rules of the set, then any rule that loaded but is not in it (deprecated or refused), in load order. */
export function everyLoadedRule(tree: Tree, ruleSet: RuleSet): Rule[] {
  const known = new Set(ruleSet.rules.map((rule) => rule.file));
  const rest: Rule[] = [];
  for (const { file, provenance } of ruleSet.files) {
    if (known.has(file)) continue;
    const rule = loadRuleFile(tree, file, provenance);
    if (!Array.isArray(rule)) rest.push(rule);
  }
  return [...ruleSet.rules, ...rest];
}

/** The candidate fewest edits away from `name` (ties: the first), or undefined when there is none. */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
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
