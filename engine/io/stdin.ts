/**
 * What a command reads from its standard input — a body (a checkpoint, a handover, a completion note, a
 * session summary) or a provider hook's payload: one reader for every command, one size cap, one
 * encoding rule.
 *
 * The reader blocks until the writer closes the pipe, however late its bytes come: a descriptor left
 * non-blocking by whoever started us (asking Node whether fd 0 is a terminal through `process.stdin`
 * does that) answers EAGAIN while the writer is still working, and that is waited out, never read as
 * the end. It stops at the cap plus one byte, so `< /dev/zero` costs a megabyte, not the machine's
 * memory. A terminal is asked about with `isatty`, which changes nothing on the descriptor.
 */
import { readSync } from 'node:fs';
import { isatty } from 'node:tty';
import { UsageError } from '../errors';

/** The longest body or payload read from stdin. */
export const MAX_STDIN_BYTES = 1024 * 1024;

/** What stdin held. */
export type StdinRead =
  /** A terminal: nobody piped anything in, and waiting would hang. */
  | { readonly kind: 'terminal' }
  /** Every byte up to the end, at most the cap. */
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  /** More than the cap: reading stopped one byte past it. */
  | { readonly kind: 'over'; readonly limit: number }
  /** It could not be read (an error other than a closed or absent stdin). */
  | { readonly kind: 'unreadable'; readonly code: string };

const CHUNK_BYTES = 64 * 1024;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Read stdin to its end, blocking, and stopping at `limit` + 1 bytes. A closed or absent stdin is no bytes. */
export function readStdin(limit: number = MAX_STDIN_BYTES, fd = 0): StdinRead {
  if (isatty(fd)) return { kind: 'terminal' };
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(CHUNK_BYTES);
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, chunk, 0, Math.min(chunk.length, limit + 1 - total), null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      // a non-blocking descriptor with nothing yet: the writer is not done, so wait for it
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        Atomics.wait(PAUSE, 0, 0, 5);
        continue;
      }
      // no stdin at all (closed, or a descriptor that cannot be read as a stream) is nothing piped in
      if (code === 'EBADF' || code === 'ENXIO' || code === 'EINVAL' || code === 'EOF') break;
      return { kind: 'unreadable', code };
    }
    if (read === 0) break;
    chunks.push(Buffer.from(chunk.subarray(0, read)));
    total += read;
    if (total > limit) return { kind: 'over', limit };
  }
  return { kind: 'bytes', bytes: Buffer.concat(chunks, total) };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** `bytes` as strict UTF-8 text without NUL, or undefined when they are not (U+FFFD itself is text). */
export function stdinText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The body on stdin, as text: at most 1 MiB of UTF-8 without NUL bytes, else refused (2). A terminal is
 * refused rather than waited on (2), or, with `terminal: 'empty'` (a command whose body is optional),
 * read as no body.
 */
export function readBody(command: string, options: { terminal?: 'refuse' | 'empty' } = {}): string {
  const read = readStdin();
  if (read.kind === 'terminal') {
    if (options.terminal === 'empty') return '';
    throw new UsageError(
      `${command}: the body is read from stdin, which is a terminal (pipe it in: echo "…" | majordomus ${command}; an empty body: majordomus ${command} < /dev/null)`,
    );
  }
  if (read.kind === 'unreadable') throw new UsageError(`${command}: cannot read the body from stdin (${read.code}) (pipe the body in)`);
  if (read.kind === 'over') throw new UsageError(`${command}: the body on stdin is over the ${read.limit}-byte limit (shorten it)`);
  const text = stdinText(read.bytes);
  if (text === undefined) throw new UsageError(`${command}: the body on stdin is not UTF-8 text (pipe text in)`);
  return text.replace(/\r\n/g, '\n');
}
