/**
 * The registry resolves a validator name to a plugin: first the built-in validators (the generated map
 * engine/generated/validators.ts, each module loaded when a registry is first built), then the repository's own (`.ai/repo/validators/<name>.mjs`). It never imports a
 * repository module: it only says which file a name resolves to, and the runner runs that file in a
 * worker of its own (engine/isolation/). A name it does not know is reported with the nearest name it does.
 */
import { join } from 'node:path';
import type { Validator, ValidatorLookup } from '../api/validator';
import { validatorModules } from '../generated/validators';
import { nearestName } from '../io/nearest-name';
import type { Layout } from '../layer/layout';
import type { ProjectValidatorFile } from './project-validators';
import { isProjectValidatorName, listProjectValidators } from './project-validators';

export { editDistance } from '../io/nearest-name';

/** What a validator name resolves to. */
export type Resolution =
  | { readonly kind: 'builtin'; readonly validator: Validator }
  | {
      readonly kind: 'repository';
      readonly name: string;
      /** Repository-relative path of the module. */
      readonly file: string;
      /** Absolute path of the module. */
      readonly path: string;
    };

export class Registry implements ValidatorLookup {
  private readonly map: ReadonlyMap<string, Validator>;
  private readonly files: readonly ProjectValidatorFile[];

  /** `layout`, when given, is the repository whose own validators may be resolved too. */
  constructor(
    entries: Readonly<Record<string, Validator>>,
    private readonly layout?: Layout,
  ) {
    this.map = new Map(Object.entries(entries));
    this.files = layout ? listProjectValidators(layout) : [];
  }

  /** The built-in validator registered under `name`. */
  get(name: string): Validator | undefined {
    return this.map.get(name);
  }

  /** The repository validator file for `name`, when there is one and no built-in takes the name. */
  projectFile(name: string): string | undefined {
    return this.map.has(name) ? undefined : this.files.find((file) => file.name === name)?.file;
  }

  /** Every repository validator file, whether or not a built-in shadows it. */
  projectFiles(): readonly ProjectValidatorFile[] {
    return this.files;
  }

  /** True when `name` resolves: a built-in, or a repository validator file. */
  has(name: string): boolean {
    return this.map.has(name) || this.projectFile(name) !== undefined;
  }

  /**
   * What `name` resolves to: a built-in validator, or the repository module that declares it (never
   * imported here). Undefined when nothing is registered under it.
   */
  lookup(name: string): Resolution | undefined {
    const builtin = this.map.get(name);
    if (builtin) return { kind: 'builtin', validator: builtin };
    const file = this.layout && isProjectValidatorName(name) ? this.projectFile(name) : undefined;
    if (!this.layout || file === undefined) return undefined;
    return { kind: 'repository', name, file, path: join(this.layout.root, file) };
  }

  /** Every resolvable name (built-in and repository), sorted. */
  names(): string[] {
    return [...new Set([...this.map.keys(), ...this.files.map((file) => file.name)])].sort();
  }

  /** The built-in names, sorted. */
  builtinNames(): string[] {
    return [...this.map.keys()].sort();
  }

  /** The registered name closest to `name`, for "did you mean"; undefined when nothing is that close. */
  nearest(name: string): string | undefined {
    return nearestName(name, this.names());
  }
}

let loaded: Promise<Readonly<Record<string, Validator>>> | undefined;

/** The validators this distribution ships, by name: each module imported once a process, when first asked for. */
export function builtinValidators(): Promise<Readonly<Record<string, Validator>>> {
  loaded ??= Promise.all(
    Object.entries(validatorModules).map(async ([name, load]) => [name, (await load()).default as Validator] as const),
  ).then((entries) => Object.freeze(Object.fromEntries(entries)));
  return loaded;
}

/** The registry of the validators this distribution ships, plus the repository's own when a layout is given. */
export async function builtinRegistry(layout?: Layout): Promise<Registry> {
  return new Registry(await builtinValidators(), layout);
}
