/**
 * What a provider loads from this repository for one path: its instruction files in the order it reads
 * them, each measured against its limit. Codex joins AGENTS.md from the root down to the working folder
 * and stops at 32 KiB without a word; Claude Code reads every CLAUDE.md on the way; Copilot, Cursor and
 * Windsurf read their own files. The answer is what `context explain --provider` prints and what the
 * projection rule fails when a projection would be cut.
 */
import { folderOf, within } from '../context/model';
import { byteOrder } from '../io/text';
import type { Loader, ProviderAdapter } from './adapters';
import type { LoadedFile, ProviderLimit } from './limits';
import { measureLoad } from './limits';

/** A tree to look in: what exists, and the tracked files (for a provider that reads a folder's files). */
export interface LoadTree {
  exists(path: string): boolean;
  read(path: string): string;
  readonly files: readonly string[];
}

/** What one provider loads for one folder. */
export interface ProviderLoad {
  readonly provider: string;
  readonly folder: string;
  readonly limit: ProviderLimit | undefined;
  readonly files: readonly LoadedFile[];
  /** The first file the limit cuts, when one is cut. */
  readonly cut: LoadedFile | undefined;
}

/** The files `loader` reads for `folder`, in order. */
export function loadedPaths(loader: Loader, folder: string, tree: LoadTree): string[] {
  if (loader.kind === 'fixed') return tree.exists(loader.path) ? [loader.path] : [];
  if (loader.kind === 'files') {
    const prefix = `${loader.folder}/`;
    return tree.files.filter((file) => file.startsWith(prefix) && file.endsWith(loader.extension)).sort(byteOrder);
  }
  const folders = [''];
  if (folder !== '') {
    const parts = folder.split('/');
    for (let at = 1; at <= parts.length; at++) folders.push(parts.slice(0, at).join('/'));
  }
  const out: string[] = [];
  for (const dir of folders) {
    const found = loader.names.map((name) => (dir === '' ? name : `${dir}/${name}`)).find((path) => tree.exists(path));
    if (found) out.push(found);
  }
  return out;
}

/** What `adapter` loads for `folder`, measured against `limit`. */
export function providerLoad(adapter: ProviderAdapter, folder: string, tree: LoadTree, limit: ProviderLimit | undefined): ProviderLoad {
  const paths = adapter.loader ? loadedPaths(adapter.loader, folder, tree) : [];
  const files = measureLoad(
    paths.map((path) => ({ path, text: tree.read(path) })),
    limit,
  );
  return { provider: adapter.name, folder, limit, files, cut: files.find((file) => file.readUpTo !== undefined) };
}

/**
 * Every folder whose load could be cut for `adapter`: the folders of every tracked file the loader
 * reads (a chain ends there) and of `targets`. For a provider reading fixed files or one folder, the
 * root alone.
 */
export function loadLeaves(adapter: ProviderAdapter, tree: LoadTree, targets: readonly string[]): string[] {
  const loader = adapter.loader;
  if (!loader) return [];
  if (loader.kind !== 'chain') return [''];
  const names = loader.names;
  const leaves = new Set<string>();
  // by the end of each path, without a copy of the list or of each name (a repository may track many
  // thousands): counted loops, which allocate nothing a path even before the engine compiles them
  for (const files of [tree.files, targets]) {
    for (let at = 0; at < files.length; at++) {
      const file = files[at]!;
      for (let n = 0; n < names.length; n++) {
        const name = names[n]!;
        if (file.endsWith(name) && (file.length === name.length || file.charCodeAt(file.length - name.length - 1) === 0x2f)) {
          leaves.add(folderOf(file));
          break;
        }
      }
    }
  }
  // a folder whose chain is a prefix of a deeper one's is measured by the deeper one, except per file
  return [...leaves].filter((leaf) => ![...leaves].some((other) => other !== leaf && within(other, leaf))).sort(byteOrder);
}
