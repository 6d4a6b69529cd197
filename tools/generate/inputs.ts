/**
 * The generator's inputs, read and checked: share/schemas/*.json, share/kinds.yaml, rules/<pack>/pack.yaml,
 * share/events.yaml, the validator modules of validators/ and the package version; and the pairing of
 * each kind with its schema.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Validator } from '../../engine/api/validator';
import { readYamlFile } from '../../engine/layer/yaml';
import { createAjv, GenerateError, type JsonSchema, REPOSITORY_ROOT, type SchemaSource } from './common';

/** A kind: an entry of share/kinds.yaml. */
export interface KindEntry {
  readonly name: string;
  readonly format: 'yaml' | 'markdown' | 'json';
  readonly front_matter?: 'required';
  readonly schema: string;
  readonly identity: readonly string[];
  readonly schema_version?: { readonly field: string; readonly supported: readonly (string | number)[] };
}

/** A gate: an entry of the `gates` of a rules/<pack>/pack.yaml. */
export interface GateEntry {
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
export interface PackEntry {
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
export const BUILTIN_VALIDATORS: Readonly<Record<string, Validator>> = Object.fromEntries(
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
    if (entry.format !== 'yaml' && entry.format !== 'markdown' && entry.format !== 'json')
      throw new GenerateError(`${display}: ${where}.format must be yaml, markdown or json`);
    if (entry.format === 'markdown' ? entry.front_matter !== 'required' : entry.front_matter !== undefined) {
      throw new GenerateError(`${display}: ${where}.front_matter is \`required\` for a markdown kind and absent for a yaml or json one`);
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
export interface EventEntry {
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

/** A kind with the schema it names. */
export interface Paired {
  readonly kind: KindEntry;
  readonly schema: SchemaSource;
}

/** The package's version (package.json), written into every generated header. */
export function packageVersion(root: string): string {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
  if (typeof version !== 'string') throw new GenerateError('package.json: no version');
  return version;
}

/** The validator modules of validators/: every `<name>.ts`, by name, sorted. */
export function validatorFiles(root: string): string[] {
  return readdirSync(join(root, 'validators'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}
