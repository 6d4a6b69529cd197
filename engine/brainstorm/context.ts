/**
 * What the brainstorm pack hands its validators (pack.yaml `context:`): the session folder a gate
 * judges, read once per run of the gate. The runner builds it before the first rule runs, so a folder
 * that cannot be judged stops the gate with exit 2, and each validator reads the same model through
 * `context.model(sessionModel)` — nothing is kept in a module between runs.
 */

import type { AnyModelProvider } from '../api/validator';
import { defineModel } from '../api/validator';
import { openSession } from './session';

/** The session in the folder a brainstorm gate judges. */
export const sessionModel = defineModel({
  name: 'brainstorm session',
  target: 'folder',
  build: (target) => openSession(target.path, target.env),
});

/** The models of the pack's gates. */
export const models: readonly AnyModelProvider[] = [sessionModel];
