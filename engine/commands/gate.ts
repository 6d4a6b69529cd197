/** The gates: `doctor`, `check`, `watch`, and `finish` (which also records a task's outcome). */
import type { CommandFamily, OptionDeclaration } from './define';
import { defineFamily } from './define';

/** The options every gate takes beside its output (`--format`, `--json`). */
export const GATE_OPTIONS: readonly OptionDeclaration[] = Object.freeze([
  {
    flags: '--rule <id>',
    description: 'run only this rule (id or id@version); repeat it to run several, in the order of the rule set',
    repeatable: true,
  },
  { flags: '--quiet', description: 'print only failing and warning findings and the summary' },
  {
    flags: '--no-repository-validators',
    description:
      "import no repository module: each rule whose validator is the repository's own fails as not run (for untrusted checkouts)",
  },
]);

const gate = async () => (await import('../actions/gate')).runGateCommand;

export const families: readonly CommandFamily[] = [
  defineFamily({
    family: 'doctor',
    commands: [
      {
        name: 'doctor',
        description: 'check the health of the repository and of the engine itself',
        output: 'format',
        options: [
          ...GATE_OPTIONS,
          {
            flags: '--fix',
            description:
              "first run this tool's own commands the findings name as their remedy (install the hooks, rotate the ledger, update an older vendored package), printing the plan; then check again",
          },
        ],
        exitCodes: [0, 2, 10, 12],
        // it reads, and with --fix writes what the commands it runs write
        effect: 'writes-repository',
        action: async () => {
          const run = await gate();
          return ({ options }, invocation) => run('doctor', options, invocation);
        },
      },
    ],
  }),
  defineFamily({
    family: 'check',
    commands: [
      {
        name: 'check',
        description: 'run the rules enforced at the check gate',
        output: 'format',
        options: [
          ...GATE_OPTIONS,
          {
            flags: '--overlap',
            description: "also compare this task's scope with the active tasks of the other worktrees (git worktree list)",
          },
          {
            flags: '--explain',
            description:
              'after the findings, name the task judged and, for each rule that reported a violation, its statement and where it is documented',
          },
          {
            flags: '--checkpoint',
            description:
              'after the rules ran, record a checkpoint of the active task (as `checkpoint < /dev/null`: only checkpoint_at moves)',
          },
        ],
        exitCodes: [0, 2, 10, 12, 15],
        effect: 'reads',
        action: async () => {
          const run = await gate();
          return ({ options }, invocation) => run('check', options, invocation);
        },
      },
    ],
  }),
  defineFamily({
    family: 'watch',
    commands: [
      {
        name: 'watch',
        description: 'report drift: the rules enforced at the watch gate',
        output: 'format',
        options: GATE_OPTIONS,
        exitCodes: [0, 2, 10, 11, 12],
        effect: 'reads',
        action: async () => {
          const run = await gate();
          return ({ options }, invocation) => run('watch', options, invocation);
        },
      },
    ],
  }),
  defineFamily({
    family: 'finish',
    commands: [
      {
        name: 'finish',
        description: 'finish the active task with an outcome, if it meets the completion contract; --check only judges the contract',
        output: 'format',
        options: [
          ...GATE_OPTIONS,
          { flags: '--check', description: 'judge the completion contract, recording nothing' },
          {
            flags: '--pre-push',
            description:
              "with --check: judge the commits git is pushing, read from the pre-push hook's lines on stdin (the pre-push hook runs it)",
          },
          {
            flags: '--outcome <outcome>',
            description: 'the outcome to record',
            choices: ['completed', 'partial', 'blocked', 'no_match', 'failed'],
          },
          {
            flags: '--verify-command <cmd>',
            description: 'the command that proves the work (run with sh -c at the top level; its output goes to stderr)',
          },
          {
            flags: '--note <file>',
            description: 'the completion note (a file, or - for stdin), kept as .ai/local/state/completed/<id>.md',
          },
          { flags: '--note-from-commit [rev]', description: "the completion note is a commit's message (HEAD by default): for a CI job" },
          {
            flags: '--set-aside',
            description: "move a task record this checkout cannot hold to (unreadable, or another checkout's) aside, so a task can start",
          },
        ],
        exitCodes: [0, 2, 10, 12, 15],
        effect: 'writes-local',
        action: async () => (await import('../actions/task')).runFinishCommand,
      },
    ],
  }),
];
