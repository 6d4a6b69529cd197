/**
 * The current task file's text. One shape, written by `start` and rewritten by `finish`, `checkpoint`
 * and `handover` (which change only `outcome` and `checkpoint_at`): keys in the schema's order, every
 * value a quoted string (the layer's YAML reads it back as that string), so a task named `no: really`
 * or `- 3` stays a string.
 */
import type { Task } from '../../generated/types';
import { inSchemaOrder } from '../../layer/schema-check';
import { writeYaml } from '../../layer/yaml-write';

/** The YAML text of `task`. */
export function taskText(task: Task): string {
  return writeYaml(inSchemaOrder('task', task), {
    strings: 'quoted',
    comments: { repository_id: ['computed from git at start; never authored'] },
  });
}
