/**
 * Documents parsed ahead (engine/layer/yaml-ahead.ts): the build's table serves only byte-identical
 * shipped documents, exactly as the parser reads them, and a table that is missing, foreign or cut short
 * changes nothing but speed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYaml } from '../../engine/layer/yaml';
import {
  PARSED_AHEAD_FORMAT,
  parsedAheadFile,
  parsedAheadKey,
  readParsedAhead,
  soundFilesKey,
  soundRuleKey,
  survivesJson,
} from '../../engine/layer/yaml-ahead';
import { loadRuleText } from '../../engine/ruleset/load';
import { parsedYamlTable, shippedSoundFiles, shippedSoundRules, shippedYamlTexts } from '../../tools/parsed-yaml';
import { schemaFileTexts, schemaProblems } from '../../validators/schema_integrity';
import { CLI, cleanEnv, parseFindings, ROOT } from '../helpers/repo';

const BUILT = join(ROOT, 'dist/parsed-yaml.txt');
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('the table of documents parsed ahead', () => {
  it('holds every shipped document the parser accepts, each exactly as the parser reads it', () => {
    const texts = shippedYamlTexts(ROOT);
    // the vendored pack's rules and manifest, and the skeleton init copies
    expect(texts.length).toBeGreaterThan(60);
    const table = readParsedAhead(BUILT);
    const served = new Set<string>();
    for (const { text, lineOffset } of texts) {
      const entry = table.get(parsedAheadKey(text, lineOffset));
      let parsed: ReturnType<typeof parseYaml> | undefined;
      try {
        parsed = parseYaml(text, 'shipped', { lineOffset });
      } catch {
        // a rule's test case that is meant to be refused
      }
      if (parsed === undefined || !survivesJson(parsed.value)) {
        expect(entry).toBeUndefined();
        continue;
      }
      served.add(parsedAheadKey(text, lineOffset));
      expect(JSON.parse(entry!)).toStrictEqual({ value: parsed.value, lines: [...parsed.lines] });
    }
    const sound = shippedSoundRules(ROOT).map(soundRuleKey);
    expect(served.size + sound.length + shippedSoundFiles(ROOT).length).toBe(table.size);
    expect(served.size).toBeGreaterThan(60);
  });

  it('names every shipped rule file the loader takes as a vendored rule without a problem, and no other', () => {
    const table = readParsedAhead(BUILT);
    let sound = 0;
    for (const file of readdirSync(join(ROOT, 'rules'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.md')) continue;
      const text = readFileSync(join(ROOT, 'rules', file), 'utf8');
      const loaded = loadRuleText(text, `.ai/repo/rules/vendor/x/${file}`, { origin: 'vendor', vendor: 'x' });
      expect(table.get(soundRuleKey(text)) !== undefined, file).toBe(!Array.isArray(loaded));
      if (!Array.isArray(loaded)) sound++;
    }
    // the baseline's rules and the other packs' (a rule's invalid test cases are refused, and not named)
    expect(sound).toBeGreaterThan(40);
    // a byte changed is another text, checked in full
    const [first] = shippedSoundRules(ROOT);
    expect(table.get(soundRuleKey(`${first} `))).toBeUndefined();
  });

  it('names the package’s schemas and allow-lists as one set, when the schema check finds them in agreement', () => {
    const table = readParsedAhead(BUILT);
    const distribution = {
      kind: (path: string) =>
        readdirSync(join(ROOT, path, '..')).includes(path.split('/').pop()!) ? ('file' as const) : ('absent' as const),
      list: (dir: string) => readdirSync(join(ROOT, dir)).map((name) => ({ name, directory: false })),
      read: (path: string) => readFileSync(join(ROOT, path), 'utf8'),
    };
    expect(schemaProblems(distribution).problems).toStrictEqual([]);
    const files = schemaFileTexts(distribution)!;
    // every schema and every allow-list, in the order the check reads them
    expect(files.filter(([path]) => path.startsWith('share/schemas/')).length).toBeGreaterThan(15);
    expect(files.filter(([path]) => path.startsWith('share/allow/')).length).toBeGreaterThan(15);
    expect(table.get(soundFilesKey(files))).toBe('{"files":"sound"}');
    // one byte changed, one file left out, or a file renamed is another set, checked in full
    const [[firstPath, firstText], ...rest] = files;
    expect(table.get(soundFilesKey([[firstPath!, `${firstText} `], ...rest]))).toBeUndefined();
    expect(table.get(soundFilesKey(rest))).toBeUndefined();
    expect(table.get(soundFilesKey([[`${firstPath}x`, firstText!], ...rest]))).toBeUndefined();
    // a path's end and a text's start are told apart
    expect(soundFilesKey([['a', 'bc']])).not.toBe(soundFilesKey([['ab', 'c']]));
  });

  it('is what the build writes from these sources', () => {
    expect(readFileSync(BUILT, 'utf8')).toBe(parsedYamlTable(ROOT));
  });

  it('keys a document by its exact characters and line offset', () => {
    const text = 'id: a\nlist: [1, 2]\n';
    expect(parsedAheadKey(text, 0)).toBe(parsedAheadKey(text, 0));
    expect(parsedAheadKey(text, 1)).not.toBe(parsedAheadKey(text, 0));
    expect(parsedAheadKey(`${text} `, 0)).not.toBe(parsedAheadKey(text, 0));
    expect(parsedAheadKey('id: é\n', 0)).not.toBe(parsedAheadKey('id: e\u0301\n', 0));
  });

  it('keeps only documents JSON gives back unchanged', () => {
    expect(survivesJson({ a: [1, 'x', true, null, { b: 2.5 }] })).toBe(true);
    for (const value of [-0, Number.POSITIVE_INFINITY, Number.NaN, new Date(0), { ['__proto__']: 1 }, Object.create(null)])
      expect(survivesJson(Object.defineProperty({}, 'k', { value, enumerable: true }))).toBe(false);
    expect(survivesJson(JSON.parse('{"__proto__": {"polluted": true}}'))).toBe(false);
    const file = parsedAheadFile(
      [
        { text: 'a: 1\n', lineOffset: 0 },
        { text: 'a: -0.0\n', lineOffset: 0 },
        { text: 'a: .inf\n', lineOffset: 0 },
        { text: 'a: [unclosed\n', lineOffset: 0 },
      ],
      (text, lineOffset) => parseYaml(text, 'x.yaml', { lineOffset }),
    );
    const table = readParsedAhead(writeScratch(file));
    expect([...table.keys()]).toStrictEqual([parsedAheadKey('a: 1\n', 0)]);
  });

  it('reads anything but a table of its format as an empty table', () => {
    const key = parsedAheadKey('a: 1\n', 0);
    expect(readParsedAhead(join(ROOT, 'no-such-file')).size).toBe(0);
    expect(readParsedAhead(writeScratch(`another format\n${key} {"value":{"a":1},"lines":[]}\n`)).size).toBe(0);
    const mixed = readParsedAhead(writeScratch(`${PARSED_AHEAD_FORMAT}\nnot a key {}\n${key} {"value":{"a":1},"lines":[["",1]]}\n\n`));
    expect([...mixed.keys()]).toStrictEqual([key]);
  });
});

describe('a run with the table', () => {
  /** A copy of the built package whose table file holds `table`; its executable. */
  function packageWith(table: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'majordomus-parsed-'));
    scratch.push(dir);
    for (const part of ['package.json', 'dist', 'share', 'rules']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'dist/parsed-yaml.txt'), table);
    return join(dir, 'dist/majordomus.cjs');
  }

  function adopted(): string {
    const dir = mkdtempSync(join(tmpdir(), 'majordomus-parsed-repo-'));
    scratch.push(dir);
    execFileSync('git', ['init', '-q', dir]);
    execFileSync(process.execPath, [CLI, 'init'], { cwd: dir, env: cleanEnv() });
    return dir;
  }

  const doctor = (cli: string, repo: string) => {
    const result = spawnSync(process.execPath, [cli, 'doctor', '--json'], { cwd: repo, env: cleanEnv(), encoding: 'utf8' });
    return { status: result.status, findings: parseFindings(result.stdout) };
  };

  it('gives the same verdict with the table, with a damaged one and with none', () => {
    const repo = adopted();
    const expected = doctor(CLI, repo);
    expect(expected.status).toBe(0);
    const built = readFileSync(BUILT, 'utf8');
    // every entry cut short, so none is JSON: each document goes to the parser
    const truncated = built
      .split('\n')
      .map((line, i) => (i === 0 ? line : line.slice(0, 100)))
      .join('\n');
    for (const table of [truncated, built.slice(0, built.length >> 1), '', `${PARSED_AHEAD_FORMAT}\n`, 'garbage'])
      expect(doctor(packageWith(table), repo)).toStrictEqual(expected);
  });

  it('parses a vendored rule that differs from the shipped one by one byte', () => {
    const repo = adopted();
    const file = join(repo, '.ai/repo/rules/vendor/majordomus/rules/schema-integrity.v1.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^version: 1$/m, 'version: 01'));
    const result = spawnSync(process.execPath, [CLI, 'doctor', '--json'], { cwd: repo, env: cleanEnv(), encoding: 'utf8' });
    expect(result.status).toBe(10);
    const findings = parseFindings(result.stdout);
    expect(findings.some((f) => f.level === 'FAIL' && String(f.file ?? f.subject).endsWith('schema-integrity.v1.md'))).toBe(true);
  });
});

function writeScratch(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-parsed-file-'));
  scratch.push(dir);
  const path = join(dir, 'table.txt');
  writeFileSync(path, text);
  return path;
}
