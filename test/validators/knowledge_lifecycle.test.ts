/**
 * knowledge_lifecycle (rule majordomus.knowledge-observed): every case starts from `majordomus init` in
 * a fresh git repository, writes a real ledger of episodes closing and knowledge being derived (or not),
 * and runs `doctor --rule` in process; the drift case also through the built CLI. An "old" close is
 * three days before now, past the skeleton policy's threshold (a day).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Case } from '../helpers/cases';
import { describeTable, edit } from '../helpers/cases';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.knowledge-observed';
const LEDGER = '.ai/local/state/ledger.jsonl';
const POLICY = '.ai/repo/policy.yaml';
const EARLIER = 's-20260801100000-cd34';
const EPISODE = 's-20260901100000-ab12';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const OLD = 3 * 24 * 60;

function line(ts: string, event: string, session: string, extra: Record<string, unknown>): string {
  return `${JSON.stringify({ ts, event, head: null, branch: 'main', by: 'majordomus/test', session, ...extra })}\n`;
}

function episode(id: string, minutes: number, derived: boolean): string {
  return (
    line(minutesAgo(minutes + 5), 'session.started', id, { owner: 'o' }) +
    (derived ? line(minutesAgo(minutes), 'knowledge.derived', id, { episode: id, paths: [] }) : '') +
    line(minutesAgo(minutes), 'session.closed', id, { outcome: 'closed', session_path: `.ai/repo/sessions/${id}.md` })
  );
}

/**
 * A ledger where an earlier episode was derived (so derivation runs on this checkout), or not, and then
 * the judged episode closed `minutes` ago, derived or not.
 */
function ledger(minutes: number, options: { derived: boolean; earlier?: boolean }): (repo: TempRepo) => void {
  return (repo) =>
    repo.write(LEDGER, ((options.earlier ?? true) ? episode(EARLIER, OLD + 60, true) : '') + episode(EPISODE, minutes, options.derived));
}

const PASSING: readonly Case[] = [
  { name: 'no ledger: no episode has closed', mutate: () => {}, expected: [{ level: 'OK', category: 'knowledge', subject: LEDGER }] },
  {
    name: 'the newest closed episode was derived',
    mutate: ledger(OLD, { derived: true }),
    expected: [{ level: 'OK', category: 'knowledge', subject: EPISODE }],
  },
  {
    name: 'derived later, by hand, after the close',
    mutate: (repo) => {
      ledger(OLD, { derived: false })(repo);
      repo.write(
        LEDGER,
        repo.read(LEDGER) + line(minutesAgo(1), 'knowledge.derived', 's-20261001100000-ef56', { episode: EPISODE, paths: [] }),
      );
    },
    expected: [{ level: 'OK', category: 'knowledge', subject: EPISODE }],
  },
  {
    name: 'an episode closed a minute ago and not derived yet',
    mutate: ledger(1, { derived: false }),
    expected: [{ level: 'OK', category: 'knowledge', subject: EPISODE }],
  },
  {
    name: 'no knowledge.derived line at all: not judged until the first derivation',
    mutate: ledger(OLD, { derived: false, earlier: false }),
    expected: [{ level: 'INFO', category: 'knowledge', subject: LEDGER }],
  },
  {
    name: 'the policy turned the knowledge step off',
    mutate: (repo) => {
      ledger(OLD, { derived: false })(repo);
      edit(repo, POLICY, 'knowledge_on_end: true', 'knowledge_on_end: false');
    },
    expected: [{ level: 'INFO', category: 'knowledge', subject: POLICY }],
  },
  {
    name: 'the policy sets no stale_minutes: skipped, never a guessed default',
    mutate: (repo) => {
      ledger(OLD, { derived: false })(repo);
      edit(repo, POLICY, '  freshness:\n    fresh_minutes: 60\n    stale_minutes: 1440\n', '');
    },
    expected: [{ level: 'INFO', category: 'knowledge', subject: POLICY }],
  },
];

const FAILING: readonly Case[] = [
  {
    name: 'an old close no derivation names, on a checkout that derives',
    mutate: ledger(OLD, { derived: false }),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: EPISODE, file: LEDGER, at: `"session":"${EPISODE}","outcome"` }],
  },
  {
    name: 'a derivation of an earlier episode does not cover the newest close',
    mutate: (repo) => {
      ledger(OLD, { derived: false })(repo);
      repo.write(LEDGER, repo.read(LEDGER) + line(minutesAgo(OLD - 10), 'knowledge.derived', EPISODE, { episode: EARLIER, paths: [] }));
    },
    expected: [{ level: 'FAIL', category: 'knowledge', subject: EPISODE, file: LEDGER, at: `"session":"${EPISODE}","outcome"` }],
  },
  {
    name: 'past a threshold the policy lowered to 60 minutes, though within a day',
    mutate: (repo) => {
      ledger(120, { derived: false })(repo);
      edit(repo, POLICY, 'stale_minutes: 1440', 'stale_minutes: 60');
    },
    expected: [{ level: 'FAIL', category: 'knowledge', subject: EPISODE, file: LEDGER, at: `"session":"${EPISODE}","outcome"` }],
  },
];

describeTable({
  rule: RULE,
  repos,
  passing: PASSING,
  failing: FAILING,
  drift: {
    mutate: ledger(OLD, { derived: false }),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: EPISODE, file: LEDGER, at: `"session":"${EPISODE}","outcome"` }],
  },
});

describe('the remedy the finding names clears it', () => {
  it('doctor fails naming the episode with its reproduce; knowledge derive --episode writes the derivation; doctor passes', () => {
    const repo = repos.create().init();
    ledger(OLD, { derived: false })(repo);
    const red = repo.gate(['doctor', '--rule', RULE]);
    expect(red.code).toBe(10);
    const [finding] = failing(red.findings);
    expect(finding).toMatchObject({ subject: EPISODE, category: 'knowledge', reproduce: 'majordomus history --event knowledge.derived' });
    expect(finding!.message).toContain(`majordomus knowledge derive --episode ${EPISODE}`);
    expect(repo.run(['knowledge', 'derive', '--episode', EPISODE]).code).toBe(0);
    const green = repo.gate(['doctor', '--rule', RULE]);
    expect(green.code).toBe(0);
    expect(green.findings).toEqual([expect.objectContaining({ level: 'OK', subject: EPISODE })]);
  });
});
