/**
 * What the next worker needs, as an answer: the context builder's briefing (engine/state/briefing/)
 * within `context.builder_budget_lines`, or a refusal (10) with the figure when it is over — a context
 * cut to fit would drop what the worker needed without saying so. `context --json` prints this answer;
 * the MCP tool `context` answers it. Writes nothing, the ledger included.
 */
import type { Invocation } from '../commands/define';
import { ContractError, UsageError } from '../errors';
import type { Briefing } from '../state/briefing/assemble';
import { budgetFigure, overBudget } from '../state/briefing/assemble';
import { buildBriefing } from '../state/briefing/build';
import { openRepository } from './stores';

export interface ContextQuestion {
  /** `--budget-lines`, as given (text on the command line, a number from the tool). */
  readonly budgetLines?: string | number;
}

/**
 * The briefing, or the refusal over its budget. `problems` are handed to `report` (the command prints
 * each on stderr) before the budget is judged.
 */
export function briefingFor(question: ContextQuestion, invocation: Invocation, report: (problem: string) => void = () => {}): Briefing {
  const override = question.budgetLines === undefined ? undefined : budgetLines(String(question.budgetLines));
  const briefing = buildBriefing(openRepository(invocation), override);
  for (const problem of briefing.problems) report(problem);
  if (overBudget(briefing)) {
    throw new ContractError(
      `context: the assembled context is ${budgetFigure(briefing)}; nothing was printed (give the next worker less to read — resolve questions, write a shorter checkpoint or note — or raise the budget: --budget-lines <n>)`,
    );
  }
  return briefing;
}

/** The largest `--budget-lines`: far beyond any context, and a number every reader holds exactly. */
const MAX_BUDGET_LINES = 999_999_999;

/** `--budget-lines`: a positive whole number of lines, at most MAX_BUDGET_LINES. */
function budgetLines(text: string): number {
  const given = text.trim();
  if (/^[1-9][0-9]{0,8}$/.test(given)) return Number(given);
  if (/^[1-9][0-9]*$/.test(given))
    throw new UsageError(
      `context: --budget-lines ${JSON.stringify(text)} is over the largest budget, ${MAX_BUDGET_LINES} lines (give a smaller number, e.g. --budget-lines 300)`,
    );
  throw new UsageError(`context: --budget-lines ${JSON.stringify(text)} is not a positive whole number of lines (e.g. --budget-lines 300)`);
}

/** The `--json` document: every part as data, with the text and its figure. */
export function contextAnswer(briefing: Briefing): Record<string, unknown> {
  const { settings, task, state, previous } = briefing;
  return {
    budget_lines: settings.budgetLines,
    budget_from: settings.budgetFrom,
    lines: briefing.lines.length,
    task: task ?? null,
    scope: { items: briefing.scope.items, total: briefing.scope.total },
    state: state ?? null,
    questions: {
      items: briefing.questions.items.map((q) => ({ number: q.number, task_id: q.task, question: q.question, date: q.date })),
      total: briefing.questions.total,
    },
    decisions: {
      items: briefing.decisions.items.map((d) => ({
        date: d.date ?? null,
        title: d.title,
        heading: d.heading,
        why: d.fields.get('Why')?.value ?? null,
      })),
      total: briefing.decisions.total,
    },
    previous: previous ?? null,
    previous_none: briefing.previousNone ?? null,
    problems: briefing.problems,
    text: briefing.lines,
  };
}
