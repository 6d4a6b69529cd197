/**
 * The fast path may only accept what the full parser accepts, with the same value and the same lines.
 * Differential tests: the shipped and upstream documents, and 1,000+ generated documents per property.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../engine/io/document-error';
import { parseYaml, parseYamlFull } from '../../engine/layer/yaml';
import { parseYamlFast, resolvePlain } from '../../engine/layer/yaml-fast';
import { ROOT } from '../helpers/repo';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

function full(text: string): { value: unknown; lines: [string, number][] } | 'refused' {
  try {
    const doc = parseYamlFull(text, 'x.yaml');
    return { value: doc.value, lines: [...doc.lines].sort() };
  } catch (error) {
    if (error instanceof DocumentError) return 'refused';
    throw error;
  }
}

/** When the fast path answers, the full parser gives the same answer. */
function agree(text: string): boolean {
  const fast = parseYamlFast(text, 0);
  if (fast === undefined) return true;
  const slow = full(text);
  expect(slow).not.toBe('refused');
  expect(fast.value).toStrictEqual((slow as { value: unknown }).value);
  expect([...fast.lines].sort()).toStrictEqual((slow as { lines: unknown }).lines);
  return true;
}

function frontMatterOf(text: string): string | undefined {
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---', 3);
  return end === -1 ? undefined : text.slice(3, end + 1);
}

describe('the fast path agrees with the full parser', () => {
  const files = execFileSync('git', ['ls-files', '-z', '--', 'share', 'rules', '.ai'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.md'))
    .map((f) => `${ROOT}/${f}`);

  it('on every shipped document, and every shipped one takes the fast path', () => {
    const slowShipped: string[] = [];
    for (const file of files) {
      const text = documentOf(file);
      if (text === undefined) continue;
      agree(text);
      // rule test cases are fixtures, some of them broken on purpose
      const fixture = /\/tests\/[^/]+\/(valid|invalid)\//.test(file);
      if (!fixture && parseYamlFast(text, 0) === undefined) slowShipped.push(file);
    }
    // start-up is the product: what the distribution ships must never fall back to the slow parser
    expect(slowShipped).toStrictEqual([]);
  });

  const key = fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/);
  const plain = fc.oneof(
    fc.constantFrom(
      'true',
      'False',
      'null',
      '~',
      '0o17',
      '0x1F',
      '007',
      '-5',
      '+3',
      '1.5',
      '.5',
      '1e3',
      '.inf',
      '-.Inf',
      '.nan',
      'yes',
      'NO',
      '2026-09-03T19:30:12Z',
      '--check',
      'a:b',
      'a #b',
      'a#b',
      'x y',
      '15m',
      '1_000',
    ),
    fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9 ._:/@-]{0,12}$/),
  );
  const quoted = fc.oneof(
    fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
    fc.string({ maxLength: 12 }).map((s) => `'${s.replace(/'/g, "''")}'`),
  );
  const scalar = fc.oneof(plain, quoted);
  const flow = fc.array(fc.oneof(plain, quoted), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`);
  const comment = fc.constantFrom('', '', ' # note', '  #x');

  type Doc = { lines: string[] };
  const node: fc.Memo<Doc> = fc.memo((depth) => {
    const leaf = fc.tuple(fc.oneof(scalar, flow), comment).map(([v, c]) => ({ lines: [`${v}${c}`] }));
    if (depth <= 1) return leaf;
    const mapping = fc
      .array(fc.tuple(key, fc.oneof(leaf, node(depth - 1)), fc.constantFrom(2, 4)), { minLength: 1, maxLength: 4 })
      .map((entries) => ({
        lines: entries.flatMap(([k, v, indent]) =>
          v.lines.length === 1 && !v.lines[0]!.includes(': ') && !v.lines[0]!.startsWith('- ')
            ? [`${k}: ${v.lines[0]}`]
            : [`${k}:`, ...v.lines.map((l) => `${' '.repeat(indent)}${l}`)],
        ),
      }));
    const sequence = fc.array(fc.oneof(leaf, node(depth - 1)), { minLength: 1, maxLength: 4 }).map((items) => ({
      lines: items.flatMap((item) => [`- ${item.lines[0]}`, ...item.lines.slice(1).map((l) => `  ${l}`)]),
    }));
    return fc.oneof(mapping, sequence);
  });

  it('on generated block documents (fast path taken and agreeing)', () => {
    let taken = 0;
    fc.assert(
      fc.property(node(4), (doc) => {
        const text = `${doc.lines.join('\n')}\n`;
        if (parseYamlFast(text, 0) !== undefined) taken++;
        return agree(text);
      }),
      { numRuns: 1000 },
    );
    expect(taken).toBeGreaterThan(200);
  });

  it('on fragment soup', () => {
    const fragment = fc.constantFrom(
      'a: ',
      'b:',
      '- ',
      '  ',
      '    ',
      '\n',
      '#',
      ' #',
      "'",
      '"',
      '[',
      ']',
      ', ',
      'x',
      '1',
      'true',
      ':',
      '-',
      '--',
      '\\',
      '\\n',
      'é',
      '—',
      '\r\n',
      '{',
      '&',
      '*',
      '!',
      '|',
      '>',
      '%',
      '@',
      '?',
      '---',
      '...',
      '~',
      '0x',
      '+',
      '\t',
      '\u2028',
      '\ufeff',
      '<<',
      '__proto__',
      'null',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => agree(parts.join(''))),
      { numRuns: 2000 },
    );
  });

  it('parseYaml answers exactly as the full parser does, refusals included', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const slow = full(text);
        let fast: unknown;
        try {
          const doc = parseYaml(text, 'x.yaml');
          fast = { value: doc.value, lines: [...doc.lines].sort() };
        } catch (error) {
          if (!(error instanceof DocumentError)) throw error;
          fast = 'refused';
        }
        expect(fast).toStrictEqual(slow);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('resolvePlain follows the YAML 1.2 core schema', () => {
  it.each([
    ['~', null],
    ['', null],
    ['Null', null],
    ['TRUE', true],
    ['false', false],
    ['yes', 'yes'],
    ['0o17', 15],
    ['0x1F', 31],
    ['-12', -12],
    ['007', 7],
    ['1.50', 1.5],
    ['1e3', 1000],
    ['-.inf', -Infinity],
    ['2026-09-03T19:30:12Z', '2026-09-03T19:30:12Z'],
  ])('%j → %j', (input, expected) => {
    expect(resolvePlain(input)).toStrictEqual(expected);
  });
});

describeUpstream('the fast path agrees with the full parser on the upstream corpus', () => {
  it('on every upstream document', () => {
    const upstream = execFileSync('find', [UPSTREAM, '-name', '*.yaml', '-o', '-name', '*.md'], { encoding: 'utf8' }).trim().split('\n');
    expect(upstream.length).toBeGreaterThan(50);
    for (const file of upstream) {
      const text = documentOf(file);
      if (text !== undefined) agree(text);
    }
  });
});

/** The YAML of a file: the whole of a `.yaml`, the front matter of a `.md`. */
function documentOf(file: string): string | undefined {
  const raw = readFileSync(file, 'utf8');
  return file.endsWith('.md') ? frontMatterOf(raw) : raw;
}
