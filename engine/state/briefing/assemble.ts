/**
 * The context builder's assembly: from what a checkout holds (its task, the record the resolver picks,
 * the questions still open, the decisions, the previous turn's deliverable) to the lines a next worker
 * reads. Pure, so the `context` command and the `budget` validator count the same lines: a budget the
 * validator passes is one the command prints within.
 *
 * Every list is capped at `context.max_list_items` and says how much it left out; the whole is never cut.
 * Whether it fits `context.builder_budget_lines` is the caller's question (`overBudget`), answered by a
 * refusal naming the figure rather than a shorter text.
 */

import { escapeControls } from '../../io/printable';
import type { DecisionEntry } from '../records/decisions';
import type { QuestionEntry } from '../records/questions';

/** The policy's `context` values the builder works within, and where the budget came from. */
export interface BriefingSettings {
  readonly budgetLines: number;
  /** `context.builder_budget_lines`, `--budget-lines`, or the default. */
  readonly budgetFrom: string;
  readonly recentDecisions: number;
  readonly maxListItems: number;
}

/** The skeleton's values, used where the policy sets none (the policy rules report a value that does not read). */
export const DEFAULT_SETTINGS: BriefingSettings = {
  budgetLines: 300,
  budgetFrom: 'the default budget',
  recentDecisions: 5,
  maxListItems: 20,
};

/** The task as the builder presents it. */
export interface BriefingTask {
  readonly id: string;
  readonly task: string;
  readonly profile: string;
  readonly owner: string;
  readonly outcome: string;
  readonly started_at: string;
  readonly checkpoint_at?: string;
  readonly scope: readonly string[];
}

/** The checkpoint or handover the resolver picked for this checkout. */
export interface BriefingState {
  readonly kind: 'checkpoint' | 'handover';
  readonly path: string;
  readonly created_at: string;
  readonly task_id: string;
  /** `worktree-and-branch`, or `branch` when it is another worktree's record of this branch. */
  readonly match: string;
  readonly body: string;
}

/** The confirmed deliverable of the turn before this one: its completion note, nothing else of it. */
export interface PreviousTurn {
  readonly task_id: string;
  /** The task's title, when its record is still there. */
  readonly task?: string;
  readonly outcome?: string;
  /** The note, repository-relative. */
  readonly path: string;
  readonly note: string;
}

/** What the builder reads, gathered by `inputs.ts`. */
export interface BriefingInputs {
  readonly task: BriefingTask | undefined;
  readonly state: BriefingState | undefined;
  /** The unresolved questions, in file order. */
  readonly questions: readonly QuestionEntry[];
  /** Every decision, in file order (oldest first: the store is append-only). */
  readonly decisions: readonly DecisionEntry[];
  readonly previous: PreviousTurn | undefined;
  /** Without a previous turn, why none is carried (no episode open, none finished in it, no deliverable). */
  readonly previousNone?: string;
  /** What could not be read, each naming the file: reported beside the context, never guessed at. */
  readonly problems: readonly string[];
}

/** A list as capped: what is shown, and how many there were. */
export interface Capped<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** The assembled context. */
export interface Briefing {
  readonly settings: BriefingSettings;
  readonly task: BriefingTask | undefined;
  readonly scope: Capped<string>;
  readonly state: BriefingState | undefined;
  readonly questions: Capped<QuestionEntry>;
  /** Newest first. */
  readonly decisions: Capped<DecisionEntry>;
  readonly previous: PreviousTurn | undefined;
  readonly previousNone?: string;
  readonly problems: readonly string[];
  /** The text, one entry a line: what the budget counts. */
  readonly lines: readonly string[];
}

/** Assemble the context of `inputs` within `settings`' list caps. */
export function assembleBriefing(inputs: BriefingInputs, settings: BriefingSettings): Briefing {
  const cap = Math.max(1, settings.maxListItems);
  const scope = capped(inputs.task?.scope ?? [], cap);
  const questions = capped(inputs.questions, cap);
  // the newest decisions: the store's tail, newest first; the policy's count is a list like any other
  const wanted = Math.min(Math.max(0, settings.recentDecisions), cap);
  const newest = wanted === 0 ? [] : inputs.decisions.slice(-wanted).reverse();
  const decisions: Capped<DecisionEntry> = { items: newest, total: inputs.decisions.length };
  const partial = {
    settings,
    task: inputs.task,
    scope,
    state: inputs.state,
    questions,
    decisions,
    previous: inputs.previous,
    ...(inputs.previousNone !== undefined ? { previousNone: inputs.previousNone } : {}),
    problems: inputs.problems,
  };
  return { ...partial, lines: render(partial) };
}

/** True when the assembled text is longer than its budget. */
export function overBudget(briefing: Briefing): boolean {
  return briefing.lines.length > briefing.settings.budgetLines;
}

/** The refusal's figure: `312 lines, over context.builder_budget_lines (300)`. */
export function budgetFigure(briefing: Briefing): string {
  return `${briefing.lines.length} lines, over ${briefing.settings.budgetFrom} (${briefing.settings.budgetLines})`;
}

function capped<T>(items: readonly T[], cap: number): Capped<T> {
  return { items: items.slice(0, cap), total: items.length };
}

function render(briefing: Omit<Briefing, 'lines'>): string[] {
  const out: string[] = ['# Working context', ''];
  const { task } = briefing;
  out.push('## Task');
  if (!task) out.push('none active (start one: majordomus start "<task>" --scope <pathspec>)');
  else {
    const since = task.checkpoint_at ? `, last checkpoint ${task.checkpoint_at}` : '';
    out.push(`${task.id} ${one(task.task)}`);
    out.push(`profile ${one(task.profile)}, owner ${one(task.owner)}, ${task.outcome} since ${task.started_at}${since}`);
  }
  out.push('', '## Scope');
  if (!task) out.push('none');
  for (const path of briefing.scope.items) out.push(`- ${one(path)}`);
  more(out, briefing.scope, 'the task record lists them all');

  out.push('', '## Current state');
  const { state } = briefing;
  if (!state) out.push('no checkpoint or handover for this worktree or its branch');
  else {
    const where = state.match === 'branch' ? 'another worktree of this branch' : 'this worktree and branch';
    out.push(`${state.kind} ${one(state.path)} (${state.created_at}, task ${one(state.task_id)}, ${where})`);
    out.push(...body(state.body));
  }

  out.push('', '## Open questions');
  if (briefing.questions.total === 0) out.push('none');
  for (const entry of briefing.questions.items) out.push(`- #${entry.number} ${one(entry.task)} — ${one(entry.question)} (${entry.date})`);
  more(out, briefing.questions, 'majordomus question list');

  out.push('', '## Recent decisions');
  if (briefing.decisions.items.length === 0) out.push('none');
  for (const entry of briefing.decisions.items) {
    const why = entry.fields.get('Why')?.value;
    out.push(`- ${one(entry.heading)}${why ? `: ${one(why)}` : ''}`);
  }
  const older = briefing.decisions.total - briefing.decisions.items.length;
  if (older > 0) out.push(`(${older} older: majordomus decision list)`);

  out.push('', '## Previous turn');
  const { previous } = briefing;
  if (!previous) out.push(briefing.previousNone !== undefined ? `none: ${one(briefing.previousNone)}` : 'none');
  else {
    const title = previous.task ? ` ${one(previous.task)}` : '';
    out.push(`${previous.task_id}${title}${previous.outcome ? ` (${previous.outcome})` : ''}: ${one(previous.path)}`);
    out.push(...body(previous.note));
  }
  return out;
}

/** The line saying how many items a capped list left out, and where to read them all. */
function more<T>(out: string[], list: Capped<T>, command: string): void {
  const left = list.total - list.items.length;
  if (left > 0) out.push(`(${left} more, over context.max_list_items: ${command})`);
}

/** A value on one line: a newline or an escape sequence in it cannot forge a line of the context. */
function one(value: string): string {
  return escapeControls(value);
}

/** A record's body as lines, each escaped; no trailing empty line. */
function body(text: string): string[] {
  const trimmed = text.replace(/\s+$/, '');
  if (trimmed === '') return [];
  return trimmed.split('\n').map((line) => escapeControls(line.replace(/\r$/, '')));
}
