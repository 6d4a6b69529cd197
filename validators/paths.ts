import { pathspecList, pathspecMatcher, printable, schema, usablePathspecs } from '../engine/toolkit/index';
import type { SchemaType } from '../engine/toolkit/index';
import { defineValidator } from '../engine/validator';

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
  async run(context) {
    const { options } = context;
    const required = usablePathspecs(context, 'require', options.require ?? []);
    const forbidden = usablePathspecs(context, 'forbid', options.forbid ?? []);
    const tracked = context.files();
    let violations = 0;
    for (const pattern of required) {
      const matches = await pathspecMatcher([pattern]);
      if (tracked.some(matches)) continue;
      violations++;
      context.violation({ subject: pattern, message: `nothing tracked matches \`${printable(pattern)}\` (add and commit a file it names, or correct the pattern)` });
    }
    if (forbidden.length > 0) {
      const matchers = await Promise.all(forbidden.map(async (pattern) => ({ pattern, matches: await pathspecMatcher([pattern]) })));
      for (const file of tracked) {
        const hit = matchers.find(({ matches }) => matches(file));
        if (!hit) continue;
        violations++;
        context.violation({ subject: file, file, message: `is tracked but matches the forbidden pathspec \`${printable(hit.pattern)}\` (stop tracking it: git rm --cached -- <path>)` });
      }
    }
    const patterns = required.length + forbidden.length;
    const refused = (options.require?.length ?? 0) + (options.forbid?.length ?? 0) - patterns;
    if (violations === 0 && refused === 0) {
      context.ok({ subject: context.rule.identity, message: `${tracked.length} tracked file(s) checked against ${patterns} pathspec(s)` });
    }
  },
});
