/**
 * The vendored copy of a rule package the distribution ships. `rules vendor update` is its only writer:
 * it refuses to overwrite a hand edit unless forced, writes the distribution's package byte for byte,
 * removes what the package no longer holds, and reports every path it changed.
 */
import { lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { RefusedError } from './errors';
import { distributionRoot } from './layer/distribution';
import type { Layout } from './layer/layout';
import { isSafeRelativePath } from './layer/paths';
import { listedFiles, PACKAGE_MANIFEST, packageProblems, readRulePackage } from './layer/rule-package';
import type { PackageProblem, RulePackage } from './layer/rule-package';
import { WorkingTree } from './layer/tree';
import { BASELINE_VENDOR, rulesDir } from './rules';


/** The packages `init` vendors and `rules vendor` keeps current: the baseline, and the brainstorm pack. */
export const VENDORED_PACKS: readonly string[] = [BASELINE_VENDOR, 'brainstorm'];

/** How a vendored copy stands against the distribution. */
export type VendorStatus =
  | { readonly state: 'absent'; readonly dir: string }
  | { readonly state: 'damaged'; readonly dir: string; readonly problems: readonly PackageProblem[] }
  | { readonly state: 'different'; readonly dir: string; readonly changes: readonly string[] }
  | { readonly state: 'current'; readonly dir: string; readonly rules: number; readonly revision: string };

/** The distribution's package for `vendor`, read from the installed tool. */
export function shippedPackage(vendor = BASELINE_VENDOR): { tree: WorkingTree; pkg: RulePackage } {
  const tree = new WorkingTree(distributionRoot());
  return { tree, pkg: readRulePackage(tree, `rules/${vendor}`, vendor) };
}

/** The repository-relative directory of the vendored copy. */
export function vendoredDir(layout: Layout, vendor = BASELINE_VENDOR): string {
  return `${rulesDir(layout)}/vendor/${vendor}`;
}

/** Compare the vendored copy (read from the working tree) with the distribution's package. */
export function vendorStatus(layout: Layout, vendor = BASELINE_VENDOR): VendorStatus {
  const dir = vendoredDir(layout, vendor);
  const tree = new WorkingTree(layout.root);
  if (!tree.exists(dir)) return { state: 'absent', dir };
  const vendored = readRulePackage(tree, dir, vendor);
  const problems = packageProblems(tree, vendored);
  if (problems.length > 0) return { state: 'damaged', dir, problems };
  const { tree: shippedTree, pkg: shipped } = shippedPackage(vendor);
  const changes = differences(vendored, shipped);
  // same entries, yet another manifest (order, package version, metadata): the load order or the pin differs
  if (changes.length === 0 && !sameBytes(join(layout.root, vendored.manifestFile), join(shippedTree.root, shipped.manifestFile))) {
    changes.push(`changed ${vendored.manifestFile} (the rule order or the package metadata differ)`);
  }
  if (changes.length > 0) return { state: 'different', dir, changes };
  return { state: 'current', dir, rules: vendored.manifest?.rules?.length ?? 0, revision: String(vendored.manifest?.source_revision ?? '') };
}

/** What the distribution's package changes relative to the vendored one, one line each. */
function differences(vendored: RulePackage, shipped: RulePackage): string[] {
  const index = (pkg: RulePackage): Map<string, string> =>
    new Map((pkg.manifest?.rules ?? []).map((entry) => [`${entry.id}@${entry.version}`, `${entry.file} ${entry.sha256}`]));
  const before = index(vendored);
  const after = index(shipped);
  const out: string[] = [];
  for (const [identity, spec] of after) {
    if (!before.has(identity)) out.push(`added ${identity}`);
    else if (before.get(identity) !== spec) out.push(`changed ${identity}`);
  }
  for (const identity of before.keys()) if (!after.has(identity)) out.push(`removed ${identity}`);
  if (out.length === 0 && [...before.keys()].join('\n') !== [...after.keys()].join('\n')) out.push('reordered: the distribution lists the rules in another order');
  const revision = (pkg: RulePackage): string => String(pkg.manifest?.source_revision ?? '');
  if (out.length === 0 && revision(vendored) !== revision(shipped)) out.push(`source revision ${revision(vendored)} → ${revision(shipped)}`);
  return out;
}

/** One path `update` changed. */
export interface VendorWrite {
  readonly action: 'wrote' | 'removed';
  readonly path: string;
}

/**
 * Write the distribution's package over the vendored copy, byte for byte; the caller has decided a hand
 * edit may go. Removes what the package no longer holds: a rule file on disk it does not ship, and a
 * file the old manifest listed that it does not ship (read before the new manifest replaces it).
 */
export function vendorUpdate(layout: Layout, vendor = BASELINE_VENDOR): VendorWrite[] {
  const dir = vendoredDir(layout, vendor);
  const { tree: shippedTree, pkg } = shippedPackage(vendor);
  const working = new WorkingTree(layout.root);
  const before = readRulePackage(working, dir, vendor);
  const stale = [...before.filesOnDisk, ...(listedFiles(before) ?? []).filter((path) => isSafeRelativePath(path) && working.exists(path))];
  const files = [PACKAGE_MANIFEST, ...pkg.filesOnDisk.map((file) => file.slice(pkg.dir.length + 1))];
  const writes: VendorWrite[] = [];
  for (const relative of files) {
    const content = readFileSync(join(shippedTree.root, pkg.dir, relative));
    const target = `${dir}/${relative}`;
    const abs = join(layout.root, target);
    if (sameContent(abs, content)) continue;
    mkdirSync(dirname(abs), { recursive: true });
    insideRoot(layout.root, dirname(abs), target);
    // a symbolic link is replaced, never written through: the copy must not reach outside the repository
    if (isSymlink(abs)) rmSync(abs);
    writeFileSync(abs, content);
    writes.push({ action: 'wrote', path: target });
  }
  const keep = new Set(files.map((relative) => `${dir}/${relative}`));
  for (const path of new Set(stale)) {
    if (keep.has(path) || !isFileOrLink(join(layout.root, path))) continue;
    rmSync(join(layout.root, path), { force: true });
    writes.push({ action: 'removed', path });
  }
  return writes;
}

function isSymlink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

function isFileOrLink(abs: string): boolean {
  try {
    const stat = lstatSync(abs);
    return stat.isFile() || stat.isSymbolicLink();
  } catch {
    return false;
  }
}

/** Refuse to write through a directory that resolves outside the repository (a linked vendor folder). */
function insideRoot(root: string, dir: string, shown: string): void {
  const real = realpathSync(dir);
  const top = realpathSync(root);
  if (real !== top && !real.startsWith(top + sep)) {
    throw new RefusedError(`${shown} resolves outside the repository (a symbolic link in its path); nothing more was written (replace the link with a directory, then run: majordomus rules vendor update)`);
  }
}

function sameContent(abs: string, content: Buffer): boolean {
  if (isSymlink(abs)) return false;
  try {
    return readFileSync(abs).equals(content);
  } catch {
    return false;
  }
}

function sameBytes(a: string, b: string): boolean {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}
