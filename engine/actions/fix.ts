/**
 * `doctor --fix`: the findings whose remedy is one of this tool's own commands, repaired by running it —
 * install the hooks the policy declares, rotate the ledger past its cap (archiving, never deleting),
 * bring an older release of a vendored package current. A validator names the command as the finding's
 * `fix` (its arguments after `majordomus`); only the commands listed here run, each once, in this order,
 * through its own action and so through the one writer, under the write lock, refusing as it always
 * does. Every other finding stays a finding: nothing here edits a file a person wrote, and nothing runs
 * with `--force`.
 */
import type { Finding } from '../api/findings';
import { isFailing } from '../api/findings';
import type { CommandDeclaration, Invocation } from '../commands/define';
import { COMMANDS } from '../commands/index';
import { MajordomusError } from '../errors';
import { escapeControls } from '../io/document-error';

/** The commands `doctor --fix` runs, as arguments after `majordomus`, in the order it runs them. */
export const FIX_COMMANDS: readonly (readonly string[])[] = Object.freeze([
  ['hooks', 'install'],
  ['history', '--rotate'],
  ['rules', 'vendor', 'update'],
]);

/** One fix of the plan: the command, and the subjects of the findings it repairs. */
export interface PlannedFix {
  readonly argv: readonly string[];
  readonly subjects: readonly string[];
}

const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((word, i) => word === b[i]);

/** The fixes the failing and warning findings name that are commands of `FIX_COMMANDS`, in its order. */
export function planFixes(findings: readonly Finding[]): PlannedFix[] {
  const plan: PlannedFix[] = [];
  for (const argv of FIX_COMMANDS) {
    const subjects = findings
      .filter((finding) => (isFailing(finding) || finding.level === 'WARN') && finding.fix !== undefined && same(finding.fix, argv))
      .map((finding) => finding.subject);
    if (subjects.length > 0) plan.push({ argv, subjects: [...new Set(subjects)] });
  }
  return plan;
}

/** The command line a fix shows. */
export function fixLine(fix: PlannedFix): string {
  return `majordomus ${fix.argv.join(' ')}`;
}

/** The declaration a fix runs, and the options its `--flags` set. */
function resolve(argv: readonly string[]): { declaration: CommandDeclaration; options: Record<string, unknown> } {
  const words = argv.filter((word) => !word.startsWith('--'));
  const declaration = COMMANDS.find((command) => command.name === words.join(' '));
  if (!declaration) throw new Error(`doctor --fix: ${argv.join(' ')} is no command of this tool`);
  const options: Record<string, unknown> = {};
  for (const flag of argv.filter((word) => word.startsWith('--')))
    options[flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = true;
  return { declaration, options };
}

/**
 * Print the plan (`say` each line) and run it, each fix as its command runs when typed. A fix that
 * refuses is said and the others still run: doctor, run after, reports what is left.
 */
export async function applyFixes(plan: readonly PlannedFix[], invocation: Invocation, say: (line: string) => void): Promise<void> {
  if (plan.length === 0) {
    say('doctor --fix: no finding has a remedy this tool runs itself; nothing to do');
    return;
  }
  say(`doctor --fix: ${plan.length} command(s) of this tool repair what doctor found:`);
  for (const fix of plan) say(`  ${fixLine(fix)}  (${fix.subjects.map(escapeControls).join(', ')})`);
  for (const fix of plan) {
    const { declaration, options } = resolve(fix.argv);
    say(`fix: ${fixLine(fix)}`);
    try {
      const action = await declaration.action();
      await action({ args: [], options }, invocation);
    } catch (error) {
      if (!(error instanceof MajordomusError)) throw error;
      say(`fix: ${fixLine(fix)} did not run: ${escapeControls(error.message)}`);
      for (const detail of error.details) say(escapeControls(detail));
    }
  }
  // each command set its own exit code; the doctor that follows sets the one this run ends with
  process.exitCode = 0;
}
