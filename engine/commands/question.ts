/** `question add|resolve|list`: the questions that block acceptance. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const question = () => import('../actions/question');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'question',
    groups: [
      { name: 'question', description: 'open, resolve and list the questions that block acceptance (.ai/local/state/open-questions.md)' },
    ],
    commands: [
      {
        name: 'question add',
        arguments: '<question>',
        description: 'open a question against the active task',
        output: 'json',
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runQuestionAdd } = await question();
          return ({ args, options }, invocation) => runQuestionAdd(args[0]!, options, invocation);
        },
      },
      {
        name: 'question resolve',
        arguments: '<number-or-text>',
        description: 'answer a question: by its number (question list) or its exact text',
        output: 'json',
        options: [{ flags: '--answer <answer>', description: 'the answer (required)' }],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-local',
        action: async () => {
          const { runQuestionResolve } = await question();
          return ({ args, options }, invocation) => runQuestionResolve(args[0]!, options, invocation);
        },
      },
      {
        name: 'question list',
        description: 'every question, numbered, resolved or not',
        output: 'json-lines',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runQuestionList } = await question();
          return ({ options }, invocation) => runQuestionList(options, invocation);
        },
      },
    ],
  }),
];
