import type { SchemaType } from '../engine/api/toolkit/index';
import { isUnreadable, optionLine, pathspecList, printable, schema, selectPaths, usablePathspecs } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { describeThrown } from '../engine/io/describe';

/** The options of a `content` rule; their type follows from it. */
const OPTIONS = schema.object({
  paths: pathspecList('Pathspecs selecting the tracked files to read.'),
  pattern: schema.string({ minLength: 1, maxLength: 1024, description: 'A JavaScript regular expression source.' }),
  mode: schema.enum(['require', 'forbid'], { description: '`forbid`: no line may match; `require`: each file must match somewhere.' }),
  // each of i, m, s, u at most once
  flags: schema.optional(
    schema.string({
      maxLength: 4,
      pattern: '^(?!.*(.).*\\1)[imsu]*$',
      description: 'Regular expression flags, from `i`, `m`, `s` and `u`.',
    }),
  ),
  message: schema.optional(
    schema.string({ minLength: 1, maxLength: 500, description: 'What a finding says instead of the default sentence.' }),
  ),
});

/** Options of a `content` rule. */
export type ContentOptions = SchemaType<typeof OPTIONS>;

/** At most this many matching lines are reported for one file; the rest are counted. */
const MAX_PER_FILE = 50;
/** A file with a NUL byte in its first this-many bytes is binary. */
const BINARY_PROBE = 8 * 1024;
const MAX_BYTES = 1024 * 1024;

export default defineValidator({
  name: 'content',
  description: 'Tracked files a rule selects contain a pattern it requires, or no line matching a pattern it forbids.',
  gates: ['doctor', 'check', 'finish', 'watch'],
  generic: true,
  optionsSchema: OPTIONS,
  exampleOptions: {
    paths: ['src/'],
    pattern: '\\bTODO\\b',
    mode: 'forbid',
    message: 'a TODO marker is tracked (open an issue and remove the marker)',
  },
  exampleCases: {
    valid: { 'src/app.js': 'export const answer = 42;\n' },
    invalid: { 'src/app.js': '// TODO: say why the answer is 42\nexport const answer = 42;\n' },
  },
  async run(context) {
    const { options, rule } = context;
    const flags = options.flags ?? '';
    let regex: RegExp;
    try {
      regex = new RegExp(options.pattern, flags);
    } catch (error) {
      const why = describeThrown(error);
      context.violation({
        subject: rule.identity,
        category: 'doctrine',
        file: rule.file,
        line: optionLine(rule, 'pattern'),
        message: `\`options.pattern\` is not a regular expression: ${why}`,
      });
      return;
    }
    const paths = usablePathspecs(context, 'paths', options.paths);
    const refused = paths.length < options.paths.length;
    const files = await selectPaths(context.files(), paths);
    context.prefetch(files);
    const shown = `/${printable(options.pattern, 200)}/${flags}`;
    let violations = 0;
    let checked = 0;
    for (const file of files) {
      let text: string;
      try {
        text = context.read(file, { maxBytes: MAX_BYTES });
      } catch (error) {
        // over the size cap, not UTF-8 (binary), or not readable: there is no text to judge
        if (!isUnreadable(error)) throw error;
        context.skip({ subject: file, file, message: `${file} ${error.reason}` });
        continue;
      }
      if (Buffer.from(text.slice(0, BINARY_PROBE)).subarray(0, BINARY_PROBE).includes(0)) {
        context.skip({ subject: file, file, message: `${file} is binary (a NUL byte in its first 8 KiB)` });
        continue;
      }
      checked++;
      if (options.mode === 'require') {
        if (regex.test(text)) continue;
        violations++;
        context.violation({ subject: file, file, message: options.message ?? `nothing in the file matches the required pattern ${shown}` });
        continue;
      }
      const lines = text.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      let hits = 0;
      lines.forEach((raw, index) => {
        // no `g` or `y` flag is allowed, so exec keeps no state between lines
        const match = regex.exec(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
        if (!match) return;
        hits++;
        if (hits > MAX_PER_FILE) return;
        const column = match.index + 1;
        context.violation({
          subject: file,
          file,
          line: index + 1,
          column,
          endColumn: column + match[0].length,
          message: options.message ?? `the line matches the forbidden pattern ${shown}`,
        });
      });
      if (hits > MAX_PER_FILE)
        context.violation({ subject: file, file, message: `…and ${hits - MAX_PER_FILE} more line(s) matching ${shown}` });
      violations += hits;
    }
    if (violations === 0 && !refused) context.ok({ subject: rule.identity, message: `${checked} file(s) checked` });
  },
});
