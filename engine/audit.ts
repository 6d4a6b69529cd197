/**
 * The engine's audit of itself. When a repository's rule set is refused, none of it runs; what runs
 * instead are the distribution's own two audit rules, so the refusal, the package integrity and the
 * wiring are still reported, precisely, at whatever gate was asked.
 */
import { distributionRoot } from './layer/distribution';
import { WorkingTree } from './layer/tree';
import { loadRuleFile } from './rules';
import type { Rule } from './rules';

const AUDIT_RULE_FILES = ['rule-package-integrity.v1.md', 'doctrine-wiring-integrity.v1.md'];

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
