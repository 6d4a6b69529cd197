/**
 * brainstorm_ledger: BS-LEDGER-01 (unique ids; Decision, Why, How to apply present and non-empty; each line
 * in its shape), broken one way at a time on a copy of the passing session.
 */
import { describeViolations } from '../helpers/brainstorm';

const LEDGER = 'ledger.md';
const D2_WHY = '- Why: a cold cache after every deploy undoes the latency gain on the first-run path.';
const D2_HOW = '- How to apply: the cache module owns the snapshot file; a snapshot older than an hour is\n  discarded on load.\n';

describeViolations('brainstorm_ledger', {
  passing: [
    { name: 'the passing session, as the fixture holds it (D1 wraps its Why over three lines)', mutate: () => {} },
    {
      name: 'a value that starts on its continuation line',
      mutate: (c) => c.edit(LEDGER, D2_WHY, '- Why:\n  a cold cache after every deploy undoes the latency gain on the first-run path.'),
    },
    { name: 'a decision that resolves no fork', mutate: (c) => c.edit(LEDGER, '- Resolves: F3\n', '') },
    { name: 'a decision that resolves two forks', mutate: (c) => c.edit(LEDGER, '- Resolves: F3', '- Resolves: F3, F5') },
    {
      name: 'a bullet of its own under a decision',
      mutate: (c) => c.edit(LEDGER, '- Resolves: F3', '- Resolves: F3\n- Declined: shared keys'),
    },
    {
      name: 'no ledger.md and no ref to a decision',
      mutate: (c) => (
        c.remove(LEDGER), c.edit('state.md', '→ F1, D1', '→ thesis'), c.edit('thesis.md', 'no entry is shared (D1)', 'no entry is shared')
      ),
    },
  ],
  failing: [
    {
      name: 'BS-LEDGER-01: a duplicate decision id',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, '## D2 —', '## D1 —'),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: 'Cache state survives restarts' }],
    },
    {
      name: 'BS-LEDGER-01: an empty Why',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, D2_WHY, '- Why:'),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '- Why:' }],
    },
    {
      name: 'BS-LEDGER-01: an empty Decision',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, '- Decision: every cache key embeds the tenant id; no shared entries.', '- Decision:'),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '- Decision:' }],
    },
    {
      name: 'BS-LEDGER-01: no How to apply',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, D2_HOW, ''),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: 'Cache state survives restarts' }],
    },
    {
      name: 'BS-LEDGER-01: a field name in another case',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, "- How to apply: the cache module's key builder", "- How to Apply: the cache module's key builder"),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '- How to Apply:' }],
    },
    {
      name: 'BS-LEDGER-01: a field without its list marker',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, D2_WHY, D2_WHY.slice(2)),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: D2_WHY.slice(2) }],
    },
    {
      name: 'BS-LEDGER-01: `-` instead of the em dash',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, '## D2 —', '## D2 -'),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '## D2 -' }],
    },
    {
      name: 'BS-LEDGER-01: a level-2 heading that is no decision',
      gate: 'session',
      mutate: (c) => c.write(LEDGER, `${c.read(LEDGER)}\n## Later\n\nMore to come.\n`),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '## Later' }],
    },
    {
      name: 'BS-LEDGER-01: Resolves names no fork id',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, '- Resolves: F3', '- Resolves: the third fork'),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '- Resolves: the third fork' }],
    },
    {
      name: 'BS-LEDGER-01: a field twice',
      gate: 'session',
      mutate: (c) => c.edit(LEDGER, D2_WHY, `${D2_WHY}\n- Why: also the restart storm.`),
      expected: [{ rule: 'BS-LEDGER-01', file: LEDGER, at: '- Why: also the restart storm.' }],
    },
  ],
});
