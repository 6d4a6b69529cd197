/**
 * brainstorm_forks: BS-FORK-01 (ids, headings, fields), BS-FORK-02 (a resolved fork still open) and
 * BS-FORK-03 (an open fork at the manifest), each broken alone on a copy of the passing session.
 */
import { describeViolations } from '../helpers/brainstorm';

const FORKS = 'forks.md';
const F2_HEADING = '## F2 — What happens on catalog API timeout? [parked → docs/architecture/open-questions.md]';
const F4_TITLE = "Who invalidates a tenant's entries when its plan changes?";
const F4_HEADING = `## F4 — ${F4_TITLE} [parked → docs/architecture/open-questions.md]`;

describeViolations('brainstorm_forks', {
  passing: [
    { name: 'the passing session, as the fixture holds it', mutate: () => {} },
    {
      name: 'a title that holds brackets',
      mutate: (c) => c.edit(FORKS, 'What happens on catalog API timeout?', 'What happens on [catalog] API timeout?'),
    },
    { name: 'a fork raised by the user', mutate: (c) => c.edit(FORKS, '- Raised by: facilitator', '- Raised by: user') },
    { name: 'no Raised by at all (the contract does not require one)', mutate: (c) => c.edit(FORKS, '- Raised by: facilitator\n', '') },
    {
      name: 'an open fork while the session runs',
      gates: ['session'],
      mutate: (c) => c.edit(FORKS, F2_HEADING, '## F2 — What happens on catalog API timeout? [open]'),
    },
    {
      name: 'no forks.md: no fork is open or parked',
      mutate: (c) => (
        c.remove(FORKS),
        c.edit('state.md', '→ F2, F4, fragment', '→ fragment'),
        c.edit('ops/manifest.md', '| 3 | parked fork F2 |', '| 3 | former fork |'),
        c.edit('ops/manifest.md', '| 4 | parked fork F4 |', '| 4 | former fork |')
      ),
    },
  ],
  failing: [
    // BS-FORK-01
    {
      name: 'BS-FORK-01: a duplicate fork id',
      gate: 'session',
      mutate: (c) => (c.edit(FORKS, '## F4 —', '## F2 —'), c.edit('state.md', '→ F2, F4,', '→ F2,')),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: no Closes when',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, '- Closes when: an owner for invalidation on plan change is named\n', ''),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: an empty Closes when',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, '- Closes when: an owner for invalidation on plan change is named', '- Closes when:'),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: '- Closes when:' }],
    },
    {
      name: 'BS-FORK-01: a park without destination',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, F4_HEADING, `## F4 — ${F4_TITLE} [parked]`),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: a park with an empty destination',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, F4_HEADING, `## F4 — ${F4_TITLE} [parked → ]`),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: `->` instead of the arrow',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, F4_HEADING, `## F4 — ${F4_TITLE} [parked -> docs/architecture/open-questions.md]`),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: `-` instead of the em dash',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, '## F4 —', '## F4 -'),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: a bracket of no known state',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, F4_HEADING, `## F4 — ${F4_TITLE} [closed]`),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: no bracket',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, F4_HEADING, `## F4 — ${F4_TITLE}`),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: F4_TITLE }],
    },
    {
      name: 'BS-FORK-01: a level-2 heading that is no fork',
      gate: 'session',
      mutate: (c) => c.write(FORKS, `${c.read(FORKS)}\n## Notes\n\nNothing else.\n`),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: '## Notes' }],
    },
    {
      name: 'BS-FORK-01: Raised by of no known form',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, '- Raised by: facilitator', '- Raised by: the facilitator'),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: '- Raised by: the facilitator' }],
    },
    {
      name: 'BS-FORK-01: a blindspot in bold',
      gate: 'session',
      mutate: (c) => c.edit(FORKS, 'Blindspot: nobody', '**Blindspot:** nobody'),
      expected: [{ rule: 'BS-FORK-01', file: FORKS, at: '**Blindspot:** nobody' }],
    },

    // BS-FORK-02
    {
      name: 'BS-FORK-02: a decision resolves a fork still open',
      gate: 'session',
      mutate: (c) => (
        c.edit(FORKS, F2_HEADING, '## F2 — What happens on catalog API timeout? [open]'),
        c.edit('ledger.md', '- Resolves: F3', '- Resolves: F3, F2')
      ),
      expected: [{ rule: 'BS-FORK-02', file: FORKS, at: '## F2 — ' }],
    },

    // BS-FORK-03
    {
      name: 'BS-FORK-03: an open fork at the manifest',
      gate: 'manifest',
      mutate: (c) => c.edit(FORKS, F2_HEADING, '## F2 — What happens on catalog API timeout? [open]'),
      expected: [{ rule: 'BS-FORK-03', file: FORKS, at: '## F2 — ' }],
    },
    {
      name: 'BS-FORK-03: and at the move',
      gate: 'move',
      mutate: (c) => c.edit(FORKS, F2_HEADING, '## F2 — What happens on catalog API timeout? [open]'),
      expected: [{ rule: 'BS-FORK-03', file: FORKS, at: '## F2 — ' }],
    },
  ],
});
