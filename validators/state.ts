import { defineValidator } from '../engine/api/validator';
import { taskModel } from '../engine/state/tasks/current';

export default defineValidator({
  name: 'state',
  description: 'The task record still describes this checkout: readable, the same branch, HEAD at or ahead of the commit it started from.',
  gates: ['check', 'finish', 'watch'],
  run(context) {
    const { task, current, headPosition } = context.model(taskModel);
    if (current.status === 'absent') {
      context.skip({ subject: current.file, message: 'no task: no record to hold to the checkout' });
      return;
    }
    if (current.status === 'unreadable') {
      for (const problem of current.problems)
        context.violation({
          subject: current.file,
          file: current.file,
          line: problem.line,
          message: `not a task record this version reads: ${problem.message} (move it aside and start the task again)`,
        });
      return;
    }
    if (!task) {
      context.info({
        subject: current.file,
        message: `task ${current.task.id} belongs to another checkout (${current.task.worktree}): reported, not enforced here`,
      });
      return;
    }
    let found = false;
    const violation = (...args: Parameters<typeof context.violation>) => {
      found = true;
      context.violation(...args);
    };
    const branch = context.git.branch();
    if ((task.branch ?? undefined) !== branch) {
      violation({
        subject: task.id,
        file: current.file,
        line: current.doc.lines.get('branch'),
        message: `the task started on ${task.branch ?? 'a detached HEAD'} and the checkout is on ${branch ?? 'a detached HEAD'} now: switch back, or finish the task and start one here`,
      });
    }
    const position = headPosition(context.git.head());
    if (position === 'behind-or-diverged') {
      violation({
        subject: task.id,
        file: current.file,
        line: current.doc.lines.get('head'),
        message: `HEAD (${context.git.head()?.slice(0, 12)}) is not at or ahead of the commit the task started from (${task.head?.slice(0, 12)}): the history was rewritten under the task`,
      });
    } else if (position === 'unknown') {
      violation({
        subject: task.id,
        file: current.file,
        line: current.doc.lines.get('head'),
        message: `git cannot place the commit the task started from (${task.head?.slice(0, 12)}) against HEAD: it may be gone`,
      });
    } else if (task.head && !context.git.head()) {
      violation({ subject: task.id, message: 'the task started at a commit and HEAD names none now' });
    }
    if (!found)
      context.ok({
        subject: task.id,
        message: `task ${task.id} (${task.outcome}) on ${task.branch ?? 'a detached HEAD'}, started at ${task.head?.slice(0, 12) ?? 'no commit'}`,
      });
  },
});
