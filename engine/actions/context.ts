/**
 * `context [--json] [--budget-lines <n>]`: what the next worker needs, assembled by the context builder
 * (engine/briefing/) within `context.builder_budget_lines` — the `context` capability
 * (engine/capabilities/context.ts), printed. Writes nothing, the ledger included. Over the budget the
 * command prints no context and exits 10 with the figure: a context cut to fit would drop what the
 * worker needed without saying so.
 */

import { briefingFor, contextAnswer } from '../capabilities/context';
import type { Invocation } from '../commands/define';
import { say } from './shared';

export interface ContextOptions {
  readonly json?: boolean;
  /** `--budget-lines`, as given. */
  readonly budgetLines?: string;
}

export function runContext(options: ContextOptions, invocation: Invocation): void {
  const briefing = briefingFor(options, invocation, (problem) =>
    process.stderr.write(`majordomus: context: ${problem} (left out; \`majordomus doctor\` reports it)\n`),
  );
  if (options.json) say(JSON.stringify(contextAnswer(briefing)));
  else process.stdout.write(`${briefing.lines.join('\n')}\n`);
}
