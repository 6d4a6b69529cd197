/**
 * A repository's own validators: `.ai/repo/validators/<name>.mjs`, an ES module whose default export is
 * the same plain object as a built-in validator. Loading one runs the repository's code, as ESLint runs
 * a repository's config: it is imported only when a rule naming it runs, only from the tracked half of
 * the layer (never from `.ai/local/`), and a module of the wrong shape is refused with what is missing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gates } from './generated/gates';
import type { Layout } from './layer/layout';
import type { Validator } from './validator';

/** Where a repository keeps its validators, relative to the layer's tracked half. */
export const PROJECT_VALIDATORS_DIR = 'validators';
const NAME = /^[a-z][a-z0-9_]*$/;

/** A repository validator module on disk. */
export interface ProjectValidatorFile {
  readonly name: string;
  /** Repository-relative path. */
  readonly file: string;
}

/** The outcome of importing one. */
export type ProjectValidatorLoad =
  | { readonly ok: true; readonly validator: Validator; readonly file: string }
  | { readonly ok: false; readonly file: string; readonly problem: string };

/** The repository-relative directory of a layout's validators (`.ai/repo/validators`). */
export function projectValidatorsDir(layout: Layout): string {
  return `${layout.repoDir}/${PROJECT_VALIDATORS_DIR}`;
}

/** Every `<name>.mjs` of the repository's validators directory, by name; read from the working tree. */
export function listProjectValidators(layout: Layout): ProjectValidatorFile[] {
  const dir = projectValidatorsDir(layout);
  let names: string[];
  try {
    names = readdirSync(join(layout.root, dir));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.mjs'))
    .sort()
    .map((name) => ({ name: name.slice(0, -'.mjs'.length), file: `${dir}/${name}` }));
}

/** Import a repository validator and check its shape. Never throws for a bad module. */
export async function loadProjectValidator(layout: Layout, name: string): Promise<ProjectValidatorLoad | undefined> {
  if (!NAME.test(name)) return undefined;
  const file = `${projectValidatorsDir(layout)}/${name}.mjs`;
  const abs = join(layout.root, file);
  if (!existsSync(abs)) return undefined;
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(abs).href)) as { default?: unknown };
  } catch (error) {
    return { ok: false, file, problem: `cannot be imported: ${error instanceof Error ? error.message : String(error)}` };
  }
  const missing = shapeProblems(module.default, name);
  if (missing.length > 0) return { ok: false, file, problem: `does not export a validator: ${missing.join('; ')}` };
  return { ok: true, validator: module.default as Validator, file };
}

/** What a default export lacks to be a validator named `name`; empty when it is one. */
export function shapeProblems(value: unknown, name: string): string[] {
  if (value === null || typeof value !== 'object') return ['the default export is not an object (export default { name, description, gates, run })'];
  const v = value as Record<string, unknown>;
  const problems: string[] = [];
  if (v.name !== name) problems.push(`\`name\` must be ${JSON.stringify(name)}, the file's name (it is ${JSON.stringify(v.name ?? null)})`);
  if (typeof v.description !== 'string' || v.description.trim() === '') problems.push('`description` must be a non-empty string');
  if (!Array.isArray(v.gates) || v.gates.length === 0) problems.push('`gates` must list at least one gate');
  else {
    const unknown = v.gates.filter((gate) => typeof gate !== 'string' || !Object.hasOwn(gates, gate));
    if (unknown.length > 0) problems.push(`\`gates\` names what is not a gate: ${unknown.map((g) => JSON.stringify(g)).join(', ')} (gates: ${Object.keys(gates).join(', ')})`);
  }
  if (typeof v.run !== 'function') problems.push('`run` must be a function');
  if (v.optionsSchema !== undefined && (v.optionsSchema === null || typeof v.optionsSchema !== 'object')) problems.push('`optionsSchema`, when given, must be a JSON Schema object');
  return problems;
}
