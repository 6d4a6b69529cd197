/**
 * The ledger target of an open repository: where its ledger is and what the envelope says of its git
 * state now. Commands that append build it once, after they have opened the repository.
 */

import type { EventName } from '../../generated/events';
import type { Repository } from '../../layer/repository';
import { stampOf } from '../kernel/episode';
import type { EventPayload, LedgerTarget } from './append';
import { appendEvent } from './append';

function sessionOf(session: string | undefined): { session?: string } {
  return session === undefined ? {} : { session };
}

/**
 * The target to append to `repository`'s ledger as `command`; `clock` for tests. The line carries the
 * session of the episode open in this worktree for this process (engine/state/sessions/store.ts), unless the
 * caller names one (session start stamps its own first line).
 */
export function ledgerTargetOf(
  repository: Repository,
  command: string,
  options: { clock?: () => Date; session?: string } = {},
): LedgerTarget {
  return {
    root: repository.root,
    localDir: repository.layout.localDir,
    head: repository.git.head(),
    branch: repository.git.branch(),
    command,
    ...(options.clock ? { clock: options.clock } : {}),
    ...sessionOf(options.session ?? stampOf(repository, repository.git.env)),
  };
}

/** Append one event to this repository's ledger; `session` stamps it with that episode rather than the one this process is found in. */
export function recordEvent(repository: Repository, command: string, event: EventName, payload: EventPayload, session?: string): void {
  appendEvent(ledgerTargetOf(repository, command, session === undefined ? {} : { session }), event, payload);
}
