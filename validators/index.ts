/**
 * The registry of built-in validators: a static map, keys sorted, each entry typed by `satisfies` so
 * the compiler checks every plugin's shape. A rule's `x-majordomus.validator` names one of these keys.
 */
import type { Validator } from '../engine/api/validator';
import ai_layout from './ai_layout';
import blockers from './blockers';
import brainstorm_forks from './brainstorm_forks';
import brainstorm_ledger from './brainstorm_ledger';
import brainstorm_manifest from './brainstorm_manifest';
import brainstorm_ops from './brainstorm_ops';
import brainstorm_state from './brainstorm_state';
import brainstorm_sync from './brainstorm_sync';
import brainstorm_thesis from './brainstorm_thesis';
import budget from './budget';
import checkpoint from './checkpoint';
import completion_gates from './completion_gates';
import content from './content';
import continuity from './continuity';
import decisions from './decisions';
import doctrine_wiring from './doctrine_wiring';
import document_schema from './document_schema';
import knowledge_integrity from './knowledge_integrity';
import knowledge_lifecycle from './knowledge_lifecycle';
import ledger from './ledger';
import note from './note';
import obligations from './obligations';
import paths from './paths';
import policy from './policy';
import policy_defaults from './policy_defaults';
import profile_requirements from './profile_requirements';
import questions_store from './questions_store';
import record_changed_files from './record_changed_files';
import resolver from './resolver';
import retention from './retention';
import rule_package from './rule_package';
import schema_integrity from './schema_integrity';
import scope from './scope';
import session_lifecycle from './session_lifecycle';
import session_records from './session_records';
import session_records_shared from './session_records_shared';
import scope_file from './scope_file';
import state from './state';
import telemetry from './telemetry';
import use_case_coverage from './use_case_coverage';
import verification from './verification';
import wiring from './wiring';

export const validators = {
  ai_layout,
  blockers,
  brainstorm_forks,
  brainstorm_ledger,
  brainstorm_manifest,
  brainstorm_ops,
  brainstorm_state,
  brainstorm_sync,
  brainstorm_thesis,
  budget,
  checkpoint,
  completion_gates,
  content,
  continuity,
  decisions,
  doctrine_wiring,
  document_schema,
  knowledge_integrity,
  knowledge_lifecycle,
  ledger,
  note,
  obligations,
  paths,
  policy,
  policy_defaults,
  profile_requirements,
  questions_store,
  record_changed_files,
  resolver,
  retention,
  rule_package,
  schema_integrity,
  scope,
  scope_file,
  session_lifecycle,
  session_records,
  session_records_shared,
  state,
  telemetry,
  use_case_coverage,
  verification,
  wiring,
} satisfies Readonly<Record<string, Validator>>;
