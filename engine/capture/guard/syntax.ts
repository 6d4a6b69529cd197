/**
 * The tree the shell parser (shell.ts) builds of a command line: a script of and-or lists of
 * pipelines of commands, each simple command's assignments, words and redirections, and each word's
 * parts — text (quoted or not), parameters, command and process substitutions, arithmetic — so a
 * walk can tell the text a command receives from text it only looks like.
 */

export type Part =
  | { readonly kind: 'text'; readonly value: string; readonly quoted: boolean }
  | { readonly kind: 'param'; readonly name: string; readonly quoted: boolean; readonly op?: string; readonly word?: Word }
  | { readonly kind: 'command'; readonly script: Script; readonly quoted: boolean }
  | { readonly kind: 'process'; readonly script: Script }
  | { readonly kind: 'arith'; readonly parts: readonly Part[] };

export interface Word {
  readonly parts: readonly Part[];
  /** The source text of the word. */
  readonly raw: string;
}

export interface Redirect {
  readonly op: string;
  readonly fd?: string;
  /** The file (or descriptor) a redirection names; a here-string's word. */
  readonly target?: Word;
  /** A heredoc's body: its text, and its parts when the delimiter was unquoted (then `$(…)` in it runs). */
  readonly heredoc?: { body: string; parts?: readonly Part[] };
}

export interface Assignment {
  readonly name: string;
  readonly append: boolean;
  readonly value?: Word;
  readonly array?: readonly Word[];
}

export type Command =
  | {
      readonly kind: 'simple';
      readonly assigns: readonly Assignment[];
      readonly words: readonly Word[];
      readonly redirects: readonly Redirect[];
    }
  | { readonly kind: 'subshell' | 'group'; readonly body: Script; readonly redirects: readonly Redirect[] }
  /** if, while, until, select and the bodies of case: every part that may run, in order. */
  | {
      readonly kind: 'compound';
      readonly bodies: readonly Script[];
      readonly words: readonly Word[];
      readonly redirects: readonly Redirect[];
    }
  | {
      readonly kind: 'for';
      readonly name: string;
      readonly items?: readonly Word[];
      readonly body: Script;
      readonly redirects: readonly Redirect[];
    }
  | { readonly kind: 'function'; readonly name: string; readonly body: Command }
  /** `[[ … ]]` and `(( … ))`: only their expansions run. */
  | { readonly kind: 'test'; readonly words: readonly Word[]; readonly redirects: readonly Redirect[] };

export interface Pipeline {
  readonly commands: readonly Command[];
}

export interface AndOr {
  readonly pipelines: readonly Pipeline[];
  /** `&&` or `||` before each pipeline after the first. */
  readonly ops: readonly string[];
  readonly background: boolean;
}

export interface Script {
  readonly items: readonly AndOr[];
}

/** What the parser cannot read: the line is refused, never guessed at. */
export class ShellSyntaxError extends Error {}

/** A word's text when it has no expansion (quotes removed): the delimiter of a heredoc. */
export function literal(word: Word): string {
  return word.parts.map((part) => (part.kind === 'text' ? part.value : part.kind === 'param' ? `$${part.name}` : '')).join('');
}
