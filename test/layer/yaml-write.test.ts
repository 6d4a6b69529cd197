/**
 * The one writer of the YAML subset (engine/layer/yaml-write.ts): whatever it writes reads back as the
 * value it was given, through parseYaml (fast path or full parser) and through the full parser alone,
 * as a file and as front matter — ≥ 1,000 generated documents a property — and what the subset cannot
 * hold is refused, never written approximately. The byte forms the state files rely on are pinned.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { parseYaml, parseYamlFull } from '../../engine/layer/yaml';
import { parseYamlFast } from '../../engine/layer/yaml-fast';
import type { YamlWriteOptions } from '../../engine/layer/yaml-write';
import { MAX_WRITE_DEPTH, quotedScalar, readsBackPlain, writeFrontMatter, writeYaml } from '../../engine/layer/yaml-write';

const RUNS = { numRuns: 1000 } as const;

/** Pieces of text the reader gives a meaning to, to be put in random orders inside strings and keys. */
const TOKENS = [
  'a',
  'Z',
  '0',
  '1',
  '9',
  ' ',
  '  ',
  '-',
  '- ',
  ':',
  ': ',
  '#',
  ' #',
  ',',
  '[',
  ']',
  '{',
  '}',
  '&',
  '*',
  '!',
  '|',
  '>',
  "'",
  '"',
  '\\',
  '%',
  '@',
  '`',
  '?',
  '.',
  '...',
  '---',
  '~',
  'null',
  'true',
  'False',
  'yes',
  '0x1f',
  '0o7',
  '.inf',
  '.nan',
  '1e3',
  '+',
  '_',
  '/',
  '(',
  ')',
  '=',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0007',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
  'é',
  '日本',
  '🚀',
] as const;

const wellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

const text = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...TOKENS), maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
    fc.constantFrom('', 's-20260906035523-7b6c', '2026-09-03T20:14:55Z', 'session/v1', 'record-store=3', 'a: b', '- 3', 'no: really'),
  )
  .filter(wellFormed);

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype', '<<']);
// eslint-disable-next-line no-control-regex
const key = fc
  .oneof(fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/), text)
  .filter((k) => !FORBIDDEN.has(k) && !/[\u0000-\u001f\u007f]/.test(k));

const scalar = fc.oneof(text, text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

const { document } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('mapping'), tie('sequence')),
  sequence: fc.array(tie('value'), { maxLength: 4 }),
  mapping: fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 5 }),
  document: fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 6 }),
}));

const options = fc.record({ strings: fc.constantFrom<'plain' | 'quoted'>('plain', 'quoted') });

/** The value `text` reads back as: parseYaml, the full parser alone, and the fast path when it takes it. */
function readBack(yaml: string): unknown {
  const value = parseYaml(yaml, 'gen/written.yaml').value;
  expect(parseYamlFull(yaml, 'gen/written.yaml').value).toEqual(value);
  const fast = parseYamlFast(yaml, 0);
  if (fast !== undefined) expect(fast.value).toEqual(value);
  return value;
}

describe('writeYaml', () => {
  it('writes what parseYaml, the full parser and the fast path read back as the same value', () => {
    fc.assert(
      fc.property(document, options, (doc, opts) => {
        expect(readBack(writeYaml(doc as Record<string, unknown>, opts))).toEqual(doc);
      }),
      RUNS,
    );
  });

  it('writes front matter that reads back as the same value', () => {
    fc.assert(
      fc.property(document, options, text, (doc, opts, body) => {
        const written = `${writeFrontMatter(doc as Record<string, unknown>, opts)}\n${body}`;
        expect(parseFrontMatter(written, 'gen/written.md').data.value).toEqual(doc);
      }),
      RUNS,
    );
  });

  it('writes lists of scalars in flow style that read back the same', () => {
    const lists = fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), fc.array(scalar, { minLength: 1, maxLength: 5 }), {
      minKeys: 1,
      maxKeys: 4,
    });
    fc.assert(
      fc.property(lists, (doc) => {
        const written = writeYaml(doc, { flow: Object.keys(doc) });
        for (const line of written.trimEnd().split('\n')) expect(line).toMatch(/^[a-z][a-z0-9_]*: \[.*\]$/);
        expect(readBack(written)).toEqual(doc);
      }),
      RUNS,
    );
  });

  it('writes a string plain only where it reads back as that string', () => {
    fc.assert(
      fc.property(text, (value) => {
        if (!readsBackPlain(value)) return;
        expect(readBack(`k: ${value}\n`)).toEqual({ k: value });
        expect(readBack(`- ${value}\n`)).toEqual([value]);
      }),
      RUNS,
    );
  });

  it('quotes a string the way JSON does, so the state files keep their bytes', () => {
    for (const value of ['fix OAuth', 'no: really', '- 3', 'a"b\\c', 'tab\there', 'line\nbreak', '\u0001', '日本 🚀'])
      expect(quotedScalar(value)).toBe(JSON.stringify(value));
    expect(quotedScalar('del\u007f nel\u0085 ls\u2028 bom\ufeff')).toBe('"del\\u007f nel\\u0085 ls\\u2028 bom\\ufeff"');
  });

  it.each<[string, Record<string, unknown>, YamlWriteOptions, string]>([
    [
      'plain where it reads back, quoted where not',
      { a: 'x', b: 'true', c: '1', d: 'a: b', e: '' },
      {},
      'a: x\nb: "true"\nc: "1"\nd: "a: b"\ne: ""\n',
    ],
    [
      'every string quoted, but the plain keys',
      { schema: 'session/v1', title: 'x' },
      { strings: 'quoted', plain: ['schema'] },
      'schema: session/v1\ntitle: "x"\n',
    ],
    [
      'numbers, booleans and null',
      { n: 1, f: 1.5, z: -0, i: -Infinity, t: true, u: null },
      {},
      'n: 1\nf: 1.5\nz: -0\ni: -.inf\nt: true\nu: null\n',
    ],
    ['lists: empty inline, else a line an item', { a: [], b: ['x', 'y'] }, { strings: 'quoted' }, 'a: []\nb:\n  - "x"\n  - "y"\n'],
    ['nested mappings and lists of mappings', { a: { b: 1 }, c: [{ d: 1, e: 2 }] }, {}, 'a:\n  b: 1\nc:\n  - d: 1\n    e: 2\n'],
    ['a flow list', { tags: ['project', 'a b', '.ai/x'] }, { flow: ['tags'] }, 'tags: [project, "a b", .ai/x]\n'],
    ['comments and a blank line before a key', { a: 1, b: 2 }, { comments: { b: ['', 'why'] } }, 'a: 1\n\n# why\nb: 2\n'],
    ['a key the fast path would not read plain', { 'a b': 1, '1': 2, true: 3 }, {}, '"1": 2\n"a b": 1\n"true": 3\n'],
    ['undefined entries left out', { a: 1, b: undefined }, {}, 'a: 1\n'],
  ])('%s', (_name, value, opts, expected) => {
    expect(writeYaml(value, opts)).toBe(expected);
    expect(readBack(expected)).toEqual(value);
  });

  it.each<[string, unknown]>([
    ['an empty mapping', {}],
    ['an empty nested mapping', { a: {} }],
    ['a prototype key', JSON.parse('{"__proto__": 1}')],
    ['a merge key', { '<<': 1 }],
    ['a control character in a key', { 'a\u0001': 1 }],
    ['a lone surrogate', { a: '\ud800' }],
    ['a date', { a: new Date(0) }],
    ['a function', { a: () => 1 }],
    ['a mapping inside a flow list', { a: [{ b: 1 }] }],
    ['a multi-line comment', { a: 1 }],
  ])('refuses %s', (name, value) => {
    const opts: YamlWriteOptions =
      name === 'a mapping inside a flow list' ? { flow: ['a'] } : name === 'a multi-line comment' ? { comments: { a: ['x\ny'] } } : {};
    expect(() => writeYaml(value as Record<string, unknown>, opts)).toThrow(Error);
  });

  it(`writes ${MAX_WRITE_DEPTH} levels, which the reader reads back, and refuses one more`, () => {
    /** `depth` containers, alternating lists and mappings, the outermost a mapping. */
    const nest = (depth: number): Record<string, unknown> => {
      let value: unknown = ['x'];
      for (let level = 2; level <= depth; level++) value = level % 2 === depth % 2 ? { [`k${level}`]: value } : [value];
      return value as Record<string, unknown>;
    };
    const deepest = nest(MAX_WRITE_DEPTH);
    expect(readBack(writeYaml(deepest))).toEqual(deepest);
    expect(() => writeYaml(nest(MAX_WRITE_DEPTH + 2))).toThrow(/deeper/);
    expect(Array.isArray(nest(MAX_WRITE_DEPTH))).toBe(false);
  });
});
