/**
 * The contexts validators receive, built the same way in the gate's process (runner.ts) and in a
 * repository validator's worker (isolation/worker-context.ts): the narrow readers the published API
 * describes (engine/api/validator.ts) over the engine's own Repository, GitRepository and Tree, which no
 * validator ever sees. Every read a validator makes comes through here — the judged tree (the index
 * inside a pre-commit hook), git, the files of the machine outside that tree, the distribution — so
 * what a gate judges is decided in one place.
 */

import { resolve } from 'node:path';
import { diskKind, diskReader } from '../api/disk';
import type {
  DiskReader,
  DistributionReader,
  FolderContext,
  FolderEntry,
  GitReader,
  LayerReader,
  ModelProvider,
  PathKind,
  ReadOptions,
  RepositoryReader,
  ValidatorContext,
} from '../api/validator';
import { distributionHasTest, distributionRoot } from '../io/distribution';
import { DocumentError } from '../io/document-error';
import type { GitRepository } from '../io/git';
import type { Tree } from '../io/tree';
import { bindContentCache } from '../layer/content-cache';
import { MANIFEST_PATH } from '../layer/layout';
import { Repository } from '../layer/repository';
import type { RuleSet } from '../layer/rule-types';
import { shippedHashes, shippedPackage, shippedRuleNaming } from '../packs/shipped';
import { rulesDir } from '../ruleset/rules';

/** What a context holds besides its target's readers: the run, the rule and its ways to report. */
export type ContextCommon<Options = unknown> = Omit<ValidatorContext<Options>, 'targetKind' | 'model' | keyof RepositoryReader>;

/** The readers of `repository` for one run of a gate; `ruleSet` says which test cases `files()` leaves out. */
export function repositoryReader(repository: Repository, ruleSet: RuleSet): RepositoryReader {
  const { layout } = repository;
  const tree = layout.tree;
  const layer: LayerReader = Object.freeze({
    manifestFile: MANIFEST_PATH,
    manifest: layout.manifestDoc,
    section: (name: string) => layout.section(name),
    repoDir: layout.repoDir,
    localDir: layout.localDir,
    rulesDir: rulesDir(layout),
    policyFile: layout.policyFile,
  });
  const reader: RepositoryReader = Object.freeze({
    tree: tree.name,
    files: () => repository.judgedFiles(ruleSet),
    exists: (path: string) => tree.exists(path),
    kind: (path: string) => treeKind(tree, repository.root, path),
    list: (dir: string): readonly FolderEntry[] => {
      const entries = tree.list(dir);
      // a large folder listed is about to be judged: what git vouches for in it is asked now, without waiting
      repository.contentCache.anticipate(dir.replace(/\/+$/, ''), entries.length);
      return entries;
    },
    listable: (dir: string) => tree.listable(dir),
    read: (path: string, options?: ReadOptions) => tree.readText(path, options?.maxBytes),
    sha256: (path: string) => tree.sha256(path),
    prefetch: (paths: readonly string[]) => tree.prefetch(paths),
    yaml: (path: string) => repository.yaml(path),
    document: (path: string) => repository.markdown(path),
    layer,
    git: gitReader(repository.git),
  });
  // the built-in rules reach the repository's content cache through this reader (engine/state/kernel/derived.ts)
  bindContentCache(reader, repository.contentCache);
  return reader;
}

/**
 * A reader that opens what it reads only when first asked (a repository validator's worker opens the
 * repository again, and a validator that reads nothing pays for nothing).
 */
export function lazyRepositoryReader(open: () => RepositoryReader): RepositoryReader {
  return Object.freeze({
    get tree() {
      return open().tree;
    },
    files: () => open().files(),
    exists: (path: string) => open().exists(path),
    kind: (path: string) => open().kind(path),
    list: (dir: string) => open().list(dir),
    listable: (dir: string) => open().listable(dir),
    read: (path: string, options?: ReadOptions) => open().read(path, options),
    sha256: (path: string) => open().sha256(path),
    prefetch: (paths: readonly string[]) => open().prefetch(paths),
    yaml: (path: string) => open().yaml(path),
    document: (path: string) => open().document(path),
    get layer() {
      return open().layer;
    },
    get git() {
      return open().git;
    },
  });
}

/** What is at `path` of the judged tree. */
function treeKind(tree: Tree, root: string, path: string): PathKind {
  if (tree.name === 'working tree') return diskKind(resolve(root, path));
  if (!tree.exists(path)) return 'absent';
  try {
    tree.list(path);
    return 'dir';
  } catch (error) {
    // the index refuses to list a staged file as a folder
    if (error instanceof DocumentError) return 'file';
    throw error;
  }
}

/** The git state of `git`, read-only; what it asks beyond the GitRepository's own is asked once. */
export function gitReader(git: GitRepository): GitReader {
  let head: { value: string | undefined } | undefined;
  return Object.freeze({
    root: git.root,
    gitDir: git.gitDir,
    commonDir: git.commonDir,
    hooksDir: git.hooksDir,
    hooksPathEmpty: git.hooksPathEmpty,
    head: () => (head ??= { value: git.head() }).value,
    branch: () => git.branch(),
    tracked: (pathspec?: string) => git.tracked(pathspec),
    untracked: (pathspecs: readonly string[]) => git.untracked(pathspecs),
    isIgnored: (path: string) => git.isIgnored(path),
    config: (key: string) => git.config(key),
  });
}

/** The git repository a folder lies in, opened when first asked; undefined when it lies in none. */
export function folderGit(folder: string, env: Readonly<Record<string, string | undefined>>): () => GitReader | undefined {
  let found: { value: GitReader | undefined } | undefined;
  return () => {
    if (!found) {
      const git = Repository.gitAround(folder, env);
      found = { value: git ? gitReader(git) : undefined };
    }
    return found.value;
  };
}

/** This installation, read from its root; the hashes of each shipped package read once per reader. */
export function distributionReader(): DistributionReader {
  let disk: DiskReader | undefined;
  const files = (): DiskReader => (disk ??= diskReader(distributionRoot()));
  const hashes = new Map<string, Map<string, string>>();
  return Object.freeze({
    get root() {
      return distributionRoot();
    },
    kind: (path: string) => files().kind(path),
    list: (dir: string) => (files().kind(dir) === 'absent' ? [] : files().list(dir)),
    read: (path: string, options?: ReadOptions) => files().read(path, options),
    hasTest: (test: string) => distributionHasTest(test),
    ruleHash(vendor: string, identity: string): string | undefined {
      let byIdentity = hashes.get(vendor);
      if (!byIdentity) {
        byIdentity = shippedHashes(vendor);
        hashes.set(vendor, byIdentity);
      }
      return byIdentity.get(identity);
    },
    packageManifest: (vendor: string) => (shippedHashes(vendor).size > 0 ? shippedPackage(vendor).pkg.manifest : undefined),
    ruleNaming: (vendor: string, validator: string) => (shippedHashes(vendor).size > 0 ? shippedRuleNaming(vendor, validator) : undefined),
  });
}

/** The context of a validator at a repository gate. */
export function repositoryContext<Options>(
  common: ContextCommon<Options>,
  reader: RepositoryReader,
  model: <T>(provider: ModelProvider<T, 'repository'>) => T,
): ValidatorContext<Options> {
  const context = { ...common, targetKind: 'repository' as const, model };
  // the reader's members as they are: a lazy reader's getters stay getters
  Object.defineProperties(context, Object.getOwnPropertyDescriptors(reader));
  return context as unknown as ValidatorContext<Options>;
}

/** The context of a validator at a folder gate; `git` is asked for the folder's repository only when read. */
export function folderContext<Options>(
  common: ContextCommon<Options>,
  git: () => GitReader | undefined,
  model: <T>(provider: ModelProvider<T, 'folder'>) => T,
): FolderContext<Options> {
  const context = { ...common, targetKind: 'folder' as const, model };
  Object.defineProperty(context, 'git', { get: git, enumerable: true });
  return context as unknown as FolderContext<Options>;
}
