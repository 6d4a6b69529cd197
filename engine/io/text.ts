/**
 * Bytes as text, the one way: strict UTF-8 (a leading BOM dropped, a bad byte refused with its offset),
 * the size cap every reader of the layer applies, and the byte order listings and ids sort by.
 */
import { DocumentError } from './document-error';
import { readRegularFile } from './regular-file';

/** The size cap of a file of the layer, in bytes, unless a reader says otherwise. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * Read a text file under the size cap, decoding strict UTF-8 (a bad byte is refused with its offset).
 * Only a regular file is read: a FIFO, a socket, a device or a directory is refused before it is opened.
 */
export function readTextFile(path: string, display: string, maxBytes = DEFAULT_MAX_BYTES): string {
  return decodeUtf8(readRegularFile(path, display, maxBytes), display);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Bytes a tree holds for `path` as text: refused over `maxBytes`, else decoded as strict UTF-8. */
export function cappedText(bytes: Uint8Array, path: string, maxBytes: number): string {
  if (bytes.length > maxBytes) {
    throw new DocumentError(
      path,
      undefined,
      `is ${bytes.length} bytes, over the ${maxBytes}-byte cap`,
      'split the file or raise the size cap',
    );
  }
  return decodeUtf8(bytes, path);
}

/** Decode strict UTF-8 (a leading BOM dropped); a bad byte is refused with its offset. */
export function decodeUtf8(bytes: Uint8Array, display: string): string {
  try {
    const text = decoder.decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const offset = firstInvalidUtf8(bytes);
    throw new DocumentError(display, undefined, `is not UTF-8 text (invalid byte at offset ${offset})`, 'save the file as UTF-8');
  }
}

/**
 * The offset of the first byte of the first ill-formed UTF-8 sequence, in one linear pass (decoding
 * every prefix took minutes on a 1 MiB file with a bad last byte, and named the byte after a
 * truncated sequence, or the end of the file, instead of the sequence itself).
 */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) lo = 0xa0;
      else if (lead === 0xed) hi = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) lo = 0x90;
      else if (lead === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? lo : 0x80) || next > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

/** Compare strings by their UTF-8 bytes (stable across locales). */
export function byteOrder(a: string, b: string): number {
  // below U+D800, UTF-16 code units and UTF-8 bytes order alike: the bytes are needed only where a
  // surrogate or a character above them is the first difference (a folder listing sorts thousands)
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    return Buffer.compare(Buffer.from(a), Buffer.from(b));
  }
  return a.length - b.length;
}
