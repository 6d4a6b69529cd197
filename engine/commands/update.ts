/** `update`: the provider instruction files the policy's `projections` declare, generated from the layer. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'update',
    commands: [
      {
        name: 'update',
        description:
          "generate the provider instruction files the policy's projections declare (AGENTS.md, CLAUDE.md, …), stamped; --check only says whether they are current",
        output: 'json',
        outputDescription: 'print one JSON object: the policy hash and every target with its status and what was done',
        options: [
          { flags: '--check', description: 'write nothing; exit 10 when any target is not current (the drift check hooks and CI run)' },
          { flags: '--dry-run', description: 'write nothing; print what would be written' },
          { flags: '--diff', description: 'print a unified diff of each target that would change' },
          { flags: '--force', description: 'overwrite a target edited by hand (a malformed region is still refused)' },
          {
            flags: '--adopt <target>',
            description:
              'keep a hand-written target byte for byte: switch its policy entry to mode: region and append the generated region',
          },
        ],
        exitCodes: [0, 2, 10, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runUpdate } = await import('../actions/update');
          return ({ options }, invocation) => runUpdate(options, invocation);
        },
      },
    ],
  }),
];
