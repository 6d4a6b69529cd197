import type { SchemaType } from '../engine/api/toolkit/index';
import { eachMatch, matchesAny, pathspecList, printable, schema, usablePathspecs } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';

/** The options of a `paths` rule; their type follows from it. */
const OPTIONS = schema.object(
  {
    require: schema.optional(pathspecList('Pathspecs each of which must match at least one tracked file.')),
    forbid: schema.optional(pathspecList('Pathspecs no tracked file may match.')),
  },
  // at least one of the two lists: a rule with neither checks nothing
  { minProperties: 1 },
);

/** Options of a `paths` rule. */
export type PathsOptions = SchemaType<typeof OPTIONS>;

export default defineValidator({
  name: 'paths',
  description: 'Every pathspec a rule requires matches a tracked file, and no tracked file matches one it forbids.',
  gates: ['doctor', 'check', 'finish', 'watch'],
  generic: true,
  optionsSchema: OPTIONS,
  exampleOptions: { require: ['README.md'] },
  exampleCases: {
    valid: { 'README.md': '# A project\n\nWhat it is and how to build it.\n' },
    invalid: { 'src/index.js': 'export const answer = 42;\n' },
  },
  async run(context) {
    const { options } = context;
    const required = usablePathspecs(context, 'require', options.require ?? []);
    const forbidden = usablePathspecs(context, 'forbid', options.forbid ?? []);
    const tracked = context.files();
    let violations = 0;
    for (const pattern of required) {
      if (await matchesAny(tracked, pattern)) continue;
      violations++;
      context.violation({
        subject: pattern,
        message: `nothing tracked matches \`${printable(pattern)}\` (add and commit a file it names, or correct the pattern)`,
      });
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
      context.violation({
        subject: file,
        file,
        message: `is tracked but matches the forbidden pathspec \`${printable(firstHit.get(at)!)}\` (stop tracking it: git rm --cached -- <path>)`,
      });
    }
    const patterns = required.length + forbidden.length;
    const refused = (options.require?.length ?? 0) + (options.forbid?.length ?? 0) - patterns;
    if (violations === 0 && refused === 0) {
      context.ok({ subject: context.rule.identity, message: `${tracked.length} tracked file(s) checked against ${patterns} pathspec(s)` });
    }
  },
});
