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
import { DEFAULT_MAX_BYTES, readTextFile } from '../io/text';
import { parsedAhead } from './yaml-ahead';
import type { YamlDocument } from './yaml-document';
import { parseYamlFast } from './yaml-fast';
import { parseYamlFull } from './yaml-full';

export type { YamlDocument } from './yaml-document';
export { MAX_DEPTH, parseYamlFull } from './yaml-full';

export interface YamlOptions {
  /** Lines before the first line of `text` in its file (front matter starts at line 2). */
  readonly lineOffset?: number;
  /** The size cap in bytes; 1 MiB unless said otherwise. */
  readonly maxBytes?: number;
}

/** Parse `text` as a document of the layer's YAML subset, or throw a DocumentError. */
export function parseYaml(text: string, file: string, options: YamlOptions = {}): YamlDocument {
  const offset = options.lineOffset ?? 0;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (text.length > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw new DocumentError(file, undefined, `larger than ${maxBytes} bytes`, 'split the file or raise the size cap');
  }
  return parsedAhead(text, offset) ?? parseYamlFast(text, offset) ?? parseYamlFull(text, file, offset);
}

/**
 * Read and parse a YAML file. The size is checked before a byte is read and the bytes must be UTF-8;
 * `display` is the path printed in refusals.
 */
export function readYamlFile(path: string, display: string, options: YamlOptions = {}): YamlDocument {
  return parseYaml(readTextFile(path, display, options.maxBytes), display, options);
}
