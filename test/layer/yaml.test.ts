/**
 * The YAML subset (DESIGN.md "One YAML language", RELIABILITY.md "YAML and front matter"): every
 * refusal is a DocumentError naming the file, the exact line and a fix; accepted documents keep the
 * YAML 1.2 core values and the line of every flattened key path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentError } from '../../engine/io/document-error';
import { DEFAULT_MAX_BYTES, readTextFile } from '../../engine/io/text';
import type { YamlOptions } from '../../engine/layer/yaml';
import { parseYaml, readYamlFile } from '../../engine/layer/yaml';
import { expectRefusal } from '../helpers/refusal';

const refusedBy = (fn: () => unknown): DocumentError => expectRefusal(fn, { explains: ['reason', 'fix'] });

function refuse(text: string, file = 'doc.yaml', options?: YamlOptions): DocumentError {
  const error = refusedBy(() => parseYaml(text, file, options));
  expect(error.file).toBe(file);
  return error;
}

interface Refusal {
  readonly name: string;
  readonly text: string;
  readonly line: number;
  /** A pattern the reason must match, when the case cares. */
  readonly reason?: RegExp;
  /** A pattern the fix must match, when the case cares. */
  readonly fix?: RegExp;
}

const REFUSALS: readonly Refusal[] = [
  // tabs
  { name: 'a tab in the indentation', text: 'a:\n\tb: 1\n', line: 2, reason: /tab/ },
  { name: 'a tab after spaces in the indentation', text: 'a:\n  b: 1\n \tc: 2\n', line: 3, reason: /tab/ },
  { name: 'a tab inside a value', text: 'a: 1\nb: x\ty\n', line: 2, reason: /tab/ },
  { name: 'a tab inside a quoted value', text: 'a: 1\nb: 2\nc: "x\ty"\n', line: 3, reason: /tab/ },
  { name: 'a tab before a comment', text: 'a: 1\t# note\n', line: 1, reason: /tab/ },
  // anchors and aliases
  { name: 'an anchor', text: 'a: 1\nb: &x 2\n', line: 2, reason: /anchor/ },
  { name: 'an anchor on a mapping', text: 'a: 1\nb: &x\n  c: 1\n', line: 2, reason: /anchor/ },
  { name: 'an anchor on a key', text: 'a: 1\n&k b: 2\n', line: 2, reason: /anchor/ },
  { name: 'an alias', text: 'a: 1\nb: 2\nc: *x\n', line: 3, reason: /alias/ },
  { name: 'an alias after many scalars', text: 'a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: *x\n', line: 7, reason: /alias/ },
  { name: 'an alias as a list item', text: 'a:\n  - x\n  - *x\n', line: 3, reason: /alias/ },
  { name: 'an anchor then its alias', text: 'a: &x 1\nb: *x\n', line: 1, reason: /anchor/ },
  { name: 'a self-referencing sequence &a [*a]', text: '&a [*a]\n', line: 1, reason: /anchor/ },
  { name: 'a self-referencing sequence as a value', text: 'x: 1\ny: 2\nz: &a [*a]\n', line: 3, reason: /anchor/ },
  // tags
  { name: 'the tag !!js/function', text: 'a: 1\nb: !!js/function "function () { return 1 }"\n', line: 2, reason: /tag/ },
  { name: 'a custom tag !custom', text: 'a: 1\nb: !custom x\n', line: 2, reason: /tag/ },
  { name: 'the tag !!binary', text: 'a: 1\nb: !!binary aGVsbG8=\n', line: 2, reason: /tag/ },
  { name: 'the tag !!str', text: 'a: 1\nb: !!str 1\n', line: 2, reason: /tag/ },
  { name: 'the tag !!set', text: 'a: 1\nb: !!set\n  c: null\n', line: 2, reason: /tag/ },
  { name: 'the tag !!timestamp', text: 'a: 1\nb: !!timestamp 2026-09-03\n', line: 2, reason: /tag/ },
  { name: 'a verbatim tag', text: 'a: 1\nb: !<tag:yaml.org,2002:str> x\n', line: 2, reason: /tag/ },
  { name: 'a tag on a key', text: 'a: 1\n!!str b: 2\n', line: 2, reason: /tag/ },
  // flow mappings, block scalars, nested flow sequences
  { name: 'a flow mapping', text: 'a: 1\nb: {c: 1}\n', line: 2, reason: /flow mapping/ },
  { name: 'a flow mapping as the document', text: '{a: 1}\n', line: 1, reason: /flow mapping/ },
  { name: 'a flow mapping inside a flow sequence', text: 'a: 1\nb: [x, {c: 1}]\n', line: 2, reason: /flow mapping/ },
  { name: 'a literal block scalar |', text: 'a: 1\nb: |\n  x\n  y\n', line: 2, reason: /block scalar/ },
  { name: 'a folded block scalar >', text: 'a: 1\nb: >\n  x\n  y\n', line: 2, reason: /block scalar/ },
  { name: 'a block scalar with indicators |-', text: 'a: 1\nb: |-\n  x\n', line: 2, reason: /block scalar/ },
  { name: 'a block scalar with indicators >+2', text: 'a: 1\nb: >+2\n    x\n', line: 2, reason: /block scalar/ },
  { name: 'a nested flow sequence', text: 'a: 1\nb: [1, [2]]\n', line: 2, reason: /nested flow sequence/ },
  { name: 'a nested flow sequence opening the value', text: 'a: 1\nb: [[2]]\n', line: 2, reason: /nested flow sequence/ },
  { name: 'a nested flow sequence on a later line', text: 'a: [x,\n  [y]]\n', line: 2, reason: /nested flow sequence/ },
  // duplicate and prototype keys
  { name: 'a duplicate key', text: 'a: 1\na: 2', line: 2, reason: /duplicate/ },
  { name: 'a duplicate key further down', text: 'a: 1\nb: 2\nc: 3\nb: 4\n', line: 4, reason: /duplicate/ },
  { name: 'a duplicate nested key', text: 'a:\n  b: 1\n  c: 2\n  b: 3\n', line: 4, reason: /duplicate/ },
  { name: 'a duplicate key quoted once', text: 'a: 1\n"a": 2\n', line: 2, reason: /duplicate/ },
  { name: 'a duplicate key in a list item', text: 'l:\n  - a: 1\n    a: 2\n', line: 3, reason: /duplicate/ },
  { name: 'the key __proto__', text: 'a: 1\n__proto__:\n  polluted: yes\n', line: 2, reason: /__proto__/ },
  { name: 'the key "__proto__" quoted', text: 'a: 1\n"__proto__": {}\n', line: 2 },
  { name: 'the key __proto__ in a list item', text: 'l:\n  - a: 1\n    __proto__: x\n', line: 3, reason: /__proto__/ },
  { name: 'the key constructor', text: 'a: 1\nconstructor:\n  prototype:\n    polluted: x\n', line: 2, reason: /constructor/ },
  { name: 'the key prototype', text: 'a:\n  prototype: x\n', line: 2, reason: /prototype/ },
  { name: 'the merge key <<', text: 'base: 1\n<<: x\n', line: 2, reason: /<</ },
  { name: 'the merge key << with a mapping', text: 'base: 1\n<<:\n  a: 1\n', line: 2, reason: /<</ },
  // documents and directives
  { name: 'two documents', text: 'a: 1\n---\nb: 2\n', line: 2, reason: /more than one document/ },
  { name: 'two documents each opened by ---', text: '---\na: 1\n---\nb: 2\n', line: 3, reason: /more than one document/ },
  { name: 'the directive %YAML 1.1', text: '%YAML 1.1\n---\na: NO\n', line: 1, reason: /%YAML 1\.1/ },
  { name: 'a %TAG directive', text: '%TAG ! tag:example.com,2000:\n---\na: 1\n', line: 1, reason: /directive/ },
  { name: 'a document end marker ...', text: 'a: 1\n...\n', line: 2, reason: /\.\.\./ },
  { name: 'a document end marker between documents', text: 'a: 1\nb: 2\n...\n---\nc: 3\n', line: 3 },
  // explicit keys and indicator characters
  { name: 'an explicit key ? a', text: 'x: 1\n? a\n: 1\n', line: 2, reason: /explicit key/ },
  { name: 'an unquoted ": " inside a plain scalar', text: 'name: x\ndescription: a: b\n', line: 2, fix: /quote/ },
  { name: 'an unquoted ": " inside a list item', text: 'l:\n  - x\n  - a: b: c\n', line: 3, fix: /quote/ },
  { name: 'a plain scalar starting with @', text: 'a: 1\nb: @handle\n', line: 2, fix: /quote/ },
  { name: 'a plain scalar starting with a backtick', text: 'a: 1\nb: `cmd`\n', line: 2, fix: /quote/ },
  // C0 control characters (and DEL, and a carriage return not followed by a line feed)
  { name: 'a NUL in a double-quoted value', text: 'a: 1\nb: "x\u0000y"\n', line: 2, reason: /U\+0000/ },
  { name: 'a NUL in a single-quoted value', text: "a: 1\nb: 'x\u0000y'\n", line: 2, reason: /U\+0000/ },
  { name: 'U+0001 in a plain value', text: 'a: 1\nb: 2\nc: x\u0001\n', line: 3, reason: /U\+0001/ },
  { name: 'an escape character U+001B in a value', text: 'a: "\u001b[31mred"\n', line: 1, reason: /U\+001b/i },
  { name: 'a vertical tab', text: 'a: 1\nb: x\u000by\n', line: 2 },
  { name: 'a form feed', text: 'a: 1\n\u000c\nb: 2\n', line: 2 },
  { name: 'a control character in a key', text: 'a: 1\nk\u0007: 2\n', line: 2 },
  { name: 'DEL U+007F', text: 'a: 1\nb: x\u007f\n', line: 2 },
  { name: 'a lone carriage return', text: 'a: 1\rb: 2\n', line: 1 },
];

describe('parseYaml refuses what is outside the subset', () => {
  it.each(REFUSALS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const error = refuse(c.text, 'layer/case.yaml');
    expect(error.line).toBe(c.line);
    if (c.reason) expect(error.reason).toMatch(c.reason);
    if (c.fix) expect(error.fix).toMatch(c.fix);
  });

  it('names the given file in the message', () => {
    const error = refuse('a: 1\na: 2\n', '.ai/rules/x.yaml');
    expect(error.message).toContain('.ai/rules/x.yaml:2');
  });

  it('a refusal carries exit code 2', () => {
    expect(refuse('a: &x 1\n').exitCode).toBe(2);
  });

  it('an unquoted ": " names quoting as the fix', () => {
    const error = refuse('description: a: b\n');
    expect(error.line).toBe(1);
    expect(error.fix).toMatch(/quote/);
  });

  it('the quoted form of a refused plain scalar is accepted', () => {
    expect(parseYaml('description: "a: b"\n', 'doc.yaml').value).toEqual({ description: 'a: b' });
    expect(parseYaml("b: '@handle'\n", 'doc.yaml').value).toEqual({ b: '@handle' });
    expect(parseYaml('b: "`cmd`"\n', 'doc.yaml').value).toEqual({ b: '`cmd`' });
  });

  it('a document larger than maxBytes is refused without a line', () => {
    const error = refuse('a: 12345\n', 'doc.yaml', { maxBytes: 4 });
    expect(error.line).toBeUndefined();
    expect(error.reason).toMatch(/4 bytes/);
  });

  it('deep nesting is refused at the line that goes past the limit', () => {
    let text = '';
    for (let i = 0; i < 100; i++) text += `${' '.repeat(i)}k:\n`;
    const error = refuse(text);
    expect(error.line).toBe(65);
    expect(error.reason).toMatch(/deeper/);
  });
});

describe('the lineOffset option', () => {
  it.each([
    ['an alias', 'a: 1\nb: *x\n', 2],
    ['a duplicate key', 'a: 1\nb: 2\na: 3\n', 3],
    ['a tab', '\ta: 1\n', 1],
    ['a control character', 'a: 1\nb: "\u0001"\n', 2],
    ['a parser error', 'a: 1\nb: a: c\n', 2],
    ['a block scalar', 'a: |\n  x\n', 1],
  ])('shifts the line of %s', (_name, text, line) => {
    expect(refuse(text, 'doc.md').line).toBe(line);
    expect(refuse(text, 'doc.md', { lineOffset: 1 }).line).toBe(line + 1);
    expect(refuse(text, 'doc.md', { lineOffset: 40 }).line).toBe(line + 40);
  });

  it('shifts the lines of an accepted document', () => {
    const doc = parseYaml('a: 1\nb:\n  c: 2\n', 'doc.md', { lineOffset: 5 });
    expect(doc.lines.get('a')).toBe(6);
    expect(doc.lines.get('b')).toBe(7);
    expect(doc.lines.get('b.c')).toBe(8);
  });
});

describe('parseYaml accepts the subset with YAML 1.2 core values', () => {
  it.each([
    ['2026-09-03T19:30:12Z', '2026-09-03T19:30:12Z'],
    ['2026-09-03', '2026-09-03'],
    ['yes', 'yes'],
    ['no', 'no'],
    ['NO', 'NO'],
    ['Yes', 'Yes'],
    ['on', 'on'],
    ['off', 'off'],
    ['y', 'y'],
    ['n', 'n'],
    ['0x1G', '0x1G'],
    ['1_000', '1_000'],
    ['12:30', '12:30'],
    ['010', 10],
    ['1', 1],
    ['-7', -7],
    ['1.5', 1.5],
    ['0x1f', 31],
    ['0o17', 15],
    ['true', true],
    ['false', false],
    ['True', true],
    ['~', null],
    ['null', null],
    ['', null],
    ['"1"', '1'],
    ["'true'", 'true'],
    ['"2026-09-03T19:30:12Z"', '2026-09-03T19:30:12Z'],
    ['plain words here', 'plain words here'],
    ['a:b', 'a:b'],
    ['x # a comment', 'x'],
  ] as const)('%j → %j', (source, expected) => {
    const doc = parseYaml(`v: ${source}\n`.replace('v: \n', 'v:\n'), 'doc.yaml');
    expect(doc.value).toEqual({ v: expected });
    expect(doc.value as Record<string, unknown>).toHaveProperty('v');
    const v = (doc.value as Record<string, unknown>).v;
    expect(v instanceof Date).toBe(false);
  });

  it('accepts flow sequences of scalars', () => {
    const doc = parseYaml('tags: [a, "b c", 1, true, ~]\nempty: []\n', 'doc.yaml');
    expect(doc.value).toEqual({ tags: ['a', 'b c', 1, true, null], empty: [] });
    expect(doc.lines.get('tags.1')).toBe(1);
    expect(doc.lines.get('empty')).toBe(2);
  });

  it('accepts %YAML 1.2 and a single leading ---', () => {
    expect(parseYaml('%YAML 1.2\n---\na: NO\n', 'doc.yaml').value).toEqual({ a: 'NO' });
    expect(parseYaml('---\na: 1\n', 'doc.yaml').value).toEqual({ a: 1 });
  });

  it('accepts CRLF line ends and comments', () => {
    const doc = parseYaml('# head\r\na: 1\r\nb:\r\n  - x # note\r\n', 'doc.yaml');
    expect(doc.value).toEqual({ a: 1, b: ['x'] });
    expect(doc.lines.get('b.0')).toBe(4);
  });

  it('an empty document is null', () => {
    expect(parseYaml('', 'doc.yaml').value).toBeNull();
    expect(parseYaml('# only a comment\n', 'doc.yaml').value).toBeNull();
  });

  it('records the line of every flattened key path', () => {
    const text = [
      'a: 1', //                1
      'b:', //                  2
      '  - x', //               3
      '  - z: 1', //            4
      '    w:', //              5
      '      - deep', //        6
      '  - - inner', //         7
      '    - 2', //             8
      'c:', //                  9
      '  d:', //               10
      '    e: "v"', //         11
      'f: [p, q]', //          12
      '',
    ].join('\n');
    const doc = parseYaml(text, 'doc.yaml');
    expect(doc.value).toEqual({
      a: 1,
      b: ['x', { z: 1, w: ['deep'] }, ['inner', 2]],
      c: { d: { e: 'v' } },
      f: ['p', 'q'],
    });
    const expected: Record<string, number> = {
      '': 1,
      a: 1,
      b: 2,
      'b.0': 3,
      'b.1': 4,
      'b.1.z': 4,
      'b.1.w': 5,
      'b.1.w.0': 6,
      'b.2': 7,
      'b.2.0': 7,
      'b.2.1': 8,
      c: 9,
      'c.d': 10,
      'c.d.e': 11,
      f: 12,
      'f.0': 12,
      'f.1': 12,
    };
    for (const [path, line] of Object.entries(expected)) expect([path, doc.lines.get(path)]).toEqual([path, line]);
  });

  it('a top-level sequence is allowed by the parser', () => {
    const doc = parseYaml('- a\n- b: 1\n', 'doc.yaml');
    expect(doc.value).toEqual(['a', { b: 1 }]);
    expect(doc.lines.get('1.b')).toBe(2);
  });
});

describe('hostile input never pollutes Object.prototype', () => {
  const HOSTILE = [
    '__proto__:\n  polluted: yes\n',
    '"__proto__":\n  polluted: yes\n',
    'a:\n  __proto__:\n    polluted: yes\n',
    'constructor:\n  prototype:\n    polluted: yes\n',
    'x:\n  constructor:\n    prototype:\n      polluted: yes\n',
    '<<:\n  polluted: yes\n',
    '- __proto__:\n    polluted: yes\n',
    '__proto__: {polluted: yes}\n',
    '? __proto__\n: {polluted: yes}\n',
    'a: &x\n  polluted: yes\n__proto__: *x\n',
    '__proto__: [polluted]\n',
  ];

  it.each(HOSTILE.map((text) => [JSON.stringify(text), text] as const))('%s', (_name, text) => {
    refuse(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an accepted document holding the word polluted leaves Object.prototype alone', () => {
    const doc = parseYaml('proto:\n  polluted: yes\nlist:\n  - polluted: 1\n', 'doc.yaml');
    expect(doc.value).toEqual({ proto: { polluted: 'yes' }, list: [{ polluted: 1 }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('readTextFile and readYamlFile', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'majordomus-yaml-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, content: string | Uint8Array): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('the default cap is 1 MiB', () => {
    expect(DEFAULT_MAX_BYTES).toBe(1024 * 1024);
  });

  it('a file of exactly 1 MiB + 1 B is refused by its size, without being read or parsed', () => {
    // Invalid UTF-8 and invalid YAML throughout: any read or parse would give another reason.
    const path = file('big.yaml', Buffer.alloc(1024 * 1024 + 1, 0xff));
    for (const read of [() => readYamlFile(path, 'big.yaml'), () => readTextFile(path, 'big.yaml')]) {
      const error = refusedBy(read);
      expect(error.file).toBe('big.yaml');
      expect(error.line).toBeUndefined();
      expect(error.exitCode).toBe(2);
      expect(error.reason).toMatch(/1048577 bytes/);
      expect(error.reason).toMatch(/1048576/);
      expect(error.reason).not.toMatch(/UTF-8/);
    }
  });

  it('a file of exactly 1 MiB is read', () => {
    const head = 'a: "';
    const tail = '"\n';
    const text = head + 'x'.repeat(1024 * 1024 - head.length - tail.length) + tail;
    expect(Buffer.byteLength(text)).toBe(1024 * 1024);
    const path = file('exact.yaml', text);
    const doc = readYamlFile(path, 'exact.yaml');
    expect((doc.value as { a: string }).a.length).toBe(1024 * 1024 - 6);
  });

  it('a smaller cap given as maxBytes is honoured', () => {
    const path = file('small.yaml', 'a: 1234567890\n');
    const error = refusedBy(() => readYamlFile(path, 'small.yaml', { maxBytes: 10 }));
    expect(error.reason).toMatch(/14 bytes/);
    expect(readYamlFile(path, 'small.yaml', { maxBytes: 14 }).value).toEqual({ a: 1234567890 });
  });

  it.each([
    ['a lone 0xff byte', Buffer.from([...Buffer.from('a: 1\nb: '), 0xff, 0x0a]), 8],
    ['a truncated two-byte sequence at the end', Buffer.from([...Buffer.from('a: '), 0xc3]), 3],
    ['an overlong encoding of /', Buffer.from([...Buffer.from('ab: '), 0xc0, 0xaf, 0x0a]), 4],
    ['an encoded surrogate', Buffer.from([...Buffer.from('a: x'), 0xed, 0xa0, 0x80]), 4],
    ['a continuation byte with no lead', Buffer.from([...Buffer.from('a: é'), 0x80]), 5],
    ['a truncated sequence before a newline', Buffer.from([...Buffer.from('a: 1\nb: '), 0xe2, 0x82, 0x0a]), 8],
    ['a four-byte lead past U+10FFFF', Buffer.from([...Buffer.from('a: '), 0xf5, 0x80, 0x80, 0x80]), 3],
  ])('invalid UTF-8 (%s) is refused with the byte offset', (_name, bytes, offset) => {
    const path = file('bad-utf8.yaml', bytes);
    for (const read of [() => readYamlFile(path, 'bad.yaml'), () => readTextFile(path, 'bad.yaml')]) {
      const error = refusedBy(read);
      expect(error.file).toBe('bad.yaml');
      expect(error.reason).toMatch(/UTF-8/);
      expect(error.reason).toContain(`offset ${offset}`);
    }
  });

  it('a 1 MiB file whose last byte is invalid is refused with that offset (in one linear pass)', () => {
    const bytes = Buffer.alloc(1024 * 1024, 0x61);
    bytes[bytes.length - 1] = 0xff;
    const path = file('late-bad-byte.yaml', bytes);
    const error = refusedBy(() => readYamlFile(path, 'late.yaml'));
    expect(error.reason).toContain(`offset ${1024 * 1024 - 1}`);
  });

  it('a missing file is refused', () => {
    const path = join(dir, 'does-not-exist.yaml');
    for (const read of [() => readYamlFile(path, 'missing.yaml'), () => readTextFile(path, 'missing.yaml')]) {
      const error = refusedBy(read);
      expect(error.file).toBe('missing.yaml');
      expect(error.reason).toMatch(/no such file/);
    }
  });

  it('a directory is refused, not thrown as a system error', () => {
    const error = refusedBy(() => readYamlFile(dir, 'a-directory'));
    expect(error.file).toBe('a-directory');
  });

  it('a byte order mark is tolerated and does not shift lines', () => {
    const path = file('bom.yaml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a: 1\nb:\n  - x\n')]));
    expect(readTextFile(path, 'bom.yaml')).toBe('a: 1\nb:\n  - x\n');
    const doc = readYamlFile(path, 'bom.yaml');
    expect(doc.value).toEqual({ a: 1, b: ['x'] });
    expect(doc.lines.get('a')).toBe(1);
    expect(doc.lines.get('b.0')).toBe(3);
  });

  it('a refusal inside a file names the display path and the line', () => {
    const path = file('dup.yaml', 'a: 1\nb: 2\na: 3\n');
    const error = refusedBy(() => readYamlFile(path, '.ai/dup.yaml'));
    expect(error.file).toBe('.ai/dup.yaml');
    expect(error.line).toBe(3);
  });

  it('multi-byte UTF-8 text is read intact', () => {
    const path = file('utf8.yaml', 'name: "Zoë — 日本語 🚀"\n');
    expect(readYamlFile(path, 'utf8.yaml').value).toEqual({ name: 'Zoë — 日本語 🚀' });
  });
});
