/**
 * Reading documents for a validator: a YAML file or a Markdown front matter, with the line of every key;
 * a refusal to read reported as a violation naming the file and the line; a document checked against its
 * kind's schema or against a JSON Schema the repository ships, each problem on the line of its key.
 */
import type { KindName } from '../../generated/kinds';
import type { Policy } from '../../generated/types';
import { describeThrown } from '../../io/describe';
import { printable, UNREADABLE } from '../../io/document-error';
import type { Unreadable } from '../../io/unreadable';
import type { SchemaError, SchemaProblem } from '../../layer/schema-check';
import { checkSchema, schemaProblems } from '../../layer/schema-check';
import type { YamlDocument } from '../../layer/yaml-document';
import type { ValidatorContext } from '../validator';

export type { SchemaProblem } from '../../layer/schema-check';
export { checkSchema, lineOf } from '../../layer/schema-check';

/**
 * True when `error` is a refusal to read — what every reader of the context throws for a file it cannot
 * read (missing, not a regular file, over its size cap, not UTF-8, YAML outside the layer's subset) —
 * so anything else a validator catches can be thrown again.
 */
export function isUnreadable(error: unknown): error is Unreadable & Error {
  return typeof error === 'object' && error !== null && (error as { [UNREADABLE]?: unknown })[UNREADABLE] === true;
}

/** The parsed YAML document, or undefined when it does not parse (the refusal is reported as a violation). */
export function readDocument(context: Pick<ValidatorContext, 'yaml' | 'violation'>, file: string): YamlDocument | undefined {
  try {
    return context.yaml(file);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    context.violation({ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` });
    return undefined;
  }
}

/**
 * The parsed document checked against the schema of its kind of the layer (`policy`, `profile`,
 * `scope`, …): every problem is a violation on the line of its key. Undefined when it does not parse.
 */
export function readCheckedDocument(
  context: Pick<ValidatorContext, 'yaml' | 'violation'>,
  file: string,
  kind: KindName,
): YamlDocument | undefined {
  const doc = readDocument(context, file);
  if (!doc) return undefined;
  for (const problem of checkSchema(kind, doc)) {
    context.violation({ subject: file, file, line: problem.line, message: problem.message });
  }
  return doc;
}

/** The policy as a validator that reads it, without judging its shape, receives it. */
export interface PolicyDocument {
  /** Where it lives (`context.layer.policyFile`). */
  readonly file: string;
  /** As parsed: its shape is the policy rule's to judge, so read each key defensively. */
  readonly policy: Policy;
  readonly lines: ReadonlyMap<string, number>;
}

/**
 * The policy for a validator that reads it but does not judge its shape: when it does not parse, the
 * rule is skipped with a note (the policy rule reports why) and undefined is returned.
 */
export function readPolicy(context: Pick<ValidatorContext, 'yaml' | 'skip' | 'layer'>): PolicyDocument | undefined {
  const file = context.layer.policyFile;
  try {
    const doc = context.yaml(file);
    return { file, policy: doc.value as Policy, lines: doc.lines };
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    context.skip({ subject: file, message: 'the policy does not parse (the policy rule names why)' });
    return undefined;
  }
}

/** A JSON Schema compiled for a run: its check, or why it is not a schema this engine reads. */
export type CompiledSchema =
  | { readonly check: (doc: YamlDocument) => readonly SchemaProblem[]; readonly problem?: undefined }
  | { readonly check?: undefined; readonly problem: string };

/**
 * Compile a JSON Schema (draft 2020-12) — one the repository ships, or one built with `schema` — to check
 * documents with: each problem names its key and the line it sits on, in the order found. Nothing
 * remote is ever fetched; ajv is imported only when a schema is compiled. Compile it for each run and
 * keep nothing between runs.
 */
export async function compileSchema(json: unknown): Promise<CompiledSchema> {
  if (typeof json !== 'boolean' && (json === null || typeof json !== 'object' || Array.isArray(json))) {
    return { problem: 'is not a JSON Schema: its top level must be an object (or a boolean)' };
  }
  const { default: Ajv2020 } = await import('ajv/dist/2020');
  // a fresh instance per schema: two schemas may share an $id
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  let validate: ((data: unknown) => boolean) & { errors?: readonly SchemaError[] | null };
  try {
    validate = ajv.compile(json as object);
  } catch (error) {
    const why = describeThrown(error);
    const hint = /no schema with key or ref "http:\/\/json-schema\.org\//.test(why)
      ? ' (declare "$schema": "https://json-schema.org/draft/2020-12/schema", the draft this engine reads)'
      : '';
    return { problem: `does not compile: ${printable(why, 300)}${hint}` };
  }
  return { check: (doc) => (validate(doc.value) ? [] : schemaProblems(validate.errors ?? [], doc)) };
}
