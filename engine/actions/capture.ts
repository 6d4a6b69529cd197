/**
 * `capture session --event start|compact|end`: the command a provider's lifecycle hooks run
 * (engine/capture/). It never stands in the agent's way: a refusal is printed and the hook exits 0,
 * unless the policy lists this hook under `enforcement` (`wired_by: provider-hook:<provider>:session`),
 * in which case the refusal keeps its own exit code.
 *
 * With MAJORDOMUS_CAPTURE_PROBE set (engine/capture/probe.ts), `capture session` is a dry run: it walks
 * the whole path, writes nothing, and prints the probe line; `capture status` and the wiring rule set it
 * to prove the hooks in the settings file reach this tool.
 */
import { dirname } from 'node:path';
import type { Bypass } from '../capture/guard';
import { bypassesIn } from '../capture/guard';
import type { Invocation } from '../commands/define';
import { ContractError, MajordomusError, MissingError, UsageError } from '../errors';
import { readStdin as readStdinBytes } from '../io/stdin';
import { lockFile, withWriteLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import { policyValue } from '../layer/policy';
import { Repository } from '../layer/repository';
import { readInside } from '../state/records/model';

export interface CaptureSessionOptions {
  readonly event?: string;
  readonly provider?: string;
  readonly json?: boolean;
}

const EVENTS = ['start', 'compact', 'end'] as const;

/** `capture session --event <e> [--provider claude-code] [--json] < payload`. */
export async function runCaptureSession(options: CaptureSessionOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const event = options.event;
  if (!(EVENTS as readonly (string | undefined)[]).includes(event)) {
    throw new UsageError(
      `capture session: --event ${JSON.stringify(event ?? '')} is not one of ${EVENTS.join(', ')} (run: majordomus capture session --help)`,
    );
  }
  const provider = options.provider ?? 'claude-code';
  if (provider !== 'claude-code')
    throw new UsageError(`capture session: --provider ${JSON.stringify(provider)} has no adapter here (known: claude-code)`);
  const adapter = await import('../capture/providers/claude-code');
  const { capture } = await import('../capture/session');
  const probe = await import('../capture/probe');
  let nonce: string | undefined;
  let repository: Repository | undefined;
  try {
    // read first: a marker that cannot be read stops the run before anything could be written
    nonce = probe.probeOf(env);
    repository = Repository.open(cwd, { env, tree: 'working' });
    const call = adapter.readHookCall(event as (typeof EVENTS)[number], readStdin('capture session'), env);
    const outcome = await capture(repository, adapter.PROVIDER, event as (typeof EVENTS)[number], call, { probe: nonce !== undefined });
    if (outcome.action === 'probe') {
      const line = probe.probeLine(nonce!, event as (typeof EVENTS)[number], outcome.would);
      process.stdout.write(options.json ? `${JSON.stringify({ event, ...outcome, probe: nonce, line })}\n` : `${line}\n`);
      return;
    }
    if (options.json) {
      const { text: _text, ...rest } = outcome as typeof outcome & { text?: string };
      process.stdout.write(`${JSON.stringify({ event, ...rest })}\n`);
      return;
    }
    process.stdout.write(`${describe(outcome)}\n`);
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    if (nonce !== undefined) {
      // a probe always ends 0: the line says how far the command got, and a refusal here is the finding
      const line = probe.probeRefusal(
        nonce,
        event as (typeof EVENTS)[number],
        error.exitCode,
        error.message.replace(/[\u0000-\u001f\u007f]/g, '?'),
      );
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ event, action: 'probe', probe: nonce, refused: true, exit: error.exitCode, message: error.message, line })}\n`
          : `${line}\n`,
      );
      return;
    }
    if (repository !== undefined && enforcing(repository, adapter.PROVIDER)) throw error;
    // the agent goes on; the person reading the hook's output learns why nothing was recorded
    if (options.json)
      process.stdout.write(`${JSON.stringify({ event, action: 'refused', exit: error.exitCode, message: error.message })}\n`);
    else process.stdout.write(`majordomus capture: ${error.message.replace(/[\u0000-\u001f\u007f]/g, '?')} (the agent goes on)\n`);
  }
}

function describe(outcome: Awaited<ReturnType<typeof import('../capture/session').capture>>): string {
  switch (outcome.action) {
    case 'opened':
    case 'continued':
      return [
        `session ${outcome.session.session_id} ${outcome.action === 'opened' ? 'opened' : 'continues'} (provider session ${outcome.key}) since ${outcome.session.started_at}`,
        `working context: ${outcome.context}`,
        ...(outcome.text ? ['', outcome.text] : []),
      ].join('\n');
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
  }
}

/** Whether the policy marks this provider's session hook as enforcement wiring. */
function enforcing(repository: Repository, provider: string): boolean {
  try {
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
    return false;
  }
}

/**
 * The hook's payload, through the one stdin reader (engine/io/stdin.ts): read to its end however late
 * the provider writes it (never taken as empty while the pipe is open), stopped at the cap; nothing
 * when stdin is a terminal. One that cannot be read, or is over the cap, is refused (2) rather than
 * read as nothing — the guard would then let the command by.
 */
function readStdin(command: string): string {
  const read = readStdinBytes();
  if (read.kind === 'terminal') return '';
  if (read.kind === 'unreadable')
    throw new UsageError(`${command}: cannot read the hook's payload from stdin (${read.code}); nothing was done`);
  if (read.kind === 'over')
    throw new UsageError(`${command}: the hook's payload on stdin is over the ${read.limit}-byte limit; nothing was done`);
  return read.bytes.toString('utf8');
}

export interface CaptureInstallOptions {
  readonly provider?: string;
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/** The provider adapter `--provider` names; 2 for one without an adapter. */
async function adapterFor(command: string, provider: string | undefined) {
  if (provider !== 'claude-code')
    throw new UsageError(`${command}: --provider ${JSON.stringify(provider ?? '')} has no adapter here (known: claude-code)`);
  return import('../capture/providers/claude-code');
}

/**
 * The settings file's text, or undefined when there is none. Only a regular UTF-8 file inside the
 * repository is read: a folder, a FIFO or a link leading out of the repository is refused (2), never
 * opened or quoted.
 */
function readSettings(root: string, file: string): string | undefined {
  const text = readInside(root, file);
  if (text !== undefined && typeof text !== 'string')
    throw new UsageError(`capture: ${file} cannot be read: ${text.unreadable}; nothing was written`);
  return text;
}

/**
 * `capture install --provider <p> [--dry-run] [--json]`: merge the provider's lifecycle hooks into its
 * settings file through the one writer, printing each hook it added; `--dry-run` prints the merged file
 * and writes nothing. Run again, it adds nothing.
 */
export async function runCaptureInstall(options: CaptureInstallOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const adapter = await adapterFor('capture install', options.provider);
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const { git } = repository;
  const command = 'capture install';
  const result = await withWriteLock(lockFile(git.commonDir), command, () => {
    const before = readSettings(git.root, adapter.SETTINGS_FILE);
    const { merged, added } = adapter.mergeHooks(adapter.parseSettings(before), adapter.wantedHooks());
    const text = `${JSON.stringify(merged, null, 2)}\n`;
    if (!options.dryRun && added.length > 0) {
      const plan = new WritePlan({ command, base: git.root, scopes: [{ dir: git.root, name: 'the repository' }] });
      plan.mkdir(dirname(adapter.SETTINGS_FILE));
      if (before === undefined) plan.create(adapter.SETTINGS_FILE, text);
      else plan.replace(adapter.SETTINGS_FILE, text);
      plan.commit();
    }
    return { added, text };
  });
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ provider: adapter.PROVIDER, file: adapter.SETTINGS_FILE, dry_run: options.dryRun === true, added: result.added, ...(options.dryRun ? { merged: JSON.parse(result.text) as unknown } : {}) })}\n`,
    );
    return;
  }
  if (options.dryRun) {
    process.stdout.write(result.text);
    return;
  }
  const lines = result.added.map(
    (hook) => `capture install: added ${hook.event}${hook.matcher ? ` (${hook.matcher})` : ''}: ${hook.command}`,
  );
  lines.push(
    result.added.length === 0
      ? `capture install: ${adapter.SETTINGS_FILE} already runs every hook; nothing changed`
      : `capture install: wrote ${adapter.SETTINGS_FILE}; next: majordomus capture status`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * `capture status --provider <p> [--json]`: each hook, wired or not, and each wired session hook probed
 * (engine/capture/probe.ts): run as the settings file has it, on a synthetic payload, in a dry run.
 * 12 when a hook is not wired (install is the fix), else 10 when a wired session hook does not reach
 * this tool, else 0.
 */
export async function runCaptureStatus(options: { provider?: string; json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const adapter = await adapterFor('capture status', options.provider);
  const { probeHooks } = await import('../capture/probe');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const settings = adapter.parseSettings(readSettings(repository.root, adapter.SETTINGS_FILE));
  const states = adapter.hookStates(settings, adapter.wantedHooks());
  const probes = await probeHooks(repository.root, adapter.sessionProbes(settings, repository.root), env);
  const rows = states.map((state) => ({
    state,
    probe: probes.find((result) => result.hookEvent === state.hook.event && result.command === state.hook.command),
  }));
  if (options.json) {
    const hooks = rows.map(({ state, probe }) => ({
      ...state.hook,
      installed: state.installed,
      ...(probe ? { reached: probe.reached, probe } : {}),
    }));
    process.stdout.write(`${JSON.stringify({ provider: adapter.PROVIDER, file: adapter.SETTINGS_FILE, hooks })}\n`);
  } else {
    const label = (row: (typeof rows)[number]): string =>
      !row.state.installed ? 'missing  ' : row.probe === undefined ? 'wired    ' : row.probe.reached ? 'reached  ' : 'unreached';
    const lines = rows.map(
      (row) => `${label(row)}  ${row.state.hook.event}  ${row.state.hook.command}${row.probe ? `  (${row.probe.detail})` : ''}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  const missing = states.filter((state) => !state.installed);
  if (missing.length > 0)
    throw new MissingError(
      `capture status: ${missing.length} hook(s) of ${adapter.PROVIDER} are not wired in ${adapter.SETTINGS_FILE} (run: majordomus capture install --provider ${adapter.PROVIDER})`,
    );
  const unreached = probes.filter((result) => !result.reached);
  if (unreached.length > 0) {
    throw new ContractError(
      `capture status: ${unreached.map((result) => `${result.hookEvent} runs \`${result.command}\`, which ${result.detail}`).join('; ')} (make the command findable where the provider runs it, e.g. npm install --global majordomus, then run capture status again)`,
    );
  }
}

/**
 * `capture guard [--provider claude-code] [--json]`: run on the provider's shell tool calls; refuses a
 * command that would skip this repository's git gates, naming the gate. Lets every other call through,
 * and so does a payload it cannot read or a policy with `capture.guard: false`. The default output is
 * the provider's hook contract (a deny decision, or nothing); `--json` prints the guard's own decision
 * instead, for a person or a test, and refuses (2) a payload it cannot read rather than letting it by.
 */
export async function runCaptureGuard(options: { provider?: string; json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const adapter = await adapterFor('capture guard', options.provider);
  const stdin = readStdin('capture guard');
  if (options.json) {
    const call = adapter.readToolCall(stdin);
    const decision = guardDecision(call.command, cwd, env);
    process.stdout.write(
      `${JSON.stringify({ provider: adapter.PROVIDER, tool: call.tool, ...(call.command !== undefined ? { command: call.command } : {}), ...decision })}\n`,
    );
    return;
  }
  const decision = guardDecision(adapter.shellCommandOf(stdin), cwd, env);
  if (decision.decision === 'deny') process.stdout.write(`${adapter.denyToolCall(decision.reason)}\n`);
}

/** What the guard decides about one shell command line (undefined: not a shell call). */
interface GuardDecision {
  readonly decision: 'allow' | 'deny';
  readonly reason: string;
  /** What was found, as written (`git commit --no-verify`). */
  readonly found: readonly string[];
  /** The git hooks (gates) the line would skip. */
  readonly gates: readonly string[];
  /** The policy's enforcement entries wired to those gates, by name. */
  readonly enforcement: readonly string[];
}

function guardDecision(command: string | undefined, cwd: string, env: NodeJS.ProcessEnv): GuardDecision {
  const allow = (reason: string, found: readonly Bypass[] = []): GuardDecision => ({
    decision: 'allow',
    reason,
    found: found.map((bypass) => bypass.found),
    gates: [...new Set(found.flatMap((bypass) => bypass.gates))],
    enforcement: [],
  });
  if (command === undefined) return allow('not a shell tool call');
  const found = bypassesIn(command);
  if (found.length === 0) return allow('the command skips no git gate');
  let gateNames: string[] = [];
  try {
    const repository = Repository.open(cwd, { env, tree: 'working' });
    if (policyValue(repository, 'capture.guard') === false) return allow('capture.guard is false in the policy', found);
    gateNames = enforcementNames(
      repository,
      found.flatMap((bypass) => bypass.gates),
    );
  } catch {
    // outside a repository the line still skips git's hooks; the guard refuses it without names
  }
  const first = found[0]!;
  const reason = `majordomus: \`${first.found}\` would skip this repository's ${first.gates.join(' and ')} gate${first.gates.length > 1 ? 's' : ''}${gateNames.length > 0 ? ` (${gateNames.join(', ')})` : ''}; run the command without it and fix what the gate reports (capture.guard: false in the policy turns this guard off)`;
  return {
    decision: 'deny',
    reason,
    found: found.map((bypass) => bypass.found),
    gates: [...new Set(found.flatMap((bypass) => bypass.gates))],
    enforcement: gateNames,
  };
}

/** The policy's enforcement entries wired to any of these git hooks, by name. */
function enforcementNames(repository: Repository, hooks: readonly string[]): string[] {
  const entries = policyValue(repository, 'enforcement');
  if (!Array.isArray(entries)) return [];
  return entries
    .filter(
      (entry): entry is { name: string; wired_by: string } =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as { name?: unknown }).name === 'string' &&
        typeof (entry as { wired_by?: unknown }).wired_by === 'string',
    )
    .filter(
      (entry) =>
        hooks.some((hook) => entry.wired_by === `git-hook:${hook}`) ||
        (hooks.some((hook) => hook.startsWith('every')) && entry.wired_by.startsWith('git-hook:')),
    )
    .map((entry) => entry.name);
}
