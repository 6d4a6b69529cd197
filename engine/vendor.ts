/**
 * The vendored copy of a rule package the distribution ships. `rules vendor update` is its only writer:
 * it refuses to overwrite a hand edit unless forced, writes the distribution's package byte for byte,
 * removes what the package no longer holds, and reports every path it changed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { distributionRoot } from './layer/distribution';
import type { Layout } from './layer/layout';
import { PACKAGE_MANIFEST, packageProblems, readRulePackage } from './layer/rule-package';
import type { PackageProblem, RulePackage } from './layer/rule-package';
import { WorkingTree } from './layer/tree';
import { rulesDir } from './rules';

/** The package `init` vendors and `rules vendor` keeps current. */
export const BASELINE_VENDOR = 'majordomus';

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
  const shipped = shippedPackage(vendor).pkg;
  const changes = differences(vendored, shipped);
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
  const revision = (pkg: RulePackage): string => String(pkg.manifest?.source_revision ?? '');
  if (out.length === 0 && revision(vendored) !== revision(shipped)) out.push(`source revision ${revision(vendored)} → ${revision(shipped)}`);
  return out;
}

/** One path `update` changed. */
export interface VendorWrite {
  readonly action: 'wrote' | 'removed';
  readonly path: string;
}

/** Write the distribution's package over the vendored copy; the caller has decided a hand edit may go. */
export function vendorUpdate(layout: Layout, vendor = BASELINE_VENDOR): VendorWrite[] {
  const dir = vendoredDir(layout, vendor);
  const { tree: shippedTree, pkg } = shippedPackage(vendor);
  const working = new WorkingTree(layout.root);
  const files = [PACKAGE_MANIFEST, ...pkg.filesOnDisk.map((file) => file.slice(pkg.dir.length + 1))];
  const writes: VendorWrite[] = [];
  for (const relative of files) {
    const source = `${pkg.dir}/${relative}`;
    const target = `${dir}/${relative}`;
    const content = shippedTree.readText(source);
    if (working.exists(target) && safeRead(working, target) === content) continue;
    mkdirSync(dirname(join(layout.root, target)), { recursive: true });
    writeFileSync(join(layout.root, target), content);
    writes.push({ action: 'wrote', path: target });
  }
  const keep = new Set(files.map((relative) => `${dir}/${relative}`));
  const vendored = readRulePackage(working, dir, vendor);
  for (const path of vendored.filesOnDisk) {
    if (keep.has(path)) continue;
    rmSync(join(layout.root, path));
    writes.push({ action: 'removed', path });
  }
  return writes;
}

function safeRead(tree: WorkingTree, path: string): string | undefined {
  try {
    return tree.readText(path);
  } catch {
    return undefined;
  }
}
