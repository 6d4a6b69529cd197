/**
 * The registry resolves a validator name to a plugin. Built-in validators come from the static map in
 * validators/index.ts; a name it does not know is reported with the nearest name it does.
 */
import { validators as builtins } from '../validators/index';
import type { Validator, ValidatorLookup } from './validator';

export class Registry implements ValidatorLookup {
  private readonly map: ReadonlyMap<string, Validator>;

  constructor(entries: Readonly<Record<string, Validator>>) {
    this.map = new Map(Object.entries(entries));
  }

  /** The validator registered under `name`. */
  get(name: string): Validator | undefined {
    return this.map.get(name);
  }

  /** Every registered name, sorted. */
  names(): string[] {
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

/** The registry of the validators this distribution ships. */
export function builtinRegistry(): Registry {
  return new Registry(builtins as unknown as Record<string, Validator>);
}

function editDistance(a: string, b: string): number {
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
