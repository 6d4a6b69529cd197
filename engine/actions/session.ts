import type { Invocation } from '../commands/define';
import { readBody } from '../io/stdin';
import { Repository } from '../layer/repository';

export interface SessionStartOptions {
  readonly worker?: string;
  readonly owner?: string;
  readonly providerSession?: string;
  readonly json?: boolean;
}

/** `session start [--worker <id>] [--owner <who>] [--provider-session <key>]`. */
export async function runSessionStart(options: SessionStartOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { startSession } = await import('../state/sessions/start');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const { session, key, context } = startSession(repository, {
    worker: options.worker,
    owner: options.owner,
    providerSession: options.providerSession ?? env.MAJORDOMUS_PROVIDER_SESSION ?? undefined,
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ...session, key, context })}\n`);
    return;
  }
  process.stdout.write(
    [
      `session ${session.session_id} opened at ${session.started_at} (head ${session.start_head === '' ? 'unborn' : session.start_head.slice(0, 7)})`,
      `working context: ${context}`,
      'next: majordomus context; majordomus session close when the episode ends',
      '',
    ].join('\n'),
  );
}

export interface SessionCloseOptions {
  readonly outcome?: string;
  readonly ifNone?: string;
  readonly providerSession?: string;
  readonly json?: boolean;
}

/** `session close [--outcome closed|interrupted] [--if-none refuse|ignore] [--provider-session <key>] < summary`. */
export async function runSessionClose(options: SessionCloseOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { closeSession } = await import('../state/sessions/close');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const result = await closeSession(repository, {
    outcome: options.outcome,
    ifNone: options.ifNone,
    providerSession: options.providerSession,
    summary: readSummary(),
    env,
  });
  if (!result.closed) {
    if (options.json) process.stdout.write(`${JSON.stringify({ closed: false })}\n`);
    else process.stderr.write('majordomus: session close: no episode is open here; nothing to close\n');
    return;
  }
  if (result.contextSkipped) process.stderr.write(`majordomus: session close: ${result.contextSkipped}\n`);
  const step = result.knowledge;
  if (step?.status === 'derived') {
    const { deriveSummary } = await import('../state/knowledge/derive');
    process.stderr.write(`majordomus: session close: knowledge derived: ${deriveSummary(step.result)}\n`);
  } else if (step?.status === 'failed') {
    process.stderr.write(
      `majordomus: session close: knowledge not derived (the episode is closed all the same): ${step.reason} (run: majordomus knowledge derive --episode ${result.session.session_id})\n`,
    );
  }
  if (options.json) {
    const knowledge =
      step === undefined
        ? null
        : step.status === 'derived'
          ? { status: 'derived', written: step.result.written, unchanged: step.result.unchanged, skipped: step.result.skipped }
          : step;
    process.stdout.write(
      `${JSON.stringify({ closed: true, session_id: result.session.session_id, outcome: result.outcome, record: result.record, resumed: result.resumed, knowledge })}\n`,
    );
    return;
  }
  process.stdout.write(`${result.record}\n`);
}

/**
 * The summary on stdin, read as every body is (capped, UTF-8, no NUL: it lands in a shared record);
 * nothing when stdin is a terminal (a person at a prompt gives none by typing).
 */
function readSummary(): string {
  return readBody('session close', { terminal: 'empty' });
}

/** `session status [--json]`: the episodes open in this checkout; the one the pointer names is marked. */
export async function runSessionStatus(options: { json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { openEpisodes } = await import('../state/sessions/read');
  const episodes = openEpisodes(Repository.open(cwd, { env, tree: 'working' }));
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ open: episodes.map((episode) => ({ key: episode.key, current: episode.current, ...(episode.session ?? {}), ...(episode.problem ? { problem: episode.problem } : {}) })) })}\n`,
    );
    return;
  }
  if (episodes.length === 0) {
    process.stdout.write('session status: no episode is open here (run: majordomus session start)\n');
    return;
  }
  const lines = episodes.map((episode) => {
    const mark = episode.current ? '*' : ' ';
    if (!episode.session) return `${mark} ${episode.key}  unreadable: ${episode.problem}`;
    const { session } = episode;
    return `${mark} ${session.session_id}  ${episode.key}  since ${session.started_at}  owner ${session.owner}${session.worker ? `  worker ${session.worker}` : ''}${episode.problem ? `  (${episode.problem})` : ''}`;
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `session list [--json]`: the closed records, newest first. */
export async function runSessionList(options: { json?: boolean; archived?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { closedEpisodes } = await import('../state/sessions/read');
  const episodes = closedEpisodes(Repository.open(cwd, { env, tree: 'working' }), { archived: options.archived === true });
  const summary = (episode: (typeof episodes)[number]) => ({
    session_id: episode.session_id,
    path: episode.path,
    started_at: episode.front?.started_at ?? null,
    closed_at: episode.front?.closed_at ?? null,
    outcome: episode.front?.outcome ?? null,
    title: episode.front?.title ?? null,
    ...(episode.problem ? { problem: episode.problem } : {}),
  });
  if (options.json) {
    process.stdout.write(episodes.map((episode) => `${JSON.stringify(summary(episode))}\n`).join(''));
    return;
  }
  if (episodes.length === 0) {
    process.stdout.write(
      options.archived ? 'session list --archived: no archived session records here\n' : 'session list: no closed session records here\n',
    );
    return;
  }
  const lines = episodes.map((episode) => {
    const row = summary(episode);
    return episode.problem
      ? `${row.session_id}  unreadable: ${episode.problem}  ${row.path}`
      : `${row.session_id}  ${String(row.closed_at)}  ${String(row.outcome)}  ${String(row.title)}`;
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `session show <id>|latest [--json]`: one record, with the episode's tasks as its turns. */
export async function runSessionShow(which: string, options: { json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { showEpisode } = await import('../state/sessions/read');
  const { episode, turns } = showEpisode(Repository.open(cwd, { env, tree: 'working' }), which);
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ path: episode.path, session_id: episode.session_id, ...(episode.front ?? {}), summary: episode.body ?? '', turns, ...(episode.problem ? { problem: episode.problem } : {}) })}\n`,
    );
    return;
  }
  if (episode.problem) {
    process.stdout.write(`${episode.path}: unreadable: ${episode.problem}\n`);
    return;
  }
  const front = episode.front ?? {};
  const lines = [
    `session ${episode.session_id}  ${String(front.outcome)}  ${String(front.started_at)} .. ${String(front.closed_at)}`,
    `record: ${episode.path}`,
    `title: ${String(front.title)}`,
    `branch: ${String(front.branch)}  head: ${String(front.start_head).slice(0, 7)} -> ${String(front.head).slice(0, 7)}`,
    turns.length === 0 ? 'turns: none' : 'turns:',
    ...turns.map((turn, index) => `  ${index + 1}. ${turn.task_id}  ${turn.outcome}`),
  ];
  if (episode.body) lines.push('', episode.body);
  process.stdout.write(`${lines.join('\n')}\n`);
}

export interface SessionArchiveOptions {
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/** `session archive [--dry-run] [--json]`: the oldest closed records beyond the policy's cap moved into the section's archive/. */
export async function runSessionArchive(options: SessionArchiveOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { archiveSessions } = await import('../state/sessions/archive');
  const result = await archiveSessions(Repository.open(cwd, { env, tree: 'working' }), { dryRun: options.dryRun === true });
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ archived: result.moved.length, kept: result.kept, cap: result.cap, archive: result.archive, dry_run: result.dryRun, moved: result.moved })}\n`,
    );
    return;
  }
  const count = result.moved.length;
  if (count === 0) {
    process.stdout.write(
      `session archive: ${result.kept} closed record(s), within session.retention_max_files (${result.cap}); nothing to move\n`,
    );
    return;
  }
  const lines = result.moved.map((record) => `${result.dryRun ? 'would move' : 'moved'} ${record.from} -> ${record.to}`);
  lines.push(
    result.dryRun
      ? `session archive --dry-run: ${count} record(s) would move into ${result.archive}, the newest ${result.kept} kept; nothing was written`
      : `session archive: ${count} record(s) moved into ${result.archive}, the newest ${result.kept} kept, and session.archived appended (commit the move: git add -A -- ${result.section})`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
