/**
 * prompt_continuity (rule majordomus.prompt-continuity), through `doctor --rule` in process, on records
 * the built CLI's `capture prompt` wrote from a recorded UserPromptSubmit payload — one linked to the
 * episode open under its provider session, one an orphan: both pass; a record without episode_link, a
 * link without its episode, an orphan naming one, a credential put back into a prompt, and a file or a
 * folder others can read are each a FAIL of category `prompts` naming the file.
 */
import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { committedAdoption, copyOf } from '../helpers/prepared';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.prompt-continuity';
const ARCHIVE = '.ai/local/prompts';
const FIXTURES = join(__dirname, '../fixtures/capture/claude-code');
const PROMPT = readFileSync(join(FIXTURES, 'user-prompt-submit.json'), 'utf8');
const START = readFileSync(join(FIXTURES, 'session-start-startup.json'), 'utf8');

const repos = repoFactory();
afterAll(() => repos.disposeAll());
const adopted = committedAdoption(repos);
type Repo = ReturnType<typeof adopted>;

let captured: Repo | undefined;
/** A copy of one adopted repository with two prompts: one captured before its episode opened (orphan), one after (open). */
function withPrompts(): { repo: Repo; orphan: string; linked: string } {
  if (!captured) {
    captured = adopted();
    expect(captured.run(['capture', 'prompt'], { input: PROMPT }).code).toBe(0);
    expect(captured.run(['capture', 'session', '--event', 'start'], { input: START }).code).toBe(0);
    expect(captured.run(['capture', 'prompt'], { input: PROMPT }).code).toBe(0);
  }
  const repo = copyOf(repos, captured);
  const records = readdirSync(repo.path(ARCHIVE))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `${ARCHIVE}/${name}`);
  const link = (path: string) => (JSON.parse(repo.read(path)) as { episode_link: string }).episode_link;
  return { repo, orphan: records.find((path) => link(path) === 'orphan')!, linked: records.find((path) => link(path) === 'open')! };
}

async function failures(repo: Repo): Promise<Array<[string, string, string]>> {
  const run = await gateInProcess(repo, 'doctor', { rule: RULE });
  expect(run.code).toBe(run.findings.some((f) => f.level === 'FAIL') ? 10 : 0);
  return run.findings.filter((f) => f.level === 'FAIL').map((f) => [f.category, f.subject, f.message]);
}

describe('prompt_continuity', () => {
  it('records capture prompt wrote pass: one linked to the open episode, one an orphan; no archive is a skip', async () => {
    const { repo, orphan, linked } = withPrompts();
    expect(JSON.parse(repo.read(linked))).toMatchObject({ episode_link: 'open', episode: expect.stringMatching(/^s-/) });
    expect(JSON.parse(repo.read(orphan))).not.toHaveProperty('episode');
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category])).toEqual([['OK', 'prompts']]);
    expect((await gateInProcess(adopted(), 'doctor', { rule: RULE })).findings.map((f) => f.level)).toEqual(['INFO']);
  });

  it.each([
    ['no episode_link', (text: string) => text.replace(/\n {2}"episode_link": "open",/, ''), 'linked', /no episode_link/],
    ['a link without its episode', (text: string) => text.replace(/\n {2}"episode": "[^"]+",/, ''), 'linked', /names none/],
    [
      'an orphan naming an episode',
      (text: string) => text.replace('"episode_link": "orphan",', '"episode_link": "orphan",\n  "episode": "s-20260101000000-abcd",'),
      'orphan',
      /names no episode/,
    ],
    ['no worktree_id', (text: string) => text.replace(/\n {2}"worktree_id": "[^"]+",/, ''), 'linked', /no worktree_id/],
    [
      'a credential in the prompt',
      (text: string) => text.replace('Tidy the docs', 'Tidy the docs with ghp_abcdefghijklmnopqrstuvwxyz0123456789AB'),
      'linked',
      /shape of a github-token/,
    ],
  ] as const)('a record with %s is a FAIL naming it', async (_label, edit, which, message) => {
    const prompts = withPrompts();
    const path = prompts[which];
    prompts.repo.write(path, edit(prompts.repo.read(path)), 0o600);
    const found = await failures(prompts.repo);
    expect(found.map(([category, subject]) => [category, subject])).toEqual([['prompts', path]]);
    expect(found[0]![2]).toMatch(message);
    expect(found[0]![2]).not.toContain('ghp_');
  });

  it('a file or the folder readable by others is a FAIL naming it', async () => {
    const { repo, linked } = withPrompts();
    chmodSync(repo.path(linked), 0o644);
    chmodSync(repo.path(ARCHIVE), 0o755);
    expect((await failures(repo)).map(([, subject]) => subject).sort()).toEqual([ARCHIVE, linked].sort());
  });
});
