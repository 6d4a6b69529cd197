/**
 * Checks a parsed document against the JSON Schema of its kind, with the precompiled validators the
 * code generator writes (no ajv compile at start-up), and turns each schema error into a problem that
 * names the key and the line it sits on.
 */

import type { KindName } from '../generated/kinds';
import { schemaKeys } from '../generated/schema-keys';
import { schemaValidators } from '../generated/schema-validators';
import { printable } from '../io/document-error';
import { nearestName } from '../io/nearest-name';
import { RELATIVE_PATH_PATTERN, relativePathProblem } from '../io/paths';
import type { YamlDocument } from './yaml-document';

/** One way a document breaks its schema. */
export interface SchemaProblem {
  /** The flattened key path the problem is about (`x-majordomus.validator`); '' is the document. */
  readonly key: string;
  /** The 1-based file line of that key, or of its closest parent that has one. */
  readonly line: number | undefined;
  /** What is wrong, naming the key. */
  readonly message: string;
  /** The JSON Schema keyword that failed. */
  readonly keyword: string;
  /** For an unknown key: the allowed key nearest to it (a flattened path, like `key`), when one is close. */
  readonly nearest?: string;
}

/** At most this many problems are reported for one document; the rest are counted. */
export const MAX_PROBLEMS = 50;

/** One error of a JSON Schema validator, as ajv reports it. */
export interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

/** Validate `doc` against the schema of `kind`; an empty list means it conforms. */
export function checkSchema(kind: KindName, doc: YamlDocument, describe: KeyDescriber = describeKey): SchemaProblem[] {
  const validate = schemaValidators[kind] as ((data: unknown) => boolean) & { errors?: SchemaError[] | null };
  if (validate(doc.value)) return [];
  const found = problemsWithErrors(validate.errors ?? [], doc, describe);
  // the nearest allowed key of each unknown one is looked up once the problems to report are chosen
  // (a document may hold thousands of unknown keys)
  const reported = found
    .slice(0, MAX_PROBLEMS)
    .map(({ problem, error }) => (error.keyword === 'additionalProperties' ? withNearestKey(kind, problem, error) : problem));
  if (found.length > MAX_PROBLEMS) {
    const more = found.length - MAX_PROBLEMS;
    return [...reported, { key: '', line: undefined, message: `…and ${more} more`, keyword: 'more' }];
  }
  return reported;
}

/**
 * The problems of `doc` from the errors a JSON Schema validator (ajv) reported for its value, each once,
 * in the order reported (the summary of an `if` is dropped: the errors of its branch say what is wrong).
 */
export function schemaProblems(errors: readonly SchemaError[], doc: YamlDocument, describe: KeyDescriber = describeKey): SchemaProblem[] {
  return problemsWithErrors(errors, doc, describe).map(({ problem }) => problem);
}

function problemsWithErrors(
  errors: readonly SchemaError[],
  doc: YamlDocument,
  describe: KeyDescriber,
): { problem: SchemaProblem; error: SchemaError }[] {
  const found: { problem: SchemaProblem; error: SchemaError }[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const problem = toProblem(error, doc, describe);
    if (!problem) continue;
    const id = `${problem.key}\0${problem.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push({ problem, error });
  }
  return found;
}

/** No allowed key is near this long, and the edit distance is quadratic: a longer key gets no suggestion. */
const NEAREST_KEY_MAX_LENGTH = 64;

/** An unknown key's problem, naming the nearest key its mapping allows when one is close. */
function withNearestKey(kind: KindName, problem: SchemaProblem, error: SchemaError): SchemaProblem {
  const extra = String(error.params.additionalProperty);
  if (extra.length > NEAREST_KEY_MAX_LENGTH) return problem;
  const parent = problem.key.slice(0, problem.key.length - extra.length);
  const near = nearestName(extra, allowedKeys(kind, error.instancePath));
  if (near === undefined) return problem;
  const nearest = `${parent}${near}`;
  return { ...problem, message: `${problem.message} (did you mean \`${printable(nearest)}\`?)`, nearest };
}

/** The keys the mapping at `pointer` (an instance path) allows, `*` in the table matching any one step. */
function allowedKeys(kind: KindName, pointer: string): string[] {
  const steps = pointer.split('/');
  const allowed: string[] = [];
  for (const [pattern, keys] of Object.entries(schemaKeys[kind])) {
    const parts = pattern.split('/');
    if (parts.length !== steps.length || !parts.every((part, i) => part === '*' || part === steps[i])) continue;
    for (const key of keys) if (!allowed.includes(key)) allowed.push(key);
  }
  return allowed;
}

/** Phrase a key problem; a kind may override the phrasing for keys whose shape needs explaining. */
export type KeyDescriber = (key: string, keyword: string, params: Record<string, unknown>, value: unknown) => string | undefined;

function describeKey(): string | undefined {
  return undefined;
}

function toProblem(error: SchemaError, doc: YamlDocument, describe: KeyDescriber): SchemaProblem | undefined {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const key = path.join('.');
  const value = valueAt(doc.value, path);
  const shown = key === '' ? 'the document' : `\`${key}\``;
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      const full = key === '' ? extra : `${key}.${extra}`;
      return { key: full, line: lineOf(doc, full), keyword: error.keyword, message: `unknown key \`${printable(full)}\`` };
    }
    case 'required': {
      const missing = String(error.params.missingProperty);
      const full = key === '' ? missing : `${key}.${missing}`;
      return { key: full, line: lineOf(doc, key), keyword: error.keyword, message: `required key \`${full}\` is missing` };
    }
    case 'if':
    case 'anyOf':
    case 'oneOf':
      // the branch errors that follow say what is wrong; this summary adds nothing a reader can act on
      if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') return undefined;
      return {
        key,
        line: lineOf(doc, key),
        keyword: error.keyword,
        message: `${shown} has the value ${show(value)}, which matches none of the allowed shapes`,
      };
    default: {
      const custom = describe(key, error.keyword, error.params, value);
      const message = custom ?? `${shown} ${phrase(error, value)}`;
      return { key, line: lineOf(doc, key), keyword: error.keyword, message };
    }
  }
}

function phrase(error: SchemaError, value: unknown): string {
  const p = error.params;
  switch (error.keyword) {
    case 'const':
      return `is ${show(value)}, must be ${show(p.allowedValue)}`;
    case 'enum':
      return `is ${show(value)}, must be one of ${(p.allowedValues as unknown[]).map(show).join(', ')}`;
    case 'type':
      return `is ${show(value)}, must be ${article(String(p.type))}`;
    case 'pattern':
      // a record's path field: said in words, not as the pattern's lookaheads
      if (p.pattern === RELATIVE_PATH_PATTERN && typeof value === 'string')
        return `is ${show(value)}, which is not a repository-relative path in normal form: ${relativePathProblem(value) ?? 'it does not match the form'}`;
      return `is ${show(value)}, which does not match ${String(p.pattern)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `is ${show(value)}, must be ${String(p.comparison)} ${String(p.limit)}`;
    case 'minItems':
      return `must list at least ${String(p.limit)} item(s)`;
    case 'maxLength':
      return `is longer than ${String(p.limit)} characters`;
    case 'minLength':
      return `must be at least ${String(p.limit)} character(s)`;
    case 'uniqueItems':
      return `repeats an item (items ${String(p.j)} and ${String(p.i)})`;
    default:
      return error.message ?? `fails the schema (${error.keyword})`;
  }
}

function article(type: string): string {
  const words = type.split(',').map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`));
  return words.join(' or ');
}

function show(value: unknown): string {
  if (value === undefined) return 'absent';
  if (typeof value === 'string') return `"${printable(value, 60)}"`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'a list' : 'a mapping';
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The line of a key, or of its nearest ancestor that has one. */
export function lineOf(doc: YamlDocument, key: string): number | undefined {
  let probe = key;
  for (;;) {
    const line = doc.lines.get(probe);
    if (line !== undefined) return line;
    if (probe === '') return undefined;
    const dot = probe.lastIndexOf('.');
    probe = dot === -1 ? '' : probe.slice(0, dot);
  }
}

/**
 * `value` with its keys in the order the schema of `kind` declares them (any key the schema does not
 * declare after them): the order a writer puts a document's keys in, so that order is written once, in
 * the schema, rather than again beside every writer.
 */
export function inSchemaOrder<T extends object>(kind: KindName, value: T): T {
  const order = schemaKeys[kind][''] ?? [];
  const out: Record<string, unknown> = {};
  for (const key of order) if (Object.hasOwn(value, key)) out[key] = (value as Record<string, unknown>)[key];
  for (const [key, item] of Object.entries(value)) if (!Object.hasOwn(out, key)) out[key] = item;
  return out as T;
}
