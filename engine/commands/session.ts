/**
 * `session start|close|status|list|show`: one execution episode of one worker (engine/sessions/).
 * Text output is what a person reads; `--json` prints one object instead.
 */
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
