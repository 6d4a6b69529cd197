/**
 * `majordomus mcp` as a client meets it: the built CLI started as a child process and driven over stdio
 * by the SDK's own `Client` and `StdioClientTransport`, in a real repository. The client checks every
 * `structuredContent` against the tool's `outputSchema` (after `tools/list`), as any MCP client may.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'vitest';
import type { AnyCapability } from '../../engine/capabilities/define';
import { jsonLines } from '../../engine/capabilities/define';
import { CLI, cleanEnv } from './repo';

export interface Served {
  readonly client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** Start `majordomus mcp <args>` in `dir` and connect a client to it (initialize included). */
export async function serve(dir: string, args: readonly string[] = []): Promise<Served> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    cwd: dir,
    env: cleanEnv() as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'majordomus-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Call a tool and return its result (the SDK's client has already checked `structuredContent` against `outputSchema`). */
export async function call(served: Served, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await served.client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The exit code a refused call carries, and its message (the text the command prints on stderr). */
export function refusalOf(result: CallToolResult): { exit: number; text: string } {
  expect(result.isError, JSON.stringify(result).slice(0, 500)).toBe(true);
  const exit = (result._meta as Record<string, unknown> | undefined)?.['majordomus/exit_code'];
  const texts = result.content.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text);
  return { exit: exit as number, text: texts[texts.length - 1] ?? '' };
}

const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });

/** Assert `value` fits `schema`, naming what does not. */
export function expectFits(schema: object, value: unknown, what: string): void {
  const validate = ajv.compile(schema);
  const ok = validate(value);
  expect(ok, `${what}: ${JSON.stringify(validate.errors?.slice(0, 5))}`).toBe(true);
}

/** The command's `--json` stdout as the capability prints `answer` (one object, or its list a line). */
export function expectedJson(capability: AnyCapability, answer: Record<string, unknown>): string {
  const lines = jsonLines(capability.json, answer);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
