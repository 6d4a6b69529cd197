/**
 * Starting and finishing a task, as answers: `start` and `finish --outcome` run these, and so do the MCP
 * tools `start_task` and `finish_task` — the same engine functions (engine/state/tasks/), the same
 * locks, the same ledger lines, the same refusals.
 */
import type { Invocation } from '../commands/define';
import type { RunnerPlugin } from '../gate/run-gate';
import { turnSection } from '../state/sessions/turn';
import { startTask } from '../state/tasks/start';
import type { JsonFinding } from './gates';
import { collectingReporter } from './gates';
import { openRepository } from './stores';

export interface StartInput {
  readonly task: string;
  readonly scope?: readonly string[];
  readonly profile?: string;
  readonly owner?: string;
}

/** The task `start` wrote, what it wrote, and the turn it began in the open episode. */
export type Started = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly written: readonly string[];
  readonly archived: string | null;
  readonly turn: Readonly<Record<string, unknown>> | null;
  /** The paths already changed when the task started: its starting point, not its changes. */
  readonly dirty: readonly string[];
};

/** Start a task: claim its scope and record where it starts from. */
export async function start(input: StartInput, invocation: Invocation): Promise<Started> {
  const repository = openRepository(invocation);
  const result = await startTask(repository, {
    task: input.task,
    scope: input.scope ?? [],
    profile: input.profile,
    owner: input.owner,
    turn: turnSection,
  });
  return {
    ...result.task,
    written: result.written,
    archived: result.archived ?? null,
    turn: (result.turn as Readonly<Record<string, unknown>> | undefined) ?? null,
    dirty: result.dirty.map((entry) => entry.path),
  };
}

export interface FinishInput {
  readonly outcome: string;
  readonly verifyCommand?: string;
  /** The note's file, relative to the working directory (`-`: stdin), as `--note` gives it. */
  readonly note?: string;
  /** The note's text itself (the MCP tool's `note`). */
  readonly noteText?: string;
  /** The note is the message of this commit (`--note-from-commit [rev]`). */
  readonly noteFromCommit?: string;
  readonly quiet?: boolean;
}

/** What `finish --outcome` answers: the finish contract's findings, then what was recorded. */
export interface Finished {
  readonly task_id: string;
  readonly outcome: string;
  readonly accepted: boolean;
  readonly unmet: readonly string[];
  readonly verify: {
    command: string;
    exit: number | null;
    seconds: number;
    tree_changed: boolean;
    /** The time limit that stopped it (`verification.timeout_seconds`), or null when it ended on its own. */
    timed_out_after: number | null;
  } | null;
  /** False when the task was refused on what is cheap to judge, before the verify command ran. */
  readonly verify_run: boolean;
  readonly written: readonly string[];
  /** 0 when recorded, else the exit code of the contract's failing rules. */
  readonly exit_code: number;
  readonly findings: readonly JsonFinding[];
}

/** The keys of `Finished` that `finish --json` prints as its last line, after the findings. */
export const FINISHED_KEYS = ['task_id', 'outcome', 'accepted', 'unmet', 'verify', 'verify_run', 'written'] as const;

/** Finish the active task with an outcome, if it meets the completion contract. */
export async function finish(
  input: FinishInput,
  invocation: Invocation,
  plugins?: readonly RunnerPlugin[],
  say?: (line: string) => void,
): Promise<Finished> {
  const { finishTask } = await import('../state/tasks/finish');
  const repository = openRepository(invocation);
  const collected = plugins === undefined ? await collectingReporter(input.quiet) : undefined;
  const result = await finishTask(repository, {
    outcome: input.outcome,
    verifyCommand: input.verifyCommand,
    note: input.note,
    ...(input.noteText === undefined ? {} : { noteText: input.noteText }),
    ...(input.noteFromCommit === undefined ? {} : { noteFromCommit: input.noteFromCommit }),
    cwd: invocation.cwd,
    env: invocation.env as NodeJS.ProcessEnv,
    plugins: plugins ?? [collected!.plugin],
    ...(say ? { say } : {}),
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
  return {
    task_id: result.taskId,
    outcome: result.outcome,
    accepted: result.accepted,
    unmet: result.unmet,
    verify: ran,
    verify_run: !result.beforeVerify,
    written: result.written,
    exit_code: result.accepted ? 0 : result.gate.exitCode,
    findings: collected?.findings ?? [],
  };
}
