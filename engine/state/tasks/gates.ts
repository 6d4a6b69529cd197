/**
 * The completion gates: the other gates a change passes on its way in — `doctor` (every commit) and
 * `check` (while the work is under way) — run over the tree `finish --outcome completed` is about to
 * accept. Their verdicts reach majordomus.completion-gates through the attempt, so the finish gate can
 * refuse a task handed in over a layer `doctor` rejects, or with a `check` rule failing that the finish
 * gate itself does not run.
 *
 * Each runs in this process through the one gate entry, with no reporter: what it found is the verdict,
 * not output. A gate that cannot reach a verdict at all (an error with an exit code) is recorded as such,
 * never as a pass.
 */

import { isFailing } from '../../api/findings';
import { MajordomusError } from '../../errors';
import { runGate } from '../../gate/run-gate';
import type { GateVerdict } from './completion';
import { COMPLETION_GATES } from './completion';

/** Run the completion gates in the repository around `cwd`, under `env` (the finish command's). */
export async function runCompletionGates(cwd: string, env: NodeJS.ProcessEnv): Promise<GateVerdict[]> {
  const verdicts: GateVerdict[] = [];
  for (const gate of COMPLETION_GATES) {
    try {
      const outcome = await runGate({ gate, cwd, env });
      const failing = outcome.findings
        .filter(isFailing)
        .map(({ rule, category, subject, message, file, line }) => ({ rule, category, subject, message, file, line }));
      verdicts.push({ gate, exitCode: outcome.exitCode, failing });
    } catch (error) {
      if (!(error instanceof MajordomusError)) throw error;
      verdicts.push({ gate, exitCode: error.exitCode, error: error.message });
    }
  }
  return verdicts;
}
