/**
 * brainstorm_ops: BS-OPS-01 (ops/.gitignore is the single line `*`) broken alone on a copy of the passing
 * session; BS-OPS-02 (git tracks nothing under ops/) in a real temporary git repository, with an ops file
 * force-added and without, and outside any git repository, where it is a skip and never a failure.
 */
import { describe, expect, it } from 'vitest';
import { copyPassingSession, describeViolations, runGate, SESSION } from '../helpers/brainstorm';

const GITIGNORE = 'ops/.gitignore';

describeViolations('brainstorm_ops', {
  passing: [
    { name: 'the passing session, as the fixture holds it', mutate: () => {} },
    { name: 'a blank line after the `*`', mutate: (c) => c.write(GITIGNORE, '*\n\n') },
    { name: 'no newline after the `*`', mutate: (c) => c.write(GITIGNORE, '*') },
  ],
  failing: [
    {
      name: 'BS-OPS-01: no ops/.gitignore',
      gate: 'session',
      mutate: (c) => c.remove(GITIGNORE),
      expected: [{ rule: 'BS-OPS-01', file: GITIGNORE }],
    },
    // without ops/ there is no sync log either, so the twin's attribution is changed to keep BS-SYNC-02 out of it
    {
      name: 'BS-OPS-01: no ops/ at all',
      gate: 'session',
      mutate: (c) => (c.remove('ops'), c.edit('forks.md', '- Raised by: twin (S1)', '- Raised by: user')),
      expected: [{ rule: 'BS-OPS-01', file: GITIGNORE }],
    },
    {
      name: 'BS-OPS-01: an empty ops/.gitignore',
      gate: 'session',
      mutate: (c) => c.write(GITIGNORE, ''),
      expected: [{ rule: 'BS-OPS-01', file: GITIGNORE }],
    },
    {
      name: 'BS-OPS-01: a pattern other than `*`',
      gate: 'session',
      mutate: (c) => c.write(GITIGNORE, '*.md\n'),
      expected: [{ rule: 'BS-OPS-01', file: GITIGNORE, at: '*.md' }],
    },
    {
      name: 'BS-OPS-01: a line beside the `*`',
      gate: 'session',
      mutate: (c) => c.write(GITIGNORE, '*\n!capture.md\n'),
      expected: [{ rule: 'BS-OPS-01', file: GITIGNORE, at: '!capture.md' }],
    },
    {
      name: 'BS-OPS-01: and at the move',
      gate: 'move',
      mutate: (c) => c.write(GITIGNORE, '*.md\n'),
      expected: [{ rule: 'BS-OPS-01', file: GITIGNORE, at: '*.md' }],
    },
  ],
});

describe("brainstorm_ops: BS-OPS-02 asks the folder's own git repository", () => {
  it.each(['session', 'manifest', 'move'] as const)('a force-added ops file fails %s with exit code 1', async (gate) => {
    const copy = copyPassingSession();
    copy.git(['init', '-q', '-b', 'main', '.']);
    copy.git(['add', '-A']);
    copy.git(['add', '-f', '--', `${SESSION}/ops/capture.md`]);
    const result = await runGate(gate, copy.folder);
    const failing = result.findings.filter((f) => f.level !== 'OK' && f.level !== 'INFO');
    expect(failing.map(({ level, category, rule, subject, file, line }) => ({ level, category, rule, subject, file, line }))).toEqual([
      { level: 'FAIL', category: 'brainstorm', rule: 'BS-OPS-02', subject: 'ops/capture.md', file: 'ops/capture.md', line: undefined },
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('every force-added ops file is one finding, the ignore file included', async () => {
    const copy = copyPassingSession();
    copy.git(['init', '-q', '-b', 'main', '.']);
    copy.git(['add', '-f', '--', `${SESSION}/ops/.gitignore`, `${SESSION}/ops/manifest.md`]);
    const result = await runGate('session', copy.folder);
    expect(
      result.findings
        .filter((f) => f.level === 'FAIL')
        .map((f) => [f.rule, f.file])
        .sort(),
    ).toEqual([
      ['BS-OPS-02', 'ops/.gitignore'],
      ['BS-OPS-02', 'ops/manifest.md'],
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('passes inside git when nothing under ops/ is tracked (ops/.gitignore keeps it out)', async () => {
    const copy = copyPassingSession();
    copy.git(['init', '-q', '-b', 'main', '.']);
    copy.git(['add', '-A']);
    expect(copy.git(['ls-files', '--', `${SESSION}/ops`])).toBe('');
    for (const gate of ['session', 'manifest', 'move'] as const) {
      const result = await runGate(gate, copy.folder);
      expect(
        result.findings.filter((f) => f.level === 'FAIL'),
        gate,
      ).toEqual([]);
      expect(result.exitCode).toBe(0);
      const ops = result.findings.filter((f) => f.rule === 'BS-OPS-02');
      expect(ops.map((f) => [f.level, f.skipped ?? false])).toEqual([['OK', false]]);
    }
  });

  it('is a skip, never a failure, outside any git repository', async () => {
    const copy = copyPassingSession();
    const result = await runGate('session', copy.folder);
    const ops = result.findings.filter((f) => f.rule === 'BS-OPS-02');
    expect(ops.map((f) => ({ level: f.level, skipped: f.skipped, exitCode: f.exitCode }))).toEqual([
      { level: 'INFO', skipped: true, exitCode: 0 },
    ]);
    expect(result.findings.filter((f) => f.level === 'FAIL')).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
