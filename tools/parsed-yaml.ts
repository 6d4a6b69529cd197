/**
 * The table of documents parsed ahead (engine/layer/yaml-ahead.ts): every YAML file and every Markdown
 * front matter under rules/ and share/, parsed by the engine's own parseYaml. tools/build.mjs bundles
 * this module and writes what it returns to dist/parsed-yaml.txt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diskReader } from '../engine/api/disk';
import { splitFrontMatter } from '../engine/layer/front-matter';
import { parseYaml } from '../engine/layer/yaml';
import { parsedAheadFile } from '../engine/layer/yaml-ahead';
import { loadRuleText } from '../engine/ruleset/load';
import type { SchemaFilesReader } from '../validators/schema_integrity';
import { schemaFileTexts, schemaProblems } from '../validators/schema_integrity';

/** The shipped documents' texts, as parseYaml is given them: whole YAML files, and front matters. */
export function shippedYamlTexts(root: string): { text: string; lineOffset: number }[] {
  const texts: { text: string; lineOffset: number }[] = [];
  for (const folder of ['rules', 'share']) {
    for (const file of filesUnder(join(root, folder))) {
      const text = readFileSync(file, 'utf8');
      if (/\.ya?ml$/.test(file)) texts.push({ text, lineOffset: 0 });
      else if (file.endsWith('.md') && text.startsWith('---')) {
        try {
          texts.push({ text: splitFrontMatter(text, file).yaml, lineOffset: 0 });
        } catch {
          // not a document with front matter: nothing a run would find in the table
        }
      }
    }
  }
  return texts;
}

/** The rule files under rules/ that load as vendored rules without a problem, by their whole texts. */
export function shippedSoundRules(root: string): string[] {
  const sound: string[] = [];
  for (const file of filesUnder(join(root, 'rules'))) {
    if (!file.endsWith('.md')) continue;
    const text = readFileSync(file, 'utf8');
    // the file's name and its package only word a problem; a vendored rule's checks do not depend on them
    if (!Array.isArray(loadRuleText(text, 'shipped.md', { origin: 'vendor', vendor: 'shipped' }))) sound.push(text);
  }
  return sound;
}

/**
 * The package's schemas and allow-lists, as the schema check reads them, when that check finds them in
 * agreement with each other and with the kinds this build compiles in; none otherwise.
 */
export function shippedSoundFiles(root: string): [string, string][][] {
  const disk = diskReader(root);
  const distribution: SchemaFilesReader = {
    kind: (path) => disk.kind(path),
    list: (dir) => (disk.kind(dir) === 'absent' ? [] : disk.list(dir)),
    read: (path) => disk.read(path),
  };
  const files = schemaFileTexts(distribution);
  return files !== undefined && schemaProblems(distribution).problems.length === 0 ? [files] : [];
}

/** The table's file for the package at `root`. */
export function parsedYamlTable(root: string): string {
  return parsedAheadFile(
    shippedYamlTexts(root),
    (text, lineOffset) => parseYaml(text, 'shipped', { lineOffset }),
    shippedSoundRules(root),
    shippedSoundFiles(root),
  );
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}
