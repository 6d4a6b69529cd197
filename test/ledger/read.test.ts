/**
 * The reader in process: entries with their line numbers, malformed lines skipped and reported, a
 * final line without a newline never read as data, the first occurrence of a repeated key.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, type MajordomusError } from '../../engine/errors';
import { parseLedger, readLedger } from '../../engine/state/ledger/read';

const ok = (event = 'task.checkpoint', extra = '') => `{"ts":"2026-09-03T19:30:12Z","event":"${event}"${extra}}`;
const parse = (text: string) => parseLedger(Buffer.from(text));

describe('parseLedger', () => {
  it('numbers every complete line from 1', () => {
    const read = parse(`${ok('a')}\n${ok('b')}\n${ok('c')}\n`);
    expect(read.entries.map((entry) => [entry.line, entry.event])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(read.lines).toBe(3);
    expect(read.malformed).toEqual([]);
    expect(read.torn).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"ts":', 'not JSON'],
    ['a JSON array', '[1,2]', 'not a JSON object'],
    ['a JSON string', '"task.started"', 'not a JSON object'],
    ['null', 'null', 'not a JSON object'],
    ['no ts', '{"event":"x"}', 'no string `ts`'],
    ['a numeric ts', '{"ts":1,"event":"x"}', 'no string `ts`'],
    ['no event', '{"ts":"2026-09-03T19:30:12Z"}', 'no string `event`'],
    ['an event that is an object', '{"ts":"t","event":{"a":1}}', 'no string `event`'],
    ['a blank line', '', 'a blank line'],
    ['spaces only', '   ', 'a blank line'],
  ])('skips and reports %s, and reads on', (_name, line, reason) => {
    const read = parse(`${ok('a')}\n${line}\n${ok('b')}\n`);
    expect(read.malformed).toEqual([{ line: 2, reason }]);
    expect(read.entries.map((entry) => [entry.line, entry.event])).toEqual([
      [1, 'a'],
      [3, 'b'],
    ]);
  });

  it('never reads a final line without its newline as data, even a complete JSON object', () => {
    const tail = ok('torn');
    const read = parse(`${ok('a')}\n${tail}`);
    expect(read.entries.map((entry) => entry.event)).toEqual(['a']);
    expect(read.torn).toEqual({ line: 2, offset: ok('a').length + 1, bytes: Buffer.byteLength(tail) });
    expect(read.lines).toBe(1);
  });

  it('a file of torn bytes only', () => {
    expect(parse('{"ts"')).toMatchObject({ entries: [], lines: 0, torn: { line: 1, offset: 0, bytes: 5 } });
  });

  it('an empty file is an empty ledger', () => {
    expect(parse('')).toEqual({ entries: [], malformed: [], lines: 0, size: 0 });
  });

  it('takes the first occurrence of a repeated key: the envelope wins over a payload that repeats it', () => {
    const read = parse('{"ts":"2026-09-03T19:30:12Z","event":"task.started","task_id":"t-1","event":"forged","ts":5}\n');
    expect(read.entries).toHaveLength(1);
    expect(read.entries[0]).toMatchObject({
      event: 'task.started',
      ts: '2026-09-03T19:30:12Z',
      record: { task_id: 't-1', event: 'task.started' },
    });
  });

  it('the first occurrence holds with nested values, strings holding braces and escapes', () => {
    const line = '{"ts":"t","event":"e","a":{"b":[1,{"c":"}"}]},"s":"x\\"}{,","a":2, "n" : -1.5e3 ,"n":true}';
    const read = parse(`${line}\n`);
    expect(read.entries[0]!.record).toEqual({ ts: 't', event: 'e', a: { b: [1, { c: '}' }] }, s: 'x"}{,', n: -1500 });
  });

  it('a key `__proto__` stays data', () => {
    const read = parse('{"ts":"t","event":"e","__proto__":{"polluted":1},"__proto__":2}\n');
    const record = read.entries[0]!.record;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('readLedger', () => {
  it('an absent ledger is an empty one; a link leading outside is refused (15)', () => {
    const root = mkdtempSync(join(tmpdir(), 'ledger-read-'));
    const outside = mkdtempSync(join(tmpdir(), 'ledger-read-outside-'));
    try {
      expect(readLedger({ root, localDir: '.ai/local' })).toMatchObject({ exists: false, entries: [], lines: 0 });
      mkdirSync(join(root, '.ai/local/state'), { recursive: true });
      writeFileSync(join(outside, 'ledger.jsonl'), `${ok()}\n`);
      symlinkSync(join(outside, 'ledger.jsonl'), join(root, '.ai/local/state/ledger.jsonl'));
      let code = 0;
      try {
        readLedger({ root, localDir: '.ai/local' });
      } catch (error) {
        code = (error as MajordomusError).exitCode;
      }
      expect(code).toBe(ExitCode.refused);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
