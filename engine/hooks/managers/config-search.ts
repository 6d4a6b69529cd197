/**
 * What a hook manager's configuration says about one invocation at one git hook: it runs it, always and
 * with its exit code kept, at a key path of the file — or it does not, and why, in words that follow the
 * file's name (or `name:line`) in a message.
 */
import type { Invocation } from '../blocks';

/** A key path in a configuration file (`['pre-commit', 'commands', 'lint']`). */
export type KeyPath = readonly (string | number)[];

export type ConfigSearch =
  | { readonly wired: true; readonly path: KeyPath }
  | {
      readonly wired: false;
      /** Where the problem is, when it is at one key. */
      readonly path?: KeyPath;
      /** What is wrong and what to do, said of the file. */
      readonly problem: string;
    };

/** One invocation to wire at one git hook, with the policy entry's name for the command it becomes. */
export interface WiringItem {
  readonly hook: string;
  /** The enforcement entry's name (`doctor-on-commit`), when it has one. */
  readonly name?: string;
  readonly invocation: Invocation;
}
