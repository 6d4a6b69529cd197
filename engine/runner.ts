/**
 * The runner runs one gate: it selects the rules that declare the gate, resolves each rule's
 * validator, calls it, and stamps what it reports with a level, a category, the rule and an exit code.
 * Timing, suppression and reporting are plugins on its hooks, never branches inside it.
 */
import { relative } from 'node:path';
import { SyncHook, SyncWaterfallHook } from 'tapable';
import { ExitCode, UsageError } from './errors';
import { exitCodeOf } from './findings';
import type { Finding, Level } from './findings';
import { gates } from './generated/gates';
import { shellWord } from './layer/hooks';
import type { GateName } from './generated/gates';
import type { Registry } from './registry';
import type { Repository } from './repository';
import { LOAD_AUDIT_RULE } from './audit';
import type { Rule, RuleSet } from './rules';
import type { Note, Validator, ValidatorContext, Violation } from './validator';

/** What to run. */
export interface GateRequest {
  readonly gate: GateName;
  /** The repository the gate judges; absent for a gate that judges a folder (the brainstorm gates). */
  readonly repository?: Repository;
  /** The absolute path the gate judges: the repository root unless said otherwise. */
  readonly target?: string;
  readonly ruleSet: RuleSet;
  readonly registry: Registry;
  /** Run only this rule (`id` or `id@version`). */
  readonly only?: string;
  /**
   * The rules that audit the engine itself, from the distribution. While anything of the set is refused,
   * each one the effective set lacks joins it (a refused vendored audit rule cannot report its own
   * refusal), and the load audit runs at every gate, so a refusal always fails the gate.
   */
  readonly auditRules?: () => readonly Rule[];
}

/** What a gate produced. */
export interface GateResult {
  readonly gate: GateName;
  readonly findings: readonly Finding[];
  readonly exitCode: number;
  /** How many rules ran. */
  readonly rulesRun: number;
}

export class Runner {
  /** The extension points, in the order a run reaches them. */
  readonly hooks = Object.freeze({
    /** The rule set the gate will draw from, once loaded. */
    loaded: new SyncHook<[RuleSet]>(['ruleSet']),
    /** Before the gate runs, with the rules it selected. */
    beforeGate: new SyncHook<[GateName, readonly Rule[]]>(['gate', 'rules']),
    /** Before one rule's validator is called. */
    beforeRule: new SyncHook<[Rule]>(['rule']),
    /** After one rule, with what it reported. */
    afterRule: new SyncHook<[Rule, readonly Finding[]]>(['rule', 'findings']),
    /** Every finding of the gate, in order: the place for suppressions and baselines. */
    processFindings: new SyncWaterfallHook<[Finding[]]>(['findings']),
    /** After the gate, with its result. */
    afterGate: new SyncHook<[GateResult]>(['result']),
  });

  async run(request: GateRequest): Promise<GateResult> {
    const { gate, ruleSet } = request;
    this.hooks.loaded.call(ruleSet);
    const selected = this.select(request);
    this.hooks.beforeGate.call(gate, selected);
    let findings: Finding[] = [];
    for (const rule of selected) {
      this.hooks.beforeRule.call(rule);
      const ruleFindings = await this.runRule(rule, request, selected);
      this.hooks.afterRule.call(rule, ruleFindings);
      findings.push(...ruleFindings);
    }
    findings = this.hooks.processFindings.call(findings);
    const result: GateResult = { gate, findings, exitCode: exitCodeOf(findings), rulesRun: selected.length };
    this.hooks.afterGate.call(result);
    return result;
  }

  private select(request: GateRequest): readonly Rule[] {
    const { gate, ruleSet, only } = request;
    const pool = ruleSet.refused ? withAudit(ruleSet.rules, request.auditRules?.() ?? []) : ruleSet.rules;
    const runs = (rule: Rule): boolean => appliesAt(rule, gate) || auditsRefusal(rule, ruleSet);
    if (only !== undefined) {
      const matches = (r: Rule): boolean => r.identity === only || r.id === only;
      const rule = pool.find(matches);
      if (rule) {
        if (!runs(rule)) {
          throw new UsageError(`${rule.identity} is not enforced by ${gate} (its gates: ${rule.enforcement?.enforcedBy.join(', ') ?? 'none'})`);
        }
        return [rule];
      }
      // a refused rule never runs: asking for it runs the audit that says why it was refused
      const audit = pool.filter((r) => auditsRefusal(r, ruleSet));
      if (audit.length > 0 && ruleSet.refusedRules?.some(matches)) return audit;
      throw new UsageError(`no rule ${only} in the effective set (list them with: majordomus rules list)`);
    }
    return pool.filter(runs);
  }

  private async runRule(rule: Rule, request: GateRequest, selected: readonly Rule[]): Promise<Finding[]> {
    const { gate, registry, repository, ruleSet } = request;
    const enforcement = rule.enforcement!;
    const findings: Finding[] = [];
    const failCode = enforcement.exitCode !== 0 ? enforcement.exitCode : ExitCode.contract;
    const reproduce = gates[gate].command.replace('{rule}', rule.id).replace('{target}', shellWord(relative(process.cwd(), request.target ?? '.') || '.'));
    const broken = (subject: string, message: string): Finding => ({
      level: 'FAIL',
      category: 'doctrine',
      subject,
      message,
      rule: rule.id,
      file: rule.file,
      reproduce,
      exitCode: failCode,
    });

    const resolved = await registry.resolve(enforcement.validator);
    if (!resolved) {
      const nearest = registry.nearest(enforcement.validator);
      return [broken(rule.identity, `names the validator \`${enforcement.validator}\`, which is not registered${nearest ? ` (nearest registered: \`${nearest}\`)` : ''}`)];
    }
    if ('problem' in resolved) {
      return [{ ...broken(rule.identity, `names the repository validator ${resolved.file}, which ${resolved.problem}`), file: resolved.file }];
    }
    const validator = resolved.validator;
    // the load audit of a set with refusals runs at whatever gate was asked
    if (!auditsRefusal(rule, ruleSet) && !validator.gates.includes(gate)) {
      return [broken(rule.identity, `is enforced by \`${gate}\`, but the validator \`${validator.name}\` runs only at ${validator.gates.join(', ')}`)];
    }
    const optionsProblem = await checkOptions(validator, enforcement.options);
    if (optionsProblem) return [broken(rule.identity, optionsProblem)];

    const gateSpec = gates[gate];
    // a refusal is a failure at every gate; otherwise the class decides, and watch turns FAIL into DRIFT
    const violationLevel: Level = auditsRefusal(rule, ruleSet)
      ? 'FAIL'
      : rule.class === 'advisory'
        ? 'WARN'
        : gateSpec.violationLevel === 'drift'
          ? 'DRIFT'
          : 'FAIL';
    const violationCode =
      violationLevel === 'DRIFT' ? (gateSpec.exitCode ?? ExitCode.drift) : violationLevel === 'FAIL' ? failCode : 0;
    const stamp = (level: Level, note: Note | Violation, code: number): Finding => ({
      level,
      category: note.category ?? enforcement.category,
      subject: note.subject,
      message: note.message,
      reproduce: 'reproduce' in note && note.reproduce !== undefined ? note.reproduce : level === 'OK' || level === 'INFO' ? undefined : reproduce,
      rule: rule.id,
      file: note.file,
      line: note.line,
      exitCode: code,
    });
    const context: ValidatorContext = {
      gate,
      rule,
      options: enforcement.options ?? {},
      target: request.target ?? needRepository(repository).root,
      get repository() {
        return needRepository(repository);
      },
      get layout() {
        return needRepository(repository).layout;
      },
      get git() {
        return needRepository(repository).git;
      },
      rules: ruleSet,
      selected,
      files: () => needRepository(repository).judgedFiles(ruleSet),
      registry,
      violation: (violation) => findings.push(stamp(violationLevel, violation, violationCode)),
      ok: (note) => findings.push(stamp('OK', note, 0)),
      info: (note) => findings.push(stamp('INFO', note, 0)),
      skip: (note) => findings.push({ ...stamp('INFO', { ...note, message: `not checked: ${note.message}` }, 0), skipped: true }),
    };
    try {
      await validator.run(context);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      findings.push(broken(rule.identity, `the validator \`${validator.name}\` threw: ${text}`));
      if (process.env.MAJORDOMUS_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    }
    // a rule that reported nothing says so: silence is never green
    if (findings.length === 0) {
      findings.push(stamp('OK', { subject: rule.identity, message: 'no violations' }, 0));
    }
    return findings;
  }
}

/**
 * True when `rule` is the load audit and something of the set was refused: it then runs at every gate,
 * and what it reports fails there (never drift: a refused rule is not a difference between two states).
 */
export function auditsRefusal(rule: Rule, ruleSet: RuleSet): boolean {
  return ruleSet.refused && rule.id === LOAD_AUDIT_RULE;
}

/** The effective set, then each audit rule of the distribution whose id it lacks. */
function withAudit(rules: readonly Rule[], audit: readonly Rule[]): readonly Rule[] {
  const ids = new Set(rules.map((rule) => rule.id));
  const missing = audit.filter((rule) => !ids.has(rule.id));
  return missing.length === 0 ? rules : [...rules, ...missing];
}

/** True when `rule` runs at `gate`: it names the gate, or a gate this one includes (gates are cumulative). */
export function appliesAt(rule: Rule, gate: GateName): boolean {
  const names = rule.enforcement?.enforcedBy ?? [];
  return names.includes(gate) || gates[gate].includes.some((included) => names.includes(included));
}

function needRepository(repository: Repository | undefined): Repository {
  if (!repository) throw new Error('this gate judges a folder, not a repository: the validator may not ask for the repository');
  return repository;
}

/** Check a rule's options against its validator's options schema; a sentence when they do not fit. */
async function checkOptions(validator: Validator, options: Readonly<Record<string, unknown>> | undefined): Promise<string | undefined> {
  if (options === undefined) return undefined;
  if (!validator.optionsSchema) {
    return `gives \`x-majordomus.options\`, but the validator \`${validator.name}\` takes none (remove them)`;
  }
  // ajv is imported only when a rule carries options, so a plain gate never pays for it
  const { compileOptionsSchema } = await import('./options');
  const problems = compileOptionsSchema(validator)(options);
  return problems.length > 0 ? `has options the validator \`${validator.name}\` refuses: ${problems.join('; ')}` : undefined;
}

