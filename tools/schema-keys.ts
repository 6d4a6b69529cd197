/**
 * `engine/generated/schema-keys.ts`: for each kind, the keys each closed mapping of its schema allows,
 * by where the mapping sits in a document — its instance path as a JSON pointer, `*` standing for any
 * list index or free name (`/out/archive`, `/projections/*`). The schema check names the nearest allowed
 * key of an unknown one from it ("unknown key `colour` (did you mean `colours`?)") without the schemas
 * at run time. Keyed by the document, not by ajv's `schemaPath`: a `$ref` ajv compiles into a function
 * of its own reports paths relative to its definition, which would collide with the root's.
 */

type JsonSchema = { readonly [key: string]: unknown };

/** A kind and its schema, as the generator pairs them. */
export interface KindSchema {
  readonly kind: string;
  readonly schema: JsonSchema;
}

/** The closed mappings of `schema`: instance pointer → allowed keys, in schema order. */
export function closedMappings(schema: JsonSchema): Record<string, string[]> {
  const out = new Map<string, string[]>();
  visit(schema, schema, [], [], out);
  return Object.fromEntries(out);
}

function visit(root: JsonSchema, node: unknown, path: readonly string[], refs: readonly string[], out: Map<string, string[]>): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as JsonSchema;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    // a local reference is the same place in the document; a cycle stops where it closes
    if (!ref.startsWith('#'))
      throw new Error(`the schema reference ${ref} is not local: the table of allowed keys follows only #/… references`);
    if (!refs.includes(ref)) visit(root, resolvePointer(root, ref), path, [...refs, ref], out);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) visit(root, branch, path, refs, out);
  }
  for (const keyword of ['then', 'else']) visit(root, schema[keyword], path, refs, out);
  const properties = isMap(schema.properties) ? schema.properties : undefined;
  if (schema.additionalProperties === false && properties) {
    const pointer = path.length === 0 ? '' : `/${path.join('/')}`;
    const keys = out.get(pointer) ?? [];
    for (const key of Object.keys(properties)) if (!keys.includes(key)) keys.push(key);
    out.set(pointer, keys);
  }
  for (const [key, child] of Object.entries(properties ?? {})) visit(root, child, [...path, escapePointer(key)], refs, out);
  if (isMap(schema.patternProperties))
    for (const child of Object.values(schema.patternProperties)) visit(root, child, [...path, '*'], refs, out);
  visit(root, schema.additionalProperties, [...path, '*'], refs, out);
  visit(root, schema.items, [...path, '*'], refs, out);
  if (Array.isArray(schema.prefixItems)) for (const child of schema.prefixItems) visit(root, child, [...path, '*'], refs, out);
}

function isMap(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function resolvePointer(root: JsonSchema, ref: string): unknown {
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').slice(1)) {
    if (!isMap(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A single-quoted string literal, as the other generated modules write them. */
function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The module's text (after the generated header). */
export function renderSchemaKeys(kinds: readonly KindSchema[], header: string): string {
  const lines = [
    header,
    "import type { KindName } from './kinds';",
    '',
    '/**',
    " * The keys each closed mapping of a kind's schema allows, by the mapping's place in a document: its",
    ' * instance path as a JSON pointer (empty for the document), `*` standing for any list index or free name.',
    ' */',
    'export const schemaKeys: Readonly<Record<KindName, Readonly<Record<string, readonly string[]>>>> = {',
  ];
  for (const { kind, schema } of kinds) {
    lines.push(`  ${quote(kind)}: {`);
    for (const [pointer, keys] of Object.entries(closedMappings(schema))) {
      lines.push(`    ${quote(pointer)}: [${keys.map(quote).join(', ')}],`);
    }
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}
