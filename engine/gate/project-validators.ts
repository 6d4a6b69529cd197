/**
 * A repository's own validators: `.ai/repo/validators/<name>.mjs`, an ES module whose default export is
 * the same plain object as a built-in validator. Loading one runs the repository's code, as ESLint runs
 * a repository's config: it is imported only when a rule naming it runs, only from the tracked half of
 * the layer (never from `.ai/local/`), only inside a worker of its own under a time limit
 * (engine/isolation/), and a module of the wrong shape is refused with what is missing.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gates } from '../generated/gates';
import type { Layout } from '../layer/layout';

/** Where a repository keeps its validators, relative to the layer's tracked half. */
export const PROJECT_VALIDATORS_DIR = 'validators';
const NAME = /^[a-z][a-z0-9_]*$/;

/** True when `name` may name a repository validator module (a rule's validator names only such). */
export function isProjectValidatorName(name: string): boolean {
  return NAME.test(name);
}

/** A repository validator module on disk. */
export interface ProjectValidatorFile {
  readonly name: string;
  /** Repository-relative path. */
  readonly file: string;
}

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

/**
 * What a default export lacks to be a validator named `name`; empty when it is one. Give it a plain copy
 * of the export (engine/gate/isolation/worker.ts makes one): reading the export itself may run its getters.
 */
export function shapeProblems(value: unknown, name: string): string[] {
  if (value === null || typeof value !== 'object')
    return ['the default export is not an object (export default { name, description, gates, run })'];
  const v = value as Record<string, unknown>;
  const problems: string[] = [];
  if (v.name !== name) problems.push(`\`name\` must be ${JSON.stringify(name)}, the file's name (it is ${JSON.stringify(v.name ?? null)})`);
  if (typeof v.description !== 'string' || v.description.trim() === '') problems.push('`description` must be a non-empty string');
  if (!Array.isArray(v.gates) || v.gates.length === 0) problems.push('`gates` must list at least one gate');
  else {
    const unknown = v.gates.filter((gate) => typeof gate !== 'string' || !Object.hasOwn(gates, gate));
    if (unknown.length > 0)
      problems.push(
        `\`gates\` names what is not a gate: ${unknown.map((g) => JSON.stringify(g)).join(', ')} (gates: ${Object.keys(gates).join(', ')})`,
      );
  }
  if (typeof v.run !== 'function') problems.push('`run` must be a function');
  if (v.optionsSchema !== undefined && (v.optionsSchema === null || typeof v.optionsSchema !== 'object'))
    problems.push('`optionsSchema`, when given, must be a JSON Schema object');
  return problems;
}
