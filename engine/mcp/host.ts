/**
 * What the MCP server serves, without the SDK: the tools of the capabilities it was asked for, each
 * call checked against the tool's input schema, run as its command runs it, held to its budget, and
 * answered as MCP says (`structuredContent`, and its JSON as text; a refusal `isError` with the exit
 * code and the message the command would print); and the layer's objects as resources, a page at a
 * time. engine/mcp/server.ts wires this to the SDK; the command (engine/actions/mcp.ts) builds it.
 */
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { AnyCapability, Invocation } from '../capabilities/define';
import { capabilityNamed } from '../capabilities/index';
import { listKinds, OBJECT_KINDS } from '../capabilities/object-kinds';
import { getObject, PAGE_SIZE, summaryOf, uriOf } from '../capabilities/objects';
import { openRepository } from '../capabilities/stores';
import { ExitCode, MajordomusError } from '../errors';
import { describeThrown } from '../io/describe';
import { escapeControls } from '../io/document-error';
import { rulesDir } from '../ruleset/rules';
import { ProtocolFault } from './fault';
import type { ServeOptions, ToolDefinition } from './tools';
import { DEFAULT_BUDGET, instructionsFor, notServed, servedCapabilities, toolOf } from './tools';

export interface ToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface ResourceEntry {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
}

/** The key of `_meta` that carries a refusal's exit code. */
export const EXIT_CODE_META = 'majordomus/exit_code';

/** The estimated tokens of a text: its UTF-8 bytes / 4, rounded up (the measure every budget here uses). */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/** The lines the command prints for an error (program.ts), as one text. */
export function refusalText(error: MajordomusError): string {
  return [`majordomus: ${escapeControls(error.message)}`, ...error.details.map(escapeControls)].join('\n');
}

function refusal(text: string, exitCode: number, answer?: Readonly<Record<string, unknown>>): ToolResult {
  return {
    content: [
      ...(answer ? [{ type: 'text' as const, text: JSON.stringify(answer) }] : []),
      { type: 'text', text: `${text}\n(exit ${exitCode})` },
    ],
    ...(answer ? { structuredContent: answer } : {}),
    isError: true,
    _meta: { [EXIT_CODE_META]: exitCode },
  };
}

function mimeTypeOf(path: string): string {
  if (path.endsWith('.md')) return 'text/markdown';
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'application/yaml';
  return 'text/plain';
}

export class McpHost {
  readonly served: readonly AnyCapability[];
  readonly tools: readonly ToolDefinition[];
  readonly instructions: string;
  private readonly ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  private readonly validators = new Map<string, ValidateFunction>();

  /** The host of a server started in `invocation.cwd`; the repository is opened now, so a server outside one never starts. */
  constructor(
    readonly options: ServeOptions,
    private readonly invocation: Invocation,
  ) {
    const repository = openRepository(invocation);
    this.served = servedCapabilities(options);
    this.tools = this.served.map(toolOf);
    this.instructions = instructionsFor(this.served, options, {
      rules: rulesDir(repository.layout),
      policy: repository.layout.policyFile,
      local: `${repository.layout.localDir}/`,
    });
  }

  /** Call a tool; an unknown name is a protocol fault, everything else a result. */
  async callTool(name: string, args: Readonly<Record<string, unknown>> | undefined): Promise<ToolResult> {
    const capability = capabilityNamed(name);
    if (!capability) throw new ProtocolFault('invalid-params', `Unknown tool: ${JSON.stringify(name.slice(0, 100))}`);
    const refused = notServed(capability, this.options);
    if (refused) return refusal(`majordomus: ${refused.message}`, refused.exitCode);
    const input = { ...(args ?? {}) };
    const problems = this.check(capability, input);
    if (problems.length > 0)
      return refusal(
        `majordomus: ${name}: the arguments do not fit the tool's input schema: ${problems.join('; ')} (see tools/list)`,
        ExitCode.usage,
      );
    const budget = typeof input.budget === 'number' ? input.budget : DEFAULT_BUDGET;
    delete input.budget;
    let answer: Readonly<Record<string, unknown>>;
    try {
      answer = (await capability.run(input, this.invocation)) as Readonly<Record<string, unknown>>;
    } catch (error) {
      if (error instanceof MajordomusError) return refusal(refusalText(error), error.exitCode);
      return refusal(
        `majordomus: internal error: ${escapeControls(describeThrown(error))} (this is a bug; run the command with MAJORDOMUS_DEBUG=1 for the stack)`,
        ExitCode.internal,
      );
    }
    const text = JSON.stringify(answer);
    if (capability.budgeted) {
      const tokens = estimateTokens(text);
      if (tokens > budget)
        return refusal(
          `majordomus: ${name}: the answer is about ${tokens} tokens (${Buffer.byteLength(text, 'utf8')} bytes of JSON), over the budget of ${budget}; nothing was returned (narrow the question, or raise the budget: budget ${tokens})`,
          ExitCode.contract,
        );
    }
    const verdict = capability.verdict?.(answer);
    if (verdict) return refusal(`majordomus: ${escapeControls(verdict.message)}`, verdict.exitCode, answer);
    return { content: [{ type: 'text', text }], structuredContent: answer };
  }

  /** The problems of `input` against the tool's input schema, at most ten, each naming its place. */
  private check(capability: AnyCapability, input: unknown): string[] {
    let validate = this.validators.get(capability.name);
    if (!validate) {
      validate = this.ajv.compile(toolOf(capability).inputSchema as object);
      this.validators.set(capability.name, validate);
    }
    if (validate(input)) return [];
    return (validate.errors ?? []).slice(0, 10).map((error) => {
      const place = error.instancePath === '' ? 'the arguments' : `\`${error.instancePath.slice(1).replace(/\//g, '.')}\``;
      const extra =
        error.keyword === 'additionalProperties'
          ? ` (\`${String(error.params.additionalProperty).slice(0, 100)}\`)`
          : error.keyword === 'required'
            ? ` (\`${String(error.params.missingProperty)}\`)`
            : '';
      return `${place} ${error.message ?? error.keyword}${extra}`;
    });
  }

  /** A page of the layer's objects as resources; `cursor` is where the page starts (the last page's `nextCursor`). */
  listResources(cursor: string | undefined): { resources: ResourceEntry[]; nextCursor?: string } {
    if (cursor !== undefined && !/^\d{1,9}$/.test(cursor))
      throw new ProtocolFault(
        'invalid-params',
        `Invalid cursor ${JSON.stringify(cursor.slice(0, 100))} (give the nextCursor of the page before)`,
      );
    const offset = cursor === undefined ? 0 : Number(cursor);
    const { objects } = listKinds(openRepository(this.invocation), OBJECT_KINDS);
    const page = objects.slice(offset, offset + PAGE_SIZE).map((object) => {
      const summary = summaryOf(object);
      return {
        uri: summary.uri,
        name: `${summary.kind}/${summary.identity}`,
        title: summary.title,
        description: `${summary.kind} ${summary.identity} (${summary.path})`,
        mimeType: mimeTypeOf(summary.path),
      };
    });
    const next = offset + page.length;
    return { resources: page, ...(next < objects.length ? { nextCursor: String(next) } : {}) };
  }

  /** One object: its file's text, then its summary and parsed front matter as JSON. */
  readResource(uri: string): { contents: { uri: string; mimeType: string; text: string }[] } {
    let detail: ReturnType<typeof getObject>;
    try {
      detail = getObject({ uri }, this.invocation);
    } catch (error) {
      if (!(error instanceof MajordomusError)) throw error;
      throw new ProtocolFault(error.exitCode === ExitCode.missing ? 'not-found' : 'invalid-params', refusalText(error));
    }
    const { text, ...rest } = detail;
    return {
      contents: [
        { uri: detail.uri, mimeType: mimeTypeOf(detail.path), text },
        { uri: detail.uri, mimeType: 'application/json', text: JSON.stringify(rest) },
      ],
    };
  }

  /** One template a kind: `majordomus://<kind>/{identity}`. */
  resourceTemplates(): { uriTemplate: string; name: string; title: string; description: string }[] {
    return OBJECT_KINDS.map((kind) => ({
      uriTemplate: `${uriOf(kind, 'IDENTITY').replace('IDENTITY', '{identity}')}`,
      name: kind,
      title: `${kind} of the layer`,
      description: `a ${kind} of the AI layer, by its identity (list_objects with kind ${kind} lists them)`,
    }));
  }
}
