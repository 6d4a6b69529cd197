/** `verify-range`: the repository's gates on the tree of every commit of a range, as CI runs them on a pull request. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'verify-range',
    commands: [
      {
        name: 'verify-range',
        arguments: '<range>',
        description:
          'run the gates on the tree of every commit of <base>..<head>, in a scratch checkout (never the working tree): a commit that skipped the hooks is found anyway',
        output: 'format',
        options: [
          {
            flags: '--gate <gate>',
            description: 'a gate to run on each commit (doctor, watch); repeat it for several (default: doctor)',
            repeatable: true,
            choices: ['doctor', 'watch'],
          },
          { flags: '--quiet', description: 'print only the commits that fail and the summary' },
          {
            flags: '--no-repository-validators',
            description:
              "import no repository module: each rule whose validator is the repository's own fails as not run (for untrusted ranges)",
          },
        ],
        exitCodes: [0, 2, 10, 11, 12],
        effect: 'reads',
        action: async () => {
          const { runVerifyRange } = await import('../actions/verify-range');
          return ({ args, options }, invocation) => runVerifyRange(args[0] ?? '', options, invocation);
        },
      },
    ],
  }),
];
