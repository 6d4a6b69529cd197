/**
 * `start` and `finish --outcome`: the commands that open and close a task (engine/tasks/). Each prints
 * what it wrote, repository-relative, then one summary line; `--json` prints one object instead.
 */
import { Repository } from '../repository';
import { startTask } from '../tasks/start';

export interface StartOptions {
  readonly scope?: readonly string[];
  readonly profile?: string;
  readonly owner?: string;
  readonly json?: boolean;
}

/** `start "<task>" --scope <pathspec>[,...]`. */
export async function runStart(title: string, options: StartOptions, cwd = process.cwd(), env = process.env): Promise<void> {
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const result = await startTask(repository, { task: title, scope: options.scope ?? [], profile: options.profile, owner: options.owner });
  const { task } = result;
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ...task, written: result.written, archived: result.archived ?? null })}\n`);
    return;
  }
  const lines = result.written.map((path) => `wrote ${path}`);
  lines.push(`start: task ${task.id} is active (scope: ${task.scope.join(', ')}; profile: ${task.profile}); next: majordomus check`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
