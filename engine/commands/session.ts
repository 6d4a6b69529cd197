/**
 * `session start|close|status|list|show`: one execution episode of one worker (engine/sessions/).
 * Text output is what a person reads; `--json` prints one object instead.
 */
import { readFileSync } from 'node:fs';
import { Repository } from '../repository';

export interface SessionStartOptions {
  readonly worker?: string;
  readonly owner?: string;
  readonly providerSession?: string;
  readonly json?: boolean;
}

/** `session start [--worker <id>] [--owner <who>] [--provider-session <key>]`. */
export async function runSessionStart(options: SessionStartOptions, cwd = process.cwd(), env = process.env): Promise<void> {
  const { startSession } = await import('../sessions/start');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const { session, key, context } = startSession(repository, { worker: options.worker, owner: options.owner, providerSession: options.providerSession ?? env.MAJORDOMUS_PROVIDER_SESSION ?? undefined });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ...session, key, context })}\n`);
    return;
  }
  process.stdout.write(
    [
      `session ${session.session_id} opened at ${session.started_at} (head ${session.start_head === '' ? 'unborn' : session.start_head.slice(0, 7)})`,
      `working context: ${context}`,
      'next: majordomus context; majordomus session close when the episode ends',
    ].join('\n') + '\n',
  );
}

export interface SessionCloseOptions {
  readonly outcome?: string;
  readonly ifNone?: string;
  readonly providerSession?: string;
  readonly json?: boolean;
}

/** `session close [--outcome closed|interrupted] [--if-none refuse|ignore] [--provider-session <key>] < summary`. */
export async function runSessionClose(options: SessionCloseOptions, cwd = process.cwd(), env = process.env): Promise<void> {
  const { closeSession } = await import('../sessions/close');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const result = closeSession(repository, { outcome: options.outcome, ifNone: options.ifNone, providerSession: options.providerSession, summary: readSummary(), env });
  if (!result.closed) {
    if (options.json) process.stdout.write(`${JSON.stringify({ closed: false })}\n`);
    else process.stderr.write('majordomus: session close: no episode is open here; nothing to close\n');
    return;
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ closed: true, session_id: result.session.session_id, outcome: result.outcome, record: result.record, resumed: result.resumed })}\n`);
    return;
  }
  process.stdout.write(`${result.record}\n`);
}

/** The summary on stdin; nothing when stdin is a terminal (a person at a prompt gives none by typing). */
function readSummary(): string {
  if (process.stdin.isTTY) return '';
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}
