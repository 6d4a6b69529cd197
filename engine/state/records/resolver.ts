/**
 * The record resolver: which checkpoint or handover speaks for this checkout. The same worktree and
 * branch first, else the same branch (another worktree's record of it), else nothing — and within the
 * chosen group the newest by `created_at`. Two records of one second are ordered by the ledger, which is
 * append-only and written in the order the commands ran: the one portable monotonic order there is
 * without sub-second timestamps. A record the ledger does not name (written by hand, or the ledger
 * rotated) sorts before any it names; the file name settles what is left, so the answer never depends on
 * the order a folder is listed in.
 */
import type { StoredRecord } from './record';

/** Where the resolver stands: this checkout and its branch. */
export interface ResolverPosition {
  readonly worktree: string;
  /** The branch, or the empty string on a detached head. */
  readonly branch: string;
}

/** How a resolved record relates to this checkout. */
export type Match = 'worktree-and-branch' | 'branch';

export interface Resolved {
  readonly record: StoredRecord;
  readonly match: Match;
}

/**
 * The record for `position`, or undefined when none qualifies. `ledgerOrder` gives each record's
 * position in the ledger (its repository-relative path → the line that announced it).
 */
export function resolveRecord(
  records: readonly StoredRecord[],
  position: ResolverPosition,
  ledgerOrder: ReadonlyMap<string, number> = new Map(),
): Resolved | undefined {
  // a detached head has no branch to share with anything
  if (position.branch === '') {
    const own = newestFirst(
      records.filter((record) => record.worktree === position.worktree && record.branch === ''),
      ledgerOrder,
    );
    return own[0] ? { record: own[0], match: 'worktree-and-branch' } : undefined;
  }
  const sameBranch = records.filter((record) => record.branch === position.branch);
  const own = newestFirst(
    sameBranch.filter((record) => record.worktree === position.worktree),
    ledgerOrder,
  );
  if (own[0]) return { record: own[0], match: 'worktree-and-branch' };
  const other = newestFirst(sameBranch, ledgerOrder);
  return other[0] ? { record: other[0], match: 'branch' } : undefined;
}

/** The records newest first, ties broken by the ledger (later line first), then by name. */
export function newestFirst(records: readonly StoredRecord[], ledgerOrder: ReadonlyMap<string, number> = new Map()): StoredRecord[] {
  return [...records].sort((a, b) => {
    if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
    const la = ledgerOrder.get(a.path) ?? -1;
    const lb = ledgerOrder.get(b.path) ?? -1;
    if (la !== lb) return lb - la;
    return a.name < b.name ? 1 : a.name > b.name ? -1 : 0;
  });
}

/**
 * Each record's line in the ledger — the `task.checkpoint` or `task.handed_over` line that announced it —
 * for the resolver's ties, from the ledger's entries in file order.
 */
export function ledgerOrder(
  entries: readonly { readonly line: number; readonly record: Readonly<Record<string, unknown>> }[],
): Map<string, number> {
  const order = new Map<string, number>();
  for (const entry of entries) {
    const path = entry.record.checkpoint_path ?? entry.record.handover_path;
    if (typeof path === 'string') order.set(path, entry.line);
  }
  return order;
}
