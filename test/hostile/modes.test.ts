/**
 * Every record is its owner's alone, whatever the umask: the task record and its archive, the
 * completion note, checkpoints and handovers, the decisions and questions stores, the ledger, the open
 * session, the session context, the closed session record and the use-case evidence are exactly 0600,
 * their folders 0700, under umasks 000, 022, 077 and 277. Each command runs through `sh` with the umask
 * set, as a user's shell would start it.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sh } from '../helpers/hostile';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const NOTE = '# Objective\\nx\\n\\n# Current State\\ny\\n\\n# Next Action\\nz\\n';

/** Every command that writes a record, in an order that writes each kind at least once. */
const STEPS = [
  '$M start first --scope .',
  `printf '${NOTE}' | $M checkpoint`,
  `printf '${NOTE}' | $M handover`,
  '$M decision add "use x" --why because',
  '$M question add "which y?"',
  '$M question resolve 1 --answer "this y"',
  '$M session start',
  "printf 'summary\\n' | $M session close",
  `printf '${NOTE}' | $M finish --outcome partial --verify-command 'git --version' --note -`,
  '$M start second --scope .',
  '$M session start',
];

/** Regular files and folders under `dir` with their permission bits. */
function modes(root: string, dir: string): { path: string; mode: number; folder: boolean }[] {
  const out: { path: string; mode: number; folder: boolean }[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(join(root, at), { withFileTypes: true })) {
      const path = `${at}/${entry.name}`;
      const stat = lstatSync(join(root, path));
      if (stat.isSymbolicLink()) continue;
      out.push({ path, mode: stat.mode & 0o777, folder: stat.isDirectory() });
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return out;
}

describe.each(['000', '022', '077', '277'])('umask %s', (umask) => {
  it('every record is 0600 and every folder of the local half 0700', () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    for (const step of STEPS) {
      const run = sh(repo.dir, `umask ${umask}; ${step}`);
      expect(run.code, `${step}: ${run.stderr}`).toBe(0);
    }
    const local = modes(repo.dir, '.ai/local');
    const kinds = new Set(local.filter((f) => !f.folder).map((f) => f.path.split('/').slice(0, 4).join('/')));
    // the record kinds written above, so a step that wrote nothing cannot pass this
    for (const kind of [
      '.ai/local/state/current.yaml',
      '.ai/local/state/ledger.jsonl',
      '.ai/local/state/checkpoints',
      '.ai/local/state/handovers',
    ])
      expect(kinds).toContain(kind);
    const sessions = modes(repo.dir, '.ai/repo/sessions').filter((f) => f.path.endsWith('.md'));
    expect(sessions.length).toBe(1);
    for (const file of [...local.filter((f) => !f.folder), ...sessions])
      expect({ path: file.path, mode: file.mode.toString(8) }).toEqual({ path: file.path, mode: '600' });
    for (const folder of local.filter((f) => f.folder))
      expect({ path: folder.path, mode: folder.mode.toString(8) }).toEqual({ path: folder.path, mode: '700' });
  });
});
