/**
 * A process that runs while this one computes. Its input and output are scratch files, not pipes: a
 * pipe is drained only while this process waits on its event loop, so a git listing a large index, or
 * reading ten thousand paths on its stdin, would stand still through every synchronous stretch of a
 * gate. With files it runs to its end on the other core, and its output is read once it has ended.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ScratchStreams } from './scratch';
import { closeScratchStreams, openScratchStreams, removeScratch, removeScratchStreams } from './scratch';

/** How a background process ended: what it wrote, what it said, its status (null when killed), or why it could not start. */
export interface BackgroundResult {
  readonly error?: Error;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run `command` with `args` in `cwd`, `input` on its stdin when given, without waiting for it; undefined
 * when its files cannot be made (a full or unwritable temporary folder): the caller then uses pipes.
 */
export function runInBackground(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly input?: string | readonly string[] },
): Promise<BackgroundResult> | undefined {
  let streams: ScratchStreams;
  try {
    streams = openScratchStreams('majordomus-git-', options.input);
  } catch {
    return undefined;
  }
  return new Promise((resolvePromise) => {
    const { dir, outputFile } = streams;
    const err: Buffer[] = [];
    let failed: Error | undefined;
    try {
      const child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env,
        stdio: [streams.input ?? 'ignore', streams.output, 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error) => {
        failed = error;
      });
      child.on('close', (status) => {
        let stdout = '';
        try {
          stdout = readFileSync(outputFile, 'utf8');
        } catch (error) {
          failed ??= error as Error;
        }
        removeScratchStreams(streams);
        resolvePromise({ error: failed, status, stdout, stderr: Buffer.concat(err).toString('utf8') });
      });
    } catch (error) {
      removeScratch(dir);
      resolvePromise({ error: error as Error, status: null, stdout: '', stderr: '' });
    } finally {
      // the child holds its own copies of the descriptors
      closeScratchStreams(streams);
    }
  });
}
