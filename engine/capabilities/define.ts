/**
 * A capability: one thing the layer can be asked, or asked to do, declared once as data — its name, the
 * JSON Schemas of what it takes and what it answers, its effect, the toolset it belongs to, and the
 * function that does it. The command line and the MCP server are two projections of one declaration:
 * the command's `--json` prints what `run` returns (one object, or its `items` one a line), and the MCP
 * tool of the same name answers that object as its `structuredContent`, both validated against `output`.
 *
 * `run` never prints and never sets an exit code: it returns its answer or throws the error (with its
 * exit code) the command would end with, so the server can answer a refusal as the command would print it.
 */
import type { Effect, Invocation } from '../commands/define';

export type { Effect, Invocation } from '../commands/define';

/** A JSON Schema, as data (the subset both ajv and MCP clients read: no `$schema`, no remote `$ref`). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * The groups a server offers its tools in: `read` (objects, search, context, history), `gates` (the
 * gates' findings, recording nothing) and `state` (the writers of the local state). `read` and `gates`
 * write nothing; `state` is every writer.
 */
export const TOOLSETS = ['read', 'gates', 'state'] as const;
export type Toolset = (typeof TOOLSETS)[number];

/** The toolsets served when none are asked for: the ones that write nothing. */
export const DEFAULT_TOOLSETS: readonly Toolset[] = ['read', 'gates'];

/** What a capability answers when the question was asked well but the answer is itself a "no" (search: nothing matches). */
export interface Verdict {
  /** The exit code the command ends with. */
  readonly exitCode: number;
  /** The line the command prints on stderr, without the `majordomus: ` prefix. */
  readonly message: string;
}

/**
 * How a command prints an answer with `--json`: `object`, the answer as one JSON object; `lines`, the
 * list under `key` one JSON object a line (a command whose `--json` has always printed a line an item:
 * the gates' findings, the ledger's events), then, where `after` names keys, those keys as one last object.
 */
export type JsonForm = { readonly form: 'object' } | { readonly form: 'lines'; readonly key: string; readonly after?: readonly string[] };

export interface Capability<Input = Record<string, unknown>, Output = Record<string, unknown>> {
  /** The tool's name, and how the capability is named everywhere: `decision_add`, `search`. */
  readonly name: string;
  /** A short human title (the tool's `title`). */
  readonly title: string;
  /** What it does, in one or two sentences: what an agent reads to choose it. */
  readonly description: string;
  /** What it may change: nothing, the checkout's local half, or the tracked repository. */
  readonly effect: Effect;
  readonly toolset: Toolset;
  /**
   * The command whose `--json` prints the same answer (`decision add`, `search`; `finish` for
   * `finish --check`): its words, as engine/commands/ declares it.
   */
  readonly command: string;
  /** How that command prints the answer with `--json`. */
  readonly json: JsonForm;
  /** True for a capability answering context or a list: the tool takes a `budget` in tokens and refuses above it. */
  readonly budgeted?: boolean;
  /** An object schema of its input (the tool's `inputSchema`, before the server adds `budget`). */
  readonly input: JsonSchema;
  /** An object schema of its answer (the tool's `outputSchema`). */
  readonly output: JsonSchema;
  /** Do it. Throws a `MajordomusError` exactly where the command would refuse. */
  readonly run: (input: Input, invocation: Invocation) => Promise<Output>;
  /** A "no" the answer carries (an exit code other than 0), when it has one. */
  readonly verdict?: (output: Output) => Verdict | undefined;
}

/** Declare a capability; the identity function, so the declaration is checked where it is written. */
export function defineCapability<Input, Output>(capability: Capability<Input, Output>): Capability<Input, Output> {
  return capability;
}

/** An object schema: every property named, none other allowed. */
export function objectSchema(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
  description?: string,
): JsonSchema {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** A string, with a description and, where it is text a person writes, a cap. */
export function text(description: string, maxLength = 4096): JsonSchema {
  return { type: 'string', description, maxLength };
}

/** A string or null. */
export function nullableText(description: string): JsonSchema {
  return { type: ['string', 'null'], description };
}

/** A positive whole number with a ceiling. */
export function count(description: string, maximum: number): JsonSchema {
  return { type: 'integer', description, minimum: 1, maximum };
}

/** A list of short strings. */
export function texts(description: string, maxItems = 50): JsonSchema {
  return { type: 'array', description, items: { type: 'string', maxLength: 4096 }, maxItems };
}

/** The lines `--json` prints for `answer`, as `form` says. */
export function jsonLines(form: JsonForm, answer: Readonly<Record<string, unknown>>): string[] {
  if (form.form === 'object') return [JSON.stringify(answer)];
  const items = answer[form.key];
  const lines = Array.isArray(items) ? items.map((item) => JSON.stringify(item)) : [];
  if (form.after) lines.push(JSON.stringify(Object.fromEntries(form.after.map((key) => [key, answer[key]]))));
  return lines;
}

/** A capability of any input and answer: what the registry lists. */
// biome-ignore lint/suspicious/noExplicitAny: each capability types its own input and answer
export type AnyCapability = Capability<any, any>;
