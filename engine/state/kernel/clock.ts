/**
 * Time and identity, written one way: the UTC second every record and ledger line carries
 * (`YYYY-MM-DDTHH:MM:SSZ`), its compact form that names archives and ids (`20260903T193012Z`), and the
 * id recipe of tasks and episodes (`t-<utc digits>-<4 hex>`, `s-<utc digits>-<4 hex>`).
 */
import { randomBytes } from 'node:crypto';

/** `2026-09-03T19:30:12Z`: the UTC second, as every record and every ledger line writes it. */
export function utcSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** `20260903T193012Z`: the UTC second an archive or a kept file is named after. */
export function compactUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** A new id of `kind` (`t` a task, `s` an episode) for `stamp` (a UTC second): `t-20260903193012-a1b2`. */
export function newId(kind: 't' | 's', stamp: string): string {
  return `${kind}-${stamp.replace(/[-:TZ]/g, '')}-${randomBytes(2).toString('hex')}`;
}
