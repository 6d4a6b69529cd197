/**
 * Context documents (`context/v1`): the Markdown files the manifest's `context.documents` names
 * (README.md), under the layer's folder minus its local half and the vendored rules, each declaring where
 * it applies, to whom and how it composes with the documents above it. This module holds the shapes and
 * the geometry every other part of engine/context/ shares: where a document lives, how deep, and which
 * folders it covers.
 */
import { byteOrder } from '../io/text';

/** What the context tree is read from: the files git tracks in the tree a command or a gate judges. */
export interface ContextSource {
  /** Repository-relative paths of the tracked files (the index inside a pre-commit hook). */
  readonly files: readonly string[];
  /** A tracked file's text; throws a value `isUnreadable` recognises when it cannot be read. */
  read(path: string): string;
  /** The manifest as parsed (`context.documents` names the document file names). */
  readonly manifest: unknown;
  /** The layer's folder, `.ai`. */
  readonly layerDir: string;
  /** The layer's local half, never context. */
  readonly localDir: string;
  /** The rules folder; its `vendor/` holds packages the repository carries but does not author. */
  readonly rulesDir: string;
  /** The providers the policy's projections name, or undefined when the policy cannot be read. */
  readonly providers: readonly string[] | undefined;
}

export type Scope = 'directory' | 'subtree' | 'explicit';
export type Composition = 'extend' | 'replace' | 'final';

/** One context document that satisfied its contract. */
export interface ContextDoc {
  /** Repository-relative path of the file. */
  readonly file: string;
  /** The folder it lives in (`.ai`, `.ai/repo/rules`). */
  readonly home: string;
  /** Folders below the layer's folder: 0 for the layer's root document. */
  readonly depth: number;
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly status: 'active' | 'deprecated';
  readonly scope: Scope;
  /** Explicit scope: the folders it applies to, normalised (`''` is the repository's root). */
  readonly paths: readonly string[];
  readonly providers: readonly string[];
  readonly audience: readonly string[];
  readonly composition: Composition;
  readonly order: number;
  readonly supersedes: readonly string[];
  readonly tracks: readonly string[];
  /** Subtree scope: what the folders below owe, when it says. */
  readonly children: { readonly requireContract: boolean; readonly exempt: readonly string[] } | undefined;
  /** The line of each front-matter key, for findings. */
  readonly lines: ReadonlyMap<string, number>;
  /** The Markdown after the front matter. */
  readonly body: string;
}

/** The classes of problem `context validate` reports, each by this name. */
export const PROBLEM_CLASSES = [
  'missing-contract',
  'invalid-front-matter',
  'unknown-key',
  'unsupported-schema',
  'unknown-provider',
  'duplicate-id',
  'cycle',
  'supersedes-non-ancestor',
  'final-override',
] as const;
export type ProblemClass = (typeof PROBLEM_CLASSES)[number];

/** One way the tree breaks the contract. */
export interface ContextProblem {
  readonly class: ProblemClass;
  /** The document, or for a folder that owes one, the folder. */
  readonly subject: string;
  /** The file the problem sits in, when it sits in one. */
  readonly file?: string;
  readonly line?: number;
  /** What is wrong and what to do. */
  readonly message: string;
}

/** A repository-relative folder with its `./` and trailing `/` removed; `.` and `''` are the root. */
export function normalFolder(path: string): string {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  return parts.join('/');
}

/** The folder a repository-relative file lives in (`''` at the root). */
export function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

/** True when `folder` is `base` or lies below it (`''` is the root and holds everything). */
export function within(folder: string, base: string): boolean {
  return base === '' || folder === base || folder.startsWith(`${base}/`);
}

/** Folders of `home` below the layer's folder (0 for the layer's root). */
export function depthOf(home: string, layerDir: string): number {
  if (home === layerDir) return 0;
  return home.slice(layerDir.length + 1).split('/').length;
}

/**
 * True when `doc` applies to `folder`: its own folder (directory), its folder and below (subtree; the
 * layer's root document stands for the repository, so it covers every folder), or a folder `paths`
 * names and what lies below (explicit).
 */
export function covers(doc: ContextDoc, folder: string, layerDir: string): boolean {
  switch (doc.scope) {
    case 'directory':
      return folder === doc.home;
    case 'subtree':
      return doc.home === layerDir || within(folder, doc.home);
    case 'explicit':
      return doc.paths.some((path) => within(folder, path));
  }
}

/** Depth, then order, then path in byte order: the one order of resolution. */
export function resolutionOrder(a: ContextDoc, b: ContextDoc): number {
  return a.depth - b.depth || a.order - b.order || byteOrder(a.file, b.file);
}

/** The documents on `doc`'s ancestor chain: those covering its folder from a smaller depth. */
export function ancestorsOf(doc: ContextDoc, all: readonly ContextDoc[], layerDir: string): ContextDoc[] {
  return all.filter((other) => other !== doc && other.depth < doc.depth && covers(other, doc.home, layerDir));
}
