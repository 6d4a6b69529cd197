/**
 * The probe: proof that a provider's session hook, as its settings file has it, reaches this tool. The
 * hook's command is run exactly as written (through `sh -c`, at the repository's top level), fed a
 * synthetic payload of the provider's own format, with MAJORDOMUS_CAPTURE_PROBE set to a fresh nonce.
 * `capture session` seeing that variable does a dry run — the payload read, the repository opened, the
 * provider session and its episode resolved — writes nothing and prints a line holding the nonce. Only
 * that line proves the command got there: an exit 0 alone could be any program.
 *
 * The marker is a variable, not a flag, because the command line in the settings file is the user's.
 * Closing somebody's open episode is not a price a diagnostic may charge, so the dry run is the only
 * thing a probe ever asks of the command.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { defineModel } from '../api/validator';
import { UsageError } from '../errors';
import type { ProbeEvent } from './providers/types';

/** The variable that turns `capture session` into a dry run; its value is the nonce the probe looks for. */
export const PROBE_VARIABLE = 'MAJORDOMUS_CAPTURE_PROBE';

/**
 * The longest a probe may take (but the session-end hook's, held to the provider's own budget by its
 * adapter): the hook's own `timeout` when shorter. A dry run that needs over 10 s is broken, and a
 * diagnostic (doctor among them) must not hang on it.
 */
export const PROBE_CAP_MS = 10_000;

/** Output beyond this is not kept: the first stderr line and the probe line are all that is read. */
const OUTPUT_CAP = 64 * 1024;

/** A fresh nonce: the probe line must hold this one, not one left in some log. */
export function probeNonce(): string {
  return randomBytes(8).toString('hex');
}

/**
 * The nonce this process was started with, or undefined outside a probe. A value that is not a plain
 * word is refused (2) rather than ignored: a run meant as a dry run must never become a real one.
 */
export function probeOf(env: NodeJS.ProcessEnv): string | undefined {
  const value = env[PROBE_VARIABLE];
  if (value === undefined || value === '') return undefined;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new UsageError(
      `capture session: ${PROBE_VARIABLE} is set to ${JSON.stringify(value.slice(0, 80))}, which is not a probe nonce (letters, digits, _ and -, at most 64); nothing was done`,
    );
  }
  return value;
}

/** The line a dry run prints when it got through: `<prefix> <event> ok: <what it would do>`. */
export function probeLine(nonce: string, event: ProbeEvent, would: string): string {
  return `${probePrefix(nonce)} ${event} ok: would ${would}`;
}

/** The line a dry run prints when the command reached this tool and refused (exit it would have had). */
export function probeRefusal(nonce: string, event: ProbeEvent, exit: number, message: string): string {
  return `${probePrefix(nonce)} ${event} refused (exit ${exit}): ${message}`;
}

function probePrefix(nonce: string): string {
  return `majordomus capture probe ${nonce}:`;
}

/** One session hook to probe: our event, the provider's event name, the command as the settings file has it, the payload. */
export interface ProbeRequest {
  readonly event: ProbeEvent;
  readonly hookEvent: string;
  readonly command: string;
  /** How long the provider lets it run, in milliseconds; the probe kills it past that. */
  readonly limitMs: number;
  /** Where the limit comes from, for the message when it is passed. */
  readonly limitFrom?: string;
  /** The variables the provider sets for its hooks (the project folder), over the caller's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** The synthetic payload for this event, built by the provider's adapter around the nonce. */
  payload(nonce: string): string;
}

/** What one probe found. */
export interface ProbeResult {
  readonly event: ProbeEvent;
  readonly hookEvent: string;
  readonly command: string;
  /** True when the command exited 0 and printed the probe line with this run's nonce. */
  readonly reached: boolean;
  /** What the dry run said it would do (reached), or why the command did not get there. */
  readonly detail: string;
  readonly exit: number | null;
  readonly signal: string | null;
  readonly timed_out: boolean;
  readonly limit_ms: number;
}

/**
 * Run each hook command in turn (never two at once: a session-end hook is timed, and a probe competing
 * with its siblings for the processor would measure the wrong thing).
 */
export async function probeHooks(
  root: string,
  requests: readonly ProbeRequest[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const request of requests) results.push(await probeOne(root, request, env));
  return results;
}

async function probeOne(root: string, request: ProbeRequest, env: Readonly<Record<string, string | undefined>>): Promise<ProbeResult> {
  const nonce = probeNonce();
  const limit = request.limitMs;
  const childEnv: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  // the provider's own variables (the project folder); the probe's own marker goes last so nothing overrides it
  Object.assign(childEnv, request.env);
  childEnv[PROBE_VARIABLE] = nonce;
  const run = await spawnLimited(request.command, root, childEnv, request.payload(nonce), limit);
  const base = {
    event: request.event,
    hookEvent: request.hookEvent,
    command: request.command,
    exit: run.exit,
    signal: run.signal,
    timed_out: run.timedOut,
    limit_ms: limit,
  };
  const prefix = `${probePrefix(nonce)} ${request.event} `;
  const line = run.stdout.split('\n').find((text) => text.startsWith(prefix));
  if (run.timedOut)
    return {
      ...base,
      reached: false,
      detail: `did not finish within ${limit} ms (${request.limitFrom ?? 'its limit'}; the provider cancels a hook that takes longer)`,
    };
  if (run.spawnError !== undefined) return { ...base, reached: false, detail: `could not be started: ${run.spawnError}` };
  if (line !== undefined && run.exit === 0 && line.slice(prefix.length).startsWith('ok: '))
    return { ...base, reached: true, detail: line.slice(prefix.length + 'ok: '.length) };
  if (line !== undefined) return { ...base, reached: false, detail: `reached majordomus, but was ${line.slice(prefix.length)}` };
  const said = firstLine(run.stderr) ?? firstLine(run.stdout);
  const how = run.exit !== null ? `exit ${run.exit}` : `killed by ${run.signal ?? 'a signal'}`;
  return { ...base, reached: false, detail: `does not reach majordomus (${how}${said ? `: ${said}` : ', nothing printed'})` };
}

function firstLine(text: string): string | undefined {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '');
  // printed back inside one message line: control characters would forge lines of their own
  return line === undefined
    ? undefined
    : line
        .trim()
        .slice(0, 200)
        .replace(/[\u0000-\u001f\u007f]/g, '?');
}

interface Spawned {
  readonly exit: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly spawnError?: string;
}

/**
 * `sh -c command` with `input` on stdin, killed with its whole process group when over `limit` ms (the
 * command may start children that would otherwise hold the pipes, and the probe, open).
 */
function spawnLimited(command: string, cwd: string, env: NodeJS.ProcessEnv, input: string, limit: number): Promise<Spawned> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const finish = (result: Omit<Spawned, 'stdout' | 'stderr' | 'timedOut'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, stdout, stderr, timedOut });
    };
    const child = spawn('sh', ['-c', command], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      finish({ exit: null, signal: 'SIGKILL' });
    }, limit);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < OUTPUT_CAP) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < OUTPUT_CAP) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => finish({ exit: null, signal: null, spawnError: error.message }));
    child.on('close', (exit, signal) => finish({ exit, signal }));
    // a command that never reads its stdin closes the pipe under us; that is its business, not an error
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/**
 * The probe as a gate's validators reach it (`context.model(captureProbeModel)`): bound to the judged
 * repository and the gate's environment. Building it runs nothing; only `probe` spawns, so a gate whose
 * policy names no provider hook starts no process.
 */
export interface CaptureProbeModel {
  probe(requests: readonly ProbeRequest[]): Promise<ProbeResult[]>;
}

export const captureProbeModel = defineModel({
  name: 'capture probe',
  target: 'repository',
  build: (target): CaptureProbeModel => ({ probe: (requests) => probeHooks(target.path, requests, target.env) }),
});
