/**
 * projection (rule majordomus.projection-integrity): every instruction file the policy's `projections`
 * declare is what `majordomus update` wrote. A target edited by hand (its content no longer hashes to
 * its stamp), a region with no stamp, a malformed region, an entry that cannot be rendered (no template, an
 * unusable target or mode) are violations; a stamp naming a policy hash that is no longer the policy's
 * is drift, reported under `watch` and noted at `doctor`; a target not generated yet is noted, and so
 * is a file-mode target with no stamp: the repository's own instruction file, never a failure. And what
 * each agent really loads: a projection a provider would cut (share/providers/limits.yaml) is a
 * violation naming where the cut falls; past a limit its maker only advises, a note.
 */
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { ADAPTERS, adapterOf } from '../engine/projections/adapters';
import { inspectTarget, sourcePolicyHash } from '../engine/projections/inspect';
import type { LoadedFile, ProviderLimit } from '../engine/projections/limits';
import { LIMITS_FILE, parseLimits } from '../engine/projections/limits';
import type { LoadTree } from '../engine/projections/load';
import { loadLeaves, providerLoad } from '../engine/projections/load';
import { validatorProjectionSource } from '../engine/projections/open';
import type { ProjectionEntry } from '../engine/projections/source';
import { projectionEntries } from '../engine/projections/source';

export default defineValidator({
  name: 'projection',
  description: 'Every projection target is what majordomus update wrote, current with the policy, and within what its provider reads.',
  gates: ['doctor', 'watch'],
  run(context) {
    const source = validatorProjectionSource(context);
    const policyFile = context.layer.policyFile;
    if (!source) {
      context.skip({ subject: policyFile, message: 'the policy does not read (the policy rule names why)' });
      return;
    }
    const entries = projectionEntries(source);
    if (entries.length === 0) {
      context.ok({ subject: policyFile, message: 'the policy declares no projections' });
      return;
    }
    const policy = sourcePolicyHash(source);
    const generated = new Set<string>();
    for (const entry of entries) {
      const state = inspectTarget(source, entry, policy);
      if (state.status !== 'foreign' && state.status !== 'absent') generated.add(entry.target);
      const at =
        state.status === 'invalid' || state.status === 'no template'
          ? { subject: policyFile, file: policyFile, line: entry.line }
          : { subject: entry.target };
      switch (state.status) {
        case 'ok':
          context.ok({ subject: entry.target, message: state.detail });
          break;
        case 'absent':
        case 'region absent':
          context.info({ subject: entry.target, message: `${state.detail} (run: majordomus update)` });
          break;
        case 'stale':
          if (context.gate === 'watch')
            context.violation({ ...at, message: `${state.detail} (run: majordomus update)`, reproduce: 'majordomus update --check' });
          else context.info({ subject: entry.target, message: `${state.detail} (run: majordomus update; watch reports it as drift)` });
          break;
        case 'foreign':
          // majordomus judges what it generated: the repository's own instruction file is reported, never failed
          context.info({
            subject: entry.target,
            message: `${state.detail} (to add the generated region and keep its text: majordomus update --adopt ${entry.target})`,
          });
          break;
        case 'unstamped':
          context.violation({
            ...at,
            message: `${state.detail} (regenerate it: majordomus update --force)`,
            reproduce: 'majordomus update --check',
          });
          break;
        case 'hand-edited':
          context.violation({
            ...at,
            message: `${state.detail} (move the edit into the policy or a context document, then regenerate: majordomus update --force)`,
            reproduce: 'majordomus update --check',
          });
          break;
        default:
          context.violation({ ...at, message: state.detail, reproduce: 'majordomus update --check' });
      }
    }
    providerLimits(context, source, entries, generated);
  },
});

/** Each projection a provider would read only part of, for every provider the policy projects to. */
function providerLimits(
  context: ValidatorContext,
  source: NonNullable<ReturnType<typeof validatorProjectionSource>>,
  entries: readonly ProjectionEntry[],
  /** The targets majordomus generated (a cut elsewhere — the repository's own file — is noted, never failed). */
  generated: ReadonlySet<string>,
): void {
  const providers = [...new Set(entries.filter((entry) => !entry.problem).map((entry) => entry.provider))].filter((name) =>
    ADAPTERS.has(name),
  );
  if (providers.length === 0) return;
  const limits = parseLimits(context.distribution.read(LIMITS_FILE));
  const tree: LoadTree = { exists: (path) => source.exists(path), read: (path) => source.read(path), files: context.files() };
  const reported = new Set<string>();
  for (const provider of providers) {
    const adapter = adapterOf(provider);
    const limit = adapter.limit ? limits.get(adapter.limit) : undefined;
    if (!limit) continue;
    const targets = entries.filter((entry) => entry.provider === provider).map((entry) => entry.target);
    for (const leaf of loadLeaves(adapter, tree, targets)) {
      const load = providerLoad(adapter, leaf, tree, limit);
      const cuts = limit.per === 'chain' ? (load.cut ? [load.cut] : []) : load.files.filter((file) => file.readUpTo !== undefined);
      for (const cut of cuts) {
        const key = `${limit.name}\0${cut.path}`;
        if (reported.has(key)) continue;
        reported.add(key);
        const message = cutMessage(provider, limit, cut, load.files, leaf);
        if (limit.behaviour === 'truncates' && generated.has(cut.path))
          context.violation({
            subject: cut.path,
            message,
            reproduce: `majordomus context explain ${leaf === '' ? '.' : leaf} --provider ${provider}`,
          });
        else context.info({ subject: cut.path, message });
      }
    }
  }
}

function cutMessage(provider: string, limit: ProviderLimit, cut: LoadedFile, files: readonly LoadedFile[], leaf: string): string {
  const unit = limit.measure;
  const figure = `${limit.value} ${unit}${limit.per === 'chain' ? ' for the files it joins' : ' per file'}${limit.setting ? ` (${limit.setting})` : ''}`;
  const where =
    limit.per === 'chain'
      ? `the files it loads for ${leaf === '' ? 'the root' : `${leaf}/`} come to ${files.reduce((sum, file) => sum + file.size, 0)} ${unit}, so it stops ${cut.dropped ? `before ${cut.path}` : `${cut.readUpTo} ${unit} into ${cut.path}`}`
      : `${cut.path} is ${cut.size} ${unit}`;
  const verb = limit.behaviour === 'truncates' ? 'reads at most' : 'advises at most';
  return `${provider} ${verb} ${figure}: ${where} (shorten the files on the way, or move detail into documents they point to; source: ${limit.source})`;
}
