import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { taskModel } from '../engine/state/tasks/current';

/** The interval when neither the profile nor the policy sets one (the skeleton's). */
const DEFAULT_INTERVAL = '15m';
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };

export default defineValidator({
  name: 'checkpoint',
  description: "The active task's last checkpoint (or its start, before any) is no older than its profile's checkpoint interval.",
  gates: ['check', 'watch'],
  run(context) {
    const tasks = context.model(taskModel);
    const file = tasks.current.file;
    const task = tasks.task;
    if (task?.outcome !== 'active') {
      context.ok({ subject: file, message: 'no active task: no checkpoint is due' });
      return;
    }
    const interval = intervalOf(context, task.profile);
    const last = task.checkpoint_at ?? task.started_at;
    const age = Math.floor((Date.now() - Date.parse(last)) / 1000);
    if (age > interval.seconds) {
      context.violation({
        subject: file,
        message: `${task.checkpoint_at === undefined ? `task ${task.id} has no checkpoint since it started at ${last}` : `the last checkpoint of task ${task.id} was at ${last}`}, ${describe(age)} ago, past the checkpoint interval of ${interval.text} (${interval.from}) (run: majordomus checkpoint < note.md)`,
      });
      return;
    }
    context.ok({ subject: file, message: `last checkpoint ${describe(age)} ago, within ${interval.text} (${interval.from})` });
  },
});

/** The profile's interval, else the policy's default, else the skeleton's; a value that does not read falls through. */
function intervalOf(context: ValidatorContext, profile: string): { seconds: number; text: string; from: string } {
  const dir = context.layer.section('profiles') ?? `${context.layer.repoDir}/profiles`;
  const sources: [string, string, string[]][] = [
    [`${dir}/${profile}.yaml`, `profile ${profile}`, ['checkpoint_interval']],
    [context.layer.policyFile, 'the policy', ['profiles', 'checkpoint_interval_default']],
  ];
  for (const [path, from, keys] of sources) {
    const value = valueAt(context, path, keys);
    const seconds = typeof value === 'string' ? durationSeconds(value) : undefined;
    if (seconds !== undefined) return { seconds, text: value as string, from };
  }
  return { seconds: durationSeconds(DEFAULT_INTERVAL)!, text: DEFAULT_INTERVAL, from: 'the default' };
}

function valueAt(context: ValidatorContext, path: string, keys: readonly string[]): unknown {
  if (context.kind(path) !== 'file') return undefined;
  let node: unknown;
  try {
    node = context.yaml(path).value;
  } catch {
    // the policy and profile rules report a file that does not read
    return undefined;
  }
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function durationSeconds(text: string): number | undefined {
  const match = /^([1-9][0-9]*)([smh])$/.exec(text);
  return match ? Number(match[1]) * UNIT_SECONDS[match[2]!]! : undefined;
}

function describe(seconds: number): string {
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  return `${Math.floor(seconds / 3600)}h`;
}
