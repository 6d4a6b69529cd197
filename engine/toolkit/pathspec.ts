/**
 * Pathspecs: the patterns rules select tracked files with. Anchored at the repository root; `*` and `?`
 * stay inside one segment, `**` spans any depth, a dot file is matched like any other, and a trailing
 * `/` names a folder and everything beneath it. This module is the one matcher every validator shares,
 * so a matcher built once can serve every rule that asks for the same patterns.
 */
import { unsafePathReason } from '../layer/paths';
import type { Rule } from '../rule-types';
import type { ValidatorContext } from '../validator';
import { schema } from './options-schema';
import type { Schema } from './options-schema';

/** The options schema of a list of pathspecs (the generic validators' `paths`, `require`, `forbid`). */
export function pathspecList(description?: string): Schema<readonly string[]> {
  return schema.array(schema.string({ minLength: 1, maxLength: 1024 }), { minItems: 1, maxItems: 256, uniqueItems: true, description });
}

/**
 * A predicate on repository-relative paths: true when one of `patterns` matches. micromatch is imported
 * here, when a rule that selects files runs, so no other gate loads it.
 */
export async function pathspecMatcher(patterns: readonly string[]): Promise<(path: string) => boolean> {
  const { default: micromatch } = await import('micromatch');
  const matchers = patterns.map((pattern) => micromatch.matcher(pattern.endsWith('/') ? `${pattern}**` : pattern, { dot: true }));
  // micromatch's `**` does not cross a line terminator, so a file named with a newline would escape
  // every rule: each is matched as a character no pathspec names (a path never holds NUL)
  return (path) => {
    const probe = path.replace(/[\n\r\u2028\u2029]/g, '\u0000');
    return matchers.some((matches) => matches(probe));
  };
}

/** Why a path pattern anchored at the repository root is refused (the scope file's paths), if it is. */
export function rootedPathProblem(pattern: string): string | undefined {
  if (pattern.startsWith('/')) return 'a pathspec is anchored at the root already; remove the leading slash';
  if (pattern.startsWith(':(') || pattern.startsWith(':')) return 'git pathspec magic (:(…)) is not part of the scope language; write the plain pattern';
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
