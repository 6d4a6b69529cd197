/**
 * Claude Code's project MCP configuration, `.mcp.json`: `capture install --provider claude-code --mcp`
 * adds this repository's server (`majordomus mcp`) under `mcpServers.majordomus`, merged as the hooks
 * are merged into settings.json — every server and key the user wrote is kept as it is, and a
 * `majordomus` entry already there (the user's own flags, say) is left untouched.
 */
import { UsageError } from '../../errors';
import { readInside } from '../../state/records/model';
import { toolCommand } from './claude-code-settings';
import type { McpMerge } from './types';

/** The file Claude Code reads a project's MCP servers from, at the repository's top level. */
export const MCP_FILE = '.mcp.json';

/** The name this repository's server is listed under. */
export const SERVER_NAME = 'majordomus';

/**
 * The server entry: the command Claude Code runs, finding the tool as its hooks do — the project's
 * `node_modules/.bin`, then PATH, then `npx --no-install` — through the same shell line
 * (claude-code-settings.ts), so a project that installs majordomus as a dev dependency needs nothing
 * global. The line prints only the server's own output on stdout; where it looks is said on stderr.
 */
export function wantedServer(): { command: string; args: string[] } {
  return { command: 'sh', args: ['-c', toolCommand(['mcp'])] };
}

/** `.mcp.json`'s text as an object: `{}` when there is none; refused (2) when merging into it would lose what the user wrote. */
export function parseMcpConfig(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `capture: ${MCP_FILE} is not JSON (${(error as Error).message}); nothing was written (fix it, then run capture install --mcp again)`,
    );
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    throw new UsageError(`capture: ${MCP_FILE} is not a JSON object; nothing was written`);
  const servers = (config as Record<string, unknown>).mcpServers;
  if (servers !== undefined && (servers === null || typeof servers !== 'object' || Array.isArray(servers)))
    throw new UsageError(`capture: \`mcpServers\` in ${MCP_FILE} is not an object; nothing was written`);
  return config as Record<string, unknown>;
}

/** `config` with the server added under `mcpServers`, unless an entry of that name is there already (kept as it is). */
export function mergeMcpServer(
  config: Record<string, unknown>,
  name: string,
  server: Record<string, unknown>,
): { merged: Record<string, unknown>; added: boolean } {
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  if (Object.hasOwn(servers, name)) return { merged: config, added: false };
  return { merged: { ...config, mcpServers: { ...servers, [name]: server } }, added: true };
}

/**
 * The server merged into `.mcp.json` at `root`: read and judged first, so a file that cannot be merged
 * refuses the whole install before anything is written; the write joins the caller's plan, under its lock.
 */
export function mergeMcpFile(root: string): McpMerge {
  const before = readInside(root, MCP_FILE);
  if (before !== undefined && typeof before !== 'string')
    throw new UsageError(`capture: ${MCP_FILE} cannot be read: ${before.unreadable}; nothing was written`);
  const { merged, added } = mergeMcpServer(parseMcpConfig(before), SERVER_NAME, wantedServer());
  const text = `${JSON.stringify(merged, null, 2)}\n`;
  return {
    file: MCP_FILE,
    added,
    text: added ? text : (before ?? text),
    plan: (plan) => {
      if (!added) return;
      if (before === undefined) plan.create(MCP_FILE, text);
      else plan.replace(MCP_FILE, text);
    },
  };
}
