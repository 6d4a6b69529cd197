/**
 * The verify command of `finish --verify-command`: refused before it runs when it cannot fail
 * (./vacuous.ts) or when the policy pins the commands it accepts (`verification.commands`) and this is
 * none of them; otherwise run with `sh -c` at the repository's top level, its output sent to stderr
 * (stdout is the command's own report), under a time limit (`verification.timeout_seconds`, 1800 by
 * default), with a line on stderr when it starts and when it ends. Measured: exit status, seconds, and
 * whether the working tree changed while it ran — a verification that rewrites what it verifies has
 * verified something else — leaving out what the policy says it may write (`verification.outputs`) and
 * what git ignores.
 */
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { runGit } from '../../io/git';
import type { VerifyRun } from './attempt';
import { vacuousReason } from './vacuous';

export { vacuousReason } from './vacuous';

/** The policy's `verification` settings the verify command runs under. */
export interface VerifySettings {
  /** Seconds before the command is stopped. */
  readonly timeoutSeconds: number;
  /** Pathspecs it may write. */
  readonly outputs: readonly string[];
  /** The commands accepted, exact or `prefix *`; undefined: any that can fail. */
  readonly commands?: readonly string[];
}

/** `verification.timeout_seconds` when the policy does not set it: half an hour. */
export const DEFAULT_TIMEOUT_SECONDS = 1800;

/** How long a stopped command is given between SIGTERM and SIGKILL. */
const GRACE_MS = 5000;

/** What a prefix entry may be extended with: plain arguments, never another command. */
const PLAIN_ARGUMENTS = /^[A-Za-z0-9_@%+=:,./ -]*$/;

/** Why the policy refuses `command`, or undefined when it accepts it (or pins nothing). */
export function notPinned(command: string, commands: readonly string[] | undefined): string | undefined {
  if (!commands || commands.length === 0) return undefined;
  const given = command.trim();
  for (const entry of commands) {
    if (entry.endsWith(' *')) {
      const prefix = entry.slice(0, -2).trim();
      if (given === prefix) return undefined;
      if (given.startsWith(`${prefix} `) && PLAIN_ARGUMENTS.test(given.slice(prefix.length))) return undefined;
    } else if (given === entry.trim()) return undefined;
  }
  return `it is not one of the commands the policy accepts (verification.commands: ${commands.map((entry) => JSON.stringify(entry)).join(', ')})`;
}

/** Why `command` is refused before it runs, or undefined. */
export function verifyRefusal(command: string, settings: VerifySettings): string | undefined {
  return notPinned(command, settings.commands) ?? vacuousReason(command);
}

/**
 * Run the verify command in `root` and measure it; `say` gets the start and end lines (stderr). The
 * command runs in a process group of its own, so the time limit stops whatever it started.
 */
export async function runVerify(
  command: string,
  root: string,
  env: NodeJS.ProcessEnv,
  settings: VerifySettings,
  say: (line: string) => void,
): Promise<VerifyRun> {
  const refused = verifyRefusal(command, settings);
  if (refused) return { command, vacuous: refused };
  const before = treeFingerprint(root, env, settings.outputs);
  say(`finish: running \`${command}\` (stopped after ${settings.timeoutSeconds}s: verification.timeout_seconds)`);
  const started = performance.now();
  const { status, signal, timedOut } = await runGroup(command, root, env, settings.timeoutSeconds * 1000);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const number = signal ? (constants.signals as Record<string, number>)[signal] : undefined;
  const exit = status ?? (number !== undefined ? 128 + number : 127);
  say(
    timedOut
      ? `finish: \`${command}\` was stopped after ${seconds}s, over verification.timeout_seconds (${settings.timeoutSeconds})`
      : `finish: \`${command}\` exited ${exit} after ${seconds}s`,
  );
  return {
    command,
    exit,
    seconds,
    treeChanged: treeFingerprint(root, env, settings.outputs) !== before,
    ...(timedOut ? { timedOut: settings.timeoutSeconds } : {}),
  };
}

/** `sh -c command` in a process group of its own, stopped (the whole group) after `limitMs`. */
function runGroup(
  command: string,
  root: string,
  env: NodeJS.ProcessEnv,
  limitMs: number,
): Promise<{ status: number | null; signal: NodeJS.Signals | null; timedOut: boolean }> {
  return new Promise((done) => {
    const child = spawn('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 2, 2], detached: true });
    let timedOut = false;
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop('SIGTERM');
      setTimeout(() => stop('SIGKILL'), GRACE_MS).unref();
    }, limitMs);
    // interrupted ourselves (Ctrl-C reaches our group, not the command's): the command goes too
    const relay = (signal: NodeJS.Signals) => {
      stop(signal);
      process.off('SIGINT', relay);
      process.off('SIGTERM', relay);
      process.kill(process.pid, signal);
    };
    process.on('SIGINT', relay);
    process.on('SIGTERM', relay);
    const finish = (status: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      process.off('SIGINT', relay);
      process.off('SIGTERM', relay);
      done({ status, signal, timedOut });
    };
    child.on('error', () => finish(127, null));
    child.on('exit', (status, signal) => finish(status, signal));
  });
}

/**
 * The state of the working tree in one string: HEAD, the status of every tracked and untracked path
 * (ignored ones aside: build output is not the work; and the declared outputs aside), and the content
 * hash of each path git lists.
 */
export function treeFingerprint(root: string, env: NodeJS.ProcessEnv, outputs: readonly string[] = []): string {
  const head = runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], root, env).stdout.trim();
  const excluded = outputs.map((pathspec) => `:(exclude)${pathspec}`);
  const status = runGit(
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', '.', ...excluded],
    root,
    env,
  ).stdout;
  // a deleted path has no content to hash; its status line already says it is gone
  const present = status
    .split('\0')
    .filter((entry) => entry.length > 3 && !entry.slice(0, 2).includes('D'))
    .map((entry) => entry.slice(3));
  const hashes =
    present.length > 0
      ? spawnSync('git', ['hash-object', '--stdin-paths', '--no-filters'], { cwd: root, env, input: present.join('\n'), encoding: 'utf8' })
          .stdout
      : '';
  return `${head}\n${status}\n${hashes}`;
}
