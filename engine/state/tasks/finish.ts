/**
 * `finish --outcome <outcome> [--verify-command "<cmd>"] [--note <file> | --note-from-commit [<rev>]]`:
 * close the active task. What is cheap is judged first — the note and its sections, open questions,
 * the scope, a verify command that cannot fail or that the policy does not list — and a finish refused
 * there never runs the verify command; then the verify command runs (engine/state/tasks/verify.ts, under
 * its time limit); then the finish gate judges the task with the attempt in hand (the outcome, the run,
 * the note) and the finish contract beside it. `failed`, `blocked` and `no_match` state that the work did
 * not succeed: they are recorded whatever the tree says, needing only their note. On refusal nothing
 * changes but the ledger, which records `task.refused` with the unmet rules; on success the outcome and
 * `checkpoint_at` are written, the note kept at `state/completed/<id>.md`, and `task.finished` recorded
 * with the contract it met — all under the write lock, through the one writer.
 */

import { isFailing } from '../../api/findings';
import type { AnyModelProvider } from '../../api/validator';
import { RefusedError, UsageError } from '../../errors';
import type { GateOutcome, RunnerPlugin } from '../../gate/run-gate';
import { runGate } from '../../gate/run-gate';
import type { Runner } from '../../gate/runner';
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
import type { VerifySettings } from './verify';
import { DEFAULT_TIMEOUT_SECONDS, runVerify, verifyRefusal } from './verify';

export interface FinishRequest {
  readonly outcome: string;
  readonly verifyCommand?: string;
  /** The note's path, relative to `cwd`. */
  readonly note?: string;
  /** The note's text, handed over rather than read from a file (the MCP tool's `note`); held to the same limits. */
  readonly noteText?: string;
  /** The note is the message of this commit (`HEAD` when given without one): a CI job's note. */
  readonly noteFromCommit?: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The reporter (and any other plugin) of the gate. */
  readonly plugins: readonly RunnerPlugin[];
  /** Where the verify command's start and end lines go (stderr). */
  readonly say?: (line: string) => void;
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
  /** True when it was refused on what is cheap to judge, before the verify command ran. */
  readonly beforeVerify?: boolean;
}

/** The outcomes that state a failure: recorded whatever the tree says, needing only their note. */
export const FAILURE_STATEMENTS: ReadonlySet<FinishOutcome> = new Set(['failed', 'blocked', 'no_match']);

/** The one rule a failure statement still answers to: the note saying why. */
const NOTE_RULE = 'majordomus.note-integrity';

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
  if (request.note !== undefined && request.noteFromCommit !== undefined)
    throw new UsageError('finish: give the note once: --note <file> or --note-from-commit [<commit>], not both');
  const note =
    request.noteText !== undefined
      ? { file: '-', text: request.noteText }
      : request.noteFromCommit !== undefined
        ? noteFromCommit(repository, request.noteFromCommit)
        : request.note === undefined
          ? undefined
          : readNote(request.note, request.cwd);
  if (request.verifyCommand !== undefined && request.verifyCommand.trim() === '')
    throw new UsageError('finish: --verify-command is empty (give the command that proves the work, e.g. "npm test")');

  const base: FinishAttempt = { outcome, ...(note ? { note } : {}) };
  const plugins = (reporting: boolean): RunnerPlugin[] => [
    new FinishContract(),
    ...(FAILURE_STATEMENTS.has(outcome) ? [new FailureStatement(outcome)] : []),
    ...(reporting ? request.plugins : []),
  ];
  const judge = (attempt: FinishAttempt, reporting: boolean) =>
    runGate({
      gate: 'finish',
      cwd: request.cwd,
      env: request.env,
      given: new Map<AnyModelProvider, unknown>([[attemptModel, attempt]]),
      plugins: plugins(reporting),
    });

  let attempt: FinishAttempt = base;
  let gate: GateOutcome | undefined;
  let beforeVerify = false;
  if (request.verifyCommand !== undefined) {
    // what is cheap first (the note and its sections, open questions, the scope, a command that cannot
    // fail): a finish refused anyway never waits for the verify command
    const settings = verifySettings(repository);
    const refusal = verifyRefusal(request.verifyCommand, settings);
    const before: FinishAttempt = {
      ...base,
      stage: 'before-verify',
      ...(refusal ? { verify: { command: request.verifyCommand, vacuous: refusal } } : {}),
    };
    const cheap = await judge(before, false);
    if (cheap.exitCode !== 0) {
      request.say?.('finish: refused on what is cheap to judge; the verify command was not run');
      attempt = before;
      gate = await judge(before, true);
      beforeVerify = true;
    } else {
      const verify = await runVerify(request.verifyCommand, repository.root, repository.git.env, settings, request.say ?? (() => {}));
      attempt = { ...base, verify };
    }
  }
  if (!gate) {
    // after the verify command, so the gates judge the tree as it leaves the command
    const gates = outcome === 'completed' ? await runCompletionGates(request.cwd, request.env) : undefined;
    attempt = { ...attempt, ...(gates ? { gates } : {}) };
    gate = await judge(attempt, true);
  }
  const judged = gate;

  const unmet = [...new Set(judged.findings.filter(isFailing).map((finding) => finding.rule ?? finding.subject))];
  const { layout, git } = repository;
  return withWriteLock(lockFile(git.commonDir), 'finish', () => {
    // judged outside the lock (the verify command may take minutes); what is written is decided again under it
    const again = requireTask(repository, 'finish');
    if (again.task.id !== task.id || again.task.outcome !== 'active')
      throw new RefusedError(
        `finish: the current task changed while finish ran (it is now ${again.task.id}, ${again.task.outcome}); nothing was written (run finish again)`,
      );
    const ledger = ledgerTargetOf(repository, 'finish', { clock: now });
    if (judged.exitCode !== 0) {
      appendEvent(ledger, 'task.refused', { task_id: task.id, outcome, unmet });
      return { taskId: task.id, outcome, accepted: false, gate: judged, attempt, unmet, written: [], beforeVerify };
    }
    const plan = new WritePlan({ command: 'finish', base: git.root });
    plan.replace(currentTaskFile(layout.localDir), taskText({ ...task, outcome, checkpoint_at: utcSeconds(now()) }), { mode: RECORD_MODE });
    if (note) plan.create(completedNoteFile(layout.localDir, task.id), note.text, { mode: RECORD_MODE });
    // the outcome and its line are one change, the line written last (see start.ts)
    const checked = checkPlan(plan);
    checkLedger(ledger);
    const written = applyPlan(plan, checked, () =>
      appendEvent(ledger, 'task.finished', { task_id: task.id, outcome, contract: contractRecord(judged, attempt) }),
    ).map((done) => done.path);
    return { taskId: task.id, outcome, accepted: true, gate: judged, attempt, unmet: [], written };
  });
}

/**
 * A failure statement (`failed`, `blocked`, `no_match`) is recorded whatever the tree says: each failing
 * finding but the note's is reported as a warning, so the gate's exit code follows the note alone.
 */
class FailureStatement implements RunnerPlugin {
  static readonly pluginName = 'FailureStatement';

  constructor(private readonly outcome: FinishOutcome) {}

  apply(runner: Runner): void {
    runner.hooks.processFindings.tap(FailureStatement.pluginName, (findings) =>
      findings.map((finding) =>
        isFailing(finding) && finding.rule !== NOTE_RULE
          ? {
              ...finding,
              level: 'WARN',
              message: `${finding.message} (recorded anyway: ${this.outcome} states that the work did not succeed)`,
            }
          : finding,
      ),
    );
  }
}

/** The policy's `verification` settings for the verify command (engine/state/tasks/verify.ts). */
function verifySettings(repository: Repository): VerifySettings {
  let verification: { timeout_seconds?: unknown; outputs?: unknown; commands?: unknown } | undefined;
  try {
    verification = (repository.yaml(repository.layout.policyFile).value as { verification?: typeof verification } | null)?.verification;
  } catch {
    verification = undefined;
  }
  const strings = (value: unknown): string[] | undefined =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
  const timeout = verification?.timeout_seconds;
  return {
    timeoutSeconds: typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_SECONDS,
    outputs: strings(verification?.outputs) ?? [],
    ...(strings(verification?.commands) ? { commands: strings(verification?.commands) } : {}),
  };
}

/** The message of a commit as the note: what a CI job has when no file was written. */
function noteFromCommit(repository: Repository, rev: string): { file: string; text: string } {
  const given = rev === '' ? 'HEAD' : rev;
  if (given.startsWith('-')) throw new UsageError(`finish: --note-from-commit ${JSON.stringify(given)} is not a commit`);
  const sha = repository.git.git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${given}^{commit}`]).stdout.trim();
  if (!sha) throw new UsageError(`finish: --note-from-commit: git has no commit ${JSON.stringify(given)} here`);
  const text = repository.git.git(['log', '-1', '--format=%B', sha, '--']).stdout;
  if (text.trim() === '') throw new UsageError(`finish: --note-from-commit: commit ${sha.slice(0, 12)} has an empty message`);
  return { file: `commit ${sha.slice(0, 12)}`, text };
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
  if (verify && attempt.verify?.vacuous === undefined && attempt.verify?.timedOut !== undefined)
    Object.assign(verify, { timed_out_after: attempt.verify.timedOut });
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
