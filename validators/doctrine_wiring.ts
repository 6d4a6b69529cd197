import { isUnreadable, printable, unsafePathReason } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { gates } from '../engine/generated/gates';
import type { Rule } from '../engine/layer/rule-types';
import { adoptedPacks, BASELINE_PACK, packOfValidator } from '../engine/packs/registry';

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
      const fix = pack
        ? `the distribution's \`${pack.name}\` pack declares it in a rule its vendored copy here lacks; run: majordomus rules vendor update`
        : 'declare it in a rule, or remove it';
      context.violation({
        subject: name,
        message: `validator exists but no rule declares it: \`${name}\` is registered and no rule of the effective set names it (${fix})`,
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
