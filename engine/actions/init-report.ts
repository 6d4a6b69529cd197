/**
 * What `init` says: a short summary of what it wrote (counted by kind), under which hook manager the
 * hooks run and how other clones get them, which instruction files and provider folders it found and
 * left as they are, what it left to the user to merge, the optional packs with the command that adds
 * each, and the next step. `--verbose` prints every path first; `--dry-run` prints every path it would
 * write and says nothing was written.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstallScript } from '../hooks/install-script';
import { INSTALL_STEP } from '../hooks/install-script';
import { LEFTHOOK_CONFIGS } from '../hooks/managers/lefthook';
import type { HookPlan, ManagerKind } from '../hooks/plan';

/** What an adoption did and found. */
export interface Adoption {
  /** Every path written (or, under --dry-run, that would be), as printed. */
  readonly written: readonly string[];
  /** What init kept or could not do, each a line of its own. */
  readonly notes: readonly string[];
  readonly hooks: HookPlan;
  /** The hooks directory git runs, as printed. */
  readonly hooksDir: string;
  /** The install script of package.json, when plain hooks need one. */
  readonly installScript?: InstallScript;
  /** The instruction files and provider folders that were there before init. */
  readonly found: readonly FoundFile[];
  /** The packs init does not vendor, which a repository may add. */
  readonly optional: readonly { readonly name: string; readonly description: string }[];
  /** Where the layer and its vendored rules are, as printed (`.ai`, `.ai/repo/rules/vendor/`). */
  readonly layer: { readonly ai: string; readonly vendor: string };
}

/** An instruction file or provider folder found in the repository. */
export interface FoundFile {
  readonly path: string;
  /** Its length in lines, for a file. */
  readonly lines?: number;
}

/** The instruction files and folders of the providers majordomus knows, as a repository may hold them. */
const INSTRUCTION_FILES = [
  'AGENTS.md',
  'CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.github/copilot-instructions.md',
  '.cursorrules',
  '.windsurfrules',
] as const;
const PROVIDER_FOLDERS = ['.claude', '.cursor', '.gemini', '.windsurf'] as const;

/** The instruction files and provider folders at the top of `root`, before init writes anything. */
export function foundBefore(root: string): FoundFile[] {
  const found: FoundFile[] = [];
  for (const path of INSTRUCTION_FILES) {
    const abs = join(root, path);
    if (kind(abs) !== 'file') continue;
    let lines: number | undefined;
    try {
      const text = readFileSync(abs, 'utf8');
      lines = text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
    } catch {
      // unreadable: named without its length; the projection rule says why
    }
    found.push({ path, lines });
  }
  for (const path of PROVIDER_FOLDERS) if (kind(join(root, path)) === 'dir') found.push({ path: `${path}/` });
  return found;
}

/** The lines init prints. */
export function initReport(adoption: Adoption, mode: { command: string; dryRun?: boolean; verbose?: boolean }): string[] {
  const lines: string[] = [];
  const verb = mode.dryRun ? 'would write' : 'wrote';
  if (mode.dryRun || mode.verbose) lines.push(...adoption.written.map((path) => `${verb} ${path}`));
  const head = mode.dryRun ? `${mode.command} --dry-run` : mode.command;
  lines.push(
    adoption.written.length === 0
      ? `${head}: nothing was missing`
      : `${head}: ${verb} ${adoption.written.length} file(s): ${counted(adoption)}${mode.dryRun ? '; nothing was written' : ''}`,
  );
  const hooks = hookLine(adoption);
  if (hooks) lines.push(hooks);
  if (adoption.found.length > 0) lines.push(`found: ${adoption.found.map(foundName).join(', ')}; each left as it is`);
  lines.push(...adoption.notes);
  if (adoption.installScript?.state === 'not-added') lines.push(`note: ${adoption.installScript.reason}`);
  for (const pending of adoption.hooks.pending) lines.push(`left to you: ${pending.reason}:`, ...pending.lines);
  if (adoption.hooks.pending.length > 0)
    lines.push('note: until they are merged, doctor reports those hooks as not wired (see: majordomus hooks status)');
  for (const pack of adoption.optional)
    lines.push(
      `optional: the ${pack.name} pack (${lowerFirst(pack.description)}) is not vendored; add it with: majordomus rules vendor add ${pack.name}`,
    );
  if (!mode.dryRun && adoption.written.length > 0) lines.push('next: majordomus doctor, then commit what init wrote');
  else if (mode.dryRun && adoption.written.length > 0) lines.push(`next: run ${mode.command} without --dry-run to write it`);
  return lines;
}

/** The files written, counted by what they are. */
function counted(adoption: Adoption): string {
  const { ai, vendor } = adoption.layer;
  let layer = 0;
  let rules = 0;
  const hooks: string[] = [];
  const named: string[] = [];
  for (const path of adoption.written) {
    if (path.startsWith(vendor)) rules++;
    else if (path.startsWith(`${ai}/`)) layer++;
    else if (isHookFile(path, adoption.hooksDir)) hooks.push(path);
    else named.push(path);
  }
  const parts: string[] = [];
  if (layer + rules > 0) parts.push(`the ${ai}/ layer ${layer + rules}${rules > 0 ? ` (the vendored rules ${rules})` : ''}`);
  if (hooks.length > 0) parts.push(`hooks ${hooks.join(', ')}`);
  parts.push(...named);
  return parts.join(', ');
}

function isHookFile(path: string, hooksDir: string): boolean {
  return path.startsWith(`${hooksDir}/`) || path.startsWith('.husky/') || (LEFTHOOK_CONFIGS as readonly string[]).includes(path);
}

/** Who runs the hooks, and how another clone gets them. */
function hookLine(adoption: Adoption): string | undefined {
  const byManager = new Map<ManagerKind, string[]>();
  for (const [hook, manager] of adoption.hooks.managers) byManager.set(manager, [...(byManager.get(manager) ?? []), hook]);
  if (byManager.size === 0) return undefined;
  const parts: string[] = [];
  for (const [manager, hooks] of byManager) {
    const list = hooks.join(', ');
    if (manager === 'git')
      parts.push(
        `${list} in ${adoption.hooksDir}, git's own hooks folder, which a clone does not copy${plainClones(adoption.installScript)}`,
      );
    else if (manager === 'husky')
      parts.push(`${list} through husky (its files under .husky/ travel with the commit; husky's prepare script installs them)`);
    else if (manager === 'lefthook')
      parts.push(`${list} through lefthook (its configuration travels with the commit; each clone runs: npx lefthook install)`);
    else parts.push(`${list} through pre-commit (.pre-commit-config.yaml; each clone runs: pre-commit install)`);
  }
  return `hooks: ${parts.join('; ')}`;
}

function plainClones(script: InstallScript | undefined): string {
  if (script?.state === 'added')
    return `; package.json's ${script.script} script now installs them in every clone on install (${INSTALL_STEP})`;
  if (script?.state === 'present') return `; package.json's ${script.script} script installs them in every clone on install`;
  return '; another clone installs them with: majordomus hooks install';
}

function foundName(file: FoundFile): string {
  return file.lines === undefined ? file.path : `${file.path} (${file.lines} lines)`;
}

function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`.replace(/\.$/, '');
}

function kind(abs: string): 'file' | 'dir' | 'other' | 'absent' {
  if (!existsSync(abs)) return 'absent';
  try {
    const stat = lstatSync(abs);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'absent';
  }
}
