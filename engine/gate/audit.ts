/**
 * The engine's audit of itself: the distribution's own rule-package and doctrine-wiring rules. While
 * anything of a repository's rule set is refused, the runner adds each one the effective set lacks (a
 * vendored audit rule may be among the refused), and runs the load audit at every gate, so a refusal is
 * always reported, precisely, and always fails the gate.
 */
import { BASELINE_PACK } from '../packs/registry';
import { shippedRules } from '../packs/shipped';
import type { Rule } from '../ruleset/rules';

/** The id of the audit rule that reports what the load refused. */
export const LOAD_AUDIT_RULE = 'majordomus.rule-package-integrity';

/** The ids of the audit rules. */
const AUDIT_RULES: readonly string[] = [LOAD_AUDIT_RULE, 'majordomus.doctrine-wiring-integrity'];

/** The audit rules as the distribution ships them. */
export async function auditRules(): Promise<Rule[]> {
  return (await shippedRules(BASELINE_PACK)).filter((rule) => AUDIT_RULES.includes(rule.id));
}
