/**
 * The validator plugin API. A validator is a plain object: a name, a description, the gates it may be
 * enforced at, an optional JSON Schema for its options, and `run`. It reports what is wrong through the
 * context; the engine decides the level (FAIL, WARN, DRIFT) from the rule's class and the gate.
 *
 * A gate judges a target of the kind its pack declares: a repository (doctor, check, finish, watch) or a
 * folder (the brainstorm gates). The context a validator receives offers what that kind of target has —
 * the layout, git and the tracked files of a repository; nothing of a repository for a folder — and the
 * type of `run`'s context follows from the gates the validator declares, so asking a folder for its
 * layout is a compile error, not a failure at run time.
 */
import type { FolderGateName, GateName, RepositoryGateName } from './generated/gates';
import type { Layout } from './layer/layout';
import type { GitRepository } from './layer/git';
import type { Rule, RuleSet } from './rules';
import type { Repository } from './repository';

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
  | { readonly kind: 'repository'; /** The working tree's top level, absolute. */ readonly path: string; readonly repository: Repository }
  | { readonly kind: 'folder'; /** The folder, absolute. */ readonly path: string };

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
}

/**
 * Everything a validator at a repository gate may read, parsed once per run and shared, and its ways to
 * report. A repository validator gets the same context inside its own worker thread (engine/isolation/):
 * the rule set is a copy of what the gate loaded, and the repository is opened again there the first
 * time it is read, from the same tree (the index inside a pre-commit hook).
 */
export interface ValidatorContext<Options = unknown> extends ContextBase<Options> {
  readonly targetKind: 'repository';
  /** The repository: root, layout, git, parsed documents. */
  readonly repository: Repository;
  readonly layout: Layout;
  readonly git: GitRepository;
  /**
   * The tracked files rules judge: what git tracks (the index inside a pre-commit hook), minus the case
   * trees of rule tests (`<test dir>/valid/**`, `<test dir>/invalid/**`), which are fixtures, not content.
   */
  files(): readonly string[];
  /** The model `provider` builds from this repository, built once per run (see ModelProvider). */
  model<T>(provider: ModelProvider<T, 'repository'>): T;
}

/** The context of a validator at a folder gate: the folder (`target`) and the models built from it; no repository. */
export interface FolderContext<Options = unknown> extends ContextBase<Options> {
  readonly targetKind: 'folder';
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

/** Resolves validator names (engine/registry.ts implements it). */
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

/** A validator plugin; `Gates` are the gates it may be enforced at, which decide its context's kind. */
export interface Validator<Options = unknown, Gates extends GateName = GateName> {
  /** The key in the registry and in a rule's `x-majordomus.validator`. */
  readonly name: string;
  /** One line: what it decides. */
  readonly description: string;
  /** The gates a rule may enforce it at. */
  readonly gates: readonly Gates[];
  /** JSON Schema (2020-12) for `x-majordomus.options`, when it takes any. */
  readonly optionsSchema?: Readonly<Record<string, unknown>>;
  /** Options that make a working example of a rule using it (`rules new` writes them; docs show them). */
  readonly exampleOptions?: Options;
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
 * type its context: `gates: ['doctor']` gives a repository's, `gates: ['session']` a folder's.
 */
export function defineValidator<Options = unknown, Gates extends GateName = RepositoryGateName>(validator: Validator<Options, Gates>): Validator<Options, Gates> {
  return validator;
}
