/**
 * `engine/generated/types.ts`: one interface per kind (and per nested object of its schema), with TSDoc
 * from the schema's descriptions, and KindDocuments, the document type of each kind.
 */
import type { InterfaceDeclarationStructure, OptionalKind, Project, PropertySignatureStructure } from 'ts-morph';
import { StructureKind } from 'ts-morph';
import { finish, GenerateError, type JsonSchema, literal, pascal, propertyName, union } from './common';
import type { Paired } from './inputs';

/** The interface name of a kind: its schema title in PascalCase (`Rule front matter` → RuleFrontMatter). */
export function interfaceName(schema: JsonSchema): string {
  return pascal(String(schema.title));
}

/** `engine/generated/types.ts`: the interfaces of every kind, and KindDocuments. */
export function renderTypes(project: Project, kinds: readonly Paired[], header: string): string {
  const file = project.createSourceFile('types.ts', '', { overwrite: true });
  // Interfaces are collected as structures and added in one call: adding them (or their properties)
  // one at a time makes ts-morph re-parse the file after each, which is quadratic.
  const interfaces: InterfaceDeclarationStructure[] = [];
  for (const { kind, schema } of kinds) {
    const root = schema.schema;
    const name = interfaceName(root);
    const writer = new TypeWriter(interfaces, root, name);
    writer.writeInterface(name, root, [String(root.description), '', `Kind \`${kind.name}\`; schema \`${schema.path}\`.`]);
    const defs = (root.$defs ?? {}) as Record<string, JsonSchema>;
    for (const [defName, def] of Object.entries(defs)) {
      if (isObjectSchema(def) && hasProperties(def))
        writer.writeInterface(`${name}${pascal(defName)}`, def, [String(def.description ?? defName)]);
    }
  }
  interfaces.push({
    kind: StructureKind.Interface,
    name: 'KindDocuments',
    isExported: true,
    docs: ['The document type of each kind, by kind name.'],
    properties: kinds.map(({ kind, schema }) => ({
      name: propertyName(kind.name),
      type: interfaceName(schema.schema),
      isReadonly: true,
    })),
  });
  const names = interfaces.map((i) => i.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new GenerateError(`two schemas produce the TypeScript name ${duplicate}`);
  file.addInterfaces(interfaces);
  return finish(file, header);
}

class TypeWriter {
  constructor(
    private readonly out: InterfaceDeclarationStructure[],
    private readonly root: JsonSchema,
    private readonly rootName: string,
  ) {}

  /** Add the interface of an object schema (after it, the interfaces of its nested objects). */
  writeInterface(name: string, node: JsonSchema, docs: readonly string[]): void {
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((node.required ?? []) as string[]);
    const members: OptionalKind<PropertySignatureStructure>[] = [];
    this.out.push({ kind: StructureKind.Interface, name, isExported: true, docs: [docText(docs)], properties: members });
    for (const [key, child] of Object.entries(properties)) {
      const description = child.description ?? this.target(child).description;
      members.push({
        name: propertyName(key),
        type: this.typeOf(child, `${name}${pascal(key)}`),
        hasQuestionToken: !required.has(key),
        isReadonly: true,
        ...(typeof description === 'string' ? { docs: [docText([description])] } : {}),
      });
    }
  }

  private target(node: JsonSchema): JsonSchema {
    return typeof node.$ref === 'string' ? this.deref(node.$ref) : node;
  }

  private deref(ref: string): JsonSchema {
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const defs = (this.root.$defs ?? {}) as Record<string, JsonSchema>;
    if (!match || !defs[match[1]!]) throw new GenerateError(`unresolvable $ref ${ref} in ${this.rootName}`);
    return defs[match[1]!]!;
  }

  /** The TypeScript type of a schema node; a nested object with properties becomes its own interface. */
  typeOf(node: JsonSchema, nameHint: string): string {
    if (typeof node.$ref === 'string') {
      const match = /^#\/\$defs\/([^/]+)$/.exec(node.$ref);
      const def = this.deref(node.$ref);
      if (isObjectSchema(def) && hasProperties(def)) return `${this.rootName}${pascal(match![1]!)}`;
      return this.typeOf(def, nameHint);
    }
    if ('const' in node) return literal(node.const);
    if (Array.isArray(node.enum)) return union(node.enum.map(literal));
    const branches = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
    if (branches) return union(branches.map((b, i) => this.typeOf(b, `${nameHint}${i}`)));
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
    if (types.length !== 1) {
      if (types.length === 0) return 'unknown';
      return union(types.map((t) => this.typeOf({ ...node, type: t }, nameHint)));
    }
    switch (types[0]) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = node.items === undefined ? 'unknown' : this.typeOf(node.items as JsonSchema, `${nameHint}Item`);
        return /^[A-Za-z0-9_.]+$/.test(item) ? `readonly ${item}[]` : `readonly (${item})[]`;
      }
      case 'object':
        if (!hasProperties(node) || node.additionalProperties !== false) return 'Readonly<Record<string, unknown>>';
        this.writeInterface(nameHint, node, [String(node.description ?? nameHint)]);
        return nameHint;
      default:
        throw new GenerateError(`unsupported schema type ${String(types[0])} in ${this.rootName}`);
    }
  }
}

function isObjectSchema(node: JsonSchema): boolean {
  return node.type === 'object';
}

function hasProperties(node: JsonSchema): boolean {
  return node.properties !== undefined && Object.keys(node.properties as object).length > 0;
}

/** A TSDoc body from lines of prose; a star-slash in the prose would close the comment, so it is escaped. */
function docText(lines: readonly string[]): string {
  return lines.join('\n').replace(/\*\//g, '*\\/');
}
