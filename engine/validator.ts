/**
 * The validator plugin API. A validator is a plain object: a name, a description, the gates it may be
 * enforced at, an optional JSON Schema for its options, and `run`. It reports what is wrong through the
 * context; the engine decides the level (FAIL, WARN, DRIFT) from the rule's class and the gate.
 */
import type { GateName } from './generated/gates';
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

/**
 * Everything a validator may read, parsed once per process and shared, and its ways to report. A
 * repository validator gets the same context inside its own worker thread (engine/isolation/): the rule
 * set is a copy of what the gate loaded, and the repository is opened again there the first time it is
 * read, from the same tree (the index inside a pre-commit hook).
 */
export interface ValidatorContext<Options = unknown> {
  /** The gate being run. */
  readonly gate: GateName;
  /** The absolute path the gate judges: the repository root, or a brainstorm session folder. */
  readonly target: string;
  /** The rule being enforced. */
  readonly rule: Rule;
  /** The rule's `x-majordomus.options`, checked against the validator's options schema. */
  readonly options: Options;
  /** The repository: root, layout, git, parsed documents. */
  readonly repository: Repository;
  readonly layout: Layout;
  readonly git: GitRepository;
  /** The loaded rule set: the effective set, and what was refused and why. */
  readonly rules: RuleSet;
  /** The rules this run of the gate runs (the runner itself reports what stops one of them running). */
  readonly selected: readonly Rule[];
  /**
   * The tracked files rules judge: what git tracks (the index inside a pre-commit hook), minus the case
   * trees of rule tests (`<test dir>/valid/**`, `<test dir>/invalid/**`), which are fixtures, not content.
   */
  files(): readonly string[];
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

/** A validator plugin. */
export interface Validator<Options = unknown> {
  /** The key in the registry and in a rule's `x-majordomus.validator`. */
  readonly name: string;
  /** One line: what it decides. */
  readonly description: string;
  /** The gates a rule may enforce it at. */
  readonly gates: readonly GateName[];
  /** JSON Schema (2020-12) for `x-majordomus.options`, when it takes any. */
  readonly optionsSchema?: Readonly<Record<string, unknown>>;
  /** Options that make a working example of a rule using it (`rules new` writes them; docs show them). */
  readonly exampleOptions?: Options;
  /**
   * A generic validator serves the repository's own rules through options (paths, content, ...). No
   * shipped rule need declare it, so doctor does not report it as undeclared.
   */
  readonly generic?: boolean;
  /** Check the repository; report through the context; keep no state between runs. */
  run(context: ValidatorContext<Options>): void | Promise<void>;
}

/** Type a validator object (an identity function that gives plugins their types). */
export function defineValidator<Options = unknown>(validator: Validator<Options>): Validator<Options> {
  return validator;
}
