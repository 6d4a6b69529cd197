/**
 * `finish --set-aside`: the way out of a task record this checkout cannot hold to — one this version
 * cannot read, or one that names another checkout (copied here, or left by a checkout that is gone) —
 * without touching it by hand. The record is kept whole at `state/aside/<UTC>-<hex>.yaml` and the
 * current task file removed, in one plan, with `task.set_aside` in the ledger; `start` then works.
 *
 * A readable record of this checkout is not set aside: it is ended with `finish --outcome`, and
 * `failed`, `blocked` and `no_match` are recorded whatever the tree says.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { MissingError, RefusedError } from '../../errors';
import { printable } from '../../io/printable';
import { applyPlan } from '../../io/write/apply';
import { checkPlan } from '../../io/write/check';
import { lockFile, withWriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import type { Repository } from '../../layer/repository';
import { compactUtc } from '../kernel/clock';
import { appendEvent } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import { readCurrentTask, stateDir } from './current';

export interface SetAside {
  /** The current task file, repository-relative. */
  readonly file: string;
  /** Where it was kept, repository-relative. */
  readonly aside: string;
  /** Why: `unreadable`, or `another checkout's`. */
  readonly reason: string;
  readonly taskId?: string;
}

/** Set the current task record aside; see the module comment. */
export async function setAsideTask(repository: Repository, now: Date = new Date()): Promise<SetAside> {
  const { git, layout } = repository;
  return withWriteLock(lockFile(git.commonDir), 'finish --set-aside', () => {
    const current = readCurrentTask(git.root, layout.localDir);
    if (current.status === 'absent') throw new MissingError(`finish --set-aside: there is no task record (${current.file}) to set aside`);
    if (current.status === 'present' && !current.foreign)
      throw new RefusedError(
        `finish --set-aside: ${current.file} is task ${current.task.id}, readable and this checkout's; nothing was written (end it: majordomus finish --outcome <outcome>; failed, blocked and no_match are recorded whatever the tree says)`,
      );
    const reason =
      current.status === 'unreadable'
        ? `unreadable: ${current.problems[0]?.message ?? 'not a task record'}`
        : `task ${current.task.id} of another checkout (${printable(current.task.worktree)})`;
    const aside = `${stateDir(layout.localDir)}/aside/${compactUtc(now)}-${randomBytes(2).toString('hex')}.yaml`;
    const abs = layout.abs(current.file);
    const stat = lstatSync(abs);
    let kept: Buffer;
    if (stat.isFile()) kept = readFileSync(abs);
    else if (stat.isSymbolicLink())
      kept = Buffer.from(`# ${current.file} was a symbolic link to ${JSON.stringify(readlinkSync(abs))}\n`, 'utf8');
    else
      throw new RefusedError(
        `finish --set-aside: ${current.file} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'}; nothing was written (move it out of ${stateDir(layout.localDir)} yourself: it holds no task record)`,
      );
    const plan = new WritePlan({ command: 'finish --set-aside', base: git.root });
    plan.create(aside, kept, { mode: 0o600 });
    plan.remove(current.file);
    const checked = checkPlan(plan);
    const taskId = current.status === 'present' ? current.task.id : undefined;
    appendEvent(ledgerTargetOf(repository, 'finish --set-aside'), 'task.set_aside', {
      file: current.file,
      aside,
      reason,
      ...(taskId ? { task_id: taskId } : {}),
    });
    applyPlan(plan, checked);
    return { file: current.file, aside, reason, ...(taskId ? { taskId } : {}) };
  });
}
