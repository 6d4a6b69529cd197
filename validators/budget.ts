/**
 * budget (rule majordomus.context-budget): what a worker is handed stays within the lines the policy
 * allows. The context the builder assembles for this checkout (the same assembly `majordomus context`
 * prints, read through `briefingModel`) fits `context.builder_budget_lines`, and each always-loaded
 * projection the policy declares fits `context.always_loaded_budget_lines`. The budget binds what
 * majordomus generates: a stamped file whole, a region-mode target's region. The repository's own
 * instruction file (no stamp) over it is reported (INFO), never failed — majordomus did not write it
 * and never trims it. A projection not written yet is not this rule's to report.
 */

import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { generatedPart } from '../engine/projections/inspect';
import { budgetFigure, overBudget } from '../engine/state/briefing/assemble';
import { briefingModel } from '../engine/state/briefing/inputs';

/** The skeleton's cap on an always-loaded projection, where the policy sets none. */
const DEFAULT_ALWAYS_LOADED = 150;

export default defineValidator({
  name: 'budget',
  description:
    'The assembled context fits context.builder_budget_lines and every always-loaded projection fits context.always_loaded_budget_lines.',
  gates: ['doctor', 'watch'],
  run(context) {
    const policyFile = context.layer.policyFile;
    const briefing = context.model(briefingModel).briefing();
    if (overBudget(briefing)) {
      context.violation({
        subject: policyFile,
        message: `the context assembled for this checkout is ${budgetFigure(briefing)}; \`majordomus context\` refuses to print it (see what it holds: majordomus context --budget-lines ${briefing.lines.length}; resolve questions, shorten the checkpoint or note, or raise the budget)`,
      });
    } else {
      context.ok({
        subject: policyFile,
        message: `the assembled context is ${briefing.lines.length} of ${briefing.settings.budgetLines} lines (${briefing.settings.budgetFrom})`,
      });
    }
    alwaysLoaded(context, policyFile);
  },
});

/** Each always-loaded projection the policy declares, against its budget. */
function alwaysLoaded(context: ValidatorContext, policyFile: string): void {
  const policy = policyValue(context, policyFile);
  const settings = objectAt(policy?.context);
  const configured = settings?.always_loaded_budget_lines;
  const budget = typeof configured === 'number' && Number.isInteger(configured) && configured >= 1 ? configured : DEFAULT_ALWAYS_LOADED;
  const projections = Array.isArray(policy?.projections) ? policy.projections : [];
  for (const entry of projections) {
    const projection = objectAt(entry);
    const target = projection?.target;
    if (projection?.always_loaded !== true || typeof target !== 'string' || context.kind(target) !== 'file') continue;
    let text: string;
    try {
      text = context.read(target);
    } catch {
      // a projection that does not read is its own rule's finding
      continue;
    }
    const whole = lineCount(text);
    const mode = projection.mode === 'region' ? 'region' : 'file';
    const generated = generatedPart({ provider: typeof projection.provider === 'string' ? projection.provider : '', mode }, text);
    if (generated === undefined) {
      const owner = mode === 'region' ? 'holds no generated region yet' : "is the repository's own file (no stamp of majordomus update)";
      if (whole > budget)
        context.info({
          subject: target,
          message: `always loaded: ${whole} lines, over context.always_loaded_budget_lines (${budget}), which binds what majordomus generates; ${target} ${owner}, so it is reported, not failed (every conversation pays for its lines)`,
        });
      else context.ok({ subject: target, message: `always loaded: ${whole} of ${budget} lines (${target} ${owner})` });
      continue;
    }
    const lines = lineCount(generated);
    const part = mode === 'region' ? 'its generated region' : 'the always-loaded projection';
    if (lines > budget) {
      context.violation({
        subject: target,
        message: `${part} is ${lines} lines, over context.always_loaded_budget_lines (${budget}); every conversation pays for it (move detail into documents it points to)`,
      });
    } else if (whole > budget) {
      context.info({
        subject: target,
        message: `always loaded: its generated region is ${lines} of ${budget} lines; with the repository's own text around it the file is ${whole} lines, which every conversation pays for`,
      });
    } else {
      context.ok({ subject: target, message: `always loaded: ${lines} of ${budget} lines` });
    }
  }
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

function policyValue(context: ValidatorContext, file: string): Record<string, unknown> | undefined {
  if (context.kind(file) !== 'file') return undefined;
  try {
    return objectAt(context.yaml(file).value);
  } catch {
    // the policy rules report a policy that does not read
    return undefined;
  }
}

function objectAt(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
