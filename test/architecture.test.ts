/**
 * The house holds, read from the sources: imports run down the layer order (test/architecture/layers.ts),
 * no two files import each other round, only the one writer writes, only git's runner and the named
 * runners start processes, only the entry points read the process's environment, arguments and working
 * directory, every command is on the one list and every action is reached from it, every folder of
 * engine/ is on the map (docs/ARCHITECTURE.md), and no hand-written source file is over its length.
 * Each rule is also run on a small tree that breaks it, so a rule that could never fail is caught.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY_POINTS, LAYERS, MAX_SOURCE_LINES, PLUGIN_REGISTRIES, PROCESS_RUNNERS, PROVIDER_SEAM, WRITERS } from './architecture/layers';
import { fsWrites, importCycles, importsOf, isRegistry, layerViolations, moduleImports, processReads } from './helpers/architecture';
import { ROOT } from './helpers/repo';

/** The TypeScript sources of `dirs` under `root` (repository-relative, sorted), declarations and generated code left out. */
function sources(root: string, dirs: readonly string[]): string[] {
  return dirs
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
        .map((file) => `${dir}/${file}`),
    )
    .filter((file) => !file.startsWith('engine/generated/'))
    .sort();
}

const within = (file: string, places: readonly string[]): boolean => places.some((place) => file === place || file.startsWith(`${place}/`));

/** Imports outside the order or of a peer. */
const upward = (root: string, files: readonly string[]): string[] => layerViolations(root, files, LAYERS, PLUGIN_REGISTRIES);
/** Cycles, each as its files. */
const cycles = (root: string, files: readonly string[]): string[][] => importCycles(root, files, PLUGIN_REGISTRIES);
/** Writing calls outside the writer. */
const writes = (root: string, files: readonly string[]): string[] =>
  files.filter((file) => !within(file, WRITERS)).flatMap((file) => fsWrites(root, file));
/** Child processes outside the runners. */
const processes = (root: string, files: readonly string[]): string[] =>
  files
    .filter((file) => !within(file, PROCESS_RUNNERS))
    .flatMap((file) => moduleImports(root, file, new Set(['child_process', 'node:child_process'])));
/** The process's environment, arguments or directory read outside the entry points. */
const processState = (root: string, files: readonly string[]): string[] =>
  files.filter((file) => !within(file, ENTRY_POINTS)).flatMap((file) => processReads(root, file, new Set(['env', 'argv', 'cwd'])));

/** Imports of a provider's own module from outside the providers' folder, lazy and type-only ones included. */
const providerBypasses = (root: string, files: readonly string[]): string[] =>
  files
    .filter((file) => !within(file, [PROVIDER_SEAM.folder]))
    .flatMap((file) =>
      importsOf(root, file)
        .filter((edge) => within(edge.to, [PROVIDER_SEAM.folder]) && !PROVIDER_SEAM.ways.includes(edge.to))
        .map((edge) => `${file}:${edge.line} imports ${edge.to}, a provider's own module (ask the registry: ${PROVIDER_SEAM.ways[0]})`),
    );

/**
 * The command list's gaps: a module of engine/commands/ that index.ts does not list, an action module
 * no declaration reaches (lazily, or through an action it loads), and commander used outside the CLI.
 */
function commandGaps(root: string, files: readonly string[]): string[] {
  const gaps: string[] = [];
  const catalogue = files.filter(
    (file) => file.startsWith('engine/commands/') && !['engine/commands/index.ts', 'engine/commands/define.ts'].includes(file),
  );
  const listed = new Set(importsOf(root, 'engine/commands/index.ts').map((edge) => edge.to));
  for (const file of catalogue) if (!listed.has(file)) gaps.push(`${file}: a command module engine/commands/index.ts does not list`);
  const reached = new Set<string>();
  const queue = catalogue.filter((file) => listed.has(file));
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const edge of importsOf(root, file)) {
      if (!edge.to.startsWith('engine/actions/') || reached.has(edge.to)) continue;
      reached.add(edge.to);
      queue.push(edge.to);
    }
  }
  for (const file of files.filter((name) => name.startsWith('engine/actions/'))) {
    if (!reached.has(file)) gaps.push(`${file}: an action no command of the list runs`);
  }
  for (const file of files.filter((name) => !within(name, ['engine/cli']))) {
    for (const found of moduleImports(root, file, new Set(['commander'])))
      gaps.push(`${found}: commander outside engine/cli/ (declare the command in engine/commands/)`);
  }
  return gaps;
}

/** The folders of engine/ (every depth) that docs/ARCHITECTURE.md does not name as `engine/<folder>/`. */
function unmappedFolders(root: string): string[] {
  const map = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  return readdirSync(join(root, 'engine'), { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(join(root, 'engine', entry)).isDirectory())
    .map((entry) => `engine/${entry}/`)
    .filter((folder) => !map.includes(folder))
    .sort();
}

/** Hand-written sources longer than the cap. */
function longFiles(root: string, files: readonly string[]): string[] {
  return files
    .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1 }))
    .filter((entry) => entry.lines > MAX_SOURCE_LINES)
    .map((entry) => `${entry.file}: ${entry.lines} lines`);
}

describe('the engine as it is', () => {
  const files = sources(ROOT, ['engine', 'validators']);

  it('every file sits in a layer, and imports only its own and the layers below (a registry may load its plugins)', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(upward(ROOT, files)).toEqual([]);
  });

  it('no two files import each other, directly or round a loop', () => {
    expect(cycles(ROOT, files)).toEqual([]);
  });

  it('only engine/io/write/ writes to the file system', () => {
    expect(writes(ROOT, files)).toEqual([]);
  });

  it('only engine/io/ and the named runners start a process', () => {
    expect(processes(ROOT, files)).toEqual([]);
  });

  it('only the entry points read process.env, process.argv or process.cwd()', () => {
    expect(processState(ROOT, files)).toEqual([]);
  });

  it('every command module is on the one list, every action is run by a command of it, and commander stays in engine/cli/', () => {
    expect(commandGaps(ROOT, files)).toEqual([]);
  });

  it('a provider is reached only through its registry, its adapter interface and the neutral shapes', () => {
    expect(providerBypasses(ROOT, files)).toEqual([]);
  });

  it('docs/ARCHITECTURE.md names every folder of engine/', () => {
    expect(unmappedFolders(ROOT)).toEqual([]);
  });

  it(`no hand-written source file of engine/, validators/ or tools/ is over ${MAX_SOURCE_LINES} lines`, () => {
    expect(longFiles(ROOT, [...files, ...sources(ROOT, ['tools'])])).toEqual([]);
  });

  it('the registries load their plugins lazily, and only lazily', () => {
    for (const file of files.filter((name) => isRegistry(name, PLUGIN_REGISTRIES))) {
      const upwardStatic = importsOf(ROOT, file).filter(
        (edge) => !edge.lazy && !edge.typeOnly && (edge.to.startsWith('validators/') || edge.to.startsWith('engine/actions/')),
      );
      expect(upwardStatic, file).toEqual([]);
    }
  });
});

describe('each rule fails on a tree that breaks it', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  /** A scratch tree of `files` (path → text). */
  function tree(files: Readonly<Record<string, string>>): string {
    const root = mkdtempSync(join(tmpdir(), 'majordomus-architecture-'));
    made.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it('an import of a layer above', () => {
    const root = tree({
      'engine/io/a.ts': "import { b } from '../layer/b';\nexport const a = b;\n",
      'engine/layer/b.ts': 'export const b = 1;\n',
    });
    expect(upward(root, ['engine/io/a.ts', 'engine/layer/b.ts'])).toEqual([
      'engine/io/a.ts:1 imports engine/layer/b.ts, a layer above (engine/io < engine/layer)',
    ]);
  });

  it('an import of a peer, and a file in no layer', () => {
    const root = tree({
      'engine/usecases/a.ts': "import { b } from '../brainstorm/b';\nexport const a = b;\n",
      'engine/brainstorm/b.ts': 'export const b = 1;\n',
      'engine/stray/c.ts': 'export const c = 1;\n',
    });
    expect(upward(root, ['engine/usecases/a.ts', 'engine/brainstorm/b.ts', 'engine/stray/c.ts'])).toEqual([
      'engine/usecases/a.ts:1 imports engine/brainstorm/b.ts, a peer (engine/usecases and engine/brainstorm)',
      'engine/stray/c.ts: in no layer of the order',
    ]);
  });

  it("a registry's static import of a plugin above it is upward; its lazy load is not", () => {
    const root = tree({
      'engine/generated/validators.ts':
        "import x from '../../validators/x';\nexport const lazy = () => import('../../validators/y');\nexport default x;\n",
      'validators/x.ts': 'export default 1;\n',
      'validators/y.ts': 'export default 2;\n',
    });
    expect(upward(root, ['engine/generated/validators.ts', 'validators/x.ts', 'validators/y.ts'])).toEqual([
      'engine/generated/validators.ts:1 imports validators/x.ts, a layer above (engine/generated/validators.ts < validators)',
    ]);
  });

  it('a cycle of three files, a type-only import included', () => {
    const root = tree({
      'engine/state/tasks/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'engine/state/tasks/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'engine/state/tasks/c.ts': "import type { A } from './a';\nexport const c = 1 as unknown as A;\n",
    });
    expect(cycles(root, ['engine/state/tasks/a.ts', 'engine/state/tasks/b.ts', 'engine/state/tasks/c.ts'])).toEqual([
      ['engine/state/tasks/a.ts', 'engine/state/tasks/b.ts', 'engine/state/tasks/c.ts'],
    ]);
  });

  it('a write outside the writer, by name and through the namespace', () => {
    const root = tree({
      'engine/state/x.ts':
        "import { readFileSync, writeFileSync } from 'node:fs';\nimport * as fs from 'fs';\nfs.rmSync('a');\nexport const x = [readFileSync, writeFileSync];\n",
      'engine/io/write/y.ts': "import { renameSync } from 'node:fs';\nexport const y = renameSync;\n",
    });
    expect(writes(root, ['engine/state/x.ts', 'engine/io/write/y.ts'])).toEqual([
      'engine/state/x.ts:1 writeFileSync',
      'engine/state/x.ts:3 rmSync',
    ]);
  });

  it('a process started outside the runners', () => {
    const root = tree({
      'engine/state/x.ts': "import { spawnSync } from 'node:child_process';\nexport const x = spawnSync;\n",
      'engine/io/git.ts': "import { spawnSync } from 'node:child_process';\nexport const g = spawnSync;\n",
    });
    expect(processes(root, ['engine/state/x.ts', 'engine/io/git.ts'])).toEqual(['engine/state/x.ts:1 node:child_process']);
  });

  it('the environment, the arguments and the directory read below the entry points', () => {
    const root = tree({
      'engine/layer/x.ts': "export const x = [process.env.HOME, process.argv[1], process.cwd(), process['env']];\n",
      'engine/cli/program.ts': 'export const y = process.env;\n',
    });
    expect(processState(root, ['engine/layer/x.ts', 'engine/cli/program.ts'])).toEqual([
      'engine/layer/x.ts:1 process.env',
      'engine/layer/x.ts:1 process.argv',
      'engine/layer/x.ts:1 process.cwd',
      'engine/layer/x.ts:1 process.env',
    ]);
  });

  it('a command module off the list, an action no command runs, commander outside the CLI', () => {
    const root = tree({
      'engine/commands/index.ts': "import { families as a } from './a';\nexport const all = [...a];\n",
      'engine/commands/define.ts': 'export {};\n',
      'engine/commands/a.ts': "export const families = [{ action: async () => (await import('../actions/a')).run }];\n",
      'engine/commands/b.ts': "export const families = [{ action: async () => (await import('../actions/b')).run }];\n",
      'engine/actions/a.ts': "import { helper } from './shared';\nexport const run = helper;\n",
      'engine/actions/shared.ts': 'export const helper = 1;\n',
      'engine/actions/b.ts': 'export const run = 1;\n',
      'engine/actions/c.ts': "import { Command } from 'commander';\nexport const run = Command;\n",
    });
    const files = [
      'engine/commands/index.ts',
      'engine/commands/define.ts',
      'engine/commands/a.ts',
      'engine/commands/b.ts',
      'engine/actions/a.ts',
      'engine/actions/shared.ts',
      'engine/actions/b.ts',
      'engine/actions/c.ts',
    ];
    expect(commandGaps(root, files)).toEqual([
      'engine/commands/b.ts: a command module engine/commands/index.ts does not list',
      'engine/actions/b.ts: an action no command of the list runs',
      'engine/actions/c.ts: an action no command of the list runs',
      'engine/actions/c.ts:1 commander: commander outside engine/cli/ (declare the command in engine/commands/)',
    ]);
  });

  it("a provider's own module imported past the registry, statically, lazily or for a type", () => {
    const root = tree({
      'engine/capture/providers/index.ts': "export const load = () => import('./acme');\n",
      'engine/capture/providers/adapter.ts': 'export interface ProviderAdapter {\n  name: string;\n}\n',
      'engine/capture/providers/types.ts': 'export type Event = string;\n',
      'engine/capture/providers/acme.ts':
        "import type { ProviderAdapter } from './adapter';\nimport { FILE } from './acme-settings';\nexport const adapter: ProviderAdapter = { name: FILE };\n",
      'engine/capture/providers/acme-settings.ts': "export const FILE = 'acme';\n",
      'engine/capture/session.ts': "import type { Event } from './providers/types';\nexport const e: Event = '';\n",
      'engine/actions/capture.ts':
        "import type { ProviderAdapter } from '../capture/providers/adapter';\nimport { load } from '../capture/providers/index';\nexport const run = async (): Promise<ProviderAdapter> => (await import('../capture/providers/acme')).adapter;\nexport const x = load;\n",
      'validators/wiring.ts': "import type { FILE } from '../engine/capture/providers/acme-settings';\nexport default '' as typeof FILE;\n",
    });
    const files = [
      'engine/capture/providers/index.ts',
      'engine/capture/providers/adapter.ts',
      'engine/capture/providers/types.ts',
      'engine/capture/providers/acme.ts',
      'engine/capture/providers/acme-settings.ts',
      'engine/capture/session.ts',
      'engine/actions/capture.ts',
      'validators/wiring.ts',
    ];
    expect(providerBypasses(root, files)).toEqual([
      "engine/actions/capture.ts:3 imports engine/capture/providers/acme.ts, a provider's own module (ask the registry: engine/capture/providers/index.ts)",
      "validators/wiring.ts:1 imports engine/capture/providers/acme-settings.ts, a provider's own module (ask the registry: engine/capture/providers/index.ts)",
    ]);
  });

  it('a folder of engine/ the map does not name', () => {
    const root = tree({ 'docs/ARCHITECTURE.md': '`engine/io/` reads.\n', 'engine/io/a.ts': '', 'engine/newcomer/b.ts': '' });
    expect(unmappedFolders(root)).toEqual(['engine/newcomer/']);
  });

  it('a source file over the cap', () => {
    const root = tree({
      'engine/io/long.ts': 'export {};\n'.repeat(MAX_SOURCE_LINES + 1),
      'engine/io/short.ts': 'export {};\n'.repeat(MAX_SOURCE_LINES),
    });
    expect(longFiles(root, ['engine/io/long.ts', 'engine/io/short.ts'])).toEqual([`engine/io/long.ts: ${MAX_SOURCE_LINES + 1} lines`]);
  });
});
