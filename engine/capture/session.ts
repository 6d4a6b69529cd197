/**
 * `capture session --event start|compact|end`: what a provider's lifecycle hooks run. Each provider
 * session is its own episode (the open record is filed under the provider's session id), so two
 * windows on one checkout never share or close each other's episode, and what a hook does is about its
 * own episode only.
 *
 * The hook acts on the session's project, not on the folder its process happens to run in: the
 * candidates are the folder the payload says the session works in, the project folder the provider
 * names, and the process's own folder; an episode is looked for in each, then in every worktree of that
 * repository, so an episode opened in the main checkout is continued, checkpointed and closed there
 * after the session moved into a worktree.
 *
 * - start: continues the episode when one is open for the key (`resume`, `compact`, a start replayed),
 *   else opens one in the first candidate (`startup`, `clear`, `fork` — naming the episode it forked from
 *   when the provider says which and it is known — or a source not known here). Either way the current
 *   working context is printed again, bounded, since after a compaction the agent has lost what it was
 *   told.
 * - compact: a checkpoint of the active task, stamped with this episode, unless another open episode
 *   started that task.
 * - end: closes the episode; nothing open is not an error (the provider ends sessions we never saw).
 *
 * A probe (`{ probe: true }`, engine/capture/probe.ts) walks the same decisions — the key checked, the
 * open record read, the active task found — and stops before the first write, answering with what it
 * would have done.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MajordomusError, MissingError, RefusedError } from '../errors';
import { Repository } from '../layer/repository';
import { buildBriefing } from '../state/briefing/build';
import type { OpenSession } from '../state/kernel/episode';
import { checkKey, contextPath, openDir, providerKey, readOpen } from '../state/kernel/episode';
import { closeSession, ownsTask, sessionsDir } from '../state/sessions/close';
import { sessionOfName } from '../state/sessions/record';
import { startSession } from '../state/sessions/start';
import type { Task } from '../state/tasks/current';
import type { ProviderAdapter } from './providers/adapter';
import type { CaptureEvent, HookCall } from './providers/types';

/** What one hook run did. */
export type CaptureOutcome =
  | {
      readonly action: 'opened' | 'continued';
      readonly session: OpenSession;
      readonly key: string;
      readonly context: string;
      /** The working context as the agent reads it again: bounded by the policy's budget and the provider's cap. */
      readonly text: string;
      /** Something the person should know (a start source not known here). */
      readonly note?: string;
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

/** What a hook run needs of its provider's adapter: its name (records, messages) and the cap on the context a start prints. */
export type CaptureProvider = Pick<ProviderAdapter, 'name' | 'contextCap'>;

/** How one hook call is acted on: for real, or as a probe that writes nothing. */
export interface CaptureOptions {
  readonly probe?: boolean;
}

/** Where a hook may act: candidate folders, best first, and the environment to open them with. */
export interface CaptureSite {
  readonly dirs: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** How long a compaction hook waits for another writer's lock: the compaction waits with it. */
export const COMPACT_LOCK_WAIT_MS = 2_000;

/** The repositories of the candidate folders that open, one per checkout, in order; refused as the first one was when none does. */
export function openSite(site: CaptureSite): Repository[] {
  const repositories: Repository[] = [];
  let first: unknown;
  for (const dir of [...new Set(site.dirs)]) {
    try {
      const repository = Repository.open(dir, { env: site.env, tree: 'working' });
      if (!repositories.some((known) => known.root === repository.root)) repositories.push(repository);
    } catch (error) {
      if (!(error instanceof MajordomusError)) throw error;
      first ??= error;
    }
  }
  if (repositories.length === 0) throw first ?? new MissingError('capture: no folder to act in');
  return repositories;
}

/** The checkout where the episode of `key` is open, and its open record. */
export interface Located {
  readonly repository: Repository;
  readonly session: OpenSession;
}

/**
 * Find the episode of `key`: in each candidate checkout, then in every other worktree of the first one's
 * repository. An open record that does not read is refused (15) naming it, as a close or start would.
 */
export function locate(repositories: readonly Repository[], key: string): Located | undefined {
  for (const repository of repositories) {
    const open = readOpen(repository.root, repository.layout.localDir, key);
    if (open.status === 'unreadable')
      throw new RefusedError(
        `capture session: ${open.file} is not an open session record this version reads (${open.reason}); nothing was done (move it aside)`,
      );
    if (open.status === 'present' && open.session.worktree === repository.root) return { repository, session: open.session };
  }
  const [first] = repositories;
  if (!first) return undefined;
  const listed = first.git.git(['worktree', 'list', '--porcelain', '-z']);
  if (listed.status !== 0) return undefined;
  const seen = new Set(repositories.map((repository) => repository.root));
  for (const entry of listed.stdout.split('\0')) {
    if (!entry.startsWith('worktree ')) continue;
    const path = entry.slice('worktree '.length);
    if (seen.has(path) || !existsSync(join(path, openDir(first.layout.localDir), `${key}.yaml`))) continue;
    let repository: Repository;
    try {
      repository = Repository.open(path, { env: first.git.env, tree: 'working' });
    } catch {
      continue;
    }
    const open = readOpen(repository.root, repository.layout.localDir, key);
    if (open.status === 'present' && open.session.worktree === repository.root) return { repository, session: open.session };
  }
  return undefined;
}

/** The key of the hook's provider session; 12 when neither the payload nor the environment names one. */
function keyOf(call: HookCall): string {
  if (call.id !== undefined) return providerKey(call.id, 'capture session');
  if (call.key !== undefined) return checkKey(call.key, 'capture session');
  throw new MissingError(
    `capture session: no provider session named (the hook payload has no session_id and MAJORDOMUS_PROVIDER_SESSION is unset); nothing was done`,
  );
}

/** Act on one hook call for `provider`; errors are thrown as values for the caller to soften. */
export async function capture(
  site: CaptureSite,
  provider: CaptureProvider,
  event: CaptureEvent,
  call: HookCall,
  options: CaptureOptions = {},
): Promise<CaptureOutcome> {
  const key = keyOf(call);
  const repositories = openSite(site);
  const probe = options.probe === true;
  const located = locate(repositories, key);
  if (event === 'start') return start(repositories[0]!, located, provider, key, call, probe);
  if (event === 'end') {
    if (located === undefined)
      return probe
        ? { action: 'probe', key, would: `close nothing (no episode is open for provider session ${key})` }
        : { action: 'none', key, note: `no episode is open for provider session ${key}; nothing to close` };
    const { repository, session } = located;
    if (probe) return { action: 'probe', key, would: `close session ${session.session_id}`, session_id: session.session_id };
    const closed = await closeSession(repository, {
      providerSession: key,
      ifNone: 'ignore',
      summary: `Closed by the ${provider.name} session-end hook${call.detail ? ` (${call.detail})` : ''}.\n`,
      env: repository.git.env,
    });
    if (!closed.closed) return { action: 'none', key, note: `no episode is open for provider session ${key}; nothing to close` };
    return { action: 'closed', session_id: closed.session.session_id, key, record: closed.record };
  }
  if (located === undefined)
    return probe
      ? { action: 'probe', key, would: `write no checkpoint (no episode is open for provider session ${key})` }
      : {
          action: 'none',
          key,
          note: `no episode is open for provider session ${key}; no checkpoint written (the session-start hook opens one)`,
        };
  return checkpoint(located.repository, provider.name, located.session, key, call, probe);
}

async function start(
  first: Repository,
  located: Located | undefined,
  provider: CaptureProvider,
  key: string,
  call: HookCall,
  probe: boolean,
): Promise<CaptureOutcome> {
  const note =
    call.unknownSource !== undefined
      ? `the start source ${JSON.stringify(call.unknownSource)} is not one this version knows; taken as a start`
      : undefined;
  if (located !== undefined && !recorded(located.repository, located.session.session_id)) {
    const { repository, session } = located;
    if (probe) return { action: 'probe', key, would: `continue session ${session.session_id}`, session_id: session.session_id };
    const context = contextPath(repository.layout.localDir, session);
    return {
      action: 'continued',
      session,
      key,
      context,
      text: workingContext(repository, session, provider.contextCap),
      ...(note ? { note } : {}),
    };
  }
  const repository = located?.repository ?? first;
  // the open record in this checkout, whoever's it is: the real start meets it inside startSession
  const open = readOpen(repository.root, repository.layout.localDir, key);
  if (probe) {
    if (open.status === 'present' && open.session.worktree !== repository.root)
      throw new RefusedError(
        `capture session: provider session ${key} has an episode open in another checkout (${open.session.worktree}); nothing was done`,
      );
    return located === undefined
      ? { action: 'probe', key, would: `open an episode for provider session ${key}` }
      : {
          action: 'probe',
          key,
          would: `finish closing session ${located.session.session_id}, then open a new episode`,
          session_id: located.session.session_id,
        };
  }
  if (located !== undefined) {
    // a close killed after its record was published (the provider gives a session-end hook little
    // time): finish it, then this start opens a fresh episode
    await closeSession(repository, { providerSession: key, ifNone: 'ignore', summary: '', env: repository.git.env });
  }
  const parent = call.parent === undefined ? undefined : locate([repository], providerKey(call.parent, 'capture session'));
  const started = startSession(repository, {
    providerSession: key,
    provider: provider.name,
    ...(call.id !== undefined && call.id !== key ? { providerId: call.id } : {}),
    ...(parent ? { forkedFrom: parent.session.session_id } : {}),
  });
  return {
    action: 'opened',
    session: started.session,
    key,
    context: started.context,
    text: workingContext(repository, started.session, provider.contextCap),
    ...(note ? { note } : {}),
  };
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
  if (!ownsTask(repository, session, task.id)) {
    const note = `the active task ${task.id} was started by another episode that is still open; no checkpoint written for this one`;
    return probe
      ? { action: 'probe', key, would: `write no checkpoint (${note})`, session_id: session.session_id }
      : { action: 'checkpoint', session, key, note };
  }
  if (probe)
    return { action: 'probe', key, would: `checkpoint task ${task.id} for session ${session.session_id}`, session_id: session.session_id };
  const body = `The ${provider} context of episode ${session.session_id} was compacted${call.detail ? ` (${call.detail})` : ''}; state as of then.\n`;
  // the ledger line is stamped with this provider session's episode, named outright: the hook process
  // may not carry the provider's variable, and the pointer may name another window's episode
  const done = await recordCheckpoint(repository, task, body, 'capture session', {
    session: session.session_id,
    lockWaitMs: COMPACT_LOCK_WAIT_MS,
  });
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

/** Room kept under the provider's cap for the header lines and the note on what was left out. */
const CONTEXT_MARGIN = 600;

/**
 * The working context as it stands now, for the agent to read again: what `majordomus context` prints
 * (the task, the newest checkpoint or handover — the one a compaction hook wrote a moment ago — the open
 * questions, the newest decisions first), cut at `context.builder_budget_lines` lines and under the
 * provider's cap (`cap` characters, its adapter's `contextCap`), saying what was left out.
 */
export function workingContext(repository: Repository, session: OpenSession, cap: number): string {
  const briefing = buildBriefing(repository, undefined, { session: session.session_id });
  const budget = briefing.settings.budgetLines;
  const lines: string[] = [];
  let size = 0;
  for (const line of briefing.lines) {
    if (lines.length >= budget || size + line.length + 1 > cap - CONTEXT_MARGIN) break;
    lines.push(line);
    size += line.length + 1;
  }
  const left = briefing.lines.length - lines.length;
  if (left > 0)
    lines.push(
      '',
      `(${left} more line(s) not shown here: this context is held to ${briefing.settings.budgetFrom} (${budget} lines) and to the provider's ${cap}-character cap)`,
    );
  return lines.join('\n').trim();
}
