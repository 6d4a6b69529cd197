/**
 * brainstorm_thesis: BS-THESIS-01 (title, stamp, sections), BS-COMPOSE-01 (stamp equals Last compose)
 * and BS-COMPOSE-02 (no capture newer than the last compose), each broken alone on a copy of the passing
 * session.
 */

import type { SessionCopy } from '../helpers/brainstorm';
import { describeViolations } from '../helpers/brainstorm';

const THESIS = 'thesis.md';
const CAPTURE = 'ops/capture.md';
const STAMP = 'Current as of: 2026-07-08T14:30Z';

/** Swap the headings `## Claim` and `## Argument`. */
function swapSections(c: SessionCopy): void {
  c.edit(THESIS, '## Claim', '## SWAP');
  c.edit(THESIS, '## Argument', '## Claim');
  c.edit(THESIS, '## SWAP', '## Argument');
}

const T3 = '\n---\n### T3 · 2026-07-08T14:45Z\n\nuser: one more thing on warm-on-deploy.\n';

describeViolations('brainstorm_thesis', {
  passing: [
    { name: 'the passing session, as the fixture holds it', mutate: () => {} },
    {
      name: 'a capture entry as new as the compose',
      mutate: (c) => c.write(CAPTURE, `${c.read(CAPTURE)}${T3.replace('14:45Z', '14:30Z')}`),
    },
    {
      name: 'another section between the mandated ones',
      mutate: (c) => c.edit(THESIS, '## What changed', '## Risks\n\nNone beyond F2.\n\n## What changed'),
    },
    {
      name: 'a heading inside a fenced block is not a section',
      mutate: (c) => c.edit(THESIS, '## What changed\n', '## What changed\n\n```\n## Claim\n```\n'),
    },
    { name: 'no ops/capture.md: nothing is newer than the compose', mutate: (c) => c.remove(CAPTURE) },
    {
      name: 'not composed yet: the stamp and Last compose both read never',
      gates: ['session'],
      mutate: (c) => (
        c.edit(THESIS, STAMP, 'Current as of: never'), c.edit('state.md', '- Last compose: 2026-07-08T14:30Z', '- Last compose: never')
      ),
    },
  ],
  failing: [
    // BS-THESIS-01
    {
      name: 'BS-THESIS-01: no thesis.md',
      gate: 'session',
      mutate: (c) => c.remove(THESIS),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS }],
    },
    {
      name: 'BS-THESIS-01: no stamp',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, `${STAMP}\n`, ''),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS }],
    },
    {
      name: 'BS-THESIS-01: a stamp in local time',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, STAMP, 'Current as of: 2026-07-08 16:30'),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: 'Current as of: 2026-07-08 16:30' }],
    },
    {
      name: 'BS-THESIS-01: a stamp with an offset',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, STAMP, 'Current as of: 2026-07-08T16:30+02:00'),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: 'Current as of: 2026-07-08T16:30+02:00' }],
    },
    {
      name: 'BS-THESIS-01: a stamp with seconds',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, STAMP, 'Current as of: 2026-07-08T14:30:00Z'),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: 'Current as of: 2026-07-08T14:30:00Z' }],
    },
    {
      name: 'BS-THESIS-01: a stamp in bold is read, and reported',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, STAMP, '**Current as of:** 2026-07-08T14:30Z'),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: '**Current as of:** 2026-07-08T14:30Z' }],
    },
    {
      name: 'BS-THESIS-01: a section missing',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, '## Argument', '## Reasoning'),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS }],
    },
    {
      name: 'BS-THESIS-01: sections out of order',
      gate: 'session',
      mutate: swapSections,
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: '## Claim' }],
    },
    {
      name: 'BS-THESIS-01: a section heading spelt otherwise',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, '## What changed', '## What Changed'),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: '## What Changed' }],
    },
    // the second heading carries a trailing space (which the reader drops) so the table can tell the two lines apart
    {
      name: 'BS-THESIS-01: a section twice',
      gate: 'session',
      mutate: (c) => c.write(THESIS, `${c.read(THESIS)}\n## Claim \n\nAgain.\n`),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: '## Claim ' }],
    },
    {
      name: 'BS-THESIS-01: no title',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, '# Widget cache\n\n', ''),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS }],
    },
    {
      name: 'BS-THESIS-01: the stamp after the sections',
      gate: 'session',
      mutate: (c) => (c.edit(THESIS, `${STAMP}\n\n`, ''), c.write(THESIS, `${c.read(THESIS)}\n${STAMP}\n`)),
      expected: [{ rule: 'BS-THESIS-01', file: THESIS, at: STAMP }],
    },

    // BS-COMPOSE-01
    {
      name: 'BS-COMPOSE-01: the stamp differs from Last compose',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, STAMP, 'Current as of: 2026-07-08T14:31Z'),
      expected: [{ rule: 'BS-COMPOSE-01', file: THESIS, at: 'Current as of: 2026-07-08T14:31Z' }],
    },
    {
      name: 'BS-COMPOSE-01: the thesis reads never, and Last compose is a datetime',
      gate: 'session',
      mutate: (c) => c.edit(THESIS, STAMP, 'Current as of: never'),
      expected: [{ rule: 'BS-COMPOSE-01', file: THESIS, at: 'Current as of: never' }],
    },
    {
      name: 'BS-COMPOSE-01: Last compose never, and the thesis is stamped',
      gate: 'session',
      mutate: (c) => c.edit('state.md', '- Last compose: 2026-07-08T14:30Z', '- Last compose: never'),
      expected: [{ rule: 'BS-COMPOSE-01', file: THESIS, at: STAMP }],
    },

    // BS-COMPOSE-02
    {
      name: 'BS-COMPOSE-02: a capture entry newer than the compose',
      gate: 'manifest',
      mutate: (c) => c.write(CAPTURE, `${c.read(CAPTURE)}${T3}`),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T3 · 2026-07-08T14:45Z' }],
    },
    {
      name: 'BS-COMPOSE-02: and at the move',
      gate: 'move',
      mutate: (c) => c.write(CAPTURE, `${c.read(CAPTURE)}${T3}`),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T3 · 2026-07-08T14:45Z' }],
    },
    {
      name: 'BS-COMPOSE-02: `-` instead of the middle dot',
      gate: 'manifest',
      mutate: (c) => c.edit(CAPTURE, '### T2 · ', '### T2 - '),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T2 - 2026-07-08T14:20Z' }],
    },
    {
      name: 'BS-COMPOSE-02: a heading in local time',
      gate: 'manifest',
      mutate: (c) => c.edit(CAPTURE, '### T2 · 2026-07-08T14:20Z', '### T2 · 2026-07-08 16:20'),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T2 · 2026-07-08 16:20' }],
    },
    {
      name: 'BS-COMPOSE-02: a heading with seconds',
      gate: 'manifest',
      mutate: (c) => c.edit(CAPTURE, '### T2 · 2026-07-08T14:20Z', '### T2 · 2026-07-08T14:20:00Z'),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T2 · 2026-07-08T14:20:00Z' }],
    },
    {
      name: 'BS-COMPOSE-02: never composed, and a capture entry exists',
      gate: 'manifest',
      mutate: (c) => (
        c.edit(THESIS, STAMP, 'Current as of: never'), c.edit('state.md', '- Last compose: 2026-07-08T14:30Z', '- Last compose: never')
      ),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T2 · 2026-07-08T14:20Z' }],
    },
    {
      name: 'BS-COMPOSE-02: a heading at level 2',
      gate: 'manifest',
      mutate: (c) => c.edit(CAPTURE, '### T2 · ', '## T2 · '),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '## T2 · 2026-07-08T14:20Z' }],
    },
    {
      name: 'BS-COMPOSE-02: entries numbered out of order',
      gate: 'manifest',
      mutate: (c) => c.edit(CAPTURE, '### T2 · ', '### T3 · '),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### T3 · 2026-07-08T14:20Z' }],
    },
    {
      name: 'BS-COMPOSE-02: a level-3 heading that is no entry',
      gate: 'manifest',
      mutate: (c) => c.edit(CAPTURE, '### T2 · ', '### Turn 2 · '),
      expected: [{ rule: 'BS-COMPOSE-02', file: CAPTURE, at: '### Turn 2 · 2026-07-08T14:20Z' }],
    },
  ],
});
