/**
 * session_lifecycle (rule majordomus.session-lifecycle), through `doctor --rule` in process: the context
 * `session start` writes passes; a transcript key or an unknown key in a context's front matter, and an
 * open record or session context git tracks, are each a FAIL of category `session` naming the file.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.session-lifecycle';
const CONTEXTS = '.ai/local/session-contexts';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function opened(): { repo: TempRepo; context: string } {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'base']);
  expect(repo.run(['session', 'start']).code).toBe(0);
  return { repo, context: `${CONTEXTS}/${readdirSync(repo.path(CONTEXTS))[0]}` };
}

describe('session_lifecycle', () => {
  it('the state session start leaves passes', async () => {
    const { repo } = opened();
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category])).toEqual([['OK', 'session']]);
  });

  it.each([
    ['messages', /names a conversation/],
    ['model_reply', /names a conversation/],
    ['completion', /names a conversation/],
    ['mood', /unknown key `mood`/],
  ])('a context front matter key %s is a FAIL naming the context', async (key, message) => {
    const { repo, context } = opened();
    repo.write(context, repo.read(context).replace('kind: session-context\n', `kind: session-context\n${key}: "x"\n`));
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(10);
    const failed = run.findings.filter((f) => f.level === 'FAIL');
    expect(failed.map((f) => [f.category, f.subject])).toEqual([['session', context]]);
    expect(failed[0].message).toMatch(message);
  });

  it('an open record and a session context git tracks are each a FAIL', async () => {
    const { repo, context } = opened();
    repo.git(['add', '-f', '--', '.ai/local/state/sessions-open/hand.yaml', context]);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(10);
    expect(
      run.findings
        .filter((f) => f.level === 'FAIL')
        .map((f) => f.subject)
        .sort(),
    ).toEqual([context, '.ai/local/state/sessions-open/hand.yaml'].sort());
  });
});
