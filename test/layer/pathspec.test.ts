/**
 * The one pathspec matcher (engine/api/toolkit/pathspec.ts, the toolkit's) answers exactly as matching
 * every pathspec against every path with micromatch did, while compiling each pattern once, looking a
 * literal pathspec up in a sorted index and trying a glob only on the paths under its literal leading
 * folders. The reference below is the matcher as it was before the index: held to it by a table and
 * by properties.
 */
import fc from 'fast-check';
import micromatch from 'micromatch';
import { describe, expect, it } from 'vitest';
import { isLiteral, literalFolder, matchesAny, pathspecMatcher, selectPaths } from '../../engine/api/toolkit/pathspec';

const RUNS = { numRuns: 1000 } as const;

/** The matcher as it was: micromatch on every path, a line terminator probed as NUL. */
function reference(paths: readonly string[], patterns: readonly string[]): string[] {
  const matchers = patterns.map((pattern) => micromatch.matcher(pattern.endsWith('/') ? `${pattern}**` : pattern, { dot: true }));
  return paths.filter((path) => {
    const probe = path.replace(/[\n\r\u2028\u2029]/g, '\u0000');
    return matchers.some((matches) => matches(probe));
  });
}

const TRACKED = Object.freeze([
  'README.md',
  'README.md.bak',
  'docs/README.md',
  'docs/guide/intro.md',
  'docs/guide/.hidden.md',
  'docs',
  'docsite/index.md',
  '.env',
  'config/.env',
  'config/app.yaml',
  'src/a.ts',
  'src/b.test.ts',
  'src/nested/c.ts',
  'build/out.log',
  'logs/build.log',
  'top.log',
  'name with space.txt',
  'weird\nname.txt',
  'back\\slash.txt',
  'über/straße.md',
  'a[1].txt',
]);

describe('selectPaths: the same answers as micromatch on every path', () => {
  const cases: readonly (readonly [name: string, patterns: readonly string[]])[] = [
    ['a literal file at the root', ['README.md']],
    ['a literal file in a folder', ['docs/guide/intro.md']],
    ['a literal that names nothing', ['NOPE.md']],
    ['a literal that is the prefix of a longer path', ['docs']],
    ['a literal with a space', ['name with space.txt']],
    ['a literal outside ASCII', ['über/straße.md']],
    ['a directory pathspec (trailing /)', ['docs/']],
    ['a directory pathspec that is also a file name', ['docs/guide/']],
    ['a glob inside one segment', ['*.log']],
    ['a glob at any depth', ['**/*.log']],
    ['a glob under a literal folder', ['src/*.ts']],
    ['a glob under two literal folders', ['docs/guide/*.md']],
    ['a star and a suffix, answered without micromatch', ['docs/guide/*.md', '*.log', 'config/*env', '*.txt']],
    ['a star and a suffix that is all dots is left to micromatch', ['docs/*.', 'docs/guide/*..']],
    ['** after a folder also names the folder', ['docs/**']],
    ['a dot file by ** and *', ['**/.env', 'docs/guide/*']],
    ['a brace alternation', ['src/{a,b.test}.ts']],
    ['a class', ['a[[]1].txt', 'src/[ab].ts']],
    ['a question mark', ['src/?.ts']],
    ['a literal and a glob together', ['README.md', 'src/**']],
    ['a name with a newline, matched through the probe', ['weird*']],
    ['a name with a backslash', ['back*']],
    ['a leading ./ is never a literal', ['./README.md']],
    ['an empty segment is never a literal', ['docs//README.md']],
    ['everything', ['**']],
  ];

  it.each(cases)('%s', async (_name, patterns) => {
    expect(await selectPaths(TRACKED, patterns)).toStrictEqual(reference(TRACKED, patterns));
    const matches = await pathspecMatcher(patterns);
    expect(TRACKED.filter(matches)).toStrictEqual(reference(TRACKED, patterns));
    for (const pattern of patterns) expect(await matchesAny(TRACKED, pattern)).toBe(reference(TRACKED, [pattern]).length > 0);
  });

  it('a list that is not frozen is indexed afresh, so a changed list is answered as it now is', async () => {
    const paths = ['a.md', 'b.md'];
    expect(await selectPaths(paths, ['c.md'])).toStrictEqual([]);
    paths.push('c.md');
    expect(await selectPaths(paths, ['c.md'])).toStrictEqual(['c.md']);
  });

  it('a path ending in `/` (micromatch forgives it at the top level only) is answered by micromatch, star and suffix or not', async () => {
    // found by the property below: the star-and-suffix comparison took `.env/` for no match of `*.env`
    const paths = Object.freeze(['*.env', '.env/', 'a', 'x.env/', 'a/x.env/', 'a/b.md/']);
    for (const patterns of [['*.env'], ['a/*.env'], ['a/*.md'], ['.env/'], ['a']]) {
      expect(await selectPaths(paths, patterns)).toStrictEqual(reference(paths, patterns));
      expect(paths.filter(await pathspecMatcher(patterns))).toStrictEqual(reference(paths, patterns));
    }
  });

  it('a path listed twice is selected twice, in the order of the list', async () => {
    const paths = Object.freeze(['b.md', 'a.md', 'b.md']);
    expect(await selectPaths(paths, ['b.md', '*.md'])).toStrictEqual(['b.md', 'a.md', 'b.md']);
  });
});

describe('which pathspecs are looked up rather than matched', () => {
  it.each([
    ['README.md', true],
    ['docs/guide/intro.md', true],
    ['name with space.txt', true],
    ['docs/', false],
    ['*.md', false],
    ['a[1].txt', false],
    ['src/{a,b}.ts', false],
    ['./README.md', false],
    ['docs/./a.md', false],
    ['docs//a.md', false],
    ['a"b', false],
    ['a|b', false],
    ['line\u2028break', false],
  ] as const)('%j → %s', (pattern, literal) => {
    expect(isLiteral(pattern)).toBe(literal);
  });

  it.each([
    ['docs/guide/*.md', 'docs/guide/'],
    ['docs/guide/?.md', 'docs/guide/'],
    ['docs/guide/x*', 'docs/guide/'],
    ['docs/', 'docs'],
    ['docs/**', 'docs'],
    ['src/**/*.ts', 'src'],
    ['src/{a,b}.ts', 'src'],
    ['src/"a"*', 'src'],
    ['src/@(a|b).ts', ''],
    ['src/+(a).ts', 'src'],
    ['*.md', ''],
    ['**/.env', ''],
    ['a/b|c/d', ''],
    ['./src/*.ts', ''],
  ] as const)('the literal folder of %j is %j', (pattern, folder) => {
    expect(literalFolder(pattern)).toBe(folder);
  });
});

/** Segments that put micromatch's syntax, dots and odd characters into paths and patterns. */
const PATTERN_PARTS = [
  'a',
  'b',
  'ab',
  '.',
  '..',
  '.env',
  '/',
  '/',
  '*',
  '**',
  '?',
  '[ab]',
  '[!a]',
  '{a,b}',
  '{,/a}',
  '!',
  '+(a)',
  '@(b)',
  '(',
  ')',
  '|',
  '"',
  "'",
  '\\',
  ' ',
  '-',
  '_',
  'é',
  '#',
  '$',
  '^',
  '~',
  ',',
  '\u2028',
];
const PATH_PARTS = [
  'a',
  'b',
  'ab',
  '.',
  '.env',
  '/',
  '/',
  '/',
  '-',
  '_',
  ' ',
  'é',
  '*',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '!',
  '"',
  '\\',
  '\n',
  '\r',
  '#',
  '~',
];

/** The index answers as micromatch does, wherever micromatch answers at all (a pattern it refuses is nothing to compare). */
async function agreesWithMicromatch(paths: readonly string[], patterns: readonly string[]): Promise<void> {
  let expected: string[];
  try {
    expected = reference(paths, patterns);
  } catch {
    return;
  }
  expect(await selectPaths(paths, patterns)).toStrictEqual(expected);
}

const pathArb = fc.array(fc.constantFrom(...PATH_PARTS), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const patternArb = fc.array(fc.constantFrom(...PATTERN_PARTS), { minLength: 1, maxLength: 7 }).map((parts) => parts.join(''));

describe('properties: the index never changes an answer', () => {
  it('any patterns against any paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pathArb, { maxLength: 30 }),
        fc.array(patternArb, { minLength: 1, maxLength: 4 }),
        async (paths, patterns) => {
          await agreesWithMicromatch(Object.freeze([...paths]), patterns);
        },
      ),
      RUNS,
    );
  });

  it('a path that a pattern names literally, among many', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pathArb, { minLength: 1, maxLength: 30 }), fc.nat(), async (paths, pick) => {
        const frozen = Object.freeze([...paths]);
        const pattern = frozen[pick % frozen.length]!;
        await agreesWithMicromatch(frozen, [pattern]);
      }),
      RUNS,
    );
  });

  it('a name of plain parts between stars, compared without micromatch', async () => {
    // the comparison's own form (`.ai/repo/rules/project/*.v*.md`): plain parts and single stars in the last segment
    const nameArb = fc
      .array(fc.constantFrom('a', 'b', 'ab', '.', '.v', '.md', '-', '_', '*', '*', '*'), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join(''));
    const nameOfPath = fc
      .array(fc.constantFrom('a', 'b', 'ab', '.', '.v', '.md', '-', '_', 'x'), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join(''));
    const folderArb = fc.constantFrom('', 'd/', 'd/e/', '.x/');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(folderArb, nameOfPath), { maxLength: 30 }),
        folderArb,
        nameArb,
        fc.array(fc.constantFrom('', 'a', 'b', '.', 'ab'), { minLength: 4, maxLength: 4 }),
        async (entries, folder, name, fillers) => {
          // besides random names, near misses: the pattern with its stars filled, and with a character cut from it
          const filled = name.split('*').reduce((out, part, at) => `${out}${fillers[(at - 1) % fillers.length] ?? ''}${part}`);
          const near = [
            filled,
            filled.slice(1),
            filled.slice(0, -1),
            filled.slice(0, filled.length >> 1) + filled.slice((filled.length >> 1) + 1),
          ];
          const frozen = Object.freeze([
            ...entries.map(([dir, rest]) => `${dir}${rest}`),
            ...near.filter((n) => n !== '').map((n) => `${folder}${n}`),
          ]);
          const pattern = `${folder}${name}`;
          await agreesWithMicromatch(frozen, [pattern]);
        },
      ),
      RUNS,
    );
  });

  it('a glob under a folder some paths share', async () => {
    const folderArb = fc.constantFrom('src', 'src/a', 'docs', 'd é', '.x');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(folderArb, pathArb), { maxLength: 30 }),
        fc.array(folderArb, { maxLength: 3 }),
        folderArb,
        patternArb,
        async (entries, bare, folder, tail) => {
          // the folders themselves too: `a/**` matches `a`
          const frozen = Object.freeze([...entries.map(([dir, rest]) => `${dir}/${rest}`), ...bare]);
          const pattern = `${folder}/${tail}`;
          await agreesWithMicromatch(frozen, [pattern]);
        },
      ),
      RUNS,
    );
  });
});
