/**
 * What projections are rendered from and judged against: the policy (its text, for the hash, and its
 * entries), every profile, the tracked tree (the targets, the repository's own templates, the context
 * documents) and the distribution's templates and limits. A command builds it from the repository it
 * opened, a validator from its context, `init` from the files it is about to write: one shape, so the
 * writer and every judge agree on what a target should hold.
 */
import type { ContextSource } from '../context/model';
import { unsafePathReason } from '../io/paths';
import { byteOrder } from '../io/text';

/** One profile, as the policy hash and the templates read it. */
export interface ProfileSource {
  /** The file name without `.yaml`. */
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** The parsed value, when it parses to a mapping. */
  readonly value: Record<string, unknown> | undefined;
}

/** Everything a projection is made of. */
export interface ProjectionSource {
  /** Repository-relative path of the policy. */
  readonly policyFile: string;
  /** The policy's text, as the hash covers it. */
  readonly policyText: string;
  /** The parsed policy, a mapping (its shape is the policy rule's to judge). */
  readonly policy: Record<string, unknown>;
  /** The line of every policy key. */
  readonly policyLines: ReadonlyMap<string, number>;
  /** Every profile, in byte order of file name. */
  readonly profiles: readonly ProfileSource[];
  /** The tracked half of the layer, `.ai/repo`: the repository's own templates are under providers/. */
  readonly repoDir: string;
  /** True when something is at a repository-relative path of the tree judged. */
  exists(path: string): boolean;
  /** A file of the tree judged; throws a value `isUnreadable` recognises when it cannot be read. */
  read(path: string): string;
  /** A file of the distribution (share/providers/…), or undefined when it ships none. */
  distribution(path: string): string | undefined;
  /** The context documents' source. */
  readonly context: ContextSource;
}

/** One entry of the policy's `projections`. */
export interface ProjectionEntry {
  readonly index: number;
  readonly provider: string;
  readonly target: string;
  readonly mode: 'file' | 'region';
  readonly alwaysLoaded: boolean;
  /** The policy line of the entry. */
  readonly line: number | undefined;
  /** Why the entry cannot be rendered as written, when it cannot. */
  readonly problem?: string;
}

/** The policy's projection entries; one that cannot be used carries its problem. */
export function projectionEntries(source: Pick<ProjectionSource, 'policy' | 'policyLines'>): ProjectionEntry[] {
  const list = Array.isArray(source.policy.projections) ? source.policy.projections : [];
  const seen = new Map<string, number>();
  return list.map((raw, index): ProjectionEntry => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const line = source.policyLines.get(`projections.${index}`);
    const provider = typeof entry.provider === 'string' ? entry.provider : '';
    const target = typeof entry.target === 'string' ? entry.target : '';
    const mode = entry.mode === undefined ? 'file' : entry.mode;
    const base = {
      index,
      provider,
      target,
      mode: mode === 'region' ? 'region' : 'file',
      alwaysLoaded: entry.always_loaded === true,
      line,
    } as const;
    if (provider === '' || target === '') return { ...base, problem: 'names no provider or no target' };
    const unsafe = unsafePathReason(target);
    if (unsafe || target.endsWith('/')) return { ...base, problem: `its target ${JSON.stringify(target)} ${unsafe ?? 'is a folder'}` };
    if (mode !== 'file' && mode !== 'region') return { ...base, problem: `its mode ${JSON.stringify(mode)} is neither file nor region` };
    const earlier = seen.get(target);
    seen.set(target, index);
    if (earlier !== undefined)
      return { ...base, problem: `its target ${target} is also projections.${earlier}'s: one file has one writer` };
    return base;
  });
}

/** The profiles of a listing: the `.yaml` files, in byte order, each read and parsed by the caller's functions. */
export function profilesOf(
  dir: string | undefined,
  names: readonly string[],
  read: (path: string) => string,
  parse: (path: string) => unknown,
): ProfileSource[] {
  if (!dir) return [];
  return names
    .filter((name) => name.endsWith('.yaml'))
    .sort(byteOrder)
    .map((name) => {
      const file = `${dir}/${name}`;
      const text = read(file);
      let value: unknown;
      try {
        value = parse(file);
      } catch {
        value = undefined;
      }
      const mapping = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
      return { name: name.slice(0, -'.yaml'.length), file, text, value: mapping };
    });
}
