/**
 * The context builder over an opened repository: what `majordomus context` prints and what a session's
 * working context quotes at its open, assembled the one way. The caller decides what to do with a
 * context over its budget (`overBudget`); nothing here cuts it.
 */
import type { Repository } from '../../layer/repository';
import type { Briefing, BriefingTask } from './assemble';
import { assembleBriefing } from './assemble';
import { briefingSettings, readBriefingInputs } from './inputs';

/** What a caller about to write it knows better than the disk does. */
export interface BriefingGiven {
  /** The task the caller is starting (`start` writes the new turn's context in the plan that writes the task). */
  readonly task?: BriefingTask;
  /** The episode the caller is opening (`session start` writes its context before the episode is found here). */
  readonly session?: string;
}

/** The working context of `repository`'s checkout, within its policy (`budgetLines` over the policy's budget). */
export function buildBriefing(repository: Repository, budgetLines?: number, given: BriefingGiven = {}): Briefing {
  const policyFile = repository.layout.policyFile;
  let policy: unknown;
  if (repository.tree.exists(policyFile)) {
    try {
      policy = repository.yaml(policyFile).value;
    } catch {
      // a policy that does not read leaves the defaults; doctor's policy rules report it
    }
  }
  const inputs = readBriefingInputs({
    root: repository.root,
    localDir: repository.layout.localDir,
    env: repository.git.env,
    ...(given.session !== undefined ? { session: given.session } : {}),
  });
  return assembleBriefing(given.task === undefined ? inputs : { ...inputs, task: given.task }, briefingSettings(policy, budgetLines));
}
