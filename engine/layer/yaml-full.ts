/**
 * The full parser of the layer's YAML subset: the subset checks, then the `yaml` package under the 1.2
 * core schema. parseYaml (yaml.ts) calls it only for a document its fast path declines, and the
 * package is loaded then (yaml-package.ts), so a command whose documents all take the fast path never
 * loads it.
 */
import type { Node as YamlNode } from 'yaml';
import { DocumentError, printable } from '../io/document-error';
import type { YamlDocument } from './yaml-document';
import { yamlPackage } from './yaml-package';

/** Nesting deeper than this is refused, before the composer sees it. */
export const MAX_DEPTH = 64;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype', '<<']);

const TOKEN_REFUSALS: Readonly<Record<string, [reason: string, fix: string]>> = {
  anchor: ['an anchor (&name) is outside the YAML subset', 'write the value out in full'],
  alias: ['an alias (*name) is outside the YAML subset', 'write the value out in full'],
  tag: ['a tag (!…) is outside the YAML subset', 'remove the tag; quote the value if it must stay a string'],
  'block-scalar-header': ['a block scalar (| or >) is outside the YAML subset', 'write the value on one line as a quoted scalar'],
  'flow-map-start': ['a flow mapping ({…}) is outside the YAML subset', 'write it as a block mapping, one key a line'],
  'explicit-key-ind': ['an explicit key (? …) is outside the YAML subset', 'write the key as a plain `key: value` line'],
};

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

  const { LineCounter, parseDocument } = yamlPackage();
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
      throw new DocumentError(
        file,
        lineAt(i),
        `a control character U+${c.toString(16).padStart(4, '0')} at offset ${i}`,
        'remove the character',
      );
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
  const { CST, Lexer } = yamlPackage();
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    const start = pos;
    // The lexer interleaves one-character control tokens (document, scalar and flow-end markers)
    // that are not in the source; counting them would shift every later line.
    if (token !== CST.DOCUMENT && token !== CST.SCALAR && token !== CST.FLOW_END) pos += token.length;
    if (type === null && previous === CST.SCALAR && token.includes('\n') && token.trim() !== '') {
      // the source of a plain scalar; over several lines it is folded into one, which the subset refuses
      throw new DocumentError(
        file,
        lineAt(start),
        'a plain scalar continued on the next line is folded, which is outside the YAML subset',
        'write the value on one line, quoted if it holds ": "',
      );
    }
    previous = token;
    if (type === undefined || type === null) continue;
    const refusal = TOKEN_REFUSALS[type];
    if (refusal) throw new DocumentError(file, lineAt(start), refusal[0], refusal[1]);
    switch (type) {
      case 'flow-error-end':
        // the lexer notices an unclosed bracket where the next line starts; name the line that opened it
        throw new DocumentError(
          file,
          lineAt(flowOpened),
          'a flow sequence ([…) is never closed on its line',
          'close the bracket on the same line',
        );
      case 'double-quoted-scalar':
      case 'single-quoted-scalar':
        if (!closesQuote(token)) {
          throw new DocumentError(
            file,
            lineAt(start),
            `a quoted scalar opened with ${token[0]} is not closed on its line (a value over several lines is folded, which is outside the YAML subset)`,
            'close the quote on the same line',
          );
        }
        content = true;
        break;
      case 'flow-seq-start':
        flowOpened = start;
        flowDepth++;
        if (flowDepth > 1) {
          throw new DocumentError(
            file,
            lineAt(start),
            'a nested flow sequence ([… […]]) is outside the YAML subset',
            'write the outer list as a block sequence',
          );
        }
        break;
      case 'flow-seq-end':
        flowDepth = Math.max(0, flowDepth - 1);
        break;
      case 'directive-line':
        if (!/^%YAML 1\.2\s*$/.test(token.replace(/\s+#.*$/, ''))) {
          throw new DocumentError(
            file,
            lineAt(start),
            `the directive ${printable(token.trim(), 40)} is outside the YAML subset`,
            'remove the directive; the subset is YAML 1.2',
          );
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

function convert(node: YamlNode | null, path: string, file: string, lineAt: (pos: number) => number, lines: Map<string, number>): unknown {
  if (node === null || node === undefined) return null;
  const { isAlias, isMap, isPair, isScalar, isSeq } = yamlPackage();
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
