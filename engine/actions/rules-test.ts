/**
 * `majordomus rules test [<id>]`: run the cases of every rule that names a test directory (or of one
 * rule), one line per case, then a summary; exit 10 when a case fails.
 */

import type { Invocation } from '../commands/define';
import { ExitCode, UsageError } from '../errors';
import type { RepositoryValidators } from '../gate/isolation/settings';
import { policyMemoryMb, policyTimeoutMs, repositoryValidatorSwitch } from '../gate/isolation/settings';
import { builtinRegistry } from '../gate/registry';
import type { CaseResult } from '../gate/rule-test';
import { caseDirectories, runRuleCases } from '../gate/rule-test';
import { Repository } from '../layer/repository';
import { loadRuleSet } from '../ruleset/rules';

export async function runRulesTest(
  id: string | undefined,
  options: { json?: boolean; repositoryValidators?: boolean },
  invocation: Invocation,
): Promise<void> {
  const { cwd, env } = invocation;
  const repositoryValidators = repositoryValidatorSwitch(options.repositoryValidators, env);
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const { layout, git } = repository;
  const tree = layout.tree;
  const ruleSet = loadRuleSet(layout);
  if (ruleSet.refused) {
    for (const problem of ruleSet.problems)
      process.stderr.write(`majordomus: ${problem.file ?? problem.subject}${problem.line ? `:${problem.line}` : ''}: ${problem.message}\n`);
    process.stderr.write('majordomus: the rule set is refused; run: majordomus doctor\n');
    process.exitCode = ExitCode.contract;
    return;
  }
  let rules = ruleSet.rules.filter((rule) => rule.enforcement && caseDirectories(tree, rule).length > 0);
  if (id !== undefined) {
    const rule = ruleSet.rules.find((r) => r.identity === id || r.id === id);
    if (!rule) throw new UsageError(`no rule ${id} in the effective set (list them with: majordomus rules list)`);
    if (!rule.enforcement) throw new UsageError(`${rule.identity} names no validator, so there is nothing to run`);
    if (!rules.includes(rule)) {
      throw new UsageError(
        `${rule.identity} names no test directory with valid/ and invalid/ cases (x-majordomus.tests; create one with: majordomus rules new)`,
      );
    }
    rules = [rule];
  }
  const registry = await builtinRegistry(layout);
  // the cases carry no policy: the limits are this repository's
  const limits: RepositoryValidators = {
    ...repositoryValidators,
    timeoutMs: policyTimeoutMs(repository),
    memoryMb: policyMemoryMb(repository),
  };
  const results: CaseResult[] = [];
  for (const rule of rules) {
    for (const result of await runRuleCases(git.root, tree, rule, { registry, repositoryValidators: limits, cwd, env }))
      results.push(result);
  }
  const failed = results.filter((r) => !r.passed).length;
  const lines = results.map((r) =>
    options.json
      ? JSON.stringify({
          rule: r.rule,
          case: r.case,
          dir: r.dir,
          status: r.passed ? 'ok' : 'FAIL',
          subjects: r.subjects,
          reason: r.reason ?? null,
        })
      : `${r.passed ? 'ok  ' : 'FAIL'} ${r.rule} ${r.dir}/${r.case}${r.reason ? ` — ${r.reason}` : ''}`,
  );
  if (!options.json) {
    lines.push(
      rules.length === 0 ? 'rules test: no rule names a test directory' : `rules test: ${results.length} case(s), ${failed} failed`,
    );
  }
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  process.exitCode = failed > 0 ? ExitCode.contract : ExitCode.ok;
}
