/**
 * Rule objects: loading, validation and resolution into the effective set — the one import path for the
 * rule types and functions. This module reads the rules directory (the vendored packages, then the
 * project rules) and builds the set; checking one file is load.ts's, resolving the set is resolve.ts's.
 *
 * Load order is the vendored packages (vendors in byte order, each in its manifest's order), then
 * `<rules>/project/*.md` in byte order; the effective set is a stable topological order over
 * `depends_on` with deprecated rules dropped. A refusal refuses only what it is about: a file that does
 * not load, both rules of a duplicate identity, a rule with a missing, deprecated or cyclic dependency,
 * and every rule that depends on a refused one, transitively. Everything else is effective and runs;
 * the refusals are problems the gate reports as failures.
 */
import { DocumentError } from '../io/document-error';
import type { Tree } from '../io/tree';
import type { Layout } from '../layer/layout';
import type { RulePackage } from '../layer/rule-package';
import { listDirectories, listedFiles, listRuleFiles, packageStructureProblems, readRulePackage } from '../layer/rule-package';
import type { LoadProblem, Provenance, Rule, RuleSet } from '../layer/rule-types';
import { loadRuleFileDeclaring } from './load';
import { resolveRules } from './resolve';

export { loadRuleFile, loadRuleText, MAX_RULE_VERSION, RESERVED_NAMESPACE, RULE_SECTIONS, versionProblem } from './load';
export { type Resolution, resolveRules } from './resolve';

/** The vendor of the baseline package every adopted repository carries. */
export const BASELINE_VENDOR = 'majordomus';

export type { Declaration, Enforcement, LoadProblem, Provenance, Rule, RuleSet } from '../layer/rule-types';

/** The rules directory of a layout (`.ai/repo/rules` unless the manifest says otherwise). */
export function rulesDir(layout: Layout): string {
  return layout.section('rules') ?? `${layout.repoDir}/rules`;
}

/** Load, validate and resolve every rule of the repository. Never throws for bad rule files. */
export function loadRuleSet(layout: Layout): RuleSet {
  const dir = rulesDir(layout);
  const tree = layout.tree;
  const folderProblems: LoadProblem[] = [];
  // a folder that cannot be listed is a refusal, never "no rules"
  const listing = <T>(list: () => T[]): T[] => {
    try {
      return list();
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      folderProblems.push({ subject: error.file, file: error.file, message: `${error.reason} (${error.fix})` });
      return [];
    }
  };
  listing(() => tree.list(dir));
  const packages = listing(() => listDirectories(tree, `${dir}/vendor`)).map((vendor) =>
    readRulePackage(tree, `${dir}/vendor/${vendor}`, vendor),
  );
  const files: { file: string; provenance: Provenance }[] = [];
  for (const pkg of packages) {
    // a package that is not what its manifest says is a refusal, not a smaller set: a manifest emptied
    // by hand would otherwise load no rule and pass every gate (the folder, the manifest, every file
    // missing or unlisted, worded as rule_package words them)
    for (const problem of packageStructureProblems(tree, pkg))
      folderProblems.push({ subject: problem.subject, file: problem.file, line: problem.line, message: problem.message });
    const provenance: Provenance = { origin: 'vendor', vendor: pkg.vendor };
    const listed = listedFiles(pkg);
    // a package whose manifest cannot be read is still loaded (in byte order) so its rules are audited
    const onDisk = new Set(pkg.filesOnDisk);
    const order = listed ? listed.filter((file) => onDisk.has(file)) : pkg.filesOnDisk;
    for (const file of order) files.push({ file, provenance });
  }
  for (const file of listing(() => listRuleFiles(tree, `${dir}/project`))) files.push({ file, provenance: { origin: 'project' } });
  const set = loadRuleFiles(tree, files, packages);
  const problems = [...folderProblems];
  if (!packages.some((pkg) => pkg.vendor === BASELINE_VENDOR)) {
    // without the baseline nothing would check the layer, and a gate would pass on nothing
    problems.push({
      subject: `${dir}/vendor/${BASELINE_VENDOR}`,
      message: `the baseline package is not vendored under ${dir}/vendor/${BASELINE_VENDOR}, so nothing checks the layer (run: majordomus rules vendor update)`,
    });
  }
  if (problems.length === 0) return set;
  return { ...set, refused: true, problems: [...problems, ...set.problems] };
}

/** Load the given rule files of `tree` and resolve them as one set. */
export function loadRuleFiles(
  tree: Tree,
  files: readonly { file: string; provenance: Provenance }[],
  packages: readonly RulePackage[] = [],
): RuleSet {
  const problems: LoadProblem[] = [];
  const loaded: Rule[] = [];
  // the identity of each refused file, as it declares it or else as its package manifest lists it, so a
  // rule depending on it is told which file refused it
  const unloaded = new Map<string, string>();
  const listed = listedIdentities(packages);
  for (const { file, provenance } of files) {
    const result = loadRuleFileDeclaring(tree, file, provenance);
    if ('problems' in result) {
      for (const problem of result.problems) problems.push(problem);
      const identity = result.identity ?? listed.get(file);
      if (identity !== undefined && !unloaded.has(identity)) unloaded.set(identity, file);
    } else loaded.push(result.rule);
  }
  const resolution = resolveRules(loaded, unloaded);
  for (const problem of resolution.problems) problems.push(problem);
  return { rules: resolution.effective, refused: problems.length > 0, problems, refusedRules: resolution.refused, packages, files };
}

/** Each listed rule file of the packages, by path, with the identity its manifest gives it. */
function listedIdentities(packages: readonly RulePackage[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pkg of packages) {
    const rules = pkg.manifest?.rules;
    // a manifest off its schema (`rules: 0`, a mapping) lists nothing; its schema problem says why
    if (!Array.isArray(rules)) continue;
    for (const entry of rules) {
      if (entry && typeof entry.file === 'string' && typeof entry.id === 'string' && Number.isSafeInteger(entry.version)) {
        out.set(`${pkg.dir}/${entry.file}`, `${entry.id}@${entry.version}`);
      }
    }
  }
  return out;
}
