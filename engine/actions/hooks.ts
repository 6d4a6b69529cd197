/**
 * hooks install | status | uninstall: the hook half of `init`, on its own. `install` plans exactly what
 * init plans for hooks (./init-hooks.ts) through the same writer, under the same lock; `status` asks of
 * each `git-hook:` entry of the policy what the wiring rule asks (engine/hooks/managers/status.ts)
 * and names its state; `uninstall` takes out what majordomus wrote and nothing else
 * (engine/hooks/managers/removal.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Invocation } from '../commands/define';
import { ExitCode, MajordomusError, RefusedError, UsageError } from '../errors';
import type { Policy } from '../generated/types';
import { commandLine } from '../hooks/blocks';
import { ciVariable } from '../hooks/ci';
import { declaredManagers } from '../hooks/managers/detect';
import { workingTreeFiles } from '../hooks/managers/files';
import { LEFTHOOK_CONFIGS } from '../hooks/managers/lefthook';
import type { Removal } from '../hooks/managers/removal';
import { removeHookBlocks, removeLefthookSection } from '../hooks/managers/removal';
import type { HookState } from '../hooks/managers/status';
import { checkHook } from '../hooks/managers/status';
import { hookItems, planHooks } from '../hooks/plan';
import type { GitRepository } from '../io/git';
import { lockFile, withWriteLock } from '../io/write/lock';
import type { WriteScope } from '../io/write/plan';
import { WritePlan } from '../io/write/plan';
import { Repository } from '../layer/repository';

export interface HooksOptions {
  readonly json?: boolean;
  /**
   * `hooks install --prepare`, as a package manager's install script runs it: never a failure. In CI,
   * outside a git repository or without a layer it installs nothing; a hook it cannot write is named.
   */
  readonly prepare?: boolean;
  /** Write into (or take back from) a `core.hooksPath` outside the repository. */
  readonly externalHooks?: boolean;
}

/** One `git-hook:` entry of the policy as `status` reports it. */
export interface HookReport {
  readonly hook: string;
  /** The enforcement entry's name, when it has one. */
  readonly name: string | null;
  readonly command: string;
  readonly state: HookState;
  /** What was found and what to do; null when wired. */
  readonly message: string | null;
}

/** `hooks install`: write the hooks the policy's enforcement declares, as `init` does. */
export async function runHooksInstall(options: HooksOptions, invocation: Invocation): Promise<void> {
  if (!options.prepare) return install(options, invocation);
  const skipped = (why: string): void =>
    print(options, { command: 'hooks install', written: [], notes: [], skipped: why }, [`hooks install: ${why}`]);
  const ci = ciVariable(invocation.env);
  if (ci) return skipped(`nothing installed: this is CI (${ci}), where the jobs run the gates themselves`);
  try {
    await install(options, invocation);
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    // an install step never fails the package manager's install: doctor names what is missing
    skipped(
      error.exitCode === ExitCode.missing || error instanceof UsageError
        ? `nothing installed: ${error.message}`
        : `nothing installed (${error.message}${error.details.length > 0 ? ` ${error.details.map((line) => line.trim()).join(' ')}` : ''}); doctor reports the hooks as missing`,
    );
  }
}

async function install(options: HooksOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { git, policy } = open(cwd, env);
  const command = 'hooks install';
  const { written, notes, pending } = await withWriteLock(lockFile(git.commonDir), command, () => {
    const notes: string[] = [];
    const plan = new WritePlan({ command, base: git.root, scopes: scopes(git, options) });
    const { pending } = planHooks(plan, git, policy, options, notes);
    return { written: plan.commit().map((done) => done.path), notes, pending };
  });
  const summary =
    hookItems(policy).size === 0
      ? 'hooks install: the policy declares no git hook'
      : pending.length > 0
        ? `hooks install: ${written.length} path(s) written, ${pending.length} file(s) left to merge by hand (see: majordomus hooks status)`
        : written.length > 0
          ? `hooks install: ${written.length} path(s) written; next: majordomus hooks status`
          : 'hooks install: every hook was installed already';
  // what it could not merge safely: why, and the lines to add (init prints the same)
  const left = pending.flatMap((merge) => [`left to you: ${merge.reason}:`, ...merge.lines]);
  print(options, { command, written, notes, pending }, [...written.map((path) => `wrote ${path}`), ...notes, ...left, summary]);
}

/**
 * `hooks status`: each `git-hook:` entry's state. Exit 0 when every one is wired, 10 otherwise (what
 * doctor's wiring rule fails with for the same hooks).
 */
export function runHooksStatus(options: HooksOptions, invocation: Invocation): void {
  const { cwd, env } = invocation;
  const { git, policy } = open(cwd, env);
  const reports = hookReports(git, policy);
  const wired = reports.filter((report) => report.state === 'wired').length;
  if (options.json) process.stdout.write(reports.map((report) => `${JSON.stringify(report)}\n`).join(''));
  else {
    const lines = reports.map(
      (report) =>
        `${report.state.padEnd(14)} ${report.hook.padEnd(12)} ${report.command}${report.message ? ` \u2014 ${report.message}` : ''}`,
    );
    lines.push(`hooks status: ${wired} of ${reports.length} wired`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (wired < reports.length) process.exitCode = ExitCode.contract;
}

/** The state of every `git-hook:` entry of `policy`, in the policy's order within each hook. */
export function hookReports(git: GitRepository, policy: Policy): HookReport[] {
  const files = workingTreeFiles();
  const reports: HookReport[] = [];
  for (const [hook, items] of hookItems(policy)) {
    for (const item of items) {
      const verdict = checkHook(git, files, hook, item.invocation);
      reports.push({
        hook,
        name: item.name ?? null,
        command: commandLine(item.invocation),
        state: verdict.state,
        message: verdict.state === 'wired' ? null : verdict.message,
      });
    }
  }
  return reports;
}

/**
 * `hooks uninstall`: our blocks out of every hook file that has one (the hooks directory git runs, the
 * default one, husky's user files), a file that held nothing else removed, and the section init added
 * to lefthook's configuration. Anything it cannot tell apart from the user's lines is refused (15),
 * before anything is written.
 */
export async function runHooksUninstall(options: HooksOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const { git } = open(cwd, env);
  const command = 'hooks uninstall';
  const { written, notes } = await withWriteLock(lockFile(git.commonDir), command, () => {
    const notes: string[] = [];
    const plan = new WritePlan({ command, base: git.root, scopes: scopes(git, options) });
    const refusals: string[] = [];
    const apply = (abs: string, removal: Removal): void => {
      if (removal.kind === 'remove') plan.remove(abs);
      else if (removal.kind === 'rewrite') plan.replace(abs, removal.text, { links: 'follow' });
      else if (removal.kind === 'refuse') refusals.push(`${plan.shown(abs)}: ${removal.reason}`);
    };
    for (const { abs, hook } of hookFiles(git)) {
      const text = readText(abs);
      if (text !== undefined) apply(abs, removeHookBlocks(hook, text));
    }
    for (const name of LEFTHOOK_CONFIGS) {
      const text = readText(join(git.root, name));
      if (text !== undefined) apply(join(git.root, name), removeLefthookSection(text));
    }
    if (refusals.length > 0) {
      throw new RefusedError(
        "hooks uninstall cannot tell majordomus's lines from the rest of these files; nothing was written (remove its lines by hand):",
        refusals,
      );
    }
    const written = plan.commit().map((done) => done.path);
    return { written, notes };
  });
  const summary =
    written.length > 0 ? `hooks uninstall: ${written.length} path(s) written` : 'hooks uninstall: nothing of majordomus was installed';
  print(options, { command, written, notes }, [...written.map((path) => `removed majordomus from ${path}`), ...notes, summary]);
}

/** The repository and its policy; 12 without a layer, 2 when the policy cannot be read. */
function open(cwd: string, env: NodeJS.ProcessEnv): { git: GitRepository; policy: Policy } {
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const policyPath = repository.layout.policyFile;
  const value = repository.yaml(policyPath).value;
  const policy = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Policy;
  return { git: repository.git, policy };
}

/** Where the plan may write, as for init: the working tree and git's common directory, and an outside hooks directory when allowed. */
function scopes(git: GitRepository, options: HooksOptions): WriteScope[] {
  const list: WriteScope[] = [
    { dir: git.root, name: 'the repository' },
    { dir: git.commonDir, name: "the repository's git directory" },
  ];
  if (options.externalHooks) list.push({ dir: git.hooksDir, name: 'the hooks directory core.hooksPath names' });
  return list;
}

/** Every regular file, by hook name, in the places a majordomus block can be: each once. */
function hookFiles(git: GitRepository): { abs: string; hook: string }[] {
  const dirs = new Set([git.hooksDir, join(git.commonDir, 'hooks')]);
  const husky = declaredManagers(git, workingTreeFiles()).husky;
  if (husky !== undefined) dirs.add(husky);
  const out: { abs: string; hook: string }[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // no such folder: nothing of ours in it
    }
    for (const name of names.sort()) {
      if (name.endsWith('.sample')) continue;
      out.push({ abs: join(dir, name), hook: name.replace(/\.legacy$/, '') });
    }
  }
  return out;
}

/** The text of a regular file (a link followed), or undefined for anything else. */
function readText(abs: string): string | undefined {
  try {
    // following a link: a FIFO, wherever it is, is never opened (it would wait for a writer)
    return statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function print(options: HooksOptions, value: object, lines: readonly string[]): void {
  process.stdout.write(options.json ? `${JSON.stringify(value)}\n` : `${lines.join('\n')}\n`);
}
