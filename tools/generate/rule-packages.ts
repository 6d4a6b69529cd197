/**
 * The rule packages: rules/<pack>/manifest.yaml (every rule file, its identity and sha256), the embedded
 * packs' engine/generated/<pack>-pack.ts, and the mirror of this repository's own vendored packages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from 'ts-morph';
import { readFrontMatterFile } from '../../engine/layer/front-matter';
import { writeYaml } from '../../engine/layer/yaml-write';
import { addConstant, createAjv, embeddedName, finish, type GeneratedFile, GenerateError, type SchemaSource, yamlHeader } from './common';

/**
 * `engine/generated/<pack>-pack.ts` for each pack declaring `embedded: true` (its gates judge a folder
 * that may be outside any repository): the pack's rule files, byte for byte, for a standalone bundle.
 */
export function renderEmbeddedPacks(
  project: Project,
  root: string,
  embedded: readonly string[],
  header: (source: string) => string,
): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const pack of embedded) {
    const dir = join(root, 'rules', pack, 'rules');
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort()
      .map((name) => ({ file: `rules/${pack}/rules/${name}`, text: readFileSync(join(dir, name), 'utf8') }));
    const source = project.createSourceFile(`${pack}-pack.ts`, '', { overwrite: true });
    addConstant(
      source,
      embeddedName(pack),
      'readonly { readonly file: string; readonly text: string }[]',
      files,
      `The rule files of the \`${pack}\` pack, as the distribution ships them.`,
    );
    out.push({ path: `engine/generated/${pack}-pack.ts`, content: finish(source, header(`rules/${pack}/rules/*.md`)) });
  }
  return out;
}

/**
 * This repository governs itself: its own `.ai/repo/rules/vendor/<pack>/` is the package it ships,
 * byte for byte, so the copy is derived here and checked with everything else.
 */
export function mirrorOwnVendoredPackages(root: string, generated: readonly GeneratedFile[]): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  if (!existsSync(join(root, 'rules'))) return out;
  for (const pack of readdirSync(join(root, 'rules')).sort()) {
    const vendored = `.ai/repo/rules/vendor/${pack}`;
    if (!existsSync(join(root, vendored))) continue;
    const manifest = generated.find((file) => file.path === `rules/${pack}/manifest.yaml`);
    if (manifest) out.push({ path: `${vendored}/manifest.yaml`, content: manifest.content });
    const dir = join(root, 'rules', pack, 'rules');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.md') && n !== 'README.md')
      .sort()) {
      out.push({ path: `${vendored}/rules/${name}`, content: readFileSync(join(dir, name), 'utf8') });
    }
  }
  return out;
}

/** Each rules/<pack>/manifest.yaml, checked against the rule-package schema when there is one. */
export function renderRulePackages(root: string, version: string, schema: SchemaSource | undefined): GeneratedFile[] {
  const rulesDir = join(root, 'rules');
  if (!existsSync(rulesDir)) return [];
  const validate = schema ? createAjv().compile(schema.schema) : undefined;
  const files: GeneratedFile[] = [];
  for (const pack of readdirSync(rulesDir).sort()) {
    const ruleFiles = join(rulesDir, pack, 'rules');
    if (!existsSync(ruleFiles) || !statSync(ruleFiles).isDirectory()) continue;
    const entries = readdirSync(ruleFiles)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort()
      .map((name) => {
        const display = `rules/${pack}/rules/${name}`;
        const path = join(ruleFiles, name);
        const front = readFrontMatterFile(path, display).data.value as Record<string, unknown>;
        if (typeof front.id !== 'string' || !Number.isInteger(front.version)) {
          throw new GenerateError(`${display}: the front matter needs a string id and an integer version`);
        }
        const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
        return { id: front.id, version: front.version as number, file: `rules/${name}`, sha256 };
      })
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.version - b.version));
    const manifest = {
      vendor: pack,
      package: `${pack}-standard-rules`,
      version: 1,
      format: 'ai-rules/v1',
      source_revision: version,
      rules: entries,
    };
    if (validate && !validate(manifest)) {
      const first = validate.errors?.[0];
      throw new GenerateError(
        `rules/${pack}/manifest.yaml would break its schema at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}`,
      );
    }
    files.push({
      path: `rules/${pack}/manifest.yaml`,
      content: `${yamlHeader(`rules/${pack}/rules/*.md`, version)}${writeYaml(manifest)}`,
    });
  }
  return files;
}
