/**
 * The fast path of the YAML subset. Start-up is the product (git hooks run the gates), and a cold
 * general-purpose parser costs milliseconds per document; the layer's documents are small, regular
 * block mappings. This reader accepts only that regular core — block mappings and sequences, plain
 * and quoted one-line scalars, one-level flow sequences of scalars, comments — and returns undefined
 * for anything else, so the full parser (parseYaml's slow path, on the `yaml` package) decides every
 * document it does not recognise, and alone produces every refusal. It never accepts a document the
 * full parser would refuse or read differently: a differential property test holds it to that.
 */
import type { YamlDocument } from './yaml-document';

interface Line {
  /** 1-based line in the file. */
  readonly no: number;
  readonly indent: number;
  /** The content after the indentation, without a trailing `\r`. */
  readonly text: string;
}

class Bail extends Error {}
const bail = (): never => {
  throw new Bail();
};

const MAX_DEPTH = 64;
/** Keys the subset refuses: prototype pollution and merge keys. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', '<<']);
// tabs, control characters, NEL, BOM, line and paragraph separators: the full parser judges those
// eslint-disable-next-line no-control-regex
const UNUSUAL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\u2028\u2029]|\r(?!\n)/;
const KEY = /^([A-Za-z0-9_][A-Za-z0-9_./-]*):(?: +|$)/;
/**
 * A plain scalar may not open on an indicator; `-` is fine before a safe character (`--check`, `-5`);
 * `---` and `...` read as document markers to the full parser, wherever they stand.
 */
const PLAIN_START_REFUSED = /^(?:[?:,[\]{}#&*!|>'"%@`]|-(?:$|[ ,[\]{}])|---|\.\.\.)/;

/** Parse `text` if it is in the regular core of the subset; undefined when the full parser must decide. */
export function parseYamlFast(text: string, lineOffset: number): YamlDocument | undefined {
  if (UNUSUAL.test(text)) return undefined;
  try {
    return new FastReader(text, lineOffset).read();
  } catch (error) {
    if (error instanceof Bail) return undefined;
    throw error;
  }
}

class FastReader {
  private readonly lines: Line[] = [];
  private pos = 0;
  private depth = 0;
  readonly map = new Map<string, number>();

  constructor(text: string, lineOffset: number) {
    const raw = text.split('\n');
    for (let i = 0; i < raw.length; i++) {
      let line = raw[i]!;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      let indent = 0;
      while (line.charCodeAt(indent) === 0x20) indent++;
      const content = line.slice(indent);
      if (content === '' || content.startsWith('#')) continue;
      if (indent === 0 && (content.startsWith('%') || content.startsWith('---') || content.startsWith('...'))) bail();
      this.lines.push({ no: i + 1 + lineOffset, indent, text: content });
    }
  }

  read(): YamlDocument {
    if (this.lines.length === 0) return { value: null, lines: this.map };
    const first = this.lines[0]!;
    if (!isSeqItem(first.text) && !KEY.test(first.text)) bail();
    this.map.set('', first.no);
    const value = this.block(first.indent, '');
    if (this.pos < this.lines.length) bail();
    return { value, lines: this.map };
  }

  /** A block node starting at the current line, whose lines sit at `indent`. */
  private block(indent: number, path: string): unknown {
    if (++this.depth > MAX_DEPTH) bail();
    const line = this.lines[this.pos]!;
    const value = isSeqItem(line.text) ? this.sequence(indent, path) : this.mapping(indent, path, {}, undefined);
    this.depth--;
    return value;
  }

  private mapping(
    indent: number,
    path: string,
    into: Record<string, unknown>,
    first: { line: Line; text: string } | undefined,
  ): Record<string, unknown> {
    const seen = new Set<string>(Object.keys(into));
    if (first) this.entry(first.line, first.text, indent, path, into, seen);
    while (this.pos < this.lines.length) {
      const line = this.lines[this.pos]!;
      if (line.indent < indent) break;
      if (line.indent > indent || isSeqItem(line.text)) bail();
      this.entry(line, line.text, indent, path, into, seen);
    }
    return into;
  }

  /** One `key: value` entry whose key starts at column `indent`; consumes its lines. */
  private entry(line: Line, text: string, indent: number, path: string, into: Record<string, unknown>, seen: Set<string>): void {
    const match = KEY.exec(text);
    if (!match) bail();
    const key = match![1]!;
    if (FORBIDDEN_KEYS.has(key) || seen.has(key) || resolvePlain(key) !== key) bail();
    seen.add(key);
    const child = path === '' ? key : `${path}.${key}`;
    this.map.set(child, line.no);
    const rest = text.slice(match![0].length);
    this.pos++;
    if (rest === '' || rest.startsWith('#')) {
      const next = this.lines[this.pos];
      if (next && next.indent > indent) into[key] = this.block(next.indent, child);
      else if (next && next.indent === indent && isSeqItem(next.text)) into[key] = this.sequence(indent, child);
      else into[key] = null;
      return;
    }
    into[key] = this.inline(rest, line.no, child);
    this.noContinuation(indent);
  }

  private sequence(indent: number, path: string): unknown[] {
    const items: unknown[] = [];
    while (this.pos < this.lines.length) {
      const line = this.lines[this.pos]!;
      if (line.indent < indent) break;
      if (line.indent > indent || !isSeqItem(line.text)) bail();
      const itemPath = path === '' ? String(items.length) : `${path}.${items.length}`;
      let offset = 1;
      while (line.text.charCodeAt(offset) === 0x20) offset++;
      const rest = line.text.slice(offset);
      if (rest === '' || rest.startsWith('#') || isSeqItem(rest)) bail();
      this.map.set(itemPath, line.no);
      if (KEY.test(rest)) {
        const column = indent + offset;
        if (++this.depth > MAX_DEPTH) bail();
        items.push(this.mapping(column, itemPath, {}, { line, text: rest }));
        this.depth--;
        continue;
      }
      items.push(this.inline(rest, line.no, itemPath));
      this.pos++;
      this.noContinuation(indent);
    }
    return items;
  }

  /** A value on the rest of a line: quoted, a flow sequence of scalars, or plain. */
  private inline(text: string, lineNo: number, path: string): unknown {
    const first = text[0];
    if (first === '"' || first === "'") {
      const [value, end] = first === '"' ? doubleQuoted(text) : singleQuoted(text);
      trailing(text.slice(end));
      return value;
    }
    if (first === '[') return this.flow(text, lineNo, path);
    return resolvePlain(plainValue(text));
  }

  private flow(text: string, lineNo: number, path: string): unknown[] {
    const items: unknown[] = [];
    let i = 1;
    const skip = (): void => {
      while (text[i] === ' ') i++;
    };
    skip();
    if (text[i] === ']') {
      trailing(text.slice(i + 1));
      return items;
    }
    for (;;) {
      skip();
      const c = text[i];
      let value: unknown;
      if (c === '"' || c === "'") {
        const [parsed, end] = c === '"' ? doubleQuoted(text.slice(i)) : singleQuoted(text.slice(i));
        value = parsed;
        i += end;
      } else {
        let j = i;
        while (j < text.length && text[j] !== ',' && text[j] !== ']') j++;
        const raw = text.slice(i, j).trimEnd();
        if (raw === '' || PLAIN_START_REFUSED.test(raw) || /[[\]{}#]|: |:$/.test(raw)) bail();
        value = resolvePlain(raw);
        i = j;
      }
      this.map.set(`${path}.${items.length}`, lineNo);
      items.push(value);
      skip();
      if (text[i] === ',') {
        i++;
        skip();
        if (text[i] === ']') bail(); // a trailing comma: let the full parser judge
        continue;
      }
      if (text[i] === ']') {
        trailing(text.slice(i + 1));
        return items;
      }
      bail();
    }
  }

  /** A scalar value ends on its line: a more indented line after it would fold into it. */
  private noContinuation(indent: number): void {
    const next = this.lines[this.pos];
    if (next && next.indent > indent) bail();
  }
}

function isSeqItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** What may follow a closed scalar on its line: spaces and a comment. */
function trailing(rest: string): void {
  if (!/^( *| +#.*)$/.test(rest)) bail();
}

function plainValue(text: string): string {
  if (PLAIN_START_REFUSED.test(text)) bail();
  const comment = text.indexOf(' #');
  const value = (comment === -1 ? text : text.slice(0, comment)).trimEnd();
  if (value === '' || value.includes(': ') || value.endsWith(':')) bail();
  return value;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  '"': '"',
  '/': '/',
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  b: '\b',
  f: '\f',
  ' ': ' ',
};

/** A double-quoted scalar at the start of `text`: its value and the index after the closing quote. */
function doubleQuoted(text: string): [string, number] {
  let out = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') return [out, i + 1];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = text[++i];
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
      const code = parseInt(text.slice(i + 1, i + 5), 16);
      if (code >= 0xd800 && code <= 0xdfff) bail();
      out += String.fromCharCode(code);
      i += 4;
    } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) out += ESCAPES[e];
    else bail();
  }
  return bail();
}

function singleQuoted(text: string): [string, number] {
  let out = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "'") {
      out += c;
      continue;
    }
    if (text[i + 1] === "'") {
      out += "'";
      i++;
      continue;
    }
    return [out, i + 1];
  }
  return bail();
}

/** A plain scalar resolved as the YAML 1.2 core schema resolves it (null, bool, int, float, else string). */
export function resolvePlain(value: string): unknown {
  if (/^(?:~|[Nn]ull|NULL)?$/.test(value)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(value)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(value)) return false;
  if (/^0o[0-7]+$/.test(value)) return parseInt(value.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(value)) return parseInt(value, 10);
  if (/^0x[0-9a-fA-F]+$/.test(value)) return parseInt(value.slice(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(value)) {
    return value.endsWith('n') || value.endsWith('N') ? NaN : value.startsWith('-') ? -Infinity : Infinity;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(value)) return parseFloat(value);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(value)) return parseFloat(value);
  return value;
}
