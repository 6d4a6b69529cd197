/**
 * The vendored copy of a pack's rule package. `rules vendor update` is its writer: it writes the
 * distribution's package byte for byte and removes what the package no longer holds, through one write
 * plan; `rules vendor add` writes a pack's copy where there is none, `rules vendor remove` removes it.
 * None replaces or removes silently what may be someone's work: a hand edit, or a package that is not
 * the one this version ships (another vendor's, a newer one, one holding files this version does not
 * carry), is refused unless forced, with the list of what would be removed and replaced.
 */
import type { Dirent, Stats } from 'node:fs';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { diskReader } from '../api/disk';
import type { DiskReader } from '../api/validator';
import { isSafeRelativePath } from '../io/paths';
import { byteOrder } from '../io/text';
import { WorkingTree } from '../io/tree';
import { isWriterLeftover } from '../io/write/apply';
import type { WritePlan } from '../io/write/plan';
import type { Layout } from '../layer/layout';
import type { PackageProblem, RulePackage } from '../layer/rule-package';
import { listedFiles, PACKAGE_MANIFEST, packageProblems, readRulePackage } from '../layer/rule-package';
import { parseYaml } from '../layer/yaml';
import { BASELINE_VENDOR, rulesDir } from '../ruleset/rules';
import type { PackDefinition } from './registry';
import { adoptedPacks, BASELINE_PACK, packs } from './registry';
import { shippedFiles, shippedPackage } from './shipped';

/** The names under `<rules>/vendor/` of the working tree, whatever each is: the vendors the repository holds. */
export function heldVendors(layout: Layout): string[] {
  try {
    return readdirSync(layout.abs(`${rulesDir(layout)}/vendor`)).sort(byteOrder);
  } catch {
    return [];
  }
}

/**
 * The packs `rules vendor status` and `update` keep: the baseline, which every adopted repository
 * carries (absent, it is reported and written back), then each other pack the repository adopted.
 */
export function keptPacks(layout: Layout): PackDefinition[] {
  return [packs[BASELINE_PACK], ...adoptedPacks(heldVendors(layout)).filter((pack) => pack.name !== BASELINE_PACK)];
}

/** How a vendored copy stands against the distribution. */
export type VendorStatus =
  | { readonly state: 'absent'; readonly dir: string }
  | { readonly state: 'damaged'; readonly dir: string; readonly problems: readonly PackageProblem[] }
  | { readonly state: 'different'; readonly dir: string; readonly changes: readonly string[] }
  | { readonly state: 'current'; readonly dir: string; readonly rules: number; readonly revision: string };

/** The repository-relative directory of the vendored copy. */
export function vendoredDir(layout: Layout, vendor = BASELINE_VENDOR): string {
  return `${rulesDir(layout)}/vendor/${vendor}`;
}

/**
 * The problem of a vendored folder that is not a folder of this repository: a symbolic link (even to a
 * package inside the repository), a file in its place, or a folder that resolves outside the repository
 * through a link on its path. `rules vendor status` and `doctor` report it in the same words.
 */
export function vendoredFolderProblem(layout: Layout, dir: string): PackageProblem | undefined {
  return folderProblem(
    { root: layout.root, tree: layout.tree.name, list: (folder) => layout.tree.list(folder), disk: diskReader(layout.root) },
    dir,
  );
}

/** What the check of a vendored folder reads: the judged tree, and the disk for what a tree does not show (links). */
export interface VendoredFolderReaders {
  /** The working tree's top level. */
  readonly root: string;
  readonly tree: 'working tree' | 'index';
  list(dir: string): readonly { readonly name: string; readonly directory: boolean }[];
  readonly disk: Pick<DiskReader, 'kind' | 'link' | 'realpath'>;
}

function folderProblem(readers: VendoredFolderReaders, dir: string): PackageProblem | undefined {
  const problem = (message: string): PackageProblem => ({ subject: dir, file: dir, message });
  const fix = `a vendored package is a folder inside the repository (replace it with the package: majordomus rules vendor update --force)`;
  if (readers.tree === 'index') {
    const parent = dir.slice(0, dir.lastIndexOf('/'));
    const name = dir.slice(dir.lastIndexOf('/') + 1);
    const entry = readers.list(parent).find((item) => item.name === name);
    return entry && !entry.directory ? problem(`is staged as a file or a symbolic link; ${fix}`) : undefined;
  }
  const abs = join(readers.root, dir);
  const link = readers.disk.link(abs);
  if (link !== undefined) return problem(`is a symbolic link (to ${link}), not a folder; ${fix}`);
  const kind = readers.disk.kind(abs);
  if (kind === 'absent') return undefined;
  if (kind !== 'dir') return problem(`is a file, not a folder; ${fix}`);
  const real = readers.disk.realpath(abs);
  const top = readers.disk.realpath(readers.root);
  if (!real.startsWith(top + sep))
    return problem(`resolves outside the repository (to ${real}) through a symbolic link on its path; ${fix}`);
  return undefined;
}

/** Every vendored folder's problem of that kind under `rulesDir`, for the rule_package validator. */
export function vendoredFolderProblems(readers: VendoredFolderReaders, rulesDir: string): PackageProblem[] {
  const vendorDir = `${rulesDir}/vendor`;
  return readers
    .list(vendorDir)
    .map((entry) => folderProblem(readers, `${vendorDir}/${entry.name}`))
    .filter((problem): problem is PackageProblem => problem !== undefined);
}

/** Compare the vendored copy (read from the working tree) with the distribution's package. */
export function vendorStatus(layout: Layout, vendor = BASELINE_VENDOR): VendorStatus {
  const dir = vendoredDir(layout, vendor);
  const folder = vendoredFolderProblem(layout, dir);
  if (folder) return { state: 'damaged', dir, problems: [folder] };
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
  return {
    state: 'current',
    dir,
    rules: vendored.manifest?.rules?.length ?? 0,
    revision: String(vendored.manifest?.source_revision ?? ''),
  };
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
  if (out.length === 0 && [...before.keys()].join('\n') !== [...after.keys()].join('\n'))
    out.push('reordered: the distribution lists the rules in another order');
  const revision = (pkg: RulePackage): string => String(pkg.manifest?.source_revision ?? '');
  if (out.length === 0 && revision(vendored) !== revision(shipped))
    out.push(`source revision ${revision(vendored)} → ${revision(shipped)}`);
  return out;
}

/** One path `update` changes: a file written (`replaces` when something was there), or one removed. */
export interface VendorChange {
  readonly action: 'write' | 'remove';
  readonly path: string;
  readonly replaces: boolean;
}

/**
 * Plan writing the distribution's package over the vendored copy, byte for byte, into `plan`; the
 * changes, in order. Removes what the package no longer holds: a rule file on disk it does not ship, and
 * a file the old manifest listed that it does not ship. A vendored folder that is a symbolic link is
 * replaced by a folder (the link removed, never what it points to); a vendored file that is a link is
 * replaced by a file.
 */
export function planVendorUpdate(plan: WritePlan, layout: Layout, vendor = BASELINE_VENDOR): VendorChange[] {
  const dir = vendoredDir(layout, vendor);
  const changes: VendorChange[] = [];
  const linked = isSymlink(layout.abs(dir));
  if (linked) {
    plan.remove(dir);
    changes.push({ action: 'remove', path: dir, replaces: false });
  }
  // the rules first, then what goes, then the manifest: the manifest never lists a file not yet written
  const [manifest, ...rules] = shippedFiles(vendor);
  for (const file of rules) {
    const target = `${dir}/${file.relative}`;
    if (!linked && sameContent(layout.abs(target), file.content)) continue;
    plan.replace(target, file.content, { links: 'replace' });
    changes.push({ action: 'write', path: target, replaces: !linked && exists(layout.abs(target)) });
  }
  for (const path of linked ? [] : staleFiles(layout, vendor)) {
    plan.remove(path);
    changes.push({ action: 'remove', path, replaces: false });
  }
  const target = `${dir}/${manifest!.relative}`;
  if (linked || !sameContent(layout.abs(target), manifest!.content)) {
    plan.replace(target, manifest!.content, { links: 'replace' });
    changes.push({ action: 'write', path: target, replaces: !linked && exists(layout.abs(target)) });
  }
  return changes;
}

/**
 * Plan writing the distribution's package of `pack` where the repository holds none, into `plan`; the
 * changes, in order. Every file is created, never written over: the rules first, the manifest last, so
 * a killed run never leaves a manifest listing files that are not there (`init` completes such a copy).
 */
export function planVendorAdd(plan: WritePlan, layout: Layout, pack: string): VendorChange[] {
  const dir = vendoredDir(layout, pack);
  const [manifest, ...rules] = shippedFiles(pack);
  const changes: VendorChange[] = [];
  for (const file of [...rules, manifest!]) {
    plan.create(`${dir}/${file.relative}`, file.content);
    changes.push({ action: 'write', path: `${dir}/${file.relative}`, replaces: false });
  }
  return changes;
}

/**
 * Plan removing the vendored copy of `pack` whole, into `plan`: every file under it (a link is removed,
 * never what it points to), then its folders, deepest first; the changes, in order. A copy that is a
 * link, or a file where the folder belongs, is removed itself.
 */
export function planVendorRemove(plan: WritePlan, layout: Layout, pack: string): VendorChange[] {
  const dir = vendoredDir(layout, pack);
  const abs = layout.abs(dir);
  const changes: VendorChange[] = [];
  const remove = (path: string): void => {
    plan.remove(path);
    changes.push({ action: 'remove', path, replaces: false });
  };
  let stat: Stats;
  try {
    stat = lstatSync(abs);
  } catch {
    return changes;
  }
  if (!stat.isDirectory()) {
    remove(dir);
    return changes;
  }
  const { files, folders } = entriesUnder(abs);
  for (const file of files) remove(`${dir}/${file}`);
  for (const folder of folders.reverse()) remove(`${dir}/${folder}`);
  remove(dir);
  return changes;
}

/** Files under the vendored copy of `pack` that are neither its manifest nor a rule file it lists: someone's own. */
export function unlistedFiles(layout: Layout, pack: string): string[] {
  const dir = vendoredDir(layout, pack);
  const abs = layout.abs(dir);
  try {
    if (!lstatSync(abs).isDirectory()) return [];
  } catch {
    return [];
  }
  const pkg = readRulePackage(new WorkingTree(layout.root), dir, pack);
  const known = new Set([pkg.manifestFile, ...(listedFiles(pkg) ?? [])]);
  return entriesUnder(abs)
    .files.filter((file) => !isWriterLeftover(file.slice(file.lastIndexOf('/') + 1)))
    .map((file) => `${dir}/${file}`)
    .filter((path) => !known.has(path));
}

/** Every file (links included, not followed) and every folder under `root`, relative to it, in byte order, folders before their contents. */
function entriesUnder(
  root: string,
  prefix = '',
  out: { files: string[]; folders: string[] } = { files: [], folders: [] },
): { files: string[]; folders: string[] } {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, prefix), { withFileTypes: true }).sort((a, b) => byteOrder(a.name, b.name));
  } catch {
    return out;
  }
  for (const entry of entries) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      out.folders.push(relative);
      entriesUnder(root, relative, out);
    } else out.files.push(relative);
  }
  return out;
}

/** Files of the vendored copy the distribution's package does not hold: rule files on disk, and files its manifest lists. */
function staleFiles(layout: Layout, vendor: string): string[] {
  const dir = vendoredDir(layout, vendor);
  const working = new WorkingTree(layout.root);
  const before = readRulePackage(working, dir, vendor);
  const keep = new Set(shippedFiles(vendor).map((file) => `${dir}/${file.relative}`));
  const candidates = [
    ...before.filesOnDisk,
    ...(listedFiles(before) ?? []).filter((path) => isSafeRelativePath(path) && path.startsWith(`${dir}/`)),
  ];
  return [...new Set(candidates)].filter((path) => !keep.has(path) && isFileOrLink(layout.abs(path)));
}

/**
 * Why the vendored copy is not the package this version ships, one reason a line; empty when it is
 * (the same package, at this version's revision or an older one, holding no file this version lacks).
 */
export function foreignReasons(layout: Layout, vendor = BASELINE_VENDOR): string[] {
  const dir = vendoredDir(layout, vendor);
  if (vendoredFolderProblem(layout, dir) || !exists(layout.abs(dir))) return [];
  const vendored = readRulePackage(new WorkingTree(layout.root), dir, vendor).manifest as Record<string, unknown> | undefined;
  const shipped = shippedPackage(vendor).pkg.manifest as unknown as Record<string, unknown>;
  const reasons: string[] = [];
  if (vendored && typeof vendored === 'object') {
    for (const key of ['vendor', 'package']) {
      if (vendored[key] !== shipped[key])
        reasons.push(
          `its manifest names ${key} ${JSON.stringify(vendored[key] ?? null)}; this version ships ${key} ${JSON.stringify(shipped[key])}`,
        );
    }
    const theirs = String(vendored.source_revision ?? '');
    const ours = String(shipped.source_revision);
    const order = compareRevisions(theirs, ours);
    if (order === undefined) reasons.push(`its source revision ${JSON.stringify(theirs)} cannot be ordered against this version's ${ours}`);
    else if (order > 0) reasons.push(`its source revision ${theirs} is newer than this version's ${ours}`);
  }
  const stale = staleFiles(layout, vendor);
  if (stale.length > 0) reasons.push(`it holds ${stale.length} file(s) this version does not ship`);
  return reasons;
}

/** Compare dotted numeric revisions (`0.10.0` > `0.9.1`); undefined when either is not one. */
export function compareRevisions(a: string, b: string): number | undefined {
  const parse = (text: string): number[] | undefined => (/^\d+(\.\d+)*$/.test(text) ? text.split('.').map(Number) : undefined);
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return a === b ? 0 : undefined;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** How a vendored package stands for `init`: its own (with what to repair), or someone else's. */
export type Ownership =
  | { readonly owned: true; readonly files: readonly { readonly relative: string; readonly content: Buffer; readonly state: FileState }[] }
  | { readonly owned: false; readonly reason: string };

/** A shipped file in the repository: the same bytes, absent, cut short (a killed write), or otherwise different. */
type FileState = 'whole' | 'missing' | 'truncated' | 'different';

/**
 * Whether the vendored folder at `dir` (repository-relative) is this version's own package, which `init`
 * may complete: absent; holding this version's manifest byte for byte; or, without a whole manifest,
 * holding nothing but this version's files, each whole or cut short. Anything else — another vendor's
 * package, another version's, a link — is not init's to write into.
 */
export function packageOwnership(root: string, dir: string, vendor: string): Ownership {
  const abs = join(root, dir);
  const shipped = shippedFiles(vendor);
  let stat: Stats;
  try {
    stat = lstatSync(abs);
  } catch {
    return { owned: true, files: shipped.map((file) => ({ ...file, state: 'missing' as const })) };
  }
  if (stat.isSymbolicLink()) return { owned: false, reason: 'it is a symbolic link' };
  if (!stat.isDirectory()) return { owned: false, reason: 'it is not a folder' };
  const files = shipped.map((file) => ({ ...file, state: fileState(join(abs, file.relative), file.content) }));
  const manifest = files.find((file) => file.relative === PACKAGE_MANIFEST)!;
  if (manifest.state === 'whole') return { owned: true, files };
  if (manifest.state === 'different') return { owned: false, reason: describeManifest(join(abs, PACKAGE_MANIFEST), vendor) };
  const known = new Set(shipped.map((file) => file.relative));
  const foreign = filesUnder(abs).find((relative) => !known.has(relative));
  if (foreign !== undefined)
    return { owned: false, reason: `it holds ${dir}/${foreign}, which this version does not ship, and no manifest of this version` };
  const edited = files.find((file) => file.state === 'different');
  if (edited)
    return {
      owned: false,
      reason: `${dir}/${edited.relative} differs from this version's, and the folder has no manifest of this version`,
    };
  return { owned: true, files };
}

function describeManifest(abs: string, vendor: string): string {
  const shipped = shippedPackage(vendor).pkg.manifest;
  try {
    const value = parseYaml(readFileSync(abs, 'utf8'), abs).value as Record<string, unknown> | null;
    if (value && typeof value === 'object') {
      return `it holds ${String(value.package)} ${String(value.source_revision)} of vendor ${String(value.vendor)}, not this version's ${String(shipped?.package)} ${String(shipped?.source_revision)}`;
    }
  } catch {
    // described below
  }
  return "its manifest is not this version's";
}

function fileState(abs: string, content: Buffer): FileState {
  let stat: Stats;
  try {
    stat = lstatSync(abs);
  } catch {
    return 'missing';
  }
  if (!stat.isFile()) return 'different';
  const bytes = readFileSync(abs);
  if (bytes.equals(content)) return 'whole';
  return bytes.length < content.length && content.subarray(0, bytes.length).equals(bytes) ? 'truncated' : 'different';
}

/** Every file under `dir`, relative to it, links included (not followed); what a killed writer left is not counted. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const file of filesUnder(dir, relative)) out.push(file);
    else if (!isWriterLeftover(entry.name)) out.push(relative);
  }
  return out;
}

function exists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
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
