/**
 * Front matter (RELIABILITY.md "YAML and front matter"): only an opening line of exactly `---` is read;
 * executable front matter is refused and never evaluated; the YAML inside goes through the one
 * parser and reports file lines.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentError } from '../../engine/io/document-error';
import { parseFrontMatter, readFrontMatterFile } from '../../engine/layer/front-matter';
import { expectRefusal } from '../helpers/refusal';

const refusedBy = (fn: () => unknown): DocumentError => expectRefusal(fn, { explains: ['fix'] });

function refuse(text: string, file = 'doc.md'): DocumentError {
  const error = refusedBy(() => parseFrontMatter(text, file));
  expect(error.file).toBe(file);
  return error;
}

let dir: string;
let marker: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'majordomus-front-matter-'));
  marker = join(dir, 'marker');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  rmSync(marker, { force: true });
});

/** Bodies that create the marker file if anything evaluates them. */
function payloads(): Record<string, string> {
  const path = JSON.stringify(marker);
  return {
    'a bare expression': `require('fs').writeFileSync(${path}, 'x')`,
    'an immediately invoked function': `(function () { require('fs').writeFileSync(${path}, 'x'); return { title: 'x' }; })()`,
    'an object literal with a side effect': `{ title: require('fs').writeFileSync(${path}, 'x') || 'x' }`,
    'a statement list': `var fs = require('fs'); fs.writeFileSync(${path}, 'x'); module.exports = {};`,
    'process.mainModule': `process.mainModule && process.mainModule.require('fs').writeFileSync(${path}, 'x')`,
  };
}

const OPENINGS = ['---js', '---javascript', '---JS', '--- js', '---Javascript', '---coffee', '---coffeescript', '---yaml', '---json'];

describe('executable front matter is refused, never evaluated', () => {
  it('control: the payload really creates the marker when something evaluates it (so the marker test means something)', () => {
    const require = createRequire(import.meta.url);
    // what an evaluating front-matter engine does with the block: run it as code
    new Function('require', `return ${payloads()['an immediately invoked function']}`)(require);
    expect(existsSync(marker)).toBe(true);
  });

  const cases = OPENINGS.flatMap((opening) => Object.keys(payloads()).map((payload) => [opening, payload] as const));

  it.each(cases)('%s with %s', (opening, payloadName) => {
    const text = `${opening}\ntitle: x\n${payloads()[payloadName]}\n---\n# body\n`;
    const path = join(dir, 'executable.md');
    writeFileSync(path, text);
    const before = readFileSync(path);

    const fromFile = refusedBy(() => readFrontMatterFile(path, 'docs/executable.md'));
    expect(fromFile.file).toBe('docs/executable.md');
    expect(fromFile.line).toBe(1);
    expect(fromFile.reason).toMatch(/executable|only YAML/);

    const fromText = refuse(text, 'docs/executable.md');
    expect(fromText.line).toBe(1);

    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it.each(OPENINGS)('%s on a single line with no newline is refused', (opening) => {
    expect(refuse(opening).line).toBe(1);
    expect(existsSync(marker)).toBe(false);
  });

  it('an opening with trailing spaces or an extra dash is refused at line 1', () => {
    for (const opening of ['--- ', '---\t', '----', '--- yaml', '---\u0000']) {
      expect(refuse(`${opening}\na: 1\n---\nbody\n`).line).toBe(1);
    }
  });
});

describe('the front matter structure', () => {
  it('no front matter is refused at line 1', () => {
    for (const text of ['# Title\n\ntext\n', '', '\n---\na: 1\n---\n', ' ---\na: 1\n---\n', 'a: 1\n', '\ufeff---\na: 1\n---\n']) {
      const error = refuse(text);
      expect(error.line).toBe(1);
      expect(error.reason).toMatch(/no front matter/);
    }
  });

  it('a front matter never closed is refused', () => {
    for (const text of ['---\na: 1\nb: 2\n', '---\na: 1', '---\n', '---']) {
      const error = refuse(text);
      expect(error.line).toBe(1);
      expect(error.reason).toMatch(/never closed/);
    }
  });

  it('a closing line that is not exactly --- is refused at that line', () => {
    for (const closing of ['---x', '---js', '----', '--- ', '---\t', '--- # end']) {
      const error = refuse(`---\na: 1\nb: 2\n${closing}\nbody\n`);
      expect(error.line).toBe(4);
      expect(error.reason).toMatch(/closes with/);
    }
  });

  it('a front matter that is a list is refused', () => {
    const error = refuse('---\n- a\n- b\n---\nbody\n');
    expect(error.line).toBe(2);
    expect(error.reason).toMatch(/mapping/);
  });

  it('a front matter that is a scalar, empty or only comments is refused', () => {
    for (const text of ['---\njust text\n---\n', '---\n---\nbody\n', '---\n# a comment\n---\nbody\n', '---\n\n\n---\n', '---\n~\n---\n']) {
      const error = refuse(text);
      expect(error.line).toBe(2);
      expect(error.reason).toMatch(/mapping/);
    }
  });

  it('returns the data, the body and the line the body starts at', () => {
    const text = '---\ntitle: "A title"\ntags:\n  - x\n  - y\n---\n# Heading\n\ntext\n';
    const doc = parseFrontMatter(text, 'doc.md');
    expect(doc.data.value).toEqual({ title: 'A title', tags: ['x', 'y'] });
    expect(doc.body).toBe('# Heading\n\ntext\n');
    expect(doc.bodyLine).toBe(7);
    expect(text.split('\n')[doc.bodyLine - 1]).toBe('# Heading');
  });

  it('the lines of the keys are file lines (front matter starts on line 2)', () => {
    const doc = parseFrontMatter('---\na: 1\nb:\n  - x\n  - c: 2\n---\n', 'doc.md');
    expect(doc.data.lines.get('a')).toBe(2);
    expect(doc.data.lines.get('b')).toBe(3);
    expect(doc.data.lines.get('b.0')).toBe(4);
    expect(doc.data.lines.get('b.1.c')).toBe(5);
  });

  it('a body holding --- lines is kept whole', () => {
    const doc = parseFrontMatter('---\na: 1\n---\nx\n---\ny\n---js\n', 'doc.md');
    expect(doc.body).toBe('x\n---\ny\n---js\n');
    expect(doc.bodyLine).toBe(4);
  });

  it('an empty body', () => {
    const doc = parseFrontMatter('---\na: 1\n---\n', 'doc.md');
    expect(doc.body).toBe('');
    expect(doc.bodyLine).toBe(4);
    expect(parseFrontMatter('---\na: 1\n---', 'doc.md').body).toBe('');
  });

  it('CRLF line ends parse the same as LF', () => {
    const lf = parseFrontMatter('---\na: 1\nb:\n  - x\n---\nbody\n', 'doc.md');
    const crlf = parseFrontMatter('---\r\na: 1\r\nb:\r\n  - x\r\n---\r\nbody\r\n', 'doc.md');
    expect(crlf.data.value).toEqual(lf.data.value);
    expect(crlf.bodyLine).toBe(lf.bodyLine);
    expect(crlf.body).toBe('body\r\n');
    expect(crlf.data.lines.get('b.0')).toBe(4);
  });

  it('values follow YAML 1.2 core, not gray-matter’s js-yaml', () => {
    const doc = parseFrontMatter('---\ndate: 2026-09-03\nstamp: 2026-09-03T19:30:12Z\nok: yes\nno: NO\nn: 1\n---\n', 'doc.md');
    expect(doc.data.value).toEqual({ date: '2026-09-03', stamp: '2026-09-03T19:30:12Z', ok: 'yes', no: 'NO', n: 1 });
  });

  it('each call returns its own objects (no gray-matter cache shared between calls)', () => {
    const text = '---\nlist:\n  - a\n---\nbody\n';
    const first = parseFrontMatter(text, 'doc.md');
    (first.data.value as { list: string[] }).list.push('mutated');
    const second = parseFrontMatter(text, 'doc.md');
    expect(second.data.value).toEqual({ list: ['a'] });
  });
});

describe('a YAML refusal inside front matter reports the file line', () => {
  it.each([
    ['an alias', '---\na: 1\nb: *x\n---\n', 3, /alias/],
    ['an anchor', '---\na: 1\nb: 2\nc: &x 3\n---\n', 4, /anchor/],
    ['a duplicate key', '---\na: 1\na: 2\n---\nbody\n', 3, /duplicate/],
    ['a tab', '---\na:\n\tb: 1\n---\n', 3, /tab/],
    ['a tag', '---\na: 1\nb: !!js/function "x"\n---\n', 3, /tag/],
    ['a flow mapping', '---\na: 1\nb: 2\nc: {d: 1}\n---\n', 4, /flow mapping/],
    ['a block scalar', '---\na: |\n  x\n---\n', 2, /block scalar/],
    ['an unquoted ": "', '---\ntitle: x\ndescription: a: b\n---\n', 3, undefined],
    ['a plain scalar starting with @', '---\na: 1\nb: 2\nc: @x\n---\n', 4, undefined],
    ['the key __proto__', '---\na: 1\n__proto__:\n  polluted: yes\n---\n', 3, /__proto__/],
    ['the merge key <<', '---\na: 1\n<<: x\n---\n', 3, /<</],
    ['a control character', '---\na: 1\nb: "\u0001"\n---\n', 3, /control/],
    ['a directive', '---\n%YAML 1.1\na: 1\n---\n', 2, undefined],
    ['a document end marker', '---\na: 1\n...\n---\n', 3, /\.\.\./],
    ['deep nesting', `---\n${Array.from({ length: 80 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')}\n---\n`, 66, /deeper/],
  ] as const)('%s', (_name, text, line, reason) => {
    const error = refuse(text, 'notes/doc.md');
    expect(error.line).toBe(line);
    if (reason) expect(error.reason).toMatch(reason);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the same, through readFrontMatterFile on a real file', () => {
    const path = join(dir, 'bad.md');
    writeFileSync(path, '---\ntitle: x\nb: 2\nb: 3\n---\nbody\n');
    const error = refusedBy(() => readFrontMatterFile(path, 'notes/bad.md'));
    expect(error.file).toBe('notes/bad.md');
    expect(error.line).toBe(4);
  });
});

describe('readFrontMatterFile', () => {
  it('reads a file with a byte order mark', () => {
    const path = join(dir, 'bom.md');
    writeFileSync(path, '\ufeff---\na: 1\n---\nbody\n');
    const doc = readFrontMatterFile(path, 'bom.md');
    expect(doc.data.value).toEqual({ a: 1 });
    expect(doc.body).toBe('body\n');
  });

  it('refuses a missing file, invalid UTF-8 and a file over 1 MiB', () => {
    expect(refusedBy(() => readFrontMatterFile(join(dir, 'missing.md'), 'missing.md')).reason).toMatch(/no such file/);

    const bad = join(dir, 'bad-utf8.md');
    writeFileSync(bad, Buffer.from([...Buffer.from('---\na: '), 0xff, ...Buffer.from('\n---\n')]));
    expect(refusedBy(() => readFrontMatterFile(bad, 'bad-utf8.md')).reason).toMatch(/offset 7/);

    const big = join(dir, 'big.md');
    writeFileSync(big, `---\na: 1\n---\n${'x'.repeat(1024 * 1024)}`);
    const error = refusedBy(() => readFrontMatterFile(big, 'big.md'));
    expect(error.line).toBeUndefined();
    expect(error.reason).toMatch(/bytes/);
  });
});
