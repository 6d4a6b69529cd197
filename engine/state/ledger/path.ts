/**
 * Where a repository's ledger lives, and the check that keeps every ledger write inside the
 * repository. The ledger is appended to directly rather than through the one writer (one `writeSync`
 * per line is what keeps concurrent appends whole), so the writer's containment is repeated here: each
 * folder from the repository's top level down to `state/` is examined with `lstat`, a folder reached
 * through a symbolic link must lead inside the repository, and the ledger file itself is never written
 * through a link (it is opened with `O_NOFOLLOW`).
 */
import { join } from 'node:path';
import { containedFolder } from '../../io/write/contained';

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
 * The ledger's absolute path after checking the folders on its way (engine/io/write/contained.ts); with
 * `create`, the missing ones are made. What sits at the ledger's own path is judged by the caller, on
 * the descriptor it opens.
 */
export function resolveLedger(location: LedgerLocation, command: string, create: boolean): string {
  return join(containedFolder(location, stateRelativeDir(location), command, create), LEDGER_FILE);
}
