import { UsageError } from '../errors';

/**
 * A document the layer refuses to read: it names the file, the line when there is one, what was found
 * and what to do. A command that parses a file directly exits 2 with it; a gate turns it into a FAIL.
 */
export class DocumentError extends UsageError {
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

/** Make a value safe to print on one terminal line: control characters and ANSI sequences escaped. */
export function printable(value: string, max = 120): string {
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}
