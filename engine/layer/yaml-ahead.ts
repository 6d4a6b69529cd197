/**
 * Documents parsed ahead: the YAML the package ships, parsed once by the build instead of on every run.
 *
 * A fresh `doctor` reads some sixty YAML documents, and nearly all of them are the package's own bytes:
 * the vendored rule pack (its manifest and the front matter of each rule) and the files `init` copied
 * from the skeleton (policy, scope, profiles, sources). Parsing them cold cost a fifth of a start-up.
 * The build runs the real parser over every document under rules/ and share/ and writes what it gave
 * (dist/parsed-yaml.txt, MAJORDOMUS_PARSED_YAML names it from the distribution root); a run looks a text
 * up by the sha256 of its exact characters and its line offset, so only a byte-identical document is
 * served, and anything edited, added or unknown goes to the parser as before.
 *
 * The table also names, by the sha256 of their whole text, the shipped rule files the build's loader
 * took as vendored rules without a problem, so loading a byte-identical vendored copy skips those checks
 * (the parse still comes from the table; an edited rule is checked in full). It names in the same way
 * the package's schemas and allow-lists, as one set, when the build found them in agreement.
 *
 * The table is the build's, trusted as the bundle beside it is, and it only ever saves time: a missing,
 * unreadable or foreign file is an empty table and an entry that is not JSON is parsed as before; an
 * entry is handed out as a fresh parse of its JSON, so no two readers share an object; and the build
 * keeps only documents whose value survives JSON unchanged (no `-0`, no infinities, no `__proto__`
 * key), checked by test/layer/yaml-ahead.test.ts against the parser itself.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distributionRoot } from '../io/distribution';
import type { YamlDocument } from './yaml-document';

declare const MAJORDOMUS_PARSED_YAML: string | undefined;

/** The first key of the table's file: its format, so another format is never read as this one. */
export const PARSED_AHEAD_FORMAT = 'majordomus parsed yaml 1';

/** One document as the table holds it: the value and the key-path lines, as JSON text. */
interface Entry {
  readonly value: unknown;
  readonly lines: readonly (readonly [string, number])[];
}

let table: ReadonlyMap<string, string> | undefined;

/** The table's key of a text parsed with `lineOffset` lines before it. */
export function parsedAheadKey(text: string, lineOffset: number): string {
  return createHash('sha256').update(`${lineOffset}\n`, 'utf8').update(text, 'utf8').digest('hex');
}

/** The build's parse of `text`, when the package ships exactly that document; undefined otherwise. */
export function parsedAhead(text: string, lineOffset: number): YamlDocument | undefined {
  table ??= typeof MAJORDOMUS_PARSED_YAML === 'string' ? readParsedAhead(join(distributionRoot(), MAJORDOMUS_PARSED_YAML)) : new Map();
  if (table.size === 0) return undefined;
  const entry = table.get(parsedAheadKey(text, lineOffset));
  if (entry === undefined) return undefined;
  let parsed: Entry;
  try {
    parsed = JSON.parse(entry) as Entry;
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed?.lines)) return undefined;
  return { value: parsed.value, lines: new Map(parsed.lines) };
}

/** The table's key of a rule file's whole text (apart from every document's: no line offset is `rule`). */
export function soundRuleKey(text: string): string {
  return createHash('sha256').update('rule\n', 'utf8').update(text, 'utf8').digest('hex');
}

/**
 * True when `text` is exactly a rule file the package ships and the build loaded it as a vendored rule
 * without a problem (its schema, its version as written, its body's sections): loading it again would
 * find none, so the loader does not look (engine/ruleset/load.ts).
 */
export function shippedSoundRule(text: string): boolean {
  table ??= typeof MAJORDOMUS_PARSED_YAML === 'string' ? readParsedAhead(join(distributionRoot(), MAJORDOMUS_PARSED_YAML)) : new Map();
  return table.size > 0 && table.get(soundRuleKey(text)) === SOUND_RULE;
}

/** The entry of a sound rule file. */
const SOUND_RULE = '{"rule":"sound"}';

/**
 * The table's key of a set of distribution files given as path and text pairs, in the order the
 * checker reads them: each path and text length-prefixed, so no two sets share a key.
 */
export function soundFilesKey(files: readonly (readonly [string, string])[]): string {
  const hash = createHash('sha256').update('files\n', 'utf8');
  for (const [path, text] of files) hash.update(`${path.length}:${path}${text.length}:`, 'utf8').update(text, 'utf8');
  return hash.digest('hex');
}

/**
 * True when `files` are exactly a set of the package's own files the build checked and found sound (its
 * schemas and allow-lists: validators/schema_integrity.ts): checking them again would find nothing.
 */
export function shippedSoundFiles(files: readonly (readonly [string, string])[]): boolean {
  table ??= typeof MAJORDOMUS_PARSED_YAML === 'string' ? readParsedAhead(join(distributionRoot(), MAJORDOMUS_PARSED_YAML)) : new Map();
  return table.size > 0 && table.get(soundFilesKey(files)) === SOUND_FILES;
}

/** The entry of a sound set of files. */
const SOUND_FILES = '{"files":"sound"}';

/**
 * The table in the file at `path`: key → the entry's JSON text; empty for anything but a table of this
 * format. The file is a line of the format, then a line per document, `<key> <JSON>`: a run splits it
 * into lines and parses only the entries it is asked for.
 */
export function readParsedAhead(path: string): ReadonlyMap<string, string> {
  const entries = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return entries;
  }
  const lines = text.split('\n');
  if (lines[0] !== PARSED_AHEAD_FORMAT) return entries;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 66 && line.charCodeAt(64) === 0x20 && /^[0-9a-f]{64}$/.test(line.slice(0, 64)))
      entries.set(line.slice(0, 64), line.slice(65));
  }
  return entries;
}

/**
 * The table's file for the documents `texts` (each with its line offset), parsed by `parse`: the
 * documents `parse` accepts whose value JSON carries unchanged, the whole texts of the rule files the
 * build loaded without a problem (`soundRules`) and the sets of files it checked sound (`soundFiles`),
 * in key order. For the build.
 */
export function parsedAheadFile(
  texts: readonly { readonly text: string; readonly lineOffset: number }[],
  parse: (text: string, lineOffset: number) => YamlDocument | undefined,
  soundRules: readonly string[] = [],
  soundFiles: readonly (readonly (readonly [string, string])[])[] = [],
): string {
  const documents: Record<string, string> = {};
  for (const text of soundRules) documents[soundRuleKey(text)] = SOUND_RULE;
  for (const files of soundFiles) documents[soundFilesKey(files)] = SOUND_FILES;
  for (const { text, lineOffset } of texts) {
    let doc: YamlDocument | undefined;
    try {
      doc = parse(text, lineOffset);
    } catch {
      continue;
    }
    if (doc === undefined || !survivesJson(doc.value)) continue;
    documents[parsedAheadKey(text, lineOffset)] = JSON.stringify({ value: doc.value, lines: [...doc.lines] });
  }
  const lines = Object.entries(documents)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, entry]) => `${key} ${entry}\n`);
  return `${PARSED_AHEAD_FORMAT}\n${lines.join('')}`;
}

/** True when JSON gives `value` back exactly: plain objects and arrays, strings, finite numbers (not -0), booleans, null. */
export function survivesJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(survivesJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.keys(value).every((key) => key !== '__proto__' && survivesJson((value as Record<string, unknown>)[key]));
}
