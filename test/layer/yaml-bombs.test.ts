/**
 * RELIABILITY.md's resource bombs, one after another in ONE process (this one file; its tests run in
 * order). Each is refused with a DocumentError — except the 50,000 distinct keys, which must parse —
 * and an ordinary document still parses after each. A second deep parse once aborted Node (exit 134):
 * this file completing is the proof that the process survives all of them. No wall-clock assertions.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentError } from '../../engine/io/document-error';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { parseYaml, readYamlFile } from '../../engine/layer/yaml';
import { expectRefusal } from '../helpers/refusal';
import { billionLaughs, blockMappings, blockSequences } from '../helpers/yaml-bombs';

const refused = (fn: () => unknown): DocumentError => expectRefusal(fn, { accepted: 'the bomb was accepted' });

function bomb(text: string, file = 'bomb.yaml'): DocumentError {
  const error = refused(() => parseYaml(text, file));
  expect(error.file).toBe(file);
  return error;
}

/** The parser still serves an ordinary document after a bomb. */
function stillWorks(): void {
  expect(parseYaml('name: ok\nlist:\n  - 1\n  - "two"\n', 'ok.yaml').value).toEqual({ name: 'ok', list: [1, 'two'] });
}

function keysAndSequences(depth: number): string {
  // k:\n- k:\n  - k:\n    - …  (a mapping and a sequence per line, at the same indentation as the key)
  let text = 'k:\n';
  for (let i = 0; i < depth; i++) text += `${' '.repeat(i * 2)}- k:\n`;
  return text;
}

/** Lines of compact `- - - … a:` items, each line nested under the previous one. */
function compactLines(perLine: number, lines: number): string {
  let text = '';
  let indent = 0;
  for (let k = 0; k < lines; k++) {
    text += `${' '.repeat(indent)}${'- '.repeat(perLine)}a:\n`;
    indent += perLine * 2 + 2;
  }
  return `${text}${' '.repeat(indent)}x\n`;
}

describe('resource bombs in one process, one after another', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'majordomus-bombs-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a ~0.7 KB billion-laughs alias document is refused', () => {
    const text = billionLaughs();
    expect(text.length).toBeGreaterThan(500);
    expect(text.length).toBeLessThan(1000);
    const error = bomb(text);
    expect(error.line).toBe(1);
    stillWorks();
  });

  it('the billion laughs with aliases only (anchors hidden past the first line) is refused', () => {
    const text =
      'x: 1\n' +
      'abcdefgh'
        .split('')
        .map((n) => `${n}: [*a,*a,*a,*a,*a,*a,*a,*a,*a]`)
        .join('\n') +
      '\n';
    const error = bomb(text);
    expect(error.line).toBe(2);
    expect(error.reason).toMatch(/alias/);
    stillWorks();
  });

  it('a self-referencing &a [*a] is refused', () => {
    bomb('&a [*a]\n');
    bomb('loop: &a [*a]\n');
    bomb('loop: &a\n  - *a\n');
    stillWorks();
  });

  it('two 1,000-deep block-nested mappings in a row are both refused', () => {
    for (let round = 0; round < 2; round++) {
      const error = bomb(blockMappings(1000));
      expect(error.reason).toMatch(/deeper/);
      expect(error.line).toBe(65);
    }
    stillWorks();
  });

  it('two 1,000-deep block-nested sequences in a row are both refused', () => {
    for (let round = 0; round < 2; round++) expect(bomb(blockSequences(1000)).reason).toMatch(/deeper/);
    stillWorks();
  });

  it('two 1,000-deep key/sequence alternations in a row are both refused', () => {
    for (let round = 0; round < 2; round++) expect(bomb(keysAndSequences(1000)).reason).toMatch(/deeper/);
    stillWorks();
  });

  it('two 1,000-deep [[[…]]] documents in a row are both refused', () => {
    const text = `${'['.repeat(1000)}x${']'.repeat(1000)}\n`;
    for (let round = 0; round < 2; round++) {
      const error = bomb(text);
      expect(error.line).toBe(1);
    }
    bomb(`a: 1\nb: ${'['.repeat(1000)}${']'.repeat(1000)}\n`);
    bomb(`${'['.repeat(1000)}\n`);
    stillWorks();
  });

  it('two 1,000-deep {{{…}}} documents in a row are both refused', () => {
    const text = `${'{a: '.repeat(1000)}x${'}'.repeat(1000)}\n`;
    for (let round = 0; round < 2; round++) bomb(text);
    stillWorks();
  });

  it('two 1,000-deep `- - - … x` documents in a row are both refused', () => {
    const text = `${'- '.repeat(1000)}x\n`;
    for (let round = 0; round < 2; round++) {
      const error = bomb(text);
      expect(error.line).toBe(1);
      expect(error.reason).toMatch(/deeper/);
    }
    stillWorks();
  });

  it('compact `- - - a:` lines nested line under line (~1,000 deep) are refused, twice', () => {
    // 30 lines of 32 compact items: once counted as 61 levels and handed to the composer.
    for (let round = 0; round < 2; round++) expect(bomb(compactLines(32, 30)).reason).toMatch(/deeper/);
    for (let round = 0; round < 2; round++) expect(bomb(compactLines(20, 20)).reason).toMatch(/deeper/);
    stillWorks();
  });

  it('a 1,000-deep document as front matter is refused, twice', () => {
    for (let round = 0; round < 2; round++) {
      const error = refused(() => parseFrontMatter(`---\n${blockMappings(1000)}---\nbody\n`, 'deep.md'));
      expect(error.file).toBe('deep.md');
      expect(error.line).toBe(66);
    }
    stillWorks();
  });

  it('50,000 distinct keys parse', () => {
    let text = '';
    for (let i = 0; i < 50_000; i++) text += `key${i}: ${i}\n`;
    const doc = parseYaml(text, 'wide.yaml');
    const value = doc.value as Record<string, number>;
    expect(Object.keys(value)).toHaveLength(50_000);
    expect(value.key49999).toBe(49_999);
    expect(doc.lines.get('key49999')).toBe(50_000);
    stillWorks();
  });

  it('50,000 keys with one duplicate at the end are refused at its line', () => {
    let text = '';
    for (let i = 0; i < 50_000; i++) text += `key${i}: ${i}\n`;
    text += 'key0: again\n';
    const error = bomb(text);
    expect(error.line).toBe(50_001);
    expect(error.reason).toMatch(/duplicate/);
    stillWorks();
  });

  it('a 1 MiB + 1 B file is refused by readYamlFile without parsing', () => {
    const path = join(dir, 'huge.yaml');
    // Valid YAML all the way (a bomb of aliases would be refused by the parser, too): only the size refuses it.
    const line = 'k: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"\n';
    let text = `${'#'.repeat(1024 * 1024 + 1 - line.length - 1)}\n${line}`;
    text = text.slice(0, 1024 * 1024 + 1);
    writeFileSync(path, text);
    const error = refused(() => readYamlFile(path, 'huge.yaml'));
    expect(error.file).toBe('huge.yaml');
    expect(error.reason).toMatch(/1048577 bytes/);
    stillWorks();
  });

  it('a 1 MiB + 1 B string is refused by parseYaml by its size', () => {
    const error = bomb(`a: "${'x'.repeat(1024 * 1024)}"\n`);
    expect(error.line).toBeUndefined();
    stillWorks();
  });

  it('after every bomb the process is alive and Object.prototype is clean', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    stillWorks();
  });
});
