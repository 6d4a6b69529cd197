/**
 * Pathspecs: the patterns rules select tracked files with, and the one matcher of every validator that
 * selects them (paths, content, document_schema, and a repository's own through the public API).
 * Pathspecs are anchored at the repository root; `*` and `?` stay inside one segment, `**` spans any
 * depth, a dot file is matched like any other, and a trailing `/` names a folder and everything
 * beneath it.
 *
 * A repository may carry thousands of rules, each naming a few pathspecs, and thousands of tracked
 * files; matching every pathspec against every file made a gate quadratic. So each pattern is compiled
 * once per process, a list of paths is indexed once (sorted), a literal pathspec is a lookup in that
 * index, and a glob is tried only on the paths under its literal leading folders. The list a context's
 * `files()` returns is one frozen list per run, so every rule of the run shares its index. The answers
 * are micromatch's, exactly: a property test holds the index to the plain filter. micromatch is
 * imported only when a glob (or an unusual path) needs it, so no other gate loads it.
 */
import type Micromatch from 'micromatch';
import type { Options } from 'micromatch';
import { unsafePathReason } from '../../io/paths';
import type { Rule } from '../../layer/rule-types';
import type { ValidatorContext } from '../validator';
import type { Schema } from './options-schema';
import { schema } from './options-schema';

type Predicate = (path: string) => boolean;

/** Characters with a meaning to micromatch; a pathspec without any of them names one path. */
const GLOB = /[*?[\]{}()!+@\\"|]/;
/** micromatch's `**` does not cross these, so a path holding one is probed with a NUL in its place. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const LINE_TERMINATORS = /[\n\r\u2028\u2029]/g;
/** An empty, `.` or `..` segment: micromatch normalises those, so such a pattern is never taken literally. */
const ODD_SEGMENT = /(^|\/)\.{0,2}(\/|$)/;
/** A start after a `/` that matches at least one character: a plain one, a `*` or `?` alone. */
const SURE_START = /^(?:[^*?[\]{}()!+@\\"|]|\*(?![*(])|\?(?!\())/;
const OPTIONS: Options = { dot: true };

let micromatch: typeof Micromatch | undefined;
const compiled = new Map<string, Predicate>();
const exact = new Map<string, Predicate>();

/**
 * A predicate on repository-relative paths: true when one of `patterns` matches. Each pattern is
 * compiled once per process; a literal one is compared, not compiled.
 */
export async function pathspecMatcher(patterns: readonly string[]): Promise<(path: string) => boolean> {
  const literals = new Set(patterns.filter(isLiteral));
  const globs = patterns.filter((pattern) => !literals.has(pattern));
  const all = await Promise.all(patterns.map(micromatchOf));
  const some = await Promise.all(globs.map(compile));
  return (path) => {
    // a path with a backslash, a line terminator or a trailing `/` goes to micromatch whole, as it always did
    if (!isPlain(path)) return all.some((matches) => matches(probe(path)));
    return literals.has(path) || some.some((matches) => matches(path));
  };
}

/**
 * The paths of `paths` that one of `patterns` matches, in the order of `paths`: what a rule selects
 * from `context.files()`. A frozen list (as `files()` returns) is indexed once for every rule that asks.
 */
export async function selectPaths(paths: readonly string[], patterns: readonly string[]): Promise<string[]> {
  const hits = new Set<number>();
  for (const pattern of patterns) await eachMatch(paths, pattern, (at) => void hits.add(at));
  return [...hits].sort((a, b) => a - b).map((at) => paths[at]!);
}

/** True when `pattern` matches one of `paths` at least. */
export async function matchesAny(paths: readonly string[], pattern: string): Promise<boolean> {
  let found = false;
  await eachMatch(paths, pattern, () => {
    found = true;
    return false;
  });
  return found;
}

/**
 * For each path of `paths` that `pattern` matches, in no particular order, `visit` gets its position in
 * `paths`; it returns false to stop early (any other value, or none, goes on).
 */
export async function eachMatch(paths: readonly string[], pattern: string, visit: (at: number) => unknown): Promise<void> {
  const index = indexOf(paths);
  if (isLiteral(pattern)) {
    // a literal holds neither a backslash nor a line terminator, so only a plain path can be it
    for (const at of index.equal(pattern)) if (visit(at) === false) return;
    if (index.odd.length === 0) return;
  }
  const folder = isLiteral(pattern) ? undefined : literalFolder(pattern);
  // nothing to try: the pattern is not compiled (nor micromatch loaded) for a folder holding no path
  if ((folder === undefined || !index.hasStartingWith(folder)) && index.odd.length === 0) return;
  const matches = await compile(pattern);
  if (folder !== undefined) {
    const order = index.order;
    for (let i = index.firstStartingWith(folder); i < order.length && paths[order[i]!]!.startsWith(folder); i++) {
      const at = order[i]!;
      if (matches(paths[at]!) && visit(at) === false) return;
    }
  }
  if (index.odd.length === 0) return;
  const exactly = await micromatchOf(pattern);
  for (const at of index.odd) if (exactly(probe(paths[at]!)) && visit(at) === false) return;
}

/** True when micromatch matches `pattern` exactly the path equal to it, and nothing else. */
export function isLiteral(pattern: string): boolean {
  return pattern !== '' && !GLOB.test(pattern) && !LINE_TERMINATOR.test(pattern) && !pattern.endsWith('/') && !ODD_SEGMENT.test(pattern);
}

/**
 * What every path a glob matches starts with: its leading folders that hold no special character
 * (`docs/api/` of `docs/api/*.md`). The last `/` is left off when what follows it may match nothing at
 * all (`a/**` matches `a` itself; so may braces, quotes and extglobs). Empty when nothing can be said:
 * an alternation `|` reaches back over the whole pattern, and `.`, `..` and empty segments are
 * normalised.
 */
export function literalFolder(pattern: string): string {
  const glob = expand(pattern);
  if (glob.includes('|')) return '';
  const special = glob.search(GLOB);
  const head = special === -1 ? glob : glob.slice(0, special);
  const slash = head.lastIndexOf('/');
  if (slash === -1) return '';
  const folder = head.slice(0, slash);
  if (LINE_TERMINATOR.test(folder) || ODD_SEGMENT.test(folder)) return '';
  return SURE_START.test(glob.slice(slash + 1)) ? `${folder}/` : folder;
}

/** A trailing `/` names the directory and everything beneath it. */
function expand(pattern: string): string {
  return pattern.endsWith('/') ? `${pattern}**` : pattern;
}

/**
 * `<folders>/<name>` with plain folders and a name of plain parts between single stars, holding more
 * than dots (`.ai/repo/sessions/*.md`, `.ai/repo/rules/project/*.v*.md`): what micromatch answers for
 * it is a comparison, so it needs no compiling nor micromatch at all.
 */
const STAR_NAME = /^((?:[A-Za-z0-9._-]+\/)*)((?:[A-Za-z0-9._-]*\*)+[A-Za-z0-9._-]*)$/;
/** A plain character that is not a dot: a name holding one is never `.` or `..`. */
const NOT_DOT = /[A-Za-z0-9_-]/;

async function compile(pattern: string): Promise<Predicate> {
  const known = compiled.get(pattern);
  if (known) return known;
  const simple = STAR_NAME.exec(pattern);
  const folder = simple?.[1] ?? '';
  const name = simple?.[2] ?? '';
  if (simple && !name.includes('**') && NOT_DOT.test(name.replaceAll('*', '')) && !ODD_SEGMENT.test(folder.slice(0, -1) || 'x')) {
    // micromatch's `*` with `dot`: any characters but `/`, none at all included; a name that is not all
    // dots keeps the segment from being `.` or `..`, which `*` never matches
    const matches = starName(folder, name.split('*'));
    compiled.set(pattern, matches);
    return matches;
  }
  const matches = await micromatchOf(pattern);
  compiled.set(pattern, matches);
  return matches;
}

/**
 * The paths directly in `folder` whose name is `parts` with anything but `/` between each two: the
 * first part at the start, the last at the end, each one between found leftmost after the one before
 * (leftmost is enough, as only stars stand between them).
 */
function starName(folder: string, parts: readonly string[]): Predicate {
  const head = parts[0]!;
  const tail = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1);
  const least = parts.reduce((sum, part) => sum + part.length, folder.length);
  return (path) => {
    if (path.length < least || !path.startsWith(folder) || path.indexOf('/', folder.length) !== -1) return false;
    if (!path.startsWith(head, folder.length) || !path.endsWith(tail)) return false;
    let at = folder.length + head.length;
    const end = path.length - tail.length;
    for (const part of middle) {
      const found = path.indexOf(part, at);
      if (found === -1 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}

/** micromatch's own answer for `pattern`: what a path that is not plain is asked (compile's comparison reads plain paths only). */
async function micromatchOf(pattern: string): Promise<Predicate> {
  const known = exact.get(pattern);
  if (known) return known;
  micromatch ??= (await import('micromatch')).default;
  const matches = micromatch.matcher(expand(pattern), OPTIONS);
  exact.set(pattern, matches);
  return matches;
}

/**
 * A path micromatch reads as it is: no line terminator, no backslash (a separator on Windows), no
 * trailing `/` (which micromatch forgives in some places and not others; git never lists one).
 */
function isPlain(path: string): boolean {
  return !LINE_TERMINATOR.test(path) && !path.includes('\\') && !path.endsWith('/');
}

/** The path as micromatch is asked about it: a line terminator becomes NUL, which no pathspec names. */
function probe(path: string): string {
  return path.replace(LINE_TERMINATORS, '\u0000');
}

/** The paths looked at together this many at a time: a string of them all would be a large object, kept to the next full collection. */
const CHUNK = 512;

/**
 * True when no path of `paths` holds a line terminator or a backslash, or ends in `/`: the paths joined a chunk at a
 * time and each searched for each such character (a regular expression is interpreted the first time it
 * runs, and one run over every path would be slower than a search per character).
 */
function noUnusualPath(paths: readonly string[]): boolean {
  for (let from = 0; from < paths.length; from += CHUNK) {
    const joined = paths.slice(from, from + CHUNK).join('/');
    // a path ending in `/` makes `//` with the next one, or ends the whole
    if (['\n', '\r', '\u2028', '\u2029', '\\', '//'].some((character) => joined.includes(character)) || joined.endsWith('/')) return false;
  }
  return true;
}

/** A list of paths, sorted once, with the positions of the unusual ones micromatch must see. */
class PathIndex {
  /** Positions of the plain paths, ordered by path (UTF-16 code units, as `<` compares). */
  readonly order: readonly number[];
  /** Positions of the paths that are not plain. */
  readonly odd: readonly number[];

  constructor(private readonly paths: readonly string[]) {
    const plain: number[] = [];
    const odd: number[] = [];
    // most lists hold no unusual path at all, which one look at them all together settles
    const allPlain = noUnusualPath(paths);
    // a list as git gives it is in order already: then it is its own order, and nothing is sorted
    let inOrder = true;
    for (let at = 0; at < paths.length; at++) {
      const path = paths[at]!;
      if (allPlain || isPlain(path)) {
        if (inOrder && plain.length > 0 && paths[plain[plain.length - 1]!]! > path) inOrder = false;
        plain.push(at);
      } else odd.push(at);
    }
    this.order = inOrder
      ? plain
      : plain.sort((a, b) => {
          const x = paths[a]!;
          const y = paths[b]!;
          return x < y ? -1 : x > y ? 1 : a - b;
        });
    this.odd = odd;
  }

  /** Positions of the plain paths equal to `path`. */
  *equal(path: string): Generator<number> {
    for (let i = this.lowerBound(path); i < this.order.length && this.paths[this.order[i]!] === path; i++) yield this.order[i]!;
  }

  /** True when some plain path starts with `prefix`. */
  hasStartingWith(prefix: string): boolean {
    const i = this.lowerBound(prefix);
    return i < this.order.length && this.paths[this.order[i]!]!.startsWith(prefix);
  }

  /**
   * Where in `order` the plain paths starting with `prefix` begin: they are one contiguous run of it
   * from there (looped over in place by the caller, not yielded one at a time).
   */
  firstStartingWith(prefix: string): number {
    return this.lowerBound(prefix);
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.paths[this.order[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * One index per frozen list of paths: a run hands every rule's context the same frozen list of judged
 * files (Repository.judgedFiles, behind `context.files()`). A list that may still change is indexed
 * afresh each time.
 */
const indexes = new WeakMap<readonly string[], PathIndex>();

function indexOf(paths: readonly string[]): PathIndex {
  if (!Object.isFrozen(paths)) return new PathIndex(paths);
  let index = indexes.get(paths);
  if (!index) {
    index = new PathIndex(paths);
    indexes.set(paths, index);
  }
  return index;
}

/** The options schema of a list of pathspecs (the generic validators' `paths`, `require`, `forbid`). */
export function pathspecList(description?: string): Schema<readonly string[]> {
  return schema.array(schema.string({ minLength: 1, maxLength: 1024 }), { minItems: 1, maxItems: 256, uniqueItems: true, description });
}

/** Why a path pattern anchored at the repository root is refused (the scope file's paths), if it is. */
export function rootedPathProblem(pattern: string): string | undefined {
  if (pattern.startsWith('/')) return 'a pathspec is anchored at the root already; remove the leading slash';
  if (pattern.startsWith(':(') || pattern.startsWith(':'))
    return 'git pathspec magic (:(…)) is not part of the scope language; write the plain pattern';
  if (pattern.split(/[\\/]/).includes('..')) return 'a .. segment escapes the repository; name the path from the root';
  // every platform's absolute forms (drive letters, UNC, URLs, home) escape the repository too
  const unsafe = unsafePathReason(pattern);
  if (unsafe) return `the pathspec ${unsafe}, so it names no path inside the repository; name the path from the root`;
  return undefined;
}

/** Why a pattern is not a pathspec a rule's options may give, if it is not. */
export function pathspecProblem(pattern: string): string | undefined {
  // micromatch would read a leading ! as "everything but", which no pathspec list means
  if (pattern.startsWith('!')) return 'a leading ! (negation) is not part of the pathspec language; name what to match';
  return rootedPathProblem(pattern);
}

/**
 * The pathspecs of `options.<key>` that the pathspec language accepts; each refused one is a violation
 * of the rule itself (category `doctrine`), on its line in the rule file.
 */
export function usablePathspecs(context: Pick<ValidatorContext, 'rule' | 'violation'>, key: string, patterns: readonly string[]): string[] {
  const usable: string[] = [];
  patterns.forEach((pattern, index) => {
    const problem = pathspecProblem(pattern);
    if (problem === undefined) {
      usable.push(pattern);
      return;
    }
    context.violation({
      subject: context.rule.identity,
      category: 'doctrine',
      file: context.rule.file,
      line: optionLine(context.rule, `${key}.${index}`),
      message: `\`options.${key}.${index}\` is ${JSON.stringify(pattern)}: ${problem}`,
    });
  });
  return usable;
}

/** The line of `x-majordomus.options.<key>` in the rule file, or of its nearest parent that has one. */
export function optionLine(rule: Rule, key: string): number | undefined {
  let probe = `x-majordomus.options.${key}`;
  for (;;) {
    const line = rule.doc.lines.get(probe);
    if (line !== undefined || probe === 'x-majordomus') return line;
    probe = probe.slice(0, probe.lastIndexOf('.'));
  }
}
