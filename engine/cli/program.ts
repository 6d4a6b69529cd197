/**
 * The command line: argv → command. Each command module is imported only when it runs, so a git hook
 * calling one gate pays for that gate alone. Only this module turns errors into exit codes.
 */
import { Command, CommanderError, Option } from 'commander';
import { describeThrown, stackOf } from '../io/describe';
import { ExitCode, MajordomusError, UsageError } from '../errors';
import { packCommands } from '../generated/pack-commands';
import { programHelpText } from './help';
import { escapeControls } from '../io/document-error';
import { formatOption } from './format-option';

declare const MAJORDOMUS_VERSION: string;
const version = typeof MAJORDOMUS_VERSION === 'string' ? MAJORDOMUS_VERSION : '0.0.0-dev';

/** Build the program; `out` receives stdout text (tests may pass their own). */
export function buildProgram(): Command {
  const program = new Command('majordomus')
    .description("Governs a git repository's AI layer (.ai/) with a declarative rule engine.")
    .version(version, '-V, --version')
    .addHelpText('after', programHelpText)
    .exitOverride();

  const gateOptions = (command: Command): Command =>
    command
      .addOption(formatOption())
      .option('--json', 'print one JSON object a line (short for --format json)')
      .option('--rule <id>', 'run only this rule (id or id@version); repeat it to run several, in the order of the rule set', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
      .option('--quiet', 'print only failing and warning findings and the summary')
      .option('--no-repository-validators', "import no repository module: each rule whose validator is the repository's own fails as not run (for untrusted checkouts)");

  gateOptions(program.command('doctor').description('check the health of the repository and of the engine itself')).action(
    async (options) => (await import('../commands/gate')).runGateCommand('doctor', options),
  );
  gateOptions(program.command('check').description('run the rules enforced at the check gate'))
    .option('--overlap', "also compare this task's scope with the active tasks of the other worktrees (git worktree list)")
    .option('--explain', 'after the findings, name the task judged and, for each rule that reported a violation, its statement and where it is documented')
    .option('--checkpoint', "after the rules ran, record a checkpoint of the active task (as `checkpoint < /dev/null`: only checkpoint_at moves)")
    .action(
    async (options) => (await import('../commands/gate')).runGateCommand('check', options),
  );
  gateOptions(program.command('watch').description('report drift: the rules enforced at the watch gate')).action(
    async (options) => (await import('../commands/gate')).runGateCommand('watch', options),
  );
  gateOptions(
    program
      .command('finish')
      .description('finish the active task with an outcome, if it meets the completion contract; --check only judges the contract')
      .option('--check', 'judge the completion contract, recording nothing (the pre-push hook)')
      .addOption(new Option('--outcome <outcome>', 'the outcome to record').choices(['completed', 'partial', 'blocked', 'no_match', 'failed']))
      .option('--verify-command <cmd>', 'the command that proves the work (run with sh -c at the top level; its output goes to stderr)')
      .option('--note <file>', 'the completion note (a file, or - for stdin), kept as .ai/local/state/completed/<id>.md'),
  ).action(async (options) => {
    if (options.check && (options.outcome || options.verifyCommand || options.note)) throw new UsageError('finish: --check judges the contract only; it takes no --outcome, --verify-command or --note (run: majordomus finish --help)');
    if (options.check) return (await import('../commands/gate')).runGateCommand('finish', options);
    if (!options.outcome) throw new UsageError('finish: give --outcome <outcome> to finish the task, or --check to judge the contract (run: majordomus finish --help)');
    return (await import('../commands/task')).runFinish(options);
  });

  program
    .command('start <task>')
    .description('start a task: claim the paths it may change (--scope) and record where it starts from')
    .option('--scope <pathspec>', 'the paths the task claims, comma-separated; repeatable (`.` is the whole repository)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--profile <name>', "the execution profile (default: the policy's profiles.default)")
    .option('--owner <who>', "who works on it (default: git's user.name)")
    .option('--json', 'print the task as one JSON object')
    .action(async (task: string, options) => (await import('../commands/task')).runStart(task, options));

  program
    .command('init')
    .description('adopt this repository: write the .ai/ layer, the vendored baseline rules and the git hooks')
    .option('--extend', 'add only what is missing to an adopted repository')
    .option('--external-hooks', 'install the hooks even where core.hooksPath points outside the repository')
    .action(async (options) => (await import('../commands/init')).runInit(options));

  program
    .command('history')
    .description('the ledger read back; --validate judges it, --rotate archives its oldest lines, --repair moves a torn tail aside')
    .option('--task <id>', 'only the events of this task')
    .option('--event <name>', 'only this event (a name of share/events.yaml)')
    .option('--since <ts>', 'only events at or after this UTC date or time (2026-09-03, 2026-09-03T19:30:12Z)')
    .option('--limit <n>', 'the newest n matching events (default 50)')
    .option('--all', 'every matching event')
    .option('--json', 'print one JSON object a line')
    .option('--validate', 'report every line that is not an event of the vocabulary, and a torn tail (exit 10)')
    .option('--rotate', 'move the lines beyond ledger.retention_max_lines into an archive (never deletes)')
    .option('--repair', 'move a torn tail aside into a kept file, so appends work again')
    .action(async (options) => (await import('../commands/history')).runHistory(options));

  addHooksCommands(program);
  addSessionCommands(program);
  addCaptureCommands(program);
  addRulesCommands(program);
  addRecordCommands(program);
  addUseCaseCommands(program);
  addContextCommand(program);
  // the commands of the packs (rules/<pack>/pack.yaml `cli`, `commands`)
  for (const pack of packCommands) pack.register(program);
  // the validators `rules new --help` lists are loaded only when `rules new` (or `rules help new`) is asked for
  program.hook('preSubcommand', async (_program, command) => {
    if (command.name() !== 'rules' || !program.args.includes('new')) return;
    const text = await (await import('../commands/rules-new-help')).rulesNewHelpText();
    command.commands.find((sub) => sub.name() === 'new')?.addHelpText('after', text);
  });
  formatUsageErrors(program);

  return program;
}

/**
 * Give the argument parser's complaints the form of every other message, `majordomus: <what> (<what to
 * do>)`, naming the help of the (sub)command that complained. Commander copies settings to subcommands
 * only when they are created, so each command is configured here, once the tree is built.
 */
function formatUsageErrors(command: Command): void {
  const path: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) path.unshift(at.name());
  const help = `${path.join(' ')} --help`;
  command.exitOverride().configureOutput({
    outputError: (text, write) => write(`majordomus: ${text.trim().replace(/^error: /, '').replace(/\s*\n\s*/g, ' ')} (run: ${help})\n`),
  });
  for (const sub of command.commands) formatUsageErrors(sub);
}

/** `hooks`: the hook half of init on its own — install, status, uninstall. */
function addHooksCommands(program: Command): void {
  const hooks = program.command('hooks').description("install, report and remove the git hooks the policy's enforcement declares");
  hooks
    .command('install')
    .description('write the hooks as init does: a marked block in each hook, or the hook manager\'s entry')
    .option('--json', 'print one JSON object')
    .option('--external-hooks', 'install the hooks even where core.hooksPath points outside the repository')
    .action(async (options) => (await import('../commands/hooks')).runHooksInstall(options));
  hooks
    .command('status')
    .description('each hook as wired, missing, not-executable, swallowed (its exit code) or bypassed (core.hooksPath, an uninstalled manager)')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/hooks')).runHooksStatus(options));
  hooks
    .command('uninstall')
    .description('remove what majordomus wrote into the hooks, and nothing else')
    .option('--json', 'print one JSON object')
    .option('--external-hooks', 'also where core.hooksPath points outside the repository')
    .action(async (options) => (await import('../commands/hooks')).runHooksUninstall(options));
}

/** `session`: open, close and read back the episodes of work (engine/commands/session.ts). */
function addSessionCommands(program: Command): void {
  const session = program.command('session').description('open, inspect and close one execution episode of one worker');
  session
    .command('start')
    .description('open an episode: its record in the local half, the session context, session.started')
    .option('--worker <id>', 'what does the work, as it names itself (recorded only when given)')
    .option('--owner <who>', "who the episode is for (default: git's user.name)")
    .option('--provider-session <key>', 'the provider session the episode is filed under (default: hand)')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/session')).runSessionStart(options));
  session
    .command('close')
    .description("close this process's episode into its record in the sessions section (summary on stdin); prints the record's path")
    .option('--outcome <outcome>', 'closed or interrupted (default: closed)')
    .option('--if-none <choice>', 'refuse (12) or ignore (0) when no episode is open (default: refuse)')
    .option('--provider-session <key>', 'the provider session whose episode to close')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/session')).runSessionClose(options));
  session
    .command('status')
    .description('the episodes open in this checkout; * marks the one session-current.yaml names')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/session')).runSessionStatus(options));
  session
    .command('list')
    .description('the closed session records of the sessions section, newest first')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/session')).runSessionList(options));
  session
    .command('show <id>')
    .description('one closed record (a session id, or latest) with its tasks as turns and their outcomes')
    .option('--json', 'print one JSON object')
    .action(async (id: string, options) => (await import('../commands/session')).runSessionShow(id, options));
  session
    .command('latest')
    .description('the newest closed record, as session show latest prints it')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/session')).runSessionShow('latest', options));
}

/** `capture`: what a provider's own lifecycle hooks run (engine/commands/capture.ts). */
function addCaptureCommands(program: Command): void {
  const capture = program.command('capture').description("open, checkpoint and close episodes from a provider's own session hooks");
  capture
    .command('session')
    .description('run by a provider hook: the hook payload on stdin; never blocks the agent unless the policy marks the hook enforcing')
    .requiredOption('--event <event>', 'start, compact or end')
    .option('--provider <name>', 'the provider whose payload is on stdin', 'claude-code')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/capture')).runCaptureSession(options));
  capture
    .command('install')
    .description("merge the provider's lifecycle hooks into its settings file, keeping every hook already there")
    .requiredOption('--provider <name>', 'the provider to wire (claude-code)')
    .option('--dry-run', 'print the merged settings file; write nothing')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/capture')).runCaptureInstall(options));
  capture
    .command('status')
    .description("each lifecycle hook of the provider, wired or missing (12), each session hook probed in a dry run (10 when one does not reach majordomus)")
    .option('--provider <name>', 'the provider to check', 'claude-code')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/capture')).runCaptureStatus(options));
  capture
    .command('guard')
    .description("run on the provider's shell tool calls: refuses a command that would skip this repository's git gates")
    .option('--provider <name>', 'the provider whose payload is on stdin', 'claude-code')
    .option('--json', "print the guard's own decision as one JSON object instead of the provider's hook output")
    .action(async (options) => (await import('../commands/capture')).runCaptureGuard(options));
}

/** `rules`: list, show and write rule objects, prove them, and keep the vendored package current. */
function addRulesCommands(program: Command): void {
  const rules = program.command('rules').description('list, show, write and test rule objects; keep the vendored rules current');
  rules
    .command('list')
    .description('the effective rule set in load order: identity, class, provenance, gates')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/rules')).runRulesList(options));
  rules
    .command('show <id>')
    .description('a rule as written, its validator and where it came from (id or id@version)')
    .action(async (id: string) => (await import('../commands/rules')).runRulesShow(id));
  rules
    .command('new <name>')
    .description('write a project rule (and, with a validator, its test directory) that doctor accepts as written')
    .option('--validator <name>', 'the validator that decides the rule')
    .addOption(new Option('--class <class>', 'blocking or advisory (default: blocking with a validator, advisory without)').choices(['blocking', 'advisory']))
    .option('--gate <gate>', "a gate the rule runs at, repeatable (default: the validator's first gate)", (value: string, previous: string[]) => [...previous, value], [] as string[])
    .action(async (name: string, options) => (await import('../commands/rules')).runRulesNew(name, options));
  rules
    .command('test [id]')
    .description("run the valid/ and invalid/ cases of every rule's test directory (or of one rule)")
    .option('--json', 'print one JSON object a line')
    .option('--no-repository-validators', "import no repository module: the cases of a rule whose validator is the repository's own fail as not run")
    .action(async (id: string | undefined, options) => (await import('../commands/rules-test')).runRulesTest(id, options));

  const vendor = rules.command('vendor').description('the vendored copies of the packs this repository adopted: the baseline and any other');
  vendor
    .command('status')
    .description("compare each adopted pack's vendored copy with the distribution's package")
    .action(async () => (await import('../commands/rules')).runVendorStatus());
  vendor
    .command('update')
    .description("write the distribution's package over each adopted pack's vendored copy")
    .option('--force', 'overwrite a vendored copy that was changed by hand')
    .action(async (options) => (await import('../commands/rules')).runVendorUpdate(options));
  vendor
    .command('add <pack>')
    .description('adopt a pack the distribution ships: vendor its rule package (e.g. brainstorm)')
    .action(async (pack: string) => (await import('../commands/rules')).runVendorAdd(pack));
  vendor
    .command('remove <pack>')
    .description('drop an adopted pack: remove its vendored rule package (the baseline cannot be removed)')
    .option('--force', 'remove a vendored copy that was changed by hand')
    .action(async (pack: string, options) => (await import('../commands/rules')).runVendorRemove(pack, options));
}

/** The records of a task: checkpoints, handovers, decisions and questions (engine/commands/records.ts, decision.ts, question.ts). */
function addRecordCommands(program: Command): void {
  const repeat = (value: string, previous: string[]): string[] => [...previous, value];
  program
    .command('checkpoint')
    .description('record progress of the active task (body on stdin; an empty body only moves checkpoint_at), or show/list checkpoints')
    .option('--show', "print the checkpoint the resolver picks for this worktree and branch")
    .option('--list', 'list every checkpoint, newest first')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/records')).runRecordCommand('checkpoint', options));
  program
    .command('handover')
    .description("write a handover of the active task (body on stdin, with the policy's required sections), or show/list handovers")
    .option('--show', "print the handover the resolver picks for this worktree and branch")
    .option('--list', 'list every handover, newest first')
    .option('--close', 'hand the task over: its outcome becomes handed_over')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/records')).runRecordCommand('handover', options));
  const decision = program.command('decision').description('record and list decisions (.ai/local/state/decisions.md)');
  decision
    .command('add <what>')
    .description('append a decision of the active task; Task and Head are computed')
    .option('--why <why>', 'the reason (required)')
    .option('--rejected <alternative>', 'an alternative rejected; repeatable', repeat, [] as string[])
    .option('--evidence <evidence>', 'what supports it; repeatable', repeat, [] as string[])
    .option('--supersedes <text>', 'the earlier decision this one replaces (its text, exactly)')
    .option('--json', 'print one JSON object')
    .action(async (what: string, options) => (await import('../commands/decision')).runDecisionAdd(what, options));
  decision
    .command('list')
    .description('the recorded decisions, in file order')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/decision')).runDecisionList(options));
  const question = program.command('question').description('open, resolve and list the questions that block acceptance (.ai/local/state/open-questions.md)');
  question
    .command('add <question>')
    .description('open a question against the active task')
    .option('--json', 'print one JSON object')
    .action(async (text: string, options) => (await import('../commands/question')).runQuestionAdd(text, options));
  question
    .command('resolve <number-or-text>')
    .description('answer a question: by its number (question list) or its exact text')
    .option('--answer <answer>', 'the answer (required)')
    .option('--json', 'print one JSON object')
    .action(async (which: string, options) => (await import('../commands/question')).runQuestionResolve(which, options));
  question
    .command('list')
    .description('every question, numbered, resolved or not')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/question')).runQuestionList(options));
  const knowledge = program.command('knowledge').description('the knowledge sources this repository declares and the objects they discover in git');
  knowledge
    .command('sources')
    .description('list the declared source classes (.ai/repo/knowledge/sources.yaml)')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/knowledge')).runKnowledgeSources(options));
  knowledge
    .command('nodes')
    .description('list the tracked files each class discovers, with kind, identity and path')
    .option('--kind <kind>', 'only the nodes of this kind')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/knowledge')).runKnowledgeNodes(options));
  knowledge
    .command('derive')
    .description("write one episode's decisions, answers and finished tasks as candidate records under the knowledge section's candidates/")
    .option('--episode <id>', 'the episode to derive (default: the newest closed one)')
    .option('--json', 'print one JSON object')
    .action(async (options) => (await import('../commands/knowledge')).runKnowledgeDerive(options));
}

/** `usecase`: the repository's executable use cases (.ai/repo/use-cases/, engine/commands/usecase.ts). */
function addUseCaseCommands(program: Command): void {
  const usecase = program.command('usecase').description('list, validate and run the executable use cases of .ai/repo/use-cases/');
  usecase
    .command('list')
    .description('every use case: id, status, target, steps, title')
    .option('--json', 'print one JSON object a line')
    .action(async (options) => (await import('../commands/usecase')).runUseCaseList(options));
  usecase
    .command('validate [id]')
    .description('judge each use case file against the format (exit 10 when one is not valid)')
    .option('--json', 'print one JSON object a line')
    .action(async (id: string | undefined, options) => (await import('../commands/usecase')).runUseCaseValidate(id, options));
  usecase
    .command('run [id]')
    .description('execute each scenario against this CLI in a fresh repository; evidence under .ai/local/evidence/use-cases/ (exit 10 when one failed)')
    .option('--json', 'print one JSON object a line')
    .action(async (id: string | undefined, options) => (await import('../commands/usecase')).runUseCaseRun(id, options));
}

/** The context builder: what the next worker needs, within the policy's budget (engine/commands/context.ts). */
function addContextCommand(program: Command): void {
  program
    .command('context')
    .description('print what the next worker needs: the task and scope, the current state, open questions, recent decisions, the previous turn')
    .option('--json', 'print one JSON object')
    .option('--budget-lines <n>', 'the budget in lines, over context.builder_budget_lines')
    .action(async (options) => (await import('../commands/context')).runContext(options));
}

/** Run the CLI and set process.exitCode (never process.exit: piped output must drain). */
export async function main(argv: readonly string[]): Promise<void> {
  guardOutput();
  try {
    await buildProgram().parseAsync(argv as string[], { from: 'user' });
  } catch (error) {
    process.exitCode = exitCodeFor(error);
  }
}

/**
 * Output that cannot be written never becomes a stack. A reader that went away (`| head`, EPIPE) is
 * the reader's choice: the command ends quietly with its own exit code. Any other write error (ENOSPC
 * on a full disk, EIO) means the findings were lost: one line on stderr, and the command fails with 2
 * unless it already fails with a code of its own.
 */
function guardOutput(): void {
  let reported = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || reported) return;
    reported = true;
    try {
      process.stderr.write(`majordomus: cannot write the output (${error.code ?? error.message}); the findings were not all printed (free the destination, or write elsewhere)\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left to say it
    }
    if (!process.exitCode) process.exitCode = ExitCode.usage;
  });
  // a closed stderr must not crash the command either; its exit code still speaks
  process.stderr.on('error', () => undefined);
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    // asked-for help (`--help`, `help`, `help <command>`) and the version are answers; help shown
    // because a subcommand is missing is a usage error
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
    if (error.code === 'commander.help' && error.exitCode === 0) return ExitCode.ok;
    return ExitCode.usage; // commander has already printed what was wrong
  }
  if (error instanceof MajordomusError) {
    // one line, then the listing it carries; a path or value inside either cannot forge a line
    const lines = [`majordomus: ${escapeControls(error.message)}`, ...error.details.map(escapeControls)];
    process.stderr.write(`${lines.join('\n')}\n`);
    return error.exitCode;
  }
  const text = describeThrown(error);
  process.stderr.write(`majordomus: internal error: ${escapeControls(text)} (this is a bug; run again with MAJORDOMUS_DEBUG=1 for the stack)\n`);
  const stack = process.env.MAJORDOMUS_DEBUG === '1' ? stackOf(error) : undefined;
  if (stack) process.stderr.write(`${stack}\n`);
  return ExitCode.internal;
}
