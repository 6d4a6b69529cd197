import { packageProblems } from '../engine/layer/rule-package';
import type { RulePackage } from '../engine/layer/rule-package';
import { rulesDir } from '../engine/rules';
import { defineValidator } from '../engine/validator';
import { vendoredFolderProblems } from '../engine/vendor';
import type { ValidatorContext } from '../engine/validator';

export default defineValidator({
  name: 'rule_package',
  description: 'The vendored packages match their manifests file for file, and the rule set loads whole.',
  gates: ['doctor', 'watch'],
  run(context) {
    const { rules } = context;
    for (const pkg of rules.packages) checkPackage(context, pkg);
    // a vendored folder that is a link, or leads out of the repository: the finding `rules vendor status` prints
    for (const problem of vendoredFolderProblems(context.layout)) context.violation({ subject: problem.subject, file: problem.file, message: problem.message });
    for (const problem of rules.problems) {
      context.violation({ subject: problem.subject, file: problem.file, line: problem.line, message: problem.message });
    }
    if (rules.refused) {
      context.violation({ subject: rulesDir(context.layout), message: `the rule set is refused (${rules.problems.length} problem(s) above); no rule of it runs until they are fixed` });
    } else {
      context.ok({ subject: rulesDir(context.layout), message: `${rules.files.length} rule file(s) loaded, ${rules.rules.length} rule(s) effective` });
    }
  },
});

function checkPackage(context: ValidatorContext, pkg: RulePackage): void {
  const loaded = new Map(context.rules.rules.map((rule) => [rule.file, rule.identity]));
  for (const problem of packageProblems(context.layout.tree, pkg, (path) => loaded.get(path))) {
    context.violation({ subject: problem.subject, file: problem.file, line: problem.line, message: problem.message });
  }
}
