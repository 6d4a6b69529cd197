/**
 * One temporary directory for the whole run: every test's repositories, templates and scratch files go
 * under it (TMPDIR is inherited by the workers and the processes they spawn), and it is removed when the
 * run ends — even when a worker was killed before its own clean-up ran.
 *
 * Where the system offers a memory-backed directory (/dev/shm on Linux), the run's directory is made
 * there: the suite creates tens of thousands of small files (a template copy per case, git's objects,
 * init's layer), and on a disk-backed file system each creation can cost a millisecond or more, which
 * was a third of the suite's time here. Nothing a test asserts depends on the file system being a disk
 * (modes, links, renames and FIFOs behave the same on tmpfs); elsewhere the system's temporary
 * directory is used as before.
 *
 * git's own variables are removed from the environment the workers inherit. Tests run gates in process
 * (helpers/gate.ts, the brainstorm detector): those get an environment built by `cleanEnv`, but engine
 * code that falls back to the process's environment would, in a suite run from inside a git hook, see
 * the hook's GIT_DIR or GIT_INDEX_FILE and ask the outer repository (RELIABILITY.md).
 */
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIELD_VARIABLE } from './helpers/field';
import { TEMPLATE_VARIABLE } from './helpers/repo';

const MEMORY_BACKED = '/dev/shm';

/** The memory-backed directory when it is there and writable, else the system's temporary directory. */
function base(): string {
  try {
    if (!statSync(MEMORY_BACKED).isDirectory()) return tmpdir();
    accessSync(MEMORY_BACKED, constants.W_OK | constants.X_OK);
    return MEMORY_BACKED;
  } catch {
    return tmpdir();
  }
}

export default function setup(): () => void {
  const dir = mkdtempSync(join(base(), 'majordomus-tests-'));
  // searchable by others, as the system's own temporary directory is: a test runs the CLI as another
  // user (read-only hooks, where root would ignore the mode) in a repository below it
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  // where the run's one adopted template goes, made by the first test process that needs it (helpers/repo.ts)
  process.env[TEMPLATE_VARIABLE] = join(dir, 'adopted-template');
  // where the run's one scratch project with the packed tarball installed goes (helpers/field.ts)
  process.env[FIELD_VARIABLE] = join(dir, 'field-project');
  for (const key of Object.keys(process.env)) if (key.startsWith('GIT_')) delete process.env[key];
  return () => rmSync(dir, { recursive: true, force: true });
}
