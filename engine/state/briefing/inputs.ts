/**
 * What the context builder reads from a checkout, gathered the same way for the `context` command and
 * for the `budget` validator (through `briefingModel`): the current task, the checkpoint or handover the
 * record resolver picks for this worktree and branch, the unresolved questions, the decisions, and the
 * previous turn's completion note — never its checkpoints or drafts (ADR 0008: a next task starts from
 * the confirmed deliverable, not from the working material of the one before).
 *
 * Turns chain inside an episode (engine/sessions/): the previous turn is the task the open episode
 * finished last, by its ledger lines, and the records of the episode's earlier turns are no current
 * state. With no episode open nothing is carried: a task finished in another sitting is no turn of this
 * one.
 *
 * Everything lives in the local half of the layer, which git never tracks, so it is read from the disk
 * through the records model's readers: regular files only, inside the repository. What cannot be read is
 * named in `problems` and left out; the rules of each store report it.
 */
import { join } from 'node:path';
import { defineModel } from '../../api/validator';
import { DocumentError } from '../../io/document-error';
import { isolatedGitEnv, runGit } from '../../io/git';
import { readYamlFile } from '../../layer/yaml';
import { episodeHere } from '../kernel/episode';
import type { LedgerEntry } from '../ledger/read';
import { readLedger } from '../ledger/read';
import type { RecordsModel } from '../records/model';
import { openRecords, readInside } from '../records/model';
import { unresolved } from '../records/questions';
import type { StoredRecord } from '../records/record';
import { ledgerOrder, resolveRecord } from '../records/resolver';
import type { Task } from '../tasks/current';
import { archivedTaskFile, completedNoteFile, readCurrentTask } from '../tasks/current';
import type { Briefing, BriefingInputs, BriefingSettings, PreviousTurn } from './assemble';
import { assembleBriefing, DEFAULT_SETTINGS } from './assemble';
import type { EpisodeTurns } from './turns';
import { DELIVERABLE_OUTCOMES, episodeTurns } from './turns';

/** The checkout the builder reads. */
export interface BriefingSource {
  /** The repository root, absolute. */
  readonly root: string;
  /** The local half of the layer, repository-relative. */
  readonly localDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The branch checked out ('' when detached), when the caller already knows it; git is asked otherwise. */
  readonly branch?: () => string;
  /** The open episode, when the caller knows it (one being opened is not found on the disk yet). */
  readonly session?: string;
}

/** Gather the builder's inputs from the checkout at `source`. */
export function readBriefingInputs(source: BriefingSource): BriefingInputs {
  const { root, localDir } = source;
  const problems: string[] = [];
  const current = readCurrentTask(root, localDir);
  let task: Task | undefined;
  if (current.status === 'unreadable')
    problems.push(`${current.file} is not a task record: ${current.problems[0]?.message ?? 'unreadable'}`);
  else if (current.status === 'present' && current.foreign)
    problems.push(`${current.file} is the task of another checkout (${current.task.worktree})`);
  else if (current.status === 'present') task = current.task;
  const active = task?.outcome === 'active' ? task : undefined;

  const records = openRecords(root, localDir, source.env);
  const questions = records.questions();
  if (questions.status === 'unreadable') problems.push(`${records.questionsFile}: ${questions.reason}`);
  const decisions = records.decisions();
  if (decisions.status === 'unreadable') problems.push(`${records.decisionsFile}: ${decisions.reason}`);

  // read once, and only when asked: without an episode or a record nothing needs the ledger
  let read: readonly LedgerEntry[] | undefined;
  const entries = (): readonly LedgerEntry[] => (read ??= ledgerEntries(source, problems));
  const episode = openEpisode(source);
  const turns = episode === undefined ? undefined : episodeTurns(entries(), episode, active?.id);
  const previous = previousTurn(source, task, turns, problems);

  return {
    task: active && {
      id: active.id,
      task: active.task,
      profile: active.profile,
      owner: active.owner,
      outcome: active.outcome,
      started_at: active.started_at,
      ...(active.checkpoint_at ? { checkpoint_at: active.checkpoint_at } : {}),
      scope: active.scope,
    },
    state: currentState(source, records, entries, turns?.finished ?? new Set(), problems),
    questions: questions.status === 'present' ? unresolved(questions.value) : [],
    decisions: decisions.status === 'present' ? decisions.value : [],
    previous: previous.turn,
    ...(previous.none !== undefined ? { previousNone: previous.none } : {}),
    problems,
  };
}

/** The ledger's events, in file order; none when it cannot be read (named in `problems`; the ledger's own rule reports why). */
function ledgerEntries(source: BriefingSource, problems: string[]): readonly LedgerEntry[] {
  try {
    return readLedger({ root: source.root, localDir: source.localDir }, 'context').entries;
  } catch (error) {
    problems.push(`the ledger cannot be read, so no turn is read from it: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/** The id of the episode open here for this process, or undefined. */
function openEpisode(source: BriefingSource): string | undefined {
  if (source.session !== undefined) return source.session;
  try {
    const found = episodeHere(source.root, source.localDir, undefined, source.env as NodeJS.ProcessEnv);
    return found.status === 'present' ? found.session.session_id : undefined;
  } catch {
    // a broken store of open episodes is session_lifecycle's to report; no episode is read from it
    return undefined;
  }
}

/**
 * The newest checkpoint or handover of this worktree and branch, else of the branch, through the
 * resolver — leaving out the records of `earlier`, the tasks the open episode already finished: their
 * drafts stay in their turn.
 */
function currentState(
  source: BriefingSource,
  records: RecordsModel,
  entries: () => readonly LedgerEntry[],
  earlier: ReadonlySet<string>,
  problems: string[],
): BriefingInputs['state'] {
  const all: StoredRecord[] = [];
  for (const kind of ['checkpoint', 'handover'] as const) {
    const read = records.records(kind);
    if (read.status === 'unreadable') {
      problems.push(`${records.dir(kind)}: ${read.reason}`);
      continue;
    }
    all.push(...read.records.filter((record) => !earlier.has(record.task_id)));
    for (const problem of read.problems) problems.push(problem.message);
  }
  if (all.length === 0) return undefined;
  const branch = source.branch ? source.branch() : currentBranch(source);
  // an unreadable ledger gives no entries, and so orders nothing
  const resolved = resolveRecord(all, { worktree: source.root, branch }, ledgerOrder(entries()));
  if (!resolved) return undefined;
  const { record, match } = resolved;
  return { kind: record.kind, path: record.path, created_at: record.created_at, task_id: record.task_id, match, body: record.body };
}

/** The branch checked out, or '' on a detached head. */
function currentBranch(source: BriefingSource): string {
  const result = runGit(['symbolic-ref', '--quiet', '--short', 'HEAD'], source.root, isolatedGitEnv(source.env as NodeJS.ProcessEnv));
  return result.status === 0 ? result.stdout.trim() : '';
}

/**
 * The turn before this one and its confirmed deliverable — its completion note, nothing else of it — or,
 * in `none`, why nothing is carried: no episode open, no turn finished in it yet, a turn that did not
 * end in a deliverable (blocked, failed, no_match, handed over) or left no note.
 */
function previousTurn(
  source: BriefingSource,
  task: Task | undefined,
  turns: EpisodeTurns | undefined,
  problems: string[],
): { turn?: PreviousTurn; none?: string } {
  if (turns === undefined) return { none: 'no episode open: turns chain inside an episode (majordomus session start)' };
  const last = turns.previous;
  if (last === undefined) return { none: 'no task finished in this episode yet' };
  const { task_id: id, outcome } = last;
  if (!DELIVERABLE_OUTCOMES.includes(outcome)) return { none: `${id}, the turn before, ended ${outcome}: no confirmed deliverable` };
  const path = completedNoteFile(source.localDir, id);
  const note = readInside(source.root, path);
  if (note === undefined) return { none: `${id}, the turn before, finished ${outcome} without a note (finish --note)` };
  if (typeof note !== 'string') {
    problems.push(note.unreadable.startsWith(path) ? note.unreadable : `${path}: ${note.unreadable}`);
    return { none: `${id}, the turn before: its note cannot be read` };
  }
  const record = task?.id === id ? task : archived(source, id);
  return { turn: { task_id: id, ...(record ? { task: record.task } : {}), outcome, path, note } };
}

/** The archived record of a finished task, when it is there and reads. */
function archived(source: BriefingSource, id: string): Task | undefined {
  const file = archivedTaskFile(source.localDir, id);
  try {
    const value = readYamlFile(join(source.root, file), file).value as Partial<Task> | null;
    return value && typeof value.task === 'string' && typeof value.outcome === 'string' ? (value as Task) : undefined;
  } catch (error) {
    if (error instanceof DocumentError) return undefined;
    // absent, or not a file: no title to show
    if ((error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  }
}

/**
 * The policy's `context` values (`policy` is the parsed policy, or undefined), with `budgetLines` given
 * on the command line over the policy's. A value that is not a positive integer falls back to the
 * default: the policy rules report it.
 */
export function briefingSettings(policy: unknown, budgetLines?: number): BriefingSettings {
  const context = objectAt(objectAt(policy)?.context);
  const count = (key: string, min: number): number | undefined => {
    const value = context?.[key];
    return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : undefined;
  };
  const fromPolicy = count('builder_budget_lines', 1);
  return {
    budgetLines: budgetLines ?? fromPolicy ?? DEFAULT_SETTINGS.budgetLines,
    budgetFrom:
      budgetLines !== undefined ? '--budget-lines' : fromPolicy !== undefined ? 'context.builder_budget_lines' : 'the default budget',
    recentDecisions: count('recent_decisions', 0) ?? DEFAULT_SETTINGS.recentDecisions,
    maxListItems: count('max_list_items', 1) ?? DEFAULT_SETTINGS.maxListItems,
  };
}

function objectAt(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The working context as the `budget` validator reads it: assembled when first asked, once per run. */
export interface BriefingModel {
  briefing(): Briefing;
}

/** The context builder's output for the repository a gate judges, within its policy. */
export const briefingModel = defineModel({
  name: 'working context',
  target: 'repository',
  build: (target): BriefingModel => {
    let built: Briefing | undefined;
    return {
      briefing() {
        const reader = target.repository;
        const policyFile = reader.layer.policyFile;
        let policy: unknown;
        try {
          policy = reader.kind(policyFile) === 'file' ? reader.yaml(policyFile).value : undefined;
        } catch {
          // the policy rules report a policy that does not read
        }
        built ??= assembleBriefing(
          readBriefingInputs({
            root: target.path,
            localDir: reader.layer.localDir,
            env: target.env,
            branch: () => reader.git.branch() ?? '',
          }),
          briefingSettings(policy),
        );
        return built;
      },
    };
  },
});
