/**
 * `session start`: open one execution episode of one worker. The open record is filed exclusively under
 * its provider session (`hand` when none is named), so of two racing starts exactly one wins; the loser
 * is refused (15) naming the episode that is open. The winner appends `session.started` (stamped with
 * the new id), writes the session context and aims `session-current.yaml` at its record.
 */
import { basename, dirname, join, relative } from 'node:path';
import { MajordomusError, RefusedError, UsageError } from '../../errors';
import type { SessionContext } from '../../generated/types';
import { TakenBack } from '../../io/write/errors';
import { publishRecord, unpublish } from '../../io/write/publish';
import type { Repository } from '../../layer/repository';
import { inSchemaOrder } from '../../layer/schema-check';
import { writeFrontMatter } from '../../layer/yaml-write';
import { buildBriefing } from '../briefing/build';
import { newId, utcSeconds } from '../kernel/clock';
import type { OpenSession } from '../kernel/episode';
import { aimPointer, checkKey, contextPath, createOpen, HAND_KEY, openDir, readOpen, removeOpen } from '../kernel/episode';
import { appendEvent, checkLedger } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import { readCurrentTask } from '../tasks/current';
import { gitIdentity } from '../tasks/identity';
import { nestedBriefing } from './turn';

export interface SessionStartRequest {
  readonly worker?: string;
  readonly owner?: string;
  /** The provider session the episode is filed under; `hand` when absent. */
  readonly providerSession?: string;
  /** The provider whose hook opened it (only a hook adapter names one). */
  readonly provider?: string;
  /** The provider's own session id, when it differs from the key it is filed under (engine/state/kernel/episode.ts, providerKey). */
  readonly providerId?: string;
  /** The episode this one was forked from, when the provider says so and that episode is known. */
  readonly forkedFrom?: string;
}

export interface SessionStartResult {
  readonly session: OpenSession;
  readonly key: string;
  /** The session context, repository-relative. */
  readonly context: string;
}

/** The refusal a start meets while the episode of its key is open. */
export function openHere(session: OpenSession): RefusedError {
  return new RefusedError(`session ${session.session_id} is open here since ${session.started_at}; run majordomus session close first`);
}

/** Open an episode in `repository`; see the module comment. */
export function startSession(repository: Repository, request: SessionStartRequest, now: Date = new Date()): SessionStartResult {
  const key = request.providerSession === undefined ? HAND_KEY : checkKey(request.providerSession, 'session start');
  for (const [flag, value] of [
    ['--worker', request.worker],
    ['--owner', request.owner],
  ] as const) {
    if (value !== undefined && (value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value)))
      throw new UsageError(`session start: ${flag} must be one line of text`);
  }
  const { root, layout, git } = repository;
  const existing = readOpen(root, layout.localDir, key);
  if (existing.status === 'present') throw refusedFor(existing.session, root, existing.file);
  if (existing.status === 'unreadable')
    throw new RefusedError(
      `session start: ${existing.file} is not an open session record this version reads (${existing.reason}); nothing was opened (move it aside, then run session start again)`,
    );

  const identity = gitIdentity(git);
  const stamp = utcSeconds(now);
  const session: OpenSession = {
    session_id: newId('s', stamp),
    started_at: stamp,
    owner: request.owner?.trim() || git.config('user.name') || 'unrecorded',
    ...(request.worker !== undefined ? { worker: request.worker.trim() } : {}),
    ...(request.provider !== undefined ? { provider: request.provider } : {}),
    ...(key !== HAND_KEY ? { provider_session: request.providerId ?? key } : {}),
    ...(request.forkedFrom !== undefined ? { forked_from: request.forkedFrom } : {}),
    repository_id: identity.repository_id,
    worktree: identity.worktree,
    branch: identity.branch ?? '',
    start_head: identity.head ?? '',
    start_working_tree: identity.working_tree,
  };
  // the open record, its context and `session.started` are one change: a ledger that cannot take the
  // line refuses before anything is filed, and the line is written last, so a failure takes the rest back
  const ledger = ledgerTargetOf(repository, 'session start', { session: session.session_id });
  checkLedger(ledger);
  if (!createOpen(root, layout.localDir, key, session)) {
    const winner = readOpen(root, layout.localDir, key);
    if (winner.status === 'present') throw refusedFor(winner.session, root, winner.file);
    throw new RefusedError(
      `session start: another episode was filed under ${key} at the same moment; nothing was opened (run: majordomus session status)`,
    );
  }
  const context = contextPath(layout.localDir, session);
  let published: string | undefined;
  try {
    published = publishRecord({
      command: 'session start',
      root,
      dir: join(root, dirname(context)),
      name: () => basename(context),
      content: contextText(repository, session),
    }).path;
    appendEvent(ledger, 'session.started', {
      owner: session.owner,
      ...(session.worker !== undefined ? { worker: session.worker } : {}),
      ...(session.provider_session !== undefined ? { provider_session: session.provider_session } : {}),
      ...(session.forked_from !== undefined ? { forked_from: session.forked_from } : {}),
    });
  } catch (error) {
    // the episode never began: its record and its context go, so the next start is not refused by a ghost
    const open = `${openDir(layout.localDir)}/${key}.yaml`;
    const filed = published === undefined ? [] : [relative(root, published)];
    if (published !== undefined) unpublish(published);
    removeOpen(root, layout.localDir, key);
    if (error instanceof MajordomusError) throw new TakenBack('session start', error, [open, ...filed], []);
    throw error;
  }
  aimPointer(root, layout.localDir, key);
  return { session, key, context };
}

function refusedFor(session: OpenSession, root: string, file: string): RefusedError {
  if (session.worktree !== root) {
    return new RefusedError(
      `session start: ${file} holds episode ${session.session_id} of another checkout; nothing was opened (close it there, or move the file aside if that checkout is gone)`,
    );
  }
  return openHere(session);
}

/** The front matter keys written plain (the contract, ids and times); every other value is quoted. */
// key-list: a style of the writer (which keys stand plain), not the shape, which is the schema's
const CONTEXT_PLAIN: readonly (keyof SessionContext)[] = ['schema', 'kind', 'session_id', 'opened_at', 'opened_by'];

/** The session context: front matter describing the open, the context at open, a place for notes. */
function contextText(repository: Repository, session: OpenSession): string {
  const task = taskOf(repository);
  const front: SessionContext = {
    schema: 'session-context/v1',
    kind: 'session-context',
    session_id: session.session_id,
    opened_at: session.started_at,
    opened_by: session.provider !== undefined ? 'hook' : 'hand',
    ...(session.provider !== undefined ? { provider: session.provider } : {}),
    ...(session.provider_session !== undefined ? { provider_session: session.provider_session } : {}),
    ...(session.forked_from !== undefined ? { forked_from: session.forked_from } : {}),
    branch: session.branch,
    head: session.start_head,
    task_id: task?.id ?? 'none',
    profile: task?.profile ?? 'none',
    ...(session.worker !== undefined ? { worker: session.worker } : {}),
  };
  const atOpen = task
    ? [`- task: ${task.id} (${task.task})`, `- scope: ${task.scope.join(', ')}`, `- profile: ${task.profile}`]
    : ['- task: none active (run: majordomus start "<task>" --scope <pathspec>)'];
  return [
    writeFrontMatter(inSchemaOrder('session-context', front), { strings: 'quoted', plain: CONTEXT_PLAIN }),
    `# Working context of session ${session.session_id}`,
    '',
    '## Context at open',
    ...atOpen,
    `- branch: ${session.branch || 'DETACHED'}`,
    `- head: ${session.start_head || 'unborn'}`,
    '',
    // what `majordomus context` gives the next worker now, one heading level down (the figure when over budget)
    ...nestedBriefing(buildBriefing(repository, undefined, { session: session.session_id })),
    '## Notes',
    '',
  ].join('\n');
}

function taskOf(repository: Repository): { id: string; task: string; scope: readonly string[]; profile: string } | undefined {
  const current = readCurrentTask(repository.root, repository.layout.localDir);
  return current.status === 'present' && !current.foreign && current.task.outcome === 'active' ? current.task : undefined;
}
