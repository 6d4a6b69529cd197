import { driftViolation, loadSession } from '../engine/brainstorm/session';
import type { DecisionField } from '../engine/brainstorm/session';
import { defineValidator } from '../engine/validator';

const CHECKS = ['decisions'] as const;

/** Options of a `brainstorm_ledger` rule. */
export interface BrainstormLedgerOptions {
  /** `decisions` (BS-LEDGER-01). */
  readonly check: (typeof CHECKS)[number];
}

const FILE = 'ledger.md';
const REQUIRED: readonly DecisionField[] = ['Decision', 'Why', 'How to apply'];

export default defineValidator<BrainstormLedgerOptions>({
  name: 'brainstorm_ledger',
  description: "A brainstorm session's decisions have unique ids and a non-empty Decision, Why and How to apply, each in its shape.",
  gates: ['session', 'manifest', 'move'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['check'],
    properties: { check: { type: 'string', enum: [...CHECKS] } },
  },
  exampleOptions: { check: 'decisions' },
  run(context) {
    // BS-LEDGER-01: the one check
    const { ledger } = loadSession(context.target);
    if (!ledger.present) {
      context.info({ subject: FILE, message: 'there is no ledger.md: no decision is recorded' });
      return;
    }
    for (const drift of ledger.drift) context.violation(driftViolation(drift));
    for (const decision of ledger.decisions) {
      for (const name of REQUIRED) {
        const field = decision.fields[name];
        if (!field) context.violation({ subject: FILE, file: FILE, line: decision.line, message: `${decision.id} has no \`- ${name}: …\`` });
        else if (field.value === '') context.violation({ subject: FILE, file: FILE, line: field.line, message: `${decision.id}'s \`${name}:\` is empty` });
      }
    }
    context.ok({ subject: FILE, file: FILE, message: `${ledger.decisions.length} decision(s) checked` });
  },
});
