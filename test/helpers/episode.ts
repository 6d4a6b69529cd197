/**
 * One episode opened and closed by the real commands, as the tests that grow a sessions section start:
 * its record is then copied under other ids (each test names its copies its own way).
 */
import { expect } from 'vitest';

/** A run of the CLI in a repository or a field project, as far as closing an episode needs it. */
type Run = (args: readonly string[], options?: { input?: string }) => { code: number; stdout: string; stderr: string };

/** `session start`, then `session close` through `run`; the record it wrote: its path, file name, text and session id. */
export function closeOneEpisode(run: Run, read: (path: string) => string): { record: string; name: string; text: string; id: string } {
  expect(run(['session', 'start']).code).toBe(0);
  const closed = run(['session', 'close'], { input: 'An episode.\n' });
  expect(closed.code, closed.stderr).toBe(0);
  const record = closed.stdout.trim();
  const text = read(record);
  const id = /session_id: "([^"]+)"/.exec(text)![1]!;
  return { record, name: record.split('/').pop()!, text, id };
}
