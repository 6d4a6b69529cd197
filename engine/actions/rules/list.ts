/**
 * `rules list`: the effective rule set in load order — identity, class, provenance, gates — as aligned
 * columns or JSON lines, then exit 10 naming what was refused.
 */
import type { Invocation } from '../../commands/define';
import { loadRuleSet } from '../../ruleset/rules';
import { open, print, provenanceLabel, refusal } from './shared';

export interface RulesListOptions {
  readonly json?: boolean;
}

/** `rules list`: the effective set in order; when something was refused, then exit 10 naming it. */
export async function runRulesList(options: RulesListOptions, invocation: Invocation): Promise<void> {
  const { layout } = open(invocation);
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
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
}
