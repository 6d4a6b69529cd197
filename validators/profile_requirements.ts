import type { SchemaType } from '../engine/api/toolkit/index';
import { isUnreadable, pathspecList, pathspecMatcher, schema } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import type { Profile } from '../engine/generated/types';
import { attemptModel } from '../engine/state/tasks/attempt';
import { stateDir, taskModel } from '../engine/state/tasks/current';

/** What counts as a regression test: the rule says, so a repository can say it differently. */
const OPTIONS = schema.object({
  tests: pathspecList('Pathspecs of test files: a change to one of them is a regression test added or changed.'),
});

/** Options of a `profile_requirements` rule. */
export type ProfileRequirementsOptions = SchemaType<typeof OPTIONS>;

export default defineValidator({
  name: 'profile_requirements',
  description: 'A completed task meets what its profile asks beyond the shared contract: a regression test changed, a decision recorded.',
  gates: ['finish'],
  optionsSchema: OPTIONS,
  exampleOptions: { tests: ['test/**', '**/*.test.*'] },
  async run(context) {
    const attempt = context.model(attemptModel);
    const { task } = context.model(taskModel);
    if (!task || !attempt) {
      context.skip({
        subject: task?.id ?? 'task',
        message: 'judged by finish --outcome, which names the outcome; finish --check names none',
      });
      return;
    }
    if (attempt.outcome !== 'completed') {
      context.ok({ subject: task.id, message: `a ${attempt.outcome} outcome owes the profile nothing` });
      return;
    }
    const dir = context.layer.section('profiles') ?? `${context.layer.repoDir}/profiles`;
    const file = `${dir}/${task.profile}.yaml`;
    let verification: Profile['verification'];
    try {
      verification = (context.yaml(file).value as Profile | null)?.verification;
    } catch (error) {
      if (!isUnreadable(error)) throw error;
      context.violation({
        subject: file,
        file,
        message: `the task's profile ${task.profile} ${error.reason}, so what it requires cannot be judged (${error.fix})`,
      });
      return;
    }
    let unmet = 0;
    const required: string[] = [];
    if (verification?.regression_test_required === true) {
      required.push('a regression test');
      unmet += (await regressionTest(context, task.id, task.profile, file)) ? 0 : 1;
    }
    if (verification?.decision_record_required === true) {
      required.push('a decision record');
      unmet += decisionRecorded(context, task.id, task.profile) ? 0 : 1;
    }
    if (unmet === 0)
      context.ok({
        subject: task.id,
        message:
          required.length > 0
            ? `profile ${task.profile}: ${required.join(' and ')}, as it requires`
            : `profile ${task.profile} requires nothing beyond the shared contract`,
      });
  },
});

/** True when the task's change set touches a test file; reports why not otherwise. */
async function regressionTest(
  context: ValidatorContext<ProfileRequirementsOptions>,
  id: string,
  profile: string,
  file: string,
): Promise<boolean> {
  const patterns = context.options.tests ?? [];
  if (patterns.length === 0) {
    context.violation({
      subject: id,
      file,
      message: `profile ${profile} requires a regression test, and the rule ${context.rule.identity} names no \`tests\` pathspecs to recognise one by (give them in its x-majordomus.options)`,
    });
    return false;
  }
  const changed = context.model(taskModel).changes();
  if (!changed || changed.error !== undefined) {
    context.violation({
      subject: id,
      message: `profile ${profile} requires a regression test, and the task's changes cannot be listed (${changed?.error ?? 'no change set'})`,
    });
    return false;
  }
  const isTest = await pathspecMatcher(patterns);
  if (changed.files.some((path) => isTest(path))) return true;
  context.violation({
    subject: id,
    file,
    message: `profile ${profile} requires a regression test, and none of the task's ${changed.files.length} changed file(s) is one (${patterns.join(', ')}): add the test that fails without the fix`,
  });
  return false;
}

/** True when decisions.md holds an entry for the task; reports why not otherwise. */
function decisionRecorded(context: ValidatorContext<ProfileRequirementsOptions>, id: string, profile: string): boolean {
  const store = `${stateDir(context.layer.localDir)}/decisions.md`;
  let text = '';
  try {
    if (context.disk.kind(`${context.git.root}/${store}`) === 'file') text = context.disk.read(`${context.git.root}/${store}`);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    context.violation({
      subject: store,
      file: store,
      message: `profile ${profile} requires a decision record, and ${store} ${error.reason} (${error.fix})`,
    });
    return false;
  }
  // the store's own template sits in an HTML comment and is not an entry
  const entries = text.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  if (new RegExp(`^Task:\\s*${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm').test(entries)) return true;
  context.violation({
    subject: id,
    file: store,
    message: `profile ${profile} requires a decision record, and ${store} has no entry for task ${id} (run: majordomus decision add "<what>" --why "<why>")`,
  });
  return false;
}
