/**
 * The templates projections are rendered through: text with `{{name}}` (a value of the model, by dotted
 * path), `{{#each list}}…{{/each}}` (`{{.}}` is the item; names look in the item first),
 * `{{#if name}}…{{else}}…{{/if}}`, `{{#unless name}}…{{/unless}}` and `{{> partial}}` (another template,
 * by name). A line holding only a block tag leaves no line behind. A name the model does not have is an
 * error naming the template and line, never an empty string: a target is rendered from structure, and a
 * misspelt name must not quietly drop what it stood for. Nothing in a template is evaluated.
 */

/** A template that cannot be rendered: the file, the line and what is wrong. */
export class TemplateError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'value'; readonly name: string; readonly line: number }
  | { readonly kind: 'partial'; readonly name: string; readonly line: number }
  | { readonly kind: 'each'; readonly name: string; readonly line: number; readonly body: Node[] }
  | {
      readonly kind: 'if';
      readonly name: string;
      readonly negate: boolean;
      readonly line: number;
      readonly whenTrue: Node[];
      readonly otherwise: Node[];
    };

/** A parsed template. */
export interface Template {
  readonly file: string;
  readonly nodes: readonly Node[];
}

const TAG = /\{\{\s*([#/>]?)\s*([^}]*?)\s*\}\}/g;
const NAME = /^(\.|@?[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*)$/;

/** Parse a template's text; `file` names it in errors. */
export function parseTemplate(text: string, file: string): Template {
  const source = text.replace(/\r\n/g, '\n');
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'each' | 'if' }>; into: Node[]; inElse: boolean }[] = [];
  const current = (): Node[] => {
    const top = stack[stack.length - 1];
    if (!top) return root;
    if (top.node.kind === 'if') return top.inElse ? top.node.otherwise : top.node.whenTrue;
    return top.node.body;
  };
  let at = 0;
  for (const match of source.matchAll(TAG)) {
    const line = source.slice(0, match.index).split('\n').length;
    const sigil = match[1]!;
    const words = match[2]!.split(/\s+/).filter((word) => word !== '');
    const { textEnd, next } = standaloneSpan(
      source,
      match.index,
      match[0].length,
      at,
      sigil === '#' || sigil === '/' || (sigil === '' && words.join(' ') === 'else'),
    );
    if (textEnd > at) current().push({ kind: 'text', text: source.slice(at, textEnd) });
    at = next;
    if (sigil === '' && words.length === 1 && words[0] === 'else') {
      const top = stack[stack.length - 1];
      if (top?.node.kind !== 'if' || top.inElse) throw new TemplateError(file, line, '{{else}} outside an {{#if}} or {{#unless}}');
      top.inElse = true;
      continue;
    }
    if (sigil === '/') {
      const top = stack.pop();
      const word = words[0];
      const expected = top ? (top.node.kind === 'each' ? 'each' : top.node.kind === 'if' && top.node.negate ? 'unless' : 'if') : undefined;
      if (!top || word !== expected) throw new TemplateError(file, line, `{{/${word ?? ''}}} closes no open {{#${word ?? ''}}}`);
      continue;
    }
    if (sigil === '#') {
      const [block, name] = words;
      if ((block !== 'each' && block !== 'if' && block !== 'unless') || name === undefined || words.length !== 2 || !NAME.test(name))
        throw new TemplateError(file, line, `{{#${words.join(' ')}}} is not a block this template language has (#each, #if, #unless)`);
      const node: Extract<Node, { kind: 'each' | 'if' }> =
        block === 'each'
          ? { kind: 'each', name, line, body: [] }
          : { kind: 'if', name, negate: block === 'unless', line, whenTrue: [], otherwise: [] };
      current().push(node);
      stack.push({ node, into: current(), inElse: false });
      continue;
    }
    const name = words[0];
    if (
      words.length !== 1 ||
      name === undefined ||
      (sigil === '' && !NAME.test(name)) ||
      (sigil === '>' && !/^[a-z][a-z0-9-]*$/.test(name))
    )
      throw new TemplateError(file, line, `{{${sigil}${words.join(' ')}}} is not a name`);
    current().push(sigil === '>' ? { kind: 'partial', name, line } : { kind: 'value', name, line });
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!.node;
    throw new TemplateError(file, open.line, `{{#${open.kind === 'each' ? 'each' : 'if'} ${open.name}}} is never closed`);
  }
  if (at < source.length) root.push({ kind: 'text', text: source.slice(at) });
  return { file, nodes: root };
}

/**
 * Where the text before a tag ends and the text after it starts: a block tag alone on its line takes the
 * line with it (its indentation and its line end), so blocks leave no blank lines behind.
 */
function standaloneSpan(source: string, index: number, length: number, from: number, block: boolean): { textEnd: number; next: number } {
  const after = index + length;
  if (!block) return { textEnd: index, next: after };
  const lineStart = source.lastIndexOf('\n', index - 1) + 1;
  const newline = source.indexOf('\n', after);
  const lineEnd = newline === -1 ? source.length : newline;
  if (lineStart < from || !/^[ \t]*$/.test(source.slice(lineStart, index)) || !/^[ \t]*$/.test(source.slice(after, lineEnd)))
    return { textEnd: index, next: after };
  return { textEnd: lineStart, next: newline === -1 ? source.length : newline + 1 };
}

/** Where partials come from. */
export type PartialLookup = (name: string) => Template | undefined;

/** Render a template over `model`. */
export function renderTemplate(template: Template, model: Record<string, unknown>, partials: PartialLookup, depth = 0): string {
  if (depth > 8) throw new TemplateError(template.file, 1, 'partials nest more than 8 deep (a partial includes itself?)');
  const out: string[] = [];
  const walk = (nodes: readonly Node[], scopes: readonly unknown[]): void => {
    for (const node of nodes) {
      if (node.kind === 'text') out.push(node.text);
      else if (node.kind === 'value')
        out.push(printValue(template.file, node.line, node.name, lookup(template.file, node.line, node.name, scopes)));
      else if (node.kind === 'partial') {
        const partial = partials(node.name);
        if (!partial) throw new TemplateError(template.file, node.line, `{{> ${node.name}}} names no template`);
        out.push(renderTemplate(partial, model, partials, depth + 1));
      } else if (node.kind === 'each') {
        const list = lookup(template.file, node.line, node.name, scopes);
        if (!Array.isArray(list)) throw new TemplateError(template.file, node.line, `{{#each ${node.name}}}: ${node.name} is not a list`);
        for (const item of list) walk(node.body, [item, ...scopes]);
      } else {
        const value = lookup(template.file, node.line, node.name, scopes);
        walk(truthy(value) !== node.negate ? node.whenTrue : node.otherwise, scopes);
      }
    }
  };
  walk(template.nodes, [model]);
  return out.join('');
}

function lookup(file: string, line: number, name: string, scopes: readonly unknown[]): unknown {
  if (name === '.') return scopes[0];
  const [first, ...rest] = name.split('.');
  for (const scope of scopes) {
    if (scope === null || typeof scope !== 'object' || !Object.hasOwn(scope, first!)) continue;
    let value: unknown = (scope as Record<string, unknown>)[first!];
    for (const part of rest) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part))
        throw new TemplateError(file, line, `{{${name}}}: the model has no ${name}`);
      value = (value as Record<string, unknown>)[part];
    }
    return value;
  }
  throw new TemplateError(file, line, `{{${name}}}: the model has no ${first}`);
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== false && value !== '' && value !== 0;
}

/**
 * A value as text: strings, numbers and booleans as written; a line break or control character is a
 * space, and `<!--` cannot open a comment, so no value can forge a marker or a stamp.
 */
function printValue(file: string, line: number, name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value)
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/<!--/g, '&lt;!--');
  }
  throw new TemplateError(file, line, `{{${name}}} is ${value === null || value === undefined ? 'empty' : 'not a single value'}`);
}
