/**
 * `capture install --provider claude-code --mcp` through the built CLI: the majordomus MCP server merged
 * into the project's .mcp.json beside the user's own servers and keys (none dropped or changed, an
 * entry of that name left as the user wrote it), nothing added twice, nothing written by a dry run, and
 * a .mcp.json that cannot be merged refusing the whole install (2) before anything is written.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const MCP = '.mcp.json';
const SETTINGS = '.claude/settings.json';
// the entry finds the tool as the hooks do: a shell line looking in node_modules/.bin, then PATH, then npx
const SERVER = { command: 'sh', args: ['-c', expect.stringMatching(/node_modules\/\.bin.* mcp$/)] };

describe('capture install --mcp (claude-code)', () => {
  it('writes .mcp.json with the server beside the hooks; a second install changes neither', () => {
    const repo = repos.create().init();
    const install = repo.run(['capture', 'install', '--provider', 'claude-code', '--mcp', '--json']);
    expect(install.code, install.stderr).toBe(0);
    expect(JSON.parse(install.stdout)).toMatchObject({ mcp: { file: MCP, added: true } });
    expect(JSON.parse(repo.read(MCP))).toEqual({ mcpServers: { majordomus: SERVER } });
    expect(repo.exists(SETTINGS)).toBe(true);
    const [mcp, settings] = [repo.read(MCP), repo.read(SETTINGS)];
    const again = repo.run(['capture', 'install', '--provider', 'claude-code', '--mcp']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${MCP} already names a majordomus server; left as it is`);
    expect([repo.read(MCP), repo.read(SETTINGS)]).toEqual([mcp, settings]);
  });

  it('keeps every server and key the user wrote, in order, and appends its own', () => {
    const repo = repos.create().init();
    const user = {
      $schema: 'x',
      mcpServers: { github: { command: 'gh-mcp', env: { TOKEN: 'from-the-user' } }, docs: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
    };
    repo.write(MCP, JSON.stringify(user, null, 2));
    expect(repo.run(['capture', 'install', '--provider', 'claude-code', '--mcp']).code).toBe(0);
    const merged = JSON.parse(repo.read(MCP)) as typeof user & { mcpServers: Record<string, unknown> };
    expect(Object.keys(merged)).toEqual(['$schema', 'mcpServers']);
    expect(Object.keys(merged.mcpServers)).toEqual(['github', 'docs', 'majordomus']);
    expect(merged.mcpServers.github).toEqual(user.mcpServers.github);
    expect(merged.mcpServers.docs).toEqual(user.mcpServers.docs);
    expect(merged.mcpServers.majordomus).toEqual(SERVER);
  });

  it('leaves a majordomus entry the user wrote as it is', () => {
    const repo = repos.create().init();
    const own = `${JSON.stringify({ mcpServers: { majordomus: { command: 'npx', args: ['majordomus', 'mcp', '--toolsets', 'all'] } } }, null, 2)}\n`;
    repo.write(MCP, own);
    const install = repo.run(['capture', 'install', '--provider', 'claude-code', '--mcp', '--json']);
    expect(JSON.parse(install.stdout)).toMatchObject({ mcp: { added: false } });
    expect(repo.read(MCP)).toBe(own);
  });

  it('--dry-run prints both merged files and writes neither; without --mcp, .mcp.json is not touched', () => {
    const repo = repos.create().init();
    const dry = repo.run(['capture', 'install', '--provider', 'claude-code', '--mcp', '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, mcp: { added: true, merged: { mcpServers: { majordomus: SERVER } } } });
    expect(repo.exists(MCP)).toBe(false);
    expect(repo.exists(SETTINGS)).toBe(false);
    expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    expect(repo.exists(MCP)).toBe(false);
  });

  it.each([
    ['not JSON', '{ "mcpServers": '],
    ['an array', '[]'],
    ['mcpServers a list', '{ "mcpServers": [] }'],
  ])('refuses a .mcp.json that is %s (2), writing nothing at all', (_what, text) => {
    const repo = repos.create().init();
    repo.write(MCP, text);
    const install = repo.run(['capture', 'install', '--provider', 'claude-code', '--mcp']);
    expect(install.code).toBe(2);
    expect(install.stderr).toMatch(/^majordomus: capture: .*\.mcp\.json .*nothing was written/);
    expect(repo.read(MCP)).toBe(text);
    expect(repo.exists(SETTINGS)).toBe(false);
  });
});
