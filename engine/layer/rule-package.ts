/**
 * A rule package: `manifest.yaml` naming every rule file with its identity and sha256, and the rule
 * files under `rules/`. The same reader serves a vendored copy (`.ai/repo/rules/vendor/<vendor>/`) and a
 * package the distribution ships (`rules/<pack>/`).
 */
import type { RulePackageManifest } from '../generated/types';
import { DocumentError } from '../io/document-error';
import type { Tree } from '../io/tree';
import { parseFrontMatter } from './front-matter';
import type { RulePackage } from './rule-types';
import { checkSchema } from './schema-check';
import { parseYaml } from './yaml';

export const PACKAGE_MANIFEST = 'manifest.yaml';
export const PACKAGE_FORMAT = 'ai-rules/v1';

export type { RulePackage } from './rule-types';

/** Read the package at `dir` of `tree` (a repository, or the distribution). */
export function readRulePackage(tree: Tree, dir: string, vendor: string): RulePackage {
  const manifestFile = `${dir}/${PACKAGE_MANIFEST}`;
  let filesOnDisk: string[] = [];
  let listError: DocumentError | undefined;
  try {
    filesOnDisk = listRuleFiles(tree, `${dir}/rules`);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    listError = error;
  }
  const found = { vendor, dir, manifestFile, filesOnDisk, ...(listError ? { listError } : {}) };
  if (!tree.exists(manifestFile)) {
    return {
      ...found,
      manifestError: new DocumentError(
        manifestFile,
        undefined,
        'the package manifest is missing',
        'restore the package with: majordomus rules vendor update --force',
      ),
      schemaProblems: [],
    };
  }
  try {
    const doc = parseYaml(tree.readText(manifestFile), manifestFile);
    const schemaProblems = checkSchema('rule-package', doc);
    const manifest = doc.value !== null && typeof doc.value === 'object' ? (doc.value as RulePackageManifest) : undefined;
    return { ...found, manifest, manifestDoc: doc, schemaProblems };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { ...found, manifestError: error, schemaProblems: [] };
  }
}

/** The files the package lists, in its manifest's order, when the manifest is usable. */
export function listedFiles(pkg: RulePackage): string[] | undefined {
  const rules = pkg.manifest?.rules;
  if (!Array.isArray(rules)) return undefined;
  return rules
    .map((entry) => (entry && typeof entry === 'object' && typeof entry.file === 'string' ? `${pkg.dir}/${entry.file}` : undefined))
    .filter((file): file is string => file !== undefined);
}

/**
 * `*.md` entries directly under `dir` that are not folders, README.md excepted (a README is a document,
 * not a rule), in byte order. A FIFO or a dangling link named `*.md` is listed, so that reading it
 * refuses it by name. A DocumentError when `dir` is there but cannot be listed.
 */
export function listRuleFiles(tree: Tree, dir: string): string[] {
  return tree
    .list(dir)
    .filter((entry) => !entry.directory && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => `${dir}/${entry.name}`);
}

/** Sub-directories of `dir` in byte order (the vendors of a rules section); a DocumentError as listRuleFiles. */
export function listDirectories(tree: Tree, dir: string): string[] {
  return tree
    .list(dir)
    .filter((entry) => entry.directory)
    .map((entry) => entry.name);
}

/** What checking a package against its manifest reads: a tree, or a validator's context over one. */
export type PackageFiles = Pick<Tree, 'exists' | 'sha256' | 'readText'>;

/** One way a package breaks its manifest. */
export interface PackageProblem {
  readonly subject: string;
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

/**
 * Every way `pkg` breaks its manifest: the manifest unreadable or off its schema, a listed file missing,
 * a file differing from its hash or declaring another identity, a rule file the manifest does not list.
 * `known` gives the identity of a file already loaded, so it is not parsed twice.
 */
export function packageProblems(
  tree: PackageFiles,
  pkg: RulePackage,
  known: (path: string) => string | undefined = () => undefined,
  options: { readonly structureOnly?: boolean } = {},
): PackageProblem[] {
  const problems: PackageProblem[] = [];
  const file = pkg.manifestFile;
  if (pkg.manifestError) {
    const error = pkg.manifestError;
    problems.push({ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` });
  }
  for (const problem of pkg.schemaProblems) {
    problems.push({ subject: file, file, line: problem.line, message: problem.message });
  }
  if (pkg.listError) {
    const error = pkg.listError;
    problems.push({ subject: error.file, file: error.file, message: `${error.reason} (${error.fix})` });
  }
  const manifest = pkg.manifest;
  if (!manifest || !Array.isArray(manifest.rules) || manifest.format !== PACKAGE_FORMAT) return problems;
  const listed = new Set<string>();
  manifest.rules.forEach((entry, index) => {
    if (!entry || typeof entry !== 'object' || typeof entry.file !== 'string') return;
    const line = pkg.manifestDoc?.lines.get(`rules.${index}.file`);
    const path = `${pkg.dir}/${entry.file}`;
    listed.add(path);
    if (!tree.exists(path)) {
      problems.push({
        subject: path,
        file,
        line,
        message: `listed in ${file} but missing (restore it with: majordomus rules vendor update --force)`,
      });
      return;
    }
    if (options.structureOnly) return;
    let actual: string;
    try {
      actual = tree.sha256(path);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      problems.push({ subject: path, file: path, message: `${error.reason} (${error.fix})` });
      return;
    }
    if (actual !== entry.sha256) {
      problems.push({
        subject: path,
        file: path,
        message: `differs from its manifest hash (sha256 ${actual.slice(0, 12)}…, listed ${String(entry.sha256).slice(0, 12)}…): a vendored rule is never edited by hand (restore it with: majordomus rules vendor update --force, or write a project rule)`,
      });
    }
    // the identity a file declares: from the rules already loaded when there, else read from the file
    const declared = known(path) ?? declaredIdentity(tree, path);
    const expected = `${entry.id}@${entry.version}`;
    if (declared !== undefined && declared !== expected) {
      problems.push({ subject: path, file: path, message: `declares ${declared} but ${file} lists it as ${expected}` });
    }
  });
  for (const path of pkg.filesOnDisk) {
    if (!listed.has(path)) {
      problems.push({
        subject: path,
        file: path,
        message: `a rule file ${file} does not list: the package holds only what its manifest names (remove it, or move it to the project rules)`,
      });
    }
  }
  return problems;
}

/**
 * The problems of `pkg` that change which rules load — the manifest unreadable or off its schema, a
 * listed file missing, a rule file the manifest does not list — without reading a rule file: what the
 * loader refuses a package for, so a manifest emptied by hand (`rules: []`) cannot quietly empty the set.
 * Each is worded exactly as `packageProblems` words it.
 */
export function packageStructureProblems(tree: Pick<Tree, 'exists'>, pkg: RulePackage): PackageProblem[] {
  const files: PackageFiles = {
    exists: (path) => tree.exists(path),
    sha256: () => '',
    readText: () => '',
  };
  return packageProblems(files, pkg, () => undefined, { structureOnly: true });
}

/** `id@version` as a rule file declares it, or undefined when it cannot be read (its load problem says why). */
function declaredIdentity(tree: PackageFiles, path: string): string | undefined {
  try {
    const value = parseFrontMatter(tree.readText(path), path).data.value as { id?: unknown; version?: unknown };
    return typeof value.id === 'string' && Number.isInteger(value.version) ? `${value.id}@${String(value.version)}` : undefined;
  } catch {
    return undefined;
  }
}
