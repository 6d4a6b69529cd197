/**
 * The whole-tree constraints of the context documents, over what discovery read: every identity unique,
 * every `supersedes` naming a document on the ancestor chain that is not final, no supersession cycle,
 * and a document in every folder whose ancestors require one (`children.require_contract`, true where
 * nothing declares it). `context validate` prints these problems, `majordomus.context-integrity`
 * reports them, and resolution refuses a tree that has any.
 */
import { byteOrder } from '../io/text';
import type { Discovery } from './discover';
import { discover } from './discover';
import type { ContextDoc, ContextProblem, ContextSource } from './model';
import { ancestorsOf, covers, folderOf, within } from './model';

/** The tree as read and judged: discovery's findings and every problem, in file order. */
export interface ContextTree extends Discovery {
  /** Every problem: the documents' own, then the tree's. */
  readonly allProblems: readonly ContextProblem[];
  readonly layerDir: string;
}

/** Discover the documents of `source` and judge the tree. */
export function readContextTree(source: ContextSource): ContextTree {
  const discovery = discover(source);
  if (discovery.names.length === 0) return { ...discovery, allProblems: [], layerDir: source.layerDir };
  const tree: ContextProblem[] = [
    ...duplicateIds(discovery.docs),
    ...supersession(discovery.docs, source.layerDir),
    ...missingContracts(source, discovery),
  ];
  const allProblems = [...discovery.problems, ...tree].sort(
    (a, b) => byteOrder(a.subject, b.subject) || (a.line ?? 0) - (b.line ?? 0) || byteOrder(a.class, b.class),
  );
  return { ...discovery, allProblems, layerDir: source.layerDir };
}

function duplicateIds(docs: readonly ContextDoc[]): ContextProblem[] {
  const byId = new Map<string, ContextDoc[]>();
  for (const doc of docs) byId.set(doc.id, [...(byId.get(doc.id) ?? []), doc]);
  const problems: ContextProblem[] = [];
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    for (const doc of group) {
      const others = group.filter((other) => other !== doc).map((other) => other.file);
      problems.push({
        class: 'duplicate-id',
        subject: doc.file,
        file: doc.file,
        line: doc.lines.get('id'),
        message: `the id ${id} is also claimed by ${others.join(', ')}; an id is unique across the tree (give one of them another id)`,
      });
    }
  }
  return problems;
}

/** Cycles first (each member named once), then every other `supersedes` entry against the ancestor chain. */
function supersession(docs: readonly ContextDoc[], layerDir: string): ContextProblem[] {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const problems: ContextProblem[] = [];
  const inCycle = cycleMembers(docs, byId);
  for (const doc of inCycle) {
    problems.push({
      class: 'cycle',
      subject: doc.file,
      file: doc.file,
      line: doc.lines.get('supersedes'),
      message: `${doc.id} takes part in a supersession cycle (${cyclePath(doc, byId, inCycle)}); a document supersedes only documents above it`,
    });
  }
  for (const doc of docs) {
    if (inCycle.has(doc)) continue;
    const ancestors = new Set(ancestorsOf(doc, docs, layerDir));
    doc.supersedes.forEach((id, index) => {
      const line = doc.lines.get(`supersedes.${index}`) ?? doc.lines.get('supersedes');
      const target = byId.get(id);
      if (!target || !ancestors.has(target)) {
        problems.push({
          class: 'supersedes-non-ancestor',
          subject: doc.file,
          file: doc.file,
          line,
          message: target
            ? `supersedes ${id} (${target.file}), which is not on this document's ancestor chain (name only documents that apply above ${doc.home})`
            : `supersedes ${id}, which no context document claims (name an id on the ancestor chain)`,
        });
      } else if (target.composition === 'final') {
        problems.push({
          class: 'final-override',
          subject: doc.file,
          file: doc.file,
          line,
          message: `supersedes ${id} (${target.file}), which is final: nothing below a final document overrides it (extend it instead)`,
        });
      }
    });
  }
  return problems;
}

/** The documents on a cycle of `supersedes` edges between documents that exist. */
function cycleMembers(docs: readonly ContextDoc[], byId: ReadonlyMap<string, ContextDoc>): Set<ContextDoc> {
  const members = new Set<ContextDoc>();
  for (const start of docs) {
    // a document is on a cycle when it can reach itself; the trees are small, so a walk from each is enough
    const seen = new Set<ContextDoc>();
    const stack = start.supersedes.map((id) => byId.get(id)).filter((doc): doc is ContextDoc => doc !== undefined);
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) {
        members.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      for (const id of next.supersedes) {
        const target = byId.get(id);
        if (target) stack.push(target);
      }
    }
  }
  return members;
}

/** One cycle through `doc`, as ids: `a → b → a`. */
function cyclePath(doc: ContextDoc, byId: ReadonlyMap<string, ContextDoc>, members: ReadonlySet<ContextDoc>): string {
  const path = [doc.id];
  let at = doc;
  for (let step = 0; step < members.size; step++) {
    const next = at.supersedes.map((id) => byId.get(id)).find((target) => target !== undefined && members.has(target));
    if (!next) break;
    path.push(next.id);
    if (next === doc) break;
    at = next;
  }
  return path.join(' → ');
}

/**
 * Each folder under the layer that holds tracked files and has no document, where the nearest
 * ancestor declaring `children` requires one (or none declares it: the default is true).
 */
function missingContracts(source: ContextSource, discovery: Discovery): ContextProblem[] {
  const vendor = `${source.rulesDir}/vendor`;
  const folders = new Set<string>();
  let previous: string | undefined;
  const files = source.files;
  for (let at = 0; at < files.length; at++) {
    const file = files[at]!;
    // files of one folder come together: a folder met just before is not looked at again
    if (previous !== undefined && file.startsWith(previous) && file.lastIndexOf('/') === previous.length - 1) continue;
    const folder = folderOf(file);
    previous = `${folder}/`;
    if (!within(folder, source.layerDir) || within(folder, source.localDir) || within(folder, vendor)) continue;
    folders.add(folder);
  }
  const present = new Set(discovery.candidates.map((candidate) => folderOf(candidate.file)));
  const declaring = discovery.docs.filter((doc) => doc.scope === 'subtree' && doc.children !== undefined);
  const problems: ContextProblem[] = [];
  for (const folder of [...folders].sort(byteOrder)) {
    if (present.has(folder)) continue;
    const governing = declaring
      .filter((doc) => doc.home !== folder && covers(doc, folder, source.layerDir))
      .sort((a, b) => b.depth - a.depth)[0];
    if (governing) {
      const exempt = governing.children!.exempt.some((path) => within(folder, `${governing.home}/${path}`));
      if (exempt || !governing.children!.requireContract) continue;
    }
    const why = governing
      ? `${governing.file} requires a context document in every folder below it (children.require_contract: true)`
      : 'no document above it declares what its folders owe, and the default is a document in each';
    problems.push({
      class: 'missing-contract',
      subject: `${folder}/`,
      message: `${folder}/ holds tracked files but no context document (${discovery.names.join(' or ')}): ${why} (add one, or set children.require_contract: false or children.exempt above it)`,
    });
  }
  return problems;
}
