/** `rules list|show|new|test` and `rules vendor status|update|add|remove`. */
import type { CommandFamily } from './define';
import { defineFamily } from './define';

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'rules',
    groups: [
      { name: 'rules', description: 'list, show, write and test rule objects; keep the vendored rules current' },
      { name: 'rules vendor', description: 'the vendored copies of the packs this repository adopted: the baseline and any other' },
    ],
    commands: [
      {
        name: 'rules list',
        description: 'the effective rule set in load order: identity, class, provenance, gates',
        output: 'json-lines',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runRulesList } = await import('../actions/rules/list');
          return ({ options }, invocation) => runRulesList(options, invocation);
        },
      },
      {
        name: 'rules show',
        arguments: '<id>',
        description: 'a rule as written, its validator and where it came from (id or id@version)',
        exitCodes: [0, 2, 12],
        effect: 'reads',
        action: async () => {
          const { runRulesShow } = await import('../actions/rules/show');
          return ({ args }, invocation) => runRulesShow(args[0]!, invocation);
        },
      },
      {
        name: 'rules new',
        arguments: '<name>',
        description: 'write a project rule (and, with a validator, its test directory) that doctor accepts as written',
        options: [
          { flags: '--validator <name>', description: 'the validator that decides the rule' },
          {
            flags: '--class <class>',
            description: 'blocking or advisory (default: blocking with a validator, advisory without)',
            choices: ['blocking', 'advisory'],
          },
          {
            flags: '--gate <gate>',
            description: "a gate the rule runs at, repeatable (default: the validator's first gate)",
            repeatable: true,
          },
        ],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runRulesNew } = await import('../actions/rules/new');
          return ({ args, options }, invocation) => runRulesNew(args[0]!, options, invocation);
        },
        helpAfter: async () => (await import('../actions/rules-new-help')).rulesNewHelpText(),
      },
      {
        name: 'rules test',
        arguments: '[id]',
        description: "run the valid/ and invalid/ cases of every rule's test directory (or of one rule)",
        output: 'json-lines',
        options: [
          {
            flags: '--no-repository-validators',
            description: "import no repository module: the cases of a rule whose validator is the repository's own fail as not run",
          },
        ],
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => {
          const { runRulesTest } = await import('../actions/rules-test');
          return ({ args, options }, invocation) => runRulesTest(args[0], options, invocation);
        },
      },
      {
        name: 'rules vendor status',
        description: "compare each adopted pack's vendored copy with the distribution's package",
        exitCodes: [0, 2, 10, 12],
        effect: 'reads',
        action: async () => {
          const { runVendorStatus } = await import('../actions/rules/vendor');
          return (_call, invocation) => runVendorStatus(invocation);
        },
      },
      {
        name: 'rules vendor update',
        description: "write the distribution's package over each adopted pack's vendored copy",
        options: [{ flags: '--force', description: 'overwrite a vendored copy that was changed by hand' }],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runVendorUpdate } = await import('../actions/rules/vendor');
          return ({ options }, invocation) => runVendorUpdate(options, invocation);
        },
      },
      {
        name: 'rules vendor add',
        arguments: '<pack>',
        description: 'adopt a pack the distribution ships: vendor its rule package (e.g. brainstorm)',
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runVendorAdd } = await import('../actions/rules/vendor');
          return ({ args }, invocation) => runVendorAdd(args[0]!, invocation);
        },
      },
      {
        name: 'rules vendor remove',
        arguments: '<pack>',
        description: 'drop an adopted pack: remove its vendored rule package (the baseline cannot be removed)',
        options: [{ flags: '--force', description: 'remove a vendored copy that was changed by hand' }],
        exitCodes: [0, 2, 12, 15],
        effect: 'writes-repository',
        action: async () => {
          const { runVendorRemove } = await import('../actions/rules/vendor');
          return ({ args, options }, invocation) => runVendorRemove(args[0]!, options, invocation);
        },
      },
    ],
  }),
];
