/**
 * The validator plugin API. A validator is a plain object: a name, a description, the gates it may be
 * enforced at, an optional JSON Schema for its options, and `run`. It reports what is wrong through the
 * context; the engine decides the level (FAIL, WARN, DRIFT) from the rule's class and the gate.
 *
 * A gate judges a target of the kind its pack declares: a repository (doctor, check, finish, watch) or a
 * folder (the brainstorm gates). The context a validator receives offers what that kind of target has —
 * the judged tree, the layer and git of a repository; the folder on disk for a folder — and the type of
 * `run`'s context follows from the gates the validator declares, so asking a folder for its tracked
 * files is a compile error, not a failure at run time.
 *
 * Everything here is an interface: these are the published types (engine/api/index.ts), and the engine's own
 * classes behind them (engine/gate/context.ts builds the readers) are never handed to a validator.
 */

import type { FolderGateName, GateName, RepositoryGateName } from '../generated/gates';
import type { RulePackageManifest } from '../generated/types';
import type { Rule, RuleSet } from '../layer/rule-types';
import type { FrontMatterDocument, YamlDocument } from '../layer/yaml-document';
import type { Schema } from './toolkit/options-schema';

/** What a validator says is wrong. */
export interface Violation {
  /** What is wrong: a repository-relative path or an id. */
  readonly subject: string;
  /** What was found and what to do, in one sentence. */
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  /** 1-based, in UTF-16 code units (a JavaScript string index + 1); with `line`. */
  readonly column?: number;
  /** The region's last line, when it spans several. */
  readonly endLine?: number;
  /** The column just after the region's last character. */
  readonly endColumn?: number;
  /** Defaults to the rule's category. */
  readonly category?: string;
  /** Defaults to `majordomus <gate> --rule <id>`. */
  readonly reproduce?: string;
  /**
   * When the remedy is one of this tool's own commands, its arguments after `majordomus` (`['hooks',
   * 'install']`): what `doctor --fix` runs. It runs only commands it knows to repair without asking
   * (engine/actions/fix.ts); any other stays a finding, as it would without.
   */
  readonly fix?: readonly string[];
}

/** A neutral report: something checked and found in order, something noted, something not checked. */
export interface Note {
  readonly subject: string;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  readonly category?: string;
}

/** What a gate judges: the kind its pack declares for it. */
export type TargetKind = 'repository' | 'folder';

/** The target of one run of a gate, as a pack's model is built from it. */
export type GateTarget =
  | {
      readonly kind: 'repository';
      /** The working tree's top level, absolute. */
      readonly path: string;
      readonly repository: RepositoryReader;
      /** The environment the gate runs with, as validators read it (`context.env`): git's own variables included. */
      readonly env: Readonly<Record<string, string | undefined>>;
    }
  | {
      readonly kind: 'folder';
      /** The folder, absolute. */
      readonly path: string;
      /** The environment the gate runs with. */
      readonly env: Readonly<Record<string, string | undefined>>;
    };

/**
 * A model a pack builds from the target of one of its gates — a brainstorm session from its folder, a
 * ledger from a repository — once per run of the gate, and hands its validators through the context
 * (`context.model(provider)`). The runner keeps what it built for that run alone, so nothing is cached
 * between runs and no validator keeps module-level state. A build that throws a UsageError means the
 * target cannot be judged at all (exit 2).
 */
export interface ModelProvider<T, Kind extends TargetKind = TargetKind> {
  /** What the model is, for messages (`brainstorm session`). */
  readonly name: string;
  /** The kind of target it is built from. */
  readonly target: Kind;
  build(target: Extract<GateTarget, { readonly kind: Kind }>): T;
}

/** Type a model provider (an identity function that gives it its types). */
export function defineModel<T, Kind extends TargetKind>(provider: ModelProvider<T, Kind>): ModelProvider<T, Kind> {
  return provider;
}

/** A model provider of any kind, as the runner holds one (its `build` is called with the run's target). */
export interface AnyModelProvider<T = unknown> {
  readonly name: string;
  readonly target: TargetKind;
  build(target: never): T;
}

/** What a pack's `context` module (pack.yaml `context:`) exports: the models its gates build. */
export interface PackContext {
  readonly models: readonly AnyModelProvider[];
}

/** What is at a path: a regular file, a folder, something else (a FIFO, a socket, a device), or nothing. */
export type PathKind = 'file' | 'dir' | 'other' | 'absent';

/** One entry of a folder listing. */
export interface FolderEntry {
  readonly name: string;
  readonly directory: boolean;
}

/** How much of a file to read. */
export interface ReadOptions {
  /** A larger file is refused before it is read (1 MiB by default). */
  readonly maxBytes?: number;
}

/**
 * The tracked files of the repository a gate judges, read from the tree the gate judges: the index
 * inside a pre-commit hook (what is staged is what the commit holds), the working tree otherwise. Paths
 * are repository-relative, with `/`. A read that cannot be made — a path that is not a regular file, a
 * file over its size cap or not UTF-8, a document outside the layer's YAML subset — throws a value
 * `isUnreadable` recognises, naming the file and what to do; every document is parsed once per run.
 */
export interface TreeReader {
  /** Which tree is read: `index` inside a pre-commit hook, `working tree` otherwise. */
  readonly tree: 'working tree' | 'index';
  /**
   * The tracked files rules judge: what git tracks (the index inside a pre-commit hook), minus the case
   * trees of rule tests (`<test dir>/valid/**`, `<test dir>/invalid/**`), which are fixtures, not content.
   */
  files(): readonly string[];
  /** True when a file or a folder is at `path`. */
  exists(path: string): boolean;
  /** What is at `path`. */
  kind(path: string): PathKind;
  /**
   * The entries of a folder, in byte order; empty when nothing is at `dir`. Throws (isUnreadable) when
   * something is there that is not a folder it can list: never read that as an empty folder.
   */
  list(dir: string): readonly FolderEntry[];
  /**
   * Nothing when `list(dir)` would list, or find nothing at `dir`; throws (isUnreadable) as `list` would
   * otherwise. Whether a folder can be read, without reading its entries (a folder of thousands of files
   * is opened, not listed).
   */
  listable(dir: string): void;
  /** A text file, strict UTF-8, under the size cap. */
  read(path: string, options?: ReadOptions): string;
  /** The sha256 of a file's bytes, in hex. */
  sha256(path: string): string;
  /** Say which files will be read next, so a tree that reads many at once (the index) does. */
  prefetch(paths: readonly string[]): void;
  /** A YAML file in the layer's subset, with the line of every key. */
  yaml(path: string): YamlDocument;
  /** A Markdown file with front matter, the front matter parsed as `yaml` parses. */
  document(path: string): FrontMatterDocument;
}

/** The AI layer as the repository's manifest (`.ai/manifest.yaml`) lays it out; every path repository-relative. */
export interface LayerReader {
  /** `.ai/manifest.yaml`. */
  readonly manifestFile: string;
  /** The manifest as parsed (its shape is the ai_layout rule's to judge). */
  readonly manifest: YamlDocument;
  /** The path of a section the manifest names, or undefined (an unsafe path is never followed). */
  section(name: string): string | undefined;
  /** The tracked half of the layer (`.ai/repo` by default). */
  readonly repoDir: string;
  /** This checkout's own half, never tracked (`.ai/local` by default): read it through `context.disk`. */
  readonly localDir: string;
  /** Where the rules live (`<repoDir>/rules` unless the manifest names a section). */
  readonly rulesDir: string;
  /** Where the policy lives (`<repoDir>/policy.yaml` unless the manifest names a section). */
  readonly policyFile: string;
}

/**
 * The git state of a repository, read-only, each answer asked of git once per run. Paths it takes and
 * gives are repository-relative; the folders are absolute.
 */
export interface GitReader {
  /** The working tree's top level. */
  readonly root: string;
  /** The git directory (`.git`, or a linked worktree's own). */
  readonly gitDir: string;
  /** The git directory every linked worktree shares: the default hooks live here. */
  readonly commonDir: string;
  /** The hooks directory git runs, `core.hooksPath` honoured (read its files through `context.disk`). */
  readonly hooksDir: string;
  /** True when `core.hooksPath` is set to the empty string: git then runs no hook at all. */
  readonly hooksPathEmpty: boolean;
  /** The commit HEAD names, or undefined before the first commit. */
  head(): string | undefined;
  /** The branch checked out, or undefined when HEAD is detached. */
  branch(): string | undefined;
  /** What the index tracks under a pathspec (all of it by default). */
  tracked(pathspec?: string): readonly string[];
  /** What `git add` would take under these pathspecs: files on disk git neither tracks nor ignores. */
  untracked(pathspecs: readonly string[]): readonly string[];
  /** True when git would ignore `path` (it need not exist). */
  isIgnored(path: string): boolean;
  /** A configuration value as this clone sees it, or undefined when it is not set. */
  config(key: string): string | undefined;
}

/**
 * The files of this machine as they are, for what the judged tree does not hold: the hooks git runs
 * (in the git directory), the layer's local half, what PATH finds, a folder gate's folder. Paths are
 * absolute, or relative to `context.target`. Only regular files are read: a FIFO, a socket or a device
 * is refused by name, so no read ever waits.
 */
export interface DiskReader {
  /** What is at `path`, following symbolic links (a dangling link is `absent`). */
  kind(path: string): PathKind;
  /** Where the symbolic link at `path` points, as written in the link; undefined when `path` is not a link. */
  link(path: string): string | undefined;
  /** True when this process has the permission to execute what is at `path` (what it is, `kind` says). */
  executable(path: string): boolean;
  /** The permission bits of what is at `path` (`0o600`), following links; undefined when nothing is there. */
  mode(path: string): number | undefined;
  /** The entries of a folder, in byte order; empty when nothing is there. Throws (isUnreadable) otherwise. */
  list(path: string): readonly FolderEntry[];
  /** A text file, strict UTF-8, under the size cap. */
  read(path: string, options?: ReadOptions): string;
  /** A file of any size, a chunk at a time. */
  stream(path: string, onChunk: (chunk: Uint8Array) => void): void;
  /** The path with every symbolic link resolved; the path itself when it does not exist. */
  realpath(path: string): string;
}

/** This majordomus installation: its schemas, allow-lists and the rule packages it ships. */
export interface DistributionReader {
  /** The package root (the folder holding its package.json). */
  readonly root: string;
  /** What is at a distribution-relative path. */
  kind(path: string): PathKind;
  /** The entries of a distribution folder, in byte order; empty when there is none. */
  list(dir: string): readonly FolderEntry[];
  /** A text file of the distribution. */
  read(path: string, options?: ReadOptions): string;
  /** True when the test a shipped rule names exists (in the package, or in the record its build made). */
  hasTest(test: string): boolean;
  /** The sha256 of the rule file `identity` the distribution ships in the package of `vendor`, if it ships one. */
  ruleHash(vendor: string, identity: string): string | undefined;
  /** The manifest of the package the distribution ships for `vendor`, if it ships one. */
  packageManifest(vendor: string): RulePackageManifest | undefined;
  /** The rule of the package the distribution ships for `vendor` that names `validator`: its id and file name. */
  ruleNaming(vendor: string, validator: string): { readonly id: string; readonly file: string } | undefined;
}

/** What a validator may read of a repository: its judged tree, its layer and its git state. */
export interface RepositoryReader extends TreeReader {
  readonly layer: LayerReader;
  readonly git: GitReader;
}

/** What every context holds, whatever the gate judges. */
interface ContextBase<Options> {
  /** The gate being run. */
  readonly gate: GateName;
  /** The absolute path the gate judges: the repository root, or the folder. */
  readonly target: string;
  /** The rule being enforced. */
  readonly rule: Rule;
  /** The rule's `x-majordomus.options`, checked against the validator's options schema. */
  readonly options: Options;
  /** The loaded rule set: the effective set, and what was refused and why. */
  readonly rules: RuleSet;
  /** The rules this run of the gate runs (the runner itself reports what stops one of them running). */
  readonly selected: readonly Rule[];
  /**
   * The validators this engine can resolve. Inside a repository validator, `get` gives what a built-in
   * validator declares (name, description, gates, options schema); its `run` stays in the gate's process.
   */
  readonly registry: ValidatorLookup;
  /** Report a violation of the rule. */
  violation(violation: Violation): void;
  /** Report something checked and found in order (a denominator: "7 files checked"). */
  ok(note: Note): void;
  /** Report something worth knowing that is not a violation. */
  info(note: Note): void;
  /** Report something that could not be checked here, and why. */
  skip(note: Note): void;
  /** The environment the gate was run with (a pre-commit hook's, a CI job's): read it here, never from the process. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The files of this machine outside the judged tree; relative paths are relative to `target`. */
  readonly disk: DiskReader;
  /** This majordomus installation. */
  readonly distribution: DistributionReader;
}

/**
 * Everything a validator at a repository gate may read — the judged tree (`files`, `read`, `yaml`, …),
 * the layer, git, the disk beyond the tree — each read once per run and shared, and its ways to report.
 * A repository validator gets the same context inside its own worker thread (engine/isolation/): the
 * rule set is a copy of what the gate loaded, and the repository is opened again there the first time
 * it is read, from the same tree (the index inside a pre-commit hook).
 */
export interface ValidatorContext<Options = unknown> extends ContextBase<Options>, RepositoryReader {
  readonly targetKind: 'repository';
  /** The model `provider` builds from this repository, built once per run (see ModelProvider). */
  model<T>(provider: ModelProvider<T, 'repository'>): T;
}

/**
 * The context of a validator at a folder gate: the folder (`target`, read through `disk`), the git
 * repository it lies in if any, and the models built from it; no repository's tree or layer.
 */
export interface FolderContext<Options = unknown> extends ContextBase<Options> {
  readonly targetKind: 'folder';
  /** The git repository the folder lies in, or undefined when it lies in none. */
  readonly git: GitReader | undefined;
  /** The model `provider` builds from this folder, built once per run (see ModelProvider). */
  model<T>(provider: ModelProvider<T, 'folder'>): T;
}

/**
 * The context `run` receives at the gates `Gates`: a repository's at repository gates, a folder's at
 * folder gates, and either (told apart by `targetKind`) for a validator declared at both kinds.
 */
export type ContextAt<Gates extends GateName, Options = unknown> = Gates extends RepositoryGateName
  ? ValidatorContext<Options>
  : Gates extends FolderGateName
    ? FolderContext<Options>
    : never;

/** Resolves validator names (engine/gate/registry.ts implements it). */
export interface ValidatorLookup {
  /** The built-in validator registered under `name`. */
  get(name: string): Validator | undefined;
  /** True when `name` resolves: a built-in, or a repository validator file. */
  has(name: string): boolean;
  /** The repository validator file for `name`, when there is one and no built-in takes the name. */
  projectFile(name: string): string | undefined;
  /** Every repository validator file (`name`, repository-relative `file`). */
  projectFiles(): readonly { readonly name: string; readonly file: string }[];
  /** The built-in names, sorted. */
  builtinNames(): string[];
  /** Every resolvable name (built-in and repository), sorted. */
  names(): string[];
  /** The registered name closest to `name`, when one is close. */
  nearest(name: string): string | undefined;
}

/** A valid and an invalid case of a rule using a validator's example options. */
export interface ExampleCases {
  readonly valid: Readonly<Record<string, string>>;
  readonly invalid: Readonly<Record<string, string>>;
}

/**
 * A validator plugin; `Gates` are the gates it may be enforced at, which decide its context's kind, and
 * `Options` the type its options schema accepts.
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds validators of every options type, and Validator<T> is invariant in T (its schema is)
export interface Validator<Options = any, Gates extends GateName = GateName> {
  /** The key in the registry and in a rule's `x-majordomus.validator`. */
  readonly name: string;
  /** One line: what it decides. */
  readonly description: string;
  /** The gates a rule may enforce it at. */
  readonly gates: readonly Gates[];
  /**
   * JSON Schema (2020-12) for `x-majordomus.options`, when it takes any. Built with `schema`, it gives
   * `run` the options' type; a rule's options are checked against it before `run` is called.
   */
  readonly optionsSchema?: Schema<Options>;
  /** Options that make a working example of a rule using it (`rules new` writes them; docs show them). */
  readonly exampleOptions?: NoInfer<Options>;
  /**
   * Two small repository trees (repository-relative paths and their text) a rule with `exampleOptions`
   * passes (`valid`) and fails (`invalid`): the cases `rules new` scaffolds, once it has run the rule on
   * each and seen it do so.
   */
  readonly exampleCases?: ExampleCases;
  /**
   * A generic validator serves the repository's own rules through options (paths, content, ...). No
   * shipped rule need declare it, so doctor does not report it as undeclared.
   */
  readonly generic?: boolean;
  /** Check the target; report through the context; keep no state between runs. */
  run(context: ContextAt<Gates, Options>): void | Promise<void>;
}

/**
 * Type a validator object (an identity function that gives plugins their types). The gates it lists
 * type its context: `gates: ['doctor']` gives a repository's, `gates: ['session']` a folder's. The
 * options schema, built with `schema`, types `context.options`; without one, the options are `unknown`.
 */
export function defineValidator<Options = unknown, Gates extends GateName = RepositoryGateName>(
  validator: Validator<Options, Gates>,
): Validator<Options, Gates> {
  return validator;
}
