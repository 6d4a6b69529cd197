/**
 * Writing a task's records: a checkpoint or a handover published under a fresh name, the task's fields
 * moved under the write lock, and the ledger line that announces it. The record commands, `check
 * --checkpoint` and a provider's compaction hook all record through here.
 */
import { randomBytes } from 'node:crypto';
import { MajordomusError, MissingError, UsageError } from '../../errors';
import { TakenBack } from '../../io/write/errors';
import { underLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import { publishRecord, unpublish } from '../../io/write/publish';
import { policyValue } from '../../layer/policy';
import type { Repository } from '../../layer/repository';
import { utcSeconds } from '../kernel/clock';
import { appendEvent, checkLedger } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import type { Task } from '../tasks/current';
import { activeTask, currentTaskFile } from '../tasks/current';
import { taskText } from '../tasks/record';
import { recordIdentity } from './identity';
import type { RecordKind } from './record';
import { bodyLines, filledSections, formatRecord, RECORD_DIRS, recordName } from './record';

/** The default cap when the policy sets none (the skeleton's value). */
const DEFAULT_MAX_BODY_LINES = 40;
const DEFAULT_SECTIONS = ['Objective', 'Current State', 'Next Action'];

/** What a checkpoint recorded: the task's new `checkpoint_at`, and the record's path when the body was not empty. */
export interface CheckpointRecorded {
  readonly checkpoint_at: string;
  readonly path?: string;
}

/**
 * Record a checkpoint of `task`: the body (when it has lines) as a record, the task's `checkpoint_at`
 * moved under the lock, and `task.checkpoint` appended. `checkpoint` and `check --checkpoint` (with an
 * empty body) both record through here, `command` naming the caller in messages. A body over the
 * policy's cap is refused (2), nothing written. `lockWaitMs` bounds the wait for another writer's lock
 * (a compaction hook waits 2 s, not the record commands' 30 s); a writer that cannot have it within the
 * wait takes its record back.
 */
export async function recordCheckpoint(
  repository: Repository,
  task: Task,
  body: string,
  command = 'checkpoint',
  options: { readonly session?: string; readonly lockWaitMs?: number } = {},
): Promise<CheckpointRecorded> {
  const cap = policyValue(repository, 'checkpoint.max_body_lines');
  const max = typeof cap === 'number' && Number.isInteger(cap) && cap >= 0 ? cap : DEFAULT_MAX_BODY_LINES;
  const lines = bodyLines(body);
  if (lines > max) {
    throw new UsageError(
      `${command}: the body is ${lines} lines, over checkpoint.max_body_lines (${max}); nothing was written (shorten it, or write a handover instead: majordomus handover)`,
    );
  }
  const now = utcSeconds(new Date());
  // the record, the task's field and the ledger line are one change: a ledger that cannot take the line
  // refuses before the record is written, and a line that fails after it takes both back
  const ledger = ledgerTargetOf(repository, command, options.session === undefined ? {} : { session: options.session });
  checkLedger(ledger);
  let path: string | undefined;
  if (lines > 0) path = await publish(repository, 'checkpoint', task, body, now, command);
  await together(repository, command, path, () =>
    underLock(
      repository.git.commonDir,
      command,
      () =>
        setTaskFields(repository, command, task, { checkpoint_at: now }, () =>
          appendEvent(ledger, 'task.checkpoint', path === undefined ? { task_id: task.id } : { task_id: task.id, checkpoint_path: path }),
        ),
      options.lockWaitMs,
    ),
  );
  return path === undefined ? { checkpoint_at: now } : { checkpoint_at: now, path };
}

/** What a handover recorded: the record's path, and whether the task was handed over with it. */
export interface HandoverRecorded {
  readonly path: string;
  readonly closed: boolean;
}

/**
 * Record a handover of `task`: the body (each section the policy's handover.required_sections names
 * filled) as a record, the task's `checkpoint_at` moved (and, with `close`, its outcome handed_over) under
 * the lock, and `task.handed_over` appended. A body lacking a section is refused (2), nothing written.
 */
export async function recordHandover(repository: Repository, task: Task, body: string, close: boolean): Promise<HandoverRecorded> {
  const required = requiredSections(repository);
  const filled = filledSections(body);
  const missing = required.filter((section) => !filled.has(section));
  if (missing.length > 0) {
    throw new UsageError(
      `handover: the body lacks ${missing.map((section) => `\`# ${section}\``).join(', ')} (handover.required_sections), each with text under it; nothing was written (add the section${missing.length > 1 ? 's' : ''})`,
    );
  }
  const now = utcSeconds(new Date());
  const ledger = ledgerTargetOf(repository, 'handover');
  checkLedger(ledger);
  const path = await publish(repository, 'handover', task, body, now, 'handover');
  const closed = close;
  // the task did not move, or its line was not written: a record announcing its handover would be a false account
  await together(repository, 'handover', path, () =>
    underLock(repository.git.commonDir, 'handover', () =>
      setTaskFields(repository, 'handover', task, closed ? { checkpoint_at: now, outcome: 'handed_over' } : { checkpoint_at: now }, () =>
        appendEvent(ledger, 'task.handed_over', { task_id: task.id, handover_path: path, closed }),
      ),
    ),
  );
  return { path, closed };
}

/**
 * Run `work`, the rest of a change whose record `path` (repository-relative) is published already; when
 * it fails, the record is removed too, and the error says so (TakenBack).
 */
async function together(repository: Repository, command: string, path: string | undefined, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (path === undefined || !(error instanceof MajordomusError)) throw error;
    const removed = unpublish(repository.layout.abs(path));
    const failure = error instanceof TakenBack ? error.failure : error;
    const taken = error instanceof TakenBack ? error.taken : [];
    const unrestored = error instanceof TakenBack ? error.unrestored : [];
    throw new TakenBack(command, failure, [path, ...taken], removed ? unrestored : [path, ...unrestored]);
  }
}

/** Publish the record; its repository-relative path. */
async function publish(repository: Repository, kind: RecordKind, task: Task, body: string, now: string, command: string): Promise<string> {
  const identity = await recordIdentity(repository, { id: task.id, profile: task.profile, owner: task.owner }, now);
  const dir = `${repository.layout.localDir}/${RECORD_DIRS[kind]}`;
  const published = publishRecord({
    command,
    root: repository.root,
    dir: repository.layout.abs(dir),
    content: formatRecord(identity, body),
    name: () => recordName(identity, randomBytes(8).toString('hex')),
  });
  return `${dir}/${published.name}`;
}

/**
 * Change fields of the current task file, through the one writer, under the lock: the task is read again
 * under the lock (a task finished or replaced meanwhile is not written), the fields are set on what was
 * read — a record the task schema admits — and the whole file is written again by the task's one writer.
 */
function setTaskFields(
  repository: Repository,
  command: string,
  task: Task,
  fields: Readonly<Partial<Pick<Task, 'checkpoint_at' | 'outcome'>>>,
  then: () => void,
): void {
  const current = activeTask(repository, command);
  if (current.id !== task.id)
    throw new MissingError(`${command}: the task changed while the record was written (now ${current.id}); run the command again`);
  const plan = new WritePlan({ command, base: repository.root });
  plan.replace(currentTaskFile(repository.layout.localDir), taskText({ ...current, ...fields }), { mode: 0o600 });
  plan.commit(then);
}

/** The sections a handover body must fill: the policy's `handover.required_sections`, or the skeleton's. */
export function requiredSections(repository: Repository): readonly string[] {
  const configured = policyValue(repository, 'handover.required_sections');
  return Array.isArray(configured) && configured.every((item) => typeof item === 'string') ? (configured as string[]) : DEFAULT_SECTIONS;
}
