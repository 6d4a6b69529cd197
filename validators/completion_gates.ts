import { defineValidator } from '../engine/api/validator';
import { appliesAt } from '../engine/ruleset/gates';
import { attemptModel } from '../engine/state/tasks/attempt';
import { COMPLETION_GATES } from '../engine/state/tasks/completion';
import { taskModel } from '../engine/state/tasks/current';

export default defineValidator({
  name: 'completion_gates',
  description:
    'A task is accepted as completed only while the other gates a change passes — doctor and check — hold over the tree it hands in.',
  gates: ['check', 'finish'],
  run(context) {
    const { task } = context.model(taskModel);
    const attempt = context.gate === 'finish' ? context.model(attemptModel) : undefined;
    if (!task || !attempt) {
      context.skip({
        subject: task?.id ?? 'task',
        message: `judged by finish --outcome completed, which runs ${COMPLETION_GATES.join(' and ')} over the tree it accepts`,
      });
      return;
    }
    if (attempt.stage === 'before-verify') {
      context.skip({ subject: task.id, message: 'judged once the verify command has run, over the tree it leaves' });
      return;
    }
    if (!attempt.gates) {
      context.ok({ subject: task.id, message: `a ${attempt.outcome} outcome is not refused over the completion gates` });
      return;
    }
    // a rule the finish gate runs itself reports there; naming it again here would count it twice
    const atFinish = new Set(context.rules.rules.filter((rule) => appliesAt(rule, 'finish')).map((rule) => rule.id));
    let failed = 0;
    for (const verdict of attempt.gates) {
      if (verdict.error !== undefined) {
        failed++;
        context.violation({
          subject: verdict.gate,
          message: `the ${verdict.gate} gate reached no verdict (exit ${verdict.exitCode}: ${verdict.error}), and a verdict that was not read cannot back completed (run: majordomus ${verdict.gate})`,
        });
        continue;
      }
      for (const failure of verdict.failing) {
        if (failure.rule !== undefined && atFinish.has(failure.rule)) continue;
        failed++;
        const { file, line } = failure;
        context.violation({
          subject: `${verdict.gate}: ${failure.rule ?? failure.subject}`,
          ...(file !== undefined ? { file } : {}),
          ...(line !== undefined ? { line } : {}),
          message: `${verdict.gate} fails over this tree — ${failure.subject}: ${failure.message} (run: majordomus ${verdict.gate}${failure.rule ? ` --rule ${failure.rule}` : ''})`,
        });
      }
    }
    if (failed === 0)
      context.ok({
        subject: task.id,
        message: `${attempt.gates.map((v) => `${v.gate} exit ${v.exitCode}`).join(', ')} over the tree handed in`,
      });
  },
});
