/**
 * The gates as capabilities: `doctor`, `check`, `watch` and `finish --check`, each answering its
 * findings and the exit code the command would end with. A gate records nothing, so each reads; the
 * findings are a list, so each takes a budget over MCP, and each is quiet (no OK or INFO) unless asked.
 */
import type { GateName } from '../generated/gates';
import type { AnyCapability, JsonSchema } from './define';
import { defineCapability, objectSchema } from './define';
import type { GateAnswer } from './gates';
import { judge } from './gates';
import { BOOLEAN, GATE_ANSWER } from './schemas';

interface GateInput {
  readonly rule?: readonly string[];
  readonly quiet?: boolean;
  readonly overlap?: boolean;
}

const RULE: JsonSchema = {
  type: 'array',
  description: 'run only these rules (each an id or id@version), in the order of the rule set',
  items: { type: 'string', minLength: 1, maxLength: 200 },
  maxItems: 100,
};
const QUIET: JsonSchema = { ...BOOLEAN, description: 'leave out OK and INFO findings (default true)', default: true };

function gateCapability(
  name: string,
  gate: GateName,
  command: string,
  title: string,
  description: string,
  extra: Readonly<Record<string, JsonSchema>> = {},
): AnyCapability {
  return defineCapability<GateInput, GateAnswer>({
    name,
    title,
    description,
    effect: 'reads',
    toolset: 'gates',
    command,
    json: { form: 'lines', key: 'findings' },
    budgeted: true,
    input: objectSchema({ rule: RULE, quiet: QUIET, ...extra }),
    output: GATE_ANSWER,
    run: (input, invocation) => judge(gate, { rule: input.rule, quiet: input.quiet ?? true, overlap: input.overlap }, invocation),
  });
}

export const GATE_CAPABILITIES: readonly AnyCapability[] = [
  gateCapability(
    'doctor',
    'doctor',
    'doctor',
    'Check the health of the repository',
    "Run the rules enforced at the doctor gate (the layer's health and the engine's own) and answer their findings and the exit code; records nothing.",
  ),
  gateCapability(
    'check',
    'check',
    'check',
    'Check the active task',
    'Run the rules enforced at the check gate against the active task (its scope, its records) and answer their findings and the exit code (12 without an active task); records nothing.',
    { overlap: { ...BOOLEAN, description: "also compare this task's scope with the active tasks of the other worktrees" } },
  ),
  gateCapability(
    'watch',
    'watch',
    'watch',
    'Report drift',
    'Run the rules enforced at the watch gate and answer their findings (DRIFT, exit code 11) and the exit code; records nothing.',
  ),
  gateCapability(
    'finish_check',
    'finish',
    'finish',
    'Judge the completion contract',
    'Judge whether the active task meets its completion contract, as the pre-push hook does, and answer the findings and the exit code; records nothing (finish_task records the outcome).',
  ),
];
