// The long-lived repository in `npm run bench` (tools/bench.mjs): what a repository meets after years of
// work. `doctor` on 10,000 committed session records against `doctor` on a fresh repository (goal: at
// most 1.5x) and against the same repository with its one record, in the working tree and on the index
// as the pre-commit hook runs it, `knowledge nodes
// --kind session` on them (goal: at most 500 ms), and a commit through the
// installed pre-commit hook (doctor on the staged index, then update --check) on a fresh repository, on
// the 10,000 records and beside a 20,000-line ledger (four times the skeleton's cap: a WARN, never a
// refused commit). The hooks find the built CLI through a `majordomus` shim on PATH.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The number of committed session records the long-lived repository holds. */
export const RECORDS = 10_000;

/** The ledger's length in the ledger repository. */
export const LEDGER_LINES = 20_000;

const commit = ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q'];

/** A folder holding a `majordomus` that runs `cli`, and the environment with it first on PATH. */
export function hookShim(cli, env) {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-bench-shim-'));
  writeFileSync(join(dir, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${cli}' "$@"\n`);
  chmodSync(join(dir, 'majordomus'), 0o755);
  return { dir, env: { ...env, PATH: [dir, env.PATH ?? ''].join(delimiter) } };
}

/** A fresh repository whose ledger grew to LEDGER_LINES real lines (a task's start, again and again), committed. */
export function ledgerRepository({ run, cli, freshRepository }) {
  const dir = freshRepository();
  run('git', ['add', '-A'], dir);
  run('git', [...commit, '--no-verify', '-m', 'bench'], dir);
  run(process.execPath, [cli, 'start', 'bench the ledger', '--scope', '.'], dir);
  const ledger = join(dir, '.ai/local/state/ledger.jsonl');
  const [line] = readFileSync(ledger, 'utf8').split('\n');
  writeFileSync(ledger, `${Array.from({ length: LEDGER_LINES }, () => line).join('\n')}\n`);
  return dir;
}

/**
 * The targets of the long-lived repository: each times a whole process, alternating with the others. A
 * commit target commits an empty change through the hooks (git runs pre-commit for it all the same).
 */
export function historyTargets({ cli, fresh, one, records, ledger, shim, env }) {
  const node = process.execPath;
  const hooked = (name, cwd) => ({ name, command: 'git', argv: [...commit, '--allow-empty', '-m', 'bench'], cwd, env: shim.env });
  // what the pre-commit hook runs: doctor on the staged index (git exports GIT_INDEX_FILE to the hook)
  const staged = (name, cwd) => ({
    name,
    command: node,
    argv: [cli, 'doctor', '--quiet'],
    cwd,
    env: { ...env, GIT_INDEX_FILE: '.git/index' },
  });
  return [
    staged('doctor on the index, as the hook (fresh repository)', fresh),
    {
      ...staged(`doctor on the index, as the hook (${RECORDS} records)`, records),
      against: 'doctor on the index, as the hook (fresh repository)',
      goalAgainst: 1.5,
    },
    // the same repository as the records' with only the one record its real close wrote: so the records
    // are all that differs, where the fresh repository (nothing committed) differs by its commits too
    { name: 'doctor (the same, its 1 committed session record)', command: node, argv: [cli, 'doctor'], cwd: one },
    {
      name: `doctor (${RECORDS} committed session records)`,
      command: node,
      argv: [cli, 'doctor'],
      cwd: records,
      against: 'doctor (fresh repository)',
      goalAgainst: 1.5,
      alsoAgainst: 'doctor (the same, its 1 committed session record)',
    },
    {
      name: `knowledge nodes --kind session (${RECORDS})`,
      command: node,
      argv: [cli, 'knowledge', 'nodes', '--kind', 'session'],
      cwd: records,
      goal_ms: 500,
    },
    hooked('git commit through the hooks (fresh repository)', fresh),
    { ...hooked(`git commit through the hooks (${RECORDS} records)`, records), against: 'git commit through the hooks (fresh repository)' },
    {
      ...hooked(`git commit through the hooks (${LEDGER_LINES}-line ledger)`, ledger),
      against: 'git commit through the hooks (fresh repository)',
    },
  ];
}
