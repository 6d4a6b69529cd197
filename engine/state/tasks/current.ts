/**
 * The current task: `<local>/state/current.yaml`, the one task this checkout works on. `start` writes it
 * (engine/state/tasks/start.ts), `finish` changes its `outcome`, `checkpoint` its `checkpoint_at`, and nothing
 * else changes it. The identity fields (`repository_id`, `worktree`, `branch`, `head`, `working_tree`)
 * are computed from git when it is written, never authored.
 *
 * The file lives in the local half of the layer, which git never tracks, so it is read from the disk
 * (regular files only, as every reader of the layer) rather than from the judged tree: inside a
 * pre-commit hook the index holds no task, yet the task still claims its scope.
 *
 * `taskModel` hands the task to the baseline pack's validators through the context (pack.yaml `context:`),
 * read once per run of a gate and never kept between runs.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { defineModel } from '../../api/validator';
import { MissingError, RefusedError, UsageError } from '../../errors';
import type { Task } from '../../generated/types';
import { DocumentError } from '../../io/document-error';
import { runGit } from '../../io/git';
import type { Repository } from '../../layer/repository';
import { checkSchema } from '../../layer/schema-check';
import type { YamlDocument } from '../../layer/yaml';
import { readYamlFile } from '../../layer/yaml';
import type { ChangeSet } from './changes';
import { changeSet } from './changes';

export type { Task } from '../../generated/types';

/** The outcomes `finish` may record (every outcome but `active` and `handed_over`, which a handover records). */
export const FINISH_OUTCOMES = ['completed', 'partial', 'blocked', 'no_match', 'failed'] as const;
export type FinishOutcome = (typeof FINISH_OUTCOMES)[number];

/** The state folder of the local half, repository-relative. */
export function stateDir(localDir: string): string {
  return `${localDir}/state`;
}

/** The current task's file, repository-relative. */
export function currentTaskFile(localDir: string): string {
  return `${stateDir(localDir)}/current.yaml`;
}

/** Where `start` moves a finished task before it begins the next, repository-relative. */
export function archivedTaskFile(localDir: string, id: string): string {
  return `${stateDir(localDir)}/archive/${id}.yaml`;
}

/** Where `finish` keeps the completion note, repository-relative. */
export function completedNoteFile(localDir: string, id: string): string {
  return `${stateDir(localDir)}/completed/${id}.md`;
}

/** What the current task file holds, as read. */
export type CurrentTaskRead =
  /** No file: no task was ever started here, or it was archived. */
  | { readonly status: 'absent'; readonly file: string }
  /** A file that is not a task record: it does not parse, or breaks the task schema. */
  | {
      readonly status: 'unreadable';
      readonly file: string;
      readonly problems: readonly { readonly line?: number; readonly message: string }[];
    }
  /** A task record. */
  | {
      readonly status: 'present';
      readonly file: string;
      readonly task: Task;
      readonly doc: YamlDocument;
      /**
       * True when the record names another checkout than this one (it was copied here, or this is a
       * linked worktree reading a shared state folder): reported, never enforced.
       */
      readonly foreign: boolean;
    };

/**
 * Read the current task of the checkout at `root` (absolute), whose layer keeps its local half at
 * `localDir` (repository-relative). Never throws for what a user can put there: a folder, a FIFO, YAML
 * outside the subset or a record breaking the schema is `unreadable`, with the reason.
 */
export function readCurrentTask(root: string, localDir: string): CurrentTaskRead {
  const file = currentTaskFile(localDir);
  const abs = join(root, file);
  try {
    lstatSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'absent', file };
    throw error;
  }
  let doc: YamlDocument;
  try {
    doc = readYamlFile(abs, file);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { status: 'unreadable', file, problems: [{ line: error.line, message: `${error.reason} (${error.fix})` }] };
  }
  const problems = checkSchema('task', doc);
  if (problems.length > 0) return { status: 'unreadable', file, problems: problems.map((p) => ({ line: p.line, message: p.message })) };
  const task = doc.value as Task;
  return { status: 'present', file, task, doc, foreign: !sameDirectory(task.worktree, root) };
}

/** True when two absolute paths name the same folder (links resolved where they exist). */
function sameDirectory(a: string, b: string): boolean {
  if (a === b) return true;
  const real = (path: string): string => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  return real(a) === real(b);
}

/** The current task as the baseline's validators read it through `context.model(taskModel)`. */
export interface TaskModel {
  /** The repository root, absolute. */
  readonly root: string;
  /** The current task file as read. */
  readonly current: CurrentTaskRead;
  /** The task this checkout is held to: a present, local record (whatever its outcome); undefined otherwise. */
  readonly task: Task | undefined;
  /**
   * The task's change set (./changes.ts: its own commits and what is not committed yet; in a pre-commit
   * hook the staged content), asked of git once per run, when first read. Undefined without a local task
   * that is active: a finished task judges nothing that happened after its finish.
   */
  changes(): ChangeSet | undefined;
  /** The change set of the task's own commits among those a push carries: reachable from `tip`, from none of `exclude`. */
  pushed(tip: string, exclude: readonly string[]): ChangeSet | undefined;
  /**
   * Where the commit the task started from stands against HEAD: `ancestor` (HEAD is it or builds on it),
   * `rewritten` (git has it, and HEAD no longer builds on it: a rebase), `missing` (git no longer has it).
   * Undefined without an enforceable task, or when either side has no commit.
   */
  startCommit(head: string | undefined): 'ancestor' | 'rewritten' | 'missing' | undefined;
}

/** The current task of the repository a gate judges. */
export const taskModel = defineModel({
  name: 'current task',
  target: 'repository',
  build: (target): TaskModel => {
    const current = readCurrentTask(target.path, target.repository.layer.localDir);
    const task = current.status === 'present' && !current.foreign ? current.task : undefined;
    const active = task?.outcome === 'active' ? task : undefined;
    let changes: { value: ChangeSet | undefined } | undefined;
    const memo = {};
    const query = (task: Task) => ({
      memo,
      root: target.path,
      gitDir: target.repository.git.gitDir,
      env: target.env,
      task,
      tree: target.repository.tree,
      head: () => target.repository.git.head(),
    });
    return {
      root: target.path,
      current,
      task,
      changes() {
        changes ??= { value: active ? changeSet(query(active)) : undefined };
        return changes.value;
      },
      pushed(tip, exclude) {
        return active ? changeSet({ ...query(active), push: { tip, exclude } }) : undefined;
      },
      startCommit(head) {
        if (!task?.head || !head) return undefined;
        if (task.head === head) return 'ancestor';
        const status = runGit(['merge-base', '--is-ancestor', task.head, head], target.path, target.env as NodeJS.ProcessEnv).status;
        if (status === 0) return 'ancestor';
        if (status === 1) return 'rewritten';
        return 'missing';
      },
    };
  },
});

/** The message every record command gives when there is no task to record against. */
export const NO_TASK = 'no active task (run: majordomus start "<task>" --scope <pathspec>)';

/**
 * The task this checkout records against: present, this checkout's own, and active. 12 without one (or
 * with a finished one), 2 when the task file cannot be read, 15 when it belongs to another checkout.
 */
export function activeTask(repository: Repository, command: string): Task {
  const current = readCurrentTask(repository.root, repository.layout.localDir);
  if (current.status === 'absent') throw new MissingError(`${command}: ${NO_TASK}`);
  if (current.status === 'unreadable') {
    const first = current.problems[0];
    throw new UsageError(
      `${command}: ${current.file}${first?.line ? `:${first.line}` : ''} is not a task record: ${first?.message ?? 'unreadable'} (set it aside: majordomus finish --set-aside, then run: majordomus start)`,
    );
  }
  if (current.foreign) {
    throw new RefusedError(
      `${command}: ${current.file} is the task of another checkout (${current.task.worktree}); nothing was written (start a task in this checkout: majordomus start "<task>" --scope <pathspec>)`,
    );
  }
  if (current.task.outcome !== 'active') {
    throw new MissingError(
      `${command}: no active task: ${current.task.id} finished as ${current.task.outcome} (run: majordomus start "<task>" --scope <pathspec>)`,
    );
  }
  return current.task;
}
