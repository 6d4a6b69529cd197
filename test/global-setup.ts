/**
 * One temporary directory for the whole run: every test's repositories, templates and scratch files go
 * under it (TMPDIR is inherited by the workers and the processes they spawn), and it is removed when the
 * run ends — even when a worker was killed before its own clean-up ran.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-tests-'));
  // searchable by others, as the system's own temporary directory is: a test runs the CLI as another
  // user (read-only hooks, where root would ignore the mode) in a repository below it
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
