// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/events.yaml; regenerate with `npm run generate`
// Generator: majordomus 0.1.0

/** The name of an event the ledger accepts (share/events.yaml). */
export type EventName = 'task.started' | 'task.checkpoint' | 'task.handed_over' | 'task.refused' | 'task.finished' | 'task.set_aside' | 'decision.recorded' | 'question.opened' | 'question.resolved' | 'projections.updated' | 'ledger.rotated' | 'plan_start' | 'plan_verify' | 'plan_evidence' | 'plan_done' | 'session.started' | 'session.closed' | 'session.archived' | 'knowledge.derived' | 'knowledge.derive_failed' | 'layout.migrated' | 'rules.vendored' | 'use_cases.ran' | 'adr.proposed';

/** What a ledger line of one event carries (an entry of share/events.yaml). */
export interface EventDefinition {
  readonly name: EventName;
  readonly title: string;
  /** The command that writes it. */
  readonly emittedBy: string;
  /** The payload keys every line of it carries besides the envelope. */
  readonly requires: readonly string[];
  /** Part of the record a user reads back with `history`. */
  readonly public: boolean;
}

/** Every event name, in the order share/events.yaml declares them. */
export const eventNames: readonly EventName[] = Object.freeze(['task.started', 'task.checkpoint', 'task.handed_over', 'task.refused', 'task.finished', 'task.set_aside', 'decision.recorded', 'question.opened', 'question.resolved', 'projections.updated', 'ledger.rotated', 'plan_start', 'plan_verify', 'plan_evidence', 'plan_done', 'session.started', 'session.closed', 'session.archived', 'knowledge.derived', 'knowledge.derive_failed', 'layout.migrated', 'rules.vendored', 'use_cases.ran', 'adr.proposed'] as const);
/** The event vocabulary, by name. */
export const events: Readonly<Record<EventName, EventDefinition>> = Object.freeze({
  'task.started': Object.freeze({
    name: 'task.started',
    title: 'Task started',
    emittedBy: 'start',
    requires: Object.freeze(['task_id', 'profile', 'owner', 'scope'] as const),
    public: true,
  }),
  'task.checkpoint': Object.freeze({
    name: 'task.checkpoint',
    title: 'Checkpoint recorded',
    emittedBy: 'checkpoint',
    requires: Object.freeze(['task_id'] as const),
    public: true,
  }),
  'task.handed_over': Object.freeze({
    name: 'task.handed_over',
    title: 'Handover written',
    emittedBy: 'handover',
    requires: Object.freeze(['task_id', 'handover_path', 'closed'] as const),
    public: true,
  }),
  'task.refused': Object.freeze({
    name: 'task.refused',
    title: 'Finish refused',
    emittedBy: 'finish',
    requires: Object.freeze(['task_id', 'unmet'] as const),
    public: true,
  }),
  'task.finished': Object.freeze({
    name: 'task.finished',
    title: 'Task finished',
    emittedBy: 'finish',
    requires: Object.freeze(['task_id', 'outcome', 'contract'] as const),
    public: true,
  }),
  'task.set_aside': Object.freeze({
    name: 'task.set_aside',
    title: 'Task record set aside',
    emittedBy: 'finish',
    requires: Object.freeze(['file', 'aside', 'reason'] as const),
    public: true,
  }),
  'decision.recorded': Object.freeze({
    name: 'decision.recorded',
    title: 'Decision recorded',
    emittedBy: 'decision',
    requires: Object.freeze(['task_id', 'decision'] as const),
    public: true,
  }),
  'question.opened': Object.freeze({
    name: 'question.opened',
    title: 'Question opened',
    emittedBy: 'question',
    requires: Object.freeze(['task_id', 'question'] as const),
    public: true,
  }),
  'question.resolved': Object.freeze({
    name: 'question.resolved',
    title: 'Question resolved',
    emittedBy: 'question',
    requires: Object.freeze(['task_id', 'question', 'answer'] as const),
    public: true,
  }),
  'projections.updated': Object.freeze({
    name: 'projections.updated',
    title: 'Projections updated',
    emittedBy: 'update',
    requires: Object.freeze(['policy_sha256', 'targets'] as const),
    public: true,
  }),
  'ledger.rotated': Object.freeze({
    name: 'ledger.rotated',
    title: 'Ledger rotated',
    emittedBy: 'history',
    requires: Object.freeze(['archived', 'kept', 'archive'] as const),
    public: true,
  }),
  plan_start: Object.freeze({
    name: 'plan_start',
    title: 'Issue started',
    emittedBy: 'plan',
    requires: Object.freeze(['issue'] as const),
    public: true,
  }),
  plan_verify: Object.freeze({
    name: 'plan_verify',
    title: 'Issue implemented',
    emittedBy: 'plan',
    requires: Object.freeze(['issue'] as const),
    public: true,
  }),
  plan_evidence: Object.freeze({
    name: 'plan_evidence',
    title: 'Evidence attached',
    emittedBy: 'plan',
    requires: Object.freeze(['issue', 'covers', 'type'] as const),
    public: true,
  }),
  plan_done: Object.freeze({
    name: 'plan_done',
    title: 'Issue done',
    emittedBy: 'plan',
    requires: Object.freeze(['issue'] as const),
    public: true,
  }),
  'session.started': Object.freeze({
    name: 'session.started',
    title: 'Session opened',
    emittedBy: 'session',
    requires: Object.freeze(['owner'] as const),
    public: true,
  }),
  'session.closed': Object.freeze({
    name: 'session.closed',
    title: 'Session closed',
    emittedBy: 'session',
    requires: Object.freeze(['outcome', 'session_path'] as const),
    public: true,
  }),
  'session.archived': Object.freeze({
    name: 'session.archived',
    title: 'Session records archived',
    emittedBy: 'session',
    requires: Object.freeze(['archived', 'kept', 'archive', 'paths'] as const),
    public: true,
  }),
  'knowledge.derived': Object.freeze({
    name: 'knowledge.derived',
    title: 'Knowledge derived',
    emittedBy: 'knowledge',
    requires: Object.freeze(['episode', 'paths'] as const),
    public: true,
  }),
  'knowledge.derive_failed': Object.freeze({
    name: 'knowledge.derive_failed',
    title: 'Knowledge derivation failed',
    emittedBy: 'session',
    requires: Object.freeze(['episode', 'reason'] as const),
    public: true,
  }),
  'layout.migrated': Object.freeze({
    name: 'layout.migrated',
    title: 'Layout migrated',
    emittedBy: 'migrate',
    requires: Object.freeze(['from', 'to'] as const),
    public: true,
  }),
  'rules.vendored': Object.freeze({
    name: 'rules.vendored',
    title: 'Rules vendored',
    emittedBy: 'rules',
    requires: Object.freeze(['package'] as const),
    public: true,
  }),
  'use_cases.ran': Object.freeze({
    name: 'use_cases.ran',
    title: 'Use cases ran',
    emittedBy: 'usecase',
    requires: Object.freeze(['ran', 'failed'] as const),
    public: true,
  }),
  'adr.proposed': Object.freeze({
    name: 'adr.proposed',
    title: 'Architecture decision proposed',
    emittedBy: 'adr',
    requires: Object.freeze(['adr', 'title'] as const),
    public: true,
  }),
});
