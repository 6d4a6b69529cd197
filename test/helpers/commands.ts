/**
 * A read-only `rules` command run in the test's own process, for a test that has just run a write
 * command through the built CLI and wants the verdict after it (`rules vendor status` exits 0, the rule
 * `rules list --json` shows last): the command's own function, its stdout captured, and an error with an
 * exit code turned into that code, as engine/cli/program.ts does. The commands' own output and exit status stay
 * with the tests that spawn them.
 */

import { runRulesList } from '../../engine/actions/rules/list';
import { runVendorStatus } from '../../engine/actions/rules/vendor';
import { MajordomusError } from '../../engine/errors';
import type { RunResult } from './repo';

/** Run `command` with the process's stdout captured; the code the CLI would exit with. */
async function captured(command: () => Promise<void>): Promise<RunResult> {
  const out: string[] = [];
  const write = process.stdout.write;
  // the tests of a file run one after another, and nothing else of the worker writes to stdout meanwhile
  process.stdout.write = ((chunk: string | Uint8Array) => (
    out.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true
  )) as typeof process.stdout.write;
  try {
    await command();
    return { code: 0, stdout: out.join(''), stderr: '' };
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    return { code: error.exitCode, stdout: out.join(''), stderr: `${[`majordomus: ${error.message}`, ...error.details].join('\n')}\n` };
  } finally {
    process.stdout.write = write;
  }
}

/** `majordomus rules list [--json]` in the repository at `repo.dir`, in process. */
export function rulesListInProcess(repo: { readonly dir: string }, json = true): Promise<RunResult> {
  return captured(() => runRulesList({ json }, { cwd: repo.dir, env: process.env, self: '' }));
}

/** `majordomus rules vendor status` in the repository at `repo.dir`, in process. */
export function vendorStatusInProcess(repo: { readonly dir: string }): Promise<RunResult> {
  return captured(() => runVendorStatus({ cwd: repo.dir, env: process.env, self: '' }));
}
