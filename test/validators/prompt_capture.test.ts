/**
 * prompt_capture (rule majordomus.prompt-capture), through `doctor --rule` in process, on archives the
 * built CLI's `capture prompt` wrote from a recorded UserPromptSubmit payload: the pair passes; a tracked
 * record, an archive outside git's ignore boundary, a field naming the model's half, a null optional
 * field, a parent given as a path, a record without its rendering, a rendering without its record and an
 * edited rendering are each a FAIL of category `capture` naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { committedAdoption, copyOf } from '../helpers/prepared';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.prompt-capture';
const ARCHIVE = '.ai/local/prompts';
const PAYLOAD = readFileSync(join(__dirname, '../fixtures/capture/claude-code/user-prompt-submit.json'), 'utf8');

const repos = repoFactory();
afterAll(() => repos.disposeAll());
const adopted = committedAdoption(repos);
type Repo = ReturnType<typeof adopted>;

let captured: Repo | undefined;
/** A copy of one adopted repository with one prompt captured: its record and rendering. */
function withPrompt(): { repo: Repo; record: string; rendering: string } {
  if (!captured) {
    captured = adopted();
    expect(captured.run(['capture', 'prompt'], { input: PAYLOAD }).code).toBe(0);
  }
  const repo = copyOf(repos, captured);
  const names = readdirSync(repo.path(ARCHIVE)).sort();
  return { repo, record: `${ARCHIVE}/${names[0]}`, rendering: `${ARCHIVE}/${names[1]}` };
}

async function failures(repo: Repo): Promise<Array<[string, string, string]>> {
  const run = await gateInProcess(repo, 'doctor', { rule: RULE });
  expect(run.code).toBe(run.findings.some((f) => f.level === 'FAIL') ? 10 : 0);
  return run.findings.filter((f) => f.level === 'FAIL').map((f) => [f.category, f.subject, f.message]);
}

describe('prompt_capture', () => {
  it('an archive capture prompt wrote passes; a checkout without one is a skip', async () => {
    const { repo, record, rendering } = withPrompt();
    expect(record.endsWith('.json') && rendering.endsWith('.md')).toBe(true);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category])).toEqual([['OK', 'capture']]);
    const none = await gateInProcess(adopted(), 'doctor', { rule: RULE });
    expect(none.code).toBe(0);
    expect(none.findings.map((f) => [f.level, f.message.includes('nothing has been captured')])).toEqual([['INFO', true]]);
  });

  it('a record git tracks is a FAIL naming it', async () => {
    const { repo, record } = withPrompt();
    repo.git(['add', '-f', '--', record]);
    expect((await failures(repo)).map(([category, subject]) => [category, subject])).toEqual([['capture', record]]);
  });

  it('an archive git would not ignore is a FAIL naming the folder', async () => {
    const { repo } = withPrompt();
    repo.write('.gitignore', repo.read('.gitignore').replace(/^\.ai\/local\/?$/m, ''));
    const found = await failures(repo);
    expect(found.map(([, subject]) => subject)).toEqual([ARCHIVE]);
    expect(found[0]![2]).toMatch(/does not ignore/);
  });

  it.each([
    [
      'a field naming the model response',
      (text: string) => text.replace('\n  "prompt":', '\n  "response": "done",\n  "prompt":'),
      /names the model's half/,
    ],
    ['an unknown field', (text: string) => text.replace('\n  "prompt":', '\n  "mood": "calm",\n  "prompt":'), /unknown field `mood`/],
    [
      'an optional field written null',
      (text: string) => text.replace('\n  "prompt":', '\n  "permission_mode": null,\n  "prompt":'),
      /absent, never null/,
    ],
    [
      'a parent given as a path',
      (text: string) => text.replace('\n  "prompt":', '\n  "meta": {\n    "parent": "../x.json"\n  },\n  "prompt":'),
      /meta\.parent/,
    ],
    ['another schema', (text: string) => text.replace('majordomus.prompt/v1', 'majordomus.prompt/v9'), /resolves to no schema/],
    ['text that is not JSON', (text: string) => text.slice(0, -3), /not JSON/],
  ])('a record with %s is a FAIL naming it', async (_label, edit, message) => {
    const { repo, record } = withPrompt();
    repo.write(record, edit(repo.read(record)), 0o600);
    const found = await failures(repo);
    expect(found.map(([category, subject]) => [category, subject])).toContainEqual(['capture', record]);
    expect(found.map(([, , text]) => text).join('\n')).toMatch(message);
  });

  it('a record without its rendering, a rendering without its record, and an edited rendering are each a FAIL', async () => {
    const lone = withPrompt();
    lone.repo.remove(lone.rendering);
    expect((await failures(lone.repo)).map(([, subject, message]) => [subject, /no rendering/.test(message)])).toEqual([
      [lone.record, true],
    ]);

    const orphan = withPrompt();
    orphan.repo.remove(orphan.record);
    expect((await failures(orphan.repo)).map(([, subject, message]) => [subject, /without its record/.test(message)])).toEqual([
      [orphan.rendering, true],
    ]);

    const edited = withPrompt();
    edited.repo.write(edited.rendering, edited.repo.read(edited.rendering).replace('Tidy the docs', 'Tidy the code'), 0o600);
    expect((await failures(edited.repo)).map(([, subject, message]) => [subject, /not what its record renders/.test(message)])).toEqual([
      [edited.rendering, true],
    ]);
  });

  it('a parent that names a record of the archive passes', async () => {
    const { repo, record } = withPrompt();
    expect(repo.run(['capture', 'prompt'], { input: PAYLOAD }).code).toBe(0);
    const second = readdirSync(repo.path(ARCHIVE)).filter((name) => name.endsWith('.json') && `${ARCHIVE}/${name}` !== record)[0]!;
    const path = `${ARCHIVE}/${second}`;
    const value = JSON.parse(repo.read(path)) as Record<string, unknown>;
    const { prompt, ...rest } = value;
    const withParent = { ...rest, meta: { parent: record.split('/').pop() }, prompt };
    const { renderPrompt, recordText } = await import('../../engine/capture/prompt-record');
    repo.write(path, recordText(withParent as never), 0o600);
    repo.write(path.replace(/\.json$/, '.md'), renderPrompt(withParent as never), 0o600);
    expect(await failures(repo)).toEqual([]);
  });
});
