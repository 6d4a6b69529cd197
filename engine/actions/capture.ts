/**
 * The `capture` family: what a provider's own hooks run. `capture session` (here) opens, checkpoints and
 * closes episodes; `capture guard` (capture-guard.ts) refuses a shell command that would skip a git gate;
 * `capture prompt` (capture-prompt.ts) keeps the person's prompts; `capture install | uninstall |
 * status` (capture-settings.ts) wire and check the hooks in the provider's settings.
 *
 * A hook never stands in the agent's way: a refusal goes where the person reads it — SessionStart's and
 * PreCompact's JSON `systemMessage`, and stderr — and the hook exits 0, unless the policy lists the hook
 * under `enforcement` (`wired_by: provider-hook:<provider>:session`), in which case the refusal keeps its
 * own exit code; a compaction is never stopped by a usage refusal even then (exit 2 would stop it).
 * Nothing a refusal prints tells the model to run a command.
 *
 * With MAJORDOMUS_CAPTURE_PROBE set (engine/capture/probe.ts), a hook's command is a dry run: it walks
 * the whole path, writes nothing, and prints the probe line; `capture status` and the wiring rule set it
 * to prove the hooks in the settings file reach this tool.
 */
import { statSync } from 'node:fs';
import type { ProviderAdapter } from '../capture/providers/adapter';
import type { Invocation } from '../commands/define';
import { MajordomusError, UsageError } from '../errors';
import { MAX_STDIN_BYTES, readStdin as readPipe, stdinText } from '../io/stdin';
import { policyValue } from '../layer/policy';
import { Repository } from '../layer/repository';

export interface CaptureSessionOptions {
  readonly event?: string;
  readonly provider?: string;
  readonly json?: boolean;
}

const EVENTS = ['start', 'compact', 'end'] as const;

/** Printed on one line: a control character in a message cannot forge lines of its own. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, '?');
}

/**
 * The folders a hook may be about, best first: where the payload says the session works, the project
 * folder the provider names (its adapter's `projectDirVariable`, which stays put when the session enters
 * a worktree), and the folder the process runs in. Only folders that exist are kept.
 */
export function siteDirs(payloadCwd: string | undefined, projectDir: string | undefined, cwd: string): string[] {
  const dirs = [payloadCwd, projectDir, cwd].filter((dir): dir is string => {
    if (dir === undefined || dir === '' || !dir.startsWith('/')) return false;
    try {
      return statSync(dir).isDirectory();
    } catch {
      return false;
    }
  });
  return dirs.length > 0 ? dirs : [cwd];
}

/** `capture session --event <e> [--provider <name>] [--json] < payload`. */
export async function runCaptureSession(options: CaptureSessionOptions, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const env = invocation.env as NodeJS.ProcessEnv;
  const event = options.event;
  if (!(EVENTS as readonly (string | undefined)[]).includes(event)) {
    throw new UsageError(
      `capture session: --event ${JSON.stringify(event ?? '')} is not one of ${EVENTS.join(', ')} (run: majordomus capture session --help)`,
    );
  }
  const which = event as (typeof EVENTS)[number];
  const adapter = await adapterFor('capture session', options.provider, { orDefault: true });
  const { capture } = await import('../capture/session');
  const probe = await import('../capture/probe');
  let nonce: string | undefined;
  let dirs = [cwd];
  try {
    // read first: a marker that cannot be read stops the run before anything could be written
    nonce = probe.probeOf(env);
    const call = adapter.readHookCall(which, payloadText('capture session'), env);
    dirs = siteDirs(call.cwd, env[adapter.projectDirVariable], cwd);
    const outcome = await capture({ dirs, env }, adapter, which, call, { probe: nonce !== undefined });
    if (outcome.action === 'probe') {
      const line = probe.probeLine(nonce!, which, outcome.would);
      process.stdout.write(options.json ? `${JSON.stringify({ event, ...outcome, probe: nonce, line })}\n` : `${line}\n`);
      return;
    }
    if (options.json) {
      const { text: _text, ...rest } = outcome as typeof outcome & { text?: string };
      process.stdout.write(`${JSON.stringify({ event, ...rest })}\n`);
      return;
    }
    if (outcome.action === 'opened' || outcome.action === 'continued') {
      const context = [
        `session ${outcome.session.session_id} ${outcome.action === 'opened' ? 'opened' : 'continues'} (provider session ${outcome.key}) since ${outcome.session.started_at}`,
        `working context: ${outcome.context}`,
        ...(outcome.text ? ['', outcome.text] : []),
      ].join('\n');
      const notice = outcome.note === undefined ? undefined : `majordomus: ${oneLine(outcome.note)}`;
      process.stdout.write(`${adapter.sessionStartOutput(context, notice)}\n`);
      return;
    }
    process.stdout.write(`${describe(outcome)}\n`);
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    if (nonce !== undefined) {
      // a probe always ends 0: the line says how far the command got, and a refusal here is the finding
      const line = probe.probeRefusal(nonce, which, error.exitCode, oneLine(error.message));
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ event, action: 'probe', probe: nonce, refused: true, exit: error.exitCode, message: error.message, line })}\n`
          : `${line}\n`,
      );
      return;
    }
    // a usage refusal on PreCompact would stop the compaction itself: never, enforcing or not
    if (!(which === 'compact' && error.exitCode === 2) && enforcing(dirs, env, adapter.name)) throw error;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ event, action: 'refused', exit: error.exitCode, message: error.message })}\n`);
      return;
    }
    // the person learns that nothing was recorded; the model is told nothing
    const notice = `majordomus: nothing was recorded for this ${which === 'start' ? 'session start' : which === 'compact' ? 'compaction' : 'session end'}: ${oneLine(error.message)}`;
    process.stderr.write(`${notice}\n`);
    if (which === 'start') process.stdout.write(`${adapter.sessionStartOutput(undefined, notice)}\n`);
    else if (which === 'compact') process.stdout.write(`${adapter.noticeOutput(notice)}\n`);
  }
}

function describe(outcome: Awaited<ReturnType<typeof import('../capture/session').capture>>): string {
  switch (outcome.action) {
    case 'checkpoint':
      return outcome.note !== undefined
        ? `capture: session ${outcome.session.session_id}: ${outcome.note}`
        : `capture: session ${outcome.session.session_id}: checkpoint ${outcome.path ?? `at ${outcome.checkpoint_at}`}`;
    case 'closed':
      return outcome.record;
    case 'none':
      return `capture: ${outcome.note}`;
    case 'probe':
      return `capture: would ${outcome.would}`;
    default:
      return `capture: session ${outcome.session.session_id} ${outcome.action}`;
  }
}

/** Whether the policy of the first checkout that opens marks this provider's session hook as enforcement wiring. */
function enforcing(dirs: readonly string[], env: NodeJS.ProcessEnv, provider: string): boolean {
  for (const dir of dirs) {
    try {
      const repository = Repository.open(dir, { env, tree: 'working' });
      const entries = policyValue(repository, 'enforcement');
      return (
        Array.isArray(entries) &&
        entries.some(
          (entry) =>
            entry !== null &&
            typeof entry === 'object' &&
            (entry as Record<string, unknown>).wired_by === `provider-hook:${provider}:session`,
        )
      );
    } catch {
      // the next folder
    }
  }
  return false;
}

/**
 * The hook's payload, read from stdin blocking and capped (engine/io/stdin.ts); nothing when stdin is a
 * terminal. More than the cap, bytes that cannot be read or are not UTF-8 are refused (2).
 */
export function payloadText(command: string): string {
  const read = readPipe(MAX_STDIN_BYTES);
  if (read.kind === 'terminal') return '';
  if (read.kind === 'over') throw new UsageError(`${command}: the payload on stdin is over the ${read.limit}-byte limit; nothing was done`);
  if (read.kind === 'unreadable') throw new UsageError(`${command}: stdin cannot be read (${read.code}); nothing was done`);
  const text = stdinText(read.bytes);
  if (text === undefined) throw new UsageError(`${command}: the payload on stdin is not UTF-8 text; nothing was done`);
  return text;
}

/**
 * The provider adapter `--provider` names, from the registry; 2 naming the known ones for any other. With
 * `orDefault`, no name is the default provider.
 */
export async function adapterFor(
  command: string,
  provider: string | undefined,
  options: { readonly orDefault?: boolean } = {},
): Promise<ProviderAdapter> {
  const { DEFAULT_PROVIDER, loadProvider } = await import('../capture/providers/index');
  return loadProvider(options.orDefault ? (provider ?? DEFAULT_PROVIDER) : provider, command);
}
