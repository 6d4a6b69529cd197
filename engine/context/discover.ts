/**
 * Finding and reading the context documents. The manifest's `context.documents` names the file names
 * that carry the contract; the candidates are the tracked files of those names under the layer's folder,
 * outside its local half and the vendored rules. Nothing else is looked at: a manifest that names no
 * document names means a layer without context documents, and a file git does not track is not context.
 * Each candidate's front matter is checked against `context/v1` (share/schemas/context.v1.schema.json)
 * and the contract's cross-key constraints; a candidate with any problem is listed, never applied.
 */

import { pathspecProblem } from '../api/toolkit/pathspec';
import { unsafePathReason } from '../io/paths';
import { byteOrder } from '../io/text';
import { parseFrontMatter } from '../layer/front-matter';
import { checkSchema } from '../layer/schema-check';
import type { FrontMatterDocument } from '../layer/yaml-document';
import type { Composition, ContextDoc, ContextProblem, ContextSource, Scope } from './model';
import { depthOf, folderOf, normalFolder } from './model';

/** A candidate file and what became of it. */
export interface Candidate {
  readonly file: string;
  /** The document, when its front matter satisfied the contract. */
  readonly doc?: ContextDoc;
}

/** What discovery found: every candidate in byte order, the documents among them, the problems. */
export interface Discovery {
  /** The file names the manifest names (`[]`: the layer has no context documents). */
  readonly names: readonly string[];
  readonly candidates: readonly Candidate[];
  readonly docs: readonly ContextDoc[];
  readonly problems: readonly ContextProblem[];
}

const SUPPORTED_SCHEMA = 'context/v1';

/** The file names the manifest's `context.documents` names (plain names only; the manifest rule reports the rest). */
export function documentNames(manifest: unknown): string[] {
  const context = (manifest as { context?: { documents?: unknown } } | null)?.context;
  const names = Array.isArray(context?.documents) ? context.documents : [];
  return names.filter((name): name is string => typeof name === 'string' && name !== '' && !/[/\\]/.test(name));
}

/** Discover and read every context document of `source`. */
export function discover(source: ContextSource): Discovery {
  const names = new Set(documentNames(source.manifest));
  if (names.size === 0) return { names: [], candidates: [], docs: [], problems: [] };
  const vendor = `${source.rulesDir}/vendor/`;
  const layer = `${source.layerDir}/`;
  const local = `${source.localDir}/`;
  // the file name first, compared in place: a repository may track many thousands of files, few of them documents
  const named = [...names];
  const files: string[] = [];
  // counted loops: a for...of allocates a step of its own a path until the engine compiles it
  const all = source.files;
  for (let at = 0; at < all.length; at++) {
    const file = all[at]!;
    for (let n = 0; n < named.length; n++) {
      const name = named[n]!;
      if (file.endsWith(name) && file.charCodeAt(file.length - name.length - 1) === 0x2f) {
        if (file.startsWith(layer) && !file.startsWith(local) && !file.startsWith(vendor)) files.push(file);
        break;
      }
    }
  }
  files.sort(byteOrder);
  const problems: ContextProblem[] = [];
  const candidates = files.map((file): Candidate => {
    const doc = readDocument(source, file, problems);
    return doc ? { file, doc } : { file };
  });
  return { names: [...names], candidates, docs: candidates.flatMap((c) => (c.doc ? [c.doc] : [])), problems };
}

/** One candidate read and checked; undefined (with its problems recorded) when it breaks the contract. */
function readDocument(source: ContextSource, file: string, problems: ContextProblem[]): ContextDoc | undefined {
  const found: ContextProblem[] = [];
  const add = (problem: Omit<ContextProblem, 'subject' | 'file'>): void => {
    found.push({ subject: file, file, ...problem });
  };
  let parsed: FrontMatterDocument;
  try {
    parsed = parseFrontMatter(source.read(file), file);
  } catch (error) {
    const refusal = error as { reason?: string; fix?: string; line?: number };
    if (refusal.reason === 'no front matter') {
      add({
        class: 'missing-contract',
        line: 1,
        message: `${file} carries no context contract, but the manifest's context.documents names its file name (open it with the context/v1 front matter: docs/PROJECTIONS.md)`,
      });
    } else if (typeof refusal.reason === 'string') {
      add({ class: 'invalid-front-matter', line: refusal.line, message: `${refusal.reason} (${refusal.fix})` });
    } else throw error;
    problems.push(...found);
    return undefined;
  }
  const data = parsed.data;
  const value = data.value as Record<string, unknown>;
  const line = (key: string): number | undefined => data.lines.get(key) ?? data.lines.get(key.split('.')[0]!) ?? 2;
  if ('schema' in value && value.schema !== SUPPORTED_SCHEMA) {
    add({
      class: 'unsupported-schema',
      line: line('schema'),
      message: `declares schema ${JSON.stringify(value.schema)}, which this version does not read (it reads ${SUPPORTED_SCHEMA})`,
    });
    problems.push(...found);
    return undefined;
  }
  for (const problem of checkSchema('context', data)) {
    const unknown = problem.keyword === 'additionalProperties';
    add({
      class: unknown ? 'unknown-key' : 'invalid-front-matter',
      line: problem.line,
      message: `${problem.message} (the contract is share/schemas/context.v1.schema.json)`,
    });
  }
  if (found.length === 0) crossKeyProblems(value, line, add, source.providers);
  if (found.length > 0) {
    problems.push(...found);
    return undefined;
  }
  const home = folderOf(file);
  const children = value.children as { require_contract: boolean; exempt?: string[] } | undefined;
  return {
    file,
    home,
    depth: depthOf(home, source.layerDir),
    id: value.id as string,
    title: value.title as string,
    description: value.description as string,
    status: value.status as ContextDoc['status'],
    scope: value.scope as Scope,
    paths: ((value.paths as string[] | undefined) ?? []).map(normalFolder),
    providers: value.providers as string[],
    audience: value.audience as string[],
    composition: value.composition as Composition,
    order: value.order as number,
    supersedes: (value.supersedes as string[] | undefined) ?? [],
    tracks: (value.tracks as string[] | undefined) ?? [],
    children: children ? { requireContract: children.require_contract, exempt: (children.exempt ?? []).map(normalFolder) } : undefined,
    lines: data.lines,
    body: parsed.body,
  };
}

/** The constraints between keys that the schema alone does not state. */
function crossKeyProblems(
  value: Record<string, unknown>,
  line: (key: string) => number | undefined,
  add: (problem: Omit<ContextProblem, 'subject' | 'file'>) => void,
  providers: readonly string[] | undefined,
): void {
  const invalid = (key: string, message: string): void => add({ class: 'invalid-front-matter', line: line(key), message });
  const paths = value.paths as string[] | undefined;
  if (value.scope === 'explicit' && (!paths || paths.length === 0))
    invalid('scope', 'scope: explicit names no folder (list them under `paths`)');
  if (value.scope !== 'explicit' && paths && paths.length > 0)
    invalid('paths', `\`paths\` is for scope: explicit only, and this document's scope is ${String(value.scope)}`);
  for (const [index, path] of (paths ?? []).entries()) {
    const unsafe = path === '.' ? undefined : unsafePathReason(path);
    if (unsafe)
      invalid(`paths.${index}`, `paths names ${JSON.stringify(path)}, which ${unsafe} (name a folder from the repository's root)`);
  }
  const supersedes = (value.supersedes as string[] | undefined) ?? [];
  if (value.composition === 'replace' && supersedes.length === 0)
    invalid('composition', 'composition: replace names nothing it supersedes (list the ancestor ids under `supersedes`)');
  if (value.composition !== 'replace' && supersedes.length > 0)
    invalid(
      'supersedes',
      `\`supersedes\` is for composition: replace only, and this document's composition is ${String(value.composition)}`,
    );
  if (value.children !== undefined && value.scope !== 'subtree')
    invalid('children', `\`children\` is for scope: subtree only, and this document's scope is ${String(value.scope)}`);
  const exempt = (value.children as { exempt?: string[] } | undefined)?.exempt ?? [];
  for (const [index, path] of exempt.entries()) {
    const unsafe = unsafePathReason(path);
    if (unsafe)
      invalid(`children.exempt.${index}`, `children.exempt names ${JSON.stringify(path)}, which ${unsafe} (name a folder below this one)`);
  }
  for (const [index, pattern] of ((value.tracks as string[] | undefined) ?? []).entries()) {
    const problem = pathspecProblem(pattern);
    if (problem) invalid(`tracks.${index}`, `tracks names ${JSON.stringify(pattern)}: ${problem}`);
  }
  if (providers) {
    const known = new Set(providers);
    for (const [index, provider] of (value.providers as string[]).entries()) {
      if (provider === '*' || known.has(provider)) continue;
      add({
        class: 'unknown-provider',
        line: line(`providers.${index}`),
        message: `providers names ${JSON.stringify(provider)}, which no projection of the policy names (${known.size === 0 ? 'it names none' : [...known].join(', ')}; use "*" or one of them)`,
      });
    }
  }
}
