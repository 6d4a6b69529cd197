/**
 * `session archive`: the sessions section kept to its size. The oldest closed records beyond the policy's
 * `session.retention_max_files` move into the section's `archive/` folder and `session.archived` is
 * appended — only while the policy's `session.archive` is true, never deleting a record, and refusing
 * before the first move when a record of the same name is already archived. The moves are one write
 * plan (every archived copy written whole before any original goes), under the write lock.
 */
import { lstatSync } from 'node:fs';
import { RefusedError, UsageError } from '../../errors';
import { readRegularFile } from '../../io/regular-file';
import { applyPlan } from '../../io/write/apply';
import { checkPlan } from '../../io/write/check';
import { lockFile, withWriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import { policyValue } from '../../layer/policy';
import type { Repository } from '../../layer/repository';
import { appendEvent } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import { sessionsDir } from './close';
import { sessionOfName } from './record';

/** The folder of the sessions section archived records go to. */
export const ARCHIVE_FOLDER = 'archive';

/** How many moved records the event names; the rest are counted. */
const LISTED = 100;

/** The largest record moved (far above anything session close writes). */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** One record moved, repository-relative. */
export interface ArchivedRecord {
  readonly from: string;
  readonly to: string;
}

/** What an archive run did, or would do with `dryRun`. */
export interface SessionArchive {
  /** The records moved (or to be moved), oldest first. */
  readonly moved: readonly ArchivedRecord[];
  /** The records left in the section. */
  readonly kept: number;
  /** The policy's cap. */
  readonly cap: number;
  /** The sessions section, repository-relative. */
  readonly section: string;
  /** The archive folder, repository-relative. */
  readonly archive: string;
  readonly dryRun: boolean;
}

/**
 * Archive the oldest closed records of `repository` beyond `session.retention_max_files`. A UsageError (2)
 * when the policy sets no cap; RefusedError (15) when the policy's `session.archive` is not true, when a
 * record of the same name is already archived, or when the writer refuses a target (a link leading
 * outside the repository); nothing moves in any of these cases. With `dryRun`, the same checks and
 * nothing written.
 */
export async function archiveSessions(repository: Repository, options: { readonly dryRun: boolean }): Promise<SessionArchive> {
  const command = 'session archive';
  const policyFile = repository.layout.policyFile;
  const cap = policyValue(repository, 'session.retention_max_files');
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1) {
    throw new UsageError(
      `${command}: ${policyFile} sets no \`session.retention_max_files\` (it is ${JSON.stringify(cap ?? null)}); set it to the number of closed records the section keeps, then run it again`,
    );
  }
  if (policyValue(repository, 'session.archive') !== true) {
    throw new RefusedError(
      `${command}: ${policyFile} does not allow archiving session records (\`session.archive\` is not true); nothing was moved (set session.archive: true to allow it)`,
    );
  }
  const dir = sessionsDir(repository);
  const archive = `${dir}/${ARCHIVE_FOLDER}`;
  const run = (): SessionArchive => {
    // the record file names' leading UTC timestamp makes their byte order the order they were closed in
    const names = repository.tree
      .list(dir)
      .filter((entry) => !entry.directory && sessionOfName(entry.name) !== undefined)
      .map((entry) => entry.name)
      .sort();
    const oldest = names.slice(0, Math.max(names.length - cap, 0));
    const moved = oldest.map((name) => ({ from: `${dir}/${name}`, to: `${archive}/${name}` }));
    const taken = moved.find((record) => repository.tree.exists(record.to));
    if (taken) {
      throw new RefusedError(
        `${command}: ${taken.to} is already archived; nothing was moved (an archived record is never overwritten: compare the two, then move or remove ${taken.from} by hand)`,
      );
    }
    const result = { moved, kept: names.length - moved.length, cap, section: dir, archive, dryRun: options.dryRun };
    if (options.dryRun || moved.length === 0) return result;
    const plan = new WritePlan({ command, base: repository.root });
    // every copy first, then the originals: a run stopped half way leaves a record twice, never nowhere
    for (const record of moved) {
      const abs = repository.layout.abs(record.from);
      const stat = lstatSync(abs);
      if (!stat.isFile())
        throw new RefusedError(
          `${command}: ${record.from} is not a regular file (a record is never moved through a link); nothing was moved (replace it with the record it stands for, or move it away)`,
        );
      plan.create(record.to, readRegularFile(abs, record.from, MAX_RECORD_BYTES), { mode: stat.mode & 0o777 });
    }
    for (const record of moved) plan.remove(record.from);
    const checked = checkPlan(plan);
    appendEvent(ledgerTargetOf(repository, command), 'session.archived', {
      archived: moved.length,
      kept: result.kept,
      archive,
      paths: moved.slice(0, LISTED).map((record) => record.from),
      ...(moved.length > LISTED ? { paths_omitted: moved.length - LISTED } : {}),
    });
    applyPlan(plan, checked);
    return result;
  };
  return options.dryRun ? run() : withWriteLock(lockFile(repository.git.commonDir), command, run);
}
