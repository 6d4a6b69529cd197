/**
 * `decision add` and `decision list`: the decisions store, `.ai/local/state/decisions.md`. An entry is
 * appended whole under the write lock (read, add, write through the one writer), so concurrent adds
 * each keep theirs; Task and Head are computed, `--why` is required, an absent optional field is `-`.
 * Adding is the `decision_add` capability (engine/capabilities/records.ts), which the MCP tool runs too.
 */
import { addDecision } from '../capabilities/records';
import { readStore } from '../capabilities/stores';
import type { Invocation } from '../commands/define';
import { DECISIONS_FILE, parseDecisions } from '../state/records/decisions';
import { openRepository, say } from './shared';

export interface DecisionAddOptions {
  readonly why?: string;
  readonly rejected?: readonly string[];
  readonly evidence?: readonly string[];
  readonly supersedes?: string;
  readonly json?: boolean;
}

export async function runDecisionAdd(what: string, options: DecisionAddOptions, invocation: Invocation): Promise<void> {
  const { json: _json, ...input } = options;
  const recorded = await addDecision({ what, ...input }, invocation);
  if (options.json) say(JSON.stringify(recorded));
  else say(`decision add: recorded "${recorded.decision}" in ${recorded.file}`);
}

export function runDecisionList(options: { json?: boolean }, invocation: Invocation): void {
  const repository = openRepository(invocation);
  const file = `${repository.layout.localDir}/${DECISIONS_FILE}`;
  for (const entry of parseDecisions(readStore(repository, file))) {
    const field = (name: string): string | null => entry.fields.get(name)?.value ?? null;
    if (options.json) {
      say(
        JSON.stringify({
          line: entry.line,
          date: entry.date ?? null,
          decision: entry.title,
          task: field('Task'),
          head: field('Head'),
          why: field('Why'),
          rejected: field('Rejected'),
          evidence: field('Evidence'),
          supersedes: field('Supersedes'),
        }),
      );
    } else {
      say(`${entry.heading}  [${field('Task') ?? 'no task'}]${field('Why') ? `  why: ${field('Why')}` : ''}`);
    }
  }
}
