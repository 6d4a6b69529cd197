/**
 * `rules show <id>` (or `id@version`): the rule file as written, its validator (never importing the
 * repository's own), its file, provenance and status.
 */
import type { Invocation } from '../../commands/define';
import { UsageError } from '../../errors';
import { builtinRegistry } from '../../gate/registry';
import type { Rule } from '../../ruleset/rules';
import { loadRuleSet } from '../../ruleset/rules';
import { everyLoadedRule, nearestName, open, print, provenanceLabel } from './shared';

/** `rules show <id>`: the rule as written, its validator, and where it came from. */
export async function runRulesShow(query: string, invocation: Invocation): Promise<void> {
  const { layout, tree } = open(invocation);
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

/** `id@version` exactly, or `id`: the active one, else the highest version. */
function findRule(rules: readonly Rule[], query: string): Rule | undefined {
  if (/@\d+$/.test(query)) return rules.find((rule) => rule.identity === query);
  const matches = rules.filter((rule) => rule.id === query);
  return matches.find((rule) => rule.status === 'active') ?? matches.sort((a, b) => b.version - a.version)[0];
}
