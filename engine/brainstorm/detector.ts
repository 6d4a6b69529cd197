/**
 * The standalone detector (`dist/detector.mjs`), for a skill folder to carry:
 *   node detector.mjs <session-folder> [--gate=session|manifest|move] [--json | --format=<format>]
 *   node detector.mjs --help
 * It prints exactly what `majordomus brainstorm check` prints and exits 0 clean, 1 with violations,
 * 2 on unusable input.
 */

import { MajordomusError } from '../errors';
import { describeThrown } from '../io/describe';
import { FORMATS, formatOf } from '../reporters/index';
import { brainstormGate, checkSession } from './check';

const USAGE = `usage: detector.mjs <session-folder> [--gate=session|manifest|move] [--json | --format=${FORMATS.join('|')}]`;

/** What `--help` prints on stdout. */
const HELP = [
  USAGE,
  '',
  "Checks a brainstorm session folder against the brainstorm pack's rules at one gate, as",
  '`majordomus brainstorm check` does, and prints one line per rule of the gate, then a summary.',
  '',
  'Options:',
  '  --gate <gate>  session (default), manifest or move; the gates are cumulative',
  '  --json         print one JSON document instead of the lines',
  `  --format <f>   ${FORMATS.join(', ')} (--json is --format json)`,
  '  -h, --help     print this help and exit',
  '',
  'Exit codes: 0 clean, 1 with violations, 2 on unusable input (no such folder, an unknown gate).',
  '',
].join('\n');

async function main(argv: readonly string[]): Promise<number> {
  let folder: string | undefined;
  let gate: string | undefined;
  let json = false;
  // asked-for help is an answer wherever it stands, as with the majordomus command
  if (argv.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  let format: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg.startsWith('--gate=')) gate = arg.slice('--gate='.length);
    // `--gate move` as well as `--gate=move`, as the majordomus command takes it
    else if (arg === '--gate' && i + 1 < argv.length) gate = argv[++i];
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg === '--format' && i + 1 < argv.length) format = argv[++i];
    else if (arg.startsWith('-') || folder !== undefined) {
      process.stderr.write(`detector: unexpected argument ${JSON.stringify(arg)}\n${USAGE}\n`);
      return 2;
    } else folder = arg;
  }
  if (folder === undefined) {
    process.stderr.write(`detector: no session folder given\n${USAGE}\n`);
    return 2;
  }
  try {
    const report = await checkSession(folder, brainstormGate(gate), formatOf({ json, format }), process.cwd(), process.env);
    process.stdout.write(report.output);
    return report.exitCode;
  } catch (error) {
    if (error instanceof MajordomusError) {
      process.stderr.write(`detector: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`detector: internal error: ${describeThrown(error)}\n`);
    return 2;
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
