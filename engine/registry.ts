/**
 * The registry resolves a validator name to a plugin: first the built-in validators of the static map in
 * validators/index.ts, then the repository's own (`.ai/repo/validators/<name>.mjs`, imported only when a
 * rule naming one runs). A name it does not know is reported with the nearest name it does.
 */
import { validators as builtins } from '../validators/index';
import type { Layout } from './layer/layout';
import { listProjectValidators, loadProjectValidator } from './project-validators';
import type { ProjectValidatorFile, ProjectValidatorLoad } from './project-validators';
import type { Validator, ValidatorLookup } from './validator';

export class Registry implements ValidatorLookup {
  private readonly map: ReadonlyMap<string, Validator>;
  private readonly files: readonly ProjectValidatorFile[];
  private readonly loads = new Map<string, Promise<ProjectValidatorLoad | undefined>>();

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
   * Resolve `name` to a plugin, importing a repository validator the first time it is asked for.
   * Undefined when nothing is registered under it; a load with a problem when the module is unusable.
   */
  async resolve(name: string): Promise<{ validator: Validator } | { problem: string; file: string } | undefined> {
    const builtin = this.map.get(name);
    if (builtin) return { validator: builtin };
    if (!this.layout || this.projectFile(name) === undefined) return undefined;
    let load = this.loads.get(name);
    if (!load) {
      load = loadProjectValidator(this.layout, name);
      this.loads.set(name, load);
    }
    const result = await load;
    if (!result) return undefined;
    return result.ok ? { validator: result.validator } : { problem: result.problem, file: result.file };
  }

  /** Every resolvable name (built-in and repository), sorted. */
  names(): string[] {
    return [...new Set([...this.map.keys(), ...this.files.map((file) => file.name)])].sort();
  }

  /** The built-in names, sorted. */
  builtinNames(): string[] {
    return [...this.map.keys()].sort();
  }

  /**
   * The registered name closest to `name`, for "did you mean": within a third of its length in edits
   * (at least two), or sharing a whole-word prefix with it; undefined when nothing is that close.
   */
  nearest(name: string): string | undefined {
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const candidate of this.names()) {
      const distance = editDistance(name, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3))) return best;
    return this.names().find((candidate) => candidate.startsWith(`${name}_`) || name.startsWith(`${candidate}_`));
  }
}

/** The registry of the validators this distribution ships, plus the repository's own when a layout is given. */
export function builtinRegistry(layout?: Layout): Registry {
  return new Registry(builtins as unknown as Record<string, Validator>, layout);
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}
