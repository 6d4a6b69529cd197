/**
 * The turns of an episode, read from the ledger (ADR 0008's chaining). Every line written while an
 * episode is open carries its `session`, so the episode's turns are its `task.finished` lines — and its
 * `task.handed_over` lines that closed the task (`handover --close`, outcome `handed_over`) — in ledger
 * order: never a time range, and never a task another episode finished. A refusal (`task.refused`) is
 * no turn: the task it refused is still the work in hand.
 */

/** The ledger lines the reading needs: the event and the line as written. */
export interface TurnLine {
  readonly event: string;
  readonly record: Readonly<Record<string, unknown>>;
}

/** The outcomes whose completion note is a confirmed deliverable: what the finish gate accepted as done, wholly or in part. */
export const DELIVERABLE_OUTCOMES: readonly string[] = Object.freeze(['completed', 'partial']);

/** A finished turn: its task and the outcome its `task.finished` line recorded. */
export interface FinishedTurn {
  readonly task_id: string;
  readonly outcome: string;
}

/** What an episode's ledger says of its turns so far. */
export interface EpisodeTurns {
  /** The turn finished last in the episode, other than `active`; undefined before the first. */
  readonly previous: FinishedTurn | undefined;
  /** Every task the episode finished, other than `active`: the earlier turns, whose drafts stay behind. */
  readonly finished: ReadonlySet<string>;
}

/**
 * The turns `session` finished, from `lines` in file order. `active` (the task in hand) is never a
 * previous turn, whatever a hand-edited ledger claims.
 */
export function episodeTurns(lines: readonly TurnLine[], session: string, active?: string): EpisodeTurns {
  let previous: FinishedTurn | undefined;
  const finished = new Set<string>();
  for (const line of lines) {
    if (line.record.session !== session) continue;
    const handedOver = line.event === 'task.handed_over' && line.record.closed === true;
    if (line.event !== 'task.finished' && !handedOver) continue;
    const task = line.record.task_id;
    if (typeof task !== 'string' || task === active) continue;
    finished.add(task);
    // ledger order, not the ids' clock: the line appended last is the turn finished last
    const outcome = handedOver ? 'handed_over' : typeof line.record.outcome === 'string' ? line.record.outcome : 'unrecorded';
    previous = { task_id: task, outcome };
  }
  return { previous, finished };
}
