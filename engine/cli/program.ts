/**
 * The command line: argv → command. Each command module is imported only when it runs, so a git hook
 * calling one gate pays for that gate alone. Only this module turns errors into exit codes.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { CommandDeclaration, Invocation, OptionDeclaration, Output } from '../commands/define';
import { COMMAND_FAMILIES, COMMANDS } from '../commands/index';
import { ExitCode, MajordomusError, UsageError } from '../errors';
import { describeThrown, stackOf } from '../io/describe';
import { escapeControls } from '../io/document-error';
import { earlyAnswered } from '../io/git-early';
import { armKillPoint, KILL_AT_STEP_VARIABLE } from '../io/write/kill-point';
import { commandAt } from './code-cache';
import { formatOption } from './format-option';
import { programHelpText } from './help';

declare const MAJORDOMUS_VERSION: string;
const version = typeof MAJORDOMUS_VERSION === 'string' ? MAJORDOMUS_VERSION : '0.0.0-dev';

/** The program the one list of commands (engine/commands/index.ts) describes; each action gets `invocation`. */
export function buildProgram(invocation: Invocation, argv?: readonly string[]): Command {
  // a run of one command builds that command's family alone: every hook starts the tool, and building
  // some sixty commands it will not run was a good part of a start-up. Anything else — no command, help,
  // an option first, a word no command starts with (commander then suggests among all) — builds them all.
  const only = argv === undefined ? undefined : invokedFamily(argv);
  const program = new Command('majordomus')
    .description("Governs a git repository's AI layer (.ai/) with a declarative rule engine.")
    .version(version, '-V, --version')
    // upstream's surface: `majordomus --repo <path> <command>` runs as if started in <path> (git -C does the same)
    .option('--repo <path>', 'run as if majordomus was started in <path> (a repository, or a folder inside one)')
    .addHelpText('after', programHelpText)
    // a command's options are read after its own name only, and every command inherits it: a command
    // with options and commands under it (`context --json`, `context list --json`) keeps each its own
    .enablePositionalOptions()
    .exitOverride();
  for (const family of COMMAND_FAMILIES) {
    for (const group of family.groups ?? []) {
      const words = group.name.split(' ');
      if (only !== undefined && words[0] !== only) continue;
      subcommand(program, words.slice(0, -1))
        .command(words[words.length - 1]!)
        .description(group.description);
    }
    for (const declaration of family.commands)
      if (only === undefined || declaration.name.split(' ')[0] === only)
        addCommand(program, declaration, () => invocationIn(program, invocation));
  }
  // text a command's help adds after its options (the validators `rules new --help` lists) is built
  // only when that command is about to be parsed
  program.hook('preSubcommand', async (_program, command) => {
    for (const declaration of COMMANDS) {
      const words = declaration.name.split(' ');
      if (!declaration.helpAfter || words[0] !== command.name() || !words.slice(1).every((word) => program.args.includes(word))) continue;
      subcommand(program, words).addHelpText('after', await declaration.helpAfter());
    }
  });
  formatUsageErrors(program);
  return program;
}

/**
 * The first word of the command `argv` runs, when it is one a command starts with and the run is a
 * command's; undefined when the whole program is wanted. The program's own options before it (`--repo
 * <path>`, `--repo=<path>`) are skipped; any other option first, or `help`, wants the whole program.
 */
export function invokedFamily(argv: readonly string[]): string | undefined {
  const word = argv[commandAt(argv)];
  if (word === undefined || word === 'help' || word.startsWith('-')) return undefined;
  return FIRST_WORDS.has(word) ? word : undefined;
}

const FIRST_WORDS: ReadonlySet<string> = new Set(
  COMMAND_FAMILIES.flatMap((family) => [...(family.groups ?? []), ...family.commands].map((entry) => entry.name.split(' ')[0]!)),
);

/**
 * The invocation an action gets: the one the process was started with, or, under `--repo <path>`, the
 * same with `<path>` (resolved against the directory the command was run in) as its directory. A path
 * that is not a directory is a usage error naming it, before any command reads anything.
 */
function invocationIn(program: Command, invocation: Invocation): Invocation {
  const repo = (program.opts() as { repo?: string }).repo;
  if (repo === undefined) return invocation;
  const cwd = resolve(invocation.cwd, repo);
  let directory = false;
  try {
    directory = statSync(cwd).isDirectory();
  } catch {
    // absent or unreadable: said below
  }
  if (!directory) throw new UsageError(`--repo ${JSON.stringify(repo)}: ${cwd} is not a directory (name the repository to run in)`);
  return { ...invocation, cwd };
}

/** The command of `words` under `program` (a group or a command already added). */
function subcommand(program: Command, words: readonly string[]): Command {
  let at = program;
  for (const word of words) {
    const next = at.commands.find((command) => command.name() === word);
    if (!next) throw new Error(`engine/commands: ${words.join(' ')} is declared before its group ${word}`);
    at = next;
  }
  return at;
}

const OUTPUT_WORDS: Readonly<Record<Output, string>> = Object.freeze({
  json: 'print one JSON object',
  'json-lines': 'print one JSON object a line',
  format: 'print one JSON object a line (short for --format json)',
});

/** Add one declared command, its options and its output, and the action loaded when it runs. */
function addCommand(program: Command, declaration: CommandDeclaration, invocation: () => Invocation): void {
  const words = declaration.name.split(' ');
  const last = words[words.length - 1]!;
  const command = subcommand(program, words.slice(0, -1))
    .command(declaration.arguments ? `${last} ${declaration.arguments}` : last)
    .description(declaration.description);
  if (declaration.output === 'format') command.addOption(formatOption());
  if (declaration.output) command.option('--json', declaration.outputDescription ?? OUTPUT_WORDS[declaration.output]);
  for (const option of declaration.options ?? []) command.addOption(optionOf(option));
  command.action(async (...params: unknown[]) => {
    // commander hands the positional arguments, then the options, then the command itself
    const args = params.slice(0, -2).filter((arg): arg is string => typeof arg === 'string');
    const options = params[params.length - 2] as Record<string, unknown>;
    const here = invocation();
    const action = await declaration.action();
    // the repository asked for by the launcher (engine/io/git-early.ts): in by now, and taken when asked
    await earlyAnswered();
    await action({ args, options }, here);
  });
}

function optionOf(declaration: OptionDeclaration): Option {
  const option = new Option(declaration.flags, declaration.description);
  if (declaration.choices) option.choices(declaration.choices);
  if (declaration.default !== undefined) option.default(declaration.default);
  if (declaration.required) option.makeOptionMandatory();
  if (declaration.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
  return option;
}

/**
 * Give the argument parser's complaints the form of every other message, `majordomus: <what> (<what to
 * do>)`, naming the help of the (sub)command that complained. Commander copies settings to subcommands
 * only when they are created, so each command is configured here, once the tree is built.
 */
function formatUsageErrors(command: Command): void {
  const path: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) path.unshift(at.name());
  const help = `${path.join(' ')} --help`;
  command.exitOverride().configureOutput({
    outputError: (text, write) =>
      write(
        `majordomus: ${text
          .trim()
          .replace(/^error: /, '')
          .replace(/\s*\n\s*/g, ' ')} (run: ${help})\n`,
      ),
  });
  for (const sub of command.commands) formatUsageErrors(sub);
}

/** Run the CLI and set process.exitCode (never process.exit: piped output must drain). */
export async function main(argv: readonly string[]): Promise<void> {
  guardOutput();
  // test-only: the kill tests stop a writer at one write step (engine/io/write/kill-point.ts)
  armKillPoint(process.env[KILL_AT_STEP_VARIABLE]);
  try {
    await buildProgram({ cwd: process.cwd(), env: process.env, self: process.argv[1] ?? '' }, argv).parseAsync(argv as string[], {
      from: 'user',
    });
  } catch (error) {
    process.exitCode = exitCodeFor(error);
  }
}

/**
 * Output that cannot be written never becomes a stack. A reader that went away (`| head`, EPIPE) is
 * the reader's choice: the command ends quietly with its own exit code. Any other write error (ENOSPC
 * on a full disk, EIO) means the findings were lost: one line on stderr, and the command fails with 2
 * unless it already fails with a code of its own.
 */
function guardOutput(): void {
  let reported = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || reported) return;
    reported = true;
    try {
      process.stderr.write(
        `majordomus: cannot write the output (${error.code ?? error.message}); the findings were not all printed (free the destination, or write elsewhere)\n`,
      );
    } catch {
      // stderr is gone too: the exit code is all that is left to say it
    }
    if (!process.exitCode) process.exitCode = ExitCode.usage;
  });
  // a closed stderr must not crash the command either; its exit code still speaks
  process.stderr.on('error', () => undefined);
}

/**
 * The exit code an error ends the command with, after printing what the user is owed on stderr (nothing
 * for commander's own complaints, which it has printed). Exported for the tests that run the program in
 * their own process (test/helpers/cli.ts): the same mapping as the binary's, not a copy of it.
 */
export function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    // asked-for help (`--help`, `help`, `help <command>`) and the version are answers; help shown
    // because a subcommand is missing is a usage error
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
    if (error.code === 'commander.help' && error.exitCode === 0) return ExitCode.ok;
    return ExitCode.usage; // commander has already printed what was wrong
  }
  if (error instanceof MajordomusError) {
    // one line, then the listing it carries; a path or value inside either cannot forge a line
    const lines = [`majordomus: ${escapeControls(error.message)}`, ...error.details.map(escapeControls)];
    process.stderr.write(`${lines.join('\n')}\n`);
    return error.exitCode;
  }
  const text = describeThrown(error);
  process.stderr.write(
    `majordomus: internal error: ${escapeControls(text)} (this is a bug; run again with MAJORDOMUS_DEBUG=1 for the stack)\n`,
  );
  const stack = process.env.MAJORDOMUS_DEBUG === '1' ? stackOf(error) : undefined;
  if (stack) process.stderr.write(`${stack}\n`);
  return ExitCode.internal;
}
