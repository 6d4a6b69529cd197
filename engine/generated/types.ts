// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/schemas/*.v1.schema.json; regenerate with `npm run generate`
// Generator: majordomus 0.1.0

/**
 * The section registry of the AI layer, .ai/manifest.yaml. Every part of the layer the tool reads is named here; nothing walks the .ai/ tree to discover files.
 *
 * Kind `manifest`; schema `share/schemas/manifest.v1.schema.json`.
 */
export interface Manifest {
  /** The layer format version. A version this executable does not read is refused before anything else is read. */
  readonly schema: 'ai-repository/v1';
  /** The tracked, shared half of the layer. */
  readonly repo: ManifestRepo;
  /** The half of the layer that belongs to this checkout alone. */
  readonly local: ManifestLocal;
  /** Each section of the layer and where it lives, relative to .ai/. */
  readonly sections: ManifestSections;
  /** Scoped context documents. */
  readonly context?: ManifestContext;
}

/** The tracked, shared half of the layer. */
export interface ManifestRepo {
  /** The tracked half of the layer, relative to .ai/. */
  readonly path: string;
}

/** The half of the layer that belongs to this checkout alone. */
export interface ManifestLocal {
  /** The checkout-local half, relative to .ai/. */
  readonly path: string;
  /** Always false: the local half belongs to one checkout and is ignored by git. */
  readonly tracked: false;
  /** Whether files under the local half count as context without being named; false keeps a checkout's own notes out of what a worker is handed. */
  readonly implicit_context: boolean;
}

/** Each section of the layer and where it lives, relative to .ai/. */
export interface ManifestSections {
  /** The policy file. */
  readonly policy: string;
  /** The scope file; without it the distribution's default scope applies. */
  readonly scope?: string;
  /** The directory of execution profiles, one YAML file each. */
  readonly profiles: string;
  /** The rules directory: the vendored package and the project's own rules. */
  readonly rules: string;
  /** Reusable prompt assets. */
  readonly prompts?: string;
  /** Skill definitions. */
  readonly skills?: string;
  /** Workflow descriptions. */
  readonly workflows?: string;
  /** Knowledge sources and their records. */
  readonly knowledge?: string;
  /** Architecture decision records. */
  readonly adrs?: string;
  /** The project model (milestones and issues); the directory may be absent when the repository does not plan through it. */
  readonly project?: string;
  /** Closed session records, one file per episode. */
  readonly sessions?: string;
  /** Executable use cases. */
  readonly 'use-cases'?: string;
  /** Application declarations. */
  readonly applications?: string;
  /** Deployment contracts. */
  readonly deployments?: string;
  /** Release records. */
  readonly releases?: string;
  /** The situations the layer exists for and who recognises them. */
  readonly why?: string;
}

/** Scoped context documents. */
export interface ManifestContext {
  /** File names that must carry the context-document front matter wherever they appear in the tree. */
  readonly documents?: readonly string[];
}

/**
 * The provider-neutral policy of the repository, .ai/repo/policy.yaml: context budgets, the default profile, the completion contract, retention caps, enforcement wiring and the instruction files it is projected into.
 *
 * Kind `policy`; schema `share/schemas/policy.v1.schema.json`.
 */
export interface Policy {
  /** The policy format version; only 1 exists. */
  readonly version: 1;
  /** How much context a worker is given. */
  readonly context?: PolicyContext;
  /** Defaults for execution profiles. */
  readonly profiles?: PolicyProfiles;
  /** What finishing a task must prove. */
  readonly verification?: PolicyVerification;
  /** Checkpoints: short progress notes written during a task. */
  readonly checkpoint?: PolicyCheckpoint;
  /** Handovers: the state one worker leaves for the next. */
  readonly handover?: PolicyHandover;
  /** What the tool does at the boundaries of a working episode. */
  readonly session?: PolicySession;
  /** The append-only event ledger. */
  readonly ledger?: PolicyLedger;
  /** The local parse cache. */
  readonly cache?: PolicyCache;
  /** Captured prompts. */
  readonly prompts?: PolicyPrompts;
  /** Knowledge candidates awaiting review. */
  readonly knowledge?: PolicyKnowledge;
  /** The places the gates are called from; doctor checks that each one is really wired. */
  readonly enforcement?: readonly PolicyEnforcement[];
  /** Commit message checks. */
  readonly commit?: PolicyCommit;
  /** Stated intent for changes. */
  readonly intent?: PolicyIntent;
  /** The provider instruction files generated from this policy. Exactly one may be always loaded. */
  readonly projections?: readonly PolicyProjection[];
  /** The benchmark and the budgets derived from it. */
  readonly benchmark?: PolicyBenchmark;
  /** Executable use cases. */
  readonly use_cases?: PolicyUseCases;
  /** The repository's own validators (.ai/repo/validators/*.mjs), each run in a worker thread of its own. */
  readonly repository_validators?: PolicyRepositoryValidators;
  /** The shared local server. */
  readonly server?: PolicyServer;
  /** Provider hooks wired by majordomus capture install. */
  readonly capture?: PolicyCapture;
}

/** How much context a worker is given. */
export interface PolicyContext {
  /** Hard cap, in lines, on the projection a provider loads into every conversation. */
  readonly always_loaded_budget_lines?: number;
  /** Hard cap, in lines, on the context the tool assembles for a task. */
  readonly builder_budget_lines?: number;
  /** How many recent decisions are offered to a worker, newest first. */
  readonly recent_decisions?: number;
  /** Cap on the length of any list inside assembled context. */
  readonly max_list_items?: number;
  /** The context strategy, stated so it can be projected into instructions. */
  readonly strategy?: string;
  /** Always false: a conversation transcript is never treated as the state of the work. */
  readonly transcript_is_state?: false;
}

/** Defaults for execution profiles. */
export interface PolicyProfiles {
  /** The profile used when a task names none; it must be a file in the profiles section. */
  readonly default?: string;
  /** The checkpoint interval used when a profile sets none. */
  readonly checkpoint_interval_default?: string;
}

/** What finishing a task must prove. */
export interface PolicyVerification {
  /** Whether finishing a task that changed files requires a verification command. */
  readonly required_for_changes?: boolean;
  /** The completion contract: the policy keys of the rules that must hold for a task to finish, in display order. */
  readonly finish_requires?: readonly string[];
  /** What every task owes before it is accepted as completed, each a fact majordomus establishes at HEAD when it judges: committed (nothing changed outside the local half), pushed (the branch's upstream holds HEAD). */
  readonly obligations?: readonly ('committed' | 'pushed')[];
  /** How long `finish --verify-command` may run before it is stopped and the finish refused, in seconds. Default 1800. */
  readonly timeout_seconds?: number;
  /** Pathspecs the verify command may write (a JUnit report, coverage): a change there while it runs does not refuse the finish, and an uncommitted file there is not the task's change. Ignored files never count. Default: none. */
  readonly outputs?: readonly string[];
  /** The verify commands `finish` accepts: each an exact command, or a prefix ending in ` *` that the command may extend with plain arguments. When set, any other command is refused with this list. Default: any command that can fail. */
  readonly commands?: readonly string[];
}

/** Checkpoints: short progress notes written during a task. */
export interface PolicyCheckpoint {
  /** A checkpoint body longer than this is refused, never truncated. */
  readonly max_body_lines?: number;
  /** More checkpoint files than this is reported. */
  readonly retention_max_files?: number;
}

/** Handovers: the state one worker leaves for the next. */
export interface PolicyHandover {
  /** The headings every handover must carry. */
  readonly required_sections?: readonly string[];
  /** More handover files than this is reported. */
  readonly retention_max_files?: number;
}

/** What the tool does at the boundaries of a working episode. */
export interface PolicySession {
  /** Print a briefing for the worker when an episode starts. */
  readonly briefing_on_start?: boolean;
  /** Cap, in lines, on that briefing. */
  readonly briefing_budget_lines?: number;
  /** Write a derived checkpoint when the provider compacts the conversation. */
  readonly checkpoint_on_compact?: boolean;
  /** Write a derived handover when an episode ends. */
  readonly handover_on_end?: boolean;
  /** Ask the worker for a handover when its context window is nearly full. */
  readonly handover_on_fill?: boolean;
  /** Derive knowledge candidates from an episode when it closes. */
  readonly knowledge_on_end?: boolean;
  /** Derive knowledge candidates when the provider compacts the conversation. */
  readonly knowledge_on_compact?: boolean;
  /** How long an open episode may show no sign of life before it may be recovered. */
  readonly stranded_after?: string;
  /** Make sure the shared server is running when an episode starts. */
  readonly ensure_server_on_start?: boolean;
  /** When a continuation record stops being current. */
  readonly freshness?: PolicySessionFreshness;
  /** The headings a closed session record's body carries. */
  readonly record_sections?: readonly string[];
  /** Commit the closed session record when an episode ends. */
  readonly commit_record_on_end?: boolean;
  /** Push that commit as well. */
  readonly push_record_on_end?: boolean;
  /** More closed session records than this is reported, or archived when archiving is on. */
  readonly retention_max_files?: number;
  /** Whether `session archive` may move the oldest records into the archive directory. */
  readonly archive?: boolean;
}

/** When a continuation record stops being current. */
export interface PolicySessionFreshness {
  /** A record younger than this is fresh. */
  readonly fresh_minutes: number;
  /** A record older than this is stale. */
  readonly stale_minutes: number;
}

/** The append-only event ledger. */
export interface PolicyLedger {
  /** More ledger lines than this is reported. */
  readonly retention_max_lines?: number;
}

/** The local parse cache. */
export interface PolicyCache {
  /** How many entries each file of the content cache under the local half keeps (.ai/local/cache/content/; 50000 without the key); 0 turns the cache off. */
  readonly flatten_max_entries?: number;
}

/** Captured prompts. */
export interface PolicyPrompts {
  /** Captured prompts older than this many days are reported. */
  readonly retention_max_days?: number;
  /** Captured prompts larger than this in total are reported. */
  readonly retention_max_bytes?: number;
}

/** Knowledge candidates awaiting review. */
export interface PolicyKnowledge {
  /** More unreviewed knowledge candidates than this is reported. */
  readonly candidates_max_files?: number;
  /** A candidate left unreviewed longer than this is reported. */
  readonly candidate_max_age_minutes?: number;
}

/** Commit message checks. */
export interface PolicyCommit {
  /** The longest commit subject accepted. */
  readonly subject_max_chars?: number;
  /** How a commit naming an unknown scope is reported. */
  readonly scope_unknown?: 'off' | 'info' | 'warning' | 'error';
  /** How a fix that changes no test is reported. */
  readonly fix_requires_test?: 'off' | 'info' | 'warning' | 'error';
  /** How a reference to something that does not exist is reported. */
  readonly reference_unresolved?: 'off' | 'info' | 'warning' | 'error';
  /** How a breaking change without an explanation is reported. */
  readonly breaking_unexplained?: 'off' | 'info' | 'warning' | 'error';
}

/** Stated intent for changes. */
export interface PolicyIntent {
  /** Whether work must be bound to a stated intent. */
  readonly binding?: 'off' | 'advisory' | 'required';
  /** Kinds of work that need no stated intent. */
  readonly exemptions?: readonly PolicyIntentExemption[];
  /** Whether a stated intent must name what it argues against. */
  readonly opposition?: 'off' | 'required';
}

/** The benchmark and the budgets derived from it. */
export interface PolicyBenchmark {
  /** Measured runs per target. */
  readonly samples?: number;
  /** Unmeasured runs before the samples. */
  readonly warmup?: number;
  /** How much slower than the baseline a run may be. */
  readonly regression?: PolicyBenchmarkRegression;
  /** Wall-time budgets the gates report against. */
  readonly budget?: PolicyBenchmarkBudget;
}

/** How much slower than the baseline a run may be. */
export interface PolicyBenchmarkRegression {
  /** Largest accepted slowdown of the median, as a fraction of the baseline. */
  readonly p50?: number;
  /** Largest accepted slowdown of the 95th percentile, as a fraction of the baseline. */
  readonly p95?: number;
  /** Largest accepted slowdown of the 99th percentile, as a fraction of the baseline. */
  readonly p99?: number;
}

/** Wall-time budgets the gates report against. */
export interface PolicyBenchmarkBudget {
  /** Wall-time budget of doctor, in milliseconds; exceeding it is a warning. */
  readonly doctor_ms?: number;
  /** Wall-time budget of watch, in milliseconds; exceeding it is a warning. */
  readonly watch_ms?: number;
  /** Wall-time budget of entering the repository, in milliseconds. */
  readonly enter_ms?: number;
  /** The same budget with a cold cache, in milliseconds. */
  readonly enter_cold_ms?: number;
}

/** Executable use cases. */
export interface PolicyUseCases {
  /** Which coverage gaps are failures, which are warnings and which are ignored. */
  readonly coverage?: PolicyUseCasesCoverage;
  /** How long one step of a use case's scenario may run under `usecase run` before it is stopped (with every process it started) and the step fails. Default 120. */
  readonly step_timeout_seconds?: number;
}

/** Which coverage gaps are failures, which are warnings and which are ignored. */
export interface PolicyUseCasesCoverage {
  /** How a public command that no use case exercises is reported. */
  readonly commands?: 'required' | 'advisory' | 'off';
  /** How a claim that no use case exercises is reported. */
  readonly claims?: 'required' | 'advisory' | 'off';
  /** How a server tool that no use case exercises is reported. */
  readonly mcp_tools?: 'required' | 'advisory' | 'off';
}

/** The repository's own validators (.ai/repo/validators/*.mjs), each run in a worker thread of its own. */
export interface PolicyRepositoryValidators {
  /** How long one rule's repository validator may take, from its import to the end of everything its run started; past it, it is stopped and the rule fails. Default 10. */
  readonly timeout_seconds?: number;
  /** How much heap one rule's repository validator may hold, in megabytes (its worker's old generation); past it, it is stopped and the rule fails. Default 1024. */
  readonly memory_mb?: number;
}

/** The shared local server. */
export interface PolicyServer {
  /** How long a probe of the shared server may take. */
  readonly probe_timeout_seconds?: number;
  /** How long a starting server may take to bind. */
  readonly bind_grace_seconds?: number;
  /** How long a client waits to join a running server. */
  readonly join_timeout_seconds?: number;
  /** How long a busy server is given before it is treated as stuck. */
  readonly busy_grace_seconds?: number;
}

/** Provider hooks wired by majordomus capture install. */
export interface PolicyCapture {
  /** Whether the provider's tool-call guard refuses shell commands that skip this repository's git gates (default true). Read from the committed policy (HEAD), not the working tree. */
  readonly guard?: boolean;
  /** What the guard does with a command it cannot follow (shell it cannot parse, a value it cannot know where git would read an option): refuse it (default) or let it through. Read from the committed policy (HEAD). */
  readonly guard_unparsed?: 'refuse' | 'allow';
  /** Whether capture prompt keeps the person's prompts in the checkout's untracked archive, .ai/local/prompts/ (default true); false: the prompt hook writes nothing. */
  readonly prompts?: boolean;
}

/** One place a gate is called from. */
export interface PolicyEnforcement {
  /** The name of this wiring. */
  readonly name: string;
  /** The executable: a name on PATH, a repository-relative path or an absolute path. */
  readonly path: string;
  /** The arguments the wiring passes. */
  readonly args?: readonly string[];
  /** What calls it: `git-hook:<hook>`, `ci:<file>`, `git-config:<key>`, `toolchain:<file>`, `provider-hook:<provider>[:<event>]`, or `manual` (documented, not verified). */
  readonly wired_by: string;
}

/** A kind of work that needs no stated intent. */
export interface PolicyIntentExemption {
  /** The exemption's name. */
  readonly id: string;
  /** Why this kind of work is exempt. */
  readonly description?: string;
}

/** One provider instruction file generated from the policy. */
export interface PolicyProjection {
  /** The provider the file is written for. */
  readonly provider: string;
  /** The repository-relative file written. */
  readonly target: string;
  /** Whether the provider loads this file into every conversation; at most one projection says so. */
  readonly always_loaded?: boolean;
  /** `file` owns the whole target; `region` owns only the text between its markers. */
  readonly mode?: 'file' | 'region';
}

/**
 * An execution profile, .ai/repo/profiles/<name>.yaml: how capable a worker should be, how much effort and context it gets, how it reports and what it must verify. It names no vendor model.
 *
 * Kind `profile`; schema `share/schemas/profile.v1.schema.json`.
 */
export interface Profile {
  /** The profile's name; it equals the file name without `.yaml`. */
  readonly name: string;
  /** What kind of work the profile suits, in one line. */
  readonly description: string;
  /** The capability tier a projection maps to a model. */
  readonly capability: 'fast' | 'standard' | 'strong' | 'strongest';
  /** How much reasoning effort to spend; absent inherits the provider default. */
  readonly effort?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /** When to raise the effort; projected as guidance, not enforced. */
  readonly effort_escalation?: ProfileEffortEscalation;
  /** How much the worker writes. */
  readonly verbosity: 'terse' | 'concise' | 'detailed';
  /** Who the output is written for. */
  readonly presentation: 'machine' | 'engineering' | 'summary';
  /** The reasoning style asked for. */
  readonly reasoning?: string;
  /** Which context to hand the worker. */
  readonly context?: ProfileContext;
  /** What finishing a task under this profile must prove. */
  readonly verification?: ProfileVerification;
  /** How often the worker writes a checkpoint. */
  readonly checkpoint_interval?: string;
  /** The fields a completion note must carry under this profile. */
  readonly output_contract?: readonly string[];
}

/** When to raise the effort; projected as guidance, not enforced. */
export interface ProfileEffortEscalation {
  /** Escalate after this many blocked attempts. */
  readonly after_blocked_attempts: number;
  /** The effort to escalate to. */
  readonly to: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
}

/** Which context to hand the worker. */
export interface ProfileContext {
  /** Load the active task. */
  readonly task?: boolean;
  /** Load the current state of the work. */
  readonly current_state?: boolean;
  /** Load recent decisions. */
  readonly decisions?: boolean;
  /** Load the files the task names. */
  readonly relevant_files?: boolean;
  /** Load the output of the failing command. */
  readonly failing_output?: boolean;
  /** How many recent commits to load; 0 loads none. */
  readonly recent_history_depth?: number;
  /** Load architecture notes. */
  readonly architecture_notes?: boolean;
  /** Load the knowledge the task references. */
  readonly knowledge?: boolean;
  /** At most this many knowledge pointers, also capped by the policy's context.max_list_items. */
  readonly knowledge_max_items?: number;
}

/** What finishing a task under this profile must prove. */
export interface ProfileVerification {
  /** Whether finishing requires a verification command: always, never, or only when files changed. */
  readonly verify_command_required?: boolean | 'if_files_changed';
  /** Whether a change must come with a regression test. */
  readonly regression_test_required?: boolean;
  /** Whether a change must come with a decision record. */
  readonly decision_record_required?: boolean;
}

/**
 * The repository scope, .ai/repo/scope.yaml: which paths a worker reads and which it never reads. `out` wins over `in`.
 *
 * Kind `scope`; schema `share/schemas/scope.v1.schema.json`.
 */
export interface Scope {
  /** The scope format version; only 1 exists. */
  readonly version: 1;
  /** The paths a worker may read; a path matching none of these is out of scope. */
  readonly in: readonly string[];
  /** What is never read, by path, by content, by size and by category. */
  readonly out?: ScopeOut;
}

/** What is never read, by path, by content, by size and by category. */
export interface ScopeOut {
  /** Paths never read. */
  readonly paths?: readonly string[];
  /** Whether files whose content is not text are out. */
  readonly binary?: boolean;
  /** A file larger than this many bytes is out. */
  readonly max_bytes?: number;
  /** Archives. */
  readonly archive?: ScopeCategory;
  /** Images. */
  readonly image?: ScopeCategory;
  /** Video. */
  readonly video?: ScopeCategory;
  /** PDF documents. */
  readonly pdf?: ScopeCategory;
  /** Database dumps and database files. */
  readonly database_dump?: ScopeCategory;
  /** Generated assets: bundles, minified files, source maps, compiled schemas. */
  readonly generated?: ScopeCategory;
  /** Secrets: never read, never quoted. */
  readonly secret?: ScopeCategory;
  /** Test data, read only up to a size. */
  readonly fixtures?: ScopeFixturesCategory;
}

/** One category of files that are out of scope. */
export interface ScopeCategory {
  /** Pathspecs anchored at the repository root. */
  readonly paths?: readonly string[];
  /** File-name patterns, matched against the name alone. */
  readonly names?: readonly string[];
}

/** Test data: read up to a size, beyond which it is data rather than context. */
export interface ScopeFixturesCategory {
  /** Pathspecs anchored at the repository root. */
  readonly paths?: readonly string[];
  /** File-name patterns, matched against the name alone. */
  readonly names?: readonly string[];
  /** A fixture larger than this many bytes is out. */
  readonly max_bytes?: number;
}

/**
 * The front matter of a rule object: a Markdown file whose body explains the rule and whose front matter identifies it and, when the tool enforces it, says how.
 *
 * Kind `rule`; schema `share/schemas/rule.v1.schema.json`.
 */
export interface RuleFrontMatter {
  /** The rule's identity together with its version; namespaced by origin (`majordomus.`, `project.`). Never the file name. */
  readonly id: string;
  /** The rule's version, a decimal integer written as digits, 1 to 2147483647; `id@version` is its identity. */
  readonly version: number;
  /** Always `rule`. */
  readonly kind: 'rule';
  /** A short title. */
  readonly title: string;
  /** What the rule requires, in one sentence. */
  readonly description: string;
  /** The normative sentence a worker follows. */
  readonly statement: string;
  /** A deprecated rule is listed but never applied. */
  readonly status: 'active' | 'deprecated';
  /** A violation of a blocking rule fails; of an advisory one, warns. */
  readonly class: 'blocking' | 'advisory';
  /** The rules this one builds on, each as an exact `id@version`. */
  readonly depends_on?: readonly string[];
  /** Free labels for grouping and search. */
  readonly tags?: readonly string[];
  /** How the tool enforces the rule (with a validator), or what an unenforced rule declares (tests, claims, reviewed_because). */
  readonly 'x-majordomus'?: RuleFrontMatterEnforcement;
}

/** How the tool enforces a rule. With a `validator`, the rule is enforced and the other keys it needs are required; without one, the block only declares tests, claims or why the rule is reviewed, and the rule runs at no gate. */
export interface RuleFrontMatterEnforcement {
  /** The registered validator that checks the rule. */
  readonly validator?: string;
  /** The category its findings are filed under, unless a finding names another. */
  readonly category?: string;
  /** The gates that run it. */
  readonly enforced_by?: readonly string[];
  /** The name the policy's verification.finish_requires uses for this rule. */
  readonly policy_key?: string;
  /** The exit code a violation produces. */
  readonly exit_code?: number;
  /** The documented claims this rule makes true. */
  readonly claims?: readonly string[];
  /** Repository-relative tests that prove the rule. */
  readonly tests?: readonly string[];
  /** Options for the validator, checked against the validator's own options schema. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Why this rule is decided by review rather than by an executable check. */
  readonly reviewed_because?: string;
}

/**
 * The manifest of a rule package, manifest.yaml beside its rules/ directory: every rule file with its identity and the sha256 of its bytes, so a hand edit, a missing file or an unlisted file is detected.
 *
 * Kind `rule-package`; schema `share/schemas/rule-package.v1.schema.json`.
 */
export interface RulePackageManifest {
  /** Who publishes the package. */
  readonly vendor: string;
  /** The package name. */
  readonly package: string;
  /** The package version. */
  readonly version: number;
  /** The package format; only `ai-rules/v1` exists. */
  readonly format: 'ai-rules/v1';
  /** The version of the tool the package was taken from. */
  readonly source_revision: string;
  /** Every rule file of the package, sorted by id. */
  readonly rules: readonly RulePackageManifestEntry[];
}

/** One rule file of the package. */
export interface RulePackageManifestEntry {
  /** The rule's id, as its front matter declares it. */
  readonly id: string;
  /** The rule's version, as its front matter declares it. */
  readonly version: number;
  /** The rule file, relative to the package directory. */
  readonly file: string;
  /** The lowercase hex sha256 of the file's bytes. */
  readonly sha256: string;
}

/**
 * The declaration of a pack, rules/<pack>/pack.yaml beside its rules/ directory: the validators and gates the pack brings, whether init vendors it, the commands it adds and the code that builds what its validators read. The code generator compiles every pack.yaml into engine/generated/; nothing reads it at run time.
 *
 * Kind `pack`; schema `share/schemas/pack.v1.schema.json`.
 */
export interface PackDeclaration {
  /** The format of this declaration; only `majordomus-pack/v1` exists. */
  readonly schema: 'majordomus-pack/v1';
  /** The pack's name: its folder under rules/, and the vendor of its rule package. */
  readonly name: string;
  /** What the pack governs, in one line. */
  readonly description: string;
  /** How a repository adopts it: `always` (init vendors it and it cannot be removed: the baseline), `default` (init vendors it; `rules vendor remove` drops it), `optional` (`rules vendor add` adopts it), `never` (shipped as worked examples, never vendored). */
  readonly vendoring: 'always' | 'default' | 'optional' | 'never';
  /** The built-in validators the pack brings, by their name in validators/index.ts. Each registered validator belongs to exactly one pack; doctor audits the validators of the packs a repository adopted. */
  readonly validators: readonly string[];
  /** The gates the pack brings: the moments its rules are enforced at. */
  readonly gates?: readonly PackDeclarationGate[];
  /** True when the pack's rule files are compiled into the bundle (engine/generated/<pack>-pack.ts), so a gate of the pack runs without the distribution on disk (a standalone bundle). */
  readonly embedded?: boolean;
  /** The module (repository-relative, under engine/) exporting `models`: what the pack builds once per run from the target of one of its gates and hands its validators through the context. Imported only when a gate of the pack runs. */
  readonly context?: string;
  /** The top-level command families the pack brings, by name: each is declared in engine/commands/ and listed in engine/commands/index.ts, which a test holds to this list. */
  readonly commands?: readonly string[];
  /** Standalone bundles the build writes: dist/<name>.mjs, one file carrying everything it imports. */
  readonly bundles?: readonly PackDeclarationBundle[];
}

/** A gate: a moment at which rules are enforced. A rule names the gates that run it in x-majordomus.enforced_by. */
export interface PackDeclarationGate {
  /** The gate's name, unique across every pack. */
  readonly name: string;
  /** What the gate judges, in one line. */
  readonly description: string;
  /** What the gate judges: `repository` (an adopted repository: its layer, git and tracked files) or `folder` (a folder, inside a repository or not). The context a validator receives offers what that kind of target has. */
  readonly target: 'repository' | 'folder';
  /** What a blocking rule's violation becomes: `fail` (FAIL, the rule's exit_code) or `drift` (DRIFT); an advisory rule's violation is a WARN at every gate. */
  readonly violation_level: 'fail' | 'drift';
  /** When present, the exit code a violation produces at this gate, in place of the rule's own. */
  readonly exit_code?: number;
  /** The gates whose rules this gate runs too: gates that are cumulative. */
  readonly includes?: readonly string[];
  /** The command that runs one rule of the gate again, printed as a finding's `reproduce`: {rule} is the rule id, {target} the folder the gate judged. */
  readonly command: string;
}

/** A standalone bundle of the build. */
export interface PackDeclarationBundle {
  /** The file name under dist/, without `.mjs`. */
  readonly name: string;
  /** The entry module, repository-relative, under engine/. */
  readonly entry: string;
}

/**
 * The current task, .ai/local/state/current.yaml: the one task this checkout works on, what it claimed, and the git state it started from. Written by `start`; only `outcome` and `checkpoint_at` change afterwards. Archived whole to state/archive/<id>.yaml.
 *
 * Kind `task`; schema `share/schemas/task.v1.schema.json`.
 */
export interface Task {
  /** The task's identity: t-<UTC yyyymmddHHMMSS>-<4 hex>, allocated by start. */
  readonly id: string;
  /** What the task is, in one line. */
  readonly task: string;
  /** The execution profile it runs under: a file of the profiles section. */
  readonly profile: string;
  /** Who works on it, free-form. */
  readonly owner: string;
  /** The pathspecs the task claims, repository-relative, normalised at start (no trailing slash). */
  readonly scope: readonly string[];
  /** When start wrote it, UTC. */
  readonly started_at: string;
  /** The last checkpoint, UTC: updated by check --checkpoint, checkpoint and finish. */
  readonly checkpoint_at?: string;
  /** active while the work goes on; the outcome finish recorded afterwards. */
  readonly outcome: 'active' | 'completed' | 'partial' | 'blocked' | 'no_match' | 'failed' | 'handed_over';
  /** Computed at start: git's common directory, absolute. */
  readonly repository_id: string;
  /** Computed at start: the checkout the task belongs to, absolute. */
  readonly worktree: string;
  /** Computed at start: the branch checked out; absent when HEAD was detached. */
  readonly branch?: string;
  /** Computed at start: the full commit HEAD named; absent before the first commit. */
  readonly head?: string;
  /** Computed at start: whether the working tree had changes. */
  readonly working_tree: 'clean' | 'dirty';
  /** Computed at start: the paths already changed then (staged, unstaged or untracked; ignored files aside), each with the git blob id of its content at the start, or `deleted`. They are the task's starting point: a path that still holds that content is not the task's change. */
  readonly started_dirty?: readonly TaskStartedDirtyItem[];
}

/** TaskStartedDirtyItem */
export interface TaskStartedDirtyItem {
  /** Repository-relative. */
  readonly path: string;
  /** The git blob id of the content at the start, or `deleted`. */
  readonly blob: string;
}

/**
 * share/events.yaml: every event name the ledger accepts, the command that writes it and the payload keys each line of it carries. The code generator compiles it into engine/generated/events.ts; nothing reads it at run time.
 *
 * Kind `events`; schema `share/schemas/events.v1.schema.json`.
 */
export interface LedgerEventVocabulary {
  /** The format of this file; only 1 exists. */
  readonly version: 1;
  /** The events, in the order `history --help` and the documentation list them. */
  readonly events: readonly LedgerEventVocabularyEvent[];
}

/** One event name and what a line of it carries. */
export interface LedgerEventVocabularyEvent {
  /** The name, as the `event` key of a ledger line holds it. */
  readonly id: string;
  /** A short label. */
  readonly title: string;
  /** What happened, in one sentence. */
  readonly summary: string;
  /** The command that writes it. */
  readonly emitted_by: string;
  /** The payload keys every line of it carries besides the envelope; none may be an envelope key (ts, event, head, branch, by, session). */
  readonly requires: readonly string[];
  /** True when the event is part of the record a user reads back with `history`. */
  readonly public: boolean;
  /** What a reader of the ledger should know about it. */
  readonly note?: string;
}

/**
 * The repository's declared knowledge sources, .ai/repo/knowledge/sources.yaml: which tracked files are knowledge, in which class. Discovery asks git for the tracked files a class's pathspec matches; nothing walks the file system.
 *
 * Kind `knowledge-sources`; schema `share/schemas/knowledge-sources.v1.schema.json`.
 */
export interface KnowledgeSources {
  /** The format version; only 1 exists. */
  readonly version: 1;
  /** The source classes, in the order they are reported. */
  readonly sources: readonly KnowledgeSourcesSource[];
}

/** One class of knowledge source. */
export interface KnowledgeSourcesSource {
  /** The class's name, unique in the file: lower-case letters, digits, `-` and `_` (the upstream tool writes `use_case`, `claim_page`). */
  readonly id: string;
  /** The node kind every source of the class produces (what `knowledge nodes --kind` selects). */
  readonly kind: string;
  /** How the class's sources are found: `vcs`, the tracked files its pathspec matches. */
  readonly discovery: 'vcs';
  /** A git pathspec with the `:(glob)` prefix, anchored at the repository root (no leading slash, no `..` segment, no absolute form): `*` stays within a segment, `**` spans any depth. */
  readonly pathspec: string;
  /** Whether a class that discovers nothing is a finding rather than a silence. */
  readonly required: boolean;
}

/**
 * What a provider reported about the execution of one task, .ai/local/state/telemetry/<task id>.yaml. Every fact names its reporter and is a value or a stated absence; all eight facts are present; nothing derived (a total, a ratio) is stored.
 *
 * Kind `telemetry`; schema `share/schemas/telemetry.v1.schema.json`.
 */
export interface TelemetryRecord {
  /** The format of the record; only telemetry/v1 exists. */
  readonly schema: 'telemetry/v1';
  /** Always telemetry. */
  readonly kind: 'telemetry';
  /** The task the facts are about, as start allocated it; the file is named after it. */
  readonly task_id: string;
  /** The episode the facts were reported in, when known. */
  readonly session_id?: string;
  /** When the record was written, UTC, by this machine's clock (never the provider's). */
  readonly recorded_at: string;
  /** The eight facts, each present: an omitted one would read as zero. */
  readonly facts: TelemetryRecordFacts;
}

/** The eight facts, each present: an omitted one would read as zero. */
export interface TelemetryRecordFacts {
  /** Input that touched no cache. */
  readonly input_uncached_tokens: TelemetryRecordFact;
  /** Input written to the cache. */
  readonly cache_write_tokens: TelemetryRecordFact;
  /** Input read from the cache. */
  readonly cache_read_tokens: TelemetryRecordFact;
  /** Output, reasoning included. */
  readonly output_tokens: TelemetryRecordFact;
  /** The reasoning part of the output, when the reporter separates it. */
  readonly reasoning_tokens: TelemetryRecordFact;
  /** Requests made to the model. */
  readonly requests: TelemetryRecordFact;
  /** Tool calls the model made. */
  readonly tool_calls: TelemetryRecordFact;
  /** What the reporter says the work cost, in millionths of a US dollar; never computed here. */
  readonly cost_microusd: TelemetryRecordFact;
}

/** Fact */
export interface TelemetryRecordFact {
  /** The measurement, as reported (0 is a measurement). */
  readonly value?: number;
  /** Why the reporter gave no value. */
  readonly not_reported?: string;
  /** The party the value came from, or that would have reported it and did not. */
  readonly reporter: string;
}

/**
 * The front matter of a closed execution episode, .ai/repo/sessions/<utc>--<session id>--<branch key>--<short head>--<16 hex>.md: what the repository can prove about a stretch of work — its identity and times, the branch and the heads it moved between, the commits it produced, the paths it changed, and the outcome. Written by `session close` from git and the ledger and by nothing else; the optional body summarises the work, and the contract has no field for a conversation. The open episode's own state file is another kind (session).
 *
 * Kind `session-record`; schema `share/schemas/session-record.v1.schema.json`.
 */
export interface SessionRecord {
  /** The contract; a version this executable does not read is refused. */
  readonly schema: 'session/v1';
  /** Always session. */
  readonly kind: 'session';
  /** The identity: s-<UTC yyyymmddHHMMSS>-<4 hex>, allocated when the episode opened, never reused. */
  readonly session_id: string;
  /** When the record was written: the close, UTC. */
  readonly created_at: string;
  /** When the episode opened, UTC. */
  readonly started_at: string;
  /** When it closed, UTC. */
  readonly closed_at: string;
  /** closed: the episode ended deliberately; interrupted: it stopped without one. */
  readonly outcome: 'closed' | 'interrupted';
  /** One line for a listing: the task's title when it had one. */
  readonly title?: string;
  /** The task the episode belonged to, or none. */
  readonly task_id?: string;
  /** The profile that task was worked under, or none. */
  readonly profile?: string;
  /** What did the work, as it identified itself; recorded only when supplied. */
  readonly worker?: string;
  /** The repository by its remote, without credentials; local:<hash> when it has none. */
  readonly repository_id?: string;
  /** The working copy, named without naming a path: a hash of its real path. */
  readonly worktree_id?: string;
  /** The branch at the close; empty on a detached head. */
  readonly branch?: string;
  /** The commit the episode started from; empty before the first commit. */
  readonly start_head?: string;
  /** The commit it ended at; empty before the first commit. */
  readonly head?: string;
  /** Whether the working tree had changes when the episode opened. */
  readonly start_working_tree?: 'clean' | 'dirty';
  /** And when it closed. */
  readonly working_tree?: 'clean' | 'dirty';
  /** The commits between the two heads, oldest first, short; the single entry diverged when the start is no longer an ancestor. */
  readonly commits?: readonly string[];
  /** The paths changed since the start head, repository-relative, as git reported them. */
  readonly changed_files?: readonly string[];
  /** The tasks the episode worked on, by id. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly tasks?: readonly string[];
  /** The issues it moved, by id. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly issues?: readonly string[];
  /** The milestones those issues belong to, by id. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly milestones?: readonly string[];
  /** The checkpoints it recorded, by path. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly checkpoints?: readonly string[];
  /** The handovers it wrote, by path. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly handovers?: readonly string[];
  /** The decisions it recorded, by heading. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly decisions?: readonly string[];
  /** The questions it opened. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly questions?: readonly string[];
  /** The evidence it attached, <issue>:<claim>. Derived from the ledger lines stamped with the episode's id; never authored. */
  readonly evidence?: readonly string[];
  /** Present on records older writers made before `schema`; read, never written. */
  readonly schema_version?: number;
}

/**
 * One open execution episode, .ai/local/state/sessions-open/<provider session>.yaml (`hand` when nobody named one): filed exclusively by `session start`, removed by the `session close` of that episode, never tracked. The identity fields are computed from git at the open, never authored; worker and owner are the only values a person supplies.
 *
 * Kind `session`; schema `share/schemas/session.v1.schema.json`.
 */
export interface OpenSession {
  /** The episode's identity: s-<UTC yyyymmddHHMMSS>-<4 hex>. It names files (the context, the record), so nothing else is read. */
  readonly session_id: string;
  /** When the episode opened, UTC. */
  readonly started_at: string;
  /** Who opened it: --owner, else git's user.name, else unrecorded. */
  readonly owner: string;
  /** What does the work, as it identified itself; recorded only when supplied. */
  readonly worker?: string;
  /** The provider whose hook opened the episode; only a hook adapter names one. */
  readonly provider?: string;
  /** The provider's own session id, when one was named: the episode is filed under it (a provider id that spells the manual key `hand` is filed under `hand-p`). */
  readonly provider_session?: string;
  /** The episode this one was forked from (the provider started this session as a fork of that one), when that episode was known to this checkout: its session id. */
  readonly forked_from?: string;
  /** Computed at the open: git's common directory, absolute. */
  readonly repository_id: string;
  /** Computed at the open: the checkout the episode belongs to, absolute. An episode of another checkout is never this one's. */
  readonly worktree: string;
  /** Computed at the open: the branch checked out; empty on a detached head. */
  readonly branch: string;
  /** Computed at the open: the commit HEAD named; empty before the first commit. */
  readonly start_head: string;
  /** Computed at the open: whether the working tree had changes. */
  readonly start_working_tree: 'clean' | 'dirty';
}

/**
 * The front matter of an episode's bounded working context, .ai/local/session-contexts/<stamp>--<session id>.md: written by `session start`, appended to (never rewritten) by `session close`, never tracked. It describes the open; the body holds the context builder's output and the worker's notes. It is never a transcript: no key names a message list, a completion or a model's reply.
 *
 * Kind `session-context`; schema `share/schemas/session-context.v1.schema.json`.
 */
export interface SessionContext {
  /** The contract; only session-context/v1 exists. */
  readonly schema: 'session-context/v1';
  /** Always session-context. */
  readonly kind: 'session-context';
  /** The episode this context belongs to. */
  readonly session_id: string;
  /** When the episode opened, UTC. */
  readonly opened_at: string;
  /** hook exactly when the open named the provider that delivered the event; hand otherwise. */
  readonly opened_by: 'hook' | 'hand';
  /** The provider whose event opened the episode; only when one did. */
  readonly provider?: string;
  /** The provider's own identity of the session, as it sent it. */
  readonly provider_session?: string;
  /** The episode this one was forked from (the provider started this session as a fork of that one), when that episode was known to this checkout: its session id. */
  readonly forked_from?: string;
  /** The branch at the open; empty on a detached head. */
  readonly branch: string;
  /** The commit at the open; empty before the first commit. */
  readonly head: string;
  /** The active task at the open, or none. */
  readonly task_id: string;
  /** That task's profile, or none. */
  readonly profile: string;
  /** What does the work, as it identified itself; recorded only when supplied. */
  readonly worker?: string;
}

/**
 * The front matter of a task's record, written by the tool and never by a person: a handover, .ai/local/state/handovers/<utc>--<branch key>--<short head>--<16 hex>.md, and a checkpoint, .ai/local/state/checkpoints/<same>.md, whose file name and front matter are exactly a handover's (only the folder and the body rules differ). Every field is computed when the record is written: the time, the task's identity, git's state, and the changed files classified against what the layer declares derived or never read.
 *
 * Kind `handover`; schema `share/schemas/handover.v1.schema.json`.
 */
export interface RecordFrontMatter {
  /** The format version; only 1 exists. */
  readonly schema_version: 1;
  /** When the record was written, UTC. */
  readonly created_at: string;
  /** The task the record was written for. */
  readonly task_id: string;
  /** That task's profile. */
  readonly profile: string;
  /** That task's owner. */
  readonly owner: string;
  /** git's common directory, absolute. */
  readonly repository_id: string;
  /** The checkout that wrote it, absolute: the resolver prefers this worktree's records. */
  readonly worktree: string;
  /** The branch; empty on a detached head. */
  readonly branch: string;
  /** The full commit; empty before the first commit. */
  readonly head: string;
  /** Whether the working tree had changes. */
  readonly working_tree: 'clean' | 'dirty';
  /** Every changed path — staged, unstaged or untracked — that no declaration classified out, as git reported it. */
  readonly changed_files: readonly string[];
  /** How many changed paths the classification left out, 0 included: the list's denominator. Absent on a record written before the classification. */
  readonly changed_files_excluded?: number;
  /** Which declaration left them out, one `<declaration>=<count>` an entry (record-store, scope-out-paths, scope-generated, policy-projections). */
  readonly changed_files_excluded_by?: readonly string[];
}

/**
 * The front matter of an executable use case, .ai/repo/use-cases/<id>.md: what it is called, whether it is guaranteed, and the commands its scenario runs. The body carries # Situation, # Outcome and, under # Scenario, one fenced yaml block (kind use-case-scenario). A key this version does not know is a problem, never ignored.
 *
 * Kind `use-case`; schema `share/schemas/use-case.v1.schema.json`.
 */
export interface UseCaseFrontMatter {
  /** The identity: the file name without .md. */
  readonly id: string;
  /** Always use-case. */
  readonly kind: 'use-case';
  /** One line naming what the user achieves. */
  readonly title: string;
  /** One sentence saying how. */
  readonly summary: string;
  /** The family of the use case (adoption, continuity, completion, …). */
  readonly category?: string;
  /** active, draft or deprecated. */
  readonly status: 'active' | 'draft' | 'deprecated';
  /** guaranteed: its scenario must exist and pass; advisory: it may have none. */
  readonly target: 'guaranteed' | 'advisory';
  /** Its rank among use cases, 1 the most important. */
  readonly weight?: number;
  /** Who performs it (agent, operator, reviewer, …). */
  readonly actors?: readonly string[];
  /** basic, intermediate or advanced. */
  readonly difficulty?: string;
  /** The command families its scenario runs; every step runs one of them. */
  readonly commands: readonly string[];
  /** The rules it exercises, by id. */
  readonly doctrines?: readonly string[];
  /** The claims it exercises. */
  readonly claims?: readonly string[];
  /** The responsibilities of the tool it exercises. */
  readonly responsibilities?: readonly string[];
  /** The situations it applies to. */
  readonly applications?: readonly string[];
}

/**
 * The scenario of a use case: the one fenced yaml block under its # Scenario heading, which `usecase run` executes step by step against the real command line, in a fresh repository of the named setup. Every key set is closed: a misspelt expect key would make a step that checks nothing look like a step that passed.
 *
 * Kind `use-case-scenario`; schema `share/schemas/use-case-scenario.v1.schema.json`.
 */
export interface UseCaseScenario {
  /** The repository the scenario starts from: bare (git, no layer) or installed (adopted). Another name is a setup of the upstream tool's (finish-ready, challenge) that this version does not prepare: the scenario is read, and usecase run skips it, saying so. */
  readonly setup: string;
  /** What holds before the first step, in sentences. */
  readonly given?: readonly string[];
  /** The steps, run in order. */
  readonly steps: readonly UseCaseScenarioStep[];
  /** What holds after the last step, in sentences. */
  readonly then?: readonly string[];
}

/** One step: the command line's arguments (or, as the upstream tool writes a worker's own action, a shell command), what it reads on stdin, and what must come of it. Exactly one of run and worker. */
export interface UseCaseScenarioStep {
  /** The step's name, unique in the scenario. */
  readonly id: string;
  /** The arguments after majordomus; the first is a command the use case lists. */
  readonly run?: readonly string[];
  /** Instead of run: what the worker does between commands, one shell command line run by sh in the scenario's repository (majordomus on PATH is the CLI under test). */
  readonly worker?: string;
  /** Why the step is there. */
  readonly note?: string;
  /** A file beside the use case, relative to the use-cases folder, fed on stdin; empty stdin otherwise. */
  readonly stdin?: string;
  /** What a step expects of the command it ran; exit is required. */
  readonly expect: UseCaseScenarioExpectation;
}

/** What a step expects of the command it ran; exit is required. */
export interface UseCaseScenarioExpectation {
  /** The exit code. */
  readonly exit: number;
  /** Regular expressions (^ and $ per line) the output must match, each of them. */
  readonly stdout_contains?: readonly string[];
  /** Regular expressions the output must not match, any of them. */
  readonly stdout_not_contains?: readonly string[];
  /** Paths, relative to the scenario's repository, that must exist afterwards. */
  readonly files_exist?: readonly string[];
  /** For each path relative to the repository, the regular expressions its content must match. */
  readonly files_contain?: Readonly<Record<string, unknown>>;
}

/**
 * The front matter of a candidate knowledge record, <knowledge section>/candidates/<id>.md: what `knowledge derive` took from one episode's ledger lines — a decision recorded, a question answered, a task finished — for a person to review, promote or reject. Its name and bytes follow from the evidence alone, so deriving twice writes nothing the second time; the deriver never writes any status but candidate.
 *
 * Kind `knowledge-candidate`; schema `share/schemas/knowledge-candidate.v1.schema.json`.
 */
export interface KnowledgeCandidate {
  /** The identity and the file name: <kind>-<slug of the title>-<10 hex of the evidence>. */
  readonly id: string;
  /** What the evidence was: a decision, an answer to a question, a task's outcome. */
  readonly kind: 'decision' | 'answer' | 'outcome';
  /** Always candidate: review is a person's act. */
  readonly status: 'candidate';
  /** What was decided, asked, or finished. */
  readonly title: string;
  /** The day of the evidence, UTC. */
  readonly date: string;
  /** The episode the evidence was stamped with. */
  readonly episode: string;
  /** The task the evidence names, when it names one. */
  readonly task?: string;
  /** Where it came from: ledger:<event>@<time>. */
  readonly evidence: readonly string[];
}

/**
 * The front matter of a context document: a file the manifest's context.documents names (README.md) under .ai/, outside local/ and rules/vendor/. It says where it applies, to whom, and how it composes with the documents above it. There are no defaults: a key the contract requires is written, never assumed.
 *
 * Kind `context`; schema `share/schemas/context.v1.schema.json`.
 */
export interface ContextDocument {
  /** The contract; only context/v1 exists. */
  readonly schema: 'context/v1';
  /** The document's identity, unique across the tree; it survives a move of the file. */
  readonly id: string;
  /** Always context. */
  readonly kind: 'context';
  /** One line, for a listing. */
  readonly title: string;
  /** One sentence: what the document tells its reader. */
  readonly description: string;
  /** `active` documents are applied; `deprecated` ones are discovered and listed, never applied. */
  readonly status: 'active' | 'deprecated';
  /** `directory`: the document's own folder; `subtree`: its folder and everything below (at the layer's root, the whole repository); `explicit`: the folders `paths` names. */
  readonly scope: 'directory' | 'subtree' | 'explicit';
  /** For `explicit` scope only: repository-relative folders the document applies to (`.` is the repository's root). */
  readonly paths?: readonly string[];
  /** `*`, or the providers of the policy's projections the document is for. */
  readonly providers: readonly string[];
  /** Who the document addresses; `context resolve --audience` filters on it. */
  readonly audience: readonly ('human' | 'agent')[];
  /** `extend` adds to what the documents above say; `replace` drops the ones it supersedes; `final` may not be superseded by anything below. */
  readonly composition: 'extend' | 'replace' | 'final';
  /** The document's place among the documents of one depth; ties are broken by path. */
  readonly order: number;
  /** For `replace` only: the ids of documents on the ancestor chain it replaces, none of them final. */
  readonly supersedes?: readonly string[];
  /** Git pathspecs of what the document describes: a change to them may leave the document behind (`context affected`). */
  readonly tracks?: readonly string[];
  /** For `subtree` scope only: what the folders below owe. */
  readonly children?: ContextDocumentChildren;
}

/** For `subtree` scope only: what the folders below owe. */
export interface ContextDocumentChildren {
  /** Whether each folder below that holds tracked files must carry a context document of its own (true where nothing declares it). */
  readonly require_contract: boolean;
  /** Folders below, relative to this document's folder, that the layer carries but does not author: they owe nothing. */
  readonly exempt?: readonly string[];
}

/**
 * One prompt a person typed, as the provider's prompt hook delivered it before the model saw it: <local>/prompts/<utc>--<16 hex>.json, written by `capture prompt` beside its Markdown rendering of the same stem (whose front matter holds the same fields but the prompt). The archive is the checkout's own, ignored and never tracked, its files 0600. The fields are the person's half of the exchange and where it was typed; nothing names the model's half. An optional field is one the capture could not know: it is absent, never null.
 *
 * Kind `prompt`; schema `share/schemas/prompt.v1.schema.json`.
 */
export interface PromptRecord {
  /** The contract: majordomus.prompt/v1, described by share/schemas/prompt.v1.schema.json. */
  readonly schema: 'majordomus.prompt/v1';
  /** The record's stem, <UTC yyyymmddTHHMMSSZ>--<16 hex>: its file name without the extension, and its rendering's. */
  readonly id: string;
  /** When the hook delivered the prompt, UTC. */
  readonly captured_at: string;
  /** The provider whose prompt hook delivered it (claude-code). */
  readonly provider: string;
  /** The provider's own session id, as it sent it; absent when the payload named none. */
  readonly provider_session?: string;
  /** How the record names its episode: open (the episode was open under this provider session when the prompt arrived: an observation), session-context or ledger (linked afterwards from evidence that survived the close: an inference), orphan (the capture looked and found no episode), unlinked-legacy (written before this field existed). */
  readonly episode_link: 'open' | 'session-context' | 'ledger' | 'orphan' | 'unlinked-legacy';
  /** The episode's session id; present exactly when episode_link is open, session-context or ledger. */
  readonly episode?: string;
  /** The repository as a session record names it: its remote without credentials, or local:<hash> when it has none. */
  readonly repository_id: string;
  /** The checkout as a session record names it: 16 hex of a hash of its real path. */
  readonly worktree_id: string;
  /** The branch checked out; absent on a detached head. */
  readonly branch?: string;
  /** The commit HEAD named; absent before the first commit. */
  readonly head?: string;
  /** The provider's permission mode when the prompt was typed (default, plan, acceptEdits, …); absent when the payload gave none. */
  readonly permission_mode?: string;
  /** What was replaced before the prompt was written, by kind: credential shapes the writer knows, each replaced by [redacted:<kind>]. Absent when nothing was. */
  readonly redactions?: readonly PromptRecordRedactionsItem[];
  /** The size of the prompt as written (after redaction), in UTF-8 bytes. */
  readonly prompt_bytes: number;
  /** The SHA-256 of the prompt as written, hex. */
  readonly prompt_sha256: string;
  /** How this record relates to others of the archive. */
  readonly meta?: PromptRecordMeta;
  /** The prompt, as typed, credential shapes replaced. Last: the only field without a bound on its size. */
  readonly prompt: string;
}

/** PromptRecordRedactionsItem */
export interface PromptRecordRedactionsItem {
  readonly kind: string;
  readonly count: number;
}

/** How this record relates to others of the archive. */
export interface PromptRecordMeta {
  /** The file name of the record this one derives from, in the same archive: a name, never a path. */
  readonly parent?: string;
}

/** The document type of each kind, by kind name. */
export interface KindDocuments {
  readonly manifest: Manifest;
  readonly policy: Policy;
  readonly profile: Profile;
  readonly scope: Scope;
  readonly rule: RuleFrontMatter;
  readonly 'rule-package': RulePackageManifest;
  readonly pack: PackDeclaration;
  readonly task: Task;
  readonly events: LedgerEventVocabulary;
  readonly 'knowledge-sources': KnowledgeSources;
  readonly telemetry: TelemetryRecord;
  readonly 'session-record': SessionRecord;
  readonly session: OpenSession;
  readonly 'session-context': SessionContext;
  readonly handover: RecordFrontMatter;
  readonly 'use-case': UseCaseFrontMatter;
  readonly 'use-case-scenario': UseCaseScenario;
  readonly 'knowledge-candidate': KnowledgeCandidate;
  readonly context: ContextDocument;
  readonly prompt: PromptRecord;
}
