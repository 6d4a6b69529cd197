/**
 * The runner runs one gate: it selects the rules that declare the gate, resolves each rule's
 * validator, calls it, and stamps what it reports with a level, a category, the rule and an exit code.
 * Timing, suppression and reporting are plugins on its hooks, never branches inside it.
 */
import { relative } from 'node:path';
import { SyncHook, SyncWaterfallHook } from 'tapable';
import { describeThrown, stackOf } from './describe';
import { ExitCode, UsageError } from './errors';
import { exitCodeOf } from './findings';
import type { Finding, Level } from './findings';
import { gates } from './generated/gates';
import { policyTimeoutMs } from './isolation/settings';
import type { RepositoryValidators } from './isolation/settings';
import { shellWord } from './layer/hooks';
import type { GateName } from './generated/gates';
import type { Registry } from './registry';
import type { Repository } from './repository';
import { LOAD_AUDIT_RULE } from './audit';
import { checkOptions } from './rule-options';
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
  /**
   * Whether rules whose validator is the repository's own run (each in a worker, under a time limit),
   * and for how long; by default they run, under the judged repository's policy limit.
   */
  readonly repositoryValidators?: RepositoryValidators;
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
      // one at a time: a rule may report millions, more than a spread's arguments can hold
      for (const finding of ruleFindings) findings.push(finding);
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

    const resolved = registry.lookup(enforcement.validator);
    if (!resolved) {
      const nearest = registry.nearest(enforcement.validator);
      return [broken(rule.identity, `names the validator \`${enforcement.validator}\`, which is not registered${nearest ? ` (nearest registered: \`${nearest}\`)` : ''}`)];
    }

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
    const reports: RuleReports = {
      broken: (message) => findings.push(broken(rule.identity, message)),
      violation: (violation) => findings.push(stamp(violationLevel, violation, violationCode)),
      ok: (note) => findings.push(stamp('OK', note, 0)),
      info: (note) => findings.push(stamp('INFO', note, 0)),
      skip: (note) => findings.push({ ...stamp('INFO', { ...note, message: `not checked: ${note.message}` }, 0), skipped: true }),
    };
    // the load audit of a set with refusals runs at whatever gate was asked
    const gateProblem = (validator: Pick<Validator, 'name' | 'gates'>): string | undefined =>
      !auditsRefusal(rule, ruleSet) && !validator.gates.includes(gate) ? `is enforced by \`${gate}\`, but the validator \`${validator.name}\` runs only at ${validator.gates.join(', ')}` : undefined;

    if (resolved.kind === 'repository') {
      const problem = await this.runRepositoryRule(rule, request, selected, resolved, gateProblem, reports);
      if (problem) findings.push(problem.file ? { ...broken(rule.identity, problem.message), file: problem.file } : broken(rule.identity, problem.message));
    } else {
      const validator = resolved.validator;
      const problem = gateProblem(validator) ?? (await checkOptions(validator, enforcement.options, 'builtin'));
      if (problem) return [broken(rule.identity, problem)];
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
        violation: reports.violation,
        ok: reports.ok,
        info: reports.info,
        skip: reports.skip,
      };
      try {
        await validator.run(context);
      } catch (error) {
        findings.push(broken(rule.identity, `the validator \`${validator.name}\` threw: ${describeThrown(error)}`));
        const stack = process.env.MAJORDOMUS_DEBUG === '1' ? stackOf(error) : undefined;
        if (stack) process.stderr.write(`${stack}\n`);
      }
    }
    // a rule that reported nothing says so: silence is never green
    if (findings.length === 0) {
      findings.push(stamp('OK', { subject: rule.identity, message: 'no violations' }, 0));
    }
    return findings;
  }

  /**
   * Run a rule whose validator is the repository's own: in a worker of its own, under the time limit
   * (engine/isolation/host.ts, imported only now), or not at all when the switch is off. Its reports
   * go to `reports`; what stopped it, if anything, is returned as the message of the rule's FAIL.
   */
  private async runRepositoryRule(
    rule: Rule,
    request: GateRequest,
    selected: readonly Rule[],
    module: { readonly name: string; readonly file: string; readonly path: string },
    gateProblem: (validator: Pick<Validator, 'name' | 'gates'>) => string | undefined,
    reports: RuleReports,
  ): Promise<{ message: string; file?: string } | undefined> {
    const { gate, registry, repository, ruleSet } = request;
    const settings = request.repositoryValidators ?? { enabled: true };
    if (!settings.enabled) {
      return {
        message: `was not run: its validator \`${module.name}\` is the repository's own (${module.file}), and ${settings.disabledBy ?? 'a switch'} turned repository validators off, so none was imported (run the gate without the switch, in a checkout whose code you trust)`,
      };
    }
    const { runIsolated } = await import('./isolation/host');
    const outcome = await runIsolated({
      path: module.path,
      name: module.name,
      timeoutMs: settings.timeoutMs ?? policyTimeoutMs(repository),
      env: repository?.git.env ?? process.env,
      admit: gateProblem,
      request: () => ({
        type: 'run',
        gate,
        target: request.target ?? needRepository(repository).root,
        ruleSet,
        rule,
        selected,
        options: rule.enforcement!.options,
        repository: repository ? { root: repository.root, tree: repository.tree.name } : undefined,
        registry: {
          builtins: registry.builtinNames().map((name) => {
            const { description, gates: validatorGates, optionsSchema, generic } = registry.get(name)!;
            return { name, description, gates: validatorGates, optionsSchema, generic };
          }),
          projectFiles: registry.projectFiles(),
        },
      }),
      report: ([kind, subject, message, file, line, category, reproduce]) => {
        if (kind === 'unreadable') {
          reports.broken(`the validator \`${module.name}\` reported a ${subject} the engine cannot read: ${message}`);
        } else if (kind === 'violation') {
          reports.violation({ subject, message, file, line, category, reproduce });
        } else {
          reports[kind]({ subject, message, file, line, category });
        }
      },
    });
    switch (outcome.status) {
      case 'finished':
      case 'inspected':
        return undefined;
      case 'unusable':
        return { message: `names the repository validator ${module.file}, which ${outcome.problem}`, file: module.file };
      case 'refused':
        return { message: outcome.problem };
      case 'failed':
        return { message: `the validator \`${module.name}\` ${outcome.problem}` };
    }
  }
}

/** The four ways a validator reports, bound to one rule's findings, and the engine's own FAIL of the rule. */
type RuleReports = Pick<ValidatorContext, 'violation' | 'ok' | 'info' | 'skip'> & { broken(message: string): void };

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
