/**
 * The one writer of the layer's YAML subset. Every YAML document the tool writes — a task, an open
 * session, a record's or a session context's front matter, a candidate, a rule `rules new` writes, a
 * generated package manifest — is rendered here, so what is written is always what the reader
 * (yaml.ts) reads back: the same value, through its fast path and its full parser alike (a property
 * test holds the two to it).
 *
 * The output is block style only: mappings one `key: value` a line, sequences one `- item` a line
 * (or a one-level flow sequence of scalars where asked), two spaces a level. A string is written plain
 * only where the subset reads the plain text back as that very string, and double-quoted otherwise —
 * JSON's escapes, which the subset's double-quoted scalars read, plus `\u` escapes for the characters
 * the reader refuses or folds when they stand in a file (DEL, C1 controls, NEL, the line and paragraph
 * separators, the byte order mark). What the subset cannot hold is refused with an Error, never written
 * approximately: an empty mapping (no block form; flow mappings are outside the subset), a prototype
 * key, a control character in a key, a lone surrogate (no UTF-8 form), a value that is not plain data.
 */
import { FORBIDDEN_KEYS, resolvePlain } from './yaml-fast';

/** How a document is written; every option defaults to the plainest form that reads back the same. */
export interface YamlWriteOptions {
  /**
   * `plain` (the default): a string is written plain wherever the subset reads it back as the same
   * string, double-quoted elsewhere. `quoted`: every string double-quoted, except under `plain` keys —
   * the form the state files use for what a person typed, so the file shows at a glance which values
   * are free text.
   */
  readonly strings?: 'plain' | 'quoted';
  /** Key paths (`a`, `a.b`; list indexes left out) whose strings are written plain where they read back the same. */
  readonly plain?: readonly string[];
  /** Key paths whose lists of scalars are written in flow style, `[a, b]`; an item that cannot stand plain there is quoted. */
  readonly flow?: readonly string[];
  /** Lines written before a top-level key: each a `# comment`, or a blank line for an empty string. */
  readonly comments?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Nesting the writer accepts. The reader refuses a document nested deeper than 64 levels, and an item
 * of a list inside a list opens two levels on one line, so half of that is always read back.
 */
export const MAX_WRITE_DEPTH = 32;

/** A key the fast path reads as written (its KEY pattern); any other key is double-quoted. */
const PLAIN_KEY = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/**
 * A plain scalar in block context: characters no indicator rule touches, no `: ` or ` #`, no space at
 * either end, not opening on `...`. Whether it then reads back as a string is resolvePlain's to say.
 */
const BLOCK_PLAIN = /^[A-Za-z0-9_./(][A-Za-z0-9 _./@+:(),=-]*$/;

/** A plain item of a flow sequence: stricter, since `,`, `:` and spaces end or split an item there. */
const FLOW_PLAIN = /^[A-Za-z0-9_./][A-Za-z0-9_./@+=-]*$/;

/** Characters JSON leaves as they are but the subset's reader refuses or treats as a line break in a file. */
const EXTRA_ESCAPES = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The YAML text of `value`, a mapping: one line per scalar entry, ending with a newline. */
export function writeYaml(value: object, options: YamlWriteOptions = {}): string {
  const writer = new Writer(options);
  if (!isMapping(value)) throw new Error('a YAML document of the layer is a mapping');
  const lines = writer.mapping(value, 0, '', 1);
  return `${lines.join('\n')}\n`;
}

/** A front matter block: `---`, the YAML of `value`, `---`, each line ending with a newline. */
export function writeFrontMatter(value: object, options: YamlWriteOptions = {}): string {
  return `---\n${writeYaml(value, options)}---\n`;
}

/** A string as the subset's double-quoted scalar: JSON's escapes, and `\u` for what a file may not hold raw. */
export function quotedScalar(value: string): string {
  if (LONE_SURROGATE.test(value)) throw new Error(`the string ${JSON.stringify(value)} holds a lone surrogate, which UTF-8 cannot encode`);
  return JSON.stringify(value).replace(EXTRA_ESCAPES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** True when `value`, written plain in block context, reads back as the same string. */
export function readsBackPlain(value: string): boolean {
  return BLOCK_PLAIN.test(value) && !/: |:$| $|^\.\.\./.test(value) && resolvePlain(value) === value;
}

class Writer {
  private readonly quoted: boolean;
  private readonly plain: ReadonlySet<string>;
  private readonly flow: ReadonlySet<string>;

  constructor(private readonly options: YamlWriteOptions) {
    this.quoted = options.strings === 'quoted';
    this.plain = new Set(options.plain ?? []);
    this.flow = new Set(options.flow ?? []);
  }

  /** The lines of a mapping whose keys stand at `indent`. */
  mapping(value: Readonly<Record<string, unknown>>, indent: number, path: string, depth: number): string[] {
    if (depth > MAX_WRITE_DEPTH) throw new Error(`${path || 'the document'} is nested deeper than ${MAX_WRITE_DEPTH} levels`);
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) throw new Error(`${path || 'the document'} is an empty mapping, which the YAML subset cannot write`);
    const pad = ' '.repeat(indent);
    const out: string[] = [];
    for (const [key, item] of entries) {
      const at = path === '' ? key : `${path}.${key}`;
      if (indent === 0) for (const comment of this.options.comments?.[key] ?? []) out.push(commentLine(comment));
      const head = `${pad}${writeKey(key)}:`;
      if (isScalar(item)) out.push(`${head} ${this.scalar(item, at)}`);
      else if (Array.isArray(item) && item.length === 0) out.push(`${head} []`);
      else if (Array.isArray(item) && this.flow.has(at)) out.push(`${head} ${this.flowSequence(item, at)}`);
      else out.push(head, ...this.block(item, indent + 2, at, depth + 1));
    }
    return out;
  }

  /** The lines of a sequence whose dashes stand at `indent`. */
  private sequence(value: readonly unknown[], indent: number, path: string, depth: number): string[] {
    if (depth > MAX_WRITE_DEPTH) throw new Error(`${path} is nested deeper than ${MAX_WRITE_DEPTH} levels`);
    const pad = ' '.repeat(indent);
    const out: string[] = [];
    for (const item of value) {
      if (isScalar(item)) out.push(`${pad}- ${this.scalar(item, path)}`);
      else if (Array.isArray(item) && item.length === 0) out.push(`${pad}- []`);
      else {
        // the item's first line shares the dash: `- key: value`, `- - item`
        const nested = this.block(item, indent + 2, path, depth + 1);
        out.push(`${pad}- ${nested[0]!.slice(indent + 2)}`, ...nested.slice(1));
      }
    }
    return out;
  }

  private block(value: unknown, indent: number, path: string, depth: number): string[] {
    if (Array.isArray(value)) return this.sequence(value, indent, path, depth);
    if (isMapping(value)) return this.mapping(value, indent, path, depth);
    throw new Error(`${path} is ${describe(value)}, which the YAML subset cannot write`);
  }

  private flowSequence(value: readonly unknown[], path: string): string {
    const items = value.map((item) => {
      if (!isScalar(item)) throw new Error(`${path} holds ${describe(item)}: a flow sequence holds scalars only`);
      if (typeof item === 'string')
        return FLOW_PLAIN.test(item) && !item.startsWith('...') && resolvePlain(item) === item ? item : quotedScalar(item);
      return this.scalar(item, path);
    });
    return `[${items.join(', ')}]`;
  }

  private scalar(value: unknown, path: string): string {
    if (value === null) return 'null';
    if (typeof value === 'boolean') return String(value);
    if (typeof value === 'number') return numberText(value);
    if (typeof value === 'string') {
      const plain = !this.quoted || this.plain.has(path);
      return plain && readsBackPlain(value) ? value : quotedScalar(value);
    }
    throw new Error(`${path} is ${describe(value)}, which the YAML subset cannot write`);
  }
}

function writeKey(key: string): string {
  if (FORBIDDEN_KEYS.has(key)) throw new Error(`the key ${JSON.stringify(key)} is refused by the reader`);
  if (CONTROL.test(key)) throw new Error(`the key ${JSON.stringify(key)} holds a control character, which the reader refuses`);
  return PLAIN_KEY.test(key) && resolvePlain(key) === key ? key : quotedScalar(key);
}

function numberText(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (value === Infinity) return '.inf';
  if (value === -Infinity) return '-.inf';
  return Object.is(value, -0) ? '-0' : String(value);
}

function commentLine(text: string): string {
  if (/[\r\n]/.test(text)) throw new Error('a comment is one line');
  return text === '' ? '' : `# ${text}`;
}

function isScalar(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function isMapping(value: unknown): value is Readonly<Record<string, unknown>> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return `a ${typeof value}`;
  return `a ${Object.getPrototypeOf(value)?.constructor?.name ?? 'object'}`;
}
