// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: rules/*/pack.yaml; regenerate with `npm run generate`
// Generator: majordomus 0.1.0

import type { GateName } from './gates';
import type { PackContext } from '../api/validator';

/** The name of a pack: its folder rules/<name>/, and the vendor of its rule package. */
export type PackName = 'majordomus' | 'brainstorm' | 'examples';
/** How a repository adopts a pack: always (the baseline), by default (init; removable), on request (rules vendor add), or never (examples). */
export type PackVendoring = 'always' | 'default' | 'optional' | 'never';

/** A pack (a rules/<pack>/pack.yaml). */
export interface PackDefinition {
  readonly name: PackName;
  /** What the pack governs, in one line. */
  readonly description: string;
  /** `vendoring`: whether init vendors it and whether it may be removed. */
  readonly vendoring: PackVendoring;
  /** The built-in validators the pack brings. */
  readonly validators: readonly string[];
  /** The gates the pack declares. */
  readonly gates: readonly GateName[];
  /** The top-level commands the pack adds. */
  readonly commands: readonly string[];
  /** `embedded`: the rule files compiled into the bundle (engine/generated/<pack>-pack.ts), imported when first read. */
  readonly embeddedRules?: () => Promise<readonly { readonly file: string; readonly text: string }[]>;
  /** The models the pack builds for its validators, imported only when a gate of the pack runs. */
  readonly context?: () => Promise<PackContext>;
}

/** Every pack, the baseline first, then in byte order. */
export const packNames: readonly PackName[] = Object.freeze(['majordomus', 'brainstorm', 'examples'] as const);
/** The packs registry, by name. */
export const packs: Readonly<Record<PackName, PackDefinition>> = Object.freeze({
  majordomus: Object.freeze({
    name: 'majordomus',
    description: 'The health of an adopted repository\'s AI layer and of the engine that governs it.',
    vendoring: 'always',
    validators: Object.freeze(['ai_layout', 'blockers', 'bootstrap', 'budget', 'checkpoint', 'completion_gates', 'content', 'context', 'context_affected', 'continuity', 'decisions', 'doctrine_wiring', 'document_schema', 'knowledge_integrity', 'knowledge_lifecycle', 'ledger', 'ledger_retention', 'note', 'obligations', 'paths', 'policy', 'policy_defaults', 'profile_requirements', 'projection', 'prompt_capture', 'prompt_continuity', 'questions_store', 'record_changed_files', 'resolver', 'retention', 'rule_package', 'schema_integrity', 'scope', 'scope_file', 'session_lifecycle', 'session_records', 'session_records_shared', 'state', 'telemetry', 'verification', 'wiring', 'use_case_coverage'] as const),
    gates: Object.freeze(['doctor', 'check', 'finish', 'watch'] as const),
    commands: Object.freeze([]),
    context: () => import('../state/context'),
  }),
  brainstorm: Object.freeze({
    name: 'brainstorm',
    description: 'The contract of a brainstorm session folder and its detector.',
    vendoring: 'optional',
    validators: Object.freeze(['brainstorm_forks', 'brainstorm_ledger', 'brainstorm_manifest', 'brainstorm_ops', 'brainstorm_state', 'brainstorm_sync', 'brainstorm_thesis'] as const),
    gates: Object.freeze(['session', 'manifest', 'move'] as const),
    commands: Object.freeze(['brainstorm'] as const),
    embeddedRules: () => import('./brainstorm-pack').then((module) => module.brainstormPack),
    context: () => import('../brainstorm/context'),
  }),
  examples: Object.freeze({
    name: 'examples',
    description: 'Worked examples of project rules on the baseline\'s generic validators, proved by rules test.',
    vendoring: 'never',
    validators: Object.freeze([]),
    gates: Object.freeze([]),
    commands: Object.freeze([]),
  }),
});
