import { readDocument } from '../engine/checked-document';
import { unsafePathReason } from '../engine/layer/paths';
import { checkSchema } from '../engine/layer/schema-check';
import { defineValidator } from '../engine/validator';

export default defineValidator({
  name: 'scope_file',
  description: 'The repository scope is version 1, uses only known keys, and every pathspec stays inside the repository.',
  gates: ['doctor', 'watch'],
  run(context) {
    const file = context.layout.section('scope');
    if (file === undefined) {
      context.info({ subject: '.ai/manifest.yaml', message: "the manifest names no scope section, so the distribution's default scope applies" });
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
      const problem = isName ? nameProblem(value) : pathspecProblem(value);
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

/** Why a pathspec anchored at the repository root is refused, if it is. */
export function pathspecProblem(pattern: string): string | undefined {
  if (pattern.startsWith('/')) return 'a pathspec is anchored at the root already; remove the leading slash';
  if (pattern.startsWith(':(') || pattern.startsWith(':')) return 'git pathspec magic (:(…)) is not part of the scope language; write the plain pattern';
  if (pattern.split(/[\\/]/).includes('..')) return 'a .. segment escapes the repository; name the path from the root';
  // every platform's absolute forms (drive letters, UNC, URLs, home) escape the repository too
  const unsafe = unsafePathReason(pattern);
  if (unsafe) return `the pathspec ${unsafe}, so it names no path inside the repository; name the path from the root`;
  return undefined;
}

/** Why a file-name pattern is refused, if it is. */
export function nameProblem(pattern: string): string | undefined {
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
