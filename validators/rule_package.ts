import { PACKAGE_FORMAT } from '../engine/layer/rule-package';
import type { RulePackage } from '../engine/layer/rule-package';
import { rulesDir } from '../engine/rules';
import { defineValidator } from '../engine/validator';
import type { ValidatorContext } from '../engine/validator';

export default defineValidator({
  name: 'rule_package',
  description: 'The vendored packages match their manifests file for file, and the rule set loads whole.',
  gates: ['doctor', 'watch'],
  run(context) {
    const { rules } = context;
    if (rules.packages.length === 0) {
      const dir = `${rulesDir(context.layout)}/vendor`;
      context.violation({ subject: dir, message: `no vendored rule package under ${dir}: the baseline is missing (run: majordomus init --extend)` });
    }
    for (const pkg of rules.packages) checkPackage(context, pkg);
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
  const { layout } = context;
  const file = pkg.manifestFile;
  if (pkg.manifestError) {
    const error = pkg.manifestError;
    context.violation({ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` });
  }
  for (const problem of pkg.schemaProblems) {
    context.violation({ subject: file, file, line: problem.line, message: problem.message });
  }
  const manifest = pkg.manifest;
  if (!manifest || !Array.isArray(manifest.rules)) return;
  if (manifest.format !== PACKAGE_FORMAT) return; // the schema problem above names it
  const listed = new Set<string>();
  manifest.rules.forEach((entry, index) => {
    if (!entry || typeof entry !== 'object' || typeof entry.file !== 'string') return;
    const line = pkg.manifestDoc?.lines.get(`rules.${index}.file`);
    const path = `${pkg.dir}/${entry.file}`;
    listed.add(path);
    if (!layout.tree.exists(path)) {
      context.violation({ subject: path, file, line, message: `listed in ${file} but missing (restore it with: majordomus rules vendor update --force)` });
      return;
    }
    const actual = layout.tree.sha256(path);
    if (actual !== entry.sha256) {
      context.violation({
        subject: path,
        file: path,
        message: `differs from its manifest hash (sha256 ${actual.slice(0, 12)}…, listed ${String(entry.sha256).slice(0, 12)}…): a vendored rule is never edited by hand (restore it with: majordomus rules vendor update --force, or write a project rule)`,
      });
    }
    const declared = declaredIdentity(context, path);
    const expected = `${entry.id}@${entry.version}`;
    if (declared !== undefined && declared !== expected) {
      context.violation({ subject: path, file: path, message: `declares ${declared} but ${file} lists it as ${expected}` });
    }
  });
  for (const path of pkg.filesOnDisk) {
    if (!listed.has(path)) {
      context.violation({ subject: path, file: path, message: `a rule file ${file} does not list: the package holds only what its manifest names (remove it, or move it to the project rules)` });
    }
  }
}

/** `id@version` as the file's front matter declares it, or undefined when it cannot be read. */
function declaredIdentity(context: ValidatorContext, path: string): string | undefined {
  const loaded = context.rules.rules.find((rule) => rule.file === path);
  if (loaded) return loaded.identity;
  try {
    const value = context.repository.markdown(path).data.value as { id?: unknown; version?: unknown };
    return typeof value.id === 'string' && Number.isInteger(value.version) ? `${value.id}@${String(value.version)}` : undefined;
  } catch {
    return undefined; // the load problem names why it cannot be read
  }
}
