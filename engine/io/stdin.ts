/**
 * The body a command reads from its standard input (a checkpoint, a handover, a completion note, a
 * session summary): one reader for every command, one size cap, one encoding rule.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors';

/** The longest body read from stdin. */
const MAX_STDIN_BYTES = 1024 * 1024;

/**
 * The body on stdin, as text: at most 1 MiB of UTF-8 without NUL bytes, else refused (2). A terminal is
 * refused rather than waited on (2), or, with `terminal: 'empty'` (a command whose body is optional),
 * read as no body.
 */
export function readBody(command: string, options: { terminal?: 'refuse' | 'empty' } = {}): string {
  if (process.stdin.isTTY && options.terminal === 'empty') return '';
  if (process.stdin.isTTY)
    throw new UsageError(
      `${command}: the body is read from stdin, which is a terminal (pipe it in: echo "…" | majordomus ${command}; an empty body: majordomus ${command} < /dev/null)`,
    );
  let bytes: Buffer;
  try {
    bytes = readFileSync(0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // no stdin at all (closed) is an empty body
    if (code === 'EBADF' || code === 'ENXIO' || code === 'EINVAL') return '';
    throw new UsageError(`${command}: cannot read the body from stdin (${code ?? 'error'}) (pipe the body in)`);
  }
  if (bytes.length > MAX_STDIN_BYTES)
    throw new UsageError(`${command}: the body on stdin is ${bytes.length} bytes, over the ${MAX_STDIN_BYTES}-byte limit (shorten it)`);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD') || bytes.includes(0)) throw new UsageError(`${command}: the body on stdin is not UTF-8 text (pipe text in)`);
  return text.replace(/\r\n/g, '\n');
}
