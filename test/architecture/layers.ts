/**
 * The layer order of the engine, written once, as data: docs/ARCHITECTURE.md describes it and
 * test/architecture.test.ts holds the code to it. A unit is a folder or a file (the longest match names a
 * file's unit); a file may import its own unit and the units listed before it, never one listed after.
 * Units that share a rank are peers: neither imports the other.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['engine/errors.ts', 'engine/generated'],
  ['engine/commands'],
  ['engine/io'],
  ['engine/io/write'],
  ['engine/layer'],
  ['engine/api'],
  ['engine/ruleset'],
  ['engine/generated/packs.ts', 'engine/generated/validators.ts'],
  ['engine/packs'],
  ['engine/gate'],
  ['engine/reporters'],
  ['engine/hooks'],
  ['engine/state/kernel'],
  ['engine/state/ledger'],
  ['engine/state/tasks'],
  ['engine/state/records'],
  ['engine/state/knowledge'],
  ['engine/state/briefing'],
  ['engine/state/sessions'],
  ['engine/state/context.ts'],
  ['engine/context'],
  ['engine/projections'],
  ['engine/capture/guard'],
  ['engine/capture'],
  ['engine/usecases', 'engine/brainstorm'],
  ['validators'],
  ['engine/capabilities'],
  ['engine/mcp'],
  ['engine/actions'],
  ['engine/cli'],
  ['engine/main.ts'],
];

/**
 * The registries: the generated files that load, lazily and only lazily (`import()`), the modules the
 * packs declare — validators and the models a pack hands them — and the command list, whose
 * declarations load their actions. These loads run up the order by design (the engine calls its
 * plugins, a command declaration names what runs it); they are the only imports that may, and they are
 * left out of the cycle check.
 */
export const PLUGIN_REGISTRIES: readonly string[] = ['engine/generated/packs.ts', 'engine/generated/validators.ts', 'engine/commands'];

/** Where Node's child processes may be started: git's runner in engine/io/, and the runners named here. */
export const PROCESS_RUNNERS: readonly string[] = [
  'engine/io',
  // a verify command, proof of a finished task
  'engine/state/tasks/verify.ts',
  // each step of an executable use case, against the CLI under test
  'engine/usecases/run.ts',
  // a provider's hook command, run once in a dry run to prove it reaches the tool
  'engine/capture/probe.ts',
];

/**
 * The entry points: the only readers of `process.env`, `process.argv` and `process.cwd()`. Everything
 * below them is handed the command's invocation (engine/commands/define.ts) or its environment.
 */
export const ENTRY_POINTS: readonly string[] = [
  'engine/cli',
  'engine/main.ts',
  // the worker thread a repository validator runs in: it runs with the gate's environment
  'engine/gate/isolation/worker.ts',
  // the brainstorm pack's standalone detector (dist/detector.mjs)
  'engine/brainstorm/detector.ts',
];

/**
 * The providers' seam: outside their folder, the engine and the validators reach a provider only through
 * these modules — the registry, the adapter interface, the provider-neutral shapes — never a provider's own.
 */
export const PROVIDER_SEAM: { readonly folder: string; readonly ways: readonly string[] } = {
  folder: 'engine/capture/providers',
  ways: ['engine/capture/providers/index.ts', 'engine/capture/providers/adapter.ts', 'engine/capture/providers/types.ts'],
};

/** Where the file system may be written: the one writer. */
export const WRITERS: readonly string[] = ['engine/io/write'];

/** The longest a hand-written source file may be, in lines. */
export const MAX_SOURCE_LINES = 500;
