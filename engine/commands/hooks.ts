/** `hooks install|status|uninstall`: the hook half of init on its own. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

const hooks = () => import('../actions/hooks');

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'hooks',
    groups: [{ name: 'hooks', description: "install, report and remove the git hooks the policy's enforcement declares" }],
    commands: [
      {
        name: 'hooks install',
        description: "write the hooks as init does: a marked block in each hook, or the hook manager's entry",
        output: 'json',
        options: [
          { flags: '--external-hooks', description: 'install the hooks even where core.hooksPath points outside the repository' },
          {
            flags: '--prepare',
            description:
              "as a package manager's install script (prepare) runs it: exit 0 always; in CI, outside a git repository or without a layer it installs nothing",
          },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runHooksInstall } = await hooks();
          return ({ options }, invocation) => runHooksInstall(options, invocation);
        },
      },
      {
        name: 'hooks status',
        description:
          'each hook as wired, missing, not-executable, swallowed (its exit code) or bypassed (core.hooksPath, an uninstalled manager)',
        output: 'json-lines',
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => {
          const { runHooksStatus } = await hooks();
          return ({ options }, invocation) => runHooksStatus(options, invocation);
        },
      },
      {
        name: 'hooks uninstall',
        description: 'remove what majordomus wrote into the hooks, and nothing else',
        output: 'json',
        options: [{ flags: '--external-hooks', description: 'also where core.hooksPath points outside the repository' }],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runHooksUninstall } = await hooks();
          return ({ options }, invocation) => runHooksUninstall(options, invocation);
        },
      },
    ],
  }),
];
