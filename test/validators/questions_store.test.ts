/**
 * questions_store (rule majordomus.questions-store-integrity): every case starts from `majordomus init`,
 * writes a questions store under `.ai/local/state/` and runs `doctor --rule` in process (the drift case
 * also through the built CLI). Every `- [` line in neither shape is a FAIL at its line; prose is not judged.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.questions-store-integrity';
const STORE = '.ai/local/state/open-questions.md';

const repos = repoFactory();
const outside = mkdtempSync(join(tmpdir(), 'questions-rule-outside-'));
afterAll(() => {
  repos.disposeAll();
  rmSync(outside, { recursive: true, force: true });
});

const OPEN = '- [unresolved] t-20260903193012-a4f1 — which cache wins? (2026-09-03)\n';
const DONE = '- [resolved 2026-09-04] t-20260903193012-a4f1 — is the queue ordered? — yes, by arrival\n';

function store(text: string): (repo: TempRepo) => void {
  return (repo) => repo.write(STORE, text);
}

const OK = { level: 'OK', category: 'records', subject: STORE } as const;
const at = (text: string) => ({ level: 'FAIL', category: 'records', subject: STORE, file: STORE, at: text }) as const;

const PASSING: readonly Case[] = [
  { name: 'no questions store yet', mutate: () => {}, expected: [OK] },
  { name: 'an open and a resolved question', mutate: store(`# Open questions\n\n${OPEN}${DONE}`), expected: [OK] },
  {
    name: 'prose and other list items are not judged',
    mutate: store(`Some prose.\n- a plain item\n* [x] another list\n${OPEN}`),
    expected: [OK],
  },
];

const FAILING: readonly Case[] = [
  { name: 'a mistyped status', mutate: store(`${OPEN}- [unresovled] t-1 — typo? (2026-09-03)\n`), expected: [at('unresovled')] },
  { name: 'an open question without its date', mutate: store(`- [unresolved] t-1 — when? \n${DONE}`), expected: [at('when?')] },
  { name: 'an impossible date', mutate: store(`- [unresolved] t-1 — which month? (2026-02-30)\n`), expected: [at('which month?')] },
  {
    name: 'a resolved question without its answer',
    mutate: store(`${OPEN}- [resolved 2026-09-04] t-1 — answered?\n`),
    expected: [at('answered?')],
  },
  { name: 'a hyphen where the dash belongs', mutate: store(`- [unresolved] t-1 - hyphen? (2026-09-03)\n`), expected: [at('hyphen?')] },
  { name: 'an indented line in neither shape', mutate: store(`${OPEN}  - [ ] a checkbox\n`), expected: [at('a checkbox')] },
  {
    name: 'each malformed line at its own line, the good ones silent',
    mutate: store(`- [open] t-1 — a? (2026-09-03)\n${OPEN}${DONE}- [resolved] t-1 — b? — c\n`),
    expected: [at('[open]'), at('[resolved] t-1')],
  },
  {
    name: 'the store a link to a file outside the repository',
    mutate: (repo) => {
      const file = join(outside, `questions-${Math.random().toString(16).slice(2)}.md`);
      writeFileSync(file, OPEN);
      repo.write('.ai/local/state/.keep', '');
      symlinkSync(file, repo.path(STORE));
    },
    expected: [{ level: 'FAIL', category: 'records', subject: STORE }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: { mutate: store(`${OPEN}- [unresovled] t-1 — typo? (2026-09-03)\n`), expected: [at('unresovled')] },
});
