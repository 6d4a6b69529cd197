/**
 * `check` judges the active task, so without one there is nothing to judge: a plugin on the runner's
 * `beforeGate` hook ends the gate with 12 before any rule runs, reading the task file of the repository
 * the gate opened (no second open). A record of another checkout, or one that cannot be read, lets the
 * gate run: the `state` rule reports it.
 */
import { MissingError } from '../../errors';
import type { RunnerPlugin } from '../../gate/run-gate';
import type { Runner } from '../../gate/runner';
import { readCurrentTask } from './current';

/** The message, as the command line and the docs give it. */
export const NO_ACTIVE_TASK = 'no active task (run: majordomus start "<task>" --scope <pathspec>)';

export class ActiveTaskRequired implements RunnerPlugin {
  static readonly pluginName = 'ActiveTaskRequired';

  apply(runner: Runner): void {
    runner.hooks.beforeGate.tap(ActiveTaskRequired.pluginName, (gate, _rules, target) => {
      if (target.kind !== 'repository') return;
      const current = readCurrentTask(target.repository.root, target.repository.layout.localDir);
      if (current.status === 'absent' || (current.status === 'present' && !current.foreign && current.task.outcome !== 'active')) {
        const finished = current.status === 'present' ? `; task ${current.task.id} finished as ${current.task.outcome}` : '';
        throw new MissingError(`${gate}: ${NO_ACTIVE_TASK.replace(' (run:', `${finished} (run:`)}`);
      }
    });
  }
}
