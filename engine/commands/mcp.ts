/** `mcp`: the layer served to AI clients over MCP (stdio), from the capability registry. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'mcp',
    commands: [
      {
        name: 'mcp',
        description:
          "serve this repository's layer over MCP on stdin and stdout: its objects as majordomus:// resources, the capabilities as tools (read-only ones unless asked)",
        options: [
          {
            flags: '--toolsets <names>',
            description: 'the toolsets to serve, comma-separated: read, gates, state (the writers), or all (default: read,gates)',
          },
          { flags: '--read-only', description: 'serve no writing tool, whatever --toolsets asks for' },
        ],
        exitCodes: [0, 2, 12],
        effect: 'writes-local',
        action: async () => {
          const { runMcp } = await import('../actions/mcp');
          return ({ options }, invocation) => runMcp(options, invocation);
        },
      },
    ],
  }),
];
