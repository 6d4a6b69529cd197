import { isUnreadable, printable, unsafePathReason } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { gates } from '../engine/generated/gates';
import type { RulePackageManifest } from '../engine/generated/types';
import type { Rule } from '../engine/layer/rule-types';
import { adoptedPacks, BASELINE_PACK, packOfValidator } from '../engine/packs/registry';
import { compareRevisions } from '../engine/packs/vendor';

export default defineValidator({
  name: 'doctrine_wiring',
  description:
    'Every rule resolves to a registered validator at gates that exist, proved by tests that exist; every validator is declared.',
  gates: ['doctor'],
  run(context) {
    const { rules, registry } = context;
    const declared = new Set<string>();
    let enforced = 0;
    let declaredOnly = 0;
    // a set, not a scan of the selected list per rule: that was quadratic in the number of rules
    const selected = new Set(context.selected);
    for (const rule of rules.rules) {
      if (rule.class !== 'blocking' && rule.class !== 'advisory') {
        context.violation({
          subject: rule.identity,
          file: rule.file,
          line: rule.doc.lines.get('class'),
          message: `class ${JSON.stringify(rule.class)} is neither blocking nor advisory`,
        });
      }
      const enforcement = rule.enforcement;
      if (!enforcement) {
        // a rule that declares tests without a validator runs at no gate, but what it declares is audited
        if (rule.declaration) {
          declaredOnly++;
          checkTests(context, rule, rule.declaration.tests);
        }
        continue;
      }
      enforced++;
      declared.add(enforcement.validator);
      // a repository validator is checked when a rule naming it runs (it is imported only then)
      const validator = registry.get(enforcement.validator);
      // the runner itself reports what stops a rule it runs at this gate
      const reportedByRunner = selected.has(rule);
      if (!registry.has(enforcement.validator) && !reportedByRunner) {
        const nearest = registry.nearest(enforcement.validator);
        context.violation({
          subject: rule.identity,
          file: rule.file,
          line: rule.doc.lines.get('x-majordomus.validator'),
          message: `names the validator \`${enforcement.validator}\`, which is not registered${nearest ? ` (nearest registered: \`${nearest}\`)` : ''}`,
        });
      }
      enforcement.enforcedBy.forEach((name, index) => {
        const line = rule.doc.lines.get(`x-majordomus.enforced_by.${index}`);
        if (!Object.hasOwn(gates, name)) {
          context.violation({
            subject: rule.identity,
            file: rule.file,
            line,
            message: `is enforced by \`${name}\`, which is not a gate (gates: ${Object.keys(gates).join(', ')})`,
          });
        } else if (validator && !validator.gates.includes(name as keyof typeof gates) && !(reportedByRunner && name === context.gate)) {
          context.violation({
            subject: rule.identity,
            file: rule.file,
            line,
            message: `is enforced by \`${name}\`, but the validator \`${validator.name}\` runs only at ${validator.gates.join(', ')}`,
          });
        }
      });
      checkTests(context, rule, enforcement.tests);
    }
    // the validators audited are those of the packs this repository adopted (the baseline always): a
    // validator of a pack it did not adopt is that pack's business, not a validator no rule declares
    const adopted = new Set([BASELINE_PACK, ...adoptedPacks(rules.packages.map((pkg) => pkg.vendor)).map((pack) => pack.name)]);
    let notAdopted = 0;
    for (const name of registry.builtinNames()) {
      // a generic validator serves the repository's own rules through options; none need use it
      if (declared.has(name) || registry.get(name)?.generic === true) continue;
      const pack = packOfValidator(name);
      if (pack && !adopted.has(pack.name)) {
        notAdopted++;
        continue;
      }
      const remedy = pack ? remedyFor(context, pack.name, name) : 'declare it in a rule, or remove it';
      context.violation({
        subject: name,
        message: `validator exists but no rule declares it: \`${name}\` is registered and no rule of the effective set names it (${remedy})`,
        // an older release of this version's package is brought current by the tool's own updater
        ...(remedy.endsWith('(run: majordomus rules vendor update)') ? { fix: ['rules', 'vendor', 'update'] } : {}),
      });
    }
    for (const { name, file } of registry.projectFiles()) {
      if (registry.get(name)) {
        context.violation({
          subject: file,
          file,
          message: `the repository validator \`${name}\` is shadowed by the built-in validator of that name, so it never runs (rename the file and the rules naming it)`,
        });
      } else if (!declared.has(name)) {
        context.violation({
          subject: file,
          file,
          message: `validator exists but no rule declares it: ${file} is a repository validator no rule of the effective set names (declare it in a rule, or remove it)`,
        });
      }
    }
    const unenforced = declaredOnly > 0 ? `, ${declaredOnly} rule(s) declaring tests without a validator (run at no gate)` : '';
    const skipped = notAdopted > 0 ? `; ${notAdopted} validator(s) of packs not adopted here left out` : '';
    context.ok({
      subject: 'rules',
      message: `${enforced} enforced rule(s) and ${registry.names().length - notAdopted} validator(s) reconciled${unenforced}${skipped}`,
    });
  },
});

/**
 * Each test a rule names must exist in the repository that owns the rule: the governed repository for
 * a project rule, this distribution for a vendored rule it ships byte for byte. A vendored rule it does
 * not ship (another vendor, another release of a package, a hand edit) carries tests that live with
 * whoever wrote it: each is noted, never failed, since nothing here can check it. Whether a rule is
 * ours is judged by its content, not by the folder it is vendored under.
 */
function checkTests(context: ValidatorContext, rule: Rule, tests: readonly string[]): void {
  const provenance = rule.provenance;
  let exists: (test: string) => boolean;
  let where: string;
  if (provenance.origin === 'project') {
    // read like every tracked file: from the index inside a pre-commit hook
    exists = (test) => context.exists(test);
    where = 'this repository';
  } else if (isShipped(context, rule, provenance.vendor)) {
    // a rule this distribution ships carries its tests with the distribution (or its build's record of them)
    exists = (test) => context.distribution.hasTest(test);
    where = 'the majordomus distribution';
  } else {
    const pkg = context.rules.packages.find((candidate) => candidate.vendor === provenance.vendor)?.manifest?.package;
    const owner =
      typeof pkg === 'string' && pkg !== '' ? `${printable(pkg, 80)} (vendor ${provenance.vendor})` : `vendor ${provenance.vendor}`;
    tests.forEach((test, index) => {
      const line = rule.doc.lines.get(`x-majordomus.tests.${index}`);
      context.info({
        subject: rule.identity,
        file: rule.file,
        line,
        message: `names the test ${printable(test, 200)}, declared by ${owner}; not verifiable here (this distribution does not ship the rule, so its tests are not here)`,
      });
    });
    return;
  }
  tests.forEach((test, index) => {
    const line = rule.doc.lines.get(`x-majordomus.tests.${index}`);
    const unsafe = unsafePathReason(test);
    if (unsafe) {
      context.violation({
        subject: rule.identity,
        file: rule.file,
        line,
        message: `names the test ${JSON.stringify(test)}, which ${unsafe}`,
      });
    } else if (!exists(test)) {
      context.violation({
        subject: rule.identity,
        file: rule.file,
        line,
        message: `names the test ${test}, which does not exist in ${where} (write it, or correct the path)`,
      });
    }
  });
}

/**
 * What to do about the validator `name` of `pack` that no rule of the effective set names, true in the
 * state the repository is in: the vendored copy holds the rule that declares it but the rule was
 * refused (its own finding says why); the copy is an older release of this version's package (update
 * it); the copy is this release damaged, or another release or vendor's package — the upstream tool's
 * own, say — which `rules vendor update` replaces only with `--force`.
 */
function remedyFor(context: ValidatorContext, pack: string, name: string): string {
  const declaring = context.distribution.ruleNaming(pack, name);
  const vendored = context.rules.packages.find((pkg) => pkg.vendor === pack);
  const theirs = vendored?.manifest;
  const listed = declaring ? theirs?.rules?.find((entry) => entry?.id === declaring.id) : undefined;
  if (declaring && vendored) {
    const file = [vendored.dir, listed && typeof listed.file === 'string' ? listed.file : ['rules', declaring.file].join('/')].join('/');
    const refused = (context.rules.refusedRules ?? []).some((rule) => rule.id === declaring.id && rule.provenance.origin === 'vendor');
    if (refused || context.rules.problems.some((problem) => problem.file === file))
      return `the vendored copy holds the rule that declares it, \`${declaring.id}\` (${file}), and that rule was refused: fix what its own finding names, and the validator runs under it`;
  }
  const ours = context.distribution.packageManifest(pack);
  const ourRevision = String(ours?.source_revision ?? '');
  const theirRevision = String(theirs?.source_revision ?? '');
  const declares = declaring ? `this version declares it in \`${declaring.id}\`` : 'this version declares it in its own package';
  if (!vendored || !theirs)
    return `${declares}; the vendored copy of the \`${pack}\` package is unreadable or absent (restore it with: majordomus rules vendor update --force)`;
  const order = compareRevisions(theirRevision, ourRevision);
  const samePackage = theirs.package === ours?.package && theirs.vendor === ours?.vendor;
  // the same name and release with other rules listed is another package, whatever it calls itself
  const sameRules = samePackage && order === 0 && sameEntries(theirs, ours);
  if (!samePackage || order === undefined || order > 0 || (order === 0 && !sameRules)) {
    const which =
      samePackage && order === 0
        ? 'whose manifest lists other rules than the one this version ships'
        : `not the release this version ships (${String(ours?.package)} ${ourRevision})`;
    return `${declares}; the vendored \`${pack}\` package is ${printable(String(theirs.package ?? 'unnamed'), 80)} ${printable(theirRevision, 40)}, ${which}, and none of its rules names it (to run it, adopt this version's package, which replaces the vendored one: majordomus rules vendor update --force)`;
  }
  if (order < 0 && !damaged(context, vendored.dir, theirs))
    return `${declares}, which the vendored release ${theirRevision} predates (run: majordomus rules vendor update)`;
  return `${declares}; the vendored copy of release ${theirRevision} lacks it or was changed by hand (restore it with: majordomus rules vendor update --force)`;
}

/** True when two manifests list the same rules (identity and hash), in any order. */
function sameEntries(a: RulePackageManifest, b: RulePackageManifest | undefined): boolean {
  const key = (manifest: RulePackageManifest | undefined): string =>
    (manifest?.rules ?? [])
      .map((entry) => `${entry?.id}@${entry?.version}:${entry?.sha256}`)
      .sort()
      .join('\n');
  return key(a) === key(b);
}

/** True when a rule file the vendored manifest lists is missing or differs from its hash. */
function damaged(context: ValidatorContext, dir: string, manifest: RulePackageManifest): boolean {
  return (manifest.rules ?? []).some((entry) => {
    if (!entry || typeof entry.file !== 'string' || typeof entry.sha256 !== 'string') return true;
    try {
      return context.sha256(`${dir}/${entry.file}`) !== entry.sha256;
    } catch (error) {
      if (isUnreadable(error)) return true;
      throw error;
    }
  });
}

/** True when the vendored file of `rule` is, byte for byte, a rule file this distribution ships. */
function isShipped(context: ValidatorContext, rule: Rule, vendor: string): boolean {
  // the distribution's hashes are read once per run, and only when a vendored rule's tests are checked
  const expected = context.distribution.ruleHash(vendor, rule.identity);
  if (expected === undefined) return false;
  try {
    return context.sha256(rule.file) === expected;
  } catch (error) {
    if (isUnreadable(error)) return false; // unreadable: the package audit names it
    throw error;
  }
}
