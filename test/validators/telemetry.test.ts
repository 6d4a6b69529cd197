/**
 * telemetry (rule majordomus.telemetry-integrity): every case starts from `majordomus init`, writes a
 * telemetry record into the local half (the fixture, complete, or the fixture with one breach) and runs
 * `doctor --rule` in process. Each breach is a FAIL on the record at the line of its key; without a
 * telemetry folder there is nothing to judge; under `watch` a breach is DRIFT with exit 11.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeTable, project } from '../helpers/cases';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, ROOT, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.telemetry-integrity';
const DIR = '.ai/local/state/telemetry';
const ID = 't-20261012201705-7bf9';
const RECORD = `${DIR}/${ID}.yaml`;
const FIXTURE = readFileSync(join(ROOT, `test/fixtures/telemetry/${ID}.yaml`), 'utf8');

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** The fixture with `from` replaced by `to` (once), written as the record `path`. */
function record(from = '', to = '', path = RECORD): (repo: TempRepo) => void {
  return (repo) => {
    if (from !== '' && !FIXTURE.includes(from)) throw new Error(`the fixture lacks ${JSON.stringify(from)}`);
    repo.write(path, from === '' ? FIXTURE : FIXTURE.replace(from, to));
  };
}

/** A FAIL on the record at the line holding `at` (in the record as written). */
function fail(at?: string, path = RECORD) {
  return { level: 'FAIL', category: 'telemetry', subject: path, file: path, ...(at === undefined ? {} : { at }) } as const;
}

describeTable({
  rule: RULE,
  repos,
  passing: [
    { name: 'no telemetry folder: nothing to judge', mutate: () => {}, expected: [{ level: 'OK', category: 'telemetry', subject: DIR }] },
    {
      name: 'the complete record, values and reasoned absences',
      mutate: record(),
      expected: [{ level: 'OK', category: 'telemetry', subject: RECORD }],
    },
    {
      name: 'a zero is a measurement',
      mutate: record('value: 61', 'value: 0'),
      expected: [{ level: 'OK', category: 'telemetry', subject: RECORD }],
    },
  ],
  failing: [
    {
      name: 'a fact without its reporter',
      mutate: record('    value: 61\n    reporter: claude-code\n', '    value: 61\n'),
      expected: [fail('  requests:')],
    },
    {
      name: 'a fact with both a value and a reason',
      mutate: record('    value: 61\n', '    value: 61\n    not_reported: "half of it"\n'),
      expected: [fail('  requests:')],
    },
    { name: 'a fact with neither', mutate: record('    value: 61\n', ''), expected: [fail('  requests:')] },
    {
      name: 'an absence without its reason',
      mutate: record('not_reported: "no price was reported for this session"', 'not_reported: ""'),
      expected: [fail('not_reported: ""')],
    },
    {
      name: 'one of the eight facts left out',
      mutate: record('  tool_calls:\n    value: 0\n    reporter: claude-code\n', ''),
      expected: [fail('facts:')],
    },
    {
      name: 'a derived total beside the facts',
      mutate: record('facts:\n', 'facts:\n  total_tokens:\n    value: 978931\n    reporter: majordomus\n'),
      expected: [fail('total_tokens:')],
    },
    {
      name: 'a schema other than telemetry/v1',
      mutate: record('schema: telemetry/v1', 'schema: telemetry/v2'),
      expected: [fail('schema: telemetry/v2')],
    },
    {
      name: 'a task_id other than the one the file is named after',
      mutate: record(`task_id: ${ID}`, 'task_id: t-20261012201705-0000'),
      expected: [fail('task_id:')],
    },
    {
      name: 'a file not named after a task',
      mutate: record('', '', `${DIR}/usage.yaml`),
      expected: [fail(undefined, `${DIR}/usage.yaml`)],
    },
    { name: 'a record that is not YAML', mutate: (repo) => repo.write(RECORD, 'facts: [\n'), expected: [fail('facts: [')] },
  ],
  drift: { mutate: record('    value: 61\n', ''), expected: [fail('  requests:')] },
});

describe('majordomus.telemetry-integrity: links', () => {
  it('a telemetry folder or record linked outside the repository is a FAIL, and nothing outside is read', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-telemetry-'));
    try {
      writeFileSync(join(outside, `${ID}.yaml`), FIXTURE);
      writeFileSync(join(outside, 'stray.yaml'), 'not: a record\n');
      const folder = repos.create().init();
      mkdirSync(folder.path('.ai/local/state'), { recursive: true });
      symlinkSync(outside, folder.path(DIR));
      const run = await gateInProcess(folder, 'doctor', { rule: RULE });
      expect(run.code).toBe(10);
      expect(project(failing(run.findings))).toEqual([{ level: 'FAIL', category: 'telemetry', subject: DIR, file: null, line: null }]);

      const file = repos.create().init();
      mkdirSync(file.path(DIR), { recursive: true });
      symlinkSync(join(outside, `${ID}.yaml`), file.path(RECORD));
      const linked = await gateInProcess(file, 'doctor', { rule: RULE });
      expect(linked.code).toBe(10);
      expect(project(failing(linked.findings))).toEqual([
        { level: 'FAIL', category: 'telemetry', subject: RECORD, file: null, line: null },
      ]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
