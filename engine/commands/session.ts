/** `session start|close|status|list|show|latest|archive`: the episodes of work of one worker. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const session = () => import('../actions/session');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'session',
    groups: [{ name: 'session', description: 'open, inspect and close one execution episode of one worker' }],
    commands: [
      {
        name: 'session start',
        description: 'open an episode: its record in the local half, the session context, session.started',
        output: 'json',
        options: [
          { flags: '--worker <id>', description: 'what does the work, as it names itself (recorded only when given)' },
          { flags: '--owner <who>', description: "who the episode is for (default: git's user.name)" },
          { flags: '--provider-session <key>', description: 'the provider session the episode is filed under (default: hand)' },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runSessionStart } = await session();
          return ({ options }, invocation) => runSessionStart(options, invocation);
        },
      },
      {
        name: 'session close',
        description: "close this process's episode into its record in the sessions section (summary on stdin); prints the record's path",
        output: 'json',
        options: [
          { flags: '--outcome <outcome>', description: 'closed or interrupted (default: closed)' },
          { flags: '--if-none <choice>', description: 'refuse (12) or ignore (0) when no episode is open (default: refuse)' },
          { flags: '--provider-session <key>', description: 'the provider session whose episode to close' },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runSessionClose } = await session();
          return ({ options }, invocation) => runSessionClose(options, invocation);
        },
      },
      {
        name: 'session status',
        description: 'the episodes open in this checkout; * marks the one session-current.yaml names',
        output: 'json',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runSessionStatus } = await session();
          return ({ options }, invocation) => runSessionStatus(options, invocation);
        },
      },
      {
        name: 'session list',
        description: 'the closed session records of the sessions section, newest first',
        options: [{ flags: '--archived', description: "the records session archive moved into the section's archive/ instead" }],
        output: 'json-lines',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runSessionList } = await session();
          return ({ options }, invocation) => runSessionList(options, invocation);
        },
      },
      {
        name: 'session show',
        arguments: '<id>',
        description: 'one closed record (a session id, or latest) with its tasks as turns and their outcomes',
        output: 'json',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runSessionShow } = await session();
          return ({ args, options }, invocation) => runSessionShow(args[0]!, options, invocation);
        },
      },
      {
        name: 'session latest',
        description: 'the newest closed record, as session show latest prints it',
        output: 'json',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runSessionShow } = await session();
          return ({ options }, invocation) => runSessionShow('latest', options, invocation);
        },
      },
      {
        name: 'session archive',
        description:
          "move the oldest closed records beyond session.retention_max_files into the section's archive/ (only while session.archive is true; never deletes)",
        output: 'json',
        options: [{ flags: '--dry-run', description: 'say what would move, and move nothing' }],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runSessionArchive } = await session();
          return ({ options }, invocation) => runSessionArchive(options, invocation);
        },
      },
    ],
  }),
];
