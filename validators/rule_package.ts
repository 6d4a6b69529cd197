import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import type { PackageFiles } from '../engine/layer/rule-package';
import { packageProblems } from '../engine/layer/rule-package';
import type { RulePackage } from '../engine/layer/rule-types';
import { vendoredFolderProblems } from '../engine/packs/vendor';

export default defineValidator({
  name: 'rule_package',
  description: 'The vendored packages match their manifests file for file, and every rule loads; what is refused is named.',
  gates: ['doctor', 'watch'],
  run(context) {
    const { rules } = context;
    const reported = new Set<string>();
    const report = (problem: { subject: string; file?: string; line?: number; message: string }): void => {
      // a folder that cannot be listed is both a package problem and a load problem: say it once
      const key = `${problem.subject}\0${problem.file ?? ''}\0${problem.line ?? ''}\0${problem.message}`;
      if (reported.has(key)) return;
      reported.add(key);
      context.violation({ subject: problem.subject, file: problem.file, line: problem.line, message: problem.message });
    };
    for (const pkg of rules.packages) checkPackage(context, pkg, report);
    // a vendored folder that is a link, or leads out of the repository: the finding `rules vendor status` prints
    for (const problem of vendoredFolderProblems(
      { root: context.target, tree: context.tree, list: context.list, disk: context.disk },
      context.layer.rulesDir,
    ))
      report(problem);
    for (const problem of rules.problems) report(problem);
    const dir = context.layer.rulesDir;
    if (rules.refused) {
      const refused = rules.refusedRules?.length ?? 0;
      context.info({
        subject: dir,
        message: `${rules.problems.length} load problem(s) above, ${refused} loaded rule(s) refused with them; the ${rules.rules.length} effective rule(s) run`,
      });
    } else {
      context.ok({ subject: dir, message: `${rules.files.length} rule file(s) loaded, ${rules.rules.length} rule(s) effective` });
    }
  },
});

function checkPackage(
  context: ValidatorContext,
  pkg: RulePackage,
  report: (problem: { subject: string; file?: string; line?: number; message: string }) => void,
): void {
  const loaded = new Map([...context.rules.rules, ...(context.rules.refusedRules ?? [])].map((rule) => [rule.file, rule.identity]));
  // the package's files are read from the judged tree, through the context
  const files: PackageFiles = {
    exists: context.exists,
    sha256: context.sha256,
    readText: (path, maxBytes) => context.read(path, { maxBytes }),
  };
  for (const problem of packageProblems(files, pkg, (path) => loaded.get(path))) report(problem);
}
