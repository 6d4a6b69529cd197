/**
 * `start "<task>" --scope <pathspec>[,...] [--profile <name>] [--owner <who>]`: write the current task.
 * Refused (15) while a task is active, while the record there belongs to another checkout or cannot be
 * read (it is somebody's; nothing overwrites it); a finished task is archived to
 * `state/archive/<id>.yaml` in the same plan that writes the new one, so either both land or neither.
 * Everything goes through the one writer under the repository's write lock; `task.started` is appended
 * to the ledger between the plan's check and its write.
 */
import { join } from 'node:path';
import { rootedPathProblem } from '../../api/toolkit/pathspec';
import { MissingError, RefusedError, UsageError } from '../../errors';
import type { Task } from '../../generated/types';
import { DocumentError } from '../../io/document-error';
import { printable } from '../../io/printable';
import { applyPlan } from '../../io/write/apply';
import { checkPlan } from '../../io/write/check';
import { JOURNAL_NAME } from '../../io/write/journal';
import { lockFile, withWriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import { RECORD_MODE } from '../../io/write/publish';
import type { Repository } from '../../layer/repository';
import { checkSchema } from '../../layer/schema-check';
import { parseYaml } from '../../layer/yaml';
import { newId, utcSeconds } from '../kernel/clock';
import { appendEvent, checkLedger, formatEvent, MAX_LINE_BYTES } from '../ledger/append';
import { ledgerTargetOf } from '../ledger/target';
import { archivedTaskFile, currentTaskFile, readCurrentTask } from './current';
import type { DirtyPath } from './identity';
import { dirtyPaths, gitIdentity } from './identity';
import { taskText } from './record';

/**
 * Text appended, in the same plan as the task, to a file of the local half: the open episode's session
 * context gets the new turn (engine/state/sessions/turn.ts builds it; the start command hands it in).
 */
export interface TurnSection {
  readonly session_id: string;
  /** The session context, repository-relative. */
  readonly context: string;
  readonly text: string;
  /** The previous turn the section carries, if any. */
  readonly previous?: string;
}

export interface StartRequest {
  readonly task: string;
  /** `--scope`, as given: comma-separated pathspecs, possibly repeated. */
  readonly scope: readonly string[];
  readonly profile?: string;
  readonly owner?: string;
  /** The turn of the open episode the task begins, if one is open here. */
  readonly turn?: (repository: Repository, task: Task) => TurnSection | undefined;
}

export interface StartResult {
  readonly task: Task;
  /** The paths already changed when the task started: its starting point, not its changes. */
  readonly dirty: readonly DirtyPath[];
  /** Repository-relative paths written, in order. */
  readonly written: readonly string[];
  /** The finished task archived on the way, if any. */
  readonly archived?: string;
  /** The turn section added to the open episode's session context, when an episode is open here. */
  readonly turn?: Omit<TurnSection, 'text'>;
}

/** Start a task in `repository`; see the module comment. */
export async function startTask(repository: Repository, request: StartRequest, now: Date = new Date()): Promise<StartResult> {
  const title = request.task.trim();
  if (title === '' || /[\u0000-\u001f\u007f]/.test(title))
    throw new UsageError('start: the task must be one line of text (run: majordomus start "<what the task is>" --scope <pathspec>)');
  const scope = normaliseScope(request.scope);
  const profile = request.profile ?? defaultProfile(repository);
  checkProfile(repository, profile);
  const owner = request.owner?.trim() || repository.git.config('user.name') || 'unrecorded';
  if (/[\u0000-\u001f\u007f]/.test(owner)) throw new UsageError('start: --owner must be one line of text');

  const { git, layout } = repository;
  return withWriteLock(lockFile(git.commonDir), 'start', () => {
    const current = readCurrentTask(git.root, layout.localDir);
    // the journal of the tool's writes lives in git's directory, outside a linked worktree's top level
    const plan = new WritePlan({
      command: 'start',
      base: git.root,
      scopes: [
        { dir: git.root, name: 'the repository' },
        { dir: git.gitDir, name: "the checkout's git directory" },
      ],
    });
    let archived: string | undefined;
    if (current.status === 'unreadable') {
      const where = current.problems[0]?.line === undefined ? current.file : `${current.file}:${current.problems[0].line}`;
      throw new RefusedError(
        `start: ${where} is not a task record this version reads: ${current.problems[0]?.message ?? 'unreadable'}; nothing was written (set it aside: majordomus finish --set-aside, then run start again)`,
      );
    }
    if (current.status === 'present') {
      const { task } = current;
      if (current.foreign) {
        throw new RefusedError(
          `start: ${current.file} holds task ${task.id} of another checkout (${printable(task.worktree)}); nothing was written (finish it there, or, if that checkout is gone, set it aside: majordomus finish --set-aside)`,
        );
      }
      if (task.outcome === 'active') {
        throw new RefusedError(
          `start: task ${task.id} (${printable(task.task)}) is active; nothing was written (finish it first: majordomus finish --outcome <outcome>)`,
        );
      }
      archived = archivedTaskFile(layout.localDir, task.id);
      plan.create(archived, taskText(task), { mode: RECORD_MODE });
    }
    const stamp = utcSeconds(now);
    const dirty = dirtyPaths(git, layout.localDir);
    if (dirty.length > MAX_DIRTY)
      throw new UsageError(
        `start: ${dirty.length} paths are already changed (staged, unstaged or untracked), more than the ${MAX_DIRTY} a task records as its starting point; nothing was written (commit, stash or ignore them first)`,
      );
    const task: Task = {
      id: newId('t', stamp),
      task: title,
      profile,
      owner,
      scope,
      started_at: stamp,
      outcome: 'active',
      ...gitIdentity(git),
      ...(dirty.length > 0 ? { started_dirty: dirty } : {}),
    };
    const text = taskText(task);
    readableOrRefused(text, currentTaskFile(layout.localDir));
    const started = { task_id: task.id, profile, owner, scope };
    plan.replace(currentTaskFile(layout.localDir), text, { mode: RECORD_MODE });
    // what the tool writes from now on is journaled, so it is never counted as the task's change
    plan.replace(join(git.gitDir, JOURNAL_NAME), '', { mode: 0o600 });
    // inside an episode the task is a new turn: its context, carrying the previous turn's deliverable,
    // lands in the session context with the task or not at all
    const turn = request.turn?.(repository, task);
    if (turn) plan.append(turn.context, turn.text, { mode: RECORD_MODE });
    // the task and its line are one change: the plan and the ledger checked whole first (a torn tail, a
    // link leading outside refuse before anything is written), the line written last, and a line that
    // fails after the task was written takes the task back — so a line never names a task that is not there
    const ledger = ledgerTargetOf(repository, 'start');
    const checked = checkPlan(plan);
    fitsTheLedger(ledger, started);
    checkLedger(ledger);
    const written = applyPlan(plan, checked, () => appendEvent(ledger, 'task.started', started))
      .map((done) => done.path)
      .filter((path) => !path.endsWith(JOURNAL_NAME));
    const shown = turn && { session_id: turn.session_id, context: turn.context, ...(turn.previous ? { previous: turn.previous } : {}) };
    return { task, dirty, written, archived, ...(shown ? { turn: shown } : {}) };
  });
}

/**
 * The claimed pathspecs: split on commas, trimmed, `./` and trailing slashes dropped (a folder claims
 * everything beneath it), duplicates dropped. A pathspec that would name something outside the
 * repository, or negate, is a usage error naming it.
 */
export function normaliseScope(given: readonly string[]): string[] {
  const scope: string[] = [];
  for (const raw of given.flatMap((value) => value.split(','))) {
    let pathspec = raw.trim();
    if (pathspec === '') continue;
    // `/` is no claim on the repository: it names the machine's root, like `/etc`
    if (pathspec.startsWith('/'))
      throw new UsageError(
        `start: --scope ${JSON.stringify(pathspec)} is an absolute path; name paths inside the repository, relative to its top level (\`.\` claims the whole repository)`,
      );
    while (pathspec.startsWith('./')) pathspec = pathspec.slice(2);
    pathspec = pathspec.replace(/\/+$/, '');
    if (pathspec === '' || pathspec === '.') pathspec = '**';
    const problem = pathspec.startsWith('!')
      ? 'a leading ! (negation) claims nothing; name what the task touches'
      : rootedPathProblem(pathspec);
    if (problem) throw new UsageError(`start: --scope ${JSON.stringify(raw.trim())}: ${problem}`);
    if (/[\u0000-\u001f\u007f]/.test(pathspec))
      throw new UsageError(`start: --scope ${JSON.stringify(raw.trim())} holds a control character`);
    if (!scope.includes(pathspec)) scope.push(pathspec);
  }
  if (scope.length === 0)
    throw new UsageError(
      'start: --scope names no path (run: majordomus start "<task>" --scope <pathspec>[,<pathspec>...]; `.` claims the whole repository)',
    );
  return scope;
}

/** The most paths a task records as already changed when it started (the task schema's `started_dirty`). */
export const MAX_DIRTY = 4096;

/**
 * The record `start` is about to write, read back as every reader reads it (the YAML subset, then the
 * task schema): one set of limits for the writer and the readers, the schema's. What a reader would
 * refuse later — a title over its length, more scope entries than a record holds — is refused now (2).
 */
function readableOrRefused(text: string, file: string): void {
  let problems: readonly { key: string; message: string }[];
  try {
    problems = checkSchema('task', parseYaml(text, file));
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    problems = [{ key: '', message: `${error.reason} (${error.fix})` }];
  }
  const first = problems[0];
  if (!first) return;
  const option = OPTION_OF[first.key.split('.')[0] ?? ''];
  throw new UsageError(
    `start: ${option ? `${option}: ` : ''}${first.message}, which no reader of ${file} accepts; nothing was written${option ? ` (${option === '--scope' ? 'claim fewer or shorter paths: a folder or a glob claims everything under it' : `shorten ${option}`})` : ''}`,
  );
}

/** The option of `start` each field of the record comes from. */
const OPTION_OF: Readonly<Record<string, string>> = { task: 'the task', scope: '--scope', owner: '--owner', profile: '--profile' };

/** The `task.started` line must fit the ledger: refused now (2), never after the record is planned (15). */
function fitsTheLedger(ledger: ReturnType<typeof ledgerTargetOf>, payload: Record<string, unknown>): void {
  try {
    formatEvent(ledger, 'task.started', payload);
  } catch (error) {
    if (!(error instanceof RefusedError)) throw error;
    throw new UsageError(
      `start: the task's claim is too long for the ledger's line (${MAX_LINE_BYTES} bytes); nothing was written (claim fewer or shorter paths: a folder or a glob claims everything under it)`,
    );
  }
}

/** The policy's `profiles.default`; the policy is the one place that default lives. */
function defaultProfile(repository: Repository): string {
  const file = repository.layout.policyFile;
  let value: unknown;
  try {
    value = (repository.yaml(file).value as { profiles?: { default?: unknown } } | null)?.profiles?.default;
  } catch {
    throw new UsageError(
      `start: ${file} cannot be read, so it names no default profile (run: majordomus doctor, or pass --profile <name>)`,
    );
  }
  if (typeof value !== 'string' || value === '')
    throw new UsageError(`start: ${file} sets no profiles.default (set it, or pass --profile <name>)`);
  return value;
}

/** A profile is a file of the profiles section. */
function checkProfile(repository: Repository, profile: string): void {
  const dir = repository.layout.section('profiles') ?? `${repository.layout.repoDir}/profiles`;
  if (!/^[a-z][a-z0-9-]*$/.test(profile) || profile.length > 64)
    throw new UsageError(`start: --profile ${JSON.stringify(profile)} is not a profile name (lower case, digits and -)`);
  if (!repository.tree.exists(`${dir}/${profile}.yaml`)) {
    const known = repository.tree.exists(dir)
      ? repository.tree
          .list(dir)
          .filter((entry) => !entry.directory && entry.name.endsWith('.yaml'))
          .map((entry) => entry.name.slice(0, -5))
      : [];
    throw new UsageError(
      `start: no profile ${profile} (${dir}/${profile}.yaml does not exist; profiles here: ${known.join(', ') || 'none'})`,
    );
  }
}

/** The task a command that needs one acts on: the current record of this checkout, or 12. */
export function requireTask(repository: Repository, command: string): { task: Task; file: string } {
  const current = readCurrentTask(repository.root, repository.layout.localDir);
  if (current.status === 'absent') throw new MissingError(`${command}: no active task (run: majordomus start "<task>" --scope <pathspec>)`);
  if (current.status === 'unreadable') {
    const line = current.problems[0]?.line;
    throw new RefusedError(
      `${command}: ${current.file}${line === undefined ? '' : `:${line}`} is not a task record this version reads: ${current.problems[0]?.message ?? 'unreadable'}; nothing was written (set it aside: majordomus finish --set-aside, then start the task again)`,
    );
  }
  if (current.foreign) {
    throw new RefusedError(
      `${command}: ${current.file} holds task ${current.task.id} of another checkout (${printable(current.task.worktree)}); nothing was written (finish it there, or, if that checkout is gone or this one was moved from it, set it aside: majordomus finish --set-aside, and start again)`,
    );
  }
  return { task: current.task, file: current.file };
}
