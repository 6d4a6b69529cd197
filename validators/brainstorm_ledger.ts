import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { DecisionField, Session } from '../engine/brainstorm/session';
import { driftViolation } from '../engine/brainstorm/session';

const FILE = 'ledger.md';
const REQUIRED: readonly DecisionField[] = ['Decision', 'Why', 'How to apply'];

export default defineSessionValidator({
  name: 'brainstorm_ledger',
  description: "A brainstorm session's decisions have unique ids and a non-empty Decision, Why and How to apply, each in its shape.",
  checks: { decisions },
});

/** BS-LEDGER-01: unique ids, and a non-empty Decision, Why and How to apply, each in its shape. */
function decisions(context: SessionContext, { ledger }: Session): void {
  if (!ledger.present) {
    context.info({ subject: FILE, message: 'there is no ledger.md: no decision is recorded' });
    return;
  }
  for (const drift of ledger.drift) context.violation(driftViolation(drift));
  for (const decision of ledger.decisions) {
    for (const name of REQUIRED) {
      const field = decision.fields[name];
      if (!field) context.violation({ subject: FILE, file: FILE, line: decision.line, message: `${decision.id} has no \`- ${name}: …\`` });
      else if (field.value === '')
        context.violation({ subject: FILE, file: FILE, line: field.line, message: `${decision.id}'s \`${name}:\` is empty` });
    }
  }
  context.ok({ subject: FILE, file: FILE, message: `${ledger.decisions.length} decision(s) checked` });
}
