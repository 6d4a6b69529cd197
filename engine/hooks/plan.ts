/**
 * The hook part of `init`: the policy's `git-hook:<name>` entries planned into the write plan where the
 * repository's hook manager runs them. A plain hooks directory gets a marked block in each hook file;
 * husky gets it in the user's `.husky/<hook>` (never in `.husky/_/`, which husky rewrites); lefthook
 * gets a section appended to its configuration for each hook it has no section for, and the lines to
 * merge by hand, returned as pending, for a section of the user's; pre-commit always gets a refusal
 * with the `repos:` items to add, since the repository and revision it pins are the user's to choose.
 * Everything is planned or refused before the plan is written, so a refusal writes nothing.
 */
import type { Stats } from 'node:fs';
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RefusedError, UsageError } from '../errors';
import type { Policy } from '../generated/types';
import { distributionRoot } from '../io/distribution';
import type { GitRepository } from '../io/git';
import { unsafePathReason } from '../io/paths';
import type { WritePlan } from '../io/write/plan';
import type { Invocation } from './blocks';
import { appendRefusal, BLOCK_BEGIN, commandLine, findInvocation, hookBlock, newHook, upgradedBlocks } from './blocks';
import type { WiringItem } from './managers/config-search';
import type { HookFiles } from './managers/detect';
import { declaredManagers, preCommitLegacy, routeOf } from './managers/detect';
import { workingTreeFiles } from './managers/files';
import { parseForeignYaml } from './managers/foreign-yaml';
import { HUSKY_DIR, huskyAppendRefusal, huskyBlock, newHuskyHook } from './managers/husky';
import { LEFTHOOK_CONFIGS, lefthookAddition, lefthookSnippet, searchLefthook } from './managers/lefthook';
import { installCommand, preCommitSnippet, searchPreCommit } from './managers/pre-commit';

export interface HookOptions {
  /** Install the hooks into a `core.hooksPath` outside the repository (refused without it). */
  readonly externalHooks?: boolean;
}

/** Who runs one git hook here, as init writes for it. */
type Manager =
  | { readonly kind: 'git' }
  /** `missing`: why git does not run husky here yet, when it does not. */
  | { readonly kind: 'husky'; readonly userDir: string; readonly missing?: string }
  | { readonly kind: 'lefthook'; readonly installed: boolean }
  | { readonly kind: 'pre-commit'; readonly config: string; readonly installed: boolean };

/** The hook managers, as init names them. */
export type ManagerKind = Manager['kind'];

/** What init could not write safely and leaves to the user: why, and the lines to add. */
export interface PendingMerge {
  readonly file: string;
  readonly reason: string;
  readonly lines: readonly string[];
}

/** What the hook part of a plan found: who runs each hook, and what is left to merge by hand. */
export interface HookPlan {
  readonly managers: ReadonlyMap<string, ManagerKind>;
  readonly pending: readonly PendingMerge[];
}

/** Plan the hook writes, or refuse (15) when what runs a hook cannot safely take the lines it lacks. */
export function planHooks(plan: WritePlan, git: GitRepository, policy: Policy, options: HookOptions, notes: string[]): HookPlan {
  const managers = new Map<string, ManagerKind>();
  const pending: PendingMerge[] = [];
  const byHook = hookItems(policy);
  if (byHook.size === 0) return { managers, pending };
  plan.tidy(git.hooksDir);
  if (git.hooksPathEmpty) {
    notes.push(
      `note: core.hooksPath is set to an empty value, and git then runs no hook at all; the hooks are installed in ${plan.shown(git.hooksDir)} (run: git config --unset core.hooksPath)`,
    );
  }
  const files = workingTreeFiles();
  const forLefthook: { item: WiringItem; installed: boolean }[] = [];
  const forPreCommit: { item: WiringItem; config: string; installed: boolean }[] = [];
  let huskyNote: string | undefined;
  for (const [hook, items] of byHook) {
    const manager = managerOf(git, files, hook);
    managers.set(hook, manager.kind);
    if (manager.kind === 'git')
      planGitHook(
        plan,
        git,
        hook,
        items.map((item) => item.invocation),
        options,
      );
    else if (manager.kind === 'husky') {
      planHuskyHook(
        plan,
        git,
        manager.userDir,
        hook,
        items.map((item) => item.invocation),
      );
      if (manager.missing !== undefined) {
        huskyNote = `note: husky is not installed in this clone (${manager.missing}), so git runs none of ${plan.shown(manager.userDir)}/ yet (run: npx husky, or npm install, whose prepare script runs it)`;
      }
    } else if (manager.kind === 'lefthook') forLefthook.push(...items.map((item) => ({ item, installed: manager.installed })));
    else forPreCommit.push(...items.map((item) => ({ item, config: manager.config, installed: manager.installed })));
  }
  if (huskyNote) notes.push(huskyNote);
  if (forLefthook.length > 0) pending.push(...planLefthook(plan, git, files, forLefthook, notes));
  if (forPreCommit.length > 0) planPreCommit(git, files, forPreCommit, notes);
  return { managers, pending };
}

/** The policy's `git-hook:` entries by hook, in the policy's order. */
export function hookItems(policy: Policy): Map<string, WiringItem[]> {
  const byHook = new Map<string, WiringItem[]>();
  for (const entry of Array.isArray(policy.enforcement) ? policy.enforcement : []) {
    if (typeof entry?.wired_by !== 'string' || !entry.wired_by.startsWith('git-hook:') || typeof entry.path !== 'string') continue;
    const hook = entry.wired_by.slice('git-hook:'.length);
    if (!/^[a-z-]+$/.test(hook)) continue;
    const invocation: Invocation = { path: entry.path, args: Array.isArray(entry.args) ? entry.args.map(String) : [] };
    const item: WiringItem = { hook, name: typeof entry.name === 'string' ? entry.name : undefined, invocation };
    const list = byHook.get(hook);
    if (list) list.push(item);
    else byHook.set(hook, [item]);
  }
  return byHook;
}

/**
 * The manager of `hook`: the one git runs for it, else the one the repository declares (installed
 * later in this clone), else none. Two declared and none running is refused: which one the project
 * uses is not init's guess.
 */
function managerOf(git: GitRepository, files: HookFiles, hook: string): Manager {
  const route = routeOf(git, files, hook);
  if (route.kind === 'husky') {
    return {
      kind: 'husky',
      userDir: route.userDir,
      missing: route.runner ? undefined : `its folder ${relative(git.root, git.hooksDir)} is gone`,
    };
  }
  if (route.kind === 'lefthook') return { kind: 'lefthook', installed: true };
  if (route.kind === 'pre-commit') return { kind: 'pre-commit', config: route.config, installed: true };
  const declared = declaredManagers(git, files);
  const found: Manager[] = [];
  if (declared.husky !== undefined)
    found.push({ kind: 'husky', userDir: declared.husky, missing: `core.hooksPath is not ${relative(git.root, declared.husky)}/_` });
  if (declared.lefthook !== undefined) found.push({ kind: 'lefthook', installed: false });
  if (declared.preCommit !== undefined) found.push({ kind: 'pre-commit', config: declared.preCommit, installed: false });
  if (found.length <= 1) return found[0] ?? { kind: 'git' };
  const names = [
    declared.husky && `husky (${HUSKY_DIR}/)`,
    declared.lefthook && `lefthook (${declared.lefthook})`,
    declared.preCommit && `pre-commit (${declared.preCommit})`,
  ].filter(Boolean);
  throw new RefusedError(
    `this repository sets up more than one hook manager — ${names.join(', ')} — and git runs none of them at ${hook} in this clone, so init cannot tell which one runs the hooks; nothing was written (install the one in use: npx husky, npx lefthook install or pre-commit install; then run init again)`,
  );
}

/** A plain hooks directory: a marked block in each hook file, appended or in a new file. */
function planGitHook(plan: WritePlan, git: GitRepository, hook: string, invocations: readonly Invocation[], options: HookOptions): void {
  const external = outsideRepository(git);
  const abs = join(git.hooksDir, hook);
  const shown = plan.shown(abs);
  const existing = readHook(abs, shown, git);
  if (existing === undefined) {
    refuseExternal(external, options, shown);
    // a dangling link, a folder or a FIFO in its place: the plan's check refuses it, naming it
    plan.create(abs, newHook(hook, invocations), { mode: 0o755 });
    return;
  }
  const upgraded = upgrade(existing.text, hook, invocations, hookBlock);
  const missing = invocations.filter((invocation) => findInvocation(upgraded, invocation).line === undefined);
  if (missing.length === 0 && upgraded === existing.text) return;
  refuseExternal(external, options, shown);
  const lines = (missing.length > 0 ? missing : invocations).map(commandLine).join('; ');
  refuseOutsideLink(existing, hook, shown, lines);
  if (upgraded !== existing.text) {
    replaceBlocks(plan, abs, hook, missing, upgraded, hookBlock);
    return;
  }
  const refusal = existing.text.includes(BLOCK_BEGIN) ? undefined : appendRefusal(existing.text);
  if (refusal) {
    throw new RefusedError(
      `the ${hook} hook ${shown} was not written by majordomus and ${refusal}; nothing was written. Add this line to it where it always runs, then run init --extend again: ${lines}`,
    );
  }
  if (!existing.executable) {
    throw new RefusedError(
      `the ${hook} hook ${shown} exists but is not executable; make it executable (chmod +x ${shown}) or remove it, then run init --extend again`,
    );
  }
  appendBlocks(plan, abs, hook, missing, existing.text, hookBlock);
}

/**
 * husky: the block goes into the user's `<dir>/<hook>`, which husky runs with `sh -e` — created as
 * husky users write it (no shebang) when missing, appended to otherwise.
 */
function planHuskyHook(plan: WritePlan, git: GitRepository, userDir: string, hook: string, invocations: readonly Invocation[]): void {
  const abs = join(userDir, hook);
  const shown = plan.shown(abs);
  const existing = readHook(abs, shown, git);
  if (existing === undefined) {
    plan.create(abs, newHuskyHook(hook, invocations));
    return;
  }
  const upgraded = upgrade(existing.text, hook, invocations, huskyBlock);
  const missing = invocations.filter((invocation) => findInvocation(upgraded, invocation).line === undefined);
  if (missing.length === 0 && upgraded === existing.text) return;
  const lines = (missing.length > 0 ? missing : invocations).map(commandLine).join('; ');
  refuseOutsideLink(existing, hook, shown, lines);
  if (upgraded !== existing.text) {
    replaceBlocks(plan, abs, hook, missing, upgraded, huskyBlock);
    return;
  }
  const refusal = existing.text.includes(BLOCK_BEGIN) ? undefined : huskyAppendRefusal(existing.text);
  if (refusal) {
    throw new RefusedError(
      `${shown}, which husky runs at ${hook}, was not written by majordomus and ${refusal}; nothing was written. Add this line to it where it always runs, then run init --extend again: ${lines}`,
    );
  }
  appendBlocks(plan, abs, hook, missing, existing.text, huskyBlock);
}

/** `text` with each of our blocks an earlier version wrote for `invocations` written as this version writes it. */
function upgrade(
  text: string,
  hook: string,
  invocations: readonly Invocation[],
  block: (hook: string, invocation: Invocation) => string,
): string {
  return invocations.reduce((current, invocation) => upgradedBlocks(current, hook, invocation, block) ?? current, text);
}

/**
 * A hook whose blocks an earlier version wrote, written whole again: its blocks as this version writes
 * them, every other byte kept, and the blocks for `missing` after them (as appendBlocks adds them).
 */
function replaceBlocks(
  plan: WritePlan,
  abs: string,
  hook: string,
  missing: readonly Invocation[],
  upgraded: string,
  block: (hook: string, invocation: Invocation) => string,
): void {
  const all = missing.map((invocation) => block(hook, invocation)).join('');
  const appended = upgraded === '' || upgraded.endsWith('\n') || all === '' ? `${upgraded}${all}` : `${upgraded}\n${all.slice(0, -1)}`;
  plan.replace(abs, appended, { links: 'follow' });
}

/**
 * The blocks for `missing`, appended once: asked again under the lock, and to the file a link inside the
 * repository leads to. A file that does not end with a newline gets the blocks after one and keeps
 * ending without one, so `hooks uninstall` gives back its bytes exactly.
 */
function appendBlocks(
  plan: WritePlan,
  abs: string,
  hook: string,
  missing: readonly Invocation[],
  host: string,
  block: (hook: string, invocation: Invocation) => string,
): void {
  const all = missing.map((invocation) => block(hook, invocation)).join('');
  const blocks = host === '' || host.endsWith('\n') ? all : all.slice(0, -1);
  plan.append(abs, blocks, {
    links: 'follow',
    unless: (current) => missing.every((invocation) => findInvocation(current, invocation).line !== undefined),
  });
}

/**
 * lefthook: the sections for the hooks its configuration lacks are appended, when the file parsed with
 * them is the file as it was plus them. A hook whose section is there already is left to the user —
 * merging into it would rewrite their lines — and returned with the lines to merge, as is everything
 * when the file cannot take a plain append (a link out of the repository, not a block mapping).
 */
function planLefthook(
  plan: WritePlan,
  git: GitRepository,
  files: HookFiles,
  wanted: readonly { item: WiringItem; installed: boolean }[],
  notes: string[],
): PendingMerge[] {
  const config = LEFTHOOK_CONFIGS.find((name) => files.kind(join(git.root, name)) === 'file') ?? LEFTHOOK_CONFIGS[0];
  const existing = readHook(join(git.root, config), config, git);
  const text = existing?.text ?? '';
  const value = parseConfig(text, config);
  const missing = wanted.map(({ item }) => item).filter((item) => !searchLefthook(value, item.hook, item.invocation).wired);
  const uninstalled = [...new Set(wanted.filter(({ installed }) => !installed).map(({ item }) => item.hook))];
  if (uninstalled.length > 0) {
    notes.push(
      `note: lefthook is not installed for ${uninstalled.join(', ')} in this clone, so git does not run ${config} there yet (run: npx lefthook install)`,
    );
  }
  if (missing.length === 0) return [];
  const pending = (items: readonly WiringItem[], reason: string): PendingMerge => ({
    file: config,
    reason,
    lines: lefthookSnippet(items).map((line) => `  ${line}`),
  });
  if (existing?.outside !== undefined)
    return [
      pending(
        missing,
        `${config} is a symbolic link to ${existing.outside}, outside the repository, and init never writes through it: add these lines to it`,
      ),
    ];
  const sections = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const merges = missing.filter((item) => Object.hasOwn(sections, item.hook));
  const appendable = missing.filter((item) => !Object.hasOwn(sections, item.hook));
  const out: PendingMerge[] = [];
  if (merges.length > 0) {
    const hooks = [...new Set(merges.map((item) => `\`${item.hook}:\``))].join(' and ');
    out.push(
      pending(merges, `${config} has its own ${hooks} section, and init never rewrites a section of yours: merge these commands into it`),
    );
  }
  if (appendable.length === 0) return out;
  const addition = lefthookAddition(text, appendable);
  if (addition === undefined) {
    out.push(
      pending(
        appendable,
        `${config} is not a plain block mapping that lines can be appended to (a flow mapping, a document marker, or a key the append would change): add these lines to it`,
      ),
    );
    return out;
  }
  const wiredIn = (current: string): boolean => {
    const parsed = parseForeignYaml(current);
    return parsed.ok && appendable.every((item) => searchLefthook(parsed.value, item.hook, item.invocation).wired);
  };
  plan.append(config, addition, { links: 'follow', unless: wiredIn });
  return out;
}

/**
 * pre-commit: never edited by init — the items to add under `repos:` are printed with a refusal (15)
 * while any invocation is not in the configuration; once it is, init notes the hook types to install.
 */
function planPreCommit(
  git: GitRepository,
  files: HookFiles,
  wanted: readonly { item: WiringItem; config: string; installed: boolean }[],
  notes: string[],
): void {
  const config = wanted[0]!.config;
  const unsafe = unsafePathReason(config);
  if (unsafe) {
    throw new RefusedError(
      `pre-commit's hooks read the configuration ${JSON.stringify(config)}, which ${unsafe}; nothing was written (run: ${installCommand(wanted.map(({ item }) => item.hook))}, then init again)`,
    );
  }
  const abs = join(git.root, config);
  const text = files.kind(abs) === 'file' ? readHook(abs, config, git)?.text : undefined;
  const value = text === undefined ? undefined : parseConfig(text, config);
  const missing = wanted
    .map(({ item }) => item)
    .filter((item) => !searchPreCommit(value, item.hook, item.invocation).wired && !runsFirst(git, item));
  const hooks = [...new Set(wanted.map(({ item }) => item.hook))];
  if (missing.length > 0) {
    const snippet = preCommitSnippet(missing, hookSource());
    const lines = text === undefined ? ['repos:', ...snippet] : snippet;
    const where = text === undefined ? `Create ${config} with these lines` : `Add these items under its \`repos:\``;
    throw new RefusedError(
      `${config} does not run majordomus at ${missing.map((item) => item.hook).join(', ')}, and init does not edit pre-commit's configuration (the repository and revision it pins are yours to choose); nothing was written. ${where}, run \`${installCommand(hooks)}\`, then run init again:`,
      lines.map((line) => `  ${line}`),
    );
  }
  const uninstalled = [...new Set(wanted.filter(({ installed }) => !installed).map(({ item }) => item.hook))];
  if (uninstalled.length > 0)
    notes.push(
      `note: pre-commit is not installed for ${uninstalled.join(', ')} in this clone, so git does not run ${config} there yet (run: ${installCommand(uninstalled)})`,
    );
}

/** True when the hook pre-commit runs before its own (`<hook>.legacy`, an adopted hook it replaced) runs the invocation. */
function runsFirst(git: GitRepository, item: WiringItem): boolean {
  const legacy = preCommitLegacy(git, item.hook);
  const found = readHook(legacy, legacy, git);
  return found?.executable === true && findInvocation(found.text, item.invocation).line !== undefined;
}

/** A hook manager's configuration as init reads it: unusable YAML is unusable input (2), nothing written. */
function parseConfig(text: string, config: string): unknown {
  const parsed = parseForeignYaml(text);
  if (!parsed.ok) {
    throw new UsageError(
      `${config}${parsed.line === undefined ? '' : `:${parsed.line}`} is not valid YAML (${parsed.reason}); nothing was written (fix it, then run init again)`,
    );
  }
  return parsed.value;
}

/**
 * Where pre-commit takes this repository's hooks from: the package's `repository` URL and the tag of
 * this version. Without a URL in the package, the line says what to put there.
 */
function hookSource(): { url: string; rev: string } {
  let pkg: { version?: unknown; repository?: unknown } = {};
  try {
    pkg = JSON.parse(readFileSync(join(distributionRoot(), 'package.json'), 'utf8')) as typeof pkg;
  } catch {
    // the distribution's own manifest; without it the placeholders below still say what to write
  }
  const repository = pkg.repository;
  const raw =
    typeof repository === 'string'
      ? repository
      : typeof (repository as { url?: unknown } | undefined)?.url === 'string'
        ? (repository as { url: string }).url
        : undefined;
  const url = raw?.replace(/^git\+/, '') ?? '<the git URL of majordomus>';
  return { url, rev: typeof pkg.version === 'string' ? `v${pkg.version}` : '<a majordomus release tag>' };
}

function refuseOutsideLink(existing: { outside?: string }, hook: string, shown: string, lines: string): void {
  if (existing.outside === undefined) return;
  throw new RefusedError(
    `the ${hook} hook ${shown} is a symbolic link to ${existing.outside}, outside the repository, and init never writes through it; nothing was written (add this line to that script yourself, or replace the link with a file, then run init --extend again: ${lines})`,
  );
}

/** The hooks directory, when it is outside both the working tree and git's common directory. */
function outsideRepository(git: GitRepository): string | undefined {
  const real = realOr(git.hooksDir);
  const inside = [git.root, git.commonDir].map(realOr).some((dir) => real === dir || real.startsWith(`${dir}${sep}`));
  return inside ? undefined : git.hooksDir;
}

function refuseExternal(external: string | undefined, options: HookOptions, shown: string): void {
  if (external === undefined || options.externalHooks) return;
  throw new RefusedError(
    `core.hooksPath makes git run the hooks in ${external}, outside this repository, and init writes there only when told to; nothing was written (to install ${shown} there: majordomus init --external-hooks; or point core.hooksPath inside the repository)`,
  );
}

/** An existing hook's text, following a link; undefined when there is no regular file to read. */
function readHook(abs: string, shown: string, git: GitRepository): { text: string; executable: boolean; outside?: string } | undefined {
  let stat: Stats;
  try {
    stat = statSync(abs);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    throw new RefusedError(
      `${shown} cannot be read (${(error as NodeJS.ErrnoException).code}); nothing was written (check its permissions)`,
    );
  }
  const link = lstatSync(abs).isSymbolicLink();
  return { text, executable: (stat.mode & 0o111) !== 0, outside: link ? linkOutside(abs, git) : undefined };
}

/** The real path of a link's file when it lies outside the working tree and the git directory. */
function linkOutside(abs: string, git: GitRepository): string | undefined {
  const real = realOr(abs);
  const inside = [git.root, git.commonDir].map(realOr).some((dir) => real.startsWith(`${dir}${sep}`));
  return inside ? undefined : real;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
