import { UsageError } from '../errors';
import type { Unreadable } from './unreadable';

/**
 * The mark of a refusal to read, shared by every copy of the engine (a symbol of the global registry):
 * a repository validator that imports another installation's toolkit still recognises what this one throws.
 */
export const UNREADABLE: unique symbol = Symbol.for('majordomus.unreadable') as never;

/**
 * A document the layer refuses to read: it names the file, the line when there is one, what was found
 * and what to do. A command that parses a file directly exits 2 with it; a gate turns it into a FAIL.
 */
export class DocumentError extends UsageError implements Unreadable {
  readonly [UNREADABLE] = true;

  constructor(
    /** Repository-relative (or as given) path of the refused file. */
    readonly file: string,
    /** 1-based line in the file, when the refusal has one. */
    readonly line: number | undefined,
    /** What was found, without the location. */
    readonly reason: string,
    /** What to do about it. */
    readonly fix: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${reason} (${fix})`);
  }
}

export { escapeControls, printable } from './printable';
