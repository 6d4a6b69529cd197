/** Which rules run at a gate: the gates a rule names, and the gates that include them (gates are cumulative). */

import type { GateName } from '../generated/gates';
import { gates } from '../generated/gates';
import type { Rule } from './rules';

/** True when `rule` runs at `gate`: it names the gate, or a gate this one includes (gates are cumulative). */
export function appliesAt(rule: Rule, gate: GateName): boolean {
  const names = rule.enforcement?.enforcedBy ?? [];
  return names.includes(gate) || gates[gate].includes.some((included) => names.includes(included));
}
