/**
 * The one YAML language of the layer. Every YAML document, whether a file or a front matter, goes
 * through parseYaml: the fast path (yaml-fast.ts) reads the regular core the layer's documents are
 * written in, and the full parser (yaml-full.ts) everything it declines — the `yaml` package under the
 * 1.2 core schema, after a subset check that refuses what other parsers would read differently (tabs,
 * anchors, aliases, tags, flow mappings, block scalars, nested flow sequences, duplicate and prototype
 * keys, several documents, deep nesting). Every refusal is a DocumentError naming the file and line
 * and the fix. The `yaml` package is loaded only when the full parser first runs.
 */
import { DocumentError } from '../io/document-error';
import { readRegularFile } from '../io/regular-file';
import type { YamlDocument } from './yaml-document';
import { parseYamlFast } from './yaml-fast';
import { parseYamlFull } from './yaml-full';

export { MAX_DEPTH, parseYamlFull } from './yaml-full';

export type { YamlDocument } from './yaml-document';

export interface YamlOptions {
  /** Lines before the first line of `text` in its file (front matter starts at line 2). */
  readonly lineOffset?: number;
  /** The size cap in bytes; 1 MiB unless said otherwise. */
  readonly maxBytes?: number;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Parse `text` as a document of the layer's YAML subset, or throw a DocumentError. */
export function parseYaml(text: string, file: string, options: YamlOptions = {}): YamlDocument {
  const offset = options.lineOffset ?? 0;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (text.length > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw new DocumentError(file, undefined, `larger than ${maxBytes} bytes`, 'split the file or raise the size cap');
  }
  return parseYamlFast(text, offset) ?? parseYamlFull(text, file, offset);
}

/**
 * Read and parse a YAML file. The size is checked before a byte is read and the bytes must be UTF-8;
 * `display` is the path printed in refusals.
 */
export function readYamlFile(path: string, display: string, options: YamlOptions = {}): YamlDocument {
  return parseYaml(readTextFile(path, display, options.maxBytes), display, options);
}

/**
 * Read a text file under the size cap, decoding strict UTF-8 (a bad byte is refused with its offset).
 * Only a regular file is read: a FIFO, a socket, a device or a directory is refused before it is opened.
 */
export function readTextFile(path: string, display: string, maxBytes = DEFAULT_MAX_BYTES): string {
  return decodeUtf8(readRegularFile(path, display, maxBytes), display);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

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
