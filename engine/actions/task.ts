/**
 * `start` and `finish --outcome`: the commands that open and close a task (engine/tasks/). Each prints
 * what it wrote, repository-relative, then one summary line; `--json` prints one object instead.
 */

import type { CommandCall, Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { printable } from '../io/printable';
import { Repository } from '../layer/repository';
import { turnSection } from '../state/sessions/turn';
import { startTask } from '../state/tasks/start';

/** The dirty paths `start` names on its line; the rest are counted (all are in --json and the record). */
const DIRTY_SHOWN = 20;

export interface StartOptions {
  readonly scope?: readonly string[];
  readonly profile?: string;
  readonly owner?: string;
  readonly json?: boolean;
}

/** `start "<task>" --scope <pathspec>[,...]`. */
export async function runStart(title: string, options: StartOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const result = await startTask(repository, {
    task: title,
    scope: options.scope ?? [],
    profile: options.profile,
    owner: options.owner,
    turn: turnSection,
  });
  const { task } = result;
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ ...task, written: result.written, archived: result.archived ?? null, turn: result.turn ?? null, dirty: result.dirty.map((entry) => entry.path) })}\n`,
    );
    return;
  }
  const lines = result.written.map((path) => `wrote ${path}`);
  const { turn } = result;
  if (turn)
    lines.push(
      `session ${turn.session_id}: task ${task.id} is a new turn; its context carries ${turn.previous ? `the deliverable of ${turn.previous}` : 'no previous deliverable'} (majordomus context prints it)`,
    );
  if (result.dirty.length > 0) {
    const shown = result.dirty.slice(0, DIRTY_SHOWN).map((entry) => printable(entry.path));
    const more = result.dirty.length > DIRTY_SHOWN ? `, and ${result.dirty.length - DIRTY_SHOWN} more` : '';
    lines.push(
      `start: ${result.dirty.length} path(s) already changed are the task's starting point, not its changes while they hold what they hold now: ${shown.join(', ')}${more}`,
    );
  }
  lines.push(`start: task ${task.id} is active (scope: ${task.scope.join(', ')}; profile: ${task.profile}); next: majordomus check`);
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

/** `finish --outcome <outcome> [--verify-command "<cmd>"] [--note <file>]`. */
export async function runFinish(options: FinishOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { finishTask } = await import('../state/tasks/finish');
  const { formatOf, loadReporter } = await import('../reporters/index');
  const { ReporterPlugin } = await import('../reporters/report');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const reporter = new ReporterPlugin(await loadReporter(formatOf(options)), {
    quiet: options.quiet,
    paths: { prefix: '', rulesInRepository: true },
  });
  const result = await finishTask(repository, {
    outcome: options.outcome,
    verifyCommand: options.verifyCommand,
    note: options.note,
    noteFromCommit:
      options.noteFromCommit === undefined ? undefined : options.noteFromCommit === true ? 'HEAD' : String(options.noteFromCommit),
    cwd,
    env,
    plugins: [reporter],
    say: (line) => process.stderr.write(`${line}\n`),
  });
  const verify = result.attempt.verify;
  const ran =
    verify && verify.vacuous === undefined
      ? {
          command: verify.command,
          exit: verify.exit,
          seconds: verify.seconds,
          tree_changed: verify.treeChanged,
          timed_out_after: verify.timedOut ?? null,
        }
      : null;
  if (formatOf(options) === 'json') {
    process.stdout.write(
      `${JSON.stringify({ task_id: result.taskId, outcome: result.outcome, accepted: result.accepted, unmet: result.unmet, verify: ran, verify_run: !result.beforeVerify, written: result.written })}\n`,
    );
  } else if (formatOf(options) === 'text') {
    const lines = result.written.map((path) => `wrote ${path}`);
    if (ran)
      lines.push(
        verify && verify.vacuous === undefined && verify.timedOut !== undefined
          ? `finish: verify \`${ran.command}\` was stopped after ${ran.seconds}s (verification.timeout_seconds: ${verify.timedOut})`
          : `finish: verify \`${ran.command}\` exited ${ran.exit} in ${ran.seconds}s${ran.tree_changed ? ', and changed the working tree' : ''}`,
      );
    else if (result.beforeVerify)
      lines.push('finish: the verify command was not run: the task was refused on what is cheap to judge first');
    lines.push(
      result.accepted
        ? `finish: task ${result.taskId} recorded as ${result.outcome}`
        : `finish: task ${result.taskId} stays active (unmet: ${result.unmet.join(', ')})`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  process.exitCode = result.accepted ? 0 : result.gate.exitCode;
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
