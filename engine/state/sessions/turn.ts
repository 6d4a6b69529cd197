/**
 * A new turn of an open episode (ADR 0008): when `start` begins a task while an episode is open here,
 * the episode's session context gets a section for the turn — the context builder's output for the new
 * task, which carries the previous turn's confirmed deliverable and none of its drafts. `start` adds it
 * to the plan that writes the task, so the turn is in the context exactly when the task is started.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { escapeControls } from '../../io/printable';
import type { Repository } from '../../layer/repository';
import type { Briefing, BriefingTask } from '../briefing/assemble';
import { budgetFigure, overBudget } from '../briefing/assemble';
import { buildBriefing } from '../briefing/build';
import type { OpenRead } from '../kernel/episode';
import { contextPath, episodeHere } from '../kernel/episode';
import type { TurnSection } from '../tasks/start';

/**
 * The turn section for `task`, started now, or undefined when no episode is open here or its session
 * context is not a regular file (moved away, or replaced by a link: the task starts without it, and
 * session_lifecycle reports the context).
 */
export function turnSection(repository: Repository, task: BriefingTask): TurnSection | undefined {
  const { root, layout } = repository;
  let found: OpenRead;
  try {
    found = episodeHere(root, layout.localDir, undefined, repository.git.env);
  } catch {
    return undefined;
  }
  if (found.status !== 'present') return undefined;
  const context = contextPath(layout.localDir, found.session);
  try {
    if (!lstatSync(join(root, context)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const briefing = buildBriefing(repository, undefined, { task, session: found.session.session_id });
  const text = [
    '',
    `## Turn ${task.id}`,
    `- task: ${task.id} (${escapeControls(task.task)})`,
    `- started_at: ${task.started_at}`,
    ...nestedBriefing(briefing),
  ].join('\n');
  return {
    session_id: found.session.session_id,
    context,
    text: `${text}\n`,
    ...(briefing.previous ? { previous: briefing.previous.task_id } : {}),
  };
}

/**
 * The context builder's output one heading level down, to sit under a section of the session context;
 * over its budget, the figure and the command that prints it instead of a cut context.
 */
export function nestedBriefing(briefing: Briefing): string[] {
  if (overBudget(briefing))
    return ['### Briefing', `not included: ${budgetFigure(briefing)} (run: majordomus context --budget-lines <n>)`, ''];
  return [...briefing.lines.slice(1).map((line) => (line.startsWith('## ') ? `#${line}` : line)), ''];
}
