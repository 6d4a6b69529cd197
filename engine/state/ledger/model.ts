/**
 * The ledger as validators see it: `context.model(ledgerModel)`, built from the repository a gate judges
 * (its top level and the layer's local half, both from the run's readers) once per run. The ledger is
 * read when a validator first asks, so a gate whose rules never look at it never reads it. A ledger
 * that cannot be read — reached through a link leading outside the repository, not a regular file —
 * is described, never thrown: the validator reports it.
 */

import { defineModel } from '../../api/validator';
import { MajordomusError } from '../../errors';
import { ledgerRelativePath } from './path';
import type { LedgerFile } from './read';
import { readLedger } from './read';

/** A repository's ledger for one run of a gate. */
export interface LedgerModel {
  /** The ledger, repository-relative. */
  readonly path: string;
  /** What it holds (an absent ledger is an empty one), or why it cannot be read. */
  read(): { readonly ledger: LedgerFile } | { readonly unreadable: string };
}

/** The ledger of the repository a gate judges. */
export const ledgerModel = defineModel({
  name: 'ledger',
  target: 'repository',
  build: (target): LedgerModel => {
    const location = { root: target.path, localDir: target.repository.layer.localDir };
    let result: ReturnType<LedgerModel['read']> | undefined;
    return {
      path: ledgerRelativePath(location),
      read() {
        if (result) return result;
        try {
          result = { ledger: readLedger(location, 'ledger') };
        } catch (error) {
          if (!(error instanceof MajordomusError)) throw error;
          result = { unreadable: error.message };
        }
        return result;
      },
    };
  },
});
