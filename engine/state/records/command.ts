/**
 * What the record commands (`checkpoint`, `handover`, `decision`, `question`) share: the repository and
 * its active task, the body on stdin, the write lock waited for, the policy's values and the ledger.
 */
import { readFileSync } from 'node:fs';
import { MissingError, RefusedError, UsageError } from '../../errors';
import { appendEvent } from '../ledger/append';
import type { EventPayload } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import type { EventName } from '../../generated/events';
import { LockBusy, lockFile, WriteLock } from '../../io/write/lock';
import { Repository } from '../../layer/repository';
import { readCurrentTask } from '../tasks/current';
import type { Task } from '../tasks/current';

/** The message every record command gives when there is no task to record against. */
export const NO_TASK = 'no active task (run: majordomus start "<task>" --scope <pathspec>)';

/** The repository around the working directory, read from its working tree (a command writes, then reads again). */
export function openRepository(): Repository {
  return Repository.open(process.cwd(), { tree: 'working' });
}

/**
 * The task this checkout records against: present, this checkout's own, and active. 12 without one (or
 * with a finished one), 2 when the task file cannot be read, 15 when it belongs to another checkout.
 */
export function activeTask(repository: Repository, command: string): Task {
  const current = readCurrentTask(repository.root, repository.layout.localDir);
  if (current.status === 'absent') throw new MissingError(`${command}: ${NO_TASK}`);
  if (current.status === 'unreadable') {
    const first = current.problems[0];
    throw new UsageError(`${command}: ${current.file}${first?.line ? `:${first.line}` : ''} is not a task record: ${first?.message ?? 'unreadable'} (fix or remove it, then run: majordomus start)`);
  }
  if (current.foreign) {
    throw new RefusedError(`${command}: ${current.file} is the task of another checkout (${current.task.worktree}); nothing was written (start a task in this checkout: majordomus start "<task>" --scope <pathspec>)`);
  }
  if (current.task.outcome !== 'active') {
    throw new MissingError(`${command}: no active task: ${current.task.id} finished as ${current.task.outcome} (run: majordomus start "<task>" --scope <pathspec>)`);
  }
  return current.task;
}

/** The longest body read from stdin. */
const MAX_STDIN_BYTES = 1024 * 1024;

/**
 * The body on stdin, as text: at most 1 MiB of UTF-8 without NUL bytes, else refused (2). A terminal is
 * refused rather than waited on (2), or, with `terminal: 'empty'` (a command whose body is optional),
 * read as no body.
 */
export function readBody(command: string, options: { terminal?: 'refuse' | 'empty' } = {}): string {
  if (process.stdin.isTTY && options.terminal === 'empty') return '';
  if (process.stdin.isTTY) throw new UsageError(`${command}: the body is read from stdin, which is a terminal (pipe it in: echo "…" | majordomus ${command}; an empty body: majordomus ${command} < /dev/null)`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // no stdin at all (closed) is an empty body
    if (code === 'EBADF' || code === 'ENXIO' || code === 'EINVAL') return '';
    throw new UsageError(`${command}: cannot read the body from stdin (${code ?? 'error'}) (pipe the body in)`);
  }
  if (bytes.length > MAX_STDIN_BYTES) throw new UsageError(`${command}: the body on stdin is ${bytes.length} bytes, over the ${MAX_STDIN_BYTES}-byte limit (shorten it)`);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD') || bytes.includes(0)) throw new UsageError(`${command}: the body on stdin is not UTF-8 text (pipe text in)`);
  return text.replace(/\r\n/g, '\n');
}

/** How long a record command waits for another writer's lock before it refuses. */
const LOCK_WAIT_MS = 30_000;

/**
 * Run `work` holding the repository's write lock, waiting while another majordomus writer holds it:
 * these commands are short read-modify-writes of one file, and eight people adding decisions at once
 * should all get theirs recorded, not seven refusals. A lock held past the wait is still a refusal (15).
 */
export async function underLock<T>(repository: Repository, command: string, work: () => T | Promise<T>): Promise<T> {
  const file = lockFile(repository.git.commonDir);
  const deadline = Date.now() + LOCK_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let lock: WriteLock;
  for (let round = 0; ; round++) {
    try {
      lock = WriteLock.acquire(file, command);
      break;
    } catch (error) {
      if (!(error instanceof LockBusy) || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, Math.min(50, 2 + round) + Math.random() * 5);
    }
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** A value of the policy at a dotted key, or undefined when the policy or the key is not there. */
export function policyValue(repository: Repository, key: string): unknown {
  const file = repository.layout.section('policy');
  if (!file || !repository.tree.exists(file)) return undefined;
  let node: unknown;
  try {
    node = repository.yaml(file).value;
  } catch {
    return undefined;
  }
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Append one event to this repository's ledger; `session` stamps it with that episode rather than the one this process is found in. */
export function record(repository: Repository, command: string, event: EventName, payload: EventPayload, session?: string): void {
  appendEvent(ledgerTargetOf(repository, command, session === undefined ? {} : { session }), event, payload);
}

/** Print one line on stdout. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
