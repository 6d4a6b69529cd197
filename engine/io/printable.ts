/**
 * Values printed on one line of text output: a file name or a message a user wrote may hold anything.
 */

/**
 * Escape every character that could break or forge a line of text output: C0 and C1 controls (newline,
 * carriage return, the escape that opens an ANSI sequence), DEL, and the Unicode line and paragraph
 * separators, each as `\uXXXX`. Everything else is kept as it is.
 */
export function escapeControls(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Make a value safe to print on one terminal line (escapeControls), cut after `max` characters. */
export function printable(value: string, max = 120): string {
  const escaped = escapeControls(value);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}
