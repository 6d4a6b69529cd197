import { pathspecMatcher, readPolicy } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import type { ChangedPath, ChangeSet } from '../engine/state/tasks/changes';
import type { TaskModel } from '../engine/state/tasks/current';
import { taskModel } from '../engine/state/tasks/current';
import { EVERY_REMOTE } from '../engine/state/tasks/own';
import type { PushAttempt } from '../engine/state/tasks/push';
import { isZero, notTheTasks, pushModel } from '../engine/state/tasks/push';

export default defineValidator({
  name: 'scope',
  description:
    'Every file the task changed since it started — its own commits and what is not committed yet — lies inside the paths it claimed.',
  gates: ['check', 'finish', 'watch'],
  async run(context) {
    const model = context.model(taskModel);
    const { task, current } = model;
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
    if (task.outcome !== 'active') {
      context.skip({
        subject: task.id,
        message: `task ${task.id} finished as ${task.outcome}: it judges nothing that happened after its finish`,
      });
      return;
    }
    const push = context.model(pushModel);
    const branch = context.git.branch();
    if (!push && (task.branch ?? undefined) !== branch) {
      // the state rule says what happened; one line here, not a finding per file of the other branch
      context.violation({
        subject: task.id,
        message: `the task's changes are not judged file by file: the checkout is on ${branch ?? 'a detached HEAD'} and the task started on ${task.branch ?? 'a detached HEAD'} (see the state finding; switch back${task.branch ? `: git switch ${task.branch}` : ''})`,
      });
      return;
    }
    const changed = push ? pushedChanges(context, model, push) : model.changes();
    if (!changed || changed.error !== undefined) {
      context.violation({
        subject: task.id,
        message: `the task's changes cannot be listed (${changed?.error ?? 'no change set'}), so its scope cannot be judged (check that the start commit ${task.head ?? ''} still exists)`,
      });
      return;
    }
    // a claimed folder covers everything beneath it; a glob matches as written
    const inside = await pathspecMatcher(task.scope.flatMap((pathspec) => [pathspec, `${pathspec}/**`]));
    const outputs = await declaredOutputs(context);
    const judged = changed.entries.filter((entry) => entry.commit !== undefined || !outputs(entry.path));
    const outside = judged.filter((entry) => !inside(entry.path));
    const claim = task.scope.join(', ');
    for (const entry of outside) context.violation({ subject: entry.path, message: outsideMessage(task.id, claim, entry) });
    if (outside.length === 0) context.ok({ subject: task.id, message: summary(changed, judged.length, claim, push) });
  },
});

/** What a change outside the claim is, and what undoes it, as true for a commit as for an edit. */
function outsideMessage(id: string, claim: string, entry: ChangedPath): string {
  if (entry.commit === undefined)
    return `changed by task ${id} outside its scope (${claim}), not committed: undo the change, or end this task (majordomus finish --outcome blocked --note <file>) and start one that claims it`;
  const short = entry.commit.slice(0, 12);
  return `changed by task ${id} in its commit ${short}, outside its scope (${claim}): take it out of the task's commits (git revert ${short}, or git rebase -i), or end this task (majordomus finish --outcome blocked --note <file>) and start one that claims it`;
}

function summary(changed: Extract<ChangeSet, { error?: undefined }>, files: number, claim: string, push: PushAttempt | undefined): string {
  const { commits, excluded } = changed;
  const parts = [`${files} changed file(s), all inside the scope (${claim})`];
  if (commits.source !== 'none')
    parts.push(
      `${commits.own} of the ${commits.range} commit(s) ${push ? 'pushed' : 'since the start'} are the task's own${commits.source === 'authorship' ? ' (the branch keeps no reflog: found by authorship since the start)' : ''}`,
    );
  if (excluded.tool > 0) parts.push(`${excluded.tool} path(s) the tool wrote left out`);
  if (excluded.dirty > 0) parts.push(`${excluded.dirty} path(s) already changed at the start left out`);
  return parts.join('; ');
}

/** The task's own changes among the commits a push carries: each branch pushed, from what the remote had. */
function pushedChanges(context: ValidatorContext, model: TaskModel, push: PushAttempt): ChangeSet | undefined {
  const updates: { tip: string; exclude: string[] }[] = [];
  if (!push.given) {
    // no line from git: judged as a push of HEAD, against what every remote-tracking branch already has
    const head = context.git.head();
    if (head) updates.push({ tip: head, exclude: [EVERY_REMOTE] });
  }
  for (const ref of push.refs) {
    if (notTheTasks(ref)) continue;
    updates.push({ tip: ref.localSha, exclude: isZero(ref.remoteSha) ? [] : [ref.remoteSha] });
  }
  const entries = new Map<string, ChangedPath>();
  const commits = { own: 0, range: 0, source: 'none' as 'reflog' | 'authorship' | 'none' };
  const excluded = { tool: 0, dirty: 0 };
  for (const update of updates) {
    const set = model.pushed(update.tip, update.exclude);
    if (!set || set.error !== undefined) return set;
    for (const entry of set.entries) if (!entries.has(entry.path)) entries.set(entry.path, entry);
    commits.own += set.commits.own;
    commits.range += set.commits.range;
    if (set.commits.source !== 'none') commits.source = set.commits.source;
    excluded.tool += set.excluded.tool;
    excluded.dirty += set.excluded.dirty;
  }
  const files = [...entries.keys()].sort();
  return { files, entries: files.map((path) => entries.get(path)!), commits, excluded };
}

/** The policy's `verification.outputs`: what the verify command may write is not the task's change. */
async function declaredOutputs(context: ValidatorContext): Promise<(path: string) => boolean> {
  const outputs = readPolicy(context)?.policy.verification?.outputs;
  if (!Array.isArray(outputs) || outputs.length === 0) return () => false;
  return pathspecMatcher(outputs.flatMap((pathspec) => [pathspec.replace(/\/+$/, ''), `${pathspec.replace(/\/+$/, '')}/**`]));
}
