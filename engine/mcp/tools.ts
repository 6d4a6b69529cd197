/**
 * The capability registry projected into MCP tools, without the SDK: which capabilities a server
 * serves (its toolsets, `--read-only`), each one's tool definition — input and output schemas, the
 * `budget` argument of those that answer lists or context, and the annotations derived from its
 * declared effect — and the instructions `initialize` answers. Pure data, so the tests read it in
 * process, and the schema snapshots (test/mcp/toolsnaps/) are taken from it.
 */
import type { AnyCapability, Effect, JsonSchema, Toolset } from '../capabilities/define';
import { DEFAULT_TOOLSETS, TOOLSETS } from '../capabilities/define';
import { CAPABILITIES } from '../capabilities/index';
import { UsageError } from '../errors';

/** The budget a tool answering lists or context takes when none is given, in estimated tokens; and the most it may be given. */
export const DEFAULT_BUDGET = 5000;
export const MAX_BUDGET = 1_000_000;

/** What a tool may do to the world, as MCP's annotations say it. */
export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * The hints an effect implies, and nothing else decides them: a reader is read-only and idempotent; a
 * writer of the local half is neither, but only ever adds to or moves forward what it keeps; a writer
 * of the tracked repository may replace what is there. No tool reaches beyond the repository.
 */
export function hintsOf(effect: Effect): Omit<ToolAnnotations, 'title'> {
  switch (effect) {
    case 'reads':
      return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    case 'writes-local':
      return { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
    case 'writes-repository':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
  }
}

/** One tool as `tools/list` gives it. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
}

/** The `budget` argument a tool answering lists or context takes. */
export const BUDGET_SCHEMA: JsonSchema = {
  type: 'integer',
  description: `the most this answer may cost, in estimated tokens (bytes of its JSON / 4; default ${DEFAULT_BUDGET}): a longer answer is refused with its size, never cut`,
  minimum: 1,
  maximum: MAX_BUDGET,
};

/** The tool a capability is. */
export function toolOf(capability: AnyCapability): ToolDefinition {
  const input = capability.input as { properties?: Record<string, JsonSchema> };
  const inputSchema = capability.budgeted
    ? { ...capability.input, properties: { ...(input.properties ?? {}), budget: BUDGET_SCHEMA } }
    : capability.input;
  return {
    name: capability.name,
    title: capability.title,
    description: capability.description,
    inputSchema,
    outputSchema: capability.output,
    annotations: { title: capability.title, ...hintsOf(capability.effect) },
  };
}

/** What a server was asked to serve. */
export interface ServeOptions {
  readonly toolsets: readonly Toolset[];
  /** No writer, whatever the toolsets say. */
  readonly readOnly: boolean;
}

/** `--toolsets read,gates,state` (or `all`), as given; a usage error naming the toolsets for anything else. */
export function parseToolsets(value: string | undefined): Toolset[] {
  if (value === undefined) return [...DEFAULT_TOOLSETS];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.includes('all')) return [...TOOLSETS];
  const unknown = names.filter((name) => !(TOOLSETS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError(
      `mcp: --toolsets ${JSON.stringify(value)} names ${unknown.length > 0 ? `no toolset ${unknown.map((name) => JSON.stringify(name)).join(', ')}` : 'no toolset'} (the toolsets are ${TOOLSETS.join(', ')}, or all; the default is ${DEFAULT_TOOLSETS.join(',')})`,
    );
  return TOOLSETS.filter((toolset) => names.includes(toolset));
}

/** Why a capability is not served, or undefined when it is. */
export function notServed(capability: AnyCapability, options: ServeOptions): { exitCode: number; message: string } | undefined {
  if (options.readOnly && capability.effect !== 'reads')
    return {
      exitCode: 15,
      message: `${capability.name}: this server runs --read-only, and ${capability.name} ${capability.effect === 'writes-local' ? "writes the checkout's local state" : 'writes the repository'}; nothing was written (run \`majordomus ${capability.command}\` yourself, or serve it without --read-only)`,
    };
  if (!options.toolsets.includes(capability.toolset))
    return {
      exitCode: 2,
      message: `${capability.name}: the ${capability.toolset} toolset is not served here (serve it: majordomus mcp --toolsets ${[...options.toolsets, capability.toolset].join(',')})`,
    };
  return undefined;
}

/** The capabilities a server serves, in the registry's order. */
export function servedCapabilities(options: ServeOptions): AnyCapability[] {
  return CAPABILITIES.filter((capability) => notServed(capability, options) === undefined);
}

/** Where the layer keeps what an agent should read first. */
export interface LayerPlaces {
  readonly rules: string;
  readonly policy: string;
  readonly local: string;
}

/** The `initialize` instructions: derived from what is served and where the layer is, never a constant. */
export function instructionsFor(served: readonly AnyCapability[], options: ServeOptions, places: LayerPlaces): string {
  const writers = served.filter((capability) => capability.effect !== 'reads');
  const byToolset = TOOLSETS.filter((toolset) => served.some((capability) => capability.toolset === toolset)).map(
    (toolset) =>
      `${toolset}: ${served
        .filter((capability) => capability.toolset === toolset)
        .map((capability) => capability.name)
        .join(', ')}`,
  );
  const budgeted = served.filter((capability) => capability.budgeted).map((capability) => capability.name);
  const lines = [
    "majordomus serves this repository's AI layer (.ai/): its rules, state and records.",
    `The layer's rules are in ${places.rules} (resources majordomus://rule/<id>@<version>; list_objects with kind rule), under the policy ${places.policy}; read the rules before changing what they govern.`,
    `Tools served (${byToolset.join('; ') || 'none'}).`,
    writers.length > 0
      ? `Writing tools: ${writers.map((capability) => capability.name).join(', ')}. Each writes the checkout's local state (${places.local}) exactly as its command does (the same writer, refusals and ledger line); a refusal is an error result with the command's exit code and message.`
      : `No writing tool is served${options.readOnly ? ' (--read-only)' : ' (serve them with --toolsets read,gates,state)'}: record decisions, questions, checkpoints and handovers with the majordomus commands.`,
  ];
  if (budgeted.length > 0)
    lines.push(
      `${budgeted.join(', ')} take a budget in estimated tokens (default ${DEFAULT_BUDGET}) and refuse a longer answer with its size rather than cut it: narrow the question or raise the budget.`,
    );
  return lines.join('\n');
}
