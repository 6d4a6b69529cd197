/**
 * The shape every brainstorm validator shares: it judges one session folder (`context.target`), runs at
 * the pack's three gates, and takes one option, `check`, naming which of its checks a rule runs. The
 * session reaches each check through the context, read once per run (engine/brainstorm/context.ts).
 */

import { schema } from '../api/toolkit/options-schema';
import type { FolderContext, Validator } from '../api/validator';
import { defineValidator } from '../api/validator';
import type { FolderGateName } from '../generated/gates';
import { sessionModel } from './context';
import type { Session } from './session';

/** The gates a brainstorm validator runs at: the pack's three, each judging a session folder. */
type SessionGate = Extract<FolderGateName, 'session' | 'manifest' | 'move'>;

/** The context a brainstorm check receives. */
export type SessionContext = FolderContext<{ readonly check: string }>;

/** One check: it reports through the context, over the session the gate read for this run. */
export type SessionCheck = (context: SessionContext, session: Session) => void;

/** A validator of the brainstorm pack: its checks by name; a rule selects one with `options.check`. */
export function defineSessionValidator(spec: {
  readonly name: string;
  readonly description: string;
  readonly checks: Readonly<Record<string, SessionCheck>>;
}): Validator<{ readonly check: string }, SessionGate> {
  const names = Object.keys(spec.checks);
  return defineValidator<{ readonly check: string }, SessionGate>({
    name: spec.name,
    description: spec.description,
    gates: ['session', 'manifest', 'move'],
    optionsSchema: schema.object({ check: schema.enum(names) }),
    exampleOptions: { check: names[0]! },
    run(context) {
      spec.checks[context.options.check]!(context, context.model(sessionModel));
    },
  });
}
