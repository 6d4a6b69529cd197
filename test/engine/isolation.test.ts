/**
 * In process, what needs no worker to show: printing a thrown value never throws, whatever was thrown;
 * a built-in validator that throws something exotic is one FAIL of its rule and the gate goes on; and a
 * repository validator's reports are read into plain text inside its worker, a batch at a time, with
 * every field that cannot be read turned into a report of its own instead of an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Validator } from '../../engine/api/validator';
import { defineValidator } from '../../engine/api/validator';
import type { NoteRecord, WorkerMessage } from '../../engine/gate/isolation/protocol';
import { Reports } from '../../engine/gate/isolation/reports';
import { repositoryValidatorSwitch } from '../../engine/gate/isolation/settings';
import { Registry } from '../../engine/gate/registry';
import { Runner } from '../../engine/gate/runner';
import { describeThrown, stackOf, textOf } from '../../engine/io/describe';
import { Repository } from '../../engine/layer/repository';
import { loadRuleSet } from '../../engine/ruleset/rules';
import { repoFactory } from '../helpers/repo';
import { enforcement, PROJECT, ruleFront, writeRule } from '../helpers/rules';
import { validators } from '../helpers/validators';

const repos = repoFactory();

// the engine runs in this process: git's selectors exported by an outer hook must not reach it
const savedGitEnv: Record<string, string> = {};
beforeAll(() => {
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GIT_') || value === undefined) continue;
    savedGitEnv[key] = value;
    delete process.env[key];
  }
});
afterAll(() => {
  Object.assign(process.env, savedGitEnv);
  repos.disposeAll();
});

const toStringThrows = {
  toString() {
    throw new Error('no text');
  },
};
/** An Error whose message and stack throw once it is built (V8 reads the message while building it). */
class UnreadableError extends Error {
  armed = false;
  override get message(): string {
    if (this.armed) throw new Error('no message');
    return 'x';
  }
  override get stack(): string {
    if (this.armed) throw new Error('no stack');
    return 'x';
  }
}
const messageThrows = new UnreadableError();
messageThrows.armed = true;
const trapsThrow = new Proxy(
  {},
  {
    get() {
      throw new Error('trap');
    },
    getPrototypeOf() {
      throw new Error('trap');
    },
    ownKeys() {
      throw new Error('trap');
    },
  },
);

/** Exotic values something may throw, by name. */
const EXOTIC: readonly (readonly [string, unknown])[] = [
  ['an object whose toString throws', toStringThrows],
  ['Object.create(null)', Object.create(null)],
  ['a Proxy whose traps throw', trapsThrow],
  ['an Error whose message getter throws', messageThrows],
  ['a symbol', Symbol('thrown')],
  ['undefined', undefined],
  ['null', null],
  ['a bigint', 10n],
  ['a function', () => 1],
  ['a string of a million characters', 'x'.repeat(1_000_000)],
];

describe('describeThrown', () => {
  it.each(EXOTIC)('%s → a line of text, never a throw', (_name, value) => {
    const text = describeThrown(value);
    expect(typeof text).toBe('string');
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(1001);
  });

  it('an Error is its message', () => {
    expect(describeThrown(new TypeError('bad thing'))).toBe('bad thing');
  });

  it.each(EXOTIC)('the stack of %s is read without a throw', (_name, value) => {
    expect(() => stackOf(value)).not.toThrow();
  });
});

describe('textOf', () => {
  it.each([
    ['a string', 'a', 'a'],
    ['a number', 42, '42'],
    ['a boolean', false, 'false'],
    ['an object with a toString', { toString: () => 'own text' }, 'own text'],
  ] as const)('%s → its text', (_name, value, text) => {
    expect(textOf(value)).toBe(text);
  });

  it.each([
    ['an object whose toString throws', toStringThrows],
    ['Object.create(null)', Object.create(null)],
    ['a Proxy', trapsThrow],
  ] as const)('%s → undefined, never a throw', (_name, value) => {
    expect(textOf(value)).toBeUndefined();
  });
});

describe('a repository validator’s reports, read in its worker', () => {
  function collect(): { reports: Reports; sent: WorkerMessage[]; records: () => NoteRecord[] } {
    const sent: WorkerMessage[] = [];
    const reports = new Reports((message) => sent.push(message));
    const records = (): NoteRecord[] => sent.flatMap((message) => (message.type === 'notes' ? [...message.notes] : []));
    return { reports, sent, records };
  }

  it('fields become text: a number subject, a line that is no line dropped', () => {
    const { reports, records } = collect();
    reports.add('violation', { subject: 42, message: 'm', file: 'a.md', line: 'seven', category: 'c', reproduce: 'r' });
    reports.add('ok', { subject: 's', message: 'm', line: 3 });
    reports.settle();
    expect(records()).toStrictEqual([
      ['violation', '42', 'm', 'a.md', undefined, 'c', 'r'],
      ['ok', 's', 'm', undefined, 3, undefined, undefined],
    ]);
  });

  it.each([
    ['a subject whose toString throws', { subject: toStringThrows, message: 'm' }, /`subject` cannot be turned into text/],
    [
      'a message getter that throws',
      Object.defineProperty({ subject: 's' }, 'message', {
        get: () => {
          throw new Error('getter');
        },
      }),
      /reading its `message` threw: getter/,
    ],
    ['a Proxy', trapsThrow, /reading its `subject` threw: trap/],
    ['Object.create(null)', Object.create(null), /has no `subject`/],
    ['a string', 'just text', /a string, not an object/],
    ['a file that is a Proxy', { subject: 's', message: 'm', file: trapsThrow }, /`file` cannot be turned into text/],
  ] as const)('%s → one unreadable record, never a throw', (_name, note, reason) => {
    const { reports, records } = collect();
    expect(() => reports.add('violation', note)).not.toThrow();
    reports.settle();
    const [record] = records();
    expect(records()).toHaveLength(1);
    expect(record![0]).toBe('unreadable');
    expect(record![1]).toBe('violation');
    expect(record![2]).toMatch(reason);
  });

  it('crosses in batches of 1000, never one message a report and never one message for all', () => {
    const { reports, sent } = collect();
    for (let i = 0; i < 2500; i++) reports.add('violation', { subject: `f${i}`, message: 'm' });
    reports.settle();
    expect(sent.map((message) => (message.type === 'notes' ? message.notes.length : -1))).toStrictEqual([1000, 1000, 500]);
  });

  it('a report after the run settled is itself unreadable', () => {
    const { reports, records } = collect();
    reports.settle();
    reports.add('ok', { subject: 's', message: 'late' });
    expect(records().map((record) => [record[0], record[1]])).toStrictEqual([['unreadable', 'ok']]);
  });
});

describe('the switch', () => {
  it.each([
    [undefined, {}, true],
    [false, {}, false],
    [undefined, { MAJORDOMUS_REPOSITORY_VALIDATORS: '0' }, false],
    [undefined, { MAJORDOMUS_REPOSITORY_VALIDATORS: 'OFF' }, false],
    [undefined, { MAJORDOMUS_REPOSITORY_VALIDATORS: '1' }, true],
    [undefined, { MAJORDOMUS_REPOSITORY_VALIDATORS: '' }, true],
    [false, { MAJORDOMUS_REPOSITORY_VALIDATORS: '1' }, false],
  ] as const)('option %s, environment %j → enabled %s', (option, env, enabled) => {
    expect(repositoryValidatorSwitch(option, env).enabled).toBe(enabled);
  });

  it('a value that is neither on nor off is a usage error', () => {
    expect(() => repositoryValidatorSwitch(undefined, { MAJORDOMUS_REPOSITORY_VALIDATORS: 'maybe' })).toThrow(
      expect.objectContaining({ exitCode: 2 }),
    );
  });
});

describe('a built-in validator that throws something exotic', () => {
  const throwers: Record<string, Validator> = {};
  EXOTIC.forEach(([name, value], index) => {
    throwers[`test_exotic_${index}`] = defineValidator({
      name: `test_exotic_${index}`,
      description: `Throws ${name}.`,
      gates: ['doctor'],
      run() {
        throw value;
      },
    });
  });
  const registry = new Registry({ ...(validators as unknown as Record<string, Validator>), ...throwers });
  const TEST = 'test/exotic.md';
  let repository: Repository;

  beforeAll(() => {
    const repo = repos.create().init();
    repo.write(TEST, 'proves the exotic rules\n');
    for (const name of Object.keys(throwers)) {
      const slug = name.replace(/_/g, '-');
      writeRule(repo, `${PROJECT}/${slug}.v1.md`, [
        ...ruleFront(`project.${slug}`),
        ...enforcement({ validator: name, category: 'testing', gates: ['doctor'], tests: [TEST] }),
      ]);
    }
    repository = Repository.open(repo.dir, { env: process.env });
  });

  it('is one FAIL doctrine for each rule; every rule ran; exit 10', async () => {
    const ruleSet = loadRuleSet(repository.layout);
    const result = await new Runner().run({ gate: 'doctor', repository, ruleSet, registry, cwd: repository.root, env: process.env });
    expect(result.exitCode).toBe(10);
    for (const name of Object.keys(throwers)) {
      const id = `project.${name.replace(/_/g, '-')}`;
      const mine = result.findings.filter((finding) => finding.rule === id);
      expect(
        mine.map((f) => [f.level, f.category, f.subject]),
        id,
      ).toStrictEqual([['FAIL', 'doctrine', `${id}@1`]]);
      expect(typeof mine[0]!.message).toBe('string');
    }
    expect(result.findings.filter((finding) => finding.rule === 'majordomus.ai-layout-integrity').length).toBeGreaterThan(0);
  });
});
