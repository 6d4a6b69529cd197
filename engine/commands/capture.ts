/** `capture session|prompt|install|uninstall|status|guard`: what a provider's own hooks run, and their wiring. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const capture = () => import('../actions/capture');
const settings = () => import('../actions/capture-settings');
const prompt = () => import('../actions/capture-prompt');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'capture',
    groups: [
      {
        name: 'capture',
        description: "open, checkpoint and close episodes, keep the person's prompts and guard the git gates from a provider's own hooks",
      },
    ],
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
        name: 'capture prompt',
        description:
          "run by the provider's prompt hook: keeps the person's prompt (payload on stdin) in the checkout's untracked archive; never blocks the prompt",
        output: 'json',
        options: [{ flags: '--provider <name>', description: 'the provider whose payload is on stdin', default: 'claude-code' }],
        exitCodes: [0, 2],
        effect: 'writes-repository',
        action: async () => {
          const { runCapturePrompt } = await prompt();
          return ({ options }, invocation) => runCapturePrompt(options, invocation);
        },
      },
      {
        name: 'capture install',
        description: "merge the provider's lifecycle hooks into its settings file, keeping every hook already there",
        output: 'json',
        options: [
          {
            flags: '--provider <name>',
            description: 'the provider to wire (a name with no adapter is refused, naming the known ones)',
            required: true,
          },
          { flags: '--dry-run', description: 'print the merged settings file; write nothing' },
          { flags: '--mcp', description: "also add the majordomus MCP server to the project's .mcp.json, keeping every server there" },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runCaptureInstall } = await settings();
          return ({ options }, invocation) => runCaptureInstall(options, invocation);
        },
      },
      {
        name: 'capture uninstall',
        description: 'take out of the settings file exactly what capture install added; every other byte stays',
        output: 'json',
        options: [
          {
            flags: '--provider <name>',
            description: 'the provider to unwire (a name with no adapter is refused, naming the known ones)',
            required: true,
          },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runCaptureUninstall } = await settings();
          return ({ options }, invocation) => runCaptureUninstall(options, invocation);
        },
      },
      {
        name: 'capture status',
        description:
          'each hook of the provider, wired or missing (12) in any settings file it reads, each wired hook probed in a dry run (10 when one does not reach majordomus, or hooks are off)',
        output: 'json',
        options: [{ flags: '--provider <name>', description: 'the provider to check', default: 'claude-code' }],
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => {
          const { runCaptureStatus } = await settings();
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
