/**
 * `capture session --event start|compact|end`: the command a provider's lifecycle hooks run
 * (engine/capture/). It never stands in the agent's way: a refusal is printed and the hook exits 0,
 * unless the policy lists this hook under `enforcement` (`wired_by: provider-hook:<provider>:session`),
 * in which case the refusal keeps its own exit code.
 */
import { readFileSync } from 'node:fs';
import { MajordomusError, UsageError } from '../errors';
import { policyValue } from '../records/command';
import { Repository } from '../repository';

export interface CaptureSessionOptions {
  readonly event?: string;
  readonly provider?: string;
  readonly json?: boolean;
}

const EVENTS = ['start', 'compact', 'end'] as const;

/** `capture session --event <e> [--provider claude-code] [--json] < payload`. */
export async function runCaptureSession(options: CaptureSessionOptions, cwd = process.cwd(), env = process.env): Promise<void> {
  const event = options.event;
  if (!(EVENTS as readonly (string | undefined)[]).includes(event)) {
    throw new UsageError(`capture session: --event ${JSON.stringify(event ?? '')} is not one of ${EVENTS.join(', ')} (run: majordomus capture session --help)`);
  }
  const provider = options.provider ?? 'claude-code';
  if (provider !== 'claude-code') throw new UsageError(`capture session: --provider ${JSON.stringify(provider)} has no adapter here (known: claude-code)`);
  const adapter = await import('../capture/claude-code');
  const { capture } = await import('../capture/session');
  let repository: Repository | undefined;
  try {
    repository = Repository.open(cwd, { env, tree: 'working' });
    const call = adapter.readHookCall(event as (typeof EVENTS)[number], readStdin(), env);
    const outcome = await capture(repository, adapter.PROVIDER, event as (typeof EVENTS)[number], call);
    if (options.json) {
      const { text: _text, ...rest } = outcome as typeof outcome & { text?: string };
      process.stdout.write(`${JSON.stringify({ event, ...rest })}\n`);
      return;
    }
    process.stdout.write(`${describe(outcome)}\n`);
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    if (repository !== undefined && enforcing(repository, adapter.PROVIDER)) throw error;
    // the agent goes on; the person reading the hook's output learns why nothing was recorded
    if (options.json) process.stdout.write(`${JSON.stringify({ event, action: 'refused', exit: error.exitCode, message: error.message })}\n`);
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
      return outcome.note !== undefined ? `capture: session ${outcome.session.session_id}: ${outcome.note}` : `capture: session ${outcome.session.session_id}: checkpoint ${outcome.path ?? `at ${outcome.checkpoint_at}`}`;
    case 'closed':
      return outcome.record;
    case 'none':
      return `capture: ${outcome.note}`;
  }
}

/** Whether the policy marks this provider's session hook as enforcement wiring. */
function enforcing(repository: Repository, provider: string): boolean {
  try {
    const entries = policyValue(repository, 'enforcement');
    return Array.isArray(entries) && entries.some((entry) => entry !== null && typeof entry === 'object' && (entry as Record<string, unknown>).wired_by === `provider-hook:${provider}:session`);
  } catch {
    return false;
  }
}

/** The hook's payload; nothing when stdin is a terminal. */
function readStdin(): string {
  if (process.stdin.isTTY) return '';
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}
