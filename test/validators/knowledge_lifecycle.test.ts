/**
 * knowledge_lifecycle (rule majordomus.knowledge-observed): every case starts from `majordomus init` in
 * a fresh git repository, writes a real ledger whose newest `session.closed` line names a real record
 * file, tracks it or not, and runs `doctor --rule` in process; the drift case also through the built CLI.
 * An "old" close is three days before now, past the skeleton policy's threshold (a day).
 */
import { afterAll } from 'vitest';
import { describeTable, edit } from '../helpers/cases';
import type { Case } from '../helpers/cases';
import { repoFactory } from '../helpers/repo';
import type { TempRepo } from '../helpers/repo';

const RULE = 'majordomus.knowledge-observed';
const LEDGER = '.ai/local/state/ledger.jsonl';
const SOURCES = '.ai/repo/knowledge/sources.yaml';
const POLICY = '.ai/repo/policy.yaml';
const RECORD = '.ai/repo/sessions/20260901T100000Z--s-20260901100000-ab12--main--abc1234--0f0f0f0f.md';
const EPISODE = 's-20260901100000-ab12';
const SESSIONS_CLASS = "  - id: sessions\n    kind: session\n    discovery: vcs\n    pathspec: ':(glob).ai/repo/sessions/*.md'\n    required: false\n";

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const OLD = 3 * 24 * 60;

function line(ts: string, event: string, extra: Record<string, unknown>): string {
  return `${JSON.stringify({ ts, event, head: null, branch: 'main', by: 'majordomus/test', session: EPISODE, ...extra })}\n`;
}

/** A ledger holding one episode, opened and closed `minutes` ago, and its record on disk; tracked when asked. */
function closed(minutes: number, options: { track?: boolean; path?: string } = {}): (repo: TempRepo) => void {
  return (repo) => {
    const path = options.path ?? RECORD;
    repo.write(path, `---\nschema: session/v1\nid: ${EPISODE}\noutcome: closed\n---\n`);
    repo.write(LEDGER, line(minutesAgo(minutes + 5), 'session.started', { owner: 'o' }) + line(minutesAgo(minutes), 'session.closed', { outcome: 'closed', session_path: path }));
    if (options.track) repo.git(['add', path]);
  };
}

const PASSING: readonly Case[] = [
  { name: 'no ledger: no episode has closed', mutate: () => {}, expected: [{ level: 'OK', category: 'knowledge', subject: LEDGER }] },
  {
    name: 'the newest closed episode is tracked and discovered',
    mutate: closed(OLD, { track: true }),
    expected: [{ level: 'OK', category: 'knowledge', subject: RECORD }],
  },
  {
    name: 'an episode closed a minute ago, not committed yet',
    mutate: closed(1),
    expected: [{ level: 'OK', category: 'knowledge', subject: RECORD }],
  },
  {
    name: 'the policy turned the knowledge step off',
    mutate: (repo) => {
      closed(OLD)(repo);
      edit(repo, POLICY, 'knowledge_on_end: true', 'knowledge_on_end: false');
    },
    expected: [{ level: 'INFO', category: 'knowledge', subject: POLICY }],
  },
  {
    name: 'the policy sets no stale_minutes: skipped, never a guessed default',
    mutate: (repo) => {
      closed(OLD)(repo);
      edit(repo, POLICY, '  freshness:\n    fresh_minutes: 60\n    stale_minutes: 1440\n', '');
    },
    expected: [{ level: 'INFO', category: 'knowledge', subject: POLICY }],
  },
];

const FAILING: readonly Case[] = [
  {
    name: 'an old close whose record git does not track',
    mutate: closed(OLD),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: RECORD }],
  },
  {
    name: "a tracked record outside every session class's pathspec",
    mutate: closed(OLD, { track: true, path: '.ai/repo/sessions/archive/old.md' }),
    expected: [{ level: 'FAIL', category: 'knowledge', subject: '.ai/repo/sessions/archive/old.md' }],
  },
  {
    name: 'episodes close but no class of kind session is declared',
    mutate: (repo) => {
      closed(OLD, { track: true })(repo);
      edit(repo, SOURCES, SESSIONS_CLASS, '');
    },
    expected: [{ level: 'FAIL', category: 'knowledge', subject: SOURCES, file: SOURCES }],
  },
  {
    name: 'past a threshold the policy lowered to 60 minutes, though within a day',
    mutate: (repo) => {
      closed(120)(repo);
      edit(repo, POLICY, 'stale_minutes: 1440', 'stale_minutes: 60');
    },
    expected: [{ level: 'FAIL', category: 'knowledge', subject: RECORD }],
  },
];

describeTable({ rule: RULE, repos, passing: PASSING, failing: FAILING, drift: { mutate: closed(OLD), expected: [{ level: 'FAIL', category: 'knowledge', subject: RECORD }] } });
