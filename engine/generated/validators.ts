// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: rules/*/pack.yaml (validators); regenerate with `npm run generate`
// Generator: majordomus 0.1.0

import type { Validator } from '../api/validator';

/** Every built-in validator: its name (a rule's `x-majordomus.validator`) and the loader of its module. */
export const validatorModules = {
  ai_layout: () => import('../../validators/ai_layout'),
  blockers: () => import('../../validators/blockers'),
  bootstrap: () => import('../../validators/bootstrap'),
  brainstorm_forks: () => import('../../validators/brainstorm_forks'),
  brainstorm_ledger: () => import('../../validators/brainstorm_ledger'),
  brainstorm_manifest: () => import('../../validators/brainstorm_manifest'),
  brainstorm_ops: () => import('../../validators/brainstorm_ops'),
  brainstorm_state: () => import('../../validators/brainstorm_state'),
  brainstorm_sync: () => import('../../validators/brainstorm_sync'),
  brainstorm_thesis: () => import('../../validators/brainstorm_thesis'),
  budget: () => import('../../validators/budget'),
  checkpoint: () => import('../../validators/checkpoint'),
  completion_gates: () => import('../../validators/completion_gates'),
  content: () => import('../../validators/content'),
  context: () => import('../../validators/context'),
  context_affected: () => import('../../validators/context_affected'),
  continuity: () => import('../../validators/continuity'),
  decisions: () => import('../../validators/decisions'),
  doctrine_wiring: () => import('../../validators/doctrine_wiring'),
  document_schema: () => import('../../validators/document_schema'),
  knowledge_integrity: () => import('../../validators/knowledge_integrity'),
  knowledge_lifecycle: () => import('../../validators/knowledge_lifecycle'),
  ledger: () => import('../../validators/ledger'),
  ledger_retention: () => import('../../validators/ledger_retention'),
  note: () => import('../../validators/note'),
  obligations: () => import('../../validators/obligations'),
  paths: () => import('../../validators/paths'),
  policy: () => import('../../validators/policy'),
  policy_defaults: () => import('../../validators/policy_defaults'),
  profile_requirements: () => import('../../validators/profile_requirements'),
  projection: () => import('../../validators/projection'),
  prompt_capture: () => import('../../validators/prompt_capture'),
  prompt_continuity: () => import('../../validators/prompt_continuity'),
  questions_store: () => import('../../validators/questions_store'),
  record_changed_files: () => import('../../validators/record_changed_files'),
  resolver: () => import('../../validators/resolver'),
  retention: () => import('../../validators/retention'),
  rule_package: () => import('../../validators/rule_package'),
  schema_integrity: () => import('../../validators/schema_integrity'),
  scope: () => import('../../validators/scope'),
  scope_file: () => import('../../validators/scope_file'),
  session_lifecycle: () => import('../../validators/session_lifecycle'),
  session_records: () => import('../../validators/session_records'),
  session_records_shared: () => import('../../validators/session_records_shared'),
  state: () => import('../../validators/state'),
  telemetry: () => import('../../validators/telemetry'),
  use_case_coverage: () => import('../../validators/use_case_coverage'),
  verification: () => import('../../validators/verification'),
  wiring: () => import('../../validators/wiring'),
} as const satisfies Readonly<Record<string, () => Promise<{ readonly default: Validator }>>>;

/** The name of a built-in validator. */
export type BuiltinValidatorName = keyof typeof validatorModules;
