/**
 * The state of each projection target, read from the target and its stamp alone — what `doctor` and
 * `watch` judge without rendering anything:
 *
 * - `invalid`: the policy's entry cannot be rendered as written (no provider or target, an unsafe
 *   target, a mode the provider does not take, a target another entry writes);
 * - `no template`: neither the repository nor the distribution has a template for the provider;
 * - `absent`: the target does not exist; `region absent`: a region-mode target holds no region;
 * - `malformed`: its region markers are unclosed, repeated or out of order, or it cannot be read;
 * - `foreign`: a `mode: file` target with no stamp: the repository's own instruction file, which
 *   `update` did not write. It is reported and left alone, never a failure: what majordomus judges (and
 *   what the budget binds) is what it generated. `update --adopt` gives it a generated region;
 * - `unstamped`: a region with no stamp in its begin marker;
 * - `hand-edited`: the content differs from the hash its stamp names;
 * - `stale`: the stamp names a policy hash that is no longer the policy's (the policy or a profile moved);
 * - `ok`.
 *
 * `update --check` adds `outdated` (the stamp is current but a render differs: a context document or a
 * template moved), which only a render can tell.
 */
import { isUnreadable } from '../api/toolkit/documents';
import type { ProviderAdapter } from './adapters';
import { adapterOf } from './adapters';
import type { TemplateFile } from './render';
import { findTemplate } from './render';
import type { ProjectionEntry, ProjectionSource } from './source';
import type { Stamp } from './stamp';
import { contentHash, policyHash, scanFile, scanRegion } from './stamp';

export type Status =
  | 'invalid'
  | 'no template'
  | 'absent'
  | 'region absent'
  | 'malformed'
  | 'foreign'
  | 'unstamped'
  | 'hand-edited'
  | 'stale'
  | 'outdated'
  | 'ok';

/**
 * True for a status `update --check` accepts: current, or the repository's own file — a file-mode
 * target update never wrote, or a region-mode target whose file holds no region yet. Neither is
 * majordomus's to judge; `update --adopt`, or `update` for a region, adds what majordomus generates.
 */
export function isAccepted(status: Status): boolean {
  return status === 'ok' || status === 'foreign' || status === 'region absent';
}

/**
 * What majordomus generated in a target's text: the whole file when it carries a stamp, the region's
 * body in region mode, and undefined when it generated none of it (the repository's own file, or a
 * region not written yet).
 */
export function generatedPart(entry: Pick<ProjectionEntry, 'provider' | 'mode'>, text: string): string | undefined {
  if (entry.mode === 'region') {
    const region = scanRegion(text);
    return region.kind === 'region' ? region.body : undefined;
  }
  return scanFile(text, adapterOf(entry.provider).frontMatter).stamp ? text : undefined;
}

/** One target as found. */
export interface TargetState {
  readonly entry: ProjectionEntry;
  readonly adapter: ProviderAdapter;
  readonly status: Status;
  /** What was found, in words (for a finding or a line of `update`). */
  readonly detail: string;
  readonly template?: TemplateFile;
  /** The target's text, when it exists and reads. */
  readonly current?: string;
  /** The stamp (or begin marker values) found. */
  readonly stamp?: Stamp;
  /** The generated part as found: the file without its stamp line, or the region's body. */
  readonly generated?: string;
}

/** The policy hash of `source`: the policy and every profile. */
export function sourcePolicyHash(source: Pick<ProjectionSource, 'policyText' | 'profiles'>): string {
  return policyHash(
    source.policyText,
    source.profiles.map((profile) => profile.text),
  );
}

/** The state of one entry's target against the policy hash `policy`. */
export function inspectTarget(source: ProjectionSource, entry: ProjectionEntry, policy: string): TargetState {
  const adapter = adapterOf(entry.provider);
  const base = { entry, adapter };
  if (entry.problem) return { ...base, status: 'invalid', detail: `projections.${entry.index} ${entry.problem}` };
  if (!adapter.modes.includes(entry.mode))
    return { ...base, status: 'invalid', detail: `${entry.provider} targets are whole files; mode: ${entry.mode} is not one it takes` };
  const template = findTemplate(source, entry.provider);
  if (!template)
    return {
      ...base,
      status: 'no template',
      detail: `no template renders provider ${entry.provider} (add ${source.repoDir}/providers/${entry.provider}.tmpl, or name a provider this version ships)`,
    };
  const found = { ...base, template };
  if (!source.exists(entry.target)) return { ...found, status: 'absent', detail: `${entry.target} does not exist yet` };
  let current: string;
  try {
    current = source.read(entry.target);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return { ...found, status: 'malformed', detail: `${entry.target} cannot be read: ${error.reason} (${error.fix})` };
  }
  const withText = { ...found, current };
  if (entry.mode === 'region') {
    const region = scanRegion(current);
    if (region.kind === 'none') return { ...withText, status: 'region absent', detail: `${entry.target} holds no majordomus region yet` };
    if (region.kind === 'malformed')
      return {
        ...withText,
        status: 'malformed',
        detail: `${entry.target}:${region.line}: the region markers are ${region.reason === 'repeated' ? 'repeated' : region.reason === 'unclosed' ? 'unclosed' : 'out of order'} (leave exactly one begin and one end marker, begin first)`,
      };
    return judged(withText, region.stamp, region.body, policy);
  }
  const file = scanFile(current, adapter.frontMatter);
  return judged(withText, file.stamp, file.content, policy);
}

function judged(
  found: Omit<TargetState, 'status' | 'detail'> & { entry: ProjectionEntry },
  stamp: Stamp | undefined,
  generated: string,
  policy: string,
): TargetState {
  const target = found.entry.target;
  const where = found.entry.mode === 'region' ? 'its region' : 'it';
  if (!stamp && found.entry.mode === 'file')
    return {
      ...found,
      generated,
      status: 'foreign',
      detail: `${target} carries no stamp of \`majordomus update\`: it is the repository's own file, kept as it is`,
    };
  if (!stamp)
    return {
      ...found,
      generated,
      status: 'unstamped',
      detail: `${target} carries no stamp of \`majordomus update\`, so ${where} was not written by it`,
    };
  const hash = contentHash(generated);
  if (hash !== stamp.content)
    return {
      ...found,
      stamp,
      generated,
      status: 'hand-edited',
      detail: `${target} was edited by hand: ${where} hashes to ${hash}, its stamp says ${stamp.content}`,
    };
  if (stamp.policy !== policy)
    return {
      ...found,
      stamp,
      generated,
      status: 'stale',
      detail: `${target} was generated from policy ${stamp.policy}, and the policy and profiles are now ${policy}`,
    };
  return { ...found, stamp, generated, status: 'ok', detail: `${target} is current (policy ${policy})` };
}
