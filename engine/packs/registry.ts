/**
 * The packs this distribution ships, as their declarations (rules/<pack>/pack.yaml, compiled into
 * engine/generated/packs.ts) describe them: which pack a validator or a gate belongs to, which packs
 * `init` vendors, which a repository may adopt or drop, and which a repository adopted. A repository
 * adopts a pack by holding its vendored copy, `<rules>/vendor/<pack>/`: the copy is the record, so
 * dropping the folder (`rules vendor remove`) drops the pack.
 */

import type { PackDefinition, PackName } from '../generated/packs';
import { packNames, packs } from '../generated/packs';

export type { PackDefinition, PackName };
export { packNames, packs };

/** The baseline: vendored by every adopted repository, never removed. */
export const BASELINE_PACK: PackName = 'majordomus';

/** True when `name` is a pack this distribution ships. */
export function isPackName(name: string): name is PackName {
  return Object.hasOwn(packs, name);
}

/** The pack a built-in validator belongs to (each belongs to exactly one; the generator checks). */
export function packOfValidator(validator: string): PackDefinition | undefined {
  return packNames.map((name) => packs[name]).find((pack) => pack.validators.includes(validator));
}

/** The packs `init` vendors into a repository it adopts: the baseline, and those vendored by default. */
export function initPacks(): PackDefinition[] {
  return packNames.map((name) => packs[name]).filter((pack) => pack.vendoring === 'always' || pack.vendoring === 'default');
}

/** The packs init does not vendor but a repository may adopt (`rules vendor add`). */
export function optionalPacks(): PackDefinition[] {
  return packNames.map((name) => packs[name]).filter((pack) => pack.vendoring === 'optional');
}

/** The packs a repository may adopt (`rules vendor add`): every pack but the examples. */
export function adoptablePacks(): PackDefinition[] {
  return packNames.map((name) => packs[name]).filter((pack) => pack.vendoring !== 'never');
}

/**
 * The packs a repository adopted, given the vendors it holds (the folders under `<rules>/vendor/`), in
 * registry order: the distribution's packs among them. Another vendor's package is no pack of ours.
 */
export function adoptedPacks(vendors: Iterable<string>): PackDefinition[] {
  const held = new Set(vendors);
  return packNames.filter((name) => held.has(name) && packs[name].vendoring !== 'never').map((name) => packs[name]);
}
