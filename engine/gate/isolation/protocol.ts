/**
 * The messages between the gate's thread (engine/gate/isolation/host.ts) and the worker that runs one
 * repository validator (engine/gate/isolation/worker.ts). Everything crossing is plain data the worker built
 * itself: strings, numbers, arrays of those — never an object the validator made, whose getters could
 * run again on this side.
 */
import type { GateName } from '../../generated/gates';
import type { Rule, RuleSet } from '../../ruleset/rules';

/** What the worker is started with (`workerData`). */
export interface WorkerStart {
  /** The module, as a file URL. */
  readonly moduleUrl: string;
  /** The validator name the module must declare (its file's name). */
  readonly name: string;
}

/** What a module's default export declares, read once, as plain data. */
export interface ValidatorMeta {
  readonly name: string;
  readonly description: string;
  readonly gates: readonly GateName[];
  readonly optionsSchema?: Readonly<Record<string, unknown>>;
  readonly exampleOptions?: unknown;
  readonly generic?: boolean;
}

/** A built-in validator as a repository validator's registry shows it: what it declares, never its code. */
export interface BuiltinSummary {
  readonly name: string;
  readonly description: string;
  readonly gates: readonly GateName[];
  readonly optionsSchema?: Readonly<Record<string, unknown>>;
  readonly generic?: boolean;
}

/** The repository a context is rebuilt from inside the worker. */
export interface RepositoryPlace {
  /** Absolute path of the working tree's top level. */
  readonly root: string;
  /** Which tree tracked files are read from (the index inside a pre-commit hook). */
  readonly tree: 'working tree' | 'index';
}

/** Everything the worker needs to hand the validator its context (sent once its run is admitted). */
export interface RunRequest {
  readonly type: 'run';
  readonly gate: GateName;
  readonly target: string;
  /** The rule set as the gate loaded it; `rule` and `selected` are objects of the same message. */
  readonly ruleSet: RuleSet;
  readonly rule: Rule;
  readonly selected: readonly Rule[];
  readonly options: Readonly<Record<string, unknown>> | undefined;
  readonly repository?: RepositoryPlace;
  readonly registry: {
    readonly builtins: readonly BuiltinSummary[];
    readonly projectFiles: readonly { readonly name: string; readonly file: string }[];
  };
}

/** How a validator reported something. */
export type NoteKind = 'violation' | 'ok' | 'info' | 'skip';

/**
 * One report: kind, subject, message, file, line, category, reproduce (absent fields undefined), then
 * the rest of its position when it has any. A
 * report the worker could not read is kind `unreadable`, its subject the kind it was meant to be and its
 * message why it could not be read.
 */
export type NoteRecord = readonly [
  kind: NoteKind | 'unreadable',
  subject: string,
  message: string,
  file: string | undefined,
  line: number | undefined,
  category: string | undefined,
  reproduce: string | undefined,
  /** Column, end line and end column, present only when the validator gave one of them. */
  position?: readonly [column: number | undefined, endLine: number | undefined, endColumn: number | undefined],
];

/** What the worker tells the gate's thread, in the order it can happen. */
export type WorkerMessage =
  /** The worker is up; the module is imported next (the time limit starts here). */
  | { readonly type: 'ready' }
  /** The module imported and declares a validator. */
  | { readonly type: 'meta'; readonly meta: ValidatorMeta }
  /** The module cannot be imported, or its export is not a validator. */
  | { readonly type: 'unusable'; readonly problem: string }
  /** The rule's options do not fit the validator (checked inside the worker). */
  | { readonly type: 'options'; readonly problem: string }
  /** A batch of reports. */
  | { readonly type: 'notes'; readonly notes: readonly NoteRecord[] }
  /** `run` threw, or its promise rejected. */
  | { readonly type: 'threw'; readonly problem: string }
  /** `run` settled; what the validator left changed in its thread, if anything. */
  | { readonly type: 'finished'; readonly leftovers: readonly string[] }
  /** The validator called process.exit. */
  | { readonly type: 'exit-called'; readonly code: string }
  /** An exception no one caught, or a rejection no one handled, outside the run's own promise. */
  | { readonly type: 'uncaught'; readonly what: 'exception' | 'rejection'; readonly problem: string };
