/**
 * The command families of this CLI a use case can demonstrate: the engine's own families of the one
 * list (engine/commands/index.ts); a pack's families are the pack's. A new family is a coverage gap
 * the moment it is declared.
 */
import { COMMAND_FAMILIES as DECLARED } from '../commands/index';

export const COMMAND_FAMILIES: readonly string[] = Object.freeze(
  DECLARED.filter((family) => family.pack === undefined).map((family) => family.family),
);
