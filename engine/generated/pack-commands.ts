// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: rules/*/pack.yaml (cli, commands); regenerate with `npm run generate`
// Generator: majordomus 0.1.0

import type { Command } from 'commander';
import type { PackName } from './packs';
import { register as registerBrainstorm } from '../brainstorm/cli';

/** The commands one pack adds to the command line. */
export interface PackCommands {
  readonly pack: PackName;
  /** The top-level commands `register` adds. */
  readonly commands: readonly string[];
  /** Add them (each command module is imported only when it runs). */
  readonly register: (program: Command) => void;
}

/** The packs that add commands, in registry order. */
export const packCommands: readonly PackCommands[] = Object.freeze([Object.freeze({
  pack: 'brainstorm',
  commands: Object.freeze(['brainstorm'] as const),
  register: registerBrainstorm,
})]);
