/**
 * The one YAML language of the layer. Every YAML document, whether a file or a front matter, goes
 * through parseYaml: the `yaml` package parses it under the 1.2 core schema, and a subset check first
 * refuses what other parsers would read differently (tabs, anchors, aliases, tags, flow mappings, block
 * scalars, nested flow sequences, duplicate and prototype keys, several documents, deep nesting).
 * Every refusal is a DocumentError naming the file and line and the fix.
 */
import { CST, Lexer, LineCounter, isAlias, isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { DocumentError, printable } from './document-error';
import { readRegularFile } from './regular-file';
import type { YamlDocument } from './yaml-document';
import { parseYamlFast } from './yaml-fast';

export type { YamlDocument } from './yaml-document';

export interface YamlOptions {
  /** Lines before the first line of `text` in its file (front matter starts at line 2). */
  readonly lineOffset?: number;
  /** The size cap in bytes; 1 MiB unless said otherwise. */
  readonly maxBytes?: number;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const MAX_DEPTH = 64;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype', '<<']);

const TOKEN_REFUSALS: Readonly<Record<string, [reason: string, fix: string]>> = {
  anchor: ['an anchor (&name) is outside the YAML subset', 'write the value out in full'],
  alias: ['an alias (*name) is outside the YAML subset', 'write the value out in full'],
  tag: ['a tag (!…) is outside the YAML subset', 'remove the tag; quote the value if it must stay a string'],
  'block-scalar-header': [
    'a block scalar (| or >) is outside the YAML subset',
    'write the value on one line as a quoted scalar',
  ],
  'flow-map-start': ['a flow mapping ({…}) is outside the YAML subset', 'write it as a block mapping, one key a line'],
  'explicit-key-ind': ['an explicit key (? …) is outside the YAML subset', 'write the key as a plain `key: value` line'],
};

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
 * The full parser: the subset checks, then the `yaml` package. parseYaml tries the fast path first; this
 * is exported so tests can hold the two to the same answers.
 */
export function parseYamlFull(text: string, file: string, offset = 0): YamlDocument {
  const counter = lineStarts(text);
  const lineAt = (pos: number): number => lineOf(counter, pos) + offset;

  scanCharacters(text, file, lineAt);
  scanTokens(text, file, lineAt);
  scanDepth(text, file, offset);

  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    version: '1.2',
    schema: 'core',
    merge: false,
    uniqueKeys: false,
    strict: true,
    prettyErrors: false,
    resolveKnownTags: false,
    lineCounter,
  });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const line = lineAt(problem.pos[0]);
    throw new DocumentError(file, line, `not valid YAML: ${problem.message}`, fixFor(problem.code));
  }
  const lines = new Map<string, number>();
  const value = convert(doc.contents as YamlNode | null, '', file, lineAt, lines);
  return { value, lines };
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

function fixFor(code: string): string {
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'quote the scalar: a plain value may not contain ": "';
    case 'BAD_SCALAR_START':
      return 'quote the scalar: a plain value may not start with an indicator character';
    case 'MULTIPLE_DOCS':
      return 'keep one document per file';
    case 'DUPLICATE_KEY':
      return 'keep one of the keys';
    default:
      return 'fix the YAML syntax; quote the scalar if it holds an indicator character';
  }
}

/** Tabs, control characters and stray carriage returns, refused before the parser sees them. */
function scanCharacters(text: string, file: string, lineAt: (pos: number) => number): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09) {
      throw new DocumentError(file, lineAt(i), 'a tab character is outside the YAML subset', 'indent with spaces and remove the tab');
    }
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) continue;
    if (c < 0x20 && c !== 0x0a) {
      throw new DocumentError(file, lineAt(i), `a control character U+${c.toString(16).padStart(4, '0')} at offset ${i}`, 'remove the character');
    }
    if (c === 0x7f) {
      throw new DocumentError(file, lineAt(i), `a control character U+007F at offset ${i}`, 'remove the character');
    }
  }
}

/** The token-level refusals, on yaml's non-recursive lexer, before anything is composed. */
function scanTokens(text: string, file: string, lineAt: (pos: number) => number): void {
  let pos = 0;
  let flowDepth = 0;
  let flowOpened = 0;
  let previous = '';
  let documents = 0;
  let content = false;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    const start = pos;
    // The lexer interleaves one-character control tokens (document, scalar and flow-end markers)
    // that are not in the source; counting them would shift every later line.
    if (token !== CST.DOCUMENT && token !== CST.SCALAR && token !== CST.FLOW_END) pos += token.length;
    if (type === null && previous === CST.SCALAR && token.includes('\n') && token.trim() !== '') {
      // the source of a plain scalar; over several lines it is folded into one, which the subset refuses
      throw new DocumentError(file, lineAt(start), 'a plain scalar continued on the next line is folded, which is outside the YAML subset', 'write the value on one line, quoted if it holds ": "');
    }
    previous = token;
    if (type === undefined || type === null) continue;
    const refusal = TOKEN_REFUSALS[type];
    if (refusal) throw new DocumentError(file, lineAt(start), refusal[0], refusal[1]);
    switch (type) {
      case 'flow-error-end':
        // the lexer notices an unclosed bracket where the next line starts; name the line that opened it
        throw new DocumentError(file, lineAt(flowOpened), 'a flow sequence ([…) is never closed on its line', 'close the bracket on the same line');
      case 'double-quoted-scalar':
      case 'single-quoted-scalar':
        if (!closesQuote(token)) {
          throw new DocumentError(file, lineAt(start), `a quoted scalar opened with ${token[0]} is not closed on its line (a value over several lines is folded, which is outside the YAML subset)`, 'close the quote on the same line');
        }
        content = true;
        break;
      case 'flow-seq-start':
        flowOpened = start;
        flowDepth++;
        if (flowDepth > 1) {
          throw new DocumentError(file, lineAt(start), 'a nested flow sequence ([… […]]) is outside the YAML subset', 'write the outer list as a block sequence');
        }
        break;
      case 'flow-seq-end':
        flowDepth = Math.max(0, flowDepth - 1);
        break;
      case 'directive-line':
        if (!/^%YAML 1\.2\s*$/.test(token.replace(/\s+#.*$/, ''))) {
          throw new DocumentError(file, lineAt(start), `the directive ${printable(token.trim(), 40)} is outside the YAML subset`, 'remove the directive; the subset is YAML 1.2');
        }
        break;
      case 'doc-start':
        documents++;
        if (documents > 1 || content) {
          throw new DocumentError(file, lineAt(start), 'more than one document', 'keep one document per file');
        }
        break;
      case 'doc-end':
        throw new DocumentError(file, lineAt(start), 'a document end marker (...) is outside the YAML subset', 'remove the marker');
      case 'seq-item-ind':
      case 'map-value-ind':
      case 'explicit-key-ind':
        content = true;
        break;
      default:
        break;
    }
  }
}

/** True when a quoted scalar token ends with its closing quote on the line it opened. */
function closesQuote(token: string): boolean {
  const quote = token[0]!;
  const line = token.split('\n', 1)[0]!;
  if (quote === "'") return /^'(?:[^']|'')*'/.test(line);
  return /^"(?:[^"\\]|\\.)*"/.test(line);
}

/**
 * Refuse nesting deeper than MAX_DEPTH before composing: deep documents exhaust the composer's stack
 * (and a second one can abort the process). Depth is the indentation stack plus compact `- ` items.
 */
function scanDepth(text: string, file: string, offset: number): void {
  const stack: number[] = [];
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    let col = start;
    while (col < end && text.charCodeAt(col) === 0x20) col++;
    if (col < end && text[col] !== '#' && text[col] !== '\r') {
      const indent = col - start;
      while (stack.length > 0 && stack[stack.length - 1]! >= indent) stack.pop();
      // Every compact sequence item (`- - - a`) opens a level at its column, and the content after
      // the last one is a level too, so deeper lines under it are counted from there.
      let i = col;
      while (i < end && text[i] === '-' && (text[i + 1] === ' ' || i + 1 === end)) {
        stack.push(i - start);
        i += 2;
        while (i < end && text[i] === ' ') i++;
      }
      if (i < end && text[i] !== '#' && text[i] !== '\r') stack.push(i - start);
      if (stack.length > MAX_DEPTH) {
        throw new DocumentError(file, lineNo + offset, `nested deeper than ${MAX_DEPTH} levels`, 'flatten the structure');
      }
    }
    start = end + 1;
  }
}

function convert(
  node: YamlNode | null,
  path: string,
  file: string,
  lineAt: (pos: number) => number,
  lines: Map<string, number>,
): unknown {
  if (node === null || node === undefined) return null;
  const line = node.range ? lineAt(node.range[0]) : undefined;
  if (line !== undefined && !lines.has(path)) lines.set(path, line);
  if (isAlias(node)) throw new DocumentError(file, line, 'an alias is outside the YAML subset', 'write the value out in full');
  if ((node as { anchor?: string }).anchor) {
    throw new DocumentError(file, line, 'an anchor is outside the YAML subset', 'write the value out in full');
  }
  if (isScalar(node)) {
    if (node.tag !== undefined) throw new DocumentError(file, line, 'a tag is outside the YAML subset', 'remove the tag');
    return node.value;
  }
  if (isSeq(node)) {
    return node.items.map((item, index) => {
      const child = path === '' ? String(index) : `${path}.${index}`;
      return convert(item as YamlNode | null, child, file, lineAt, lines);
    });
  }
  if (isMap(node)) {
    if (node.flow) throw new DocumentError(file, line, 'a flow mapping is outside the YAML subset', 'write it as a block mapping');
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as YamlNode | null;
      const keyLine = keyNode?.range ? lineAt(keyNode.range[0]) : line;
      if (!isScalar(keyNode) || keyNode.value === null || typeof keyNode.value === 'object') {
        throw new DocumentError(file, keyLine, 'a key that is not a plain scalar', 'use a simple string key');
      }
      if (keyNode.tag !== undefined || (keyNode as { anchor?: string }).anchor) {
        throw new DocumentError(file, keyLine, 'a tagged or anchored key is outside the YAML subset', 'use a simple string key');
      }
      const key = String(keyNode.value);
      if (FORBIDDEN_KEYS.has(key)) {
        throw new DocumentError(file, keyLine, `the key ${printable(key)} is not allowed`, 'rename the key');
      }
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(key)) {
        throw new DocumentError(file, keyLine, `the key ${printable(key)} holds a control character`, 'rename the key');
      }
      if (seen.has(key)) {
        throw new DocumentError(file, keyLine, `duplicate key ${printable(key)}`, 'keep one of the keys');
      }
      seen.add(key);
      const child = path === '' ? key : `${path}.${key}`;
      if (keyLine !== undefined) lines.set(child, keyLine);
      out[key] = convert(pair.value as YamlNode | null, child, file, lineAt, lines);
    }
    return out;
  }
  throw new DocumentError(file, line, 'an unsupported YAML node', 'simplify the document');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of a character offset. */
function lineOf(starts: number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
