/**
 * `start` and `finish --outcome`: the commands that open and close a task (engine/tasks/). Each prints
 * what it wrote, repository-relative, then one summary line; `--json` prints one object instead.
 */

import { FINISHED_KEYS, finish, start } from '../capabilities/tasks';
import type { CommandCall, Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { printable } from '../io/printable';
import { Repository } from '../layer/repository';

/** The dirty paths `start` names on its line; the rest are counted (all are in --json and the record). */
const DIRTY_SHOWN = 20;

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
  if (started.dirty.length > 0) {
    const shown = started.dirty.slice(0, DIRTY_SHOWN).map((path) => printable(path));
    const more = started.dirty.length > DIRTY_SHOWN ? `, and ${started.dirty.length - DIRTY_SHOWN} more` : '';
    lines.push(
      `start: ${started.dirty.length} path(s) already changed are the task's starting point, not its changes while they hold what they hold now: ${shown.join(', ')}${more}`,
    );
  }
  lines.push(
    `start: task ${started.id} is active (scope: ${(started.scope as string[]).join(', ')}; profile: ${String(started.profile)}); next: majordomus check`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

export interface FinishOptions {
  readonly outcome: string;
  readonly verifyCommand?: string;
  readonly note?: string;
  /** `--note-from-commit [rev]`: true when given without a commit (HEAD). */
  readonly noteFromCommit?: string | boolean;
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
    {
      outcome: options.outcome,
      verifyCommand: options.verifyCommand,
      note: options.note,
      noteFromCommit:
        options.noteFromCommit === undefined ? undefined : options.noteFromCommit === true ? 'HEAD' : String(options.noteFromCommit),
      quiet: options.quiet,
    },
    invocation,
    [reporter],
    (line) => process.stderr.write(`${line}\n`),
  );
  const ran = result.verify;
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(Object.fromEntries(FINISHED_KEYS.map((key) => [key, result[key]])))}\n`);
  } else if (format === 'text') {
    const lines = result.written.map((path) => `wrote ${path}`);
    if (ran)
      lines.push(
        ran.timed_out_after !== null
          ? `finish: verify \`${ran.command}\` was stopped after ${ran.seconds}s (verification.timeout_seconds: ${ran.timed_out_after})`
          : `finish: verify \`${ran.command}\` exited ${ran.exit} in ${ran.seconds}s${ran.tree_changed ? ', and changed the working tree' : ''}`,
      );
    else if (!result.verify_run) lines.push('finish: the verify command was not run: the task was refused on what is cheap to judge first');
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
export async function runFinishCommand(
  call: CommandCall<FinishOptions & { check?: boolean; prePush?: boolean; setAside?: boolean }>,
  invocation: Invocation,
): Promise<void> {
  const { options } = call;
  const recording = options.outcome || options.verifyCommand || options.note || options.noteFromCommit !== undefined;
  if (options.check && recording) {
    throw new UsageError(
      'finish: --check judges the contract only; it takes no --outcome, --verify-command, --note or --note-from-commit (run: majordomus finish --help)',
    );
  }
  if (options.prePush && !options.check)
    throw new UsageError('finish: --pre-push goes with --check: majordomus finish --check --pre-push (the pre-push hook runs it)');
  if (options.setAside) {
    if (options.check || recording) throw new UsageError('finish: --set-aside takes no other option: it only moves the task record aside');
    return runSetAside(options, invocation);
  }
  if (options.check && options.prePush) {
    // git's lines on stdin, read to the end before anything else can refuse (engine/state/tasks/push.ts)
    const { readPushAttempt, pushModel } = await import('../state/tasks/push');
    const push = readPushAttempt();
    return (await import('./gate')).runGateCommand('finish', options, invocation, new Map([[pushModel, push]]));
  }
  if (options.check) return (await import('./gate')).runGateCommand('finish', options, invocation);
  if (!options.outcome) {
    throw new UsageError(
      'finish: give --outcome <outcome> to finish the task, or --check to judge the contract (run: majordomus finish --help)',
    );
  }
  return runFinish(options, invocation);
}

/** `finish --set-aside`: move a record this checkout cannot hold to out of the way (engine/state/tasks/aside.ts). */
async function runSetAside(options: { json?: boolean; format?: string }, invocation: Invocation): Promise<void> {
  const { setAsideTask } = await import('../state/tasks/aside');
  const repository = Repository.open(invocation.cwd, { env: invocation.env, tree: 'working' });
  const result = await setAsideTask(repository);
  if (options.json || options.format === 'json') {
    process.stdout.write(
      `${JSON.stringify({ file: result.file, aside: result.aside, reason: result.reason, task_id: result.taskId ?? null })}\n`,
    );
    return;
  }
  process.stdout.write(
    `wrote ${result.aside}\nfinish: ${result.file} (${result.reason}) set aside as ${result.aside}; next: majordomus start "<task>" --scope <pathspec>\n`,
  );
}
