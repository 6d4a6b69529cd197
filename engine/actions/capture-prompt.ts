/**
 * `capture prompt [--provider <name>] [--json] < payload`: the provider's prompt hook. It never
 * blocks the prompt: whatever stops it (a payload it cannot read, an archive git would not ignore, a
 * full disk) is said on stderr, for the person, and the command exits 0 — on UserPromptSubmit, stdout is
 * read into the model's context and exit 2 erases the prompt, so neither carries a refusal. A probe
 * (MAJORDOMUS_CAPTURE_PROBE) writes nothing and prints its line.
 */
import type { Invocation } from '../commands/define';
import { MajordomusError } from '../errors';
import { adapterFor, payloadText, siteDirs } from './capture';

/** Printed on one line: a control character in a message cannot forge lines of its own. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, '?');
}

export async function runCapturePrompt(options: { provider?: string; json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const env = invocation.env as NodeJS.ProcessEnv;
  const adapter = await adapterFor('capture prompt', options.provider);
  const probe = await import('../capture/probe');
  const { capturePrompt } = await import('../capture/prompt');
  let nonce: string | undefined;
  try {
    nonce = probe.probeOf(env);
    const call = adapter.readPromptCall(payloadText('capture prompt'), env);
    const outcome = capturePrompt({ dirs: siteDirs(call.cwd, env[adapter.projectDirVariable], cwd), env }, adapter.name, call, {
      probe: nonce !== undefined,
    });
    if (nonce !== undefined) {
      const would =
        outcome.record === ''
          ? 'write nothing (capture.prompts is false in the policy)'
          : `write ${outcome.record} and ${outcome.rendering} (episode_link ${outcome.episode_link})`;
      const line = probe.probeLine(nonce, 'prompt', would);
      process.stdout.write(options.json ? `${JSON.stringify({ event: 'prompt', ...outcome, probe: nonce, line })}\n` : `${line}\n`);
      return;
    }
    // the hook's stdout is the model's context: a capture says nothing there unless asked for JSON
    if (options.json) process.stdout.write(`${JSON.stringify({ event: 'prompt', ...outcome })}\n`);
  } catch (caught) {
    // even a fault of this tool must not cost the person their prompt: it is said, and the prompt goes on
    const error =
      caught instanceof MajordomusError
        ? caught
        : { exitCode: 13, message: `an internal error (${caught instanceof Error ? caught.message : String(caught)}); please report it` };
    if (nonce !== undefined) {
      const line = probe.probeRefusal(nonce, 'prompt', error.exitCode, oneLine(error.message));
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ event: 'prompt', action: 'probe', probe: nonce, refused: true, exit: error.exitCode, message: error.message, line })}\n`
          : `${line}\n`,
      );
      return;
    }
    if (options.json)
      process.stdout.write(`${JSON.stringify({ event: 'prompt', action: 'refused', exit: error.exitCode, message: error.message })}\n`);
    process.stderr.write(`majordomus: this prompt was not archived: ${oneLine(error.message)}\n`);
  }
}
