/**
 * A rule package: `manifest.yaml` naming every rule file with its identity and sha256, and the rule
 * files under `rules/`. The same reader serves a vendored copy (`.ai/repo/rules/vendor/<vendor>/`) and a
 * package the distribution ships (`rules/<pack>/`).
 */
import type { RulePackageManifest } from '../generated/types';
import { DocumentError } from './document-error';
import { checkSchema } from './schema-check';
import type { SchemaProblem } from './schema-check';
import type { Tree } from './tree';
import { parseYaml } from './yaml';
import type { YamlDocument } from './yaml';

export const PACKAGE_MANIFEST = 'manifest.yaml';
export const PACKAGE_FORMAT = 'ai-rules/v1';

/** One package as found on disk. Problems are recorded, never thrown: the rule_package validator reports them. */
export interface RulePackage {
  /** The vendor (the directory name). */
  readonly vendor: string;
  /** The package directory, relative to `base`. */
  readonly dir: string;
  /** `<dir>/manifest.yaml`. */
  readonly manifestFile: string;
  /** The manifest when it parsed (it may still break its schema). */
  readonly manifest?: RulePackageManifest;
  readonly manifestDoc?: YamlDocument;
  /** Why the manifest could not be read at all. */
  readonly manifestError?: DocumentError;
  /** How the parsed manifest breaks the rule-package schema. */
  readonly schemaProblems: readonly SchemaProblem[];
  /** Every `*.md` file under `<dir>/rules/`, in byte order. */
  readonly filesOnDisk: readonly string[];
}

/** Read the package at `dir` of `tree` (a repository, or the distribution). */
export function readRulePackage(tree: Tree, dir: string, vendor: string): RulePackage {
  const manifestFile = `${dir}/${PACKAGE_MANIFEST}`;
  const filesOnDisk = listRuleFiles(tree, `${dir}/rules`);
  if (!tree.exists(manifestFile)) {
    return {
      vendor,
      dir,
      manifestFile,
      manifestError: new DocumentError(manifestFile, undefined, 'the package manifest is missing', 'restore the package with: majordomus rules vendor update --force'),
      schemaProblems: [],
      filesOnDisk,
    };
  }
  try {
    const doc = parseYaml(tree.readText(manifestFile), manifestFile);
    const schemaProblems = checkSchema('rule-package', doc);
    const manifest = doc.value !== null && typeof doc.value === 'object' ? (doc.value as RulePackageManifest) : undefined;
    return { vendor, dir, manifestFile, manifest, manifestDoc: doc, schemaProblems, filesOnDisk };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { vendor, dir, manifestFile, manifestError: error, schemaProblems: [], filesOnDisk };
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

/** `*.md` files directly under `dir`, README.md excepted (a README is a document, not a rule), in byte order. */
export function listRuleFiles(tree: Tree, dir: string): string[] {
  return tree
    .list(dir)
    .filter((entry) => !entry.directory && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => `${dir}/${entry.name}`);
}

/** Sub-directories of `dir` in byte order (the vendors of a rules section). */
export function listDirectories(tree: Tree, dir: string): string[] {
  return tree
    .list(dir)
    .filter((entry) => entry.directory)
    .map((entry) => entry.name);
}

/** Compare strings by their UTF-8 bytes (stable across locales). */
export function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
