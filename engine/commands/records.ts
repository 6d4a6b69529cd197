/**
 * `checkpoint [--show|--list]` and `handover [--show|--list]`: write a record of the active task (body on
 * stdin), show the one the resolver picks for this checkout, or list them all, newest first.
 *
 * A checkpoint body is free text capped at the policy's `checkpoint.max_body_lines` — refused over it,
 * never cut; an empty one writes no file and only moves the task's `checkpoint_at`. A handover body must
 * fill each section the policy's `handover.required_sections` names. Either is refused when a line looks
 * like one of the record's own front-matter keys: identity is computed, never authored.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MissingError, UsageError } from '../errors';
import { readLedger } from '../state/ledger/read';
import { WritePlan } from '../io/write/plan';
import { activeTask, openRepository, policyValue, readBody, record, say, underLock } from '../state/records/command';
import { recordIdentity, utcSeconds } from '../state/records/identity';
import { publishRecord, unpublish } from '../io/write/publish';
import { bodyLines, filledSections, formatRecord, identityKeyInBody, isRecordName, parseRecord, RECORD_DIRS, recordName } from '../state/records/record';
import type { RecordKind, StoredRecord } from '../state/records/record';
import { ledgerOrder, newestFirst, resolveRecord } from '../state/records/resolver';
import type { Repository } from '../layer/repository';
import { currentTaskFile } from '../state/tasks/current';
import type { Task } from '../state/tasks/current';

export interface RecordOptions {
  readonly show?: boolean;
  readonly list?: boolean;
  readonly json?: boolean;
  /** handover only: the task is handed over (its outcome becomes handed_over). */
  readonly close?: boolean;
}

/** The default cap when the policy sets none (the skeleton's value). */
const DEFAULT_MAX_BODY_LINES = 40;
const DEFAULT_SECTIONS = ['Objective', 'Current State', 'Next Action'];

export async function runRecordCommand(kind: RecordKind, options: RecordOptions): Promise<void> {
  if (options.show && options.list) throw new UsageError(`${kind}: --show and --list are two different questions; ask one (run: majordomus ${kind} --help)`);
  const repository = openRepository();
  if (options.show || options.list) return read(repository, kind, options);
  if (options.close && kind !== 'handover') throw new UsageError(`${kind}: --close is for a handover (run: majordomus handover --close)`);
  const task = activeTask(repository, kind);
  const body = readBody(kind);
  const inBody = identityKeyInBody(body);
  if (inBody) {
    throw new UsageError(`${kind}: line ${inBody.line} of the body holds \`${inBody.key}\`, one of the record's own front-matter keys; nothing was written (the identity is computed by majordomus: reword or remove that line)`);
  }
  if (kind === 'checkpoint') return writeCheckpoint(repository, task, body, options);
  return writeHandover(repository, task, body, options);
}

async function writeCheckpoint(repository: Repository, task: Task, body: string, options: RecordOptions): Promise<void> {
  say(checkpointLine(task, await recordCheckpoint(repository, task, body), options.json === true));
}

/** What a checkpoint recorded: the task's new `checkpoint_at`, and the record's path when the body was not empty. */
export interface CheckpointRecorded {
  readonly checkpoint_at: string;
  readonly path?: string;
}

/**
 * Record a checkpoint of `task`: the body (when it has lines) as a record, the task's `checkpoint_at`
 * moved under the lock, and `task.checkpoint` appended. `checkpoint` and `check --checkpoint` (with an
 * empty body) both record through here, `command` naming the caller in messages. A body over the
 * policy's cap is refused (2), nothing written.
 */
export async function recordCheckpoint(repository: Repository, task: Task, body: string, command = 'checkpoint', options: { readonly session?: string } = {}): Promise<CheckpointRecorded> {
  const cap = policyValue(repository, 'checkpoint.max_body_lines');
  const max = typeof cap === 'number' && Number.isInteger(cap) && cap >= 0 ? cap : DEFAULT_MAX_BODY_LINES;
  const lines = bodyLines(body);
  if (lines > max) {
    throw new UsageError(`${command}: the body is ${lines} lines, over checkpoint.max_body_lines (${max}); nothing was written (shorten it, or write a handover instead: majordomus handover)`);
  }
  const now = utcSeconds(new Date());
  let path: string | undefined;
  if (lines > 0) path = await publish(repository, 'checkpoint', task, body, now);
  await underLock(repository, command, () => setTaskFields(repository, command, task, { checkpoint_at: now }));
  record(repository, command, 'task.checkpoint', path === undefined ? { task_id: task.id } : { task_id: task.id, checkpoint_path: path }, options.session);
  return path === undefined ? { checkpoint_at: now } : { checkpoint_at: now, path };
}

/** The line `checkpoint` prints for what it recorded: one JSON object, or one sentence. */
export function checkpointLine(task: Task, recorded: CheckpointRecorded, json: boolean): string {
  const { checkpoint_at, path } = recorded;
  if (json) return JSON.stringify({ task_id: task.id, checkpoint_at, path: path ?? null });
  return path === undefined ? `checkpoint: ${task.id} checkpoint_at ${checkpoint_at} (empty body: no record written)` : `checkpoint: wrote ${path}`;
}

async function writeHandover(repository: Repository, task: Task, body: string, options: RecordOptions): Promise<void> {
  const configured = policyValue(repository, 'handover.required_sections');
  const required = Array.isArray(configured) && configured.every((item) => typeof item === 'string') ? (configured as string[]) : DEFAULT_SECTIONS;
  const filled = filledSections(body);
  const missing = required.filter((section) => !filled.has(section));
  if (missing.length > 0) {
    throw new UsageError(
      `handover: the body lacks ${missing.map((section) => `\`# ${section}\``).join(', ')} (handover.required_sections), each with text under it; nothing was written (add the section${missing.length > 1 ? 's' : ''})`,
    );
  }
  const now = utcSeconds(new Date());
  const path = await publish(repository, 'handover', task, body, now);
  const closed = options.close === true;
  try {
    await underLock(repository, 'handover', () => setTaskFields(repository, 'handover', task, closed ? { checkpoint_at: now, outcome: 'handed_over' } : { checkpoint_at: now }));
  } catch (error) {
    // the task did not move: a record announcing its handover would be a false account
    unpublish(repository.layout.abs(path));
    throw error;
  }
  record(repository, 'handover', 'task.handed_over', { task_id: task.id, handover_path: path, closed });
  if (options.json) say(JSON.stringify({ task_id: task.id, path, closed }));
  else say(`handover: wrote ${path}${closed ? ` (${task.id} handed over)` : ''}`);
}

/** Publish the record; its repository-relative path. */
async function publish(repository: Repository, kind: RecordKind, task: Task, body: string, now: string): Promise<string> {
  const identity = await recordIdentity(repository, { id: task.id, profile: task.profile, owner: task.owner }, now);
  const dir = `${repository.layout.localDir}/${RECORD_DIRS[kind]}`;
  const published = publishRecord({
    command: kind,
    root: repository.root,
    dir: repository.layout.abs(dir),
    content: formatRecord(identity, body),
    name: () => recordName(identity, randomBytes(8).toString('hex')),
  });
  return `${dir}/${published.name}`;
}

/**
 * Change fields of the current task file in place, through the one writer, under the lock: the file is
 * the tool's own, written one `key: value` line per field, so a line is replaced (or added after
 * `started_at`) without re-serialising what the rest says. The task is read again under the lock: a task
 * finished or replaced meanwhile is not written.
 */
function setTaskFields(repository: Repository, command: string, task: Task, fields: Readonly<Record<string, string>>): void {
  const current = activeTask(repository, command);
  if (current.id !== task.id) throw new MissingError(`${command}: the task changed while the record was written (now ${current.id}); run the command again`);
  const file = currentTaskFile(repository.layout.localDir);
  let text = readFileSync(repository.layout.abs(file), 'utf8');
  for (const [key, value] of Object.entries(fields)) {
    const line = new RegExp(`^${key}:.*$`, 'm');
    const written = `${key}: ${JSON.stringify(value)}`;
    if (line.test(text)) text = text.replace(line, () => written);
    else text = text.replace(/^(started_at:.*)$/m, (started) => `${started}\n${written}`);
  }
  const plan = new WritePlan({ command, base: repository.root });
  plan.replace(file, text, { mode: 0o600 });
  plan.commit();
}

/** `--show` and `--list`. */
function read(repository: Repository, kind: RecordKind, options: RecordOptions): void {
  const { records, problems } = loadRecords(repository, kind);
  for (const problem of problems) process.stderr.write(`majordomus: ${kind}: ${problem} (skipped; \`majordomus doctor\` reports it)\n`);
  const order = ledgerOrderHere(repository);
  if (options.list) {
    const here = repository.root;
    for (const item of newestFirst(records, order)) {
      if (options.json) say(JSON.stringify({ path: item.path, created_at: item.created_at, task_id: item.task_id, branch: item.branch, worktree: item.worktree, head: item.head }));
      else say(`${item.created_at}  ${item.task_id}  ${item.branch || 'DETACHED'}${item.worktree === here ? '' : `  (${item.worktree})`}  ${item.path}`);
    }
    return;
  }
  const branch = repository.git.git(['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const resolved = resolveRecord(records, { worktree: repository.root, branch: branch.status === 0 ? branch.stdout.trim() : '' }, order);
  if (!resolved) throw new MissingError(`${kind}: no ${kind} for this worktree or its branch (write one: majordomus ${kind} < body.md)`);
  const item = resolved.record;
  if (options.json) {
    say(JSON.stringify({ path: item.path, match: resolved.match, created_at: item.created_at, task_id: item.task_id, branch: item.branch, worktree: item.worktree, head: item.head, body: item.body }));
    return;
  }
  say(`# ${item.path} (${resolved.match === 'branch' ? `another worktree of ${item.branch}: ${item.worktree}` : 'this worktree and branch'})`);
  process.stdout.write(item.body.endsWith('\n') || item.body === '' ? item.body : `${item.body}\n`);
}

/** Every record of a kind in this checkout's store, with what could not be read. */
export function loadRecords(repository: Repository, kind: RecordKind): { records: StoredRecord[]; problems: string[] } {
  const dir = `${repository.layout.localDir}/${RECORD_DIRS[kind]}`;
  let names: string[];
  try {
    names = readdirSync(repository.layout.abs(dir));
  } catch {
    return { records: [], problems: [] };
  }
  const records: StoredRecord[] = [];
  const problems: string[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.md') || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (!isRecordName(name)) {
      problems.push(`${path} is not named as a record is`);
      continue;
    }
    try {
      records.push(parseRecord(kind, path, readFileSync(join(repository.root, path), 'utf8')));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { records, problems };
}

/** Each record's line in the ledger (the event that announced it), for the resolver's ties. */
function ledgerOrderHere(repository: Repository): Map<string, number> {
  try {
    return ledgerOrder(readLedger({ root: repository.root, localDir: repository.layout.localDir }, 'records').entries);
  } catch {
    // an unreadable ledger orders nothing; the ledger's own rule reports it
    return new Map();
  }
}
