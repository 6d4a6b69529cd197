/**
 * Impact: the context documents whose `tracks` a change set touches — what may now describe the code
 * wrongly. `context affected` prints them and `majordomus.context-impact` warns about them at `check`;
 * neither ever fails on it, since only a reader can tell whether a document went stale.
 */
import { pathspecMatcher } from '../api/toolkit/pathspec';
import type { ContextDoc } from './model';

/** One document a change touches, with the changed files its pathspecs match. */
export interface Affected {
  readonly doc: ContextDoc;
  readonly files: readonly string[];
}

/** The active documents whose `tracks` match any of `changed`, in the tree's order, each with its files. */
export async function affectedDocuments(docs: readonly ContextDoc[], changed: readonly string[]): Promise<Affected[]> {
  const out: Affected[] = [];
  for (const doc of docs) {
    if (doc.status !== 'active' || doc.tracks.length === 0) continue;
    const matches = await pathspecMatcher(doc.tracks);
    const files = changed.filter((file) => matches(file));
    if (files.length > 0) out.push({ doc, files });
  }
  return out;
}
