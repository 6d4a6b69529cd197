/**
 * `rules vendor status|update|add|remove`: compare, refresh, adopt and drop the vendored copies of the
 * packs the repository adopted (the baseline and any other), refusing to replace work done by hand.
 */
import type { Invocation } from '../../commands/define';
import { ContractError, ExitCode, MajordomusError, RefusedError, UsageError } from '../../errors';
import { nearestName as nearestRegistered } from '../../io/nearest-name';
import { lockFile, withWriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import type { PackDefinition } from '../../packs/registry';
import { adoptablePacks, isPackName, packs } from '../../packs/registry';
import { shippedPackage } from '../../packs/shipped';
import type { VendorChange, VendorStatus } from '../../packs/vendor';
import {
  foreignReasons,
  heldVendors,
  keptPacks,
  planVendorAdd,
  planVendorRemove,
  planVendorUpdate,
  unlistedFiles,
  vendoredDir,
  vendorStatus,
} from '../../packs/vendor';
import type { Rule, RuleSet } from '../../ruleset/rules';
import { loadRuleSet } from '../../ruleset/rules';
import { open, print } from './shared';

/**
 * `rules vendor status`, for the baseline and every other pack the repository adopted: absent 12 (when
 * nothing at all is vendored), damaged 10, different (or the baseline missing beside another pack) 11,
 * current 0.
 */
export async function runVendorStatus(invocation: Invocation): Promise<void> {
  const { layout } = open(invocation);
  const kept = keptPacks(layout).map((pack) => pack.name);
  const statuses = kept.map((vendor) => ({ vendor, status: vendorStatus(layout, vendor) }));
  const lines: string[] = [];
  for (const { vendor, status } of statuses) {
    switch (status.state) {
      case 'absent':
        lines.push(`rules vendor: ${vendor}: nothing is vendored under ${status.dir}`);
        break;
      case 'damaged':
        for (const problem of status.problems) lines.push(`${problem.subject}: ${problem.message}`);
        lines.push(
          `rules vendor: ${vendor}: the vendored copy under ${status.dir} is damaged, ${status.problems.length} problem(s) (restore it with: majordomus rules vendor update --force)`,
        );
        break;
      case 'different':
        for (const change of status.changes) lines.push(`${vendor}: ${change}`);
        lines.push(
          `rules vendor: ${vendor}: the vendored copy under ${status.dir} differs from the package this majordomus ships (${shippedRevision(vendor)}), ${status.changes.length} difference(s) (run: majordomus rules vendor update)`,
        );
        break;
      case 'current':
        lines.push(`rules vendor: ${vendor} ${status.revision}, ${status.rules} rule(s), current`);
    }
  }
  print(lines);
  const states = statuses.map(({ status }) => status.state);
  if (states.every((state) => state === 'absent')) {
    throw new MajordomusError('rules vendor: nothing is vendored (run: majordomus rules vendor update)', ExitCode.missing);
  }
  const damaged = statuses.filter(({ status }) => status.state === 'damaged').map(({ status }) => status.dir);
  if (damaged.length > 0) {
    throw new ContractError(
      `rules vendor: the vendored copy under ${damaged.join(', ')} is damaged (see above; restore it with: majordomus rules vendor update --force)`,
    );
  }
  // the baseline missing beside another pack is a difference too
  if (states.includes('different') || states.includes('absent')) {
    const foreign = kept.filter((vendor) => foreignReasons(layout, vendor).length > 0);
    const next =
      foreign.length > 0
        ? `the vendored ${foreign.join(', ')} is not a package this version ships (${foreign.map((vendor) => foreignReasons(layout, vendor).join('; ')).join('; ')}), so update replaces it only with --force: majordomus rules vendor update --force`
        : 'run: majordomus rules vendor update';
    throw new MajordomusError(`rules vendor: the distribution ships a different package (see above; ${next})`, ExitCode.drift);
  }
}

export interface VendorUpdateOptions {
  readonly force?: boolean;
}

/**
 * `rules vendor update [--force]`: write the packages this version ships over the vendored copies of
 * the baseline and of every other pack the repository adopted, in one plan. Without `--force` it
 * refuses (15), changing nothing, over a hand edit or over a package that is not the one this version
 * ships, and lists what it would remove and replace. A pack the repository dropped stays dropped.
 */
export async function runVendorUpdate(options: VendorUpdateOptions, invocation: Invocation): Promise<void> {
  const { git, layout } = open(invocation);
  const command = 'rules vendor update';
  await withWriteLock(lockFile(git.commonDir), command, () => {
    const plan = new WritePlan({ command, base: git.root });
    const packs = keptPacks(layout).map(({ name: vendor }) => ({
      vendor,
      status: vendorStatus(layout, vendor),
      foreign: foreignReasons(layout, vendor),
      changes: planVendorUpdate(plan, layout, vendor),
    }));
    const held = packs.filter((pack) => pack.status.state === 'damaged' || pack.foreign.length > 0);
    if (held.length > 0 && !options.force) throw vendorRefusal(held);
    plan.commit();
    const lines: string[] = [];
    for (const { vendor, status, foreign, changes } of packs) {
      const wrote = changes.filter((change) => change.action === 'write').length;
      for (const change of changes) lines.push(`${change.action === 'write' ? 'wrote' : 'removed'} ${change.path}`);
      if (changes.length === 0) {
        lines.push(`rules vendor: ${shippedSummary(vendor)}, current; nothing to write`);
        continue;
      }
      const replaced =
        foreign.length > 0
          ? ` (it replaced a package this version does not ship: ${foreign.join('; ')})`
          : status.state === 'damaged'
            ? ' (it replaced a copy changed by hand)'
            : '';
      lines.push(`rules vendor: ${shippedSummary(vendor)}; ${wrote} path(s) written, ${changes.length - wrote} removed${replaced}`);
    }
    if (packs.some((pack) => pack.changes.length > 0)) lines.push('next: majordomus doctor');
    print(lines);
  });
}

/** `<pack> <revision>, <n> rule(s)`: the package this version ships. */
function shippedSummary(pack: string): string {
  const shipped = shippedPackage(pack).pkg.manifest;
  return `${pack} ${String(shipped?.source_revision ?? '')}, ${shipped?.rules?.length ?? 0} rule(s)`;
}

/** The pack named on the command line; a usage error (2) naming the nearest one when this version ships none of that name. */
function namedPack(name: string): PackDefinition {
  if (isPackName(name)) return packs[name];
  const names = adoptablePacks().map((pack) => pack.name);
  const nearest = nearestRegistered(name, names);
  throw new UsageError(
    `no pack ${JSON.stringify(name)} ships with this majordomus (${nearest ? `nearest: ${nearest}; ` : ''}the packs: ${names.join(', ')})`,
  );
}

/**
 * `rules vendor add <pack>`: adopt a pack this version ships — write its rule package under
 * `<rules>/vendor/<pack>/` (plan, check, write, under the write lock). A pack already adopted, its copy
 * current, is nothing to write (0); a copy that is there and is not the current one is never written
 * over (15: `rules vendor update` is its writer); the examples are never vendored (2).
 */
export async function runVendorAdd(name: string, invocation: Invocation): Promise<void> {
  const pack = namedPack(name);
  if (pack.vendoring === 'never') {
    throw new UsageError(
      `the ${pack.name} pack holds worked examples and is never vendored (copy the rules you want into the project rules, e.g. with: majordomus rules show <id>)`,
    );
  }
  const { git, layout } = open(invocation);
  const command = 'rules vendor add';
  await withWriteLock(lockFile(git.commonDir), command, () => {
    const dir = vendoredDir(layout, pack.name);
    if (heldVendors(layout).includes(pack.name)) {
      const status = vendorStatus(layout, pack.name);
      if (status.state === 'current' && unlistedFiles(layout, pack.name).length === 0) {
        print([`rules vendor: ${shippedSummary(pack.name)}, already adopted under ${dir} and current; nothing to write`]);
        return;
      }
      throw new RefusedError(
        `${dir} is there and is not the current ${pack.name} package (${status.state}), and add never writes over a vendored copy (see: majordomus rules vendor status; bring it current with: majordomus rules vendor update)`,
      );
    }
    const plan = new WritePlan({ command, base: git.root });
    planVendorAdd(plan, layout, pack.name);
    const written = plan.commit();
    print([
      ...written.map((done) => `wrote ${done.path}`),
      `rules vendor: adopted ${shippedSummary(pack.name)}; ${written.length} path(s) written`,
      'next: majordomus doctor',
    ]);
  });
}

export interface VendorRemoveOptions {
  readonly force?: boolean;
}

/**
 * `rules vendor remove <pack> [--force]`: drop an adopted pack — remove its vendored copy whole (plan,
 * check, write, under the write lock). Refused (15), changing nothing: the baseline, which every
 * adopted repository carries; a copy holding someone's work (a hand edit, a file the package does not
 * list, another version's or vendor's package) unless `--force`; and a pack whose rules a rule that
 * stays depends on. A pack not adopted is nothing to remove (0).
 */
export async function runVendorRemove(name: string, options: VendorRemoveOptions, invocation: Invocation): Promise<void> {
  const pack = namedPack(name);
  if (pack.vendoring === 'always') {
    throw new RefusedError(
      `the ${pack.name} pack is the baseline every adopted repository carries, and it cannot be removed (to stop adopting majordomus, remove .ai/ yourself)`,
    );
  }
  const { git, layout } = open(invocation);
  const command = 'rules vendor remove';
  await withWriteLock(lockFile(git.commonDir), command, () => {
    const dir = vendoredDir(layout, pack.name);
    if (!heldVendors(layout).includes(pack.name)) {
      print([`rules vendor: ${pack.name} is not adopted here (nothing under ${dir}); nothing to remove`]);
      return;
    }
    const dependents = dependentsOf(loadRuleSet(layout), pack.name);
    if (dependents.length > 0) {
      throw new RefusedError(
        `${dependents.length} rule(s) that stay depend on rules of the ${pack.name} pack, and would be refused without it; nothing was removed (drop those depends_on entries first)`,
        dependents.map(({ rule, on }) => `  ${rule.file}: ${rule.identity} depends on ${on}`),
      );
    }
    const status = vendorStatus(layout, pack.name);
    const foreign = foreignReasons(layout, pack.name);
    const unlisted = unlistedFiles(layout, pack.name);
    const plan = new WritePlan({ command, base: git.root });
    const changes = planVendorRemove(plan, layout, pack.name);
    if ((status.state === 'damaged' || foreign.length > 0 || unlisted.length > 0) && !options.force) {
      const why = [
        ...(status.state === 'damaged' ? [`it was changed by hand or damaged (${status.problems.length} problem(s))`] : []),
        ...foreign,
        ...(unlisted.length > 0 ? [`it holds ${unlisted.length} file(s) the package does not list`] : []),
      ];
      throw new RefusedError(
        `rules vendor: the vendored copy under ${dir} may hold someone's work: ${why.join('; ')}; remove deletes such a copy only with --force, and nothing was removed (to do that: majordomus rules vendor remove ${pack.name} --force)`,
        [
          ...(status.state === 'damaged' ? status.problems.map((problem) => `  ${problem.subject}: ${problem.message}`) : []),
          ...unlisted.map((path) => `  would remove ${path}`),
        ],
      );
    }
    const removed = plan.commit();
    print([
      ...removed.map((done) => `removed ${done.path}`),
      `rules vendor: dropped the ${pack.name} pack; ${changes.length} path(s) removed (adopt it again with: majordomus rules vendor add ${pack.name})`,
      'next: majordomus doctor',
    ]);
  });
}

/** The rules outside `pack` (loaded, effective or refused) that depend on a rule of it, with the identity each names. */
function dependentsOf(ruleSet: RuleSet, pack: string): { rule: Rule; on: string }[] {
  const own = (rule: Rule): boolean => rule.provenance.origin === 'vendor' && rule.provenance.vendor === pack;
  const all = [...ruleSet.rules, ...(ruleSet.refusedRules ?? [])];
  const identities = new Set(all.filter(own).map((rule) => rule.identity));
  const out: { rule: Rule; on: string }[] = [];
  for (const rule of all) {
    if (own(rule)) continue;
    for (const on of rule.dependsOn) if (identities.has(on)) out.push({ rule, on });
  }
  return out;
}

/** The refusal of an update that would replace someone's work: why, then every path it would remove or replace. */
function vendorRefusal(
  held: readonly { vendor: string; status: VendorStatus; foreign: readonly string[]; changes: readonly VendorChange[] }[],
): RefusedError {
  const lines: string[] = [];
  const why: string[] = [];
  for (const { vendor, status, foreign, changes } of held) {
    if (foreign.length > 0)
      why.push(`the vendored copy under ${status.dir} is not the ${vendor} package this version ships: ${foreign.join('; ')}`);
    if (status.state === 'damaged') {
      why.push(`the vendored copy under ${status.dir} was changed by hand or damaged (${status.problems.length} problem(s))`);
      for (const problem of status.problems) lines.push(`  ${problem.subject}: ${problem.message}`);
    }
    for (const change of changes) {
      lines.push(`  would ${change.action === 'remove' ? 'remove' : change.replaces ? 'replace' : 'write'} ${change.path}`);
    }
  }
  const counts = held.flatMap((pack) => pack.changes);
  const removed = counts.filter((change) => change.action === 'remove').length;
  const replaced = counts.filter((change) => change.action === 'write' && change.replaces).length;
  return new RefusedError(
    `rules vendor: ${why.join('; ')}; update replaces such a copy only with --force, and nothing was changed (it would remove ${removed} and replace ${replaced} path(s), listed below; to do that: majordomus rules vendor update --force; or keep the change as a project rule)`,
    lines,
  );
}

function shippedRevision(vendor: string): string {
  return `${vendor} ${String(shippedPackage(vendor).pkg.manifest?.source_revision ?? '')}`;
}
