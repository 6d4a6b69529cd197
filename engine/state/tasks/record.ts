/**
 * The current task file's text. One shape, written by `start` and rewritten by `finish` (which changes
 * only `outcome` and `checkpoint_at`): keys in the specification's order, free text quoted as a JSON
 * string (which the layer's YAML reads as a double-quoted scalar), so a task named `no: really` or
 * `- 3` stays a string.
 */
import type { Task } from '../../generated/types';

/** The record's keys, in the order they are written. */
const ORDER: readonly (keyof Task)[] = [
  'id',
  'task',
  'profile',
  'owner',
  'scope',
  'started_at',
  'checkpoint_at',
  'outcome',
  'repository_id',
  'worktree',
  'branch',
  'head',
  'working_tree',
];

/** The YAML text of `task`. */
export function taskText(task: Task): string {
  const lines: string[] = [];
  for (const key of ORDER) {
    const value = task[key];
    if (value === undefined) continue;
    if (key === 'repository_id') lines.push('# computed from git at start; never authored');
    if (Array.isArray(value)) {
      lines.push(`${key}:`, ...value.map((item) => `  - ${JSON.stringify(item)}`));
    } else {
      lines.push(`${key}: ${JSON.stringify(value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
