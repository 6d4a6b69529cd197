import { checkSchema, readDocument, rootedPathProblem } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';

export default defineValidator({
  name: 'scope_file',
  description: 'The repository scope is version 1, uses only known keys, and every pathspec stays inside the repository.',
  gates: ['doctor', 'watch'],
  run(context) {
    const file = context.layer.section('scope');
    if (file === undefined) {
      context.info({
        subject: context.layer.manifestFile,
        message: "the manifest names no scope section, so the distribution's default scope applies",
      });
      return;
    }
    const doc = readDocument(context, file);
    if (!doc) return;
    let checked = 0;
    const patternProblems = new Map<string, string>();
    for (const [key, value] of leaves(doc.value, '')) {
      if (typeof value !== 'string') continue;
      const isName = /(^|\.)names\.\d+$/.test(key);
      const isPath = /^in\.\d+$/.test(key) || /(^|\.)paths\.\d+$/.test(key);
      if (!isName && !isPath) continue;
      checked++;
      const problem = isName ? nameProblem(value) : rootedPathProblem(value);
      if (problem) patternProblems.set(key, `\`${key}\` is ${JSON.stringify(value)}: ${problem}`);
    }
    for (const problem of checkSchema('scope', doc)) {
      // a pattern explained below is reported once, in words rather than as the schema's regular expression
      if (problem.keyword === 'pattern' && patternProblems.has(problem.key)) continue;
      context.violation({ subject: file, file, line: problem.line, message: problem.message });
    }
    for (const [key, message] of patternProblems) {
      context.violation({ subject: file, file, line: doc.lines.get(key), message });
    }
    context.ok({ subject: file, message: `${checked} pattern(s) checked` });
  },
});

/** Why a file-name pattern is refused, if it is. */
function nameProblem(pattern: string): string | undefined {
  if (pattern.includes('/')) return 'names match the file name alone and may not contain a slash; move it to `paths`';
  return undefined;
}

function* leaves(value: unknown, path: string): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* leaves(value[i], path === '' ? String(i) : `${path}.${i}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* leaves(child, path === '' ? key : `${path}.${key}`);
  } else {
    yield [path, value];
  }
}
