/**
 * The distribution's rule packages as it ships them: the one loader of the rules this tool carries.
 * Vendoring (`init`, `rules vendor`) copies a package's files byte for byte; a gate of a pack that judges
 * a folder runs the pack's rules as shipped; the engine's audit rules and `doctrine_wiring` compare
 * with them. An embedded pack (pack.yaml `embedded: true`) is read from the copy compiled into the
 * bundle, so its gates run where the distribution is not on disk (the standalone detector); every
 * other package is read from the installed distribution. Each call reads anew: nothing is kept here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distributionRoot } from '../io/distribution';
import { WorkingTree } from '../io/tree';
import type { RulePackage } from '../layer/rule-package';
import { listedFiles, PACKAGE_MANIFEST, readRulePackage } from '../layer/rule-package';
import type { LoadProblem, Provenance, Rule } from '../ruleset/rules';
import { loadRuleFiles, loadRuleText, resolveRules } from '../ruleset/rules';
import type { PackName } from './registry';
import { packs } from './registry';

/** The distribution's package of `pack`, read from the installed tool. */
export function shippedPackage(pack: string): { tree: WorkingTree; pkg: RulePackage } {
  const tree = new WorkingTree(distributionRoot());
  return { tree, pkg: readRulePackage(tree, `rules/${pack}`, pack) };
}

/** The files the distribution's package writes into a repository: its manifest, then its rule files. */
export function shippedFiles(pack: string): { readonly relative: string; readonly content: Buffer }[] {
  const { tree, pkg } = shippedPackage(pack);
  return [PACKAGE_MANIFEST, ...pkg.filesOnDisk.map((file) => file.slice(pkg.dir.length + 1))].map((relative) => ({
    relative,
    content: readFileSync(join(tree.root, pkg.dir, relative)),
  }));
}

/** The sha256 of each rule file the distribution ships for `vendor`, by identity; empty for a vendor it does not ship. */
export function shippedHashes(vendor: string): Map<string, string> {
  const hashes = new Map<string, string>();
  if (!existsSync(join(distributionRoot(), 'rules', vendor, PACKAGE_MANIFEST))) return hashes;
  for (const entry of shippedPackage(vendor).pkg.manifest?.rules ?? []) {
    if (entry && typeof entry.sha256 === 'string') hashes.set(`${entry.id}@${entry.version}`, entry.sha256);
  }
  return hashes;
}

/**
 * The rules of `pack` as the distribution ships them, resolved as one set, in its manifest's order (an
 * embedded pack: in byte order of its files). The packs ship with the tool and are tested with it: one
 * that does not load is a bug of the tool, not input, and is thrown as such.
 */
export async function shippedRules(pack: PackName): Promise<Rule[]> {
  const provenance: Provenance = { origin: 'vendor', vendor: pack };
  const embedded = packs[pack].embeddedRules;
  const problems: LoadProblem[] = [];
  let rules: readonly Rule[];
  if (embedded) {
    const loaded: Rule[] = [];
    for (const { file, text } of await embedded()) {
      const rule = loadRuleText(text, file, provenance);
      if (Array.isArray(rule)) for (const problem of rule) problems.push(problem);
      else loaded.push(rule);
    }
    const resolution = resolveRules(loaded);
    for (const problem of resolution.problems) problems.push(problem);
    rules = resolution.effective;
  } else {
    const { tree, pkg } = shippedPackage(pack);
    const order = listedFiles(pkg) ?? pkg.filesOnDisk;
    const set = loadRuleFiles(
      tree,
      order.map((file) => ({ file, provenance })),
      [pkg],
    );
    for (const problem of set.problems) problems.push(problem);
    rules = set.rules;
  }
  if (problems.length > 0)
    throw new Error(
      `the ${pack} pack this distribution ships does not load: ${problems.map((p) => `${p.file ?? p.subject}: ${p.message}`).join('; ')}`,
    );
  return [...rules];
}

/**
 * The rule of the distribution's package of `pack` whose validator is `validator`: its id and file name
 * (the first in byte order of the files). A package that does not load names none.
 */
export function shippedRuleNaming(pack: string, validator: string): { readonly id: string; readonly file: string } | undefined {
  const { tree, pkg } = shippedPackage(pack);
  const provenance: Provenance = { origin: 'vendor', vendor: pack };
  for (const file of pkg.filesOnDisk) {
    const rule = loadRuleText(readFileSync(join(tree.root, file), 'utf8'), file, provenance);
    if (!Array.isArray(rule) && rule.enforcement?.validator === validator)
      return { id: rule.id, file: file.slice(`${pkg.dir}/rules/`.length) };
  }
  return undefined;
}
