/** `init`: adopt a repository. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'init',
    commands: [
      {
        name: 'init',
        description: 'adopt this repository: write the .ai/ layer, the vendored baseline rules and the git hooks',
        options: [
          { flags: '--extend', description: 'add only what is missing to an adopted repository' },
          { flags: '--external-hooks', description: 'install the hooks even where core.hooksPath points outside the repository' },
          { flags: '--dry-run', description: 'plan the adoption and print every path it would write; write nothing' },
          { flags: '--verbose', description: 'print every path written, not only the summary' },
        ],
        exitCodes: [0, 2, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runInit } = await import('../actions/init');
          return ({ options }, invocation) => runInit(options, invocation);
        },
      },
    ],
  }),
];
