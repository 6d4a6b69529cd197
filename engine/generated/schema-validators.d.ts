// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/schemas/*.v1.schema.json (ajv standalone); regenerate with `npm run generate`
// Generator: majordomus 0.1.0

import type { KindName } from './kinds';
import type { KindDocuments, Manifest, Policy, Profile, Scope, RuleFrontMatter, RulePackageManifest, PackDeclaration, Task, LedgerEventVocabulary, KnowledgeSources, TelemetryRecord, SessionRecord, OpenSession, SessionContext, RecordFrontMatter, UseCaseFrontMatter, UseCaseScenario, KnowledgeCandidate, ContextDocument, PromptRecord } from './types';

/** One way a document breaks its schema, as ajv reports it (every error is collected: allErrors). */
export interface SchemaError {
  /** JSON Pointer to the offending value: `/x-majordomus/validator`; `` is the document itself. */
  instancePath: string;
  /** JSON Pointer into the schema: `#/$defs/Enforcement/additionalProperties`. */
  schemaPath: string;
  /** The keyword that failed: `required`, `additionalProperties`, `type`, `const`, `enum`, `pattern`, ... */
  keyword: string;
  /** Keyword details: `{ missingProperty }`, `{ additionalProperty }`, `{ type }`, `{ allowedValue }`, `{ allowedValues }`, `{ pattern }`, `{ limit }`, ... */
  params: Record<string, unknown>;
  /** ajv's English sentence; for logs, not for tests. */
  message?: string;
}

/** A precompiled validator: true when `data` conforms; otherwise false, with `errors` set until the next call. */
export interface SchemaValidator<T> {
  (data: unknown): data is T;
  /** The errors of the last call that failed; null after one that passed. */
  errors?: SchemaError[] | null;
}

/** Validate a `manifest` document against `share/schemas/manifest.v1.schema.json`. */
export declare const manifest: SchemaValidator<Manifest>;
/** Validate a `policy` document against `share/schemas/policy.v1.schema.json`. */
export declare const policy: SchemaValidator<Policy>;
/** Validate a `profile` document against `share/schemas/profile.v1.schema.json`. */
export declare const profile: SchemaValidator<Profile>;
/** Validate a `scope` document against `share/schemas/scope.v1.schema.json`. */
export declare const scope: SchemaValidator<Scope>;
/** Validate a `rule` document against `share/schemas/rule.v1.schema.json`. */
export declare const rule: SchemaValidator<RuleFrontMatter>;
/** Validate a `rule-package` document against `share/schemas/rule-package.v1.schema.json`. */
export declare const rulePackage: SchemaValidator<RulePackageManifest>;
/** Validate a `pack` document against `share/schemas/pack.v1.schema.json`. */
export declare const pack: SchemaValidator<PackDeclaration>;
/** Validate a `task` document against `share/schemas/task.v1.schema.json`. */
export declare const task: SchemaValidator<Task>;
/** Validate a `events` document against `share/schemas/events.v1.schema.json`. */
export declare const events: SchemaValidator<LedgerEventVocabulary>;
/** Validate a `knowledge-sources` document against `share/schemas/knowledge-sources.v1.schema.json`. */
export declare const knowledgeSources: SchemaValidator<KnowledgeSources>;
/** Validate a `telemetry` document against `share/schemas/telemetry.v1.schema.json`. */
export declare const telemetry: SchemaValidator<TelemetryRecord>;
/** Validate a `session-record` document against `share/schemas/session-record.v1.schema.json`. */
export declare const sessionRecord: SchemaValidator<SessionRecord>;
/** Validate a `session` document against `share/schemas/session.v1.schema.json`. */
export declare const session: SchemaValidator<OpenSession>;
/** Validate a `session-context` document against `share/schemas/session-context.v1.schema.json`. */
export declare const sessionContext: SchemaValidator<SessionContext>;
/** Validate a `handover` document against `share/schemas/handover.v1.schema.json`. */
export declare const handover: SchemaValidator<RecordFrontMatter>;
/** Validate a `use-case` document against `share/schemas/use-case.v1.schema.json`. */
export declare const useCase: SchemaValidator<UseCaseFrontMatter>;
/** Validate a `use-case-scenario` document against `share/schemas/use-case-scenario.v1.schema.json`. */
export declare const useCaseScenario: SchemaValidator<UseCaseScenario>;
/** Validate a `knowledge-candidate` document against `share/schemas/knowledge-candidate.v1.schema.json`. */
export declare const knowledgeCandidate: SchemaValidator<KnowledgeCandidate>;
/** Validate a `context` document against `share/schemas/context.v1.schema.json`. */
export declare const context: SchemaValidator<ContextDocument>;
/** Validate a `prompt` document against `share/schemas/prompt.v1.schema.json`. */
export declare const prompt: SchemaValidator<PromptRecord>;
/** The precompiled validator of each kind, by kind name. */
export declare const schemaValidators: { readonly [K in KindName]: SchemaValidator<KindDocuments[K]> };
