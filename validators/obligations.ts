import { defineValidator } from '../engine/api/validator';
import { UNFINISHED_OUTCOMES } from '../engine/state/records/model';
import type { Obligation } from '../engine/state/records/obligations';
import { OBLIGATIONS, obligationsModel } from '../engine/state/records/obligations';
import { taskModel } from '../engine/state/tasks/current';
import { pushModel } from '../engine/state/tasks/push';

export default defineValidator({
  name: 'obligations',
  description: "Each obligation the policy's verification.obligations names is established at HEAD before a task is accepted as completed.",
  gates: ['check', 'finish'],
  run(context) {
    const policy = context.layer.policyFile;
    const owed = owedBy(context, policy);
    const tasks = context.model(taskModel);
    const task = tasks.task;
    if (owed === undefined || owed.length === 0) {
      context.ok({ subject: policy, message: 'the policy declares no obligations (verification.obligations)' });
      return;
    }
    if (!task) {
      context.ok({ subject: tasks.current.file, message: 'no task of this checkout: nothing is owed' });
      return;
    }
    if (context.model(pushModel)) {
      context.skip({
        subject: task.id,
        message: 'judged by finish --outcome completed: what a task owes is owed at its finish, not at each push',
      });
      return;
    }
    const model = context.model(obligationsModel);
    const outstanding: string[] = [];
    for (const name of owed) {
      if (!(OBLIGATIONS as readonly string[]).includes(name)) {
        context.violation({
          subject: name,
          file: policy,
          message: `verification.obligations names ${JSON.stringify(name)}, which this version cannot establish (known: ${OBLIGATIONS.join(', ')})`,
        });
        continue;
      }
      const fact = model.establish(name as Obligation);
      if (fact.status === 'held') {
        context.ok({ subject: name, message: fact.detail });
        continue;
      }
      // while the work goes on (check) nothing is being completed yet: what is owed is named, not refused
      if (UNFINISHED_OUTCOMES.has(task.outcome) || (context.gate === 'check' && task.outcome === 'active')) {
        outstanding.push(`${name} (${fact.detail})`);
        continue;
      }
      context.violation({
        subject: name,
        message: `task ${task.id} owes ${name}: ${fact.status === 'refuted' ? 'refuted' : 'cannot be established'} — ${fact.detail} (${name === 'committed' ? 'commit the work' : 'push the branch'}, or finish as partial or blocked)`,
      });
    }
    if (outstanding.length > 0)
      context.info({
        subject: tasks.current.file,
        message: `still owed before task ${task.id} can complete (outcome ${task.outcome}, gate ${context.gate}): ${outstanding.join('; ')}`,
      });
  },
});

/** The policy's `verification.obligations`, or undefined when the policy does not read or sets none. */
function owedBy(
  context: { kind(path: string): string; yaml(path: string): { readonly value: unknown } },
  policy: string,
): readonly string[] | undefined {
  if (context.kind(policy) !== 'file') return undefined;
  let value: unknown;
  try {
    value = context.yaml(policy).value;
  } catch {
    // the policy rule reports a policy that does not read
    return undefined;
  }
  const verification = value !== null && typeof value === 'object' ? (value as Record<string, unknown>).verification : undefined;
  const list =
    verification !== null && typeof verification === 'object' ? (verification as Record<string, unknown>).obligations : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : undefined;
}
