/**
 * The ledger's own maintenance: rotating the oldest lines into an archive, and moving a torn tail
 * aside. Both keep every byte — an archive or a kept file is created exclusively (never overwritten),
 * 0600, and nothing is deleted — and both run under the repository's write lock, held by the command.
 *
 * The file work is the writer's ledger file (engine/io/write/ledger-file.ts): the ledger stays open to
 * appenders that take no lock, so a rotation carries over any line appended while it works, which a
 * plan's whole-file replace cannot do. This module decides what is cut and what the event records.
 */
import { basename, dirname, join } from 'node:path';
import { RefusedError } from '../../errors';
import { cutTornTail, rotateLedgerFile } from '../../io/write/ledger-file';
import { compactUtc } from '../kernel/clock';
import type { LedgerTarget } from './append';
import { appendEvent } from './append';
import { ledgerRelativePath, resolveLedger, stateRelativeDir } from './path';
import { parseLedger } from './read';

/** What a rotation did. */
export type Rotation =
  | { readonly rotated: false; readonly lines: number; readonly cap: number }
  | { readonly rotated: true; readonly archived: number; readonly kept: number; readonly archive: string; readonly cap: number };

/**
 * Move all but the newest lines of the ledger into `ledger.<utc>.jsonl.archived` beside it, then append
 * `ledger.rotated`. The newest `cap - 1` lines stay, so that with the event the ledger holds exactly
 * `cap` lines and the retention rule is met. Refuses (15) a torn ledger (repair it first) and an
 * archive name already taken (never overwritten). The caller holds the write lock.
 */
export function rotateLedger(target: LedgerTarget, cap: number): Rotation {
  const command = target.command ?? 'history --rotate';
  // one reading of the clock names the archive and stamps the event that records it
  const now = (target.clock ?? (() => new Date()))();
  const shown = ledgerRelativePath(target);
  const file = resolveLedger(target, command, false);
  let lines = 0;
  let archived = 0;
  let kept = 0;
  const archiveShown = `${stateRelativeDir(target)}/ledger.${compactUtc(now)}.jsonl.archived`;
  const rotated = rotateLedgerFile(file, shown, command, (bytes) => {
    const contents = parseLedger(bytes);
    if (contents.torn) throw tornRefusal(command, shown);
    lines = contents.lines;
    const keep = Math.max(cap - 1, 0);
    if (contents.lines <= cap) return undefined;
    archived = contents.lines - keep;
    kept = keep;
    let cut = 0;
    for (let n = 0; n < archived; n++) cut = bytes.indexOf(0x0a, cut) + 1;
    return {
      cut,
      archive: {
        path: join(dirname(file), basename(archiveShown)),
        shown: archiveShown,
        fix: 'an archive is never overwritten: wait a second and run it again, or move that archive away',
      },
    };
  });
  if (!rotated) return { rotated: false, lines, cap };
  appendEvent({ ...target, command, clock: () => now }, 'ledger.rotated', { archived, kept, archive: archiveShown });
  return { rotated: true, archived, kept, archive: archiveShown, cap };
}

/** What a repair did. */
export type Repair =
  | { readonly repaired: false }
  | { readonly repaired: true; readonly line: number; readonly bytes: number; readonly kept: string };

/**
 * Move the torn tail of the ledger — the bytes after its last newline — into `ledger.<utc>.torn` beside
 * it (created exclusively, 0600, never deleted), then cut the ledger back to its last whole line, so
 * appends work again. The caller holds the write lock.
 */
export function repairLedger(target: LedgerTarget): Repair {
  const command = target.command ?? 'history --repair';
  const shown = ledgerRelativePath(target);
  const file = resolveLedger(target, command, false);
  const keptShown = `${stateRelativeDir(target)}/ledger.${compactUtc((target.clock ?? (() => new Date()))())}.torn`;
  let found: { line: number; bytes: number } | undefined;
  const cut = cutTornTail(file, shown, command, (bytes) => {
    const torn = parseLedger(bytes).torn;
    if (!torn) return undefined;
    found = { line: torn.line, bytes: torn.bytes };
    return {
      offset: torn.offset,
      kept: {
        path: join(dirname(file), basename(keptShown)),
        shown: keptShown,
        fix: 'a kept file is never overwritten: wait a second and run it again',
      },
    };
  });
  if (!cut || !found) return { repaired: false };
  return { repaired: true, line: found.line, bytes: found.bytes, kept: keptShown };
}

/** The refusal to rotate a torn ledger. */
function tornRefusal(command: string, shown: string): RefusedError {
  return new RefusedError(`${command}: ${shown} ends in a torn line; nothing was rotated (run: majordomus history --repair, then rotate)`);
}
