import { defineValidator } from '../engine/api/validator';
import { taskModel } from '../engine/state/tasks/current';
import { pushModel } from '../engine/state/tasks/push';

export default defineValidator({
  name: 'state',
  description:
    'The task record still describes this checkout: readable, the same branch, and the commit it started from still known to git.',
  gates: ['check', 'finish', 'watch'],
  run(context) {
    const { task, current, startCommit } = context.model(taskModel);
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
          message: `not a task record this version reads: ${problem.message} (set it aside: majordomus finish --set-aside, then start the task again)`,
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
    if (task.outcome !== 'active') {
      context.skip({
        subject: task.id,
        message: `task ${task.id} finished as ${task.outcome}: it judges nothing that happened after its finish`,
      });
      return;
    }
    if (context.model(pushModel)) {
      context.skip({ subject: task.id, message: 'a push is judged by the commits it carries, not by the branch checked out here' });
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
        message: `the task started on ${task.branch ?? 'a detached HEAD'} and the checkout is on ${branch ?? 'a detached HEAD'} now: switch back${task.branch ? ` (git switch ${task.branch})` : ''}, or end the task (majordomus finish --outcome blocked --note <file>) and start one here`,
      });
    }
    const head = context.git.head();
    const position = startCommit(head);
    if (position === 'missing') {
      violation({
        subject: task.id,
        file: current.file,
        line: current.doc.lines.get('head'),
        message: `git no longer has the commit the task started from (${task.head?.slice(0, 12)}), so its own changes cannot be told from what came before: end it (majordomus finish --outcome failed --note <file>) and start it again`,
      });
    } else if (task.head && !head) {
      violation({ subject: task.id, message: 'the task started at a commit and HEAD names none now' });
    }
    if (found) return;
    const rebased =
      position === 'rewritten' ? '; the branch was rewritten since (a rebase): its own commits are followed by their author' : '';
    context.ok({
      subject: task.id,
      message: `task ${task.id} (${task.outcome}) on ${task.branch ?? 'a detached HEAD'}, started at ${task.head?.slice(0, 12) ?? 'no commit'}${rebased}`,
    });
  },
});
