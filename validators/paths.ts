import { printable } from '../engine/layer/document-error';
import { eachMatch, matchesAny } from '../engine/layer/pathspec';
import type { Rule } from '../engine/rules';
import { defineValidator } from '../engine/validator';
import type { ValidatorContext } from '../engine/validator';
import { pathspecProblem } from './scope_file';

/** Options of a `paths` rule. */
export interface PathsOptions {
  /** Pathspecs each of which must match at least one tracked file. */
  readonly require?: readonly string[];
  /** Pathspecs no tracked file may match. */
  readonly forbid?: readonly string[];
}

/**
 * The options schema of a list of pathspecs, shared by the generic validators that select tracked files
 * (paths, content, document_schema).
 */
export const PATHSPEC_LIST = Object.freeze({
  type: 'array',
  minItems: 1,
  maxItems: 256,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 1024 },
});

export default defineValidator<PathsOptions>({
  name: 'paths',
  description: 'Every pathspec a rule requires matches a tracked file, and no tracked file matches one it forbids.',
  gates: ['doctor', 'check', 'finish', 'watch'],
  generic: true,
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    // at least one of the two lists: a rule with neither checks nothing
    minProperties: 1,
    properties: {
      require: PATHSPEC_LIST,
      forbid: PATHSPEC_LIST,
    },
  },
  exampleOptions: { require: ['README.md'] },
  async run(context) {
    const { options } = context;
    const required = usablePathspecs(context, 'require', options.require ?? []);
    const forbidden = usablePathspecs(context, 'forbid', options.forbid ?? []);
    const tracked = context.files();
    let violations = 0;
    for (const pattern of required) {
      if (await matchesAny(tracked, pattern)) continue;
      violations++;
      context.violation({ subject: pattern, message: `nothing tracked matches \`${printable(pattern)}\` (add and commit a file it names, or correct the pattern)` });
    }
    // each tracked file that a forbidden pathspec matches, in the order of the files, with the first
    // pathspec (in the rule's order) that matches it
    const firstHit = new Map<number, string>();
    for (const pattern of forbidden) {
      await eachMatch(tracked, pattern, (at) => {
        if (!firstHit.has(at)) firstHit.set(at, pattern);
      });
    }
    for (const at of [...firstHit.keys()].sort((a, b) => a - b)) {
      const file = tracked[at]!;
      violations++;
      context.violation({ subject: file, file, message: `is tracked but matches the forbidden pathspec \`${printable(firstHit.get(at)!)}\` (stop tracking it: git rm --cached -- <path>)` });
    }
    const patterns = required.length + forbidden.length;
    const refused = (options.require?.length ?? 0) + (options.forbid?.length ?? 0) - patterns;
    if (violations === 0 && refused === 0) {
      context.ok({ subject: context.rule.identity, message: `${tracked.length} tracked file(s) checked against ${patterns} pathspec(s)` });
    }
  },
});

/**
 * The pathspecs of `options.<key>` that the pathspec language accepts; each refused one is a violation
 * of the rule itself (category `doctrine`), pointing at its line in the rule file.
 */
export function usablePathspecs(context: ValidatorContext, key: string, patterns: readonly string[]): string[] {
  const usable: string[] = [];
  patterns.forEach((pattern, index) => {
    const problem = pathspecLanguageProblem(pattern);
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

/** Why a pattern is not a pathspec of the scope language, if it is not. */
export function pathspecLanguageProblem(pattern: string): string | undefined {
  // micromatch would read a leading ! as "everything but", which no pathspec list means
  if (pattern.startsWith('!')) return 'a leading ! (negation) is not part of the pathspec language; name what to match';
  return pathspecProblem(pattern);
}
