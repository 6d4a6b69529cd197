/**
 * What every part of the generator shares: the repository root, the generated file's shape, the error,
 * the generated headers and formatting, the ajv options, and the writers of TypeScript literals.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { SourceFile } from 'ts-morph';
import { VariableDeclarationKind } from 'ts-morph';
import { GENERATED_MARKER } from '../../engine/layer/allow';

/** The repository this generator belongs to. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Annotation keywords of our schemas; ajv's strict mode refuses them unless they are declared. */
export const SCHEMA_ANNOTATIONS = ['x-majordomus-allow', 'x-majordomus-schema'] as const;

/** One file the generator produces: repository-relative path and full content. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}

/** How a generated file compares with what is on disk. */
export type FileState = 'current' | 'stale' | 'missing';

/** A schema file of share/schemas/. */
export interface SchemaSource {
  /** Repository-relative path. */
  readonly path: string;
  /** The file name without `.v1.schema.json`: the kind's `schema` field names it. */
  readonly stem: string;
  readonly schema: JsonSchema;
}

/** A JSON Schema node, read as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

const REGENERATE = 'regenerate with `npm run generate`';

/** A generation input is wrong; the message names the file and what to fix. */
export class GenerateError extends Error {
  override name = 'GenerateError';
}

/** The three-line header of a generated TypeScript file: marker, source, generator version. */
export function tsHeader(source: string, version: string): string {
  return [`// ${GENERATED_MARKER}`, `// Source: ${source}; ${REGENERATE}`, `// Generator: majordomus ${version}`, ''].join('\n');
}

/** The three-line header of a generated YAML file: marker, source, generator version. */
export function yamlHeader(source: string, version: string): string {
  return [`# ${GENERATED_MARKER}`, `# Source: ${source}; ${REGENERATE}`, `# Generator: majordomus ${version}`, ''].join('\n');
}

const FORMAT_SETTINGS = {
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
} as const;

/** A ts-morph file's text, formatted the one way, after its header. */
export function finish(file: SourceFile, header: string): string {
  file.formatText(FORMAT_SETTINGS);
  const body = file.getFullText().replace(/\s+$/, '');
  return `${header}\n${body}\n`;
}

/** Words in PascalCase (`rule front matter` → RuleFrontMatter). */
export function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** The constant an embedded pack's rule files are exported as (`brainstorm` → brainstormPack). */
export function embeddedName(pack: string): string {
  return `${pascal(pack).charAt(0).toLowerCase()}${pascal(pack).slice(1)}Pack`;
}

/** A JSON scalar as a TypeScript literal. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  throw new GenerateError(`unsupported literal ${JSON.stringify(value)}`);
}

/** A union type of distinct members; `true | false` becomes boolean. */
export function union(members: readonly string[]): string {
  const unique = [...new Set(members)];
  const hasTrue = unique.includes('true');
  const hasFalse = unique.includes('false');
  const merged = hasTrue && hasFalse ? ['boolean', ...unique.filter((m) => m !== 'true' && m !== 'false')] : unique;
  return merged.join(' | ');
}

/** A single-quoted string literal. */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** A property key, quoted only where it is not an identifier. */
export function propertyName(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : quote(key);
}

/** An ajv instance with the options every schema of ours is held to. */
export function createAjv(code?: { source: true; esm: true; lines: true }): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...(code ? { code } : {}) });
  ajv.addVocabulary([...SCHEMA_ANNOTATIONS]);
  return ajv;
}

/** Source text placed as it is inside a frozen literal (a function, an import). */
export class Code {
  constructor(readonly text: string) {}
}

/** A frozen object literal, as source text. */
export function frozen(value: unknown): string {
  if (value instanceof Code) return value.text;
  // `as const` keeps string literals literal, so a list of gate names types as GateName[]
  if (Array.isArray(value))
    return `Object.freeze([${value.map(frozen).join(', ')}]${value.length > 0 && value.every((v) => typeof v === 'string') ? ' as const' : ''})`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, v]) => `${propertyName(key)}: ${frozen(v)}`);
    return `Object.freeze({\n${members.join(',\n')},\n})`;
  }
  return literal(value);
}

/** Add an exported constant holding `value` as a frozen literal. */
export function addConstant(file: SourceFile, name: string, type: string, value: unknown, doc: string): void {
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: [doc],
    declarations: [{ name, type, initializer: frozen(value) }],
  });
}
