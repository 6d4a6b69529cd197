/**
 * Gate reports built in process for the reporter tests: the rules the distribution ships (as a catalogue
 * would hold them once vendored), project rules written from a few front-matter lines, and findings
 * stamped as the runner stamps them. Nothing runs a gate; a reporter is a function of its report.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding, Level } from '../../engine/api/findings';
import type { GateName } from '../../engine/generated/gates';
import { WorkingTree } from '../../engine/io/tree';
import { ruleHelpUrl } from '../../engine/packs/rule-docs';
import type { GateReport, ReportPaths } from '../../engine/reporters/report';
import type { Rule } from '../../engine/ruleset/rules';
import { loadRuleFiles, loadRuleText } from '../../engine/ruleset/rules';
import { ROOT } from './repo';
import { enforcement, ruleFront, ruleText } from './rules';

/** Every rule of every pack under rules/, loaded as the distribution ships them. */
export function distributionRules(): readonly Rule[] {
  const files = readdirSync(join(ROOT, 'rules'))
    .sort()
    .flatMap((pack) =>
      readdirSync(join(ROOT, 'rules', pack, 'rules'))
        .filter((name) => name.endsWith('.md') && name !== 'README.md')
        .sort()
        .map((name) => ({ file: `rules/${pack}/rules/${name}`, provenance: { origin: 'vendor' as const, vendor: pack } })),
    );
  const set = loadRuleFiles(new WorkingTree(ROOT), files, []);
  if (set.refused) throw new Error(`the distribution's rules do not load: ${set.problems.map((p) => p.message).join('; ')}`);
  return set.rules;
}

/** A project rule, enforced at `gates` by `validator`, with front-matter lines replaced by `front`. */
export function projectRule(
  id: string,
  options: { front?: Readonly<Record<string, string>>; gates?: readonly string[]; enforced?: boolean } = {},
): Rule {
  const lines = ruleFront(id).map((line) => {
    const key = line.slice(0, line.indexOf(':'));
    return options.front?.[key] !== undefined ? `${key}: ${options.front[key]}` : line;
  });
  const text = ruleText(
    options.enforced === false
      ? lines
      : [...lines, ...enforcement({ validator: 'content', category: 'hygiene', gates: options.gates ?? ['doctor'], tests: [] })],
  );
  const rule = loadRuleText(text, `.ai/repo/rules/project/${id.replace(/^project\./, '')}.v1.md`, { origin: 'project' });
  if (Array.isArray(rule)) throw new Error(`the project rule ${id} does not load: ${rule.map((p) => p.message).join('; ')}`);
  return rule;
}

/** A finding of `rule`, stamped as the runner stamps one. */
export function finding(rule: Rule, level: Level, fields: Partial<Finding> = {}): Finding {
  return {
    level,
    category: rule.enforcement?.category ?? 'doctrine',
    subject: fields.file ?? rule.identity,
    message: `${level.toLowerCase()} finding of ${rule.id}`,
    rule: rule.id,
    version: rule.version,
    help: ruleHelpUrl(rule),
    exitCode: level === 'FAIL' ? 10 : level === 'DRIFT' ? 11 : 0,
    ...fields,
  };
}

/** A report of `gate` over `catalogue`, every rule enforced at the gate counted as checked. */
export function report(
  gate: GateName,
  catalogue: readonly Rule[],
  findings: readonly Finding[],
  paths: Partial<ReportPaths> = {},
  extra: Partial<GateReport> = {},
): GateReport {
  const checked = catalogue.filter((rule) => rule.enforcement?.enforcedBy.includes(gate));
  const exitCode = findings.reduce((code, f) => Math.max(code, f.level === 'FAIL' || f.level === 'DRIFT' ? f.exitCode : 0), 0);
  return { gate, findings, exitCode, catalogue, checked, paths: { prefix: '', rulesInRepository: true, ...paths }, ...extra };
}
