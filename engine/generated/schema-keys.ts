// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/schemas/*.v1.schema.json; regenerate with `npm run generate`
// Generator: majordomus 0.1.0

import type { KindName } from './kinds';

/**
 * The keys each closed mapping of a kind's schema allows, by the mapping's place in a document: its
 * instance path as a JSON pointer (empty for the document), `*` standing for any list index or free name.
 */
export const schemaKeys: Readonly<Record<KindName, Readonly<Record<string, readonly string[]>>>> = {
  'manifest': {
    '': ['schema', 'repo', 'local', 'sections', 'context'],
    '/repo': ['path'],
    '/local': ['path', 'tracked', 'implicit_context'],
    '/sections': ['policy', 'scope', 'profiles', 'rules', 'prompts', 'skills', 'workflows', 'knowledge', 'adrs', 'project', 'sessions', 'use-cases', 'applications', 'deployments', 'releases', 'why'],
    '/context': ['documents'],
  },
  'policy': {
    '': ['version', 'context', 'profiles', 'verification', 'checkpoint', 'handover', 'session', 'ledger', 'cache', 'prompts', 'knowledge', 'enforcement', 'commit', 'intent', 'projections', 'benchmark', 'use_cases', 'repository_validators', 'server', 'capture'],
    '/context': ['always_loaded_budget_lines', 'builder_budget_lines', 'recent_decisions', 'max_list_items', 'strategy', 'transcript_is_state'],
    '/profiles': ['default', 'checkpoint_interval_default'],
    '/verification': ['required_for_changes', 'finish_requires', 'obligations', 'timeout_seconds', 'outputs', 'commands'],
    '/checkpoint': ['max_body_lines', 'retention_max_files'],
    '/handover': ['required_sections', 'retention_max_files'],
    '/session': ['briefing_on_start', 'briefing_budget_lines', 'checkpoint_on_compact', 'handover_on_end', 'handover_on_fill', 'knowledge_on_end', 'knowledge_on_compact', 'stranded_after', 'ensure_server_on_start', 'freshness', 'record_sections', 'commit_record_on_end', 'push_record_on_end', 'retention_max_files', 'archive'],
    '/session/freshness': ['fresh_minutes', 'stale_minutes'],
    '/ledger': ['retention_max_lines'],
    '/cache': ['flatten_max_entries'],
    '/prompts': ['retention_max_days', 'retention_max_bytes'],
    '/knowledge': ['candidates_max_files', 'candidate_max_age_minutes'],
    '/enforcement/*': ['name', 'path', 'args', 'wired_by'],
    '/commit': ['subject_max_chars', 'scope_unknown', 'fix_requires_test', 'reference_unresolved', 'breaking_unexplained'],
    '/intent': ['binding', 'exemptions', 'opposition'],
    '/intent/exemptions/*': ['id', 'description'],
    '/projections/*': ['provider', 'target', 'always_loaded', 'mode'],
    '/benchmark': ['samples', 'warmup', 'regression', 'budget'],
    '/benchmark/regression': ['p50', 'p95', 'p99'],
    '/benchmark/budget': ['doctor_ms', 'watch_ms', 'enter_ms', 'enter_cold_ms'],
    '/use_cases': ['coverage', 'step_timeout_seconds'],
    '/use_cases/coverage': ['commands', 'claims', 'mcp_tools'],
    '/repository_validators': ['timeout_seconds', 'memory_mb'],
    '/server': ['probe_timeout_seconds', 'bind_grace_seconds', 'join_timeout_seconds', 'busy_grace_seconds'],
    '/capture': ['guard', 'guard_unparsed', 'prompts'],
  },
  'profile': {
    '': ['name', 'description', 'capability', 'effort', 'effort_escalation', 'verbosity', 'presentation', 'reasoning', 'context', 'verification', 'checkpoint_interval', 'output_contract'],
    '/effort_escalation': ['after_blocked_attempts', 'to'],
    '/context': ['task', 'current_state', 'decisions', 'relevant_files', 'failing_output', 'recent_history_depth', 'architecture_notes', 'knowledge', 'knowledge_max_items'],
    '/verification': ['verify_command_required', 'regression_test_required', 'decision_record_required'],
  },
  'scope': {
    '': ['version', 'in', 'out'],
    '/out': ['paths', 'binary', 'max_bytes', 'archive', 'image', 'video', 'pdf', 'database_dump', 'generated', 'secret', 'fixtures'],
    '/out/archive': ['paths', 'names'],
    '/out/image': ['paths', 'names'],
    '/out/video': ['paths', 'names'],
    '/out/pdf': ['paths', 'names'],
    '/out/database_dump': ['paths', 'names'],
    '/out/generated': ['paths', 'names'],
    '/out/secret': ['paths', 'names'],
    '/out/fixtures': ['paths', 'names', 'max_bytes'],
  },
  'rule': {
    '': ['id', 'version', 'kind', 'title', 'description', 'statement', 'status', 'class', 'depends_on', 'tags', 'x-majordomus'],
    '/x-majordomus': ['validator', 'category', 'enforced_by', 'policy_key', 'exit_code', 'claims', 'tests', 'options', 'reviewed_because'],
  },
  'rule-package': {
    '': ['vendor', 'package', 'version', 'format', 'source_revision', 'rules'],
    '/rules/*': ['id', 'version', 'file', 'sha256'],
  },
  'pack': {
    '': ['schema', 'name', 'description', 'vendoring', 'validators', 'gates', 'embedded', 'context', 'commands', 'bundles'],
    '/gates/*': ['name', 'description', 'target', 'violation_level', 'exit_code', 'includes', 'command'],
    '/bundles/*': ['name', 'entry'],
  },
  'task': {
    '': ['id', 'task', 'profile', 'owner', 'scope', 'started_at', 'checkpoint_at', 'outcome', 'repository_id', 'worktree', 'branch', 'head', 'working_tree', 'started_dirty'],
    '/started_dirty/*': ['path', 'blob'],
  },
  'events': {
    '': ['version', 'events'],
    '/events/*': ['id', 'title', 'summary', 'emitted_by', 'requires', 'public', 'note'],
  },
  'knowledge-sources': {
    '': ['version', 'sources'],
    '/sources/*': ['id', 'kind', 'discovery', 'pathspec', 'required'],
  },
  'telemetry': {
    '': ['schema', 'kind', 'task_id', 'session_id', 'recorded_at', 'facts'],
    '/facts': ['input_uncached_tokens', 'cache_write_tokens', 'cache_read_tokens', 'output_tokens', 'reasoning_tokens', 'requests', 'tool_calls', 'cost_microusd'],
    '/facts/input_uncached_tokens': ['value', 'not_reported', 'reporter'],
    '/facts/cache_write_tokens': ['value', 'not_reported', 'reporter'],
    '/facts/cache_read_tokens': ['value', 'not_reported', 'reporter'],
    '/facts/output_tokens': ['value', 'not_reported', 'reporter'],
    '/facts/reasoning_tokens': ['value', 'not_reported', 'reporter'],
    '/facts/requests': ['value', 'not_reported', 'reporter'],
    '/facts/tool_calls': ['value', 'not_reported', 'reporter'],
    '/facts/cost_microusd': ['value', 'not_reported', 'reporter'],
  },
  'session-record': {
    '': ['schema', 'kind', 'session_id', 'created_at', 'started_at', 'closed_at', 'outcome', 'title', 'task_id', 'profile', 'worker', 'repository_id', 'worktree_id', 'branch', 'start_head', 'head', 'start_working_tree', 'working_tree', 'commits', 'changed_files', 'tasks', 'issues', 'milestones', 'checkpoints', 'handovers', 'decisions', 'questions', 'evidence', 'schema_version'],
  },
  'session': {
    '': ['session_id', 'started_at', 'owner', 'worker', 'provider', 'provider_session', 'forked_from', 'repository_id', 'worktree', 'branch', 'start_head', 'start_working_tree'],
  },
  'session-context': {
    '': ['schema', 'kind', 'session_id', 'opened_at', 'opened_by', 'provider', 'provider_session', 'forked_from', 'branch', 'head', 'task_id', 'profile', 'worker'],
  },
  'handover': {
    '': ['schema_version', 'created_at', 'task_id', 'profile', 'owner', 'repository_id', 'worktree', 'branch', 'head', 'working_tree', 'changed_files', 'changed_files_excluded', 'changed_files_excluded_by'],
  },
  'use-case': {
    '': ['id', 'kind', 'title', 'summary', 'category', 'status', 'target', 'weight', 'actors', 'difficulty', 'commands', 'doctrines', 'claims', 'responsibilities', 'applications'],
  },
  'use-case-scenario': {
    '': ['setup', 'given', 'steps', 'then'],
    '/steps/*': ['id', 'run', 'worker', 'note', 'stdin', 'expect'],
    '/steps/*/expect': ['exit', 'stdout_contains', 'stdout_not_contains', 'files_exist', 'files_contain'],
  },
  'knowledge-candidate': {
    '': ['id', 'kind', 'status', 'title', 'date', 'episode', 'task', 'evidence'],
  },
  'context': {
    '': ['schema', 'id', 'kind', 'title', 'description', 'status', 'scope', 'paths', 'providers', 'audience', 'composition', 'order', 'supersedes', 'tracks', 'children'],
    '/children': ['require_contract', 'exempt'],
  },
  'prompt': {
    '': ['schema', 'id', 'captured_at', 'provider', 'provider_session', 'episode_link', 'episode', 'repository_id', 'worktree_id', 'branch', 'head', 'permission_mode', 'redactions', 'prompt_bytes', 'prompt_sha256', 'meta', 'prompt'],
    '/redactions/*': ['kind', 'count'],
    '/meta': ['parent'],
  },
};
