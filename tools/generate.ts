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
 *
 * This file is the entry: it assembles the files; the parts live in tools/generate/.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IndentationText, NewLineKind, Project, QuoteKind } from 'ts-morph';
import { renderAllowFile } from '../engine/layer/allow';
import { renderCatalogue } from './catalogue';
import { type FileState, type GeneratedFile, REPOSITORY_ROOT, tsHeader } from './generate/common';
import { BUILTIN_VALIDATORS, packageVersion, pairKinds, readEvents, readKinds, readPacks, readSchemas } from './generate/inputs';
import { renderEvents, renderGates, renderKinds, renderPacks, renderValidatorRegistry } from './generate/render-registries';
import { renderTypes } from './generate/render-types';
import { renderValidators } from './generate/render-validators';
import { mirrorOwnVendoredPackages, renderEmbeddedPacks, renderRulePackages } from './generate/rule-packages';
import { renderSchemaKeys } from './schema-keys';

export {
  createAjv,
  type FileState,
  type GeneratedFile,
  GenerateError,
  REPOSITORY_ROOT,
  SCHEMA_ANNOTATIONS,
  type SchemaSource,
} from './generate/common';
export { pairKinds, readEvents, readKinds, readPacks, readSchemas, validatorFiles } from './generate/inputs';
export { interfaceName } from './generate/render-types';
export { exportName } from './generate/render-validators';

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
