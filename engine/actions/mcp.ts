/**
 * `majordomus mcp [--toolsets read,gates,state] [--read-only]`: build the host of what is served from
 * the capability registry (engine/mcp/host.ts), then hand it to the server. The server and the SDK
 * are a bundle of their own (dist/mcp.cjs, from engine/mcp/server.ts), required only here: the CLI's
 * bundle never carries the SDK, so no other command's start-up grows with it. From the sources, the
 * server module is required as it is.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Invocation } from '../commands/define';
import { distributionRoot } from '../io/distribution';
import { McpHost } from '../mcp/host';
import { parseToolsets } from '../mcp/tools';

declare const MAJORDOMUS_MCP: string | undefined;
declare const MAJORDOMUS_VERSION: string | undefined;

export interface McpOptions {
  readonly toolsets?: string;
  readonly readOnly?: boolean;
}

/** The server module: the build's dist/mcp.cjs, or the source module. */
function serverModule(): typeof import('../mcp/server') {
  const load = createRequire(import.meta.url);
  return (
    typeof MAJORDOMUS_MCP === 'string' ? load(join(distributionRoot(), MAJORDOMUS_MCP)) : load('../mcp/server')
  ) as typeof import('../mcp/server');
}

export async function runMcp(options: McpOptions, invocation: Invocation): Promise<void> {
  const toolsets = parseToolsets(options.toolsets);
  // opened now: a server started outside a repository, or in one without a layer, refuses before serving
  const host = new McpHost({ toolsets, readOnly: options.readOnly === true }, invocation);
  const version = typeof MAJORDOMUS_VERSION === 'string' ? MAJORDOMUS_VERSION : '0.0.0-dev';
  await serverModule().serve(host, { name: 'majordomus', version });
}
