/**
 * How the writer refuses. Before anything is written, a target that cannot be written is a
 * `WriteRefusal` listing every problem; while writing, a file-system failure is a `WriteFailure` naming
 * the path, after what was already written has been undone. Both exit 15: the command refused to
 * change the repository, and it is as it was.
 */
import { MajordomusError, RefusedError } from '../../errors';

/** One reason a target cannot be written, found by the check phase. */
export interface WriteProblem {
  /** The target as printed: repository-relative when inside the repository, absolute otherwise. */
  readonly path: string;
  /** What was found (`is a directory`, `resolves outside the repository (to /x)`). */
  readonly reason: string;
  /** What to do about it. */
  readonly fix: string;
}

/** The check phase refused the plan; nothing was written (exit 15). */
export class WriteRefusal extends RefusedError {
  constructor(
    /** The command whose plan was refused (`init`, `rules vendor update`). */
    readonly command: string,
    readonly problems: readonly WriteProblem[],
  ) {
    const [first, ...rest] = problems;
    const named = rest
      .slice(0, 3)
      .map((problem) => problem.path)
      .join(', ');
    const more = rest.length === 0 ? '' : `; ${rest.length} more target(s) refused (${named}${rest.length > 3 ? ', …' : ''})`;
    super(`${command}: cannot write ${first!.path}: ${first!.reason} (${first!.fix})${more}; nothing was written`);
  }
}

/** The file system failed a write; every earlier write of the plan was undone (exit 15). */
export class WriteFailure extends RefusedError {
  constructor(
    readonly command: string,
    /** The target being written when the failure happened, as printed. */
    readonly path: string,
    /** The errno code (`ENOSPC`, `EACCES`, …). */
    readonly code: string,
    /** Paths whose undo failed in turn (empty when the repository is exactly as it was). */
    readonly unrestored: readonly string[],
  ) {
    const { reason, fix } = describeErrno(code);
    const state =
      unrestored.length === 0 ? 'nothing was changed' : `the earlier writes could not all be undone: check ${unrestored.join(', ')}`;
    super(`${command}: cannot write ${path}: ${reason} (${code}); ${state} (${fix})`);
  }
}

/**
 * What had to go with a write (its ledger line) failed after the write, and the write was taken back:
 * the command's change happened whole or not at all, and the message says which. The exit code is the
 * failure's own. `taken` names what was written and taken back; `unrestored`, what could not be.
 */
export class TakenBack extends MajordomusError {
  constructor(
    readonly command: string,
    readonly failure: MajordomusError,
    readonly taken: readonly string[],
    readonly unrestored: readonly string[],
  ) {
    super(takenBackMessage(command, failure.message, taken, unrestored), failure.exitCode, failure.details);
  }
}

/**
 * The message of a change taken back: the failure (its command prefix dropped, so the command is named
 * once), then what became of what was written with it.
 */
export function takenBackMessage(command: string, failure: string, taken: readonly string[], unrestored: readonly string[]): string {
  const reason = failure.startsWith(`${command}: `) ? failure.slice(command.length + 2) : failure;
  const wrote = taken.length === 0 ? 'nothing else had been written' : `${taken.join(', ')}, written with it,`;
  if (unrestored.length === 0)
    return `${command}: ${reason} — ${taken.length === 0 ? wrote : `${wrote} ${taken.length === 1 ? 'was' : 'were'} taken back`}, so nothing was recorded`;
  return `${command}: ${reason} — ${wrote} could not all be taken back: ${unrestored.join(', ')} ${unrestored.length === 1 ? 'holds' : 'hold'} the change without its ledger line (remove it by hand, then run the command again)`;
}

/** What an errno code means to the person who must act on it. */
export function describeErrno(code: string): { reason: string; fix: string } {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return { reason: 'permission denied', fix: 'check the permissions of the path and its folder, then run the command again' };
    case 'EROFS':
      return { reason: 'the file system is read-only', fix: 'run the command where the repository can be written' };
    case 'ENOSPC':
    case 'EDQUOT':
      return { reason: 'no space left on the device', fix: 'free some space, then run the command again' };
    case 'EFBIG':
      return {
        reason: 'the file is larger than this process may write',
        fix: 'raise the file size limit (ulimit -f), then run the command again',
      };
    case 'EEXIST':
      return { reason: 'it appeared while the command was writing (another process wrote it)', fix: 'run the command again' };
    case 'ENOTDIR':
      return { reason: 'a file stands where a folder is needed', fix: 'remove or rename that file, then run the command again' };
    case 'EISDIR':
      return { reason: 'it is a folder', fix: 'remove or rename that folder, then run the command again' };
    case 'ELOOP':
      return { reason: 'a symbolic link loops', fix: 'fix the links on the path, then run the command again' };
    case 'ENAMETOOLONG':
      return { reason: 'the path is too long for the file system', fix: 'use a shorter path' };
    default:
      return { reason: 'the file system refused the write', fix: 'check the path and the device, then run the command again' };
  }
}

/** The errno code of a Node file-system error, or undefined for anything else (a bug of ours). */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}
