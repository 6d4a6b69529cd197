/**
 * The appender in process: the envelope it computes, what the vocabulary refuses (exit 13), the line
 * cap, the torn tail, the mode of a ledger it creates, and containment (a link leading outside the
 * repository is refused with 15 and nothing is written there).
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode, MajordomusError } from '../../engine/errors';
import type { EventName } from '../../engine/generated/events';
import type { LedgerTarget } from '../../engine/state/ledger/append';
import { appendEvent, ENVELOPE_KEYS, formatEvent, LedgerMisuse, MAX_LINE_BYTES } from '../../engine/state/ledger/append';
import { readLedger } from '../../engine/state/ledger/read';

let root: string;
let outside: string;
const clock = () => new Date('2026-09-03T19:30:12.345Z');
const target = (extra: Partial<LedgerTarget> = {}): LedgerTarget => ({
  root,
  localDir: '.ai/local',
  head: 'a'.repeat(40),
  branch: 'main',
  clock,
  command: 'test',
  ...extra,
});
const ledger = () => join(root, '.ai/local/state/ledger.jsonl');
const started = { task_id: 't-1', profile: 'implementation', owner: 'me', scope: ['src/'] };

function exitOf(fn: () => unknown): number {
  try {
    fn();
  } catch (error) {
    if (error instanceof MajordomusError) return error.exitCode;
    throw error;
  }
  return 0;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ledger-append-'));
  outside = mkdtempSync(join(tmpdir(), 'ledger-outside-'));
  mkdirSync(join(root, '.ai'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('the envelope', () => {
  it('comes first, computed: ts to the second in UTC, event, head, branch, by; then the payload', () => {
    const { line, path } = appendEvent(target(), 'task.started', started);
    expect(path).toBe('.ai/local/state/ledger.jsonl');
    const record = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['ts', 'event', 'head', 'branch', 'by', 'task_id', 'profile', 'owner', 'scope']);
    expect(record).toMatchObject({ ts: '2026-09-03T19:30:12Z', event: 'task.started', head: 'a'.repeat(40), branch: 'main' });
    expect(record.by).toMatch(/^majordomus\//);
    expect(readFileSync(ledger(), 'utf8')).toBe(`${line}\n`);
  });

  it('carries session only when one is given, and null head and branch before a commit or when detached', () => {
    expect(JSON.parse(formatEvent(target({ session: 's-1' }), 'task.checkpoint', { task_id: 't' }))).toMatchObject({ session: 's-1' });
    const bare = JSON.parse(formatEvent(target({ head: undefined, branch: undefined }), 'task.checkpoint', { task_id: 't' })) as Record<
      string,
      unknown
    >;
    expect(bare).not.toHaveProperty('session');
    expect(bare).toMatchObject({ head: null, branch: null });
  });

  it('appends: every call one more line, the earlier ones untouched', () => {
    for (let i = 0; i < 5; i++) appendEvent(target(), 'task.checkpoint', { task_id: `t-${i}` });
    const read = readLedger({ root, localDir: '.ai/local' });
    expect(read.entries.map((entry) => [entry.line, entry.record.task_id])).toEqual([1, 2, 3, 4, 5].map((n) => [n, `t-${n - 1}`]));
  });
});

describe('the vocabulary is closed: a line it does not allow is a bug of the tool (13), and nothing is written', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['an undeclared name', 'task.exploded', { task_id: 't' }, 'task.exploded'],
    ...ENVELOPE_KEYS.map((key): [string, string, Record<string, unknown>, string] => [
      `the envelope key ${key} in the payload`,
      'task.checkpoint',
      { task_id: 't', [key]: 'x' },
      key,
    ]),
    ['a missing required key', 'task.started', { task_id: 't', profile: 'p', owner: 'o' }, 'scope'],
    ['a required key set to undefined', 'task.checkpoint', { task_id: undefined }, 'task_id'],
  ];
  it.each(cases)('%s', (_name, event, payload, named) => {
    let thrown: unknown;
    try {
      appendEvent(target(), event as EventName, payload);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LedgerMisuse);
    expect((thrown as LedgerMisuse).exitCode).toBe(ExitCode.internal);
    expect((thrown as Error).message).toContain(`\`${named}\``);
    expect(existsSync(ledger())).toBe(false);
  });
});

describe('the line cap', () => {
  it('refuses a line over 64 KiB with 15, naming the event, and writes nothing', () => {
    let message = '';
    try {
      appendEvent(target(), 'decision.recorded', { task_id: 't', decision: 'x'.repeat(MAX_LINE_BYTES) });
    } catch (error) {
      message = (error as Error).message;
      expect((error as MajordomusError).exitCode).toBe(ExitCode.refused);
    }
    expect(message).toContain('decision.recorded');
    expect(existsSync(ledger())).toBe(false);
  });

  it('accepts a line of exactly 64 KiB, newline included', () => {
    const base = formatEvent(target(), 'decision.recorded', { task_id: 't', decision: '' });
    const fill = MAX_LINE_BYTES - Buffer.byteLength(base) - 1;
    const { line } = appendEvent(target(), 'decision.recorded', { task_id: 't', decision: 'y'.repeat(fill) });
    expect(Buffer.byteLength(line) + 1).toBe(MAX_LINE_BYTES);
    expect(exitOf(() => appendEvent(target(), 'decision.recorded', { task_id: 't', decision: 'y'.repeat(fill + 1) }))).toBe(
      ExitCode.refused,
    );
  });
});

describe('a torn tail', () => {
  it('refuses the next append with 15 and leaves the file as it was', () => {
    appendEvent(target(), 'task.checkpoint', { task_id: 't' });
    writeFileSync(ledger(), '{"ts":"2026-09-03T19:30:12Z","event":"task.che', { flag: 'a' });
    const before = readFileSync(ledger());
    let message = '';
    try {
      appendEvent(target(), 'task.checkpoint', { task_id: 't' });
    } catch (error) {
      message = (error as Error).message;
      expect((error as MajordomusError).exitCode).toBe(ExitCode.refused);
    }
    expect(message).toContain('history --repair');
    expect(readFileSync(ledger())).toEqual(before);
  });
});

describe('the mode', () => {
  it('a ledger it creates is 0600, and the state folder is made when missing', () => {
    appendEvent(target(), 'task.checkpoint', { task_id: 't' });
    expect(statSync(ledger()).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, '.ai/local/state')).isDirectory()).toBe(true);
  });
});

describe('containment: nothing is written outside the repository', () => {
  it('.ai/local as a link leading outside → 15', () => {
    symlinkSync(outside, join(root, '.ai/local'));
    expect(exitOf(() => appendEvent(target(), 'task.checkpoint', { task_id: 't' }))).toBe(ExitCode.refused);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('.ai/local/state as a link leading outside → 15', () => {
    mkdirSync(join(root, '.ai/local'));
    symlinkSync(outside, join(root, '.ai/local/state'));
    expect(exitOf(() => appendEvent(target(), 'task.checkpoint', { task_id: 't' }))).toBe(ExitCode.refused);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('ledger.jsonl as a link to a file outside → 15, the file untouched', () => {
    mkdirSync(join(root, '.ai/local/state'), { recursive: true });
    writeFileSync(join(outside, 'victim'), 'kept\n');
    symlinkSync(join(outside, 'victim'), ledger());
    expect(exitOf(() => appendEvent(target(), 'task.checkpoint', { task_id: 't' }))).toBe(ExitCode.refused);
    expect(readFileSync(join(outside, 'victim'), 'utf8')).toBe('kept\n');
  });

  it('ledger.jsonl as a dangling link → 15, nothing created where it points', () => {
    mkdirSync(join(root, '.ai/local/state'), { recursive: true });
    symlinkSync(join(outside, 'made'), ledger());
    expect(exitOf(() => appendEvent(target(), 'task.checkpoint', { task_id: 't' }))).toBe(ExitCode.refused);
    expect(readdirSync(outside)).toEqual([]);
  });

  it("a folder or a FIFO in the ledger's place → 15", () => {
    mkdirSync(ledger(), { recursive: true });
    expect(exitOf(() => appendEvent(target(), 'task.checkpoint', { task_id: 't' }))).toBe(ExitCode.refused);
    rmSync(ledger(), { recursive: true });
    execFileSync('mkfifo', [ledger()]);
    expect(exitOf(() => appendEvent(target(), 'task.checkpoint', { task_id: 't' }))).toBe(ExitCode.refused);
  });

  it('a link to a folder inside the repository is followed', () => {
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, '.ai/local'));
    appendEvent(target(), 'task.checkpoint', { task_id: 't' });
    expect(readFileSync(join(root, 'elsewhere/state/ledger.jsonl'), 'utf8')).toContain('task.checkpoint');
  });
});
