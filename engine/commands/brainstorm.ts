/**
 * `brainstorm check|new|stamp|harvest`: the brainstorm pack's commands (its pack.yaml names the
 * family). `check` and `harvest` keep the detector's contract: 0 clean, 1 violations, 2 unusable input.
 */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const brainstorm = () => import('../actions/brainstorm');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'brainstorm',
    pack: 'brainstorm',
    groups: [{ name: 'brainstorm', description: 'brainstorm session folders: check, bootstrap, stamp, harvest' }],
    commands: [
      {
        name: 'brainstorm check',
        arguments: '<session-folder>',
        description: 'run the detector: one line per rule of the gate, then clean or failing (exit 0, 1, or 2 on unusable input)',
        output: 'format',
        outputDescription: 'print one JSON document (short for --format json)',
        options: [{ flags: '--gate <gate>', description: 'session, manifest or move (cumulative)', default: 'session' }],
        exitCodes: [0, 1, 2],
        effect: 'reads',
        action: async () => {
          const { runBrainstormCheck } = await brainstorm();
          return ({ args, options }, invocation) => runBrainstormCheck(args[0]!, options, invocation);
        },
      },
      {
        name: 'brainstorm new',
        arguments: '<topic>',
        description: 'bootstrap a session folder <parent>/<topic>-brainstorm/ that passes the session gate',
        options: [{ flags: '--dir <parent>', description: 'the parent folder (default: docs/research/ of the repository)' }],
        exitCodes: [0, 2, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runBrainstormNew } = await brainstorm();
          return ({ args, options }, invocation) => runBrainstormNew(args[0]!, options, invocation);
        },
      },
      {
        name: 'brainstorm stamp',
        description: "print the current UTC datetime in the contract's one shape, YYYY-MM-DDTHH:MMZ",
        exitCodes: [0],
        effect: 'reads',
        action: async () => {
          const { runBrainstormStamp } = await brainstorm();
          return () => runBrainstormStamp();
        },
      },
      {
        name: 'brainstorm harvest',
        arguments: '<session-folder>',
        description: 'run the move gate; only when clean, move the folder to docs/history/brainstorms/<topic>/ without ops/',
        exitCodes: [0, 1, 2, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runBrainstormHarvest } = await brainstorm();
          return ({ args }, invocation) => runBrainstormHarvest(args[0]!, invocation);
        },
      },
    ],
  }),
];
