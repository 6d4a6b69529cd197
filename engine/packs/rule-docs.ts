/**
 * Where a rule is documented. docs/RULES.md (written by tools/catalogue.ts) lists every rule of every
 * pack the distribution ships, each row carrying an anchor of its own, so a finding, a SARIF rule or a
 * reader can point at one rule. A repository's own rules are not there: their file is their document.
 */

import type { Rule } from '../ruleset/rules';
import { packNames } from './registry';

/** The catalogue page, relative to the distribution's root. */
export const RULES_PAGE = 'docs/RULES.md';

/**
 * The packs under the distribution's `rules/` folder, which docs/RULES.md documents: the pack registry
 * (a test holds it to the folders). A vendored rule of any other vendor has no row there.
 */
export const DOCUMENTED_PACKS: readonly string[] = packNames;

/** The anchor of a rule's row in docs/RULES.md: `rule-<id>` (an id holds only letters, digits, `.`, `_`, `-`). */
export function ruleAnchor(id: string): string {
  return `rule-${id}`;
}

/** `docs/RULES.md#rule-<id>` for a rule of a pack the distribution ships, else undefined. */
export function ruleHelp(rule: Pick<Rule, 'id' | 'provenance'>): string | undefined {
  const { provenance } = rule;
  if (provenance.origin !== 'vendor' || !DOCUMENTED_PACKS.includes(provenance.vendor)) return undefined;
  return `${RULES_PAGE}#${ruleAnchor(rule.id)}`;
}
