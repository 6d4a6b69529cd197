/** `version`: the version of this majordomus (upstream's surface has the word; `--version` says the same). */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'version',
    commands: [
      {
        name: 'version',
        description: 'print the version of this majordomus',
        output: 'json',
        outputDescription: 'print one JSON object: name, version',
        exitCodes: [0],
        effect: 'reads',
        action: async () => {
          const { runVersion } = await import('../actions/version');
          return ({ options }) => runVersion(options);
        },
      },
    ],
  }),
];
