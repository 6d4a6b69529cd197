import { defineValidator } from '../engine/api/validator';
import { recordsModel } from '../engine/state/records/model';
import { attemptModel } from '../engine/state/tasks/attempt';
import { taskModel } from '../engine/state/tasks/current';

/** Outcomes that leave work for someone else to pick up. */
const UNFINISHED: ReadonlySet<string> = new Set(['partial', 'blocked']);

export default defineValidator({
  name: 'continuity',
  description: 'A task finished as partial or blocked has left a handover record for whoever picks it up.',
  gates: ['finish'],
  run(context) {
    const tasks = context.model(taskModel);
    const file = tasks.current.file;
    // under `finish --outcome`, the outcome being asked for: the record still says active until it is accepted
    const attempt = context.model(attemptModel);
    const task = tasks.task && attempt ? { ...tasks.task, outcome: attempt.outcome } : tasks.task;
    if (!task || !UNFINISHED.has(task.outcome)) {
      context.ok({
        subject: file,
        message: task ? `task ${task.id} is ${task.outcome}: no handover owed` : 'no task of this checkout: no handover owed',
      });
      return;
    }
    const handovers = context.model(recordsModel).records('handover');
    if (handovers.status === 'unreadable') {
      context.violation({
        subject: file,
        message: `task ${task.id} finished as ${task.outcome}, and its handovers cannot be read: ${handovers.reason}`,
      });
      return;
    }
    const own = handovers.records.filter((record) => record.task_id === task.id);
    if (own.length === 0) {
      context.violation({
        subject: file,
        message: `task ${task.id} finished as ${task.outcome} without a handover record; a note section is not where the next worker looks (run: majordomus handover < handover.md)`,
      });
      return;
    }
    context.ok({ subject: file, message: `task ${task.id} finished as ${task.outcome} and left ${own.length} handover(s)` });
  },
});
