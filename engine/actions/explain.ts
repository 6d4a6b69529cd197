/**
 * `check --explain`: after the findings, say what was judged and why each rule that reported a violation
 * matters — its identity, its statement, and where it is documented — the way a linter's rule link
 * answers "what is this and what do I do". A plugin on the runner's hooks, tapped after the reporter's,
 * so its lines follow the findings; it changes no finding and no exit code.
 *
 * Text adds lines; JSON adds objects of their own shape (an `explain` key, never a finding's `level`):
 * one `task` object, then one `rule` object per rule explained. SARIF, JUnit and GitHub's commands are
 * documents a tool reads whole, and SARIF carries the rule catalogue already: the command adds nothing
 * to them.
 */

import type { Finding, Severity } from '../api/findings';
import { isViolation } from '../api/findings';
import type { Runner } from '../gate/runner';
import type { GateName } from '../generated/gates';
import { escapeControls } from '../io/document-error';
import { ruleHelpUrl } from '../packs/rule-docs';
import type { Rule } from '../ruleset/rules';
import type { CurrentTaskRead } from '../state/tasks/current';
import { readCurrentTask } from '../state/tasks/current';

/** One rule that reported a violation, with how many of each level. */
export interface ExplainedRule {
  readonly id: string;
  /** The rule object, when the gate's pool held it (a finding may name a rule the set refused). */
  readonly rule?: Rule;
  readonly counts: Readonly<Record<Severity, number>>;
}

export class ExplainPlugin {
  static readonly pluginName = 'ExplainPlugin';

  constructor(
    private readonly format: 'text' | 'json',
    private readonly write: (text: string) => void = (text) => void process.stdout.write(text),
  ) {}

  apply(runner: Runner): void {
    let read: CurrentTaskRead | undefined;
    runner.hooks.beforeGate.tap(ExplainPlugin.pluginName, (_gate, _rules, target) => {
      if (target.kind === 'repository') read = readCurrentTask(target.repository.root, target.repository.layout.localDir);
    });
    runner.hooks.afterGate.tap(ExplainPlugin.pluginName, (result) => {
      const explained = explainedRules(result.findings, result.rules);
      const lines = this.format === 'json' ? explainJson(result.gate, read, explained) : explainText(result.gate, read, explained);
      this.write(`${lines.join('\n')}\n`);
    });
  }
}

/** The rules that reported a violation, in the order of their first one. */
export function explainedRules(findings: readonly Finding[], pool: readonly Rule[]): ExplainedRule[] {
  const byId = new Map<string, { id: string; rule?: Rule; counts: Record<Severity, number> }>();
  for (const finding of findings) {
    if (!isViolation(finding) || finding.rule === undefined) continue;
    let entry = byId.get(finding.rule);
    if (!entry) {
      entry = { id: finding.rule, rule: pool.find((rule) => rule.id === finding.rule), counts: { FAIL: 0, WARN: 0, DRIFT: 0 } };
      byId.set(finding.rule, entry);
    }
    entry.counts[finding.level]++;
  }
  return [...byId.values()];
}

/** The header's account of the task, as one phrase. */
function judged(read: CurrentTaskRead | undefined): string {
  if (!read || read.status === 'absent') return 'no task';
  if (read.status === 'unreadable') return `no readable task (${read.file}: ${read.problems[0]?.message ?? 'unreadable'})`;
  const { task } = read;
  const what = `task ${task.id} ${JSON.stringify(task.task)} (scope: ${task.scope.join(', ')}; profile: ${task.profile})`;
  if (read.foreign) return `${what}, a record of another checkout (${task.worktree})`;
  return task.outcome === 'active' ? what : `${what}, finished as ${task.outcome}`;
}

function explainText(gate: GateName, read: CurrentTaskRead | undefined, explained: readonly ExplainedRule[]): string[] {
  const lines = [`explain: ${gate} judged ${judged(read)}`];
  if (explained.length === 0) lines.push('explain: no rule reported a violation');
  for (const { id, rule, counts } of explained) {
    const tally = (Object.entries(counts) as [Severity, number][])
      .filter(([, n]) => n > 0)
      .map(([level, n]) => `${n} ${level}`)
      .join(', ');
    lines.push(`explain: ${rule ? `${rule.identity} (${rule.class})` : id} — ${tally}`);
    if (!rule) {
      lines.push('  (no rule object with this id ran: see the findings above)');
      continue;
    }
    lines.push(`  statement: ${rule.statement}`);
    const help = ruleHelpUrl(rule);
    if (help) lines.push(`  help: ${help}`);
    lines.push(`  rule: ${rule.file}`);
  }
  return lines.map(escapeControls);
}

function explainJson(gate: GateName, read: CurrentTaskRead | undefined, explained: readonly ExplainedRule[]): string[] {
  const task = read?.status === 'present' ? read.task : undefined;
  const status =
    !read || read.status === 'absent'
      ? 'absent'
      : read.status === 'unreadable'
        ? 'unreadable'
        : read.foreign
          ? 'foreign'
          : read.task.outcome === 'active'
            ? 'active'
            : 'finished';
  const lines = [
    JSON.stringify({
      explain: 'task',
      gate,
      status,
      task_id: task?.id ?? null,
      task: task?.task ?? null,
      scope: task?.scope ?? null,
      profile: task?.profile ?? null,
      rules: explained.length,
    }),
  ];
  for (const { id, rule, counts } of explained) {
    lines.push(
      JSON.stringify({
        explain: 'rule',
        rule: id,
        version: rule?.version ?? null,
        identity: rule?.identity ?? null,
        class: rule?.class ?? null,
        statement: rule?.statement ?? null,
        help: rule ? (ruleHelpUrl(rule) ?? null) : null,
        file: rule?.file ?? null,
        counts,
      }),
    );
  }
  return lines;
}
