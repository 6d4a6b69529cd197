/**
 * `start` and `finish --outcome`: the commands that open and close a task (engine/tasks/). Each prints
 * what it wrote, repository-relative, then one summary line; `--json` prints one object instead.
 */

import { FINISHED_KEYS, finish, start } from '../capabilities/tasks';
import type { CommandCall, Invocation } from '../commands/define';
import { UsageError } from '../errors';

export interface StartOptions {
  readonly scope?: readonly string[];
  readonly profile?: string;
  readonly owner?: string;
  readonly json?: boolean;
}

/** `start "<task>" --scope <pathspec>[,...]`: the `start_task` capability (engine/capabilities/tasks.ts), printed. */
export async function runStart(title: string, options: StartOptions, invocation: Invocation): Promise<void> {
  const started = await start({ task: title, scope: options.scope, profile: options.profile, owner: options.owner }, invocation);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(started)}\n`);
    return;
  }
  const lines = started.written.map((path) => `wrote ${path}`);
  const { turn } = started;
  if (turn)
    lines.push(
      `session ${String(turn.session_id)}: task ${started.id} is a new turn; its context carries ${turn.previous ? `the deliverable of ${String(turn.previous)}` : 'no previous deliverable'} (majordomus context prints it)`,
    );
  lines.push(
    `start: task ${started.id} is active (scope: ${(started.scope as string[]).join(', ')}; profile: ${String(started.profile)}); next: majordomus check`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

export interface FinishOptions {
  readonly outcome: string;
  readonly verifyCommand?: string;
  readonly note?: string;
  readonly json?: boolean;
  readonly format?: string;
  readonly quiet?: boolean;
}

/** `finish --outcome <outcome> [--verify-command "<cmd>"] [--note <file>]`: the `finish_task` capability, printed. */
export async function runFinish(options: FinishOptions, invocation: Invocation): Promise<void> {
  const { formatOf, loadReporter } = await import('../reporters/index');
  const { ReporterPlugin } = await import('../reporters/report');
  const format = formatOf(options);
  const reporter = new ReporterPlugin(await loadReporter(format), {
    quiet: options.quiet,
    paths: { prefix: '', rulesInRepository: true },
  });
  const result = await finish(
    { outcome: options.outcome, verifyCommand: options.verifyCommand, note: options.note, quiet: options.quiet },
    invocation,
    [reporter],
  );
  const ran = result.verify;
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(Object.fromEntries(FINISHED_KEYS.map((key) => [key, result[key]])))}\n`);
  } else if (format === 'text') {
    const lines = result.written.map((path) => `wrote ${path}`);
    if (ran)
      lines.push(
        `finish: verify \`${ran.command}\` exited ${ran.exit} in ${ran.seconds}s${ran.tree_changed ? ', and changed the working tree' : ''}`,
      );
    lines.push(
      result.accepted
        ? `finish: task ${result.task_id} recorded as ${result.outcome}`
        : `finish: task ${result.task_id} stays active (unmet: ${result.unmet.join(', ')})`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  process.exitCode = result.exit_code;
}

/**
 * `finish`: `--check` judges the completion contract and records nothing (the gate alone); `--outcome`
 * finishes the task. Asking for both, or for neither, is a usage error.
 */
export async function runFinishCommand(call: CommandCall<FinishOptions & { check?: boolean }>, invocation: Invocation): Promise<void> {
  const { options } = call;
  if (options.check && (options.outcome || options.verifyCommand || options.note)) {
    throw new UsageError(
      'finish: --check judges the contract only; it takes no --outcome, --verify-command or --note (run: majordomus finish --help)',
    );
  }
  if (options.check) return (await import('./gate')).runGateCommand('finish', options, invocation);
  if (!options.outcome) {
    throw new UsageError(
      'finish: give --outcome <outcome> to finish the task, or --check to judge the contract (run: majordomus finish --help)',
    );
  }
  return runFinish(options, invocation);
}
