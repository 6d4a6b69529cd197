/**
 * ledger (rule majordomus.ledger-integrity): every case starts from `majordomus init`, writes a real
 * ledger under `.ai/local/state/` and runs `doctor --rule` in process (the drift case also through the
 * built CLI). Each malformed line, unknown event name and torn tail is a FAIL at its line; a ledger
 * reached through a link leading outside the repository is one FAIL on the ledger.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.ledger-integrity';
const LEDGER = '.ai/local/state/ledger.jsonl';

const repos = repoFactory();
const outside = mkdtempSync(join(tmpdir(), 'ledger-rule-outside-'));
afterAll(() => {
  repos.disposeAll();
  rmSync(outside, { recursive: true, force: true });
});

const event = (name: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ ts: '2026-09-03T19:30:12Z', event: name, head: null, branch: 'main', by: 'majordomus/test', ...extra })}\n`;
const SOUND =
  event('task.started', { task_id: 't-1', profile: 'p', owner: 'o', scope: ['src/'] }) + event('task.checkpoint', { task_id: 't-1' });

function ledger(text: string): (repo: TempRepo) => void {
  return (repo) => repo.write(LEDGER, text);
}

const OK = { level: 'OK', category: 'records', subject: LEDGER } as const;
const at = (text: string) => ({ level: 'FAIL', category: 'records', subject: LEDGER, file: LEDGER, at: text }) as const;

const PASSING: readonly Case[] = [
  { name: 'no ledger yet', mutate: () => {}, expected: [OK] },
  { name: 'an empty ledger', mutate: ledger(''), expected: [OK] },
  { name: 'whole lines of declared events', mutate: ledger(SOUND), expected: [OK] },
  {
    name: 'a key repeated after the envelope: the first occurrence is read',
    mutate: ledger(`${SOUND}{"ts":"2026-09-03T19:30:12Z","event":"task.checkpoint","task_id":"t","event":"nonsense"}\n`),
    expected: [OK],
  },
];

const FAILING: readonly Case[] = [
  { name: 'a line that is not JSON', mutate: ledger(`${SOUND}not json at all\n`), expected: [at('not json at all')] },
  { name: 'a JSON array', mutate: ledger(`[1,2,3]\n${SOUND}`), expected: [at('[1,2,3]')] },
  {
    name: 'a line without ts',
    mutate: ledger(`${SOUND}{"event":"task.checkpoint","task_id":"missing-ts"}\n`),
    expected: [at('missing-ts')],
  },
  {
    name: 'a line without event',
    mutate: ledger(`{"ts":"2026-09-03T19:30:12Z","task_id":"no-event"}\n${SOUND}`),
    expected: [at('no-event')],
  },
  {
    name: 'an event the vocabulary does not declare',
    mutate: ledger(`${SOUND}${event('task.exploded')}`),
    expected: [at('task.exploded')],
  },
  { name: 'a torn tail', mutate: ledger(`${SOUND}{"ts":"2026-09-03T19:30:12Z","event":"task.torn-off`), expected: [at('task.torn-off')] },
  {
    name: 'a torn tail that is itself a whole JSON object: never read as data',
    mutate: ledger(`${SOUND}${event('task.checkpoint', { task_id: 'unfinished' }).trimEnd()}`),
    expected: [at('unfinished')],
  },
  {
    name: 'every kind at once, each at its line',
    mutate: ledger(`oops\n${SOUND}${event('plan_begin')}{"ts":5,"event":"x"}\n{"ts":"torn-here`),
    expected: [at('oops'), at('plan_begin'), at('{"ts":5'), at('torn-here')],
  },
  {
    name: 'the ledger a link to a file outside the repository',
    mutate: (repo) => {
      const file = join(outside, `ledger-${Math.random().toString(16).slice(2)}.jsonl`);
      writeFileSync(file, SOUND);
      repo.write('.ai/local/state/.keep', '');
      symlinkSync(file, repo.path(LEDGER));
    },
    expected: [{ level: 'FAIL', category: 'records', subject: LEDGER }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: { mutate: ledger(`${SOUND}${event('task.exploded')}`), expected: [at('task.exploded')] },
});
