/**
 * `majordomus mcp`: the MCP server over stdio, on the official SDK (`@modelcontextprotocol/sdk`, the v1
 * line; protocol 2025-11-25 and the earlier revisions it negotiates). This is the only module that
 * imports the SDK, and it is its own bundle (dist/mcp.cjs): no other command loads it, so no other
 * command's start-up pays for it. What is served comes from the host (engine/mcp/host.ts), which the
 * command builds from the capability registry; this module only speaks the protocol.
 *
 * stdout is the protocol's: anything else the engine would print there goes to stderr instead while
 * the server runs, so a stray line can never corrupt a message. The server ends when stdin ends, once
 * every request it was given has been answered.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { faultOf } from './fault';
import type { McpHost } from './host';

/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** Who the server says it is. */
export interface ServerIdentity {
  readonly name: string;
  readonly version: string;
}

/** Serve `host` over this process's stdin and stdout until stdin ends and every request is answered. */
export async function serve(host: McpHost, identity: ServerIdentity): Promise<void> {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout);
  // the protocol's own channel, and every other write of this process to stderr
  const channel = {
    write: (chunk: string) => write(chunk),
    once: (event: string, listener: () => void) => stdout.once(event, listener),
  } as unknown as NodeJS.WriteStream;
  stdout.write = ((chunk: never, ...rest: never[]) => process.stderr.write(chunk, ...rest)) as typeof stdout.write;

  const server = new Server(
    { name: identity.name, version: identity.version, title: 'majordomus' },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false } },
      instructions: host.instructions,
    },
  );
  let inFlight = 0;
  let settle: (() => void) | undefined;
  const answered = (): void => {
    if (inFlight === 0) settle?.();
  };
  const guarded =
    <T, A extends unknown[]>(handler: (...args: A) => Promise<T> | T) =>
    async (...args: A): Promise<T> => {
      inFlight++;
      try {
        return await handler(...args);
      } catch (error) {
        const fault = faultOf(error);
        if (fault) throw new McpError(fault === 'not-found' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, (error as Error).message);
        throw error;
      } finally {
        inFlight--;
        setImmediate(answered);
      }
    };

  server.setRequestHandler(
    ListToolsRequestSchema,
    guarded(() => ({ tools: host.tools.map((tool) => ({ ...tool })) as never })),
  );
  server.setRequestHandler(
    CallToolRequestSchema,
    guarded(async (request) => (await host.callTool(request.params.name, request.params.arguments)) as never),
  );
  server.setRequestHandler(
    ListResourcesRequestSchema,
    guarded((request) => host.listResources(request.params?.cursor)),
  );
  server.setRequestHandler(
    ListResourceTemplatesRequestSchema,
    guarded(() => ({ resourceTemplates: host.resourceTemplates() })),
  );
  server.setRequestHandler(
    ReadResourceRequestSchema,
    guarded((request) => host.readResource(request.params.uri)),
  );

  const transport = new StdioServerTransport(process.stdin, channel);
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  await ended;
  await new Promise<void>((resolve) => {
    settle = resolve;
    answered();
  });
  await server.close();
}
