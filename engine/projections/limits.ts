/**
 * What each provider really reads: share/providers/limits.yaml, the one data file of provider limits
 * with the source of each figure, and the measure of a chain of files against one of them — where the
 * cut falls, in which file, after how much.
 */
import { parseYaml } from '../layer/yaml';

/** One provider limit, as the data file states it. */
export interface ProviderLimit {
  readonly name: string;
  readonly measure: 'bytes' | 'characters' | 'lines';
  /** `chain`: the files loaded for one folder together; `file`: each file alone. */
  readonly per: 'chain' | 'file';
  readonly value: number;
  /** `truncates`: the provider stops reading there; `advises`: its maker asks files to stay under it. */
  readonly behaviour: 'truncates' | 'advises';
  readonly setting?: string;
  readonly source: string;
  readonly note?: string;
}

export const LIMITS_FILE = 'share/providers/limits.yaml';

/** The limits of the data file's text, by name; a malformed entry is an error naming it (the distribution is broken). */
export function parseLimits(text: string): ReadonlyMap<string, ProviderLimit> {
  const value = parseYaml(text, LIMITS_FILE).value as { schema?: unknown; limits?: Record<string, Record<string, unknown>> };
  if (value?.schema !== 'majordomus-provider-limits/v1' || value.limits === null || typeof value.limits !== 'object')
    throw new Error(`${LIMITS_FILE}: not a majordomus-provider-limits/v1 document`);
  const out = new Map<string, ProviderLimit>();
  for (const [name, entry] of Object.entries(value.limits)) {
    const { measure, per, value: figure, behaviour, setting, source, note } = entry ?? {};
    if (
      !['bytes', 'characters', 'lines'].includes(measure as string) ||
      !['chain', 'file'].includes(per as string) ||
      typeof figure !== 'number' ||
      !Number.isInteger(figure) ||
      figure < 1 ||
      !['truncates', 'advises'].includes(behaviour as string) ||
      typeof source !== 'string'
    )
      throw new Error(`${LIMITS_FILE}: limits.${name} needs measure, per, a positive whole value, behaviour and source`);
    out.set(name, {
      name,
      measure: measure as ProviderLimit['measure'],
      per: per as ProviderLimit['per'],
      value: figure,
      behaviour: behaviour as ProviderLimit['behaviour'],
      setting: typeof setting === 'string' ? setting : undefined,
      source,
      note: typeof note === 'string' ? note : undefined,
    });
  }
  return out;
}

/** The size of a text in a limit's measure. */
export function measure(text: string, unit: ProviderLimit['measure']): number {
  if (unit === 'bytes') return Buffer.byteLength(text, 'utf8');
  if (unit === 'characters') return [...text].length;
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

/** One file of what a provider loads, measured. */
export interface LoadedFile {
  readonly path: string;
  readonly bytes: number;
  readonly lines: number;
  /** Its size in the limit's measure (bytes when there is no limit). */
  readonly size: number;
  /** Where the limit cuts this file: how much of it is read (in the limit's measure); undefined when it is read whole. */
  readonly readUpTo?: number;
  /** True when the limit leaves none of it. */
  readonly dropped?: boolean;
}

/** Measure `files` (in load order) against `limit`: each file's size and where the limit cuts. */
export function measureLoad(files: readonly { path: string; text: string }[], limit: ProviderLimit | undefined): LoadedFile[] {
  let used = 0;
  return files.map(({ path, text }) => {
    const bytes = Buffer.byteLength(text, 'utf8');
    const lines = measure(text, 'lines');
    if (!limit) return { path, bytes, lines, size: bytes };
    const size = measure(text, limit.measure);
    const room = limit.per === 'chain' ? limit.value - used : limit.value;
    used += size;
    if (size <= room) return { path, bytes, lines, size };
    if (room <= 0) return { path, bytes, lines, size, readUpTo: 0, dropped: true };
    return { path, bytes, lines, size, readUpTo: room };
  });
}
