/** `history`: the ledger read back, judged, rotated and repaired. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'history',
    commands: [
      {
        name: 'history',
        description: 'the ledger read back; --validate judges it, --rotate archives its oldest lines, --repair moves a torn tail aside',
        output: 'json-lines',
        options: [
          { flags: '--task <id>', description: 'only the events of this task' },
          { flags: '--event <name>', description: 'only this event (a name of share/events.yaml)' },
          { flags: '--since <ts>', description: 'only events at or after this UTC date or time (2026-09-03, 2026-09-03T19:30:12Z)' },
          { flags: '--limit <n>', description: 'the newest n matching events (default 50)' },
          { flags: '--all', description: 'every matching event' },
          { flags: '--validate', description: 'report every line that is not an event of the vocabulary, and a torn tail (exit 10)' },
          { flags: '--rotate', description: 'move the lines beyond ledger.retention_max_lines into an archive (never deletes)' },
          { flags: '--repair', description: 'move a torn tail aside into a kept file, so appends work again' },
        ],
        exitCodes: [0, 2, 10, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runHistory } = await import('../actions/history');
          return ({ options }, invocation) => runHistory(options, invocation);
        },
      },
    ],
  }),
];
