/**
 * Running the built CLI as another user, for the tests where permissions must bind: root ignores a
 * file's mode, so as root the CLI runs as `nobody` (uid 65534). That user must reach the build — and a
 * clone typed where the README says (`/root/x`, under a folder other users cannot enter) is out of its
 * reach — so the build is copied, as the package ships it (package.json, dist/, share/, rules/), into a
 * folder of its own under the run's temporary directory, searchable by everyone. When even that copy, or
 * Node itself, cannot be run as `nobody` (no `setpriv`, a temporary directory others cannot enter), the
 * test says why and is skipped, rather than failing on the machine instead of the code.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './repo';

/** The user the CLI runs as when this process is root. */
export const NOBODY = 65534;

/** True when this process runs as root. */
export const AS_ROOT = process.getuid?.() === 0;

let prepared: { readonly cli: string } | { readonly skip: string } | undefined;

/** Make every folder of `dir` searchable and every file readable by others (the copy keeps no owner's mode). */
function openToOthers(dir: string): void {
  chmodSync(dir, statSync(dir).mode | 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) openToOthers(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode | 0o444);
  }
}

/** `[command, ...args]` run as `nobody` when this process is root, as is otherwise. */
export function asUnprivileged(command: readonly string[]): string[] {
  return AS_ROOT ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...command] : [...command];
}

/**
 * The CLI another user can run: this checkout's build when this process is not root (it runs as this
 * user), otherwise a copy of the build that `nobody` can reach, made once per test process. A `skip`
 * says why there is none.
 */
export function unprivilegedCli(): { readonly cli: string } | { readonly skip: string } {
  if (prepared) return prepared;
  if (!AS_ROOT) return (prepared = { cli: join(ROOT, 'dist/majordomus.cjs') });
  const node = spawnSync(asUnprivileged([process.execPath, '-e', '0'])[0]!, asUnprivileged([process.execPath, '-e', '0']).slice(1));
  if (node.error || node.status !== 0)
    return (prepared = {
      skip: `cannot run Node as uid ${NOBODY} (${node.error?.message ?? `exit ${node.status}`}): ${process.execPath} is out of that user's reach`,
    });
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-build-'));
  for (const part of ['package.json', 'dist', 'share', 'rules']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  openToOthers(dir);
  const cli = join(dir, 'dist/majordomus.cjs');
  const probe = asUnprivileged([process.execPath, cli, '--version']);
  const result = spawnSync(probe[0]!, probe.slice(1), { encoding: 'utf8' });
  if (result.error || result.status !== 0)
    return (prepared = {
      skip: `uid ${NOBODY} cannot run the copy of the build at ${cli} (${result.error?.message ?? `exit ${result.status}: ${result.stderr.trim()}`}): the temporary directory ${tmpdir()} is out of that user's reach`,
    });
  return (prepared = { cli });
}
