/**
 * Knowledge nodes: the tracked files each declared class discovers, asked of git with the class's own
 * pathspec (`git ls-files`), never found by walking the disk — so an untracked file or build output is
 * never a node, and two clones list the same nodes in the same order.
 */
import { isUnreadable } from '../../api/toolkit/documents';
import type { Repository } from '../../layer/repository';
import type { SourceClass } from './sources';

/** One discovered object of the layer. */
export interface KnowledgeNode {
  /** The class that discovered it. */
  readonly source: string;
  readonly kind: string;
  /** Its `id` (or `name`), from its front matter or top-level keys, when it declares one; its path otherwise. */
  readonly identity: string;
  /** Repository-relative. */
  readonly path: string;
}

export interface Discovery {
  /** In the classes' order, each class's nodes in git's order. */
  readonly nodes: readonly KnowledgeNode[];
  /** How many nodes each class discovered, by class id. */
  readonly counts: ReadonlyMap<string, number>;
}

/** What the classes discover in the repository's index. */
export async function discoverNodes(repository: Repository, classes: readonly SourceClass[]): Promise<Discovery> {
  const nodes: KnowledgeNode[] = [];
  const counts = new Map<string, number>();
  for (const source of classes) {
    const paths = repository.git.tracked(source.pathspec);
    counts.set(source.id, paths.length);
    // an identity is read from the file's bytes alone, so it is kept by them between runs (the content cache)
    const declared = await repository.contentCache.derive('knowledge_identity', paths, (path) => declaredIdentity(repository, path));
    for (const path of paths) nodes.push({ source: source.id, kind: source.kind, identity: declared.get(path) ?? path, path });
  }
  return { nodes, counts };
}

/**
 * The same discovery with each identity read now rather than through the content cache: for a listing
 * that runs once and cannot wait on the cache (the objects the MCP server and `objects list` serve).
 */
export function discoverNodesNow(repository: Repository, classes: readonly SourceClass[]): Discovery {
  const nodes: KnowledgeNode[] = [];
  const counts = new Map<string, number>();
  for (const source of classes) {
    const paths = repository.git.tracked(source.pathspec);
    counts.set(source.id, paths.length);
    for (const path of paths)
      nodes.push({ source: source.id, kind: source.kind, identity: declaredIdentity(repository, path) ?? path, path });
  }
  return { nodes, counts };
}

/**
 * The identity a node declares: the `id` of its front matter or top-level keys (`name` where that is the
 * identity, as for profiles), read from the tree the command judges; null when it declares none or cannot
 * be read (a file the gates report on its own; listing it is not the place to refuse it), and its path
 * stands for it.
 */
function declaredIdentity(repository: Repository, path: string): string | null {
  try {
    let value: unknown;
    if (path.endsWith('.md')) {
      value = repository.markdown(path).data.value;
    } else if (path.endsWith('.yaml') || path.endsWith('.yml')) {
      value = repository.yaml(path).value;
    } else {
      return null;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const { id, name } = value as Record<string, unknown>;
    if (typeof id === 'string' && id !== '') return id;
    return typeof name === 'string' && name !== '' ? name : null;
  } catch (error) {
    if (isUnreadable(error)) return null;
    throw error;
  }
}
