/**
 * The layout of a repository's AI layer: `.ai/manifest.yaml` names every section, and nothing walks
 * `.ai/` to find things. Opening the layer reads the manifest once; a missing manifest is exit 12, a
 * manifest format this version does not read is refused with the reason.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MissingError } from '../errors';
import type { Manifest } from '../generated/types';
import { DocumentError } from '../io/document-error';
import { isSafeRelativePath } from '../io/paths';
import type { Tree } from '../io/tree';
import { WorkingTree } from '../io/tree';
import type { YamlDocument } from './yaml';
import { parseYaml } from './yaml';

export const AI_DIR = '.ai';
export const MANIFEST_PATH = '.ai/manifest.yaml';

/** The manifest formats this version reads. */
export const SUPPORTED_MANIFEST_SCHEMAS: readonly string[] = ['ai-repository/v1'];

/** The layer of one repository, as its manifest describes it. */
export interface Layout {
  /** Absolute path of the repository's top level. */
  readonly root: string;
  /** The parsed manifest (shape checked by the ai_layout validator, not here). */
  readonly manifest: Manifest;
  readonly manifestDoc: YamlDocument;
  /** Repository-relative path of a section, or undefined when the manifest names none. */
  section(name: string): string | undefined;
  /** Repository-relative path of the local (untracked) half, `.ai/local` by default. */
  readonly localDir: string;
  /** Repository-relative path of the tracked half, `.ai/repo` by default. */
  readonly repoDir: string;
  /** Repository-relative path of the policy: the `policy` section, else `<repoDir>/policy.yaml`. The one place it is computed. */
  readonly policyFile: string;
  /** Absolute path of a repository-relative one. */
  abs(relative: string): string;
  /** The tree the layer is read from: the working tree, or the index inside a pre-commit hook. */
  readonly tree: Tree;
}

/** Where `init` puts the layer's local half, untracked: found here, it says the checkout was adopted. */
const DEFAULT_LOCAL_HALF = '.ai/local';

/**
 * Read `.ai/manifest.yaml` under `root`. Throws MissingError (12) when there is none, DocumentError when
 * it does not parse or declares a format this version does not read.
 */
export function openLayout(root: string, tree: Tree = new WorkingTree(root)): Layout {
  if (!tree.exists(MANIFEST_PATH)) {
    // the local half is never tracked, so it stays when a commit from before the layer is checked out
    if (tree.name !== 'index' && existsSync(join(root, DEFAULT_LOCAL_HALF)))
      throw new MissingError(
        `no ${MANIFEST_PATH} in ${root}, though ${DEFAULT_LOCAL_HALF}/ is there: the commit checked out predates the layer (switch back to a branch that has it, e.g. git switch -)`,
      );
    const where = tree.name === 'index' ? `the index of ${root} (stage it, or run: majordomus init)` : `${root} (run: majordomus init)`;
    throw new MissingError(`no ${MANIFEST_PATH} in ${where}`);
  }
  return layoutFromManifest(root, tree, tree.readText(MANIFEST_PATH));
}

/**
 * The layout a manifest's text describes, whether or not the manifest is in `tree` (a rule's test case
 * without a layer of its own is judged under the distribution's skeleton manifest, never written).
 */
export function layoutFromManifest(root: string, tree: Tree, text: string): Layout {
  const doc = parseYaml(text, MANIFEST_PATH);
  if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value)) {
    // init --extend rewrites an empty manifest; one holding a list or a scalar is somebody's content
    const fix =
      doc.value === null
        ? 'restore it with: majordomus init --extend'
        : 'make it a mapping of keys, or empty it and run: majordomus init --extend';
    throw new DocumentError(MANIFEST_PATH, 1, 'the manifest is not a mapping', fix);
  }
  const manifest = doc.value as Manifest;
  const schema = (manifest as { schema?: unknown }).schema;
  if (typeof schema !== 'string' || !SUPPORTED_MANIFEST_SCHEMAS.includes(schema)) {
    throw new DocumentError(
      MANIFEST_PATH,
      doc.lines.get('schema') ?? 1,
      `the manifest declares schema ${JSON.stringify(schema ?? null)}, which this version does not read (it reads ${SUPPORTED_MANIFEST_SCHEMAS.join(', ')})`,
      'use a majordomus version that reads it, or set schema: ai-repository/v1',
    );
  }
  const sections = ((manifest as { sections?: unknown }).sections ?? {}) as Record<string, unknown>;
  const relativeTo = (value: unknown, fallback: string): string =>
    typeof value === 'string' && isSafeRelativePath(value) ? `${AI_DIR}/${value.replace(/\/+$/, '')}` : fallback;
  const local = (manifest as { local?: { path?: unknown } }).local;
  const repo = (manifest as { repo?: { path?: unknown } }).repo;
  return {
    root,
    tree,
    manifest,
    manifestDoc: doc,
    localDir: relativeTo(local?.path, `${AI_DIR}/local`),
    repoDir: relativeTo(repo?.path, `${AI_DIR}/repo`),
    get policyFile(): string {
      return this.section('policy') ?? `${this.repoDir}/policy.yaml`;
    },
    section(name: string): string | undefined {
      const value = sections[name];
      // an unsafe path is reported by the ai_layout validator and never followed
      return typeof value === 'string' && isSafeRelativePath(value) ? relativeTo(value, '') : undefined;
    },
    abs(relative: string): string {
      return join(root, relative);
    },
  };
}
