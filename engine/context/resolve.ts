/**
 * Resolution: the context documents that apply to one path, in the one order — depth, then `order`, then
 * path — after the provider, audience and status filters, with each `replace` dropping the documents it
 * supersedes. A `final` document is never dropped (validation refuses a tree where something supersedes
 * one). A tree with any problem resolves nothing: an answer from half a tree would look whole.
 */
import type { ContextDoc } from './model';
import { covers, folderOf, normalFolder, resolutionOrder } from './model';
import type { ContextTree } from './validate';

/** What to resolve for. */
export interface ResolveFilter {
  /** Only documents for this provider (or for every provider, `*`). */
  readonly provider?: string;
  /** Only documents addressing this audience. */
  readonly audience?: string;
}

/** Why a document that covers the path is not in the answer. */
export interface Left {
  readonly doc: ContextDoc;
  /** `deprecated`, `provider`, `audience`, or `superseded`. */
  readonly reason: 'deprecated' | 'provider' | 'audience' | 'superseded';
  /** The document that superseded it. */
  readonly by?: ContextDoc;
}

/** The answer for one path. */
export interface Resolution {
  /** The path as asked, normalised. */
  readonly path: string;
  /** The folder resolved: the path's own when it is a folder, its parent when it is a file. */
  readonly folder: string;
  /** The documents that apply, in order. */
  readonly applied: readonly ContextDoc[];
  /** The documents that cover the folder but do not apply, in order, with why. */
  readonly left: readonly Left[];
}

/** The folder a repository path stands for, given what the tree tracks: a tracked file's folder, or the path itself. */
export function folderFor(path: string, files: readonly string[]): string {
  const normal = normalFolder(path);
  if (normal === '' || path.endsWith('/')) return normal;
  if (files.includes(normal)) return folderOf(normal);
  const prefix = `${normal}/`;
  if (files.some((file) => file.startsWith(prefix))) return normal;
  // a path git does not know: a name with an extension reads as a file, anything else as a folder
  return /\.[^/]*$/.test(normal.slice(normal.lastIndexOf('/') + 1)) ? folderOf(normal) : normal;
}

/** Resolve `path` (repository-relative) over a tree without problems. */
export function resolvePath(tree: ContextTree, path: string, files: readonly string[], filter: ResolveFilter = {}): Resolution {
  const folder = folderFor(path, files);
  const covering = tree.docs.filter((doc) => covers(doc, folder, tree.layerDir)).sort(resolutionOrder);
  const applied: ContextDoc[] = [];
  const left: Left[] = [];
  for (const doc of covering) {
    if (doc.status !== 'active') left.push({ doc, reason: 'deprecated' });
    else if (filter.provider !== undefined && !doc.providers.includes('*') && !doc.providers.includes(filter.provider))
      left.push({ doc, reason: 'provider' });
    else if (filter.audience !== undefined && !doc.audience.includes(filter.audience)) left.push({ doc, reason: 'audience' });
    else {
      if (doc.composition === 'replace') {
        for (let at = applied.length - 1; at >= 0; at--) {
          const earlier = applied[at]!;
          if (earlier.composition !== 'final' && doc.supersedes.includes(earlier.id)) {
            applied.splice(at, 1);
            left.push({ doc: earlier, reason: 'superseded', by: doc });
          }
        }
      }
      applied.push(doc);
    }
  }
  left.sort((a, b) => resolutionOrder(a.doc, b.doc));
  return { path: normalFolder(path), folder, applied, left };
}
