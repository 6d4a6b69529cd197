/**
 * A command of the command line, declared as data: its words, arguments, options, output forms, exit
 * codes and effect, and the loader of the action that does it. engine/commands/index.ts is the one list
 * of these declarations; the program (engine/cli/program.ts), its help, the use-case families and the
 * tests are all built from it, so a command added there needs no second edit anywhere.
 *
 * A declaration imports nothing but types: the list is read by every run of the CLI (and by the
 * use-case coverage rule), so what a command does is loaded only when it runs (`action`).
 */
/** What a command may change: nothing, the checkout's own local half, or the tracked repository. */
export type Effect = 'reads' | 'writes-local' | 'writes-repository';

/**
 * The machine-readable output a command offers, declared once: `json` one JSON object (`--json`),
 * `json-lines` one JSON object a line (`--json`), `format` the gate reporters (`--format <format>`
 * and `--json` for `--format json`).
 */
export type Output = 'json' | 'json-lines' | 'format';

/** One option, in commander's own words. */
export interface OptionDeclaration {
  /** `--rule <id>`, `--no-repository-validators`, `-n, --dry-run`. */
  readonly flags: string;
  readonly description: string;
  /** The values it accepts; any other is a usage error (2) naming them. */
  readonly choices?: readonly string[];
  /** Its value when not given. */
  readonly default?: string;
  /** Given several times, it collects every value in order. */
  readonly repeatable?: boolean;
  /** Leaving it out is a usage error (2). */
  readonly required?: boolean;
}

/** Where a command runs and what it was handed: the one place its environment comes from. */
export interface Invocation {
  /** The directory the command was run in. */
  readonly cwd: string;
  /** The environment it was run with. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The script this process runs (what Node was started with): how a command runs this same CLI again. */
  readonly self: string;
}

/** What the program hands an action: its positional arguments, in order, and its options by name. */
export interface CommandCall<Options = Record<string, unknown>> {
  readonly args: readonly string[];
  readonly options: Options;
}

/** What a command does, loaded when it runs. It sets `process.exitCode` or throws an error with a code. */
// biome-ignore lint/suspicious/noExplicitAny: each action types its own options
export type Action = (call: CommandCall<any>, invocation: Invocation) => Promise<void> | void;

/** One command. */
export interface CommandDeclaration {
  /** Its words after `majordomus`: `doctor`, `session start`, `rules vendor add`. */
  readonly name: string;
  /** Its positional arguments, as commander writes them: `<task>`, `[id]`. */
  readonly arguments?: string;
  /** One line, for the help. */
  readonly description: string;
  readonly options?: readonly OptionDeclaration[];
  readonly output?: Output;
  /** What `--json` prints, where the output's usual words do not say it. */
  readonly outputDescription?: string;
  /** Every exit code it may end with (the brainstorm detector's contract adds 1 to the tool's own). */
  readonly exitCodes: readonly number[];
  readonly effect: Effect;
  /** The action, imported when the command runs. */
  readonly action: () => Promise<Action>;
  /** Text the help prints after the options, built when the help is asked for. */
  readonly helpAfter?: () => Promise<string>;
}

/** A word that only groups commands (`session`, `rules vendor`): its description for the help. */
export interface GroupDeclaration {
  readonly name: string;
  readonly description: string;
}

/**
 * A command family: one top-level word of the command line and everything under it. The families are
 * what a use case demonstrates and what use-case coverage counts.
 */
export interface CommandFamily {
  /** The top-level word: `doctor`, `session`, `rules`. */
  readonly family: string;
  /** The pack that brings it (its pack.yaml lists the family under `commands`); absent for the engine's own. */
  readonly pack?: string;
  /** The words under it that only group commands, parents before children. */
  readonly groups?: readonly GroupDeclaration[];
  readonly commands: readonly CommandDeclaration[];
}

/** Declare a family; the identity function, so the declaration is checked where it is written. */
export function defineFamily(family: CommandFamily): CommandFamily {
  return family;
}
