/**
 * The knowledge sources file (`<knowledge section>/sources.yaml`): which tracked files are knowledge,
 * in which class. The file is judged here once, for the commands (`knowledge sources|nodes`) and the
 * validator (`knowledge_integrity`) alike, so what the command refuses is what the gate reports.
 */

import { rootedPathProblem } from '../../api/toolkit/pathspec';
import type { KnowledgeSourcesSource } from '../../generated/types';
import { checkSchema } from '../../layer/schema-check';
import type { YamlDocument } from '../../layer/yaml-document';

/** The file's name inside the manifest's `knowledge` section. */
export const SOURCES_FILE = 'sources.yaml';

/** The magic every pathspec carries: `*` never crosses a folder, `**` spans any depth. */
export const GLOB_MAGIC = ':(glob)';

/** One declared class of knowledge source (share/schemas/knowledge-sources.v1.schema.json), and where it is declared. */
export type SourceClass = Required<KnowledgeSourcesSource> & {
  /** The line of the class's entry in the file. */
  readonly line: number | undefined;
};

/** What is wrong with the file, on the line of the key. */
export interface SourcesProblem {
  readonly line: number | undefined;
  readonly message: string;
}

export interface JudgedSources {
  /** The classes that are whole and usable, in the file's order (every one, when nothing is wrong). */
  readonly classes: readonly SourceClass[];
  readonly problems: readonly SourcesProblem[];
}

/** Where the sources file lives, given the manifest's sections; undefined without a knowledge section. */
export function sourcesPath(layer: { section(name: string): string | undefined }): string | undefined {
  const section = layer.section('knowledge');
  return section === undefined ? undefined : `${section}/${SOURCES_FILE}`;
}

/**
 * The classes of a parsed sources file and every problem with it: the schema (unknown keys, missing
 * keys, a pathspec without `:(glob)`), then what a schema cannot say — a class id declared twice, a
 * pathspec that leaves the repository.
 */
export function judgeSources(doc: YamlDocument): JudgedSources {
  const problems: SourcesProblem[] = checkSchema('knowledge-sources', doc).map((problem) => ({
    line: problem.line,
    message: problem.message,
  }));
  const value = doc.value as { sources?: unknown };
  const entries = value !== null && typeof value === 'object' && Array.isArray(value.sources) ? value.sources : [];
  const classes: SourceClass[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry: unknown, index) => {
    const line = doc.lines.get(`sources.${index}`);
    if (!isClass(entry)) return;
    const first = seen.get(entry.id);
    if (first !== undefined) {
      problems.push({
        line: doc.lines.get(`sources.${index}.id`) ?? line,
        message: `\`sources.${index}.id\` is ${JSON.stringify(entry.id)}, declared already by \`sources.${first}\`; give each class its own id`,
      });
      return;
    }
    seen.set(entry.id, index);
    const outside = entry.pathspec.startsWith(GLOB_MAGIC) ? rootedPathProblem(globOf(entry.pathspec)) : undefined;
    if (outside !== undefined) {
      problems.push({
        line: doc.lines.get(`sources.${index}.pathspec`) ?? line,
        message: `\`sources.${index}.pathspec\` is ${JSON.stringify(entry.pathspec)}: ${outside}`,
      });
      return;
    }
    if (!entry.pathspec.startsWith(GLOB_MAGIC) || entry.discovery !== 'vcs') return; // the schema said why
    classes.push({ id: entry.id, kind: entry.kind, discovery: 'vcs', pathspec: entry.pathspec, required: entry.required === true, line });
  });
  return { classes, problems };
}

/** The pattern after the `:(glob)` prefix, in the pathspec language micromatch and the toolkit share. */
export function globOf(pathspec: string): string {
  return pathspec.startsWith(GLOB_MAGIC) ? pathspec.slice(GLOB_MAGIC.length) : pathspec;
}

interface ClassShape {
  id: string;
  kind: string;
  discovery: unknown;
  pathspec: string;
  required?: unknown;
}

function isClass(entry: unknown): entry is ClassShape {
  if (entry === null || typeof entry !== 'object') return false;
  const e = entry as Record<string, unknown>;
  return typeof e.id === 'string' && typeof e.kind === 'string' && typeof e.pathspec === 'string';
}
