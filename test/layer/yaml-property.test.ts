/**
 * Property tests of the one YAML language (RELIABILITY.md "Figures": ≥ 1,000 generated inputs per
 * parser — fast-check's default is 100, so numRuns is set on every property).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../engine/io/document-error';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { parseYaml } from '../../engine/layer/yaml';

const RUNS = { numRuns: 1000 } as const;

/** Fragments that put the parser's indicators and structure into random orders. */
const FRAGMENTS = [
  'a: ',
  'b: ',
  'key: ',
  '- ',
  '  ',
  '    ',
  '\t',
  '&x ',
  '*x',
  '!t ',
  '!!str ',
  '!!binary ',
  '{',
  '}',
  '[',
  ']',
  '|',
  '>',
  '|-',
  ': ',
  ':',
  '?',
  '? ',
  ',',
  '#',
  ' # c',
  "'",
  '"',
  '\\',
  '---\n',
  '---',
  '...\n',
  '%YAML 1.1\n',
  '%YAML 1.2\n',
  '\n',
  '\r\n',
  '\r',
  '\u0000',
  '\u001b',
  '\ufeff',
  '@',
  '`',
  '%',
  '__proto__: ',
  'constructor: ',
  '<<: ',
  'a',
  'z',
  'x',
  'yes',
  'NO',
  'on',
  '~',
  'null',
  'true',
  '0x1f',
  '2026-09-03T19:30:12Z',
  '0',
  '1',
  '9',
  '-1',
  '.5',
  'é',
  '日本',
  '🚀',
] as const;

const yamlish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));

/** Line-structured YAML-ish text: indentation, keys, items and indicators line by line. */
const yamlishLines = fc
  .array(fc.tuple(fc.nat({ max: 6 }), fc.array(fc.constantFrom(...FRAGMENTS.filter((f) => !f.includes('\n'))), { maxLength: 6 })), {
    maxLength: 12,
  })
  .map((lines) => lines.map(([indent, parts]) => ' '.repeat(indent) + parts.join('')).join('\n'));

const anyText = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', maxLength: 400 }), yamlish, yamlishLines);

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Returns normally, or throws a DocumentError naming `file` with a line in the text (or none). */
function expectReturnOrDocumentError(fn: () => unknown, file: string, maxLine: number): void {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof DocumentError)) {
      throw new Error(`not a DocumentError: ${String((error as Error)?.stack ?? error)}`);
    }
    expect(error.file).toBe(file);
    expect(error.exitCode).toBe(2);
    expect(error.fix.length).toBeGreaterThan(0);
    if (error.line !== undefined) {
      expect(Number.isInteger(error.line)).toBe(true);
      expect(error.line).toBeGreaterThanOrEqual(1);
      expect(error.line).toBeLessThanOrEqual(maxLine);
    }
  }
}

describe('parseYaml on any input', () => {
  it('returns or throws a DocumentError with a line in the document', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expectReturnOrDocumentError(() => parseYaml(text, 'gen/any.yaml'), 'gen/any.yaml', lineCount(text));
      }),
      RUNS,
    );
  });

  it('with a lineOffset, every line stays within the shifted document', () => {
    fc.assert(
      fc.property(anyText, fc.nat({ max: 50 }), (text, offset) => {
        let plain: unknown;
        try {
          parseYaml(text, 'gen/plain.yaml');
        } catch (error) {
          plain = error;
        }
        try {
          parseYaml(text, 'gen/plain.yaml', { lineOffset: offset });
          expect(plain).toBeUndefined();
        } catch (error) {
          expect(error).toBeInstanceOf(DocumentError);
          expect(plain).toBeInstanceOf(DocumentError);
          const shifted = (error as DocumentError).line;
          const base = (plain as DocumentError).line;
          expect(shifted).toBe(base === undefined ? undefined : base + offset);
        }
      }),
      RUNS,
    );
  });

  it('names the exact line of a refused construct after any number of valid lines', () => {
    const validLine = fc.oneof(
      fc.string({ maxLength: 20 }).map((v) => `: ${JSON.stringify(v)}`),
      fc.integer().map((v) => `: ${v}`),
      fc.constantFrom(': plain words', ': yes', ': [a, b, 1]', ': ~', ': "x" # note', ':'),
    );
    const BAD = [
      ': *alias',
      ': &anchor x',
      ': !tag x',
      ': !!binary aGk=',
      ': {a: 1}',
      ': |',
      ': >',
      ': [a, [b]]',
      ': a: b',
      ': @at',
      ': `tick`',
      ': x\ty',
      ': "x\u0000"',
      ': x\u0001',
      ': x\u007f',
    ];
    fc.assert(
      fc.property(
        fc.array(validLine, { maxLength: 30 }),
        fc.constantFrom(...BAD),
        fc.array(validLine, { maxLength: 5 }),
        (before, bad, after) => {
          const lines = [...before.map((v, i) => `k${i}${v}`), `bad${bad}`, ...after.map((v, i) => `z${i}${v}`)];
          const text = `${lines.join('\n')}\n`;
          let caught: unknown;
          try {
            parseYaml(text, 'gen/line.yaml');
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DocumentError);
          expect((caught as DocumentError).line).toBe(before.length + 1);
        },
      ),
      RUNS,
    );
  });

  it('never pollutes Object.prototype', () => {
    fc.assert(
      fc.property(yamlishLines, (text) => {
        try {
          parseYaml(text, 'gen/proto.yaml');
        } catch {
          // refusals are fine here
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Round trip: a generated plain mapping, written by a small block-style emitter, parses back equal,
// and gives the same JSON as a .yaml text and as front matter.

type Scalar = string | number | boolean;
type Value = Scalar | string[] | Mapping;
interface Mapping {
  [key: string]: Value;
}

const FORBIDDEN = new Set(['prototype', 'constructor', '__proto__']);
const safeKey = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((k) => !FORBIDDEN.has(k));
const safeString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('yes', 'NO', 'on', 'true', 'null', '~', '1', '0x1f', '2026-09-03T19:30:12Z', 'a: b', '# x', '- x', '', ' '),
);
const safeScalar: fc.Arbitrary<Scalar> = fc.oneof(safeString, fc.integer(), fc.boolean());
const safeList = fc.array(safeString, { maxLength: 5 });

function mappingOf(levels: number): fc.Arbitrary<Mapping> {
  const value: fc.Arbitrary<Value> =
    levels <= 1
      ? fc.oneof(safeScalar, safeList)
      : fc.oneof({ weight: 3, arbitrary: fc.oneof(safeScalar, safeList) }, { weight: 1, arbitrary: mappingOf(levels - 1) });
  // Block style cannot write an empty mapping (`{}` is a flow mapping, outside the subset).
  return fc.dictionary(safeKey, value, { minKeys: 1, maxKeys: 6 }).map((d) => ({ ...d }) as Mapping);
}

const mapping = mappingOf(3);

/** Keys that YAML 1.2 core would read as null or a boolean are quoted; the others stay plain. */
function emitKey(key: string): string {
  return /^(null|true|false|y|n)$/i.test(key) ? JSON.stringify(key) : key;
}

function emitScalar(value: Scalar): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function emit(map: Mapping, indent = 0): string {
  const pad = ' '.repeat(indent);
  let out = '';
  for (const [key, value] of Object.entries(map)) {
    if (Array.isArray(value)) {
      if (value.length === 0) out += `${pad}${emitKey(key)}: []\n`;
      else out += `${pad}${emitKey(key)}:\n${value.map((item) => `${pad}  - ${emitScalar(item)}\n`).join('')}`;
    } else if (typeof value === 'object') {
      out += `${pad}${emitKey(key)}:\n${emit(value, indent + 2)}`;
    } else {
      out += `${pad}${emitKey(key)}: ${emitScalar(value)}\n`;
    }
  }
  return out;
}

describe('a generated mapping round-trips', () => {
  it('parses back deep-equal, and the same as a .yaml file and as front matter', () => {
    fc.assert(
      fc.property(mapping, (map) => {
        const text = emit(map);
        const asYaml = parseYaml(text, 'gen/map.yaml');
        expect(asYaml.value).toEqual(map);
        expect(JSON.stringify(asYaml.value)).toBe(JSON.stringify(map));

        const markdown = `---\n${text}---\nbody\n`;
        const asFrontMatter = parseFrontMatter(markdown, 'gen/map.md');
        expect(JSON.stringify(asFrontMatter.data.value)).toBe(JSON.stringify(asYaml.value));
        expect(asFrontMatter.body).toBe('body\n');
        expect(asFrontMatter.bodyLine).toBe(lineCount(text) + 2);
        // Front matter lines are file lines: one more than the same key in the .yaml text.
        for (const [path, line] of asYaml.lines) {
          if (path !== '') expect([path, asFrontMatter.data.lines.get(path)]).toEqual([path, line + 1]);
        }
      }),
      RUNS,
    );
  });

  it('round-trips with CRLF line ends too', () => {
    fc.assert(
      fc.property(mapping, (map) => {
        const text = emit(map).replace(/\n/g, '\r\n');
        expect(parseYaml(text, 'gen/crlf.yaml').value).toEqual(map);
        expect(parseFrontMatter(`---\r\n${text}---\r\nbody\r\n`, 'gen/crlf.md').data.value).toEqual(map);
      }),
      RUNS,
    );
  });
});

describe('parseFrontMatter on any input', () => {
  const bodies = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), yamlish);
  const frontMatterish = fc.oneof(
    fc.string({ unit: 'binary' }),
    anyText.map((t) => `---\n${t}`),
    fc.tuple(anyText, bodies).map(([t, b]) => `---\n${t}\n---\n${b}`),
    fc
      .tuple(
        fc.constantFrom('---js', '---javascript', '--- js', '---coffee', '---yaml', '---json', '---\r', '----', '---  '),
        anyText,
        bodies,
      )
      .map(([open, t, b]) => `${open}\n${t}\n---\n${b}`),
  );

  it('returns or throws a DocumentError, never another exception', () => {
    fc.assert(
      fc.property(frontMatterish, (text) => {
        expectReturnOrDocumentError(() => parseFrontMatter(text, 'gen/any.md'), 'gen/any.md', lineCount(text));
      }),
      RUNS,
    );
  });
});
