import { readCheckedDocument } from '../engine/checked-document';
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
    const doc = readCheckedDocument(context, file, 'scope');
    if (!doc) return;
    let checked = 0;
    for (const [key, value] of leaves(doc.value, '')) {
      if (typeof value !== 'string') continue;
      const isName = /(^|\.)names\.\d+$/.test(key);
      const isPath = /^in\.\d+$/.test(key) || /(^|\.)paths\.\d+$/.test(key);
      if (!isName && !isPath) continue;
      checked++;
      const line = doc.lines.get(key);
      const problem = isName ? nameProblem(value) : pathspecProblem(value);
      if (problem) context.violation({ subject: file, file, line, message: `\`${key}\` is ${JSON.stringify(value)}: ${problem}` });
    }
    context.ok({ subject: file, message: `${checked} pattern(s) checked` });
  },
});

/** Why a pathspec anchored at the repository root is refused, if it is. */
export function pathspecProblem(pattern: string): string | undefined {
  if (pattern.startsWith('/')) return 'a pathspec is anchored at the root already; remove the leading slash';
  if (pattern.startsWith(':(') || pattern.startsWith(':')) return 'git pathspec magic (:(…)) is not part of the scope language; write the plain pattern';
  if (pattern.split(/[\\/]/).includes('..')) return 'a .. segment escapes the repository; name the path from the root';
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
