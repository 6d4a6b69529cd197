/**
 * `session close`: turn the open episode into its immutable record in the layer's sessions section.
 * Every field is derived — times from the clock, heads, commits and changed files from git, the
 * reference lists from the ledger lines stamped with the episode's id (never a time range, which would
 * collect a concurrent worker's lines). The only authored part is the summary, given on stdin.
 *
 * The steps run in an order a kill can interrupt anywhere: the record is published whole by a hard link
 * (there is a whole record or none), then `session.closed`, the Close section of the context, and last
 * the removal of the open record. A close run again while the open record is still there finds the
 * record already published for that id and finishes the remaining steps without writing a second one.
 *
 * Between the record and `session.closed`, while `session.knowledge_on_end` is on, the episode's
 * knowledge is derived (engine/state/knowledge/derive.ts) from the same ledger lines the record was made of.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ContractError, MajordomusError, MissingError, RefusedError, UsageError } from '../../errors';
import type { GitResult } from '../../io/git';
import { relativePathProblem } from '../../io/paths';
import { describeErrno, errnoCode, TakenBack, WriteFailure, WriteRefusal } from '../../io/write/errors';
import { acquireWaiting } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import { publishRecord, RECORD_MODE, unpublish } from '../../io/write/publish';
import type { Repository } from '../../layer/repository';
import { utcSeconds } from '../kernel/clock';
import type { OpenSession } from '../kernel/episode';
import { aimPointer, checkKey, contextPath, episodeHere, openKeys, pointedKey, pointerPath, readOpen, removeOpen } from '../kernel/episode';
import type { DeriveResult } from '../knowledge/derive';
import { candidatesDir, deriveKnowledge } from '../knowledge/derive';
import { appendEvent, checkLedger } from '../ledger/append';
import { sessionEntries, taskStarter } from '../ledger/read';
import { ledgerTargetOf } from '../ledger/target';
import { readCurrentTask } from '../tasks/current';
import type { Ahead, TreeState } from './checkout';
import { askAhead, changedSince, commitsBetween, repositoryId, worktreeId } from './checkout';
import type { SessionRecord } from './record';
import { formatSessionRecord, identityKeyInSummary, sessionOfName, sessionRecordName } from './record';

export interface SessionCloseRequest {
  readonly outcome?: string;
  /** `ignore`: no open episode is not an error (exit 0). */
  readonly ifNone?: string;
  readonly providerSession?: string;
  /** The summary, as read from stdin. */
  readonly summary: string;
  readonly env: NodeJS.ProcessEnv;
  /** How long to wait for another close of the same episode to finish (default 10 s). */
  readonly lockWaitMs?: number;
}

export type SessionCloseResult =
  | { readonly closed: false }
  | {
      readonly closed: true;
      readonly session: OpenSession;
      readonly record: string;
      readonly outcome: string;
      readonly resumed: boolean;
      /** Absent when a resumed close found session.closed already written (the step ran then). */
      readonly knowledge?: KnowledgeStep;
      /** Why the Close section was not written to the session context, when the writer refused it. */
      readonly contextSkipped?: string;
    };

/** The layer's sessions section, repository-relative. */
export function sessionsDir(repository: Repository): string {
  return repository.layout.section('sessions') ?? `${repository.layout.repoDir}/sessions`;
}

/** Close the episode of this process in `repository`; see the module comment. */
export async function closeSession(
  repository: Repository,
  request: SessionCloseRequest,
  now: Date = new Date(),
): Promise<SessionCloseResult> {
  const outcome = request.outcome ?? 'closed';
  if (outcome !== 'closed' && outcome !== 'interrupted')
    throw new UsageError(`session close: --outcome ${JSON.stringify(outcome)} is not an outcome (closed or interrupted)`);
  const ifNone = request.ifNone ?? 'refuse';
  if (ifNone !== 'refuse' && ifNone !== 'ignore')
    throw new UsageError(`session close: --if-none ${JSON.stringify(ifNone)} is not a choice (refuse or ignore)`);
  const named = request.providerSession === undefined ? undefined : checkKey(request.providerSession, 'session close');
  const bad = identityKeyInSummary(request.summary);
  if (bad) {
    throw new ContractError(
      `session close: line ${bad.line} of the summary sets \`${bad.key}\`, a field the record derives; nothing was written (the summary describes the work; remove that line)`,
    );
  }
  const { root, layout } = repository;
  const found = episodeHere(root, layout.localDir, named, request.env);
  if (found.status === 'unreadable')
    throw new RefusedError(
      `session close: ${found.file} is not an open session record this version reads (${found.reason}); nothing was written (move it aside)`,
    );
  if (found.status === 'absent') {
    if (ifNone === 'ignore') return { closed: false };
    throw new MissingError(
      `session close: no episode is open here${named === undefined ? '' : ` for provider session ${named}`} (run: majordomus session start)`,
    );
  }
  // the walk of the working tree is most of a close on a large checkout, and a provider's end hook has
  // little time: git walks it on the other core while this one takes the lock and reads the ledger
  const asked = askAhead(repository);
  // one close per episode: a second close of it (two end hooks at once) waits for the first, then finds
  // the episode closed, or finishes what a killed one left
  const lock = acquireWaiting(
    join(repository.git.commonDir, `majordomus-close-${found.session.session_id}.lock`),
    'session close',
    request.lockWaitMs ?? 10_000,
  );
  try {
    const again = readOpen(root, layout.localDir, found.key);
    if (again.status !== 'present' || again.session.session_id !== found.session.session_id) {
      if (ifNone === 'ignore') return { closed: false };
      throw new MissingError(`session close: episode ${found.session.session_id} was closed meanwhile by another close`);
    }
    return await closeLocked(repository, found.session, found.key, outcome, request.summary, now, asked);
  } finally {
    lock.release();
  }
}

/** The close itself, holding the episode's lock. */
async function closeLocked(
  repository: Repository,
  session: OpenSession,
  key: string,
  outcome: 'closed' | 'interrupted',
  summary: string,
  now: Date,
  asked: Ahead,
): Promise<SessionCloseResult> {
  const { root, layout } = repository;
  const dir = sessionsDir(repository);
  const existing = publishedRecord(join(root, dir), session.session_id);
  // the one read of the ledger: the record, the resumed-close check and the knowledge step share it
  const lines = stampedLines(repository, session.session_id);
  const closing = !lines.some((line) => line.event === 'session.closed');
  // the record and `session.closed` are one change: a ledger that cannot take the line refuses before
  // the record is published, and a line that fails after it takes the record back
  const ledger = ledgerTargetOf(repository, 'session close', { session: session.session_id });
  if (closing) checkLedger(ledger);
  let record: string;
  let published: string | undefined;
  if (existing !== undefined) {
    record = `${dir}/${existing}`;
  } else {
    const values = deriveRecord(repository, session, lines, outcome, now, await asked.tree, await asked.remotes);
    const made = publishRecord({
      command: 'session close',
      root,
      dir: join(root, dir),
      name: () => sessionRecordName(values, randomBytes(8).toString('hex')),
      content: formatSessionRecord(values, summary),
      // the sessions folder is tracked: a close killed while staging leaves its copy where git add cannot take it
      staging: join(root, layout.localDir, 'tmp'),
    });
    record = `${dir}/${made.name}`;
    published = made.path;
  }
  let knowledge: KnowledgeStep | undefined;
  if (closing) {
    // derived before session.closed, so the line that closes the episode follows its knowledge
    // a layer without a knowledge section keeps no knowledge: nothing to derive into, and nothing failed
    knowledge =
      knowledgeOnEnd(repository) && candidatesDir(layout) !== undefined
        ? deriveOnClose(repository, session.session_id, lines)
        : { status: 'off' };
    try {
      appendEvent(ledger, 'session.closed', { outcome, session_path: record });
    } catch (error) {
      if (published === undefined || !(error instanceof MajordomusError)) throw error;
      // the episode stays open, as it was: a close run again writes its record afresh
      throw new TakenBack('session close', error, [record], unpublish(published) ? [] : [record]);
    }
  }
  const contextSkipped = appendClose(root, contextPath(layout.localDir, session), now, outcome, record);
  removeOpen(root, layout.localDir, key);
  const pointerSkipped = reaim(root, layout.localDir, key);
  const skipped = [contextSkipped, pointerSkipped].filter((phrase) => phrase !== undefined).join('; ');
  return {
    closed: true,
    session,
    record,
    outcome,
    resumed: existing !== undefined,
    ...(knowledge ? { knowledge } : {}),
    ...(skipped ? { contextSkipped: skipped } : {}),
  };
}

/**
 * What the knowledge step of a close did. A derivation that fails never fails the close: the close is
 * what the provider's end hook waits for, and the evidence is still in the ledger for
 * `knowledge derive --episode <id>` to take later. The failure is appended as `knowledge.derive_failed`
 * (when even that cannot be written, the caller's stderr line is all that is left).
 */
export type KnowledgeStep =
  | { readonly status: 'derived'; readonly result: DeriveResult }
  | { readonly status: 'failed'; readonly reason: string }
  | { readonly status: 'off' };

function deriveOnClose(repository: Repository, episode: string, lines: ReadonlyArray<Record<string, unknown>>): KnowledgeStep {
  try {
    return { status: 'derived', result: deriveKnowledge(repository, { episode, lines, command: 'session close', stamp: episode }) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    try {
      appendEvent(ledgerTargetOf(repository, 'session close', { session: episode }), 'knowledge.derive_failed', {
        episode,
        reason: reason.slice(0, 2000),
      });
    } catch {
      // the ledger refused too; the close itself will say so when it appends session.closed
    }
    return { status: 'failed', reason };
  }
}

/**
 * `session.knowledge_on_end` of the policy; on unless the policy says false. A policy that cannot be
 * read leaves the step on: the switch is a deliberate choice, and an unreadable file made none.
 */
function knowledgeOnEnd(repository: Repository): boolean {
  const file = repository.layout.policyFile;
  try {
    const value = repository.yaml(file).value as { session?: { knowledge_on_end?: unknown } } | null;
    return value?.session?.knowledge_on_end !== false;
  } catch {
    return true;
  }
}

/** The name of the record already published for `id`, if a close got that far. */
function publishedRecord(dir: string, id: string): string | undefined {
  try {
    return readdirSync(dir).find((name) => sessionOfName(name) === id);
  } catch {
    return undefined;
  }
}

/**
 * The pointer follows the close: to the one episode still open here when exactly one is, else away. A
 * file system that refuses the new pointer (a full device) leaves the old one, which names a record no
 * longer there and is read as none: the close stands, and the phrase returned says so.
 */
function reaim(root: string, localDir: string, closed: string): string | undefined {
  const pointed = pointedKey(root, localDir);
  if (pointed !== undefined && pointed !== closed && readOpen(root, localDir, pointed).status === 'present') return undefined;
  const left = openKeys(root, localDir).filter((key) => {
    const read = readOpen(root, localDir, key);
    return read.status === 'present' && read.session.worktree === root;
  });
  try {
    aimPointer(root, localDir, left.length === 1 ? left[0] : undefined);
  } catch (error) {
    const code = errnoCode(error);
    if (code === undefined) throw error;
    return `${pointerPath(localDir)} could not be moved (${describeErrno(code).reason}, ${code}); it names the closed episode, which reads as none open (the session record and the ledger hold the close)`;
  }
  return undefined;
}

/**
 * Append the Close section to the session context, once (a resumed close finds it there), through the
 * one writer: the context is written whole under a temporary name and renamed into place, so a close
 * killed meanwhile leaves the old context or the new one, and the next close writes the section if it
 * is missing. A context that is gone is left gone (the writer would create one holding only the
 * section). One the writer refuses — a symbolic link, a FIFO, a folder — is left as it is and the
 * close goes on: the record and the ledger hold everything the section says. The refusal, as a phrase,
 * is returned for the command to show. A file system that fails the write (a full device) is reported
 * the same way: the record and `session.closed` are written, so the episode is closed, and a close that
 * failed here would report a refusal after the change it refused was made.
 */
function appendClose(root: string, context: string, now: Date, outcome: string, record: string): string | undefined {
  try {
    lstatSync(join(root, context));
  } catch {
    return undefined; // no context (it was moved away): the record and the ledger still say everything
  }
  const plan = new WritePlan({ command: 'session close', base: root });
  plan.append(context, `\n## Close\n- closed_at: ${utcSeconds(now)}\n- outcome: ${outcome}\n- record: ${record}\n`, {
    mode: RECORD_MODE,
    unless: (current) => current.includes('\n## Close\n'),
  });
  try {
    plan.commit();
  } catch (error) {
    // a file system that fails the write (a full device) is reported the same way: the close stands
    if (error instanceof WriteFailure) {
      return `${error.path} could not be written (${describeErrno(error.code).reason}, ${error.code}), so its Close section was not written (the session record and the ledger hold the close)`;
    }
    if (!(error instanceof WriteRefusal)) throw error;
    const [problem] = error.problems;
    // the writer's fix says to run the command again, which a closed episode cannot: the record suffices
    return `${problem!.path} ${problem!.reason}, so its Close section was not written (the session record and the ledger hold the close)`;
  }
  return undefined;
}

/** The lines of the ledger stamped with `id`, parsed (engine/state/ledger/read.ts). */
function stampedLines(repository: Repository, id: string): Array<Record<string, unknown>> {
  return sessionEntries({ root: repository.root, localDir: repository.layout.localDir }, id);
}

/** Every field of the record, from the clock, git and the ledger. */
function deriveRecord(
  repository: Repository,
  session: OpenSession,
  lines: ReadonlyArray<Record<string, unknown>>,
  outcome: 'closed' | 'interrupted',
  now: Date,
  tree: TreeState,
  remotes: GitResult,
): SessionRecord {
  const collect = (events: readonly string[], pick: (line: Record<string, unknown>) => unknown): string[] => {
    const seen: string[] = [];
    for (const line of lines) {
      if (!events.includes(line.event as string)) continue;
      const value = pick(line);
      if (typeof value === 'string' && value !== '' && !seen.includes(value)) seen.push(value);
    }
    return seen;
  };
  const head = tree.head ?? '';
  const started = lines.filter((line) => line.event === 'task.started');
  const lastTask = started.at(-1);
  const current = readCurrentTask(repository.root, repository.layout.localDir);
  const task =
    current.status === 'present' &&
    !current.foreign &&
    (lastTask === undefined ? ownsTask(repository, session, current.task.id) : current.task.id === lastTask.task_id)
      ? current.task
      : undefined;
  const taskId = typeof lastTask?.task_id === 'string' ? lastTask.task_id : (task?.id ?? 'none');
  const branch = tree.branch ?? '';
  const closedAt = utcSeconds(now);
  return {
    session_id: session.session_id,
    created_at: closedAt,
    started_at: session.started_at,
    closed_at: closedAt,
    outcome,
    title: task?.task ?? `Session ${session.session_id} on ${branch || 'a detached head'}`,
    task_id: taskId,
    profile: typeof lastTask?.profile === 'string' ? lastTask.profile : (task?.profile ?? 'none'),
    ...(session.worker !== undefined ? { worker: session.worker } : {}),
    repository_id: repositoryId(repository, remotes),
    worktree_id: worktreeId(repository),
    branch,
    start_head: session.start_head,
    head,
    start_working_tree: session.start_working_tree,
    working_tree: tree.paths.length > 0 ? 'dirty' : 'clean',
    commits: commitsBetween(repository, session.start_head, head),
    changed_files: changedSince(repository, session.start_head, head, tree.paths),
    tasks: collect(
      [
        'task.started',
        'task.checkpoint',
        'task.handed_over',
        'task.refused',
        'task.finished',
        'decision.recorded',
        'question.opened',
        'question.resolved',
      ],
      (line) => line.task_id,
    ),
    issues: collect(['plan_start', 'plan_verify', 'plan_evidence', 'plan_done'], (line) => line.issue),
    milestones: collect(['plan_start', 'plan_verify', 'plan_evidence', 'plan_done'], (line) => line.milestone),
    // the ledger is the checkout's own file: a path there that is not in normal form never reaches a shared record
    checkpoints: collect(['task.checkpoint'], (line) => line.checkpoint_path).filter((path) => relativePathProblem(path) === undefined),
    handovers: collect(['task.handed_over'], (line) => line.handover_path).filter((path) => relativePathProblem(path) === undefined),
    decisions: collect(['decision.recorded'], (line) => line.decision),
    questions: collect(['question.opened'], (line) => line.question),
    evidence: collect(['plan_evidence'], (line) =>
      typeof line.issue === 'string' && typeof line.covers === 'string' ? `${line.issue}:${line.covers}` : undefined,
    ),
  };
}

/**
 * Whether the task `taskId`, current here, is this episode's to claim although it did not start it: a task
 * started outside any episode, or by one that closed before this one opened, was there to be taken up;
 * one another episode started meanwhile (another window, a person's own session) is that episode's.
 */
export function ownsTask(repository: Repository, session: OpenSession, taskId: string): boolean {
  const starter = taskStarter({ root: repository.root, localDir: repository.layout.localDir }, taskId);
  if (starter.session === undefined || starter.session === session.session_id) return true;
  return starter.closedAt !== undefined && starter.closedAt <= session.started_at;
}
