/**
 * `capture session --event start|compact|end`: what a provider's lifecycle hooks run. Each provider
 * session is its own episode (the open record is filed under the provider's session id), so two
 * windows on one checkout never share or close each other's episode.
 *
 * - start, source startup|clear: opens an episode unless one is open for this key; resume|compact (and
 *   a start that finds its episode open) continue it. Either way the working context is printed again,
 *   since after a compaction the agent has lost what it was told.
 * - compact: a checkpoint of the active task, stamped with this episode.
 * - end: closes the episode; nothing open is not an error (the provider ends sessions we never saw).
 *
 * A probe (`{ probe: true }`, engine/capture/probe.ts) walks the same decisions — the key checked, the
 * open record read, the active task found — and stops before the first write, answering with what it
 * would have done.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MissingError, RefusedError } from '../errors';
import type { Repository } from '../layer/repository';
import type { OpenSession } from '../state/kernel/episode';
import { checkKey, contextPath, readOpen } from '../state/kernel/episode';
import { readInside } from '../state/records/model';
import { closeSession, sessionsDir } from '../state/sessions/close';
import { sessionOfName } from '../state/sessions/record';
import { startSession } from '../state/sessions/start';
import type { Task } from '../state/tasks/current';
import type { CaptureEvent, HookCall } from './providers/claude-code';

/** What one hook run did. */
export type CaptureOutcome =
  | {
      readonly action: 'opened' | 'continued';
      readonly session: OpenSession;
      readonly key: string;
      readonly context: string;
      readonly text: string;
    }
  | {
      readonly action: 'checkpoint';
      readonly session: OpenSession;
      readonly key: string;
      readonly checkpoint_at?: string;
      readonly path?: string;
      readonly note?: string;
    }
  | { readonly action: 'closed'; readonly session_id: string; readonly key: string; readonly record: string }
  | { readonly action: 'none'; readonly key: string; readonly note: string }
  | { readonly action: 'probe'; readonly key: string; readonly would: string; readonly session_id?: string };

/** How one hook call is acted on: for real, or as a probe that writes nothing. */
export interface CaptureOptions {
  readonly probe?: boolean;
}

/** Act on one hook call for `provider`; errors are thrown as values for the caller to soften. */
export async function capture(
  repository: Repository,
  provider: string,
  event: CaptureEvent,
  call: HookCall,
  options: CaptureOptions = {},
): Promise<CaptureOutcome> {
  if (call.key === undefined) {
    throw new MissingError(
      `capture session: no provider session named (the hook payload has no session_id and MAJORDOMUS_PROVIDER_SESSION is unset); nothing was done`,
    );
  }
  const key = checkKey(call.key, 'capture session');
  const { root, layout } = repository;
  const open = readOpen(root, layout.localDir, key);
  const probe = options.probe === true;
  // the real run meets this inside startSession or closeSession; a probe must meet it too
  if (probe && open.status === 'unreadable')
    throw new RefusedError(
      `capture session: ${open.file} is not an open session record this version reads (${open.reason}); nothing was done (move it aside)`,
    );
  const mine = open.status === 'present' && open.session.worktree === root ? open.session : undefined;
  if (event === 'start') {
    if (probe) {
      // the real start finds the name taken and refuses; so does its dry run
      if (open.status === 'present' && mine === undefined)
        throw new RefusedError(
          `capture session: provider session ${key} has an episode open in another checkout (${open.session.worktree}); nothing was done`,
        );
      if (mine === undefined) return { action: 'probe', key, would: `open an episode for provider session ${key}` };
      const first = recorded(repository, mine.session_id)
        ? `finish closing session ${mine.session_id}, then open a new episode`
        : `continue session ${mine.session_id}`;
      return { action: 'probe', key, would: first, session_id: mine.session_id };
    }
    if (open.status === 'present' && open.session.worktree === root && recorded(repository, open.session.session_id)) {
      // a close killed after its record was published (the provider gives a session-end hook little
      // time): finish it, then this start opens a fresh episode
      closeSession(repository, { providerSession: key, ifNone: 'ignore', summary: '', env: repository.git.env });
    } else if (open.status === 'present' && open.session.worktree === root) {
      return {
        action: 'continued',
        session: open.session,
        key,
        context: contextPath(layout.localDir, open.session),
        text: contextText(root, contextPath(layout.localDir, open.session)),
      };
    }
    const started = startSession(repository, { providerSession: key, provider });
    return { action: 'opened', session: started.session, key, context: started.context, text: contextText(root, started.context) };
  }
  if (event === 'end') {
    if (probe) {
      return mine === undefined
        ? { action: 'probe', key, would: `close nothing (no episode is open for provider session ${key})` }
        : { action: 'probe', key, would: `close session ${mine.session_id}`, session_id: mine.session_id };
    }
    const closed = closeSession(repository, {
      providerSession: key,
      ifNone: 'ignore',
      summary: `Closed by the ${provider} session-end hook${call.detail ? ` (${call.detail})` : ''}.\n`,
      env: repository.git.env,
    });
    if (!closed.closed) return { action: 'none', key, note: `no episode is open for provider session ${key}; nothing to close` };
    return { action: 'closed', session_id: closed.session.session_id, key, record: closed.record };
  }
  if (mine === undefined && probe)
    return { action: 'probe', key, would: `write no checkpoint (no episode is open for provider session ${key})` };
  if (open.status !== 'present' || open.session.worktree !== root)
    return {
      action: 'none',
      key,
      note: `no episode is open for provider session ${key}; no checkpoint written (the session-start hook opens one)`,
    };
  return checkpoint(repository, provider, open.session, key, call, probe);
}

/** A compaction's checkpoint: the task's state at that moment, stamped with this episode (not the pointer's). */
async function checkpoint(
  repository: Repository,
  provider: string,
  session: OpenSession,
  key: string,
  call: HookCall,
  probe: boolean,
): Promise<CaptureOutcome> {
  const { activeTask } = await import('../state/tasks/current');
  const { recordCheckpoint } = await import('../state/records/write');
  let task: Task;
  try {
    task = activeTask(repository, 'capture session');
  } catch (error) {
    if (error instanceof MissingError) {
      if (probe)
        return {
          action: 'probe',
          key,
          would: `write no checkpoint (no active task) for session ${session.session_id}`,
          session_id: session.session_id,
        };
      return { action: 'checkpoint', session, key, note: 'no active task; the episode goes on without a checkpoint' };
    }
    throw error;
  }
  if (probe)
    return { action: 'probe', key, would: `checkpoint task ${task.id} for session ${session.session_id}`, session_id: session.session_id };
  const body = `The ${provider} context of episode ${session.session_id} was compacted${call.detail ? ` (${call.detail})` : ''}; state as of then.\n`;
  // the ledger line is stamped with this provider session's episode, named outright: the hook process
  // may not carry the provider's variable, and the pointer may name another window's episode
  const done = await recordCheckpoint(repository, task, body, 'capture session', { session: session.session_id });
  return { action: 'checkpoint', session, key, checkpoint_at: done.checkpoint_at, ...(done.path ? { path: done.path } : {}) };
}

/** Whether the sessions section already holds the record of `id`. */
function recorded(repository: Repository, id: string): boolean {
  try {
    return readdirSync(join(repository.root, sessionsDir(repository))).some((name) => sessionOfName(name) === id);
  } catch {
    return false;
  }
}

/** The session context as the agent reads it again: its text without the front matter. */
function contextText(root: string, context: string): string {
  // a regular file inside the repository only: a FIFO put there must never hang the provider's hook
  const text = readInside(root, context);
  return typeof text === 'string' ? text.replace(/^---\n[\s\S]*?\n---\n/, '').trim() : '';
}
