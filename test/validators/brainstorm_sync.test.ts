/**
 * brainstorm_sync: BS-SYNC-01 (every dispatch but the newest has a result; every line in its shape) and
 * BS-SYNC-02 (a twin attribution cites a reconciled sync), each broken alone on a copy of the passing
 * session.
 */
import { describeViolations } from '../helpers/brainstorm';

const LOG = 'ops/sync-log.md';
const S2_DISPATCH = 'S2 | gate: on-demand | dispatched: 2026-07-08T14:24Z | scope: compose the thesis after D1';
const S2_RESULT = 'S2 → reconciled | 2026-07-08T14:30Z | thesis composed · 1 edit · untouched: onboarding';
const S3_RESULT = 'S3 → reconciled | 2026-07-08T14:46Z | manifest proposed · 4 rows · uselessness test pass';

describeViolations('brainstorm_sync', {
  passing: [
    { name: 'the passing session, as the fixture holds it', mutate: () => {} },
    { name: 'the newest dispatch still waits for its result', mutate: (c) => c.edit(LOG, `${S3_RESULT}\n`, '') },
    {
      name: 'a sync that failed, cited by no one',
      mutate: (c) => c.edit(LOG, S2_RESULT, 'S2 → failed | 2026-07-08T14:30Z | the twin timed out'),
    },
    { name: 'a title and a code fence around the lines', mutate: (c) => c.write(LOG, `# Sync log\n\n\`\`\`\n${c.read(LOG)}\`\`\`\n`) },
    {
      name: 'no sync log, and no twin attribution',
      mutate: (c) => (c.remove(LOG), c.edit('forks.md', '- Raised by: twin (S1)', '- Raised by: user')),
    },
  ],
  failing: [
    // BS-SYNC-01
    {
      name: 'BS-SYNC-01: a dispatch other than the newest without a result',
      gate: 'session',
      mutate: (c) => c.edit(LOG, `${S2_RESULT}\n`, ''),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: S2_DISPATCH }],
    },
    {
      name: 'BS-SYNC-01: and at the move',
      gate: 'move',
      mutate: (c) => c.edit(LOG, `${S2_RESULT}\n`, ''),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: S2_DISPATCH }],
    },
    {
      name: 'BS-SYNC-01: `->` instead of the arrow',
      gate: 'session',
      mutate: (c) => c.edit(LOG, 'S2 → reconciled', 'S2 -> reconciled'),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'S2 -> reconciled' }],
    },
    {
      name: 'BS-SYNC-01: a missing arrow',
      gate: 'session',
      mutate: (c) => c.edit(LOG, 'S2 → reconciled', 'S2 reconciled'),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'S2 reconciled' }],
    },
    {
      name: 'BS-SYNC-01: a dispatch in local time',
      gate: 'session',
      mutate: (c) => c.edit(LOG, 'dispatched: 2026-07-08T14:24Z', 'dispatched: 2026-07-08 16:24'),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'dispatched: 2026-07-08 16:24' }],
    },
    {
      name: 'BS-SYNC-01: a result with seconds',
      gate: 'session',
      mutate: (c) => c.edit(LOG, 'reconciled | 2026-07-08T14:30Z', 'reconciled | 2026-07-08T14:30:00Z'),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: '2026-07-08T14:30:00Z' }],
    },
    {
      name: 'BS-SYNC-01: a gate of no known name',
      gate: 'session',
      mutate: (c) => c.edit(LOG, 'gate: on-demand', 'gate: midway'),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'gate: midway' }],
    },
    {
      name: 'BS-SYNC-01: a result without its summary',
      gate: 'session',
      mutate: (c) => c.edit(LOG, S2_RESULT, 'S2 → reconciled | 2026-07-08T14:30Z |'),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'S2 → reconciled | 2026-07-08T14:30Z |' }],
    },
    {
      name: 'BS-SYNC-01: a line that is neither a dispatch nor a result',
      gate: 'session',
      mutate: (c) => c.edit(LOG, `${S2_RESULT}\n`, `${S2_RESULT}\nnote: S2 was slow\n`),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'note: S2 was slow' }],
    },
    {
      name: 'BS-SYNC-01: a result for a sync never dispatched',
      gate: 'session',
      mutate: (c) => c.write(LOG, `${c.read(LOG)}S9 → failed | 2026-07-08T14:50Z | timeout\n`),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'S9 → failed' }],
    },
    {
      name: 'BS-SYNC-01: a second result for one dispatch',
      gate: 'session',
      mutate: (c) => c.write(LOG, `${c.read(LOG)}S1 → failed | 2026-07-08T14:50Z | replayed\n`),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'S1 → failed' }],
    },
    {
      name: 'BS-SYNC-01: ids out of order',
      gate: 'session',
      mutate: (c) => (c.edit(LOG, 'S3 | gate: stop', 'S4 | gate: stop'), c.edit(LOG, 'S3 → reconciled', 'S4 → reconciled')),
      expected: [{ rule: 'BS-SYNC-01', file: LOG, at: 'S4 | gate: stop' }],
    },

    // BS-SYNC-02
    {
      name: 'BS-SYNC-02: a twin attribution citing a failed sync',
      gate: 'session',
      mutate: (c) =>
        c.edit(
          LOG,
          'S1 → reconciled | 2026-07-08T14:08Z | 2 edits · 1 new fork · 2 open · untouched: risks',
          'S1 → failed | 2026-07-08T14:08Z | the twin could not read the basis',
        ),
      expected: [{ rule: 'BS-SYNC-02', file: 'forks.md', at: '- Raised by: twin (S1)' }],
    },
    {
      name: 'BS-SYNC-02: a twin attribution citing a sync never dispatched',
      gate: 'session',
      mutate: (c) => c.edit('forks.md', '- Raised by: twin (S1)', '- Raised by: twin (S9)'),
      expected: [{ rule: 'BS-SYNC-02', file: 'forks.md', at: '- Raised by: twin (S9)' }],
    },
    {
      name: 'BS-SYNC-02: a twin attribution citing the sync still in flight',
      gate: 'session',
      mutate: (c) => (c.edit(LOG, `${S3_RESULT}\n`, ''), c.edit('forks.md', '- Raised by: twin (S1)', '- Raised by: twin (S3)')),
      expected: [{ rule: 'BS-SYNC-02', file: 'forks.md', at: '- Raised by: twin (S3)' }],
    },
    {
      name: 'BS-SYNC-02: and at the manifest',
      gate: 'manifest',
      mutate: (c) => c.edit('forks.md', '- Raised by: twin (S1)', '- Raised by: twin (S9)'),
      expected: [{ rule: 'BS-SYNC-02', file: 'forks.md', at: '- Raised by: twin (S9)' }],
    },
  ],
});
