/** `usecase list|validate|run`: the repository's executable use cases. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const usecase = () => import('../actions/usecase');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'usecase',
    groups: [{ name: 'usecase', description: 'list, validate and run the executable use cases of .ai/repo/use-cases/' }],
    commands: [
      {
        name: 'usecase list',
        description: 'every use case: id, status, target, steps, title',
        output: 'json-lines',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runUseCaseList } = await usecase();
          return ({ options }, invocation) => runUseCaseList(options, invocation);
        },
      },
      {
        name: 'usecase validate',
        arguments: '[id]',
        description: 'judge each use case file against the format (exit 10 when one is not valid)',
        output: 'json-lines',
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => {
          const { runUseCaseValidate } = await usecase();
          return ({ args, options }, invocation) => runUseCaseValidate(args[0], options, invocation);
        },
      },
      {
        name: 'usecase run',
        arguments: '[id]',
        description:
          'execute each scenario against this CLI in a fresh repository; evidence under .ai/local/evidence/use-cases/ (exit 10 when one failed)',
        options: [
          {
            flags: '--no-repository-validators',
            description:
              "run no scenario: its steps are the repository's commands (a verify command among them); each fails as not run (for untrusted checkouts)",
          },
        ],
        output: 'json-lines',
        exitCodes: [0, 2, 10, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runUseCaseRun } = await usecase();
          return ({ args, options }, invocation) => runUseCaseRun(args[0], options, invocation);
        },
      },
    ],
  }),
];
