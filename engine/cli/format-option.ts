/**
 * The `--format` option of every command that reports a gate (the gates in engine/cli/program.ts, a pack's
 * commands such as `brainstorm check`), so each offers the same choices under the same words.
 */
import { Option } from 'commander';
import { FORMATS } from '../reporters/index';

/** `--format`, whose unknown values commander refuses (exit 2) naming the choices. */
export function formatOption(): Option {
  return new Option('--format <format>', 'the output format (default: text)').choices(FORMATS);
}
