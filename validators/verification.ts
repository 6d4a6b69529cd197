import { readPolicy } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { attemptModel } from '../engine/state/tasks/attempt';
import { taskModel } from '../engine/state/tasks/current';

export default defineValidator({
  name: 'verification',
  description: 'A completed task was verified: a verify command that can fail ran, exited 0, and left the working tree as it found it.',
  gates: ['finish'],
  run(context) {
    const attempt = context.model(attemptModel);
    const { task, changes } = context.model(taskModel);
    if (!task || !attempt) {
      context.skip({
        subject: task?.id ?? 'task',
        message: 'judged by finish --outcome, which runs the verify command; finish --check runs none',
      });
      return;
    }
    const { verify, outcome } = attempt;
    if (attempt.stage === 'before-verify' && verify?.vacuous === undefined) {
      context.skip({
        subject: verify?.command ?? task.id,
        message: 'judged once the verify command has run (finish judges what is cheap first)',
      });
      return;
    }
    if (verify?.vacuous !== undefined) {
      context.violation({
        subject: verify.command,
        message: `the verify command was refused: ${verify.vacuous} (give the command that tests the work, e.g. "npm test")`,
      });
      return;
    }
    if (verify) {
      if (verify.timedOut !== undefined) {
        context.violation({
          subject: verify.command,
          message: `the verify command ran past verification.timeout_seconds (${verify.timedOut}s) and was stopped: it proved nothing (make it faster, or raise the limit in the policy)`,
        });
        return;
      }
      if (verify.treeChanged)
        context.violation({
          subject: verify.command,
          message: `the working tree changed while the verify command ran (exit ${verify.exit}, ${verify.seconds}s): what it verified is not what is there now (make it leave tracked and untracked files alone, or declare what it writes in the policy's verification.outputs)`,
        });
      if (outcome === 'completed' && verify.exit !== 0)
        context.violation({
          subject: verify.command,
          message: `the verify command exited ${verify.exit} after ${verify.seconds}s: a completed task needs it to pass (fix the work, or finish with another outcome)`,
        });
      if (!verify.treeChanged && (outcome !== 'completed' || verify.exit === 0))
        context.ok({ subject: verify.command, message: `exited ${verify.exit} in ${verify.seconds}s; the working tree unchanged` });
      return;
    }
    if (outcome !== 'completed') {
      context.ok({ subject: task.id, message: `no verify command; a ${outcome} outcome needs none` });
      return;
    }
    const required = verifyRequired(context, task.profile, changes()?.files?.length ?? 0);
    if (required)
      context.violation({
        subject: task.id,
        message: `a completed task needs --verify-command here (${required}): give the command that proves the work`,
      });
    else context.ok({ subject: task.id, message: 'no verify command, and neither the profile nor the policy asks for one' });
  },
});

/** Why a verify command is required for a completed task, or undefined when it is not. */
function verifyRequired(context: ValidatorContext, profile: string, changed: number): string | undefined {
  const dir = context.layer.section('profiles') ?? `${context.layer.repoDir}/profiles`;
  let setting: unknown;
  try {
    setting = (context.yaml(`${dir}/${profile}.yaml`).value as { verification?: { verify_command_required?: unknown } } | null)
      ?.verification?.verify_command_required;
  } catch {
    setting = undefined;
  }
  if (setting === true) return `profile ${profile} sets verification.verify_command_required`;
  if (setting === 'if_files_changed' && changed > 0) return `profile ${profile} requires one when files changed, and ${changed} did`;
  const policy = readPolicy(context);
  if (setting !== false && policy?.policy.verification?.required_for_changes === true && changed > 0)
    return `the policy's verification.required_for_changes, and ${changed} file(s) changed`;
  return undefined;
}
