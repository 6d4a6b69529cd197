/**
 * `majordomus mcp` at the level of its bytes: a raw stdin of JSON-RPC lines, garbage among them, answered
 * on stdout with nothing but JSON-RPC messages, and the server ending (0) once its input ends and every
 * request is answered. Refused before serving: outside a repository, an unknown toolset.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function mcp(dir: string, args: readonly string[], input: string) {
  const result = spawnSync(process.execPath, [CLI, 'mcp', ...args], {
    cwd: dir,
    env: cleanEnv(),
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const line = (message: Record<string, unknown>) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
const INITIALIZE = line({
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('majordomus mcp over raw stdio', () => {
  it('answers every request once, on stdout only in JSON-RPC, past a garbage line, and ends 0 when stdin ends', () => {
    const repo = repos.create().init();
    const input = [
      'this is not JSON\n',
      INITIALIZE,
      line({ method: 'notifications/initialized' }),
      '{"jsonrpc":"2.0","id":2,"method":\n',
      line({ id: 3, method: 'no/such/method' }),
      line({ id: 4, method: 'tools/list' }),
      line({ id: 5, method: 'tools/call', params: { name: 'search', arguments: { text: 'scope' } } }),
      line({ id: 6, method: 'ping' }),
    ].join('');
    const run = mcp(repo.dir, [], input);
    expect(run.code, run.stderr).toBe(0);
    const messages = run.stdout
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => JSON.parse(text) as { jsonrpc: string; id?: number; result?: Record<string, unknown>; error?: { code: number } });
    expect(messages.every((message) => message.jsonrpc === '2.0')).toBe(true);
    const byId = new Map(messages.map((message) => [message.id, message]));
    expect([...byId.keys()].sort()).toEqual([1, 3, 4, 5, 6]);
    // the client asked for an earlier revision: the server answers in it
    expect(byId.get(1)?.result?.protocolVersion).toBe('2025-06-18');
    expect(byId.get(3)?.error?.code).toBe(-32601);
    expect(((byId.get(4)?.result?.tools ?? []) as unknown[]).length).toBeGreaterThan(0);
    expect(byId.get(5)?.result?.structuredContent).toMatchObject({ text: 'scope' });
    expect(byId.get(6)?.result).toEqual({});
  });

  it('refuses to start outside a git repository (2) and for an unknown toolset (2), printing nothing on stdout', () => {
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-mcp-outside-'));
    scratch.push(outside);
    const away = mcp(outside, [], INITIALIZE);
    expect(away.code).toBe(2);
    expect(away.stdout).toBe('');
    expect(away.stderr).toMatch(/^majordomus: /);
    const repo = repos.create().init();
    const unknown = mcp(repo.dir, ['--toolsets', 'read,everything'], INITIALIZE);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('the toolsets are read, gates, state, or all');
  });

  it('refuses to start in a repository without a layer (12)', () => {
    const bare = repos.create();
    bare.git(['status']);
    const run = mcp(bare.dir, [], INITIALIZE);
    expect(run.code).toBe(12);
    expect(run.stdout).toBe('');
  });
});
