/** `objects list|show`: every object of the layer under its majordomus:// URI (the MCP tools list_objects and get_object). */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const objects = () => import('../actions/objects');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'objects',
    groups: [{ name: 'objects', description: 'list and read the objects of the layer by their majordomus://<kind>/<identity> URIs' }],
    commands: [
      {
        name: 'objects list',
        description: 'the objects of the layer, kind by kind, a page at a time: URI, title, file, date',
        output: 'json',
        options: [
          {
            flags: '--kind <kind>',
            description: 'only this kind (rule, session, use-case, knowledge, decision, question, task, checkpoint, handover)',
          },
          { flags: '--limit <n>', description: 'how many a page holds (default 100, at most 1000)' },
          { flags: '--offset <n>', description: 'where the page starts (default 0)' },
        ],
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runObjectsList } = await objects();
          return ({ options }, invocation) => runObjectsList(options, invocation);
        },
      },
      {
        name: 'objects show',
        arguments: '<uri>',
        description:
          'one object by its URI (majordomus://rule/<id>@<version>, majordomus://task/current, …): its text, or with --json its front matter too',
        output: 'json',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runObjectsShow } = await objects();
          return ({ args, options }, invocation) => runObjectsShow(args[0]!, options, invocation);
        },
      },
    ],
  }),
];
