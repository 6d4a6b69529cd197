/** `capture session|install|status|guard`: what a provider's own lifecycle hooks run. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const capture = () => import('../actions/capture');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'capture',
    groups: [{ name: 'capture', description: "open, checkpoint and close episodes from a provider's own session hooks" }],
    commands: [
      {
        name: 'capture session',
        description: 'run by a provider hook: the hook payload on stdin; never blocks the agent unless the policy marks the hook enforcing',
        output: 'json',
        options: [
          { flags: '--event <event>', description: 'start, compact or end', required: true },
          { flags: '--provider <name>', description: 'the provider whose payload is on stdin', default: 'claude-code' },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runCaptureSession } = await capture();
          return ({ options }, invocation) => runCaptureSession(options, invocation);
        },
      },
      {
        name: 'capture install',
        description: "merge the provider's lifecycle hooks into its settings file, keeping every hook already there",
        output: 'json',
        options: [
          { flags: '--provider <name>', description: 'the provider to wire (claude-code)', required: true },
          { flags: '--dry-run', description: 'print the merged settings file; write nothing' },
          { flags: '--mcp', description: "also add the majordomus MCP server to the project's .mcp.json, keeping every server there" },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runCaptureInstall } = await capture();
          return ({ options }, invocation) => runCaptureInstall(options, invocation);
        },
      },
      {
        name: 'capture status',
        description:
          'each lifecycle hook of the provider, wired or missing (12), each session hook probed in a dry run (10 when one does not reach majordomus)',
        output: 'json',
        options: [{ flags: '--provider <name>', description: 'the provider to check', default: 'claude-code' }],
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => {
          const { runCaptureStatus } = await capture();
          return ({ options }, invocation) => runCaptureStatus(options, invocation);
        },
      },
      {
        name: 'capture guard',
        description: "run on the provider's shell tool calls: refuses a command that would skip this repository's git gates",
        output: 'json',
        outputDescription: "print the guard's own decision as one JSON object instead of the provider's hook output",
        options: [{ flags: '--provider <name>', description: 'the provider whose payload is on stdin', default: 'claude-code' }],
        exitCodes: [0, 2],
        effect: 'reads',
        action: async () => {
          const { runCaptureGuard } = await import('../actions/capture-guard');
          return ({ options }, invocation) => runCaptureGuard(options, invocation);
        },
      },
    ],
  }),
];
