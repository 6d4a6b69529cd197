/** `context`: what the next worker needs, within the policy's budget. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'context',
    commands: [
      {
        name: 'context',
        description:
          'print what the next worker needs: the task and scope, the current state, open questions, recent decisions, the previous turn',
        output: 'json',
        options: [{ flags: '--budget-lines <n>', description: 'the budget in lines, over context.builder_budget_lines' }],
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runContext } = await import('../actions/context');
          return ({ options }, invocation) => runContext(options, invocation);
        },
      },
    ],
  }),
];
