/**
 * Questions to git asked before the program has loaded. Every gate a hook or a CI job runs begins by
 * finding its repository (one `git rev-parse`) and listing its index and what `git add` could take;
 * asked where the program asks them, those processes started once the program had loaded, and the run
 * waited for them. The launcher (engine/cli/early.ts) starts the same processes as its first act
 * instead, while V8 loads the program on this core and git answers on the other; the gate finds its
 * answers in, or on their way.
 *
 * An answer asked early answers exactly one question — these arguments, this directory, this
 * environment object — and is taken once, by the first run of git that asks it; anything else is asked
 * as before. The launcher asks only what a command asks before it changes anything, so the answer is
 * the one it would have had. The answers live on `globalThis`, where the launcher and the program it
 * loads, two bundles, both find them.
 */

/** What git answered, as the runners in ./git.ts take it. */
export interface EarlyResult {
  readonly error?: Error;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface Early {
  readonly key: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Undefined when the question could not be asked after all: whoever asks it, asks it again. */
  readonly answer: Promise<EarlyResult | undefined>;
  result?: EarlyResult;
}

/** What every gate asks first, finding its repository (./git.ts `GitRepository.discover`). */
export const DISCOVERY_OPTIONS: ReadonlyArray<string | readonly [string, string]> = [
  '--show-toplevel',
  '--absolute-git-dir',
  '--git-common-dir',
  ['--git-path', 'hooks'],
];

/** That question's arguments, as `git rev-parse` is run with them. */
export const DISCOVERY: readonly string[] = ['rev-parse', ...DISCOVERY_OPTIONS.flat()];

/** The whole index, as a gate lists it ahead (./git.ts `prefetch`). */
export const STAGED: readonly string[] = ['ls-files', '--stage', '-z', '--', '.'];

/**
 * A question's input that is another question's output: what git answers to `outputOf`, asked in the
 * same place (`ls-files` naming the paths `check-attr` reads on its stdin). A process that starts both
 * runs the second only when the first succeeded; otherwise the first one's status is the answer.
 */
export interface OutputOf {
  readonly outputOf: readonly string[];
}

/** What a question to git reads on its stdin: text, text in parts, or another question's output. */
export type GitInput = string | readonly string[] | OutputOf;

/** True when `input` is another question's output. */
export function isOutputOf(input: GitInput | undefined): input is OutputOf {
  return typeof input === 'object' && input !== null && 'outputOf' in input;
}

/**
 * The questions that say which tracked files under `root` git vouches for (./content-id.ts): whether
 * line endings convert, which files differ from the index, and every attribute of every tracked file.
 * A gate that judges the layer asks them about the layer's top folder once; the launcher asks them
 * early where the index is large (engine/cli/early.ts).
 */
export function vouchQuestions(root: string): readonly { readonly args: readonly string[]; readonly input?: OutputOf }[] {
  return [
    { args: ['config', '--get', '--', 'core.autocrlf'] },
    { args: ['diff-files', '--name-only', '-z', '--', `:(literal)${root}`] },
    // every attribute a path has (none, in most repositories: then git prints nothing at all)
    { args: ['check-attr', '-z', '--stdin', '--all'], input: { outputOf: ['ls-files', '-z', '--', `:(literal)${root}`] } },
  ];
}

const SLOT = Symbol.for('majordomus.git-early');

/**
 * The answers asked early; none where nothing was. Only `putEarly` makes the list, as the launcher's
 * first act: reading never adds a global (a validator's run is checked for that, engine/gate/isolation/).
 */
function asked(): Early[] {
  return (globalThis as { [SLOT]?: Early[] })[SLOT] ?? NONE;
}

const NONE: Early[] = [];

/** The name of a question: its arguments, and the arguments of the question whose output is its input. */
function keyOf(args: readonly string[], from: OutputOf | undefined): string {
  return from === undefined ? args.join('\0') : `${args.join('\0')}\0<\0${from.outputOf.join('\0')}`;
}

/** Keep `answer` as the answer to `args` (its input the output of `from`, when given) asked in `cwd` with `env`. */
export function putEarly(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  answer: Promise<EarlyResult | undefined>,
  from?: OutputOf,
): void {
  const early: Early = { key: keyOf(args, from), cwd, env, answer };
  void answer.then((result) => {
    early.result = result;
  });
  const holder = globalThis as { [SLOT]?: Early[] };
  holder[SLOT] ??= [];
  holder[SLOT].push(early);
}

/** Wait for the repository's discovery, when it was asked early: the command then finds its answer in. */
export async function earlyAnswered(): Promise<void> {
  const key = DISCOVERY.join('\0');
  const discovery = asked().find((early) => early.key === key);
  if (discovery) await discovery.answer;
}

function take(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, settled: boolean, from?: OutputOf): Early | undefined {
  const list = asked();
  if (list.length === 0) return undefined;
  const key = keyOf(args, from);
  const at = list.findIndex((early) => early.key === key && early.cwd === cwd && early.env === env && (!settled || early.result));
  return at === -1 ? undefined : list.splice(at, 1)[0];
}

/** The answer asked early to exactly `args` in `cwd` with `env` (the same object), once, when it is in. */
export function takeEarly(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): EarlyResult | undefined {
  return take(args, cwd, env, true)?.result;
}

/**
 * The answer asked early to exactly `args` in `cwd` with `env`, once, in or on its way; it comes as
 * undefined when the question could not be asked after all (the caller asks it itself).
 */
export function takeEarlyAnswer(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  from?: OutputOf,
): Promise<EarlyResult | undefined> | undefined {
  return take(args, cwd, env, false, from)?.answer;
}

/** True when the question `args` (its input the output of `from`) was asked early in `cwd` with `env` and is not taken yet. */
export function askedEarly(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, from?: OutputOf): boolean {
  const key = keyOf(args, from);
  return asked().some((early) => early.key === key && early.cwd === cwd && early.env === env);
}
