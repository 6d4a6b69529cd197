/**
 * The session reader's contract with the command: what makes a folder unusable (UsageError, exit 2) and
 * what is merely missing (a violation of the rule that owns it); the repository root that harvest
 * destinations are relative to; the one datetime shape.
 */
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Validator } from '../../engine/api/validator';
import { defineModel, defineValidator } from '../../engine/api/validator';
import { assertUsable, DATETIME, loadSession } from '../../engine/brainstorm/session';
import { UsageError } from '../../engine/errors';
import { Registry } from '../../engine/gate/registry';
import { runGate as runGateEntry } from '../../engine/gate/run-gate';
import type { SessionCopy } from '../helpers/brainstorm';
import { brainstormRules, copyPassingSession, runGate, SESSION } from '../helpers/brainstorm';
import { cleanEnv } from '../helpers/repo';
import { validators } from '../helpers/validators';

const scratch = mkdtempSync(join(tmpdir(), 'majordomus-brainstorm-session-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The UsageError `fn` throws. */
function usageError(fn: () => unknown): UsageError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(UsageError);
  expect((caught as UsageError).exitCode).toBe(2);
  return caught as UsageError;
}

describe('assertUsable', () => {
  it('accepts the passing session', () => {
    expect(() => assertUsable(copyPassingSession().folder, process.env)).not.toThrow();
  });

  it('accepts a folder whose files are missing: each is a violation of the rule that owns it', () => {
    const empty = join(scratch, 'empty-brainstorm');
    mkdirSync(empty);
    expect(() => assertUsable(empty, process.env)).not.toThrow();
    expect(loadSession(empty, process.env).state.present).toBe(false);
  });

  it('refuses a folder that does not exist', () => {
    expect(usageError(() => assertUsable(join(scratch, 'nowhere'), process.env)).message).toContain('no such session folder');
  });

  it('refuses a file given as the folder', () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'x');
    expect(usageError(() => assertUsable(file, process.env)).message).toContain('is not a directory');
  });

  const broken: [string, (copy: SessionCopy) => void, string][] = [
    ['a directory where state.md should be', (c) => (c.remove('state.md'), mkdirSync(join(c.folder, 'state.md'))), 'state.md'],
    [
      'forks.md that is not UTF-8',
      (c) => writeFileSync(join(c.folder, 'forks.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a])),
      'forks.md',
    ],
    ['a file where ops/ should be', (c) => (c.remove('ops'), writeFileSync(join(c.folder, 'ops'), '')), 'ops'],
    ['a file where fragments/ should be', (c) => (c.remove('fragments'), writeFileSync(join(c.folder, 'fragments'), '')), 'fragments'],
  ];
  it.each(broken)('refuses %s, naming it', (_, mutate, named) => {
    const copy = copyPassingSession();
    mutate(copy);
    const error = usageError(() => assertUsable(copy.folder, process.env));
    expect(error.message).toContain(named);
    expect(error.message).toContain(copy.folder);
  });
});

describe('the repository root of the harvest destinations', () => {
  it('outside git: the directory that holds docs/ for a folder at <root>/docs/research/<x>-brainstorm', () => {
    const copy = copyPassingSession();
    expect(loadSession(copy.folder, process.env).repositoryRoot()).toBe(realpathSync(copy.root));
  });

  it('inside git: the top level, even when the layout names a deeper directory', () => {
    const copy = copyPassingSession();
    copy.git(['init', '-q', '-b', 'main', '.']);
    // the same session one level down, at <root>/sub/docs/research/…: git still names the copy's root
    const nested = join(copy.root, 'sub', SESSION);
    cpSync(copy.folder, nested, { recursive: true });
    expect(loadSession(nested, process.env).gitTopLevel()).toBe(realpathSync(copy.root));
    expect(loadSession(nested, process.env).repositoryRoot()).toBe(realpathSync(copy.root));
  });

  it("elsewhere, outside git: the folder's parent", () => {
    const folder = join(scratch, 'loose', 'topic-brainstorm');
    mkdirSync(folder, { recursive: true });
    expect(loadSession(folder, process.env).repositoryRoot()).toBe(realpathSync(join(scratch, 'loose')));
    expect(loadSession(folder, process.env).gitTopLevel()).toBeUndefined();
  });
});

describe('DATETIME', () => {
  it.each(['2026-07-08T14:30Z', '1999-12-31T23:59Z'])('accepts %s', (value) => expect(DATETIME.test(value)).toBe(true));
  it.each(['2026-07-08T14:30:00Z', '2026-07-08T16:30+02:00', '2026-07-08 14:30Z', '2026-07-08T14:30', '2026-07-08', ' 2026-07-08T14:30Z'])(
    'refuses %s',
    (value) => expect(DATETIME.test(value)).toBe(false),
  );
});

describe('the model', () => {
  it('reads the passing session with a line for every element', () => {
    const session = loadSession(copyPassingSession().folder, process.env);
    expect(session.state.fields.Status).toEqual({ value: 'stopping', line: 3 });
    expect(session.state.aspects.map((a) => [a.name, a.refs.map((r) => r.text), a.line])).toEqual([
      ['persistence', ['F1', 'D1'], 11],
      ['onboarding', ['thesis'], 12],
      ['risks', ['F2', 'F4', 'fragment:domain-model'], 13],
    ]);
    expect(session.thesis.stamp).toEqual({ value: '2026-07-08T14:30Z', line: 3 });
    expect(session.thesis.sections.map((s) => s.name)).toEqual(['Claim', 'Argument', 'What changed']);
    expect(session.forks.forks.map((f) => [f.id, f.state, f.destination, f.raisedBy?.sync, f.blindspot !== undefined, f.line])).toEqual([
      ['F2', 'parked', 'docs/architecture/open-questions.md', 'S1', false, 3],
      ['F4', 'parked', 'docs/architecture/open-questions.md', undefined, true, 10],
    ]);
    const d1 = session.ledger.decisions[0]!;
    expect(d1.fields.Why?.value).toBe(
      'cross-tenant reads are a trust break, and memory cost is acceptable at current tenant counts. Declined: shared keys with tenant checks at read time — a single missed check leaks data; re-evaluate if memory pressure forces it.',
    );
    expect(d1.resolves).toEqual(['F3']);
    expect(session.capture.entries).toEqual([
      { number: 1, datetime: '2026-07-08T14:02Z', line: 4 },
      { number: 2, datetime: '2026-07-08T14:20Z', line: 10 },
    ]);
    expect(session.sync.dispatches.map((d) => [d.id, d.gate, d.line])).toEqual([
      ['S1', 'start', 1],
      ['S2', 'on-demand', 3],
      ['S3', 'stop', 5],
    ]);
    expect(session.sync.results.map((r) => [r.id, r.outcome, r.line])).toEqual([
      ['S1', 'reconciled', 2],
      ['S2', 'reconciled', 4],
      ['S3', 'reconciled', 6],
    ]);
    expect(session.manifest.rows.map((r) => [r.number, r.destination])).toEqual([
      ['1', 'docs/features/widget-cache.md'],
      ['2', 'docs/features/widget-cache.md'],
      ['3', 'docs/architecture/open-questions.md'],
      ['4', 'docs/architecture/open-questions.md'],
    ]);
    expect(session.manifest.uselessness?.fields.Gaps?.value).toBe('none');
    expect(session.fragments).toEqual(['domain-model.md']);
    const drift = [
      session.state.drift,
      session.state.aspectDrift,
      session.thesis.drift,
      session.forks.drift,
      session.ledger.drift,
      session.capture.drift,
      session.sync.drift,
      session.manifest.drift,
      session.manifest.uselessnessDrift,
    ];
    expect(drift.flat()).toEqual([]);
  });

  it('is read anew on each call: the reader keeps nothing between runs', () => {
    const folder = copyPassingSession().folder;
    expect(loadSession(folder, process.env)).not.toBe(loadSession(`${folder}/`, process.env));
    expect(loadSession(folder, process.env).state).toEqual(loadSession(`${folder}/`, process.env).state);
  });
});

describe('the model reaches the validators through the context, once per run', () => {
  it('two runs in one process each judge the folder as it is: an edit between them is seen', async () => {
    const copy = copyPassingSession();
    expect((await runGate('session', copy.folder)).exitCode).toBe(0);
    copy.edit('state.md', '- Sitting: single', '- Sitting: several');
    const second = await runGate('session', copy.folder);
    expect(second.exitCode).toBe(1);
    expect(second.findings.filter((f) => f.level === 'FAIL').map((f) => [f.rule, f.subject])).toEqual([['BS-STATE-01', 'state.md']]);
  });

  it('is built once per run, before the first rule, and handed to every brainstorm validator', async () => {
    const folder = copyPassingSession().folder;
    const reads: string[] = [];
    const counting = defineModel({
      name: 'counting session',
      target: 'folder',
      build: (target) => (reads.push(target.path), loadSession(target.path, process.env)),
    });
    const seen: unknown[] = [];
    const probe = defineValidator<{ readonly check: string }, 'session'>({
      name: 'probe',
      description: 'Reads the session twice through the context.',
      gates: ['session'],
      optionsSchema: { type: 'object', additionalProperties: false, properties: { check: { type: 'string' } } },
      run(context) {
        seen.push(context.model(counting), context.model(counting));
      },
    });
    const registry = new Registry({ ...(validators as unknown as Record<string, Validator>), probe: probe as unknown as Validator });
    const rules = brainstormRules.rules.filter((rule) => rule.enforcement?.enforcedBy.includes('session'));
    const probing = rules.map((rule) => ({ ...rule, enforcement: { ...rule.enforcement!, validator: 'probe' } }));
    const outcome = await runGateEntry({ gate: 'session', cwd: folder, env: cleanEnv(), folder, rules: probing, registry });
    expect(outcome.rulesRun).toBe(probing.length);
    expect(reads).toEqual([folder]);
    expect(new Set(seen).size).toBe(1);
  });

  it('a folder that cannot be judged stops the gate before any rule runs: a usage error (2)', async () => {
    await expect(runGate('session', join(scratch, 'no-such-brainstorm'))).rejects.toMatchObject({ exitCode: 2 });
  });
});
