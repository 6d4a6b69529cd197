/**
 * The MCP server as a user of the installed package gets it: adopted with init, the server written into
 * .mcp.json by `capture install --mcp`, then started exactly as that file says, with the tool on no PATH
 * (the entry finds it in node_modules/.bin, as the hooks do) and driven by the SDK's client: the shipped
 * dist/mcp.cjs is found from the installation, the gates and objects answer, and with the writers
 * served an agent starts a task and records a decision that a commit through the hooks then carries.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FieldProject } from '../helpers/field';

async function connect(project: FieldProject, server: { command: string; args: string[] }, extra: string[] = []): Promise<Client> {
  // the entry is a shell line (`sh -c '<finds the tool> mcp'`): further options go at the end of that line
  const [flag, line] = server.args;
  expect([server.command, flag]).toEqual(['sh', '-c']);
  const transport = new StdioClientTransport({
    command: server.command,
    args: [flag!, [line!, ...extra].join(' ')],
    cwd: project.dir,
    // Claude Code's environment, as a user's shell has it: the tool on no PATH, only in node_modules/.bin
    env: project.env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'field-client', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

// the first field project of a run packs and installs the tarball
let project: FieldProject;
beforeAll(() => {
  project = new FieldProject();
}, 300_000);

describe('the MCP server of the installed package', () => {
  it('starts as .mcp.json says, answers the gates and the objects, and its writers record what a commit then carries', async () => {
    expect(project.majordomus(['init']).code).toBe(0);
    expect(project.commitAll('adopt majordomus').code).toBe(0);
    const install = project.majordomus(['capture', 'install', '--provider', 'claude-code', '--mcp']);
    expect(install.code, install.stderr).toBe(0);
    const server = (JSON.parse(project.read('.mcp.json')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers
      .majordomus!;
    // found as the hooks find it: the project's node_modules/.bin first
    expect(server).toEqual({ command: 'sh', args: ['-c', expect.stringMatching(/node_modules\/\.bin.* mcp$/)] });

    const reader = await connect(project, server);
    try {
      const { tools } = await reader.listTools();
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      const doctor = await reader.callTool({ name: 'doctor', arguments: {} });
      expect(doctor.structuredContent).toMatchObject({ gate: 'doctor', exit_code: 0, findings: [] });
      const rules = await reader.callTool({ name: 'list_objects', arguments: { kind: 'rule', limit: 1 } });
      const [first] = (rules.structuredContent as { items: { uri: string; path: string }[] }).items;
      const read = await reader.readResource({ uri: first!.uri });
      expect((read.contents[0] as { text: string }).text).toBe(project.read(first!.path));
    } finally {
      await reader.close();
    }

    const writer = await connect(project, server, ['--toolsets', 'all']);
    try {
      await writer.listTools();
      const started = await writer.callTool({ name: 'start_task', arguments: { task: 'document the parser', scope: ['docs'] } });
      expect(started.isError ?? false, JSON.stringify(started.content)).toBe(false);
      const decided = await writer.callTool({
        name: 'decision_add',
        arguments: { what: 'document it in docs/parser.md', why: 'one page per part' },
      });
      expect(decided.isError ?? false, JSON.stringify(decided.content)).toBe(false);
    } finally {
      await writer.close();
    }
    expect(project.read('.ai/local/state/decisions.md')).toContain('document it in docs/parser.md');
    expect(project.majordomus(['history', '--event', 'decision.recorded']).stdout).toContain('decision.recorded');
    project.write('docs/parser.md', '# The parser\n');
    const commit = project.commitAll('document the parser');
    expect(commit.code, commit.stderr).toBe(0);
  }, 180_000);
});
