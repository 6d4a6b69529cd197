/**
 * The context builder's assembly, in process and pure: the lists capped at max_list_items (the decisions
 * too, whatever recent_decisions asks), the newest decisions first, a control character in a record's
 * body unable to forge a line, and the budget counted on exactly the lines printed.
 */
import { describe, expect, it } from 'vitest';
import type { BriefingInputs } from '../../engine/state/briefing/assemble';
import { assembleBriefing, budgetFigure, DEFAULT_SETTINGS, overBudget } from '../../engine/state/briefing/assemble';
import { briefingSettings } from '../../engine/state/briefing/inputs';
import { parseDecisions } from '../../engine/state/records/decisions';
import { parseQuestions } from '../../engine/state/records/questions';

const EMPTY: BriefingInputs = { task: undefined, state: undefined, questions: [], decisions: [], previous: undefined, problems: [] };

function decisions(count: number) {
  return parseDecisions(
    Array.from({ length: count }, (_, i) => `## 2026-01-0${(i % 9) + 1} — choice ${i + 1}\nWhy: reason ${i + 1}\n`).join('\n'),
  );
}

describe('assembleBriefing', () => {
  it('offers the newest recent_decisions decisions, newest first, never more than max_list_items', () => {
    const five = assembleBriefing({ ...EMPTY, decisions: decisions(8) }, DEFAULT_SETTINGS);
    expect(five.decisions.items.map((d) => d.title)).toEqual(['choice 8', 'choice 7', 'choice 6', 'choice 5', 'choice 4']);
    expect(five.lines).toContain('(3 older: majordomus decision list)');
    const capped = assembleBriefing({ ...EMPTY, decisions: decisions(8) }, { ...DEFAULT_SETTINGS, recentDecisions: 6, maxListItems: 2 });
    expect(capped.decisions.items.map((d) => d.title)).toEqual(['choice 8', 'choice 7']);
    const none = assembleBriefing({ ...EMPTY, decisions: decisions(3) }, { ...DEFAULT_SETTINGS, recentDecisions: 0 });
    expect(none.decisions.items).toEqual([]);
  });

  it('caps the open questions and says how many it left out', () => {
    const store = parseQuestions(
      ['one', 'two', 'three'].map((q) => `- [unresolved] t-20260101010101-abcd — ${q}? (2026-01-01)`).join('\n'),
    );
    const built = assembleBriefing({ ...EMPTY, questions: store.entries }, { ...DEFAULT_SETTINGS, maxListItems: 1 });
    expect(built.questions).toMatchObject({ total: 3 });
    expect(built.questions.items).toHaveLength(1);
    expect(built.lines).toContain('(2 more, over context.max_list_items: majordomus question list)');
  });

  it('a control character in a body is escaped: it cannot add or forge a line', () => {
    const body = 'first\rsecond\u001b[2Jthird\u2028fourth\n';
    const built = assembleBriefing(
      {
        ...EMPTY,
        state: { kind: 'checkpoint', path: 'p.md', created_at: '2026-01-01T00:00:00Z', task_id: 't', match: 'worktree-and-branch', body },
      },
      DEFAULT_SETTINGS,
    );
    const at = built.lines.findIndex((line) => line.startsWith('first'));
    expect(built.lines[at]).toBe('first\\u000dsecond\\u001b[2Jthird\\u2028fourth');
    expect(built.lines[at + 1]).toBe('');
  });

  it('is over its budget exactly when it has more lines than the budget, and says so with the figure', () => {
    const lines = assembleBriefing(EMPTY, DEFAULT_SETTINGS).lines.length;
    expect(overBudget(assembleBriefing(EMPTY, { ...DEFAULT_SETTINGS, budgetLines: lines }))).toBe(false);
    const over = assembleBriefing(EMPTY, briefingSettings({ context: { builder_budget_lines: lines - 1 } }));
    expect(overBudget(over)).toBe(true);
    expect(budgetFigure(over)).toBe(`${lines} lines, over context.builder_budget_lines (${lines - 1})`);
  });

  it('reads the policy: a value that is not a positive whole number falls back to the default', () => {
    expect(briefingSettings({ context: { builder_budget_lines: 'lots', max_list_items: 0, recent_decisions: -1 } })).toEqual(
      DEFAULT_SETTINGS,
    );
    expect(briefingSettings(undefined, 12)).toMatchObject({ budgetLines: 12, budgetFrom: '--budget-lines' });
  });
});
