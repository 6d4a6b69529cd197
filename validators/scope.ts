import { pathspecMatcher } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { taskModel } from '../engine/state/tasks/current';

export default defineValidator({
  name: 'scope',
  description: 'Every file the task changed since it started lies inside the paths it claimed.',
  gates: ['check', 'finish', 'watch'],
  async run(context) {
    const { task, current, changes } = context.model(taskModel);
    if (!task) {
      context.skip({
        subject: current.file,
        message:
          current.status === 'present'
            ? 'the task record belongs to another checkout: its scope is not enforced here'
            : 'no task: no scope claimed',
      });
      return;
    }
    const changed = changes();
    if (!changed || changed.error !== undefined) {
      context.violation({
        subject: task.id,
        message: `the task's changes cannot be listed (${changed?.error ?? 'no change set'}), so its scope cannot be judged (check that the start commit ${task.head ?? ''} still exists)`,
      });
      return;
    }
    // a claimed folder covers everything beneath it; a glob matches as written
    const inside = await pathspecMatcher(task.scope.flatMap((pathspec) => [pathspec, `${pathspec}/**`]));
    const outside = changed.files.filter((file) => !inside(file));
    for (const file of outside) {
      context.violation({
        subject: file,
        message: `changed by task ${task.id} outside its scope (${task.scope.join(', ')}): undo the change, or finish this task and start one that claims it`,
      });
    }
    if (outside.length === 0)
      context.ok({ subject: task.id, message: `${changed.files.length} changed file(s), all inside the scope (${task.scope.join(', ')})` });
  },
});
