/**
 * The brainstorm pack's commands (pack.yaml `cli:`): `majordomus brainstorm check|new|stamp|harvest`.
 * Only the command definitions live here, so building the program stays cheap; each action imports
 * engine/commands/brainstorm.ts when it runs.
 */
import type { Command } from 'commander';
import { formatOption } from '../cli/format-option';

/** Add `brainstorm` and its subcommands to `program`. */
export function register(program: Command): void {
  const brainstorm = program.command('brainstorm').description('brainstorm session folders: check, bootstrap, stamp, harvest');
  brainstorm
    .command('check <session-folder>')
    .description('run the detector: one line per rule of the gate, then clean or failing (exit 0, 1, or 2 on unusable input)')
    .option('--gate <gate>', 'session, manifest or move (cumulative)', 'session')
    .addOption(formatOption())
    .option('--json', 'print one JSON document (short for --format json)')
    .action(async (folder: string, options) => (await import('../commands/brainstorm')).runBrainstormCheck(folder, options));
  brainstorm
    .command('new <topic>')
    .description('bootstrap a session folder <parent>/<topic>-brainstorm/ that passes the session gate')
    .option('--dir <parent>', 'the parent folder (default: docs/research/ of the repository)')
    .action(async (topic: string, options) => (await import('../commands/brainstorm')).runBrainstormNew(topic, options));
  brainstorm
    .command('stamp')
    .description('print the current UTC datetime in the contract\'s one shape, YYYY-MM-DDTHH:MMZ')
    .action(async () => (await import('../commands/brainstorm')).runBrainstormStamp());
  brainstorm
    .command('harvest <session-folder>')
    .description('run the move gate; only when clean, move the folder to docs/history/brainstorms/<topic>/ without ops/')
    .action(async (folder: string) => (await import('../commands/brainstorm')).runBrainstormHarvest(folder));
}
