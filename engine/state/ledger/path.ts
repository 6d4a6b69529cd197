/**
 * Where a repository's ledger lives, and the check that keeps every ledger write inside the
 * repository. The ledger is appended to directly rather than through the one writer (one `writeSync`
 * per line is what keeps concurrent appends whole), so the writer's containment is repeated here: each
 * folder from the repository's top level down to `state/` is examined with `lstat`, a folder reached
 * through a symbolic link must lead inside the repository, and the ledger file itself is never written
 * through a link (it is opened with `O_NOFOLLOW`).
 */
import { chmodSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RefusedError } from '../../errors';
import { describeErrno, errnoCode } from '../../io/write/errors';

/** The ledger's file name, under the local half's `state/` folder. */
export const LEDGER_FILE = 'ledger.jsonl';

/** Where one repository's ledger is. */
export interface LedgerLocation {
  /** The repository's top level, absolute. */
  readonly root: string;
  /** The local (untracked) half of the layer, repository-relative (the layout's `localDir`, `.ai/local` by default). */
  readonly localDir: string;
}

/** The ledger's path, repository-relative (`.ai/local/state/ledger.jsonl`). */
export function ledgerRelativePath(location: LedgerLocation): string {
  return `${location.localDir}/state/${LEDGER_FILE}`;
}

/** The state folder the ledger lives in, repository-relative. */
export function stateRelativeDir(location: LedgerLocation): string {
  return `${location.localDir}/state`;
}

/**
 * The ledger's absolute path after checking the folders on its way: each one that exists is a folder,
 * or a link to a folder inside the repository; with `create`, the missing ones are made (mode 0700).
 * Throws RefusedError (15) naming the component otherwise; nothing is created outside the repository.
 * What sits at the ledger's own path is judged by the caller, on the descriptor it opens.
 */
export function resolveLedger(location: LedgerLocation, command: string, create: boolean): string {
  const root = realpathSync(location.root);
  const parts = stateRelativeDir(location).split('/').filter((part) => part !== '' && part !== '.');
  let at = location.root;
  let shown = '';
  for (const part of parts) {
    at = join(at, part);
    shown = shown === '' ? part : `${shown}/${part}`;
    let stat;
    try {
      stat = lstatSync(at);
    } catch (error) {
      const code = errnoCode(error);
      if (code !== 'ENOENT') throw unusable(command, shown, code);
      if (!create) return join(location.root, ledgerRelativePath(location));
      try {
        mkdirSync(at, { mode: 0o700 });
        // the umask may have taken the owner's own write bit (277): the folder must take the ledger
        chmodSync(at, 0o700);
      } catch (made) {
        if (errnoCode(made) !== 'EEXIST') throw unusable(command, shown, errnoCode(made));
      }
      stat = lstatSync(at);
    }
    if (stat.isSymbolicLink()) {
      let real: string;
      try {
        real = realpathSync(at);
      } catch {
        throw new RefusedError(`${command}: ${shown} is a dangling symbolic link; nothing was written (point it at a folder inside the repository, or replace it with one)`);
      }
      if (!inside(root, real)) {
        throw new RefusedError(`${command}: ${shown} is a symbolic link leading outside the repository (to ${real}); nothing was written (replace it with a folder inside the repository)`);
      }
      if (!lstatSync(real).isDirectory()) throw new RefusedError(`${command}: ${shown} is a symbolic link to ${real}, which is not a folder; nothing was written (replace it with a folder)`);
      continue;
    }
    if (!stat.isDirectory()) throw new RefusedError(`${command}: ${shown} is not a folder; nothing was written (remove or rename it, then run the command again)`);
  }
  const file = join(location.root, ledgerRelativePath(location));
  // a folder may have been reached through a link inside the repository: the file must stay inside too
  let realDir: string;
  try {
    realDir = realpathSync(join(location.root, stateRelativeDir(location)));
  } catch {
    return file;
  }
  if (!inside(root, realDir)) throw new RefusedError(`${command}: ${stateRelativeDir(location)} resolves outside the repository (to ${realDir}); nothing was written (replace the links on its way with folders)`);
  return file;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

function unusable(command: string, shown: string, code: string | undefined): RefusedError {
  const { reason, fix } = describeErrno(code ?? 'EIO');
  return new RefusedError(`${command}: cannot reach ${shown}: ${reason} (${code ?? 'unknown'}); nothing was written (${fix})`);
}
