/**
 * `context`: what the next worker needs, within the policy's budget; and under it, the context documents
 * of the layer (`context list|resolve|explain|validate|affected`).
 */
import type { CommandFamily, OptionDeclaration } from './define';
import { defineFamily } from './define';

const documents = async () => import('../actions/context-documents');

const PROVIDER: OptionDeclaration = {
  flags: '--provider <provider>',
  description: "only documents for this provider (a provider of the policy's projections)",
};
const AUDIENCE: OptionDeclaration = {
  flags: '--audience <audience>',
  description: 'only documents addressing this audience',
  choices: ['human', 'agent'],
};

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'context',
    commands: [
      {
        name: 'context',
        description:
          'print what the next worker needs: the task and scope, the current state, open questions, recent decisions, the previous turn',
        output: 'json',
        options: [{ flags: '--budget-lines <n>', description: 'the budget in lines, over context.builder_budget_lines' }],
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runContext } = await import('../actions/context');
          return ({ options }, invocation) => runContext(options, invocation);
        },
      },
      {
        name: 'context list',
        description: "list the context documents of the layer (the files the manifest's context.documents names), valid or not",
        output: 'json',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => (await documents()).runContextList,
      },
      {
        name: 'context resolve',
        arguments: '<path>',
        description: 'the context documents that apply to a path, in order (depth, order, path), after extend/replace/final',
        output: 'json',
        options: [PROVIDER, AUDIENCE],
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => (await documents()).runContextResolve,
      },
      {
        name: 'context explain',
        arguments: '<path>',
        description:
          'for a path: the canonical resolution with what was left out and why, and what each provider really loads (files, bytes, lines, where its limit cuts)',
        output: 'json',
        options: [
          {
            flags: '--provider <provider>',
            description: 'only this provider (agents, codex, claude-code, gemini, copilot, cursor, windsurf, …)',
          },
          AUDIENCE,
        ],
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => (await documents()).runContextExplain,
      },
      {
        name: 'context validate',
        description: 'check every context document and the tree they make, naming each problem by its class',
        output: 'json',
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => (await documents()).runContextValidate,
      },
      {
        name: 'context affected',
        arguments: '[range]',
        description: "the context documents whose tracks a change set touches: a revision range, or the working tree's changes",
        output: 'json',
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => (await documents()).runContextAffected,
      },
    ],
  }),
];
