/** `start`: begin a task. (`finish` is a gate: engine/commands/gate.ts.) */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'start',
    commands: [
      {
        name: 'start',
        arguments: '<task>',
        description: 'start a task: claim the paths it may change (--scope) and record where it starts from',
        output: 'json',
        options: [
          {
            flags: '--scope <pathspec>',
            description: 'the paths the task claims, comma-separated; repeatable (`.` is the whole repository)',
            repeatable: true,
          },
          { flags: '--profile <name>', description: "the execution profile (default: the policy's profiles.default)" },
          { flags: '--owner <who>', description: "who works on it (default: git's user.name)" },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runStart } = await import('../actions/task');
          return ({ args, options }, invocation) => runStart(args[0]!, options, invocation);
        },
      },
    ],
  }),
];
