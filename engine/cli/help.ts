/**
 * What `majordomus --help` says below the commands: the exit codes every command shares and the
 * environment variables the tool reads. Kept as data, so the help and its test read the same lists.
 */
import { ExitCode } from '../errors';

/** What each exit code means; a code added to ExitCode without a meaning here does not compile. */
export const EXIT_CODE_MEANINGS: Readonly<Record<keyof typeof ExitCode, string>> = Object.freeze({
  ok: 'nothing failed',
  usage: 'usage error, or input the command cannot use (not a git repository, a bad option)',
  contract: "a blocking rule failed (the rule's exit_code; the highest wins)",
  drift: 'drift found by watch',
  missing:
    'something required is missing: no .ai/manifest.yaml (run: majordomus init), or no active task for check, finish, checkpoint or handover (run: majordomus start)',
  internal: 'internal error, a bug (MAJORDOMUS_DEBUG=1 prints the stack)',
  refused: 'refused: the action would break a promise (a second init, a hook it cannot extend)',
});

/** An environment variable the tool reads at run time. */
export interface EnvironmentVariable {
  readonly name: string;
  /** The values it takes and what they do, in one line. */
  readonly meaning: string;
}

/**
 * Every `MAJORDOMUS_*` variable the tool reads at run time, sorted. A test fails when the engine or a
 * validator reads one this list lacks, or the list names one nothing reads. The test suite's and the
 * build's own variables are not the tool's and are not listed.
 */
export const ENVIRONMENT_VARIABLES: readonly EnvironmentVariable[] = Object.freeze([
  {
    name: 'MAJORDOMUS_CAPTURE_PROBE',
    meaning:
      "a nonce (letters, digits, _ and -): capture session does a dry run, writes nothing and prints a line holding the nonce (set by capture status and doctor's wiring rule to prove a provider hook reaches the tool)",
  },
  {
    name: 'MAJORDOMUS_CODE_CACHE',
    meaning: '0 (false, no, off): read and write no code cache (see XDG_CACHE_HOME); every run compiles the CLI afresh',
  },
  { name: 'MAJORDOMUS_DEBUG', meaning: '1: print the stack of an internal error (exit 13) and of a validator that threw' },
  {
    name: 'MAJORDOMUS_PROVIDER_SESSION',
    meaning:
      'the provider session this process works in: its open episode is the one session close and the ledger stamp use; capture session keys by it when the hook payload names none',
  },
  {
    name: 'MAJORDOMUS_REPOSITORY_VALIDATORS',
    meaning:
      "0 (false, no, off): run none of the checkout's commands — no repository validator, no provider hook probed by doctor, no use-case scenario — as --no-repository-validators does",
  },
  {
    name: 'MAJORDOMUS_TEST_KILL_AT_STEP',
    meaning:
      "test-only: a whole number N stops the command (SIGKILL) at its Nth write step, for the project's kill tests; never set it in use",
  },
  { name: 'MAJORDOMUS_TIMING', meaning: "1: print each rule's milliseconds and the gate's total on stderr" },
]);

/**
 * The variables of others the tool reads at run time for a purpose of its own, listed after its own.
 * Git's variables (GIT_INDEX_FILE inside a hook, and the rest) are git's business and are not listed.
 */
export const OTHER_ENVIRONMENT_VARIABLES: readonly EnvironmentVariable[] = Object.freeze([
  {
    name: 'CLAUDE_CODE_SESSION_ID',
    meaning: 'read as MAJORDOMUS_PROVIDER_SESSION is, to find the episode open for this Claude Code session (never to open one)',
  },
  {
    name: 'FORCE_COLOR',
    meaning: "colour the text output's FAIL (red) and WARN (yellow) even off a terminal; 0 or false: never colour",
  },
  { name: 'NO_COLOR', meaning: 'any value but the empty one: no colour on a terminal either (FORCE_COLOR, when set, decides first)' },
  { name: 'TERM', meaning: 'dumb: no colour on that terminal' },
  {
    name: 'CLAUDE_PROJECT_DIR',
    meaning:
      'the folder a Claude Code session started in: the capture hooks look there for an episode (and the installed hooks for node_modules/.bin) when the session has moved into a worktree',
  },
  {
    name: 'CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS',
    meaning: "Claude Code's time for its session-end hooks: capture status holds the session-end hook's probe to it",
  },
  {
    name: 'HOME',
    meaning: "capture status reads the user's Claude Code settings, ~/.claude/settings.json, beside the repository's",
  },
  {
    name: 'XDG_CACHE_HOME',
    meaning:
      "the code cache's folder is its majordomus/ (unset: the platform's cache folder, ~/.cache on Linux); deleting it is always safe",
  },
]);

/** The text `majordomus --help` prints after the commands. */
export function programHelpText(): string {
  const codes = Object.entries(EXIT_CODE_MEANINGS).map(
    ([name, meaning]) => `  ${String(ExitCode[name as keyof typeof ExitCode]).padEnd(4)}${meaning}`,
  );
  const listed = [...ENVIRONMENT_VARIABLES, ...OTHER_ENVIRONMENT_VARIABLES];
  const width = Math.max(...listed.map((variable) => variable.name.length)) + 2;
  const variables = listed.map((variable) => `  ${variable.name.padEnd(width)}${variable.meaning}`);
  return [
    '',
    'Exit codes:',
    ...codes,
    "  (brainstorm check and dist/detector.mjs keep the brainstorm contract's: 0 clean, 1 violations, 2 unusable input)",
    '',
    'Environment:',
    ...variables,
  ].join('\n');
}
