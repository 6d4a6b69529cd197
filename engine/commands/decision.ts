/** `decision add|list`: the decisions of the active task. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const decision = () => import('../actions/decision');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'decision',
    groups: [{ name: 'decision', description: 'record and list decisions (.ai/local/state/decisions.md)' }],
    commands: [
      {
        name: 'decision add',
        arguments: '<what>',
        description: 'append a decision of the active task; Task and Head are computed',
        output: 'json',
        options: [
          { flags: '--why <why>', description: 'the reason (required)' },
          { flags: '--rejected <alternative>', description: 'an alternative rejected; repeatable', repeatable: true },
          { flags: '--evidence <evidence>', description: 'what supports it; repeatable', repeatable: true },
          { flags: '--supersedes <text>', description: 'the earlier decision this one replaces (its text, exactly)' },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runDecisionAdd } = await decision();
          return ({ args, options }, invocation) => runDecisionAdd(args[0]!, options, invocation);
        },
      },
      {
        name: 'decision list',
        description: 'the recorded decisions, in file order',
        output: 'json-lines',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runDecisionList } = await decision();
          return ({ options }, invocation) => runDecisionList(options, invocation);
        },
      },
    ],
  }),
];
