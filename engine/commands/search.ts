/** `search`: a literal search over the layer's objects, newest first (the MCP tool `search`). */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'search',
    commands: [
      {
        name: 'search',
        arguments: '<text>',
        description:
          "look for a text in the layer's objects (rules, sessions, use cases, knowledge, decisions, questions, the task, checkpoints, handovers): literal, any case, newest first; 12 when nothing matches",
        output: 'json',
        options: [
          {
            flags: '--kind <kind>',
            description: 'only objects of this kind (rule, session, use-case, knowledge, decision, question, task, checkpoint, handover)',
          },
          { flags: '--task <id>', description: 'only objects of this task' },
          { flags: '--limit <n>', description: 'at most n objects (default 20, at most 200)' },
        ],
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runSearch } = await import('../actions/search');
          return ({ args, options }, invocation) => runSearch(args[0]!, options, invocation);
        },
      },
    ],
  }),
];
