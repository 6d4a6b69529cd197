import { defineValidator } from '../engine/api/validator';
import { recordsModel, UNFINISHED_OUTCOMES } from '../engine/state/records/model';
import { unresolved } from '../engine/state/records/questions';
import { attemptModel } from '../engine/state/tasks/attempt';
import { taskModel } from '../engine/state/tasks/current';
import { pushModel } from '../engine/state/tasks/push';

export default defineValidator({
  name: 'blockers',
  description: 'No question of the questions store is unresolved (or unreadable) while the task heads for completion.',
  gates: ['check', 'finish'],
  run(context) {
    if (context.model(pushModel)) {
      context.skip({
        subject: 'questions',
        message: 'judged by finish --outcome completed: a push shares work in progress, open questions and all',
      });
      return;
    }
    const model = context.model(recordsModel);
    const recorded = context.model(taskModel).task;
    // under `finish --outcome`, the outcome being asked for: the record still says active until it is accepted
    const attempt = context.model(attemptModel);
    const task = recorded && attempt ? { ...recorded, outcome: attempt.outcome } : recorded;
    const file = model.questionsFile;
    const read = model.questions();
    if (read.status === 'unreadable') {
      context.violation({
        subject: file,
        message: `the questions store cannot be read, so no question in it can be counted: ${read.reason}`,
      });
      return;
    }
    if (read.status === 'absent') {
      context.ok({ subject: file, message: 'no questions recorded: nothing blocks completion' });
      return;
    }
    const open = unresolved(read.value);
    const { malformed } = read.value;
    if (task && UNFINISHED_OUTCOMES.has(task.outcome)) {
      if (open.length + malformed.length > 0)
        context.info({
          subject: file,
          message: `${open.length} question(s) unresolved and ${malformed.length} unreadable, outstanding under the outcome ${task.outcome}`,
        });
      else context.ok({ subject: file, message: 'no question unresolved' });
      return;
    }
    for (const question of open) {
      context.violation({
        subject: file,
        file,
        line: question.line,
        message: `question ${question.number} (task ${question.task}) is unresolved: ${JSON.stringify(question.question)}; a task is not completed while a question waits for an answer (run: majordomus question resolve ${question.number} --answer "<answer>", or finish as blocked or partial)`,
      });
    }
    // a line that cannot be read may be a question somebody mistyped: it is not counted as answered
    for (const bad of malformed) {
      context.violation({
        subject: file,
        file,
        line: bad.line,
        message:
          'this `- [` line is not a question the store can read, so it may be one still open (fix its shape: majordomus doctor --rule majordomus.questions-store-integrity)',
      });
    }
    if (open.length + malformed.length === 0)
      context.ok({ subject: file, message: `${read.value.entries.length} question(s), none unresolved` });
  },
});
