/** `checkpoint` and `handover`: the records of the active task. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const records = () => import('../actions/records');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'checkpoint',
    commands: [
      {
        name: 'checkpoint',
        description: 'record progress of the active task (body on stdin; an empty body only moves checkpoint_at), or show/list checkpoints',
        output: 'json-lines',
        options: [
          { flags: '--show', description: 'print the checkpoint the resolver picks for this worktree and branch' },
          { flags: '--list', description: 'list every checkpoint, newest first' },
          { flags: '--derive', description: 'derive the body from the task, git and the ledger instead of reading stdin' },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runRecordCommand } = await records();
          return ({ options }, invocation) => runRecordCommand('checkpoint', options, invocation);
        },
      },
    ],
  }),
  defineFamily({
    family: 'handover',
    commands: [
      {
        name: 'handover',
        description: "write a handover of the active task (body on stdin, with the policy's required sections), or show/list handovers",
        output: 'json-lines',
        options: [
          { flags: '--show', description: 'print the handover the resolver picks for this worktree and branch' },
          { flags: '--list', description: 'list every handover, newest first' },
          { flags: '--close', description: 'hand the task over: its outcome becomes handed_over' },
          {
            flags: '--derive',
            description:
              "derive the body (the policy's required sections) from the task, git, the ledger and the stores instead of reading stdin",
          },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runRecordCommand } = await records();
          return ({ options }, invocation) => runRecordCommand('handover', options, invocation);
        },
      },
    ],
  }),
];
