/**
 * `finish --outcome <outcome> [--verify-command "<cmd>"] [--note <file>]`: close the active task. The
 * verify command runs first (engine/state/tasks/verify.ts); then the finish gate judges the task with the
 * attempt in hand (the outcome, the run, the note) and the finish contract beside it. On refusal nothing
 * changes but the ledger, which records `task.refused` with the unmet rules; on success the outcome and
 * `checkpoint_at` are written, the note kept at `state/completed/<id>.md`, and `task.finished` recorded
 * with the contract it met — all under the write lock, through the one writer.
 */

import { isFailing } from '../../api/findings';
import type { AnyModelProvider } from '../../api/validator';
import { RefusedError, UsageError } from '../../errors';
import type { GateOutcome, RunnerPlugin } from '../../gate/run-gate';
import { runGate } from '../../gate/run-gate';
import { DocumentError } from '../../io/document-error';
import { readBody } from '../../io/stdin';
import { readTextFile } from '../../io/text';
import { applyPlan } from '../../io/write/apply';
import { checkPlan } from '../../io/write/check';
import { lockFile, withWriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import { RECORD_MODE } from '../../io/write/publish';
import type { Repository } from '../../layer/repository';
import { utcSeconds } from '../kernel/clock';
import { appendEvent, checkLedger } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import type { FinishAttempt } from './attempt';
import { attemptModel } from './attempt';
import { FinishContract } from './contract';
import type { FinishOutcome } from './current';
import { completedNoteFile, currentTaskFile, FINISH_OUTCOMES } from './current';
import { runCompletionGates } from './gates';
import { taskText } from './record';
import { requireTask } from './start';
import { runVerify } from './verify';

export interface FinishRequest {
  readonly outcome: string;
  readonly verifyCommand?: string;
  /** The note's path, relative to `cwd`. */
  readonly note?: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The reporter (and any other plugin) of the gate. */
  readonly plugins: readonly RunnerPlugin[];
}

export interface FinishResult {
  readonly taskId: string;
  readonly outcome: FinishOutcome;
  readonly accepted: boolean;
  readonly gate: GateOutcome;
  readonly attempt: FinishAttempt;
  /** The rules that were not met, in order (on refusal). */
  readonly unmet: readonly string[];
  readonly written: readonly string[];
}

/** Finish the active task of `repository`; see the module comment. */
export async function finishTask(
  repository: Repository,
  request: FinishRequest,
  now: () => Date = () => new Date(),
): Promise<FinishResult> {
  if (!(FINISH_OUTCOMES as readonly string[]).includes(request.outcome)) {
    throw new UsageError(`finish: --outcome ${JSON.stringify(request.outcome)} is not an outcome (one of: ${FINISH_OUTCOMES.join(', ')})`);
  }
  const outcome = request.outcome as FinishOutcome;
  const { task } = requireTask(repository, 'finish');
  if (task.outcome !== 'active')
    throw new RefusedError(
      `finish: task ${task.id} already finished as ${task.outcome}; nothing was written (start the next one: majordomus start "<task>" --scope <pathspec>)`,
    );
  const note = request.note === undefined ? undefined : readNote(request.note, request.cwd);
  if (request.verifyCommand !== undefined && request.verifyCommand.trim() === '')
    throw new UsageError('finish: --verify-command is empty (give the command that proves the work, e.g. "npm test")');

  const verify = request.verifyCommand === undefined ? undefined : runVerify(request.verifyCommand, repository.root, repository.git.env);
  // after the verify command, so the gates judge the tree as it leaves the command
  const gates = outcome === 'completed' ? await runCompletionGates(request.cwd, request.env) : undefined;
  const attempt: FinishAttempt = { outcome, ...(verify ? { verify } : {}), ...(note ? { note } : {}), ...(gates ? { gates } : {}) };
  const given = new Map<AnyModelProvider, unknown>([[attemptModel, attempt]]);
  const gate = await runGate({
    gate: 'finish',
    cwd: request.cwd,
    env: request.env,
    given,
    plugins: [new FinishContract(), ...request.plugins],
  });

  const unmet = [...new Set(gate.findings.filter(isFailing).map((finding) => finding.rule ?? finding.subject))];
  const { layout, git } = repository;
  return withWriteLock(lockFile(git.commonDir), 'finish', () => {
    // judged outside the lock (the verify command may take minutes); what is written is decided again under it
    const again = requireTask(repository, 'finish');
    if (again.task.id !== task.id || again.task.outcome !== 'active')
      throw new RefusedError(
        `finish: the current task changed while finish ran (it is now ${again.task.id}, ${again.task.outcome}); nothing was written (run finish again)`,
      );
    const ledger = ledgerTargetOf(repository, 'finish', { clock: now });
    if (gate.exitCode !== 0) {
      appendEvent(ledger, 'task.refused', { task_id: task.id, outcome, unmet });
      return { taskId: task.id, outcome, accepted: false, gate, attempt, unmet, written: [] };
    }
    const plan = new WritePlan({ command: 'finish', base: git.root });
    plan.replace(currentTaskFile(layout.localDir), taskText({ ...task, outcome, checkpoint_at: utcSeconds(now()) }), { mode: RECORD_MODE });
    if (note) plan.create(completedNoteFile(layout.localDir, task.id), note.text, { mode: RECORD_MODE });
    // the outcome and its line are one change, the line written last (see start.ts)
    const checked = checkPlan(plan);
    checkLedger(ledger);
    const written = applyPlan(plan, checked, () =>
      appendEvent(ledger, 'task.finished', { task_id: task.id, outcome, contract: contractRecord(gate, attempt) }),
    ).map((done) => done.path);
    return { taskId: task.id, outcome, accepted: true, gate, attempt, unmet: [], written };
  });
}

/** What `task.finished` records of the contract: the rules that ran and the verify run. */
function contractRecord(gate: GateOutcome, attempt: FinishAttempt): Record<string, unknown> {
  const verify =
    attempt.verify && attempt.verify.vacuous === undefined
      ? {
          command: attempt.verify.command,
          exit: attempt.verify.exit,
          seconds: attempt.verify.seconds,
          tree_changed: attempt.verify.treeChanged,
        }
      : null;
  const gates = attempt.gates?.map((verdict) => ({ gate: verdict.gate, exit: verdict.exitCode })) ?? null;
  return { rules: gate.selected.map((rule) => rule.identity), verify, note: Boolean(attempt.note), gates };
}

/** The note file: a regular text file under the size cap; `-` is the note on stdin (as a pipe gives it). */
function readNote(path: string, cwd: string): { file: string; text: string } {
  if (path === '-') return { file: '-', text: readBody('finish --note -') };
  try {
    return { file: path, text: readTextFile(resolvePath(cwd, path), path) };
  } catch (error) {
    if (error instanceof DocumentError) throw new UsageError(`finish: --note ${error.file}: ${error.reason} (${error.fix})`);
    throw error;
  }
}

function resolvePath(cwd: string, path: string): string {
  return path.startsWith('/') ? path : `${cwd}/${path}`;
}
