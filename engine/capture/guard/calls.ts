/**
 * What a program run is to the walk of a line: its words, the variables the line set for it and its
 * input (Call), what it prints as far as that is known (Output), and what the programs ask of the walk
 * (Walk): to run another command, to walk a shell string, the files written earlier on the line.
 */
import type { Field, Judgement } from './fields';
import { text, unknownField } from './fields';

/** What a program reads on its standard input. */
export type Stdin =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string }
  /** Not known; `item` is the shape of each line when it is (paths under a folder `find` lists). */
  | { readonly kind: 'unknown'; readonly item?: Field };

/** One program run: its words, the variables the line set for it, its input. */
export interface Call {
  readonly argv: readonly Field[];
  readonly env: ReadonlyMap<string, Field>;
  readonly stdin: Stdin;
}

/** What a program prints, as far as it is known, and the shape of each line of it. */
export interface Output {
  readonly stdout: Field;
  readonly item?: Field;
}

/** What the programs need from the walk of the line. */
export interface Walk {
  readonly judgement: Judgement;
  /** The absolute directory the line started in. */
  readonly start: string;
  /** The directory now, as parts from the start (absolute when the first part is ''), undefined when unknown. */
  cwd: string[] | undefined;
  /** Aliases `git config alias.*` set earlier on the line. */
  readonly gitAliases: Map<string, string>;
  run(call: Call): Output;
  /** Walk `source` as a shell script: a new shell (sh -c) or this one (eval, source). */
  shell(
    source: string,
    options: { positional?: readonly Field[]; env: ReadonlyMap<string, Field>; stdin: Stdin; where: string; same: boolean },
  ): Output;
  /** The text of a file written earlier on the line. */
  file(path: Field): string | undefined;
  /** Whether a path exists, relative to where the line started. */
  exists(path: string): boolean;
  /** An alias in the repository's git configuration. */
  configAlias(name: string): string | undefined;
  /** Set (and, with `exported`, export) a variable of this shell. */
  assign(name: string, value: Field | undefined, exported: boolean): void;
  /** A variable of this shell set on the line. */
  variable(name: string): Field | undefined;
  /** Export a variable of this shell (`export NAME`). */
  exportVariable(name: string): void;
  /** Set the positional parameters (`set -- a b`). */
  setPositional(values: readonly Field[]): void;
  defineAlias(name: string, value: string): void;
}

/** Output nothing is known of. */
export const NOTHING: Output = { stdout: unknownField() };
/** No output. */
export const EMPTY: Output = { stdout: text('') };
