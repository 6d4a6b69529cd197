/**
 * `majordomus search "<text>"`: a literal, case-insensitive search over the layer's objects — rules,
 * sessions, use cases, knowledge, decisions, questions, the current task, checkpoints and handovers —
 * newest first, answering at most `limit` objects, each with its first matching line. The text is
 * never a pattern: it is lower-cased and looked for as it is, so no text a user gives can make the
 * search backtrack. Nothing matching is exit 12, as with every question whose answer is missing.
 * The MCP tool `search` answers the same.
 */
import type { Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { DocumentError } from '../io/document-error';
import type { Repository } from '../layer/repository';
import type { Verdict } from './define';
import type { LayerObject } from './object-kinds';
import { listKinds, OBJECT_KINDS } from './object-kinds';
import type { ObjectSummary } from './objects';
import { kindOf, summaryOf, wholeNumber } from './objects';
import { openRepository } from './stores';

/** How many objects an answer holds when no limit is asked for, and at most. */
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 200;
/** The longest text searched for, in characters. */
export const MAX_QUERY_LENGTH = 200;
/** The longest snippet of a matching line, in characters. */
export const SNIPPET_LENGTH = 160;

export interface SearchQuestion {
  readonly text: string;
  readonly kind?: string;
  readonly task?: string;
  readonly limit?: string | number;
}

export interface SearchHit extends ObjectSummary {
  /** The 1-based line of the first match in the object's text. */
  readonly line: number;
  /** That line, cut around the match to at most SNIPPET_LENGTH characters. */
  readonly snippet: string;
  /** How many lines of the object match. */
  readonly matches: number;
}

export interface SearchAnswer {
  readonly text: string;
  readonly kind: string | null;
  readonly task: string | null;
  /** How many objects match, all of them. */
  readonly total: number;
  readonly limit: number;
  /** The newest `limit` of them, newest first. */
  readonly results: readonly SearchHit[];
}

/** Search the layer; see the module comment. */
export function search(question: SearchQuestion, invocation: Invocation): SearchAnswer {
  const needle = question.text.trim();
  if (needle === '') throw new UsageError('search: the text is empty (give the words to look for: majordomus search "<text>")');
  if (needle.length > MAX_QUERY_LENGTH)
    throw new UsageError(`search: the text is ${needle.length} characters, over ${MAX_QUERY_LENGTH} (look for a shorter part of it)`);
  if (/[\u0000-\u001f\u007f]/.test(needle))
    throw new UsageError('search: the text holds a line break or a control character (search for one line of text)');
  const kind = question.kind === undefined ? undefined : kindOf(question.kind, 'search');
  const limit = question.limit === undefined ? DEFAULT_SEARCH_LIMIT : wholeNumber(question.limit, 'search: --limit', 1, MAX_SEARCH_LIMIT);
  const repository = openRepository(invocation);
  const lowered = needle.toLowerCase();
  const { objects } = listKinds(repository, kind === undefined ? OBJECT_KINDS : [kind]);
  const hits: { object: LayerObject; line: number; snippet: string; matches: number }[] = [];
  for (const object of objects) {
    if (question.task !== undefined && !object.tasks.includes(question.task)) continue;
    const found = match(object, lowered);
    if (found) hits.push({ object, ...found });
  }
  const dates = commitDates(
    repository,
    hits.filter((hit) => hit.object.date === null && hit.object.tracked).map((hit) => hit.object.path),
  );
  const dated = hits.map((hit, order) => ({ ...hit, order, date: hit.object.date ?? dates.get(hit.object.path) ?? null }));
  // newest first; an object with no date at all after every dated one; then the listing's own order
  dated.sort((a, b) => (a.date === b.date ? a.order - b.order : a.date === null ? 1 : b.date === null ? -1 : a.date < b.date ? 1 : -1));
  return {
    text: needle,
    kind: kind ?? null,
    task: question.task ?? null,
    total: dated.length,
    limit,
    results: dated
      .slice(0, limit)
      .map((hit) => ({ ...summaryOf(hit.object), date: hit.date, line: hit.line, snippet: hit.snippet, matches: hit.matches })),
  };
}

/** "Nothing matches" is exit 12, said with what was asked. */
export function searchVerdict(answer: SearchAnswer): Verdict | undefined {
  if (answer.total > 0) return undefined;
  const within = [answer.kind ? `of kind ${answer.kind}` : '', answer.task ? `of task ${answer.task}` : ''].filter(Boolean).join(' ');
  return {
    exitCode: 12,
    message: `search: nothing in the layer${within ? ` ${within}` : ''} matches ${JSON.stringify(answer.text)} (look for fewer or other words${within ? ', or ask without --kind or --task' : ''})`,
  };
}

/** The first line of the object's title or text holding `lowered`, and how many lines do. */
function match(object: LayerObject, lowered: string): { line: number; snippet: string; matches: number } | undefined {
  let text: string;
  try {
    text = object.read().text;
  } catch (error) {
    // a file that does not read is not searched; the gates report it
    if (error instanceof DocumentError || error instanceof UsageError) return undefined;
    throw error;
  }
  let first: { line: number; snippet: string } | undefined;
  let matches = 0;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const at = line.toLowerCase().indexOf(lowered);
    if (at === -1) continue;
    matches++;
    first ??= { line: index + 1, snippet: snippet(line, at, lowered.length) };
  }
  if (first) return { ...first, matches };
  if (object.title.toLowerCase().includes(lowered)) return { line: 1, snippet: snippet(lines[0] ?? '', 0, 0), matches: 1 };
  return undefined;
}

/** `line` around `at`, trimmed, at most SNIPPET_LENGTH characters, `…` where it was cut. */
function snippet(line: string, at: number, length: number): string {
  const whole = line.replace(/[\u0000-\u001f\u007f]/g, ' ');
  if (whole.trim().length <= SNIPPET_LENGTH) return whole.trim();
  const start = Math.max(0, Math.min(at - Math.floor((SNIPPET_LENGTH - length) / 2), whole.length - SNIPPET_LENGTH));
  const cut = whole.slice(start, start + SNIPPET_LENGTH).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_LENGTH < whole.length ? '…' : ''}`;
}

/** The last commit's time (UTC) of each tracked path, asked of git a batch of paths at a time; a path never committed has none. */
function commitDates(repository: Repository, paths: readonly string[]): Map<string, string> {
  const dates = new Map<string, string>();
  const unique = [...new Set(paths)];
  for (let from = 0; from < unique.length; from += 200) {
    const batch = unique.slice(from, from + 200);
    const result = repository.git.git(['log', '--format=%x00%x01%cI', '--name-only', '-z', '--no-renames', '--', ...batch.map(literal)]);
    if (result.status !== 0) continue;
    let date: string | undefined;
    for (const token of result.stdout.split('\0')) {
      if (token.startsWith('\u0001')) {
        date = new Date(token.slice(1)).toISOString().replace(/\.\d{3}Z$/, 'Z');
        continue;
      }
      const path = token.replace(/^\n/, '');
      if (path !== '' && date !== undefined && !dates.has(path)) dates.set(path, date);
    }
  }
  return dates;
}

/** A path as a pathspec that matches it and nothing else. */
function literal(path: string): string {
  return `:(literal)${path}`;
}
