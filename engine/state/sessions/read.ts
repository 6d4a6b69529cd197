/**
 * Reading episodes back: the ones open in this checkout (`session status`), the closed records of the
 * sessions section (`session list`), and one record with its tasks as turns (`session show`). Readers
 * only: a record that does not read is listed as such, never repaired.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MissingError, UsageError } from '../../errors';
import { parseFrontMatter } from '../../layer/front-matter';
import type { Repository } from '../../layer/repository';
import type { OpenSession } from '../kernel/episode';
import { openKeys, pointedKey, readOpen } from '../kernel/episode';
import { readLedger } from '../ledger/read';
import { ARCHIVE_FOLDER as ARCHIVE } from './archive';
import { sessionsDir } from './close';
import { sessionOfName } from './record';

/** One open episode of this checkout. */
export interface OpenEpisode {
  readonly key: string;
  readonly current: boolean;
  readonly session?: OpenSession;
  /** Why the open record does not read, or that it belongs to another checkout. */
  readonly problem?: string;
}

/** The episodes open here, the pointed one marked. */
export function openEpisodes(repository: Repository): OpenEpisode[] {
  const { root, layout } = repository;
  const pointed = pointedKey(root, layout.localDir);
  return openKeys(root, layout.localDir).map((key) => {
    const read = readOpen(root, layout.localDir, key);
    if (read.status === 'unreadable') return { key, current: key === pointed, problem: read.reason };
    if (read.status === 'absent') return { key, current: false, problem: 'gone' };
    if (read.session.worktree !== root) return { key, current: false, session: read.session, problem: 'opened by another checkout' };
    return { key, current: key === pointed, session: read.session };
  });
}

/** One closed record, as listed. */
export interface ClosedEpisode {
  /** Repository-relative path. */
  readonly path: string;
  readonly session_id: string;
  readonly front?: Readonly<Record<string, unknown>>;
  readonly body?: string;
  /** Why the record does not read. */
  readonly problem?: string;
}

/**
 * Every record of the sessions section, newest first (the file name's timestamp orders them); with
 * `archived`, the records `session archive` moved into the section's archive/ folder instead.
 */
export function closedEpisodes(repository: Repository, options: { readonly archived?: boolean } = {}): ClosedEpisode[] {
  const dir = options.archived ? `${sessionsDir(repository)}/${ARCHIVE}` : sessionsDir(repository);
  return recordNames(repository, dir).map((name) => readClosed(repository, `${dir}/${name}`, sessionOfName(name)!));
}

/** The names of the records in `dir`, newest first; none when it cannot be listed. */
function recordNames(repository: Repository, dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(repository.root, dir));
  } catch {
    return [];
  }
  return names
    .filter((name) => sessionOfName(name) !== undefined)
    .sort()
    .reverse();
}

/**
 * The record `which` names, read alone: `latest` is the newest of the section; a session id is looked
 * for in the section, then in its archive/ folder.
 */
function findRecord(repository: Repository, which: string): ClosedEpisode | undefined {
  const dir = sessionsDir(repository);
  for (const folder of which === 'latest' ? [dir] : [dir, `${dir}/${ARCHIVE}`]) {
    const names = recordNames(repository, folder);
    const name = which === 'latest' ? names[0] : names.find((candidate) => sessionOfName(candidate) === which);
    if (name !== undefined) return readClosed(repository, `${folder}/${name}`, sessionOfName(name)!);
  }
  return undefined;
}

function readClosed(repository: Repository, path: string, id: string): ClosedEpisode {
  try {
    const document = parseFrontMatter(readFileSync(join(repository.root, path), 'utf8'), path);
    const value = document.data.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { path, session_id: id, problem: 'the front matter is not a mapping' };
    return { path, session_id: id, front: value as Record<string, unknown>, body: document.body.trim() };
  } catch (error) {
    return { path, session_id: id, problem: error instanceof Error ? error.message : 'unreadable' };
  }
}

/** A turn of an episode: one of its tasks, with the outcome its last `task.finished` recorded. */
export interface Turn {
  readonly task_id: string;
  readonly outcome: string;
}

/** The record `which` names (`latest`, or a session id), with its tasks as turns. 12 when none; 2 for a malformed id. */
export function showEpisode(repository: Repository, which: string): { episode: ClosedEpisode; turns: Turn[] } {
  if (which !== 'latest' && !/^s-\d{14}-[0-9a-f]{4}$/.test(which))
    throw new UsageError(`session show: ${JSON.stringify(which)} is not a session id (s-<14 digits>-<4 hex>) or latest`);
  const episode = findRecord(repository, which);
  if (!episode)
    throw new MissingError(
      which === 'latest'
        ? 'session show: no closed session record here (run: majordomus session close)'
        : `session show: no closed session record ${which} in ${sessionsDir(repository)} or its ${ARCHIVE}/ (run: majordomus session list, or session list --archived)`,
    );
  const tasks = Array.isArray(episode.front?.tasks)
    ? (episode.front.tasks as unknown[]).filter((task): task is string => typeof task === 'string')
    : [];
  const outcomes = new Map<string, string>();
  if (tasks.length > 0) {
    try {
      for (const entry of readLedger({ root: repository.root, localDir: repository.layout.localDir }, 'session show').entries) {
        const task = entry.record.task_id;
        if (typeof task !== 'string') continue;
        if (entry.event === 'task.finished' && typeof entry.record.outcome === 'string') outcomes.set(task, entry.record.outcome);
        if (entry.event === 'task.handed_over' && entry.record.closed === true) outcomes.set(task, 'handed_over');
      }
    } catch {
      // no ledger here (a clone): the turns are listed without outcomes
    }
  }
  return { episode, turns: tasks.map((task_id) => ({ task_id, outcome: outcomes.get(task_id) ?? 'unfinished' })) };
}
