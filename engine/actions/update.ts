/**
 * `update [--check] [--dry-run] [--diff] [--force] [--adopt <target>] [--json]`: render every
 * projection the policy declares and write the targets that are not current, through one write plan
 * under the repository's write lock. Everything is decided before the first byte: a target edited by
 * hand (without --force), a malformed region, or a template that cannot render refuses the whole run,
 * and nothing is written. `--check` writes nothing and reads the tree a gate reads (the index inside a
 * pre-commit hook): it exits 10 when any target is not current, which is what the drift check wired by
 * `init` runs.
 */
import type { Invocation } from '../commands/define';
import type { ContextTree } from '../context/validate';
import { readContextTree } from '../context/validate';
import { ContractError, ExitCode, MajordomusError, RefusedError, UsageError } from '../errors';
import { lockFile, withWriteLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import { Repository } from '../layer/repository';
import { adoptedPolicyText } from '../projections/adopt';
import { unifiedDiff } from '../projections/diff';
import { isAccepted } from '../projections/inspect';
import { repositoryProjectionSource } from '../projections/open';
import type { ProjectionSource } from '../projections/source';
import { projectionEntries } from '../projections/source';
import { TemplateError } from '../projections/template';
import type { PlannedTarget, UpdatePlan } from '../projections/update';
import { isCurrent, planUpdate } from '../projections/update';
import { openRepository, say } from './shared';

export interface UpdateOptions {
  readonly check?: boolean;
  readonly dryRun?: boolean;
  readonly diff?: boolean;
  readonly force?: boolean;
  readonly adopt?: string;
  readonly json?: boolean;
}

export async function runUpdate(options: UpdateOptions, invocation: Invocation): Promise<void> {
  if (options.check && (options.force || options.adopt !== undefined))
    throw new UsageError('update: --check writes nothing, so it takes neither --force nor --adopt (run them without --check)');
  if (options.check) return check(options, invocation);
  const repository = openRepository(invocation);
  await withWriteLock(lockFile(repository.git.commonDir), 'update', () => write(repository, options));
}

/** `--check`: the plan without writing; 10 when a target is not current. */
function check(options: UpdateOptions, invocation: Invocation): void {
  const repository = Repository.open(invocation.cwd, { env: invocation.env });
  const source = repositoryProjectionSource(repository);
  const plan = planned(source, contextTree(source), {});
  const stale = plan.targets.filter((target) => !isAccepted(target.status));
  const foreign = plan.targets.filter((target) => target.status === 'foreign' || target.status === 'region absent');
  if (options.json) say(JSON.stringify(toJson(plan, [], { check: true })));
  else {
    for (const target of [...foreign, ...stale])
      say(`${target.status.padEnd(13)} ${target.state.entry.target} — ${target.reason ?? target.state.detail}`);
    if (options.diff)
      for (const target of stale)
        if (target.next) process.stdout.write(unifiedDiff(target.state.entry.target, target.state.current, target.next));
    say(
      stale.length === 0
        ? `update --check: ${plan.targets.length - foreign.length} target(s) current${foreign.length > 0 ? `, ${foreign.length} the repository's own` : ''}`
        : `update --check: ${stale.length} of ${plan.targets.length} target(s) not current (run: majordomus update)`,
    );
  }
  if (!isCurrent(plan)) process.exitCode = 10;
}

/** Plan, refuse or write; runs under the write lock. */
function write(repository: Repository, options: UpdateOptions): void {
  let source = repositoryProjectionSource(repository);
  let policyText: string | undefined;
  if (options.adopt !== undefined) {
    policyText = adoptPolicy(source, options.adopt);
    if (policyText !== source.policyText) source = repositoryProjectionSource(repository, { policyText });
  }
  const plan = planned(source, contextTree(source), { force: options.force });
  const unusable = plan.targets.filter((target) => target.status === 'invalid' || target.status === 'no template');
  if (unusable.length > 0)
    throw new MajordomusError(
      `update: ${unusable.length} projection(s) of ${source.policyFile} cannot be rendered; nothing was written`,
      ExitCode.usage,
      unusable.map((target) => `  ${target.state.detail}`),
    );
  const refused = plan.targets.filter((target) => target.action === 'refuse');
  if (refused.length > 0)
    throw new RefusedError(
      `update: ${refused.length} target(s) refused; nothing was written`,
      refused.map((target) => `  ${target.reason}`),
    );
  const changes = plan.targets.filter((target) => target.action !== 'none');
  const kept = plan.targets.filter((target) => target.status === 'foreign' && target.action === 'none');
  const policyChanged = policyText !== undefined && policyText !== repository.tree.readText(source.policyFile);
  if (options.diff) {
    for (const target of changes) process.stdout.write(unifiedDiff(target.state.entry.target, target.state.current, target.next!));
  }
  if (options.dryRun) {
    if (options.json) say(JSON.stringify(toJson(plan, [], { dryRun: true })));
    else {
      if (policyChanged) say(`would write ${source.policyFile} (mode: region for ${options.adopt})`);
      for (const target of changes) say(`would write ${target.state.entry.target} (${target.action})`);
      for (const target of kept) say(target.reason!);
      say(`update --dry-run: ${changes.length} target(s) would be written, ${plan.targets.length - changes.length - kept.length} current`);
    }
    return;
  }
  const writePlan = new WritePlan({ command: 'update', base: repository.root });
  if (policyChanged) writePlan.replace(source.policyFile, policyText!);
  for (const target of changes) {
    if (target.action === 'create') writePlan.create(target.state.entry.target, target.next!);
    else writePlan.replace(target.state.entry.target, target.next!);
  }
  const written = changes.length > 0 || policyChanged ? writePlan.commit().map((done) => done.path) : [];
  if (options.json) say(JSON.stringify(toJson(plan, written, {})));
  else {
    for (const path of written) say(`wrote ${path}`);
    for (const target of kept) say(target.reason!);
    say(
      `update: ${changes.length} target(s) written, ${plan.targets.length - changes.length - kept.length} current${kept.length > 0 ? `, ${kept.length} the repository's own` : ''}`,
    );
  }
}

/** The policy text with `target`'s entry in region mode (unchanged when it is already). */
function adoptPolicy(source: ProjectionSource, target: string): string {
  const entries = projectionEntries(source);
  const entry = entries.find((candidate) => candidate.target === target);
  if (!entry)
    throw new UsageError(
      `update --adopt: ${target} is not a target of ${source.policyFile}'s projections (its targets: ${entries.map((e) => e.target).join(', ') || 'none'})`,
    );
  if (entry.mode === 'region') return source.policyText;
  return adoptedPolicyText(source.policyFile, source.policyText, source.policyLines, entry);
}

/** The context tree the projections resolve; a tree with problems renders nothing (10). */
function contextTree(source: ProjectionSource): ContextTree {
  const tree = readContextTree(source.context);
  if (tree.allProblems.length > 0)
    throw new ContractError(
      `update: the context documents do not validate (${tree.allProblems.length} problem(s)); nothing was rendered (run: majordomus context validate)`,
    );
  return tree;
}

function planned(source: ProjectionSource, tree: ContextTree, options: { force?: boolean }): UpdatePlan {
  try {
    return planUpdate(source, tree, options);
  } catch (error) {
    if (error instanceof TemplateError)
      throw new UsageError(`update: the template ${error.message} (fix the template; nothing was written)`);
    throw error;
  }
}

function toJson(plan: UpdatePlan, written: readonly string[], mode: { check?: boolean; dryRun?: boolean }): Record<string, unknown> {
  return {
    policy: plan.policyHash,
    check: mode.check === true,
    dry_run: mode.dryRun === true,
    current: isCurrent(plan),
    targets: plan.targets.map((target: PlannedTarget) => ({
      provider: target.state.entry.provider,
      target: target.state.entry.target,
      mode: target.state.entry.mode,
      status: target.status,
      action: target.action,
      stamp: target.stamp ?? null,
      detail: target.reason ?? target.state.detail,
    })),
    written,
  };
}
