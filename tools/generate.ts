/**
 * The code generator (`npm run generate`). Everything under engine/generated/, share/allow/ and the
 * rule packages' manifest.yaml is derived here from share/schemas/*.json, share/kinds.yaml,
 * rules/<pack>/pack.yaml and rules/<pack>/rules/*.md, and from nothing else:
 *
 *   share/allow/<name>.txt              the allow-list of each schema (engine/layer/allow.ts)
 *   engine/generated/types.ts           one interface per kind, with TSDoc from the schema
 *   engine/generated/schema-validators  ajv standalone validators (.js) and their declarations (.d.ts)
 *   engine/generated/kinds.ts           the kinds registry as frozen constants
 *   engine/generated/packs.ts           the packs registry (every pack.yaml), and PackName
 *   engine/generated/gates.ts           the gates the packs declare, as frozen constants, and GateName
 *   engine/generated/<pack>-pack.ts     an embedded pack's rule files, for a standalone bundle
 *   engine/generated/schema-keys.ts     the keys each closed mapping of a schema allows (tools/schema-keys.ts)
 *   engine/generated/events.ts          the ledger's event vocabulary (share/events.yaml): EventName, required keys
 *   rules/<pack>/manifest.yaml          the package manifest: every rule file, its identity and sha256
 *
 * `--check` writes nothing: it names every file that is stale or missing and exits 1, or exits 0.
 * The output is deterministic: no timestamps, no absolute paths, stable ordering and formatting.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { InterfaceDeclarationStructure, OptionalKind, PropertySignatureStructure, SourceFile } from 'ts-morph';
import { IndentationText, NewLineKind, Project, QuoteKind, StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { Validator } from '../engine/api/validator';
import { GENERATED_MARKER, renderAllowFile } from '../engine/layer/allow';
import { readFrontMatterFile } from '../engine/layer/front-matter';
import { readYamlFile } from '../engine/layer/yaml';
import { writeYaml } from '../engine/layer/yaml-write';
import { renderCatalogue } from './catalogue';
import { renderSchemaKeys } from './schema-keys';

/** The repository this generator belongs to. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

type JsonSchema = { readonly [key: string]: unknown };

interface KindEntry {
  readonly name: string;
  readonly format: 'yaml' | 'markdown';
  readonly front_matter?: 'required';
  readonly schema: string;
  readonly identity: readonly string[];
  readonly schema_version?: { readonly field: string; readonly supported: readonly (string | number)[] };
}

interface GateEntry {
  readonly name: string;
  readonly description: string;
  readonly target: 'repository' | 'folder';
  readonly violation_level: 'fail' | 'drift';
  readonly exit_code?: number;
  readonly includes: readonly string[];
  readonly command: string;
  /** The pack that declares it. */
  readonly pack: string;
}

/** A pack: rules/<name>/pack.yaml, checked against share/schemas/pack.v1.schema.json. */
interface PackEntry {
  readonly name: string;
  readonly description: string;
  readonly vendoring: 'always' | 'default' | 'optional' | 'never';
  readonly validators: readonly string[];
  readonly gates: readonly GateEntry[];
  readonly embedded: boolean;
  readonly context?: string;
  readonly commands: readonly string[];
  readonly bundles: readonly { readonly name: string; readonly entry: string }[];
}

/**
 * The built-in validators, imported from validators/ by file (the registry engine/generated/validators.ts
 * is one of the files this generator writes, so it cannot be read to write itself): the catalogue lists
 * each one's gates, kind, options and description.
 */
const BUILTIN_VALIDATORS: Readonly<Record<string, Validator>> = Object.fromEntries(
  await Promise.all(
    validatorFiles(REPOSITORY_ROOT).map(
      async (name) =>
        [
          name,
          ((await import(pathToFileURL(join(REPOSITORY_ROOT, 'validators', `${name}.ts`)).href)) as { default: Validator }).default,
        ] as const,
    ),
  ),
);

const SCHEMA_SUFFIX = '.v1.schema.json';
const REGENERATE = 'regenerate with `npm run generate`';

/** A generation input is wrong; the message names the file and what to fix. */
export class GenerateError extends Error {
  override name = 'GenerateError';
}

// ---------------------------------------------------------------------------------------------------
// Inputs

/** Read every share/schemas/<stem>.v1.schema.json, in byte order of the file names. */
export function readSchemas(root: string): SchemaSource[] {
  const dir = join(root, 'share/schemas');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.map((name) => {
    const path = `share/schemas/${name}`;
    if (!name.endsWith(SCHEMA_SUFFIX)) throw new GenerateError(`${path}: a schema file is named <kind>${SCHEMA_SUFFIX}`);
    const schema = JSON.parse(readFileSync(join(dir, name), 'utf8')) as JsonSchema;
    const stem = name.slice(0, -SCHEMA_SUFFIX.length);
    if (schema['x-majordomus-allow'] !== stem) {
      throw new GenerateError(`${path}: x-majordomus-allow must be ${JSON.stringify(stem)} (the file name)`);
    }
    if (typeof schema.$id !== 'string' || !schema.$id.endsWith(`/${name}`)) {
      throw new GenerateError(`${path}: $id must end with /${name}`);
    }
    if (typeof schema.title !== 'string' || typeof schema.description !== 'string') {
      throw new GenerateError(`${path}: a schema needs a title and a description`);
    }
    return { path, stem, schema };
  });
}

/** Read and check share/kinds.yaml. */
export function readKinds(root: string): KindEntry[] {
  const display = 'share/kinds.yaml';
  const doc = readYamlFile(join(root, display), display).value;
  const top = expectMap(doc, display, '', ['schema', 'kinds']);
  if (top.schema !== 'majordomus-kinds/v1') throw new GenerateError(`${display}: schema must be majordomus-kinds/v1`);
  const kinds = expectMap(top.kinds, display, 'kinds');
  return Object.entries(kinds).map(([name, raw]) => {
    const where = `kinds.${name}`;
    const entry = expectMap(raw, display, where, ['format', 'front_matter', 'schema', 'identity', 'schema_version']);
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new GenerateError(`${display}: ${where} is not a kebab-case kind name`);
    if (entry.format !== 'yaml' && entry.format !== 'markdown')
      throw new GenerateError(`${display}: ${where}.format must be yaml or markdown`);
    if (entry.format === 'markdown' ? entry.front_matter !== 'required' : entry.front_matter !== undefined) {
      throw new GenerateError(`${display}: ${where}.front_matter is \`required\` for a markdown kind and absent for a yaml one`);
    }
    if (typeof entry.schema !== 'string') throw new GenerateError(`${display}: ${where}.schema must name a schema`);
    const identity = expectStrings(entry.identity, display, `${where}.identity`);
    let schemaVersion: KindEntry['schema_version'];
    if (entry.schema_version !== undefined) {
      const sv = expectMap(entry.schema_version, display, `${where}.schema_version`, ['field', 'supported']);
      const supported = sv.supported;
      if (
        typeof sv.field !== 'string' ||
        !Array.isArray(supported) ||
        supported.length === 0 ||
        !supported.every((v) => typeof v === 'string' || typeof v === 'number')
      ) {
        throw new GenerateError(`${display}: ${where}.schema_version needs a field and a non-empty list of supported values`);
      }
      schemaVersion = { field: sv.field, supported: supported as (string | number)[] };
    }
    return {
      name,
      format: entry.format,
      ...(entry.front_matter === 'required' ? { front_matter: 'required' as const } : {}),
      schema: entry.schema,
      identity,
      ...(schemaVersion ? { schema_version: schemaVersion } : {}),
    };
  });
}

/** The pack every repository carries: `vendoring: always`, named as the engine names its vendor. */
const BASELINE_PACK = 'majordomus';

/**
 * Read and check every rules/<pack>/pack.yaml: against its schema, then across packs — each registered
 * validator claimed by exactly one pack, gate names unique, `includes` naming other gates, exactly one
 * pack vendored always (the baseline). The baseline comes first, then the others in byte order, so the
 * engine's gates lead the registry.
 */
export function readPacks(
  root: string,
  schemas: readonly SchemaSource[],
  registered: readonly string[] = Object.keys(BUILTIN_VALIDATORS),
): PackEntry[] {
  const dir = join(root, 'rules');
  if (!existsSync(dir)) return [];
  const schema = schemas.find((source) => source.stem === 'pack');
  if (!schema) throw new GenerateError('share/schemas/pack.v1.schema.json is missing: every pack.yaml is checked against it');
  const validate = createAjv().compile(schema.schema);
  const packs: PackEntry[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!statSync(join(dir, name)).isDirectory()) continue;
    const display = `rules/${name}/pack.yaml`;
    if (!existsSync(join(dir, name, 'pack.yaml'))) {
      if (existsSync(join(dir, name, 'rules')))
        throw new GenerateError(
          `rules/${name}/ holds rules but no pack.yaml (declare the pack: see docs/ARCHITECTURE.md, "Adding a pack")`,
        );
      continue;
    }
    const raw = readYamlFile(join(dir, name, 'pack.yaml'), display).value;
    if (!validate(raw)) {
      const first = validate.errors?.[0];
      throw new GenerateError(
        `${display}: breaks share/schemas/pack.v1.schema.json at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}`,
      );
    }
    const entry = raw as {
      name: string;
      description: string;
      vendoring: PackEntry['vendoring'];
      validators: string[];
      embedded?: boolean;
      context?: string;
      commands?: string[];
      bundles?: { name: string; entry: string }[];
      gates?: {
        name: string;
        description: string;
        target: GateEntry['target'];
        violation_level: GateEntry['violation_level'];
        exit_code?: number;
        includes?: string[];
        command: string;
      }[];
    };
    if (entry.name !== name) throw new GenerateError(`${display}: name must be ${JSON.stringify(name)}, the pack's folder`);
    packs.push({
      name,
      description: entry.description,
      vendoring: entry.vendoring,
      validators: entry.validators,
      gates: (entry.gates ?? []).map((gate) => ({
        name: gate.name,
        description: gate.description,
        target: gate.target,
        violation_level: gate.violation_level,
        includes: gate.includes ?? [],
        command: gate.command,
        pack: name,
        ...(gate.exit_code !== undefined ? { exit_code: gate.exit_code } : {}),
      })),
      embedded: entry.embedded === true,
      ...(entry.context !== undefined ? { context: entry.context } : {}),
      commands: entry.commands ?? [],
      bundles: entry.bundles ?? [],
    });
  }
  if (packs.length === 0) return packs;
  const always = packs.filter((pack) => pack.vendoring === 'always').map((pack) => pack.name);
  if (always.length !== 1 || always[0] !== BASELINE_PACK) {
    throw new GenerateError(`exactly one pack is vendored always, the baseline ${BASELINE_PACK}; found: ${always.join(', ') || 'none'}`);
  }
  const owner = new Map<string, string>();
  for (const pack of packs) {
    for (const validator of pack.validators) {
      if (!registered.includes(validator))
        throw new GenerateError(
          `rules/${pack.name}/pack.yaml: validators names ${validator}, which has no module validators/${validator}.ts`,
        );
      const other = owner.get(validator);
      if (other)
        throw new GenerateError(
          `rules/${pack.name}/pack.yaml: the validator ${validator} is already the ${other} pack's (a validator belongs to one pack)`,
        );
      owner.set(validator, pack.name);
    }
  }
  const unclaimed = registered.filter((validator) => !owner.has(validator));
  if (unclaimed.length > 0)
    throw new GenerateError(
      `no pack.yaml claims the validator module(s) ${unclaimed.join(', ')} (list each under the validators of its pack)`,
    );
  const gateNames = new Map<string, string>();
  for (const gate of packs.flatMap((pack) => pack.gates)) {
    const other = gateNames.get(gate.name);
    if (other)
      throw new GenerateError(`rules/${gate.pack}/pack.yaml: the gate ${gate.name} is already the ${other} pack's (gate names are unique)`);
    gateNames.set(gate.name, gate.pack);
  }
  for (const gate of packs.flatMap((pack) => pack.gates)) {
    for (const included of gate.includes) {
      if (!gateNames.has(included) || included === gate.name)
        throw new GenerateError(`rules/${gate.pack}/pack.yaml: the gate ${gate.name} includes ${included}, which is not another gate`);
    }
  }
  const baseline = packs.find((pack) => pack.name === BASELINE_PACK)!;
  return [baseline, ...packs.filter((pack) => pack !== baseline)];
}

/** One entry of share/events.yaml. */
interface EventEntry {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly emitted_by: string;
  readonly requires: readonly string[];
  readonly public: boolean;
}

/** Read share/events.yaml, checked against its schema; an id given twice is refused. */
export function readEvents(root: string, schemas: readonly SchemaSource[]): EventEntry[] {
  const display = 'share/events.yaml';
  const schema = schemas.find((source) => source.stem === 'events');
  if (!schema) throw new GenerateError('share/schemas/events.v1.schema.json is missing: share/events.yaml is checked against it');
  const validate = createAjv().compile(schema.schema);
  const raw = readYamlFile(join(root, display), display).value;
  if (!validate(raw)) {
    const first = validate.errors?.[0];
    throw new GenerateError(
      `${display}: breaks share/schemas/events.v1.schema.json at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}`,
    );
  }
  const events = (raw as { events: EventEntry[] }).events;
  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.id)) throw new GenerateError(`${display}: the event ${event.id} is declared twice`);
    seen.add(event.id);
  }
  return events;
}

function expectMap(value: unknown, file: string, where: string, keys?: readonly string[]): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GenerateError(`${file}: ${where || 'the document'} must be a mapping`);
  }
  const map = value as Record<string, unknown>;
  for (const key of Object.keys(map)) {
    if (keys && !keys.includes(key)) throw new GenerateError(`${file}: unknown key ${where ? `${where}.` : ''}${key}`);
  }
  return map;
}

function expectStrings(value: unknown, file: string, where: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new GenerateError(`${file}: ${where} must be a list of strings`);
  }
  return value as string[];
}

/** Every schema is named by exactly one kind and every kind names an existing schema. */
export function pairKinds(kinds: readonly KindEntry[], schemas: readonly SchemaSource[]): Map<string, SchemaSource> {
  const byStem = new Map(schemas.map((s) => [s.stem, s]));
  const pairs = new Map<string, SchemaSource>();
  const claimed = new Map<string, string>();
  for (const kind of kinds) {
    const schema = byStem.get(kind.schema);
    if (!schema)
      throw new GenerateError(
        `share/kinds.yaml: kinds.${kind.name}.schema names ${kind.schema}, which has no share/schemas/${kind.schema}${SCHEMA_SUFFIX}`,
      );
    const other = claimed.get(kind.schema);
    if (other) throw new GenerateError(`share/kinds.yaml: kinds ${other} and ${kind.name} both name the schema ${kind.schema}`);
    claimed.set(kind.schema, kind.name);
    pairs.set(kind.name, schema);
  }
  for (const schema of schemas) {
    if (!claimed.has(schema.stem)) throw new GenerateError(`${schema.path}: no kind in share/kinds.yaml names this schema`);
  }
  return pairs;
}

// ---------------------------------------------------------------------------------------------------
// Generation

/** Produce every generated file of the repository at `root`, in a stable order. */
export function generateFiles(root: string = REPOSITORY_ROOT): GeneratedFile[] {
  const version = packageVersion(root);
  const schemas = readSchemas(root);
  const kinds = readKinds(root);
  const packs = readPacks(root, schemas);
  const gates = packs.flatMap((pack) => pack.gates);
  const pairs = pairKinds(kinds, schemas);

  const files: GeneratedFile[] = [];
  for (const source of schemas) {
    files.push({
      path: `share/allow/${source.stem}.txt`,
      content: renderAllowFile(source.schema, { source: source.path, version }),
    });
  }
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      quoteKind: QuoteKind.Single,
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      useTrailingCommas: true,
    },
  });
  const header = (source: string): string => tsHeader(source, version);
  const ordered = kinds.map((kind) => ({ kind, schema: pairs.get(kind.name)! }));
  files.push({ path: 'engine/generated/types.ts', content: renderTypes(project, ordered, header('share/schemas/*.v1.schema.json')) });
  const validators = renderValidators(project, ordered, header('share/schemas/*.v1.schema.json (ajv standalone)'));
  files.push({ path: 'engine/generated/schema-validators.js', content: validators.js });
  files.push({ path: 'engine/generated/schema-validators.d.ts', content: validators.dts });
  files.push({ path: 'engine/generated/kinds.ts', content: renderKinds(project, kinds, header('share/kinds.yaml')) });
  files.push({
    path: 'engine/generated/events.ts',
    content: renderEvents(project, readEvents(root, schemas), header('share/events.yaml')),
  });
  files.push({ path: 'engine/generated/packs.ts', content: renderPacks(project, packs, header('rules/*/pack.yaml')) });
  files.push({ path: 'engine/generated/gates.ts', content: renderGates(project, gates, header('rules/*/pack.yaml (gates)')) });
  files.push({
    path: 'engine/generated/validators.ts',
    content: renderValidatorRegistry(project, packs, header('rules/*/pack.yaml (validators)')),
  });
  files.push({
    path: 'engine/generated/schema-keys.ts',
    content: renderSchemaKeys(
      ordered.map((p) => ({ kind: p.kind.name, schema: p.schema.schema })),
      header('share/schemas/*.v1.schema.json'),
    ),
  });
  files.push(
    ...renderRulePackages(
      root,
      version,
      schemas.find((s) => s.stem === 'rule-package'),
    ),
  );
  files.push(...mirrorOwnVendoredPackages(root, files));
  if (existsSync(join(root, 'docs'))) files.push({ path: 'docs/RULES.md', content: renderCatalogue(root, version, BUILTIN_VALIDATORS) });
  files.push(
    ...renderEmbeddedPacks(
      project,
      root,
      packs.filter((pack) => pack.embedded).map((pack) => pack.name),
      header,
    ),
  );
  return files;
}

/** The constant an embedded pack's rule files are exported as (`brainstorm` → brainstormPack). */
function embeddedName(pack: string): string {
  return `${pascal(pack).charAt(0).toLowerCase()}${pascal(pack).slice(1)}Pack`;
}

/**
 * `engine/generated/<pack>-pack.ts` for each pack declaring `embedded: true` (its gates judge a folder
 * that may be outside any repository): the pack's rule files, byte for byte, for a standalone bundle.
 */
function renderEmbeddedPacks(
  project: Project,
  root: string,
  embedded: readonly string[],
  header: (source: string) => string,
): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const pack of embedded) {
    const dir = join(root, 'rules', pack, 'rules');
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort()
      .map((name) => ({ file: `rules/${pack}/rules/${name}`, text: readFileSync(join(dir, name), 'utf8') }));
    const source = project.createSourceFile(`${pack}-pack.ts`, '', { overwrite: true });
    addConstant(
      source,
      embeddedName(pack),
      'readonly { readonly file: string; readonly text: string }[]',
      files,
      `The rule files of the \`${pack}\` pack, as the distribution ships them.`,
    );
    out.push({ path: `engine/generated/${pack}-pack.ts`, content: finish(source, header(`rules/${pack}/rules/*.md`)) });
  }
  return out;
}

/**
 * This repository governs itself: its own `.ai/repo/rules/vendor/<pack>/` is the package it ships,
 * byte for byte, so the copy is derived here and checked with everything else.
 */
function mirrorOwnVendoredPackages(root: string, generated: readonly GeneratedFile[]): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  if (!existsSync(join(root, 'rules'))) return out;
  for (const pack of readdirSync(join(root, 'rules')).sort()) {
    const vendored = `.ai/repo/rules/vendor/${pack}`;
    if (!existsSync(join(root, vendored))) continue;
    const manifest = generated.find((file) => file.path === `rules/${pack}/manifest.yaml`);
    if (manifest) out.push({ path: `${vendored}/manifest.yaml`, content: manifest.content });
    const dir = join(root, 'rules', pack, 'rules');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.md') && n !== 'README.md')
      .sort()) {
      out.push({ path: `${vendored}/rules/${name}`, content: readFileSync(join(dir, name), 'utf8') });
    }
  }
  return out;
}

function packageVersion(root: string): string {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
  if (typeof version !== 'string') throw new GenerateError('package.json: no version');
  return version;
}

function tsHeader(source: string, version: string): string {
  return [`// ${GENERATED_MARKER}`, `// Source: ${source}; ${REGENERATE}`, `// Generator: majordomus ${version}`, ''].join('\n');
}

function yamlHeader(source: string, version: string): string {
  return [`# ${GENERATED_MARKER}`, `# Source: ${source}; ${REGENERATE}`, `# Generator: majordomus ${version}`, ''].join('\n');
}

const FORMAT_SETTINGS = {
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
} as const;

function finish(file: SourceFile, header: string): string {
  file.formatText(FORMAT_SETTINGS);
  const body = file.getFullText().replace(/\s+$/, '');
  return `${header}\n${body}\n`;
}

// --- types.ts ---------------------------------------------------------------------------------------

interface Paired {
  readonly kind: KindEntry;
  readonly schema: SchemaSource;
}

/** The interface name of a kind: its schema title in PascalCase (`Rule front matter` → RuleFrontMatter). */
export function interfaceName(schema: JsonSchema): string {
  return pascal(String(schema.title));
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

function renderTypes(project: Project, kinds: readonly Paired[], header: string): string {
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

function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  throw new GenerateError(`unsupported literal ${JSON.stringify(value)}`);
}

function union(members: readonly string[]): string {
  const unique = [...new Set(members)];
  const hasTrue = unique.includes('true');
  const hasFalse = unique.includes('false');
  const merged = hasTrue && hasFalse ? ['boolean', ...unique.filter((m) => m !== 'true' && m !== 'false')] : unique;
  return merged.join(' | ');
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function propertyName(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : quote(key);
}

/** A TSDoc body from lines of prose; a star-slash in the prose would close the comment, so it is escaped. */
function docText(lines: readonly string[]): string {
  return lines.join('\n').replace(/\*\//g, '*\\/');
}

// --- schema-validators.js / .d.ts ------------------------------------------------------------------

/** ajv's standalone output requires these runtime helpers; they are inlined so nothing imports ajv. */
const INLINED_RUNTIME: Readonly<Record<string, string>> = {
  ucs2length: [
    '/** The length of a string in Unicode code points, as JSON Schema counts it. */',
    'function ucs2length(text) {',
    '  let length = 0;',
    '  let pos = 0;',
    '  while (pos < text.length) {',
    '    length++;',
    '    const unit = text.charCodeAt(pos++);',
    '    if (unit >= 0xd800 && unit <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;',
    '  }',
    '  return length;',
    '}',
  ].join('\n'),
};

/** The JavaScript export name of a kind (`rule-package` → rulePackage). */
export function exportName(kind: string): string {
  return kind.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A schema without its prose: annotations change no verdict, so the validators do not carry them. */
function stripAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripAnnotations);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' || key === 'title' || (SCHEMA_ANNOTATIONS as readonly string[]).includes(key)) continue;
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, stripAnnotations(v)]));
    } else if (key === 'const' || key === 'enum' || key === 'required') {
      out[key] = value;
    } else {
      out[key] = stripAnnotations(value);
    }
  }
  return out;
}

/** An ajv instance with the options every schema of ours is held to. */
export function createAjv(code?: { source: true; esm: true; lines: true }): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...(code ? { code } : {}) });
  ajv.addVocabulary([...SCHEMA_ANNOTATIONS]);
  return ajv;
}

function renderValidators(project: Project, kinds: readonly Paired[], header: string): { js: string; dts: string } {
  const ajv = createAjv({ source: true, esm: true, lines: true });
  const refs: Record<string, string> = {};
  for (const { kind, schema } of kinds) {
    ajv.addSchema(stripAnnotations(schema.schema) as object);
    refs[exportName(kind.name)] = String(schema.schema.$id);
  }
  let code = standaloneCode(ajv, refs).replace(/^"use strict";\s*/, '');
  const helpers = new Set<string>();
  code = code.replace(/require\("ajv\/dist\/runtime\/([A-Za-z0-9_]+)"\)\.default/g, (_, name: string) => {
    if (!INLINED_RUNTIME[name])
      throw new GenerateError(`the ajv standalone output needs the runtime helper ${name}, which the generator does not inline`);
    helpers.add(name);
    return name;
  });
  if (/\brequire\(/.test(code)) throw new GenerateError('the ajv standalone output still calls require()');
  const registry = [
    '/** The precompiled validator of each kind, by kind name. */',
    `export const schemaValidators = Object.freeze({ ${kinds.map(({ kind }) => `${propertyName(kind.name)}: ${exportName(kind.name)}`).join(', ')} });`,
  ].join('\n');
  // ajv writes one statement a line (code.lines); re-indenting 200 kB of it with ts-morph would cost
  // seconds on every run and change nothing a reader needs, so only trailing blanks are trimmed.
  const body = [...[...helpers].sort().map((h) => INLINED_RUNTIME[h]), code.trim(), registry].join('\n\n');
  const js = `${header}\n${body.replace(/[ \t]+$/gm, '')}\n`;

  const dts = project.createSourceFile('schema-validators.d.ts', '', { overwrite: true });
  dts.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './kinds', namedImports: ['KindName'] });
  dts.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './types',
    namedImports: ['KindDocuments', ...kinds.map(({ schema }) => interfaceName(schema.schema))],
  });
  dts.addInterface({
    name: 'SchemaError',
    isExported: true,
    docs: ['One way a document breaks its schema, as ajv reports it (every error is collected: allErrors).'],
    properties: [
      {
        name: 'instancePath',
        type: 'string',
        docs: ['JSON Pointer to the offending value: `/x-majordomus/validator`; `` is the document itself.'],
      },
      { name: 'schemaPath', type: 'string', docs: ['JSON Pointer into the schema: `#/$defs/Enforcement/additionalProperties`.'] },
      {
        name: 'keyword',
        type: 'string',
        docs: ['The keyword that failed: `required`, `additionalProperties`, `type`, `const`, `enum`, `pattern`, ...'],
      },
      {
        name: 'params',
        type: 'Record<string, unknown>',
        docs: [
          'Keyword details: `{ missingProperty }`, `{ additionalProperty }`, `{ type }`, `{ allowedValue }`, `{ allowedValues }`, `{ pattern }`, `{ limit }`, ...',
        ],
      },
      { name: 'message', type: 'string', hasQuestionToken: true, docs: ["ajv's English sentence; for logs, not for tests."] },
    ],
  });
  dts.addInterface({
    name: 'SchemaValidator',
    isExported: true,
    typeParameters: ['T'],
    docs: ['A precompiled validator: true when `data` conforms; otherwise false, with `errors` set until the next call.'],
    callSignatures: [{ parameters: [{ name: 'data', type: 'unknown' }], returnType: 'data is T' }],
    properties: [
      {
        name: 'errors',
        type: 'SchemaError[] | null',
        hasQuestionToken: true,
        docs: ['The errors of the last call that failed; null after one that passed.'],
      },
    ],
  });
  dts.addVariableStatements(
    kinds.map(({ kind, schema }) => ({
      declarationKind: VariableDeclarationKind.Const,
      hasDeclareKeyword: true,
      isExported: true,
      docs: [`Validate a \`${kind.name}\` document against \`${schema.path}\`.`],
      declarations: [{ name: exportName(kind.name), type: `SchemaValidator<${interfaceName(schema.schema)}>` }],
    })),
  );
  dts.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    hasDeclareKeyword: true,
    isExported: true,
    docs: ['The precompiled validator of each kind, by kind name.'],
    declarations: [{ name: 'schemaValidators', type: '{ readonly [K in KindName]: SchemaValidator<KindDocuments[K]> }' }],
  });
  return { js, dts: finish(dts, header) };
}

// --- kinds.ts / gates.ts ---------------------------------------------------------------------------

/** Source text placed as it is inside a frozen literal (a function, an import). */
class Code {
  constructor(readonly text: string) {}
}

/** A frozen object literal, as source text. */
function frozen(value: unknown): string {
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

function renderKinds(project: Project, kinds: readonly KindEntry[], header: string): string {
  const file = project.createSourceFile('kinds.ts', '', { overwrite: true });
  file.addTypeAlias({
    name: 'KindName',
    isExported: true,
    docs: ['The name of a kind of document the layer reads.'],
    type: union(kinds.map((k) => quote(k.name))),
  });
  file.addInterface({
    name: 'KindSchemaVersion',
    isExported: true,
    docs: ["The field that carries a kind's format version, and the values this executable reads."],
    properties: [
      { name: 'field', type: 'string', isReadonly: true },
      { name: 'supported', type: 'readonly (string | number)[]', isReadonly: true },
    ],
  });
  file.addInterface({
    name: 'KindDefinition',
    isExported: true,
    docs: ['How a document of one kind is read and checked (an entry of share/kinds.yaml).'],
    properties: [
      { name: 'name', type: 'KindName', isReadonly: true },
      { name: 'format', type: "'yaml' | 'markdown'", isReadonly: true, docs: ['How the file is read.'] },
      {
        name: 'frontMatter',
        type: "'required'",
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['`front_matter`, markdown only: the front matter must be present, and it is what the schema checks.'],
      },
      {
        name: 'schema',
        type: 'string',
        isReadonly: true,
        docs: ['The schema stem: `share/schemas/<schema>.v1.schema.json`, allow-list `share/allow/<schema>.txt`.'],
      },
      {
        name: 'identity',
        type: 'readonly string[]',
        isReadonly: true,
        docs: ['The fields joined with `@` that identify a document; empty means its path does.'],
      },
      {
        name: 'schemaVersion',
        type: 'KindSchemaVersion',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['`schema_version`: where the kind carries a format version.'],
      },
    ],
  });
  const entries = kinds.map((k) => ({
    name: k.name,
    format: k.format,
    ...(k.front_matter ? { frontMatter: k.front_matter } : {}),
    schema: k.schema,
    identity: k.identity,
    ...(k.schema_version ? { schemaVersion: k.schema_version } : {}),
  }));
  addConstant(
    file,
    'kindNames',
    'readonly KindName[]',
    kinds.map((k) => k.name),
    'Every kind name, in registry order.',
  );
  addConstant(
    file,
    'kinds',
    'Readonly<Record<KindName, KindDefinition>>',
    Object.fromEntries(entries.map((k) => [k.name, k])),
    'The kinds registry, by name.',
  );
  return finish(file, header);
}

function renderEvents(project: Project, events: readonly EventEntry[], header: string): string {
  const file = project.createSourceFile('events.ts', '', { overwrite: true });
  file.addTypeAlias({
    name: 'EventName',
    isExported: true,
    docs: ['The name of an event the ledger accepts (share/events.yaml).'],
    type: union(events.map((event) => quote(event.id))),
  });
  file.addInterface({
    name: 'EventDefinition',
    isExported: true,
    docs: ['What a ledger line of one event carries (an entry of share/events.yaml).'],
    properties: [
      { name: 'name', type: 'EventName', isReadonly: true },
      { name: 'title', type: 'string', isReadonly: true },
      { name: 'emittedBy', type: 'string', isReadonly: true, docs: ['The command that writes it.'] },
      {
        name: 'requires',
        type: 'readonly string[]',
        isReadonly: true,
        docs: ['The payload keys every line of it carries besides the envelope.'],
      },
      { name: 'public', type: 'boolean', isReadonly: true, docs: ['Part of the record a user reads back with `history`.'] },
    ],
  });
  const entries = events.map((event) => ({
    name: event.id,
    title: event.title,
    emittedBy: event.emitted_by,
    requires: event.requires,
    public: event.public,
  }));
  addConstant(
    file,
    'eventNames',
    'readonly EventName[]',
    events.map((event) => event.id),
    'Every event name, in the order share/events.yaml declares them.',
  );
  addConstant(
    file,
    'events',
    'Readonly<Record<EventName, EventDefinition>>',
    Object.fromEntries(entries.map((event) => [event.name, event])),
    'The event vocabulary, by name.',
  );
  return finish(file, header);
}

function renderGates(project: Project, gates: readonly GateEntry[], header: string): string {
  const file = project.createSourceFile('gates.ts', '', { overwrite: true });
  const named = (target: GateEntry['target']): string =>
    union(gates.filter((g) => g.target === target).map((g) => quote(g.name))) || 'never';
  file.addTypeAliases([
    {
      name: 'GateName',
      isExported: true,
      docs: ['The name of a gate: a moment at which rules are enforced.'],
      type: union(gates.map((g) => quote(g.name))) || 'never',
    },
    {
      name: 'RepositoryGateName',
      isExported: true,
      docs: ['A gate that judges a repository: its context offers the layout, git and the tracked files.'],
      type: named('repository'),
    },
    {
      name: 'FolderGateName',
      isExported: true,
      docs: ['A gate that judges a folder, inside a repository or not: its context offers the folder alone.'],
      type: named('folder'),
    },
  ]);
  file.addInterface({
    name: 'GateDefinition',
    isExported: true,
    docs: ['A gate (an entry of the `gates` of a rules/<pack>/pack.yaml).'],
    properties: [
      { name: 'name', type: 'GateName', isReadonly: true },
      { name: 'description', type: 'string', isReadonly: true, docs: ['What the gate judges, in one line.'] },
      {
        name: 'target',
        type: "'repository' | 'folder'",
        isReadonly: true,
        docs: ['`target`: what the gate judges, a repository or a folder.'],
      },
      {
        name: 'violationLevel',
        type: "'fail' | 'drift'",
        isReadonly: true,
        docs: ["`violation_level`: what a blocking rule's violation becomes at this gate."],
      },
      {
        name: 'exitCode',
        type: 'number',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ["`exit_code`: when set, the exit code a violation produces here, in place of the rule's own."],
      },
      {
        name: 'includes',
        type: 'readonly GateName[]',
        isReadonly: true,
        docs: ['`includes`: the gates whose rules this gate runs too (gates are cumulative).'],
      },
      {
        name: 'command',
        type: 'string',
        isReadonly: true,
        docs: ['`command`: the command that runs one rule again ({rule}: the rule id, {target}: the folder judged).'],
      },
      { name: 'pack', type: 'string', isReadonly: true, docs: ['The pack that declares the gate.'] },
    ],
  });
  const entries = gates.map((g) => ({
    name: g.name,
    description: g.description,
    target: g.target,
    violationLevel: g.violation_level,
    ...(g.exit_code !== undefined ? { exitCode: g.exit_code } : {}),
    includes: g.includes,
    command: g.command,
    pack: g.pack,
  }));
  addConstant(
    file,
    'gateNames',
    'readonly GateName[]',
    gates.map((g) => g.name),
    'Every gate name, in registry order.',
  );
  addConstant(
    file,
    'gates',
    'Readonly<Record<GateName, GateDefinition>>',
    Object.fromEntries(entries.map((g) => [g.name, g])),
    'The gates registry, by name.',
  );
  return finish(file, header);
}

/** The import path of an engine module from engine/generated/ (`engine/brainstorm/x.ts` → `../brainstorm/x`). */
function fromGenerated(module: string): string {
  return `../${module.slice('engine/'.length, -'.ts'.length)}`;
}

function renderPacks(project: Project, packs: readonly PackEntry[], header: string): string {
  const file = project.createSourceFile('packs.ts', '', { overwrite: true });
  file.addImportDeclarations([
    { isTypeOnly: true, moduleSpecifier: './gates', namedImports: ['GateName'] },
    { isTypeOnly: true, moduleSpecifier: '../api/validator', namedImports: ['PackContext'] },
  ]);
  file.addTypeAliases([
    {
      name: 'PackName',
      isExported: true,
      docs: ['The name of a pack: its folder rules/<name>/, and the vendor of its rule package.'],
      type: union(packs.map((p) => quote(p.name))) || 'never',
    },
    {
      name: 'PackVendoring',
      isExported: true,
      docs: [
        'How a repository adopts a pack: always (the baseline), by default (init; removable), on request (rules vendor add), or never (examples).',
      ],
      type: "'always' | 'default' | 'optional' | 'never'",
    },
  ]);
  file.addInterface({
    name: 'PackDefinition',
    isExported: true,
    docs: ['A pack (a rules/<pack>/pack.yaml).'],
    properties: [
      { name: 'name', type: 'PackName', isReadonly: true },
      { name: 'description', type: 'string', isReadonly: true, docs: ['What the pack governs, in one line.'] },
      {
        name: 'vendoring',
        type: 'PackVendoring',
        isReadonly: true,
        docs: ['`vendoring`: whether init vendors it and whether it may be removed.'],
      },
      { name: 'validators', type: 'readonly string[]', isReadonly: true, docs: ['The built-in validators the pack brings.'] },
      { name: 'gates', type: 'readonly GateName[]', isReadonly: true, docs: ['The gates the pack declares.'] },
      { name: 'commands', type: 'readonly string[]', isReadonly: true, docs: ['The top-level commands the pack adds.'] },
      {
        name: 'embeddedRules',
        type: '() => Promise<readonly { readonly file: string; readonly text: string }[]>',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['`embedded`: the rule files compiled into the bundle (engine/generated/<pack>-pack.ts), imported when first read.'],
      },
      {
        name: 'context',
        type: '() => Promise<PackContext>',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['The models the pack builds for its validators, imported only when a gate of the pack runs.'],
      },
    ],
  });
  const entries = packs.map((p) => ({
    name: p.name,
    description: p.description,
    vendoring: p.vendoring,
    validators: p.validators,
    gates: p.gates.map((g) => g.name),
    commands: p.commands,
    ...(p.embedded ? { embeddedRules: new Code(`() => import('./${p.name}-pack').then((module) => module.${embeddedName(p.name)})`) } : {}),
    ...(p.context !== undefined ? { context: new Code(`() => import('${fromGenerated(p.context)}')`) } : {}),
  }));
  addConstant(
    file,
    'packNames',
    'readonly PackName[]',
    packs.map((p) => p.name),
    'Every pack, the baseline first, then in byte order.',
  );
  addConstant(
    file,
    'packs',
    'Readonly<Record<PackName, PackDefinition>>',
    Object.fromEntries(entries.map((p) => [p.name, p])),
    'The packs registry, by name.',
  );
  return finish(file, header);
}

/** The validator modules of validators/: every `<name>.ts`, by name, sorted. */
export function validatorFiles(root: string): string[] {
  return readdirSync(join(root, 'validators'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/**
 * `engine/generated/validators.ts`: the registry of built-in validators, from the packs' lists — each
 * name bound to a loader of its module, keys sorted, typed by `satisfies` so the compiler checks every
 * plugin's shape. A module is imported only when a registry is built.
 */
function renderValidatorRegistry(project: Project, packs: readonly PackEntry[], header: string): string {
  const file = project.createSourceFile('validators.ts', '', { overwrite: true });
  file.addImportDeclarations([{ isTypeOnly: true, moduleSpecifier: '../api/validator', namedImports: ['Validator'] }]);
  const names = packs.flatMap((p) => p.validators).sort();
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: ["Every built-in validator: its name (a rule's `x-majordomus.validator`) and the loader of its module."],
    declarations: [
      {
        name: 'validatorModules',
        initializer: `{\n${names.map((name) => `  ${name}: () => import('../../validators/${name}'),`).join('\n')}\n} as const satisfies Readonly<Record<string, () => Promise<{ readonly default: Validator }>>>`,
      },
    ],
  });
  file.addTypeAlias({
    name: 'BuiltinValidatorName',
    isExported: true,
    docs: ['The name of a built-in validator.'],
    type: 'keyof typeof validatorModules',
  });
  return finish(file, header);
}

function addConstant(file: SourceFile, name: string, type: string, value: unknown, doc: string): void {
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: [doc],
    declarations: [{ name, type, initializer: frozen(value) }],
  });
}

// --- rules/<pack>/manifest.yaml --------------------------------------------------------------------

function renderRulePackages(root: string, version: string, schema: SchemaSource | undefined): GeneratedFile[] {
  const rulesDir = join(root, 'rules');
  if (!existsSync(rulesDir)) return [];
  const validate = schema ? createAjv().compile(schema.schema) : undefined;
  const files: GeneratedFile[] = [];
  for (const pack of readdirSync(rulesDir).sort()) {
    const ruleFiles = join(rulesDir, pack, 'rules');
    if (!existsSync(ruleFiles) || !statSync(ruleFiles).isDirectory()) continue;
    const entries = readdirSync(ruleFiles)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort()
      .map((name) => {
        const display = `rules/${pack}/rules/${name}`;
        const path = join(ruleFiles, name);
        const front = readFrontMatterFile(path, display).data.value as Record<string, unknown>;
        if (typeof front.id !== 'string' || !Number.isInteger(front.version)) {
          throw new GenerateError(`${display}: the front matter needs a string id and an integer version`);
        }
        const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
        return { id: front.id, version: front.version as number, file: `rules/${name}`, sha256 };
      })
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.version - b.version));
    const manifest = {
      vendor: pack,
      package: `${pack}-standard-rules`,
      version: 1,
      format: 'ai-rules/v1',
      source_revision: version,
      rules: entries,
    };
    if (validate && !validate(manifest)) {
      const first = validate.errors?.[0];
      throw new GenerateError(
        `rules/${pack}/manifest.yaml would break its schema at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}`,
      );
    }
    files.push({
      path: `rules/${pack}/manifest.yaml`,
      content: `${yamlHeader(`rules/${pack}/rules/*.md`, version)}${writeYaml(manifest)}`,
    });
  }
  return files;
}

// ---------------------------------------------------------------------------------------------------
// Writing and checking

/** Compare each generated file with the bytes on disk. */
export function compareFiles(root: string, files: readonly GeneratedFile[]): { path: string; state: FileState }[] {
  return files.map(({ path, content }) => {
    const target = join(root, path);
    if (!existsSync(target)) return { path, state: 'missing' as const };
    return { path, state: readFileSync(target, 'utf8') === content ? ('current' as const) : ('stale' as const) };
  });
}

/** Run the generator: write (or, with `--check`, only compare); returns the exit code. */
export function run(argv: readonly string[], root: string = REPOSITORY_ROOT, print: (line: string) => void = console.log): number {
  const unknown = argv.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    print(`generate: unknown argument ${unknown[0]} (usage: npm run generate [-- --check])`);
    return 2;
  }
  const check = argv.includes('--check');
  let files: GeneratedFile[];
  try {
    files = generateFiles(root);
  } catch (error) {
    print(`generate: ${(error as Error).message}`);
    return 2;
  }
  const states = compareFiles(root, files);
  const outdated = states.filter((s) => s.state !== 'current');
  if (check) {
    for (const { path, state } of outdated) print(`${state}: ${path}`);
    if (outdated.length > 0) return 1;
    print(`generate: ${files.length} files current`);
    return 0;
  }
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  for (const { path } of outdated) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, byPath.get(path)!);
    print(relative(root, target).split('\\').join('/'));
  }
  if (outdated.length === 0) print(`generate: ${files.length} files current`);
  return 0;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) process.exitCode = run(process.argv.slice(2));
