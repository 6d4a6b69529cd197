/**
 * brainstorm_manifest: BS-MANIFEST-01 (the manifest's shape; a row for every parked fork and fragment),
 * BS-HARVEST-01 (destinations exist outside the session folder and link nowhere into it) and
 * BS-USELESS-01 (applied, with a passing uselessness test and no gaps), each broken alone on a copy of the
 * passing session.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionCopy } from '../helpers/brainstorm';
import { describeViolations } from '../helpers/brainstorm';

const MANIFEST = 'ops/manifest.md';
const ROW_1 = '| 1 | consolidated source of truth | thesis + ledger | docs/features/widget-cache.md | create |';
const ROW_2 = '| 2 | domain model fragment | fragments/domain-model.md | docs/features/widget-cache.md | append |';
const ROW_3 = '| 3 | parked fork F2 | forks.md | docs/architecture/open-questions.md | append |';
const ROW_4 = '| 4 | parked fork F4 | forks.md | docs/architecture/open-questions.md | append |';
const FEATURE = 'docs/features/widget-cache.md';

/** Append a line to a destination document of the tree (outside the session folder). */
function appendToFeature(c: SessionCopy, line: string): void {
  appendFileSync(join(c.root, FEATURE), `\n${line}\n`);
}

describeViolations('brainstorm_manifest', {
  passing: [
    { name: 'the passing session, as the fixture holds it', mutate: () => {} },
    {
      name: 'a proposed manifest before the move',
      gates: ['session', 'manifest'],
      mutate: (c) => c.edit(MANIFEST, 'Status: applied', 'Status: proposed'),
    },
    {
      name: 'a fragment named by its bare name',
      mutate: (c) => c.edit(MANIFEST, ROW_2, '| 2 | fragment domain-model | fragments | docs/features/widget-cache.md | append |'),
    },
    {
      name: 'a destination in code backticks',
      mutate: (c) =>
        c.edit(MANIFEST, ROW_1, '| 1 | consolidated source of truth | thesis + ledger | `docs/features/widget-cache.md` | create |'),
    },
    {
      name: 'a destination that is a directory',
      mutate: (c) => c.edit(MANIFEST, ROW_1, '| 1 | consolidated source of truth | thesis + ledger | docs/features | create |'),
    },
    {
      name: 'a destination that links elsewhere in the repository, and to the web',
      mutate: (c) =>
        appendToFeature(c, 'See [the brief](https://example.com/brief) and [history](../history/brainstorms/widget-cache/thesis.md).'),
    },
  ],
  failing: [
    // BS-MANIFEST-01
    {
      name: 'BS-MANIFEST-01: no manifest at the manifest gate',
      gate: 'manifest',
      mutate: (c) => c.remove(MANIFEST),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST }],
    },
    {
      name: 'BS-MANIFEST-01: a parked fork without a row',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, `${ROW_4}\n`, ''),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST }],
    },
    {
      name: 'BS-MANIFEST-01: a fragment without a row',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, `${ROW_2}\n`, ''),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST }],
    },
    {
      name: 'BS-MANIFEST-01: a new fragment without a row',
      gate: 'manifest',
      mutate: (c) => c.write('fragments/glossary.md', '# Glossary\n'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST }],
    },
    {
      name: 'BS-MANIFEST-01: a fork id inside a longer word is no mention',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, ROW_4, '| 4 | parked fork F45 | forks.md | docs/architecture/open-questions.md | append |'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST }],
    },
    {
      name: 'BS-MANIFEST-01: a Status of no known value',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, 'Status: applied', 'Status: done'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST, at: 'Status: done' }],
    },
    {
      name: 'BS-MANIFEST-01: a Round that is no number',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, 'Round: 1', 'Round: one'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST, at: 'Round: one' }],
    },
    {
      name: 'BS-MANIFEST-01: no Round',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, 'Round: 1\n', ''),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST }],
    },
    {
      name: 'BS-MANIFEST-01: `-` instead of the em dash in the title',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, '# Harvest manifest — widget-cache', '# Harvest manifest - widget-cache'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST, at: '# Harvest manifest - widget-cache' }],
    },
    {
      name: 'BS-MANIFEST-01: a title naming another topic',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, '# Harvest manifest — widget-cache', '# Harvest manifest — widget-store'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST, at: '# Harvest manifest — widget-store' }],
    },
    {
      name: 'BS-MANIFEST-01: a table header spelt otherwise',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, '| # | What | Source |', '| # | What | From |'),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST, at: '| # | What | From |' }],
    },
    {
      name: 'BS-MANIFEST-01: a row of four cells (so F4 has no row either)',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, ROW_4, '| 4 | parked fork F4 | forks.md | append |'),
      expected: [
        { rule: 'BS-MANIFEST-01', file: MANIFEST, at: '| 4 | parked fork F4 | forks.md | append |' },
        { rule: 'BS-MANIFEST-01', file: MANIFEST },
      ],
    },
    {
      name: 'BS-MANIFEST-01: two rows with one number',
      gate: 'manifest',
      mutate: (c) => c.edit(MANIFEST, ROW_4, ROW_4.replace('| 4 |', '| 3 |')),
      expected: [{ rule: 'BS-MANIFEST-01', file: MANIFEST, at: '| 3 | parked fork F4 |' }],
    },

    // BS-HARVEST-01
    {
      name: 'BS-HARVEST-01: a destination missing',
      gate: 'move',
      mutate: (c) => c.remove('docs/architecture/open-questions.md', true),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: ROW_3 }],
    },
    {
      name: 'BS-HARVEST-01: a destination links into the session folder',
      gate: 'move',
      mutate: (c) => appendToFeature(c, 'Background: [the thesis](../research/widget-cache-brainstorm/thesis.md).'),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: ROW_1 }],
    },
    {
      name: 'BS-HARVEST-01: a destination links into the session folder from the root',
      gate: 'move',
      mutate: (c) => appendToFeature(c, '[ledger]: /docs/research/widget-cache-brainstorm/ledger.md'),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: ROW_1 }],
    },
    {
      name: 'BS-HARVEST-01: a destination names the session folder in plain text',
      gate: 'move',
      mutate: (c) => appendToFeature(c, 'The raw notes are in docs/research/widget-cache-brainstorm/ops/capture.md.'),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: ROW_1 }],
    },
    {
      name: 'BS-HARVEST-01: an absolute destination',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, ROW_1, ROW_1.replace('| docs/features/', '| /docs/features/')),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: '| 1 | consolidated source of truth |' }],
    },
    {
      name: 'BS-HARVEST-01: a destination that climbs out of the repository',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, ROW_1, ROW_1.replace('| docs/features/', '| ../docs/features/')),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: '| 1 | consolidated source of truth |' }],
    },
    {
      name: 'BS-HARVEST-01: a destination inside the session folder',
      gate: 'move',
      mutate: (c) =>
        c.edit(MANIFEST, ROW_1, ROW_1.replace('docs/features/widget-cache.md', 'docs/research/widget-cache-brainstorm/thesis.md')),
      expected: [{ rule: 'BS-HARVEST-01', file: MANIFEST, at: '| 1 | consolidated source of truth |' }],
    },

    // BS-USELESS-01
    {
      name: 'BS-USELESS-01: the manifest is not applied',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, 'Status: applied', 'Status: approved'),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST, at: 'Status: approved' }],
    },
    {
      name: 'BS-USELESS-01: the test failed',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, '- Result: pass', '- Result: fail'),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST, at: '- Result: fail' }],
    },
    {
      name: 'BS-USELESS-01: gaps left',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, '- Gaps: none', '- Gaps: nobody owns F4'),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST, at: '- Gaps: nobody owns F4' }],
    },
    {
      name: 'BS-USELESS-01: no Gaps line',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, '- Gaps: none\n', ''),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST, at: '## Uselessness test' }],
    },
    {
      name: 'BS-USELESS-01: no allowed paths',
      gate: 'move',
      mutate: (c) =>
        c.edit(MANIFEST, '- Cold-reader allowed paths: docs/features/widget-cache.md, docs/architecture/open-questions.md\n', ''),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST, at: '## Uselessness test' }],
    },
    {
      name: 'BS-USELESS-01: no uselessness test',
      gate: 'move',
      mutate: (c) => c.write(MANIFEST, c.read(MANIFEST).replace(/## Uselessness test[\s\S]*$/, '')),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST }],
    },
    {
      name: 'BS-USELESS-01: a Result spelt otherwise',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, '- Result: pass', '- Result: Pass'),
      expected: [{ rule: 'BS-USELESS-01', file: MANIFEST, at: '- Result: Pass' }],
    },
    {
      name: 'BS-USELESS-01: `-` for the colon of Gaps',
      gate: 'move',
      mutate: (c) => c.edit(MANIFEST, '- Gaps: none', '- Gaps - none'),
      expected: [
        { rule: 'BS-USELESS-01', file: MANIFEST, at: '- Gaps - none' },
        { rule: 'BS-USELESS-01', file: MANIFEST, at: '## Uselessness test' },
      ],
    },
    {
      name: 'BS-MANIFEST-01 and BS-USELESS-01: no manifest at the move gate (BS-HARVEST-01 skips)',
      gate: 'move',
      mutate: (c) => c.remove(MANIFEST),
      expected: [
        { rule: 'BS-MANIFEST-01', file: MANIFEST },
        { rule: 'BS-USELESS-01', file: MANIFEST },
      ],
    },
  ],
});
