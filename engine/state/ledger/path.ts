/**
 * Where a repository's ledger lives. Its folder is reached through the writer's containment check
 * (engine/io/write/contained.ts: each folder from the repository's top level down to `state/` examined
 * with `lstat`, a link leading out refused), and the file itself is never written through a link (the
 * ledger file opens it with `O_NOFOLLOW`).
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
