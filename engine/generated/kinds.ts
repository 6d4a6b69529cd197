// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/kinds.yaml; regenerate with `npm run generate`
// Generator: majordomus 0.1.0

/** The name of a kind of document the layer reads. */
export type KindName = 'manifest' | 'policy' | 'profile' | 'scope' | 'rule' | 'rule-package' | 'pack' | 'task' | 'events' | 'knowledge-sources' | 'telemetry' | 'session-record' | 'session' | 'session-context' | 'handover' | 'use-case' | 'use-case-scenario' | 'knowledge-candidate' | 'context' | 'prompt';

/** The field that carries a kind's format version, and the values this executable reads. */
export interface KindSchemaVersion {
  readonly field: string;
  readonly supported: readonly (string | number)[];
}

/** How a document of one kind is read and checked (an entry of share/kinds.yaml). */
export interface KindDefinition {
  readonly name: KindName;
  /** How the file is read. */
  readonly format: 'yaml' | 'markdown' | 'json';
  /** `front_matter`, markdown only: the front matter must be present, and it is what the schema checks. */
  readonly frontMatter?: 'required';
  /** The schema stem: `share/schemas/<schema>.v1.schema.json`, allow-list `share/allow/<schema>.txt`. */
  readonly schema: string;
  /** The fields joined with `@` that identify a document; empty means its path does. */
  readonly identity: readonly string[];
  /** `schema_version`: where the kind carries a format version. */
  readonly schemaVersion?: KindSchemaVersion;
}

/** Every kind name, in registry order. */
export const kindNames: readonly KindName[] = Object.freeze(['manifest', 'policy', 'profile', 'scope', 'rule', 'rule-package', 'pack', 'task', 'events', 'knowledge-sources', 'telemetry', 'session-record', 'session', 'session-context', 'handover', 'use-case', 'use-case-scenario', 'knowledge-candidate', 'context', 'prompt'] as const);
/** The kinds registry, by name. */
export const kinds: Readonly<Record<KindName, KindDefinition>> = Object.freeze({
  manifest: Object.freeze({
    name: 'manifest',
    format: 'yaml',
    schema: 'manifest',
    identity: Object.freeze([]),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['ai-repository/v1'] as const),
    }),
  }),
  policy: Object.freeze({
    name: 'policy',
    format: 'yaml',
    schema: 'policy',
    identity: Object.freeze([]),
    schemaVersion: Object.freeze({
      field: 'version',
      supported: Object.freeze([1]),
    }),
  }),
  profile: Object.freeze({
    name: 'profile',
    format: 'yaml',
    schema: 'profile',
    identity: Object.freeze(['name'] as const),
  }),
  scope: Object.freeze({
    name: 'scope',
    format: 'yaml',
    schema: 'scope',
    identity: Object.freeze([]),
    schemaVersion: Object.freeze({
      field: 'version',
      supported: Object.freeze([1]),
    }),
  }),
  rule: Object.freeze({
    name: 'rule',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'rule',
    identity: Object.freeze(['id', 'version'] as const),
  }),
  'rule-package': Object.freeze({
    name: 'rule-package',
    format: 'yaml',
    schema: 'rule-package',
    identity: Object.freeze(['vendor', 'package'] as const),
    schemaVersion: Object.freeze({
      field: 'format',
      supported: Object.freeze(['ai-rules/v1'] as const),
    }),
  }),
  pack: Object.freeze({
    name: 'pack',
    format: 'yaml',
    schema: 'pack',
    identity: Object.freeze(['name'] as const),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['majordomus-pack/v1'] as const),
    }),
  }),
  task: Object.freeze({
    name: 'task',
    format: 'yaml',
    schema: 'task',
    identity: Object.freeze(['id'] as const),
  }),
  events: Object.freeze({
    name: 'events',
    format: 'yaml',
    schema: 'events',
    identity: Object.freeze([]),
    schemaVersion: Object.freeze({
      field: 'version',
      supported: Object.freeze([1]),
    }),
  }),
  'knowledge-sources': Object.freeze({
    name: 'knowledge-sources',
    format: 'yaml',
    schema: 'knowledge-sources',
    identity: Object.freeze([]),
    schemaVersion: Object.freeze({
      field: 'version',
      supported: Object.freeze([1]),
    }),
  }),
  telemetry: Object.freeze({
    name: 'telemetry',
    format: 'yaml',
    schema: 'telemetry',
    identity: Object.freeze(['task_id'] as const),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['telemetry/v1'] as const),
    }),
  }),
  'session-record': Object.freeze({
    name: 'session-record',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'session-record',
    identity: Object.freeze(['session_id'] as const),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['session/v1'] as const),
    }),
  }),
  session: Object.freeze({
    name: 'session',
    format: 'yaml',
    schema: 'session',
    identity: Object.freeze(['session_id'] as const),
  }),
  'session-context': Object.freeze({
    name: 'session-context',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'session-context',
    identity: Object.freeze(['session_id'] as const),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['session-context/v1'] as const),
    }),
  }),
  handover: Object.freeze({
    name: 'handover',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'handover',
    identity: Object.freeze([]),
    schemaVersion: Object.freeze({
      field: 'schema_version',
      supported: Object.freeze([1]),
    }),
  }),
  'use-case': Object.freeze({
    name: 'use-case',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'use-case',
    identity: Object.freeze(['id'] as const),
  }),
  'use-case-scenario': Object.freeze({
    name: 'use-case-scenario',
    format: 'yaml',
    schema: 'use-case-scenario',
    identity: Object.freeze([]),
  }),
  'knowledge-candidate': Object.freeze({
    name: 'knowledge-candidate',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'knowledge-candidate',
    identity: Object.freeze(['id'] as const),
  }),
  context: Object.freeze({
    name: 'context',
    format: 'markdown',
    frontMatter: 'required',
    schema: 'context',
    identity: Object.freeze(['id'] as const),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['context/v1'] as const),
    }),
  }),
  prompt: Object.freeze({
    name: 'prompt',
    format: 'json',
    schema: 'prompt',
    identity: Object.freeze(['id'] as const),
    schemaVersion: Object.freeze({
      field: 'schema',
      supported: Object.freeze(['majordomus.prompt/v1'] as const),
    }),
  }),
});
