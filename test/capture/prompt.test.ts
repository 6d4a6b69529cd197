/**
 * `capture prompt` through the built CLI, fed a recorded UserPromptSubmit payload: the person's prompt is
 * kept as a JSON record and its Markdown rendering under one stem, untracked, ignored, the files 0600 and
 * the folder 0700, credential shapes replaced; linked to the episode open under its provider session, or
 * an orphan; nothing on stdout (which Claude Code reads into the model's context); and never blocking the
 * prompt: every refusal is said on stderr with exit 0, nothing written.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPrompt } from '../../engine/capture/prompt-record';
import { withPolicyValue } from '../helpers/policy-text';
import { committedAdoption } from '../helpers/prepared';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const PAYLOADS = join(__dirname, '../fixtures/capture/claude-code');
const payload = (name: string) => readFileSync(join(PAYLOADS, `${name}.json`), 'utf8');
const ARCHIVE = '.ai/local/prompts';
const A = '0b6f3c1e-7a52-4d8e-9c1a-2f4e6b8d0a11';
const adopted = committedAdoption(repos);
type Repo = ReturnType<typeof adopted>;

function archive(repo: Repo): string[] {
  return repo.exists(ARCHIVE) ? readdirSync(repo.path(ARCHIVE)).sort() : [];
}

describe('capture prompt (claude-code UserPromptSubmit)', () => {
  it('writes the record and its rendering under one stem, 0600 in a 0700 folder, untracked and ignored, printing nothing', () => {
    const repo = adopted();
    const run = repo.run(['capture', 'prompt'], { input: payload('user-prompt-submit') });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const names = archive(repo);
    expect(names).toHaveLength(2);
    const [record, rendering] = names;
    expect(record!.replace(/\.json$/, '')).toBe(rendering!.replace(/\.md$/, ''));
    expect(record).toMatch(/^\d{8}T\d{6}Z--[0-9a-f]{16}\.json$/);
    expect(statSync(repo.path(ARCHIVE)).mode & 0o777).toBe(0o700);
    for (const name of names) expect(statSync(repo.path(`${ARCHIVE}/${name}`)).mode & 0o777).toBe(0o600);
    expect(repo.git(['status', '--porcelain', '--untracked-files=all'])).toBe('');
    expect(repo.git(['check-ignore', '--', `${ARCHIVE}/${record}`]).trim()).toBe(`${ARCHIVE}/${record}`);
    const text = repo.read(`${ARCHIVE}/${record}`);
    expect(text.startsWith('{\n  "schema": "majordomus.prompt/v1",\n')).toBe(true);
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(value).at(-1)).toBe('prompt');
    expect(value).toMatchObject({
      provider: 'claude-code',
      provider_session: A,
      episode_link: 'orphan',
      permission_mode: 'default',
      prompt: JSON.parse(payload('user-prompt-submit')).prompt,
    });
    // optional fields the capture could not know are absent, never null
    expect(Object.values(value)).not.toContain(null);
    expect(value).not.toHaveProperty('episode');
    const md = repo.read(`${ARCHIVE}/${rendering}`);
    expect(md).toBe(renderPrompt(value as never));
    // the prompt quotes ``` : the fence is longer
    expect(md).toMatch(/\n````text\n/);
    expect(md.trimEnd().endsWith('````')).toBe(true);
  });

  it('links the record to the episode open under its provider session; --json says what it wrote', () => {
    const repo = adopted();
    const start = repo.run(['capture', 'session', '--event', 'start', '--json'], { input: payload('session-start-startup') });
    const id = (JSON.parse(start.stdout) as { session: { session_id: string } }).session.session_id;
    const run = repo.run(['capture', 'prompt', '--json'], { input: payload('user-prompt-submit') });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { action: string; record: string; episode_link: string; episode: string };
    expect(out).toMatchObject({ action: 'captured', episode_link: 'open', episode: id });
    expect(JSON.parse(repo.read(out.record))).toMatchObject({ episode_link: 'open', episode: id });
    // another provider session's prompt is not this episode's: an orphan, never the last episode opened here
    const other = JSON.stringify({ ...JSON.parse(payload('user-prompt-submit')), session_id: 'someone-else' });
    expect(JSON.parse(repo.run(['capture', 'prompt', '--json'], { input: other }).stdout)).toMatchObject({ episode_link: 'orphan' });
  });

  it('replaces credential shapes before anything is written, and records what it replaced', () => {
    const repo = adopted();
    const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB';
    const input = JSON.stringify({
      ...JSON.parse(payload('user-prompt-submit')),
      prompt: `why does ${secret} get a 401 from https://me:hunter22@example.com/x`,
    });
    expect(repo.run(['capture', 'prompt'], { input }).code).toBe(0);
    for (const name of archive(repo)) {
      const text = repo.read(`${ARCHIVE}/${name}`);
      expect(text).not.toContain(secret);
      expect(text).not.toContain('hunter22');
    }
    const record = JSON.parse(repo.read(`${ARCHIVE}/${archive(repo)[0]}`)) as { redactions: unknown; prompt: string };
    expect(record.redactions).toEqual([
      { kind: 'github-token', count: 1 },
      { kind: 'url-password', count: 1 },
    ]);
    expect(record.prompt).toContain('[redacted:github-token]');
  });

  it.each([
    ['not JSON', '{"prompt": '],
    ['no prompt', JSON.stringify({ session_id: A, hook_event_name: 'UserPromptSubmit' })],
    ['another hook event', JSON.stringify({ session_id: A, hook_event_name: 'Stop', prompt: 'x' })],
    ['a session id that is no key', JSON.stringify({ session_id: '../x', hook_event_name: 'UserPromptSubmit', prompt: 'x' })],
  ])('a payload that is %s: exit 0, the reason on stderr, nothing on stdout, nothing written', (_label, input) => {
    const repo = adopted();
    const run = repo.run(['capture', 'prompt'], { input });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^majordomus: this prompt was not archived: /);
    expect(archive(repo)).toEqual([]);
  });

  it('an archive git would not ignore: nothing written, exit 0, the reason on stderr', () => {
    const repo = adopted();
    repo.write('.gitignore', repo.read('.gitignore').replace(/^\.ai\/local\/?$/m, ''));
    const run = repo.run(['capture', 'prompt'], { input: payload('user-prompt-submit') });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/is not ignored by git/);
    expect(archive(repo)).toEqual([]);
  });

  it('outside any repository: exit 0, the reason on stderr', () => {
    const dir = repos.create({ git: false });
    const run = dir.run(['capture', 'prompt'], { input: payload('user-prompt-submit') });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/not archived/);
  });

  it('capture.prompts: false in the policy keeps no prompt (exit 0, action off)', () => {
    const repo = adopted();
    repo.write('.ai/repo/policy.yaml', withPolicyValue(repo.read('.ai/repo/policy.yaml'), 'capture.prompts', 'false'));
    const run = repo.run(['capture', 'prompt', '--json'], { input: payload('user-prompt-submit') });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ action: 'off' });
    expect(archive(repo)).toEqual([]);
  });

  it('under the probe marker: the line with the nonce, nothing written', () => {
    const repo = adopted();
    const run = repo.run(['capture', 'prompt'], { input: payload('user-prompt-submit'), env: { MAJORDOMUS_CAPTURE_PROBE: 'n0' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^majordomus capture probe n0: prompt ok: would write \.ai\/local\/prompts\/\S+\.json and /);
    expect(archive(repo)).toEqual([]);
  });
});
