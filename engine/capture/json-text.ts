/**
 * A JSON file as text: parsed with the place of every key and value, so a settings file the user wrote
 * is edited where it must change and nowhere else. A hook is added by inserting its text after the last
 * element of a list (in the file's own indentation), and removed by cutting exactly that text out again,
 * so install followed by uninstall gives back the file byte for byte.
 *
 * The parser is strict JSON (RFC 8259) and, unlike `JSON.parse`, finds a key written twice in one object:
 * `JSON.parse` keeps the last, and a merge built on its value would silently drop what the first held.
 */

/** A value in the text: where it starts and ends (exclusive), and what it holds. */
export type JsonNode =
  | { readonly kind: 'object'; readonly start: number; readonly end: number; readonly members: readonly JsonMember[] }
  | { readonly kind: 'array'; readonly start: number; readonly end: number; readonly items: readonly JsonNode[] }
  | { readonly kind: 'scalar'; readonly start: number; readonly end: number; readonly value: unknown };

/** One `"key": value` of an object; `start` is the key's opening quote. */
export interface JsonMember {
  readonly key: string;
  readonly start: number;
  readonly value: JsonNode;
}

/** Why a text is not JSON, and where (1-based line). */
export class JsonTextError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Nesting deeper than this is refused rather than followed (a hostile file must not exhaust the stack). */
const MAX_DEPTH = 256;

/** Parse `text` as one JSON value with its places; throws JsonTextError naming the line. */
export function parseJsonText(text: string): JsonNode {
  let at = 0;
  const fail = (message: string, offset = at): never => {
    throw new JsonTextError(message, lineOf(text, offset));
  };
  const space = (): void => {
    while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  };
  const string = (): { value: string; start: number } => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      const code = text.charCodeAt(at);
      if (code < 0x20) fail('a control character inside a string');
      at += text[at] === '\\' ? 2 : 1;
    }
    if (at >= text.length) fail('a string that never ends', start);
    at++;
    try {
      return { value: JSON.parse(text.slice(start, at)) as string, start };
    } catch {
      return fail('a string with an invalid escape', start);
    }
  };
  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    space();
    const start = at;
    const c = text[at];
    if (c === '{') {
      at++;
      const members: JsonMember[] = [];
      space();
      if (text[at] === '}') return { kind: 'object', start, end: ++at, members };
      for (;;) {
        space();
        if (text[at] !== '"') fail('a key that is not a string');
        const key = string();
        space();
        if (text[at] !== ':') fail(`no ':' after the key ${JSON.stringify(key.value)}`);
        at++;
        members.push({ key: key.value, start: key.start, value: value(depth + 1) });
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') return { kind: 'object', start, end: ++at, members };
        fail("an object member not followed by ',' or '}'");
      }
    }
    if (c === '[') {
      at++;
      const items: JsonNode[] = [];
      space();
      if (text[at] === ']') return { kind: 'array', start, end: ++at, items };
      for (;;) {
        items.push(value(depth + 1));
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') return { kind: 'array', start, end: ++at, items };
        fail("a list item not followed by ',' or ']'");
      }
    }
    if (c === '"') {
      const { value: read } = string();
      return { kind: 'scalar', start, end: at, value: read };
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(at, at + 400));
    if (!literal) return fail(at >= text.length ? 'the text ends where a value should be' : `an unexpected ${JSON.stringify(c)}`);
    at += literal[0].length;
    return { kind: 'scalar', start, end: at, value: JSON.parse(literal[0]) as unknown };
  };
  const root = value(0);
  space();
  if (at < text.length) fail('more text after the JSON value');
  return root;
}

/** The plain value of a node, as `JSON.parse` would give it (every key is unique by then). */
export function plainValue(node: JsonNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.items.map(plainValue);
  const out: Record<string, unknown> = {};
  for (const member of node.members)
    Object.defineProperty(out, member.key, { value: plainValue(member.value), enumerable: true, writable: true });
  return out;
}

/** The first key written twice in one object, with its dotted path and the line of the second one. */
export function duplicateKey(node: JsonNode, path = ''): { path: string; line: number; offset: number } | undefined {
  if (node.kind === 'array') {
    for (const [index, item] of node.items.entries()) {
      const found = duplicateKey(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (node.kind !== 'object') return undefined;
  const seen = new Set<string>();
  for (const member of node.members) {
    const here = path === '' ? member.key : `${path}.${member.key}`;
    if (seen.has(member.key)) return { path: here, line: 0, offset: member.start };
    seen.add(member.key);
  }
  for (const member of node.members) {
    const found = duplicateKey(member.value, path === '' ? member.key : `${path}.${member.key}`);
    if (found) return found;
  }
  return undefined;
}

/** 1-based line of `offset`. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') line++;
  return line;
}

/** A member of an object node by key (the first; callers refuse duplicates before editing). */
export function memberOf(node: JsonNode | undefined, key: string): JsonMember | undefined {
  return node?.kind === 'object' ? node.members.find((member) => member.key === key) : undefined;
}

/** One edit of the text: replace [start, end) with `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** `text` with one edit applied. */
export function applyEdit(text: string, edit: TextEdit): string {
  return `${text.slice(0, edit.start)}${edit.text}${text.slice(edit.end)}`;
}

/**
 * The file's indentation unit: the leading whitespace of the first member of the top object when it
 * starts a line of its own; undefined when the file is written on one line (edits then stay compact).
 */
export function indentUnit(text: string, root: JsonNode): string | undefined {
  const first = root.kind === 'object' ? root.members[0]?.start : root.kind === 'array' ? root.items[0]?.start : undefined;
  if (first === undefined) return '  ';
  return leadingSpace(text, first);
}

/** The whitespace between the start of `offset`'s line and `offset`, when nothing else stands there. */
function leadingSpace(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(before) && lineStart > 0 ? before : undefined;
}

/** `value` written as the file writes JSON: pretty in `unit` at indentation `indent`, or compact. */
function render(value: unknown, unit: string | undefined, indent: string): string {
  if (unit === undefined) return JSON.stringify(value);
  return JSON.stringify(value, null, unit).split('\n').join(`\n${indent}`);
}

/**
 * The edit that adds `element` (a member `"key": value` of an object, or an item of a list) after the
 * last element of `container`, written in the file's indentation. Removing it again with `removal` gives
 * back the text as it was.
 */
export function insertion(
  text: string,
  root: JsonNode,
  container: JsonNode,
  element: { readonly key?: string; readonly value: unknown },
): TextEdit {
  const unit = indentUnit(text, root);
  const elements =
    container.kind === 'object'
      ? container.members.map((member) => member.start)
      : container.kind === 'array'
        ? container.items.map((item) => item.start)
        : [];
  const ends =
    container.kind === 'object'
      ? container.members.map((member) => member.value.end)
      : container.kind === 'array'
        ? container.items.map((item) => item.end)
        : [];
  const last = elements.length - 1;
  if (last >= 0) {
    const indent = leadingSpace(text, elements[last]!);
    const pretty = unit !== undefined && indent !== undefined;
    const head = element.key === undefined ? '' : `${JSON.stringify(element.key)}:${pretty || /":\s/.test(text) ? ' ' : ''}`;
    if (pretty) return { start: ends[last]!, end: ends[last]!, text: `,\n${indent}${head}${render(element.value, unit, indent)}` };
    // compact: the separator the file uses between its last two elements (", " or ",")
    const gap = last > 0 ? (/^,(\s*)/.exec(text.slice(ends[last - 1]!, elements[last]!))?.[1] ?? '') : '';
    return { start: ends[last]!, end: ends[last]!, text: `,${gap}${head}${render(element.value, undefined, '')}` };
  }
  // an empty container: its text between the brackets is replaced
  const outer = leadingSpace(text, container.start) ?? lineIndentOf(text, container.start);
  const head = element.key === undefined ? '' : `${JSON.stringify(element.key)}:${unit === undefined ? '' : ' '}`;
  if (unit === undefined)
    return { start: container.start + 1, end: container.end - 1, text: `${head}${render(element.value, undefined, '')}` };
  const inner = `${outer}${unit}`;
  return { start: container.start + 1, end: container.end - 1, text: `\n${inner}${head}${render(element.value, unit, inner)}\n${outer}` };
}

/** The indentation of the line `offset` stands on. */
function lineIndentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * The edit that removes element `index` of `container` with the separator that joined it: the reverse
 * of `insertion` when it is the last, the following separator when it is not. The only element leaves
 * the container empty (`[]`, `{}`).
 */
export function removal(container: JsonNode, index: number): TextEdit {
  const starts =
    container.kind === 'object'
      ? container.members.map((member) => member.start)
      : container.kind === 'array'
        ? container.items.map((item) => item.start)
        : [];
  const ends =
    container.kind === 'object'
      ? container.members.map((member) => member.value.end)
      : container.kind === 'array'
        ? container.items.map((item) => item.end)
        : [];
  if (starts.length === 1) return { start: container.start + 1, end: container.end - 1, text: '' };
  if (index === starts.length - 1) return { start: ends[index - 1]!, end: ends[index]!, text: '' };
  return { start: starts[index]!, end: starts[index + 1]!, text: '' };
}

/**
 * A JSON text as a document a schema check reads (engine/layer/schema-check.ts): its plain value and
 * the line of every flattened key path (`a.b.0.c`). Throws JsonTextError like `parseJsonText`.
 */
export function jsonDocument(text: string): { readonly value: unknown; readonly lines: ReadonlyMap<string, number> } {
  const root = parseJsonText(text);
  const lines = new Map<string, number>();
  const visit = (node: JsonNode, path: string): void => {
    lines.set(path, lineOf(text, node.start));
    if (node.kind === 'array') for (const [index, item] of node.items.entries()) visit(item, path === '' ? `${index}` : `${path}.${index}`);
    if (node.kind === 'object')
      for (const member of node.members) {
        const here = path === '' ? member.key : `${path}.${member.key}`;
        visit(member.value, here);
        lines.set(here, lineOf(text, member.start));
      }
  };
  visit(root, '');
  return { value: plainValue(root), lines };
}
