/** `knowledge sources|nodes|derive`: the sources a repository declares and what they discover. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const knowledge = () => import('../actions/knowledge');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'knowledge',
    groups: [{ name: 'knowledge', description: 'the knowledge sources this repository declares and the objects they discover in git' }],
    commands: [
      {
        name: 'knowledge sources',
        description: 'list the declared source classes (.ai/repo/knowledge/sources.yaml)',
        output: 'json',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runKnowledgeSources } = await knowledge();
          return ({ options }, invocation) => runKnowledgeSources(options, invocation);
        },
      },
      {
        name: 'knowledge nodes',
        description: 'list the tracked files each class discovers, with kind, identity and path',
        output: 'json',
        options: [{ flags: '--kind <kind>', description: 'only the nodes of this kind' }],
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runKnowledgeNodes } = await knowledge();
          return ({ options }, invocation) => runKnowledgeNodes(options, invocation);
        },
      },
      {
        name: 'knowledge derive',
        description:
          "write one episode's decisions, answers and finished tasks as candidate records under the knowledge section's candidates/",
        output: 'json',
        options: [{ flags: '--episode <id>', description: 'the episode to derive (default: the newest closed one)' }],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runKnowledgeDerive } = await knowledge();
          return ({ options }, invocation) => runKnowledgeDerive(options, invocation);
        },
      },
    ],
  }),
];
