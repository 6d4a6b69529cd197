/**
 * Allow-lists from schemas. A kind's allow-list (share/allow/<name>.txt) is one anchored regular
 * expression per key a document of that kind may carry, over its flattened key paths (`a.b.0.c`). It is
 * derived from the kind's JSON Schema by this one function, which both the code generator (to write the
 * file) and doctor (to check at run time that the file still matches the schema) call; so it imports
 * nothing heavier than the package version.
 */
import packageJson from '../../package.json' with { type: 'json' };

/** A JSON Schema node, as far as the flattening reads it. */
interface SchemaNode {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly $id?: string;
  readonly 'x-majordomus-schema'?: string;
  readonly 'x-majordomus-allow'?: string;
}

/** Options of {@link renderAllowFile}; both default to what the schema and package.json say. */
export interface AllowFileOptions {
  /** The repository-relative schema file named in the header (default: `share/schemas/` + the `$id` file name). */
  readonly source?: string;
  /** The generator version named in the header (default: package.json's version). */
  readonly version?: string;
}

/** The first line of every generated file; readers of an allow-list skip `#` lines. */
export const GENERATED_MARKER = 'GENERATED FILE — DO NOT EDIT DIRECTLY';

/**
 * The allow-list lines of `schema`, in the schema's property order, depth-first: a scalar `^k$`, a list
 * of scalars `^k(\.[0-9]+)?$`, nested object keys `^k\.sub$`, keys of a list of objects
 * `^k\.[0-9]+\.sub$`, and anything under a free object (no declared properties, or additional
 * properties allowed) `^k(\..+)?$`. Local `$ref`s (`#/...`) are followed; a remote one is an error.
 */
export function allowLines(schema: object): string[] {
  const root = schema as SchemaNode;
  const lines: string[] = [];
  const resolved = resolve(root, root, []);
  if (!isObjectNode(resolved) || isFreeObject(resolved)) {
    throw new Error('an allow-list needs a schema whose root is an object with declared properties');
  }
  for (const [key, child] of Object.entries(resolved.properties ?? {})) {
    emit(root, child, escapeKey(key), lines, []);
  }
  return [...new Set(lines)];
}

/** The whole allow-list file of `schema`: the three-line generated header, then one line per key. */
export function renderAllowFile(schema: object, options: AllowFileOptions = {}): string {
  const node = schema as SchemaNode;
  const source = options.source ?? defaultSource(node);
  const identity = node['x-majordomus-schema'] ?? node.$id ?? 'no $id';
  const version = options.version ?? packageJson.version;
  const header = [
    `# ${GENERATED_MARKER}`,
    `# Source: ${source} (${identity}); regenerate with \`npm run generate\``,
    `# Generator: majordomus ${version}`,
  ];
  return `${[...header, ...allowLines(schema)].join('\n')}\n`;
}

function defaultSource(node: SchemaNode): string {
  const file = node.$id?.split('/').pop();
  if (file?.endsWith('.schema.json')) return `share/schemas/${file}`;
  return `share/schemas/${node['x-majordomus-allow'] ?? 'unknown'}.v1.schema.json`;
}

/** Write the lines for the value at `path` (an already escaped regex fragment). */
function emit(root: SchemaNode, raw: SchemaNode, path: string, lines: string[], seen: readonly string[]): void {
  const node = resolve(root, raw, seen);
  const refs = raw.$ref ? [...seen, raw.$ref] : seen;
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    for (const branch of branches) emit(root, branch, path, lines, refs);
    return;
  }
  if (isObjectNode(node)) {
    if (isFreeObject(node)) {
      lines.push(`^${path}(\\..+)?$`);
      return;
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      emit(root, child, `${path}\\.${escapeKey(key)}`, lines, refs);
    }
    return;
  }
  if (isArrayNode(node)) {
    if (node.items === undefined || isScalar(root, node.items, refs)) {
      lines.push(`^${path}(\\.[0-9]+)?$`);
      return;
    }
    emit(root, node.items!, `${path}\\.[0-9]+`, lines, refs);
    return;
  }
  lines.push(`^${path}$`);
}

/** Follow `$ref` chains to the node they name; only document-local references exist in share/schemas/. */
function resolve(root: SchemaNode, node: SchemaNode, seen: readonly string[]): SchemaNode {
  let current = node;
  const chain = [...seen];
  while (current.$ref !== undefined) {
    const ref = current.$ref;
    if (!ref.startsWith('#')) throw new Error(`the schema reference ${ref} is not local (only #/... is followed)`);
    if (chain.includes(ref)) throw new Error(`the schema reference ${ref} is recursive`);
    chain.push(ref);
    current = pointer(root, ref);
  }
  return current;
}

function pointer(root: SchemaNode, ref: string): SchemaNode {
  let target: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (target === null || typeof target !== 'object' || !Object.hasOwn(target, part)) {
      throw new Error(`the schema reference ${ref} names nothing`);
    }
    target = (target as Record<string, unknown>)[part];
  }
  if (target === null || typeof target !== 'object') throw new Error(`the schema reference ${ref} is not a schema`);
  return target as SchemaNode;
}

function types(node: SchemaNode): readonly string[] {
  if (node.type === undefined) return [];
  return typeof node.type === 'string' ? [node.type] : node.type;
}

function isObjectNode(node: SchemaNode): boolean {
  return types(node).includes('object') || (node.type === undefined && node.properties !== undefined);
}

function isArrayNode(node: SchemaNode): boolean {
  return types(node).includes('array') || (node.type === undefined && node.items !== undefined);
}

/** A node (after `$ref`s, and in every `anyOf`/`oneOf` branch) that is neither an object nor an array. */
function isScalar(root: SchemaNode, raw: SchemaNode, seen: readonly string[]): boolean {
  const node = resolve(root, raw, seen);
  const refs = raw.$ref ? [...seen, raw.$ref] : seen;
  const branches = node.anyOf ?? node.oneOf;
  if (branches) return branches.every((branch) => isScalar(root, branch, refs));
  return !isObjectNode(node) && !isArrayNode(node);
}

/** An object whose keys the schema does not close: any key path beneath it is allowed. */
function isFreeObject(node: SchemaNode): boolean {
  return node.properties === undefined || Object.keys(node.properties).length === 0 || node.additionalProperties !== false;
}

/** Escape every regular-expression metacharacter of a key (`-` needs none outside a class). */
function escapeKey(key: string): string {
  return key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
