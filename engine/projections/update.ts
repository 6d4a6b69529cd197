/**
 * What `majordomus update` does to each target, decided before anything is written: the text it would
 * hold, and whether writing it is allowed. A target whose generated part matches neither its stamp nor
 * the new output was edited by hand (or never written by update): it is refused unless `--force`. A
 * region whose markers are malformed is refused always — where it begins is not the tool's guess. A
 * region is replaced in place, or appended to a file that has none; everything around it stays as it
 * was, byte for byte. A file that ends its lines with CRLF gets CRLF in what is written into it.
 */
import type { ContextTree } from '../context/validate';
import type { TargetState } from './inspect';
import { inspectTarget, isAccepted, sourcePolicyHash } from './inspect';
import { renderProjection } from './render';
import type { ProjectionSource } from './source';
import { projectionEntries } from './source';
import type { Stamp } from './stamp';
import { beginMarker, contentHash, END_MARKER, frontMatterEnd, lf, scanRegion, stampLine } from './stamp';

/** What update does to one target. */
export type Action = 'none' | 'create' | 'replace' | 'append-region' | 'replace-region' | 'refuse';

/** One target, planned. */
export interface PlannedTarget {
  readonly state: TargetState;
  /** The state `update --check` reports: the inspected one, or `outdated` when only a render tells. */
  readonly status: TargetState['status'];
  readonly action: Action;
  /** The whole file as update would write it (for every action but none and refuse). */
  readonly next?: string;
  /** The stamp it would carry. */
  readonly stamp?: Stamp;
  /** Why it is refused, or why a current stamp is not enough (`outdated`). */
  readonly reason?: string;
}

/** The plan of one run. */
export interface UpdatePlan {
  readonly policyHash: string;
  readonly targets: readonly PlannedTarget[];
}

/** Plan every projection of `source`. Throws a TemplateError for a template that cannot be rendered. */
export function planUpdate(source: ProjectionSource, tree: ContextTree, options: { force?: boolean } = {}): UpdatePlan {
  const policy = sourcePolicyHash(source);
  const targets = projectionEntries(source).map((entry) => planTarget(source, tree, inspectTarget(source, entry, policy), policy, options));
  return { policyHash: policy, targets };
}

function planTarget(
  source: ProjectionSource,
  tree: ContextTree,
  state: TargetState,
  policy: string,
  options: { force?: boolean },
): PlannedTarget {
  if (state.status === 'invalid' || state.status === 'no template')
    return { state, status: state.status, action: 'refuse', reason: state.detail };
  if (state.status === 'malformed')
    return { state, status: state.status, action: 'refuse', reason: `${state.detail}; update never guesses where a region begins` };
  const body = renderProjection(source, tree, state.entry, state.adapter, state.template!);
  const stamp: Stamp = { policy, content: contentHash(body) };
  const current = state.current;
  const eol = current?.includes('\r\n') ? '\r\n' : '\n';
  const matches = state.generated !== undefined && lf(state.generated) === body;
  const status = state.status === 'ok' && !matches ? 'outdated' : state.status;
  if (state.status === 'ok' && matches) return { state, status, action: 'none', stamp };
  // the repository's own file: kept unless it reads exactly as update would write it, or --force says to overwrite it
  if (state.status === 'foreign' && !matches && !options.force)
    return {
      state,
      status,
      action: 'none',
      reason: `${state.entry.target} is the repository's own file (no stamp of majordomus update), kept as it is (add the generated region and keep its text: majordomus update --adopt ${state.entry.target}; or overwrite it: majordomus update --force)`,
    };
  const outdated =
    status === 'outdated'
      ? `${state.entry.target} carries a current stamp, but what update renders differs from it (a context document, a template or this version's output changed)`
      : undefined;
  if ((state.status === 'hand-edited' || state.status === 'unstamped') && !matches && !options.force) {
    const what = state.status === 'hand-edited' ? 'was edited by hand' : 'has a region whose marker carries no stamp';
    return {
      state,
      status,
      action: 'refuse',
      reason: `${state.entry.target} ${what}, and its content matches neither its stamp nor the new output (move the edit into the policy or a context document, or overwrite it: majordomus update --force)`,
    };
  }
  if (state.entry.mode === 'file') {
    const next = withEol(composeFile(body, stampLine(source.policyFile, stamp), state.adapter.frontMatter), eol);
    return { state, status, action: current === undefined ? 'create' : 'replace', next, stamp, reason: outdated };
  }
  const region = withEol(`${beginMarker(stamp)}\n${body}${END_MARKER}`, eol);
  if (current === undefined) return { state, status, action: 'create', next: `${region}${eol}`, stamp };
  const scan = scanRegion(current);
  if (scan.kind === 'region')
    return { state, status, action: 'replace-region', next: `${scan.before}${region}${scan.after}`, stamp, reason: outdated };
  const separator = current === '' ? '' : current.endsWith('\n') ? eol : `${eol}${eol}`;
  return {
    state,
    status,
    action: 'append-region',
    next: `${current}${separator}${region}${eol}`,
    stamp,
    reason: `${state.entry.target} is the repository's own file and holds no generated region yet (majordomus update appends it after its text)`,
  };
}

/** A file-mode target: the stamp on the first line, or right after the front matter the provider's files open with. */
export function composeFile(body: string, stamp: string, frontMatter: boolean): string {
  const at = frontMatter ? (frontMatterEnd(body) ?? 0) : 0;
  return `${body.slice(0, at)}${stamp}\n${body.slice(at)}`;
}

function withEol(text: string, eol: string): string {
  return eol === '\n' ? text : text.replace(/\r?\n/g, eol);
}

/** True when every target is current or the repository's own file, left alone: what `update --check` asks. */
export function isCurrent(plan: UpdatePlan): boolean {
  return plan.targets.every((target) => isAccepted(target.status));
}
