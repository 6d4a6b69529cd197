/**
 * brainstorm_state: BS-STATE-01 (fields), BS-STATE-02 (aspect map), BS-ASPECT-01 (aspect refs) and
 * BS-ASPECT-02 (aspect content), each broken alone on a copy of the passing session.
 */
import { describeViolations } from '../helpers/brainstorm';

const STATE = 'state.md';

describeViolations('brainstorm_state', {
  passing: [
    { name: 'the passing session, as the fixture holds it', mutate: () => {} },
    {
      name: 'Status open, Sitting multi',
      mutate: (c) => (c.edit(STATE, '- Status: stopping', '- Status: open'), c.edit(STATE, '- Sitting: single', '- Sitting: multi')),
    },
    {
      name: 'prose under the aspect map',
      mutate: (c) => c.edit(STATE, '## Aspect map\n', '## Aspect map\n\nOne line a part of the topic.\n'),
    },
    { name: 'an aspect refers to a fork a decision resolved (F1, resolved by D2)', mutate: (c) => c.edit(STATE, '→ F1, D1', '→ F1') },
    {
      name: 'a gloss that holds an em dash',
      mutate: (c) => c.edit(STATE, 'how cache state survives restarts', 'how cache state survives — or not — restarts'),
    },
  ],
  failing: [
    // BS-STATE-01
    { name: 'BS-STATE-01: no state.md', gate: 'session', mutate: (c) => c.remove(STATE), expected: [{ rule: 'BS-STATE-01', file: STATE }] },
    {
      name: 'BS-STATE-01: Status outside the contract',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Status: stopping', '- Status: closed'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Status: closed' }],
    },
    {
      name: 'BS-STATE-01: Started not an ISO date',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Started: 2026-07-08', '- Started: 8 July 2026'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Started: 8 July 2026' }],
    },
    {
      name: 'BS-STATE-01: Sitting outside the contract',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Sitting: single', '- Sitting: solo'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Sitting: solo' }],
    },
    {
      name: 'BS-STATE-01: Last compose in local time',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Last compose: 2026-07-08T14:30Z', '- Last compose: 2026-07-08T16:30+02:00'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Last compose: 2026-07-08T16:30+02:00' }],
    },
    {
      name: 'BS-STATE-01: Last compose with seconds',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Last compose: 2026-07-08T14:30Z', '- Last compose: 2026-07-08T14:30:00Z'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Last compose: 2026-07-08T14:30:00Z' }],
    },
    {
      name: 'BS-STATE-01: Last compose without its Z',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Last compose: 2026-07-08T14:30Z', '- Last compose: 2026-07-08 14:30'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Last compose: 2026-07-08 14:30' }],
    },
    {
      name: 'BS-STATE-01: a field name in another case is read, and reported',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Last compose: 2026-07-08T14:30Z', '- last compose: 2026-07-08T14:30Z'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- last compose: 2026-07-08T14:30Z' }],
    },
    {
      name: 'BS-STATE-01: a field written with `-` for its colon is no field, so Posture is absent',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Posture: harvest applied', '- Posture - harvest applied'),
      expected: [
        { rule: 'BS-STATE-01', file: STATE, at: '- Posture - harvest applied' },
        { rule: 'BS-STATE-01', file: STATE },
      ],
    },
    {
      name: 'BS-STATE-01: a field without its list marker',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Sitting: single', 'Sitting: single'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: 'Sitting: single' }],
    },
    {
      name: 'BS-STATE-01: a field twice',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Status: stopping\n', '- Status: stopping\n- Status: open\n'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Status: open' }],
    },
    {
      name: 'BS-STATE-01: a field missing',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Sitting: single\n', ''),
      expected: [{ rule: 'BS-STATE-01', file: STATE }],
    },
    {
      name: 'BS-STATE-01: Posture empty',
      gate: 'session',
      mutate: (c) =>
        c.edit(STATE, '- Posture: harvest applied to docs/features and docs/architecture; next, the move to history', '- Posture:'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Posture:' }],
    },
    {
      name: 'BS-STATE-01: a list item that is no field',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- Sitting: single\n', '- Sitting: single\n- Mood: upbeat\n'),
      expected: [{ rule: 'BS-STATE-01', file: STATE, at: '- Mood: upbeat' }],
    },

    // BS-STATE-02
    {
      name: 'BS-STATE-02: no aspect map',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '## Aspect map', '## Aspects'),
      expected: [{ rule: 'BS-STATE-02', file: STATE }],
    },
    {
      name: 'BS-STATE-02: the heading spelt otherwise',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '## Aspect map', '## Aspect Map'),
      expected: [{ rule: 'BS-STATE-02', file: STATE, at: '## Aspect Map' }],
    },
    {
      name: 'BS-STATE-02: `-` instead of the em dash',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- persistence — how', '- persistence - how'),
      expected: [{ rule: 'BS-STATE-02', file: STATE, at: '- persistence - how' }],
    },
    {
      name: 'BS-STATE-02: `->` instead of the arrow',
      gate: 'session',
      mutate: (c) => c.edit(STATE, 'the first-run experience → thesis', 'the first-run experience -> thesis'),
      expected: [{ rule: 'BS-STATE-02', file: STATE, at: '- onboarding' }],
    },
    {
      name: 'BS-STATE-02: a missing arrow',
      gate: 'session',
      mutate: (c) => c.edit(STATE, 'the first-run experience → thesis', 'the first-run experience, thesis'),
      expected: [{ rule: 'BS-STATE-02', file: STATE, at: '- onboarding' }],
    },
    {
      name: 'BS-STATE-02: an aspect line without its list marker',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '- onboarding — ', 'onboarding — '),
      expected: [{ rule: 'BS-STATE-02', file: STATE, at: 'onboarding — ' }],
    },
    {
      name: 'BS-STATE-02: no parseable aspect',
      gate: 'session',
      mutate: (c) => c.write(STATE, c.read(STATE).replace(/## Aspect map\n[\s\S]*$/, '## Aspect map\n\nTo be mapped.\n')),
      expected: [{ rule: 'BS-STATE-02', file: STATE, at: '## Aspect map' }],
    },

    // BS-ASPECT-01
    {
      name: 'BS-ASPECT-01: a fork no one raised',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '→ F1, D1', '→ F9, D1'),
      expected: [{ rule: 'BS-ASPECT-01', file: STATE, at: '- persistence' }],
    },
    {
      name: 'BS-ASPECT-01: a decision not in the ledger',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '→ F1, D1', '→ F1, D9'),
      expected: [{ rule: 'BS-ASPECT-01', file: STATE, at: '- persistence' }],
    },
    {
      name: 'BS-ASPECT-01: a fragment never written',
      gate: 'session',
      mutate: (c) => c.edit(STATE, 'fragment:domain-model', 'fragment:glossary'),
      expected: [{ rule: 'BS-ASPECT-01', file: STATE, at: '- risks' }],
    },
    {
      name: 'BS-ASPECT-01: a ref of no known form',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '→ F2, F4,', '→ fork 2, F4,'),
      expected: [{ rule: 'BS-ASPECT-01', file: STATE, at: '- risks' }],
    },
    {
      name: 'BS-ASPECT-01: `none yet` beside other refs',
      gate: 'session',
      mutate: (c) => c.edit(STATE, '→ thesis', '→ thesis, none yet'),
      expected: [{ rule: 'BS-ASPECT-01', file: STATE, at: '- onboarding' }],
    },

    // BS-ASPECT-02
    {
      name: 'BS-ASPECT-02: an aspect still none yet at the manifest',
      gate: 'manifest',
      mutate: (c) => c.edit(STATE, '→ thesis', '→ none yet'),
      expected: [{ rule: 'BS-ASPECT-02', file: STATE, at: '- onboarding' }],
    },
    {
      name: 'BS-ASPECT-02: and at the move',
      gate: 'move',
      mutate: (c) => c.edit(STATE, '→ thesis', '→ none yet'),
      expected: [{ rule: 'BS-ASPECT-02', file: STATE, at: '- onboarding' }],
    },
  ],
});
