/**
 * The finish contract: the policy's `verification.finish_requires` lists the keys a task must meet to
 * finish, and each key means the rule whose `policy_key` it is. A key no rule of the effective set
 * defines at the finish gate cannot be met by anything, so the contract fails on it by name — otherwise
 * a misspelt key, or a rule dropped from the set, would quietly shrink what finishing proves.
 *
 * A plugin on the runner's hooks: it reads the rule set when loaded, the policy of the repository the
 * gate opened, and adds its findings to the gate's own (the exit code follows from them). With no task
 * at all there is nothing to finish, and the contract is not judged.
 */

import type { Finding } from '../../api/findings';
import { ExitCode } from '../../errors';
import type { RunnerPlugin } from '../../gate/run-gate';
import type { Runner } from '../../gate/runner';
import type { RuleSet } from '../../layer/rule-types';
import { appliesAt } from '../../ruleset/gates';
import { readCurrentTask } from './current';

/** The contract's keys as the policy lists them, with their lines; or why it cannot be read. */
export type ContractKeys =
  | { readonly file: string; readonly keys: readonly { readonly key: string; readonly line?: number }[]; readonly problem?: undefined }
  | { readonly file: string; readonly problem: string };

/** The rules that define each key of the contract at the finish gate. */
export function contractFindings(contract: ContractKeys, ruleSet: RuleSet): Finding[] {
  const base = { category: 'policy', reproduce: 'majordomus finish --check', exitCode: ExitCode.contract, file: contract.file } as const;
  if (contract.problem !== undefined) {
    return [
      {
        ...base,
        level: 'FAIL',
        subject: contract.file,
        message: `the finish contract cannot be read: ${contract.problem} (run: majordomus doctor)`,
      },
    ];
  }
  const findings: Finding[] = [];
  for (const { key, line } of contract.keys) {
    const defining = ruleSet.rules.filter((rule) => rule.enforcement?.policyKey === key);
    if (defining.some((rule) => appliesAt(rule, 'finish'))) continue;
    const why =
      defining.length > 0
        ? `is defined by ${defining.map((rule) => rule.identity).join(', ')}, which the finish gate does not run`
        : 'is the policy_key of no rule, so nothing can meet it';
    findings.push({
      ...base,
      level: 'FAIL',
      subject: `verification.finish_requires: ${key}`,
      line,
      message: `the finish contract requires \`${key}\`, which ${why} (fix the key, or add the rule that defines it)`,
    });
  }
  return findings;
}

/** Adds the contract's findings to a finish gate (not to a run of chosen rules: `--rule` asks for those alone). */
export class FinishContract implements RunnerPlugin {
  static readonly pluginName = 'FinishContract';

  apply(runner: Runner): void {
    let ruleSet: RuleSet | undefined;
    let contract: ContractKeys | undefined;
    runner.hooks.loaded.tap(FinishContract.pluginName, (loaded) => {
      ruleSet = loaded;
    });
    runner.hooks.beforeGate.tap(FinishContract.pluginName, (_gate, _rules, target) => {
      // with no task there is nothing to finish: a repository that does not work in tasks pushes as before
      if (target.kind === 'repository' && readCurrentTask(target.repository.root, target.repository.layout.localDir).status !== 'absent')
        contract = readContract(target.repository);
    });
    runner.hooks.processFindings.tap(FinishContract.pluginName, (findings) =>
      contract && ruleSet ? [...findings, ...contractFindings(contract, ruleSet)] : findings,
    );
  }
}

/** `verification.finish_requires` of the repository's policy. */
function readContract(repository: {
  readonly layout: { readonly policyFile: string };
  yaml(file: string): { value: unknown; lines: ReadonlyMap<string, number> };
}): ContractKeys {
  const file = repository.layout.policyFile;
  let doc: ReturnType<typeof repository.yaml>;
  try {
    doc = repository.yaml(file);
  } catch (error) {
    return { file, problem: error instanceof Error ? error.message : String(error) };
  }
  const listed = (doc.value as { verification?: { finish_requires?: unknown } } | null)?.verification?.finish_requires;
  if (listed === undefined) return { file, keys: [] };
  if (!Array.isArray(listed) || !listed.every((key) => typeof key === 'string'))
    return { file, problem: '`verification.finish_requires` is not a list of keys' };
  return { file, keys: listed.map((key: string, index) => ({ key, line: doc.lines.get(`verification.finish_requires.${index}`) })) };
}
