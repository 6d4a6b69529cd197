/**
 * The shape every brainstorm validator shares: it judges one session folder (`context.target`), runs at
 * the pack's three gates, and takes one option, `check`, naming which of its checks a rule runs.
 */
import { defineValidator } from '../validator';
import type { Validator, ValidatorContext } from '../validator';
import { loadSession } from './session';
import type { Session } from './session';

/** The context a brainstorm check receives. */
export type SessionContext = ValidatorContext<{ readonly check: string }>;

/** One check: it reports through the context, over the session parsed once per process. */
export type SessionCheck = (context: SessionContext, session: Session) => void;

/** A validator of the brainstorm pack: its checks by name; a rule selects one with `options.check`. */
export function defineSessionValidator(spec: {
  readonly name: string;
  readonly description: string;
  readonly checks: Readonly<Record<string, SessionCheck>>;
}): Validator<{ readonly check: string }> {
  const names = Object.keys(spec.checks);
  return defineValidator<{ readonly check: string }>({
    name: spec.name,
    description: spec.description,
    gates: ['session', 'manifest', 'move'],
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: { check: { type: 'string', enum: names } },
    },
    exampleOptions: { check: names[0]! },
    run(context) {
      spec.checks[context.options.check]!(context, loadSession(context.target));
    },
  });
}
