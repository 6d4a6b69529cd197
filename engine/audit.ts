/**
 * The engine's audit of itself: the distribution's own rule-package and doctrine-wiring rules. While
 * anything of a repository's rule set is refused, the runner adds each one the effective set lacks (a
 * vendored audit rule may be among the refused), and runs the load audit at every gate, so a refusal is
 * always reported, precisely, and always fails the gate.
 */
import { distributionRoot } from './layer/distribution';
import { WorkingTree } from './layer/tree';
import { loadRuleFile } from './rules';
import type { Rule } from './rules';

const AUDIT_RULE_FILES = ['rule-package-integrity.v1.md', 'doctrine-wiring-integrity.v1.md'];

/** The id of the audit rule that reports what the load refused. */
export const LOAD_AUDIT_RULE = 'majordomus.rule-package-integrity';

/** The audit rules as the distribution ships them. */
export function auditRules(): Rule[] {
  const tree = new WorkingTree(distributionRoot());
  return AUDIT_RULE_FILES.map((name) => {
    const file = `rules/majordomus/rules/${name}`;
    const rule = loadRuleFile(tree, file, { origin: 'vendor', vendor: 'majordomus' });
    if (Array.isArray(rule)) throw new Error(`the distribution's audit rule ${file} does not load: ${rule[0]?.message}`);
    return rule;
  });
}
