/**
 * The runner runs one gate: it selects the rules that declare the gate, resolves each rule's
 * validator, calls it, and stamps what it reports with a level, a category, the rule and an exit code.
 * Timing, suppression and reporting are plugins on its hooks, never branches inside it.
 */
import { relative } from 'node:path';
import { SyncHook, SyncWaterfallHook } from 'tapable';
import { diskReader } from '../api/disk';
import type { Finding, Level } from '../api/findings';
import { exitCodeOf } from '../api/findings';
import type {
  AnyModelProvider,
  FolderContext,
  GateTarget,
  Note,
  RepositoryReader,
  TargetKind,
  Validator,
  ValidatorContext,
  Violation,
} from '../api/validator';
import { ExitCode, UsageError } from '../errors';
import type { FolderGateName, GateName, RepositoryGateName } from '../generated/gates';
import { gates } from '../generated/gates';
import type { PackName } from '../generated/packs';
import { packs } from '../generated/packs';
import { describeThrown, stackOf } from '../io/describe';
import { nearestName } from '../io/nearest-name';
import { shellWord } from '../io/shell';
import type { Repository } from '../layer/repository';
import { ruleHelpUrl } from '../packs/rule-docs';
import { appliesAt } from '../ruleset/gates';
import type { Rule, RuleSet } from '../ruleset/rules';
import { LOAD_AUDIT_RULE } from './audit';
import type { ContextCommon } from './context';
import { distributionReader, folderContext, folderGit, repositoryContext, repositoryReader } from './context';
import type { RepositoryValidators } from './isolation/settings';
import { policyMemoryMb, policyTimeoutMs } from './isolation/settings';
import type { Registry } from './registry';
import { checkOptions } from './rule-options';

/** What every run of a gate is given, whatever it judges. */
interface RequestBase {
  readonly ruleSet: RuleSet;
  readonly registry: Registry;
  /** Run only these rules (each `id` or `id@version`), in the order of the set; every rule of the gate when absent. */
  readonly only?: readonly string[];
  /**
   * The rules that audit the engine itself, from the distribution. While anything of the set is refused,
   * each one the effective set lacks joins it (a refused vendored audit rule cannot report its own
   * refusal), and the load audit runs at every gate, so a refusal always fails the gate.
   */
  readonly auditRules?: readonly Rule[];
  /**
   * Whether rules whose validator is the repository's own run (each in a worker, under a time limit),
   * and for how long; by default they run, under the judged repository's policy limit.
   */
  readonly repositoryValidators?: RepositoryValidators;
  /** The directory `reproduce` commands are relative to: the caller's working directory. */
  readonly cwd: string;
  /** The environment (MAJORDOMUS_DEBUG prints a throwing validator's stack): the command's. */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Models the caller built already, used as they are instead of built from the target: what a command
   * knows that the target does not hold (the outcome and verify run `finish` hands its rules).
   */
  readonly given?: ReadonlyMap<AnyModelProvider, unknown>;
}

/** A run of a gate that judges a repository (doctor, check, finish, watch). */
export interface RepositoryGateRequest extends RequestBase {
  readonly gate: RepositoryGateName;
  readonly repository: Repository;
}

/** A run of a gate that judges a folder (the brainstorm gates): there is no repository to hand anyone. */
export interface FolderGateRequest extends RequestBase {
  readonly gate: FolderGateName;
  /** The folder, absolute. */
  readonly folder: string;
}

/** What to run: the gate and what it judges, of the kind its pack declares for it (gates[gate].target). */
export type GateRequest = RepositoryGateRequest | FolderGateRequest;

/** What a gate produced. */
export interface GateResult {
  readonly gate: GateName;
  readonly findings: readonly Finding[];
  readonly exitCode: number;
  /** How many rules ran. */
  readonly rulesRun: number;
  /** The rules the gate drew from: the effective set, and the audit rules joining a refused one. */
  readonly rules: readonly Rule[];
  /** The rules that ran, in order. */
  readonly selected: readonly Rule[];
}

/**
 * What one run of a gate judges, as the engine holds it: the repository itself (a reporter reads the
 * lines a fingerprint hashes from its tree), or the folder. Validators and models see it only through
 * the readers of engine/gate/context.ts.
 */
export type RunTarget =
  | { readonly kind: 'repository'; readonly path: string; readonly repository: Repository }
  | { readonly kind: 'folder'; readonly path: string };

/** True when `gate` judges a folder. */
export function isFolderGate(gate: GateName): gate is FolderGateName {
  return gates[gate].target === 'folder';
}

export class Runner {
  /** The extension points, in the order a run reaches them. */
  readonly hooks = Object.freeze({
    /** The rule set the gate will draw from, once loaded. */
    loaded: new SyncHook<[RuleSet]>(['ruleSet']),
    /** Before the gate runs, with the rules it selected and what it judges. */
    beforeGate: new SyncHook<[GateName, readonly Rule[], RunTarget]>(['gate', 'rules', 'target']),
    /** Before one rule's validator is called. */
    beforeRule: new SyncHook<[Rule]>(['rule']),
    /** After one rule, with what it reported. */
    afterRule: new SyncHook<[Rule, readonly Finding[]]>(['rule', 'findings']),
    /** Every finding of the gate, in order: the place for suppressions and baselines. */
    processFindings: new SyncWaterfallHook<[Finding[]]>(['findings']),
    /** After the gate, with its result. */
    afterGate: new SyncHook<[GateResult]>(['result']),
  });

  /**
   * Run the gate: select its rules, build the models its pack hands its validators (a target that
   * cannot be judged stops the run here, before any rule, with the builder's error), run each rule, and
   * stamp what it reports. The runner's invariants hold for every caller: a rule that reports nothing
   * gets an OK, a throwing validator is one FAIL, a refused rule never runs, and the exit code is the
   * highest any failing finding asks for.
   */
  async run(request: GateRequest): Promise<GateResult> {
    const { gate, ruleSet } = request;
    this.hooks.loaded.call(ruleSet);
    const pool = ruleSet.refused ? withAudit(ruleSet.rules, request.auditRules ?? []) : ruleSet.rules;
    const selected = select(request, pool);
    const target: RunTarget =
      'folder' in request
        ? { kind: 'folder', path: request.folder }
        : { kind: 'repository', path: request.repository.root, repository: request.repository };
    const readers = runReaders(request);
    const models = new RunModels(
      readers.reader
        ? {
            kind: 'repository',
            path: target.path,
            repository: readers.reader,
            env: 'repository' in request ? request.repository.git.env : request.env,
          }
        : { kind: 'folder', path: target.path, env: request.env },
      request.given,
    );
    await models.prepare(gates[gate].pack);
    this.hooks.beforeGate.call(gate, selected, target);
    let findings: Finding[] = [];
    for (const rule of selected) {
      this.hooks.beforeRule.call(rule);
      const ruleFindings = await this.runRule(rule, request, selected, models, readers);
      this.hooks.afterRule.call(rule, ruleFindings);
      // one at a time: a rule may report millions, more than a spread's arguments can hold
      for (const finding of ruleFindings) findings.push(finding);
    }
    findings = this.hooks.processFindings.call(findings);
    const result: GateResult = { gate, findings, exitCode: exitCodeOf(findings), rulesRun: selected.length, rules: pool, selected };
    this.hooks.afterGate.call(result);
    return result;
  }

  private async runRule(
    rule: Rule,
    request: GateRequest,
    selected: readonly Rule[],
    models: RunModels,
    readers: RunReaders,
  ): Promise<Finding[]> {
    const { gate, registry, ruleSet } = request;
    const targetPath = 'folder' in request ? request.folder : request.repository.root;
    const env = request.env;
    const enforcement = rule.enforcement!;
    const findings: Finding[] = [];
    const failCode = enforcement.exitCode !== 0 ? enforcement.exitCode : ExitCode.contract;
    const reproduce = gates[gate].command
      .replace('{rule}', rule.id)
      .replace('{target}', shellWord(relative(request.cwd, targetPath) || '.'));
    const help = ruleHelpUrl(rule);
    const broken = (subject: string, message: string): Finding => ({
      level: 'FAIL',
      category: 'doctrine',
      subject,
      message,
      rule: rule.id,
      version: rule.version,
      help,
      file: rule.file,
      reproduce,
      exitCode: failCode,
    });

    const resolved = registry.lookup(enforcement.validator);
    if (!resolved) {
      const nearest = registry.nearest(enforcement.validator);
      return [
        broken(
          rule.identity,
          `names the validator \`${enforcement.validator}\`, which is not registered${nearest ? ` (nearest registered: \`${nearest}\`)` : ''}`,
        ),
      ];
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
    const violationCode = violationLevel === 'DRIFT' ? (gateSpec.exitCode ?? ExitCode.drift) : violationLevel === 'FAIL' ? failCode : 0;
    const stamp = (level: Level, note: Note | Violation, code: number): Finding => ({
      level,
      category: note.category ?? enforcement.category,
      subject: note.subject,
      message: note.message,
      reproduce:
        'reproduce' in note && note.reproduce !== undefined ? note.reproduce : level === 'OK' || level === 'INFO' ? undefined : reproduce,
      rule: rule.id,
      version: rule.version,
      help,
      file: note.file,
      line: note.line,
      column: note.column,
      endLine: note.endLine,
      endColumn: note.endColumn,
      ...('fix' in note && note.fix !== undefined ? { fix: note.fix } : {}),
      exitCode: code,
    });
    const reports: RuleReports = {
      broken: (message) => findings.push(broken(rule.identity, message)),
      violation: (violation) => findings.push(stamp(violationLevel, violation, violationCode)),
      ok: (note) => findings.push(stamp('OK', note, 0)),
      info: (note) => findings.push(stamp('INFO', note, 0)),
      skip: (note) => findings.push({ ...stamp('INFO', { ...note, message: `not checked: ${note.message}` }, 0), skipped: true }),
    };
    // the load audit of a set with refusals runs at whatever gate was asked, if it can judge what that gate judges
    const gateProblem = (validator: Pick<Validator, 'name' | 'gates'>): string | undefined =>
      !judgesKind(validator, gates[gate].target)
        ? `is enforced by \`${gate}\`, which judges a ${gates[gate].target}, but the validator \`${validator.name}\` runs only at ${validator.gates.join(', ')}, which judge a ${gates[gate].target === 'folder' ? 'repository' : 'folder'}`
        : !auditsRefusal(rule, ruleSet) && !validator.gates.includes(gate)
          ? `is enforced by \`${gate}\`, but the validator \`${validator.name}\` runs only at ${validator.gates.join(', ')}`
          : undefined;

    if (resolved.kind === 'repository') {
      const problem = await this.runRepositoryRule(rule, request, selected, resolved, gateProblem, reports);
      if (problem)
        findings.push(
          problem.file ? { ...broken(rule.identity, problem.message), file: problem.file } : broken(rule.identity, problem.message),
        );
    } else {
      const validator = resolved.validator;
      const problem = gateProblem(validator) ?? (await checkOptions(validator, enforcement.options, 'builtin'));
      if (problem) return [broken(rule.identity, problem)];
      const common: ContextCommon = {
        gate,
        rule,
        options: enforcement.options ?? {},
        target: targetPath,
        rules: ruleSet,
        selected,
        registry,
        violation: reports.violation,
        ok: reports.ok,
        info: reports.info,
        skip: reports.skip,
        env,
        disk: readers.disk,
        distribution: readers.distribution,
      };
      // the validator's gates include this one (gateProblem), so the context is of the kind its run expects
      const context: ValidatorContext | FolderContext = readers.reader
        ? repositoryContext(common, readers.reader, (provider) => models.get(provider))
        : folderContext(common, readers.folderGit, (provider) => models.get(provider));
      try {
        await validator.run(context as never);
      } catch (error) {
        findings.push(broken(rule.identity, `the validator \`${validator.name}\` threw: ${describeThrown(error)}`));
        const stack = env.MAJORDOMUS_DEBUG === '1' ? stackOf(error) : undefined;
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
   * Run a rule whose validator is the repository's own: in a worker of its own, under the time and memory limits
   * (engine/gate/isolation/host.ts, imported only now), or not at all when the switch is off. Its reports
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
    const { gate, registry, ruleSet } = request;
    const repository = 'repository' in request ? request.repository : undefined;
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
      memoryMb: settings.memoryMb ?? policyMemoryMb(repository),
      env: repository?.git.env ?? request.env,
      admit: gateProblem,
      request: () => ({
        type: 'run',
        gate,
        target: 'folder' in request ? request.folder : request.repository.root,
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
      report: ([kind, subject, message, file, line, category, reproduce, position]) => {
        const [column, endLine, endColumn] = position ?? [];
        if (kind === 'unreadable') {
          reports.broken(`the validator \`${module.name}\` reported a ${subject} the engine cannot read: ${message}`);
        } else if (kind === 'violation') {
          reports.violation({ subject, message, file, line, column, endLine, endColumn, category, reproduce });
        } else {
          reports[kind]({ subject, message, file, line, column, endLine, endColumn, category });
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

/** The readers of one run, shared by the contexts of its rules: what they read once is read once per run. */
interface RunReaders {
  /** The judged repository's, at a repository gate. */
  readonly reader?: RepositoryReader;
  readonly disk: ReturnType<typeof diskReader>;
  readonly distribution: ReturnType<typeof distributionReader>;
  /** The repository a folder gate's folder lies in, asked only when read. */
  readonly folderGit: ReturnType<typeof folderGit>;
}

function runReaders(request: GateRequest): RunReaders {
  const env = request.env;
  const path = 'folder' in request ? request.folder : request.repository.root;
  return {
    reader: 'repository' in request ? repositoryReader(request.repository, request.ruleSet) : undefined,
    disk: diskReader(path),
    distribution: distributionReader(),
    folderGit: folderGit(path, env),
  };
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

/**
 * The rules of the pool the gate runs: those that apply at it (and the load audit of a refused set),
 * or, with `only`, the rules named, in the pool's order. A name that matches nothing is a usage error
 * naming the nearest id; a rule the gate does not enforce is one too; a refused rule never runs —
 * naming it runs the audit that says why it was refused.
 */
function select(request: GateRequest, pool: readonly Rule[]): readonly Rule[] {
  const { gate, ruleSet, only } = request;
  const runs = (rule: Rule): boolean => appliesAt(rule, gate) || auditsRefusal(rule, ruleSet);
  if (only === undefined) return pool.filter(runs);
  const chosen = new Set<Rule>();
  for (const wanted of only) {
    const matches = (r: Rule): boolean => r.identity === wanted || r.id === wanted;
    const rule = pool.find(matches);
    if (rule) {
      if (!runs(rule)) {
        throw new UsageError(
          `${rule.identity} is not enforced by ${gate} (its gates: ${rule.enforcement?.enforcedBy.join(', ') ?? 'none'})`,
        );
      }
      chosen.add(rule);
      continue;
    }
    const audit = pool.filter((r) => auditsRefusal(r, ruleSet));
    if (audit.length > 0 && ruleSet.refusedRules?.some(matches)) {
      for (const r of audit) chosen.add(r);
      continue;
    }
    const known = [...pool, ...(ruleSet.refusedRules ?? [])].map((r) => (wanted.includes('@') ? r.identity : r.id));
    const nearest = nearestName(wanted, known);
    throw new UsageError(
      `no rule ${wanted} in the effective set (${nearest ? `did you mean ${nearest}? ` : ''}list them with: majordomus rules list)`,
    );
  }
  return pool.filter((rule) => chosen.has(rule));
}

/** True when the validator runs at some gate judging what `kind` names: it can be handed that context. */
function judgesKind(validator: Pick<Validator, 'gates'>, kind: TargetKind): boolean {
  return validator.gates.some((name) => Object.hasOwn(gates, name) && gates[name].target === kind);
}

/**
 * The models of one run (see ModelProvider): built once, from the run's target, and dropped with the
 * run. The gate's pack builds its own before the first rule; any other is built when first asked.
 */
class RunModels {
  private readonly built: Map<AnyModelProvider, unknown>;

  constructor(
    private readonly target: GateTarget,
    given?: ReadonlyMap<AnyModelProvider, unknown>,
  ) {
    this.built = new Map(given);
  }

  /** Build the models `pack` declares for this kind of target; a target it cannot judge throws here. */
  async prepare(pack: string): Promise<void> {
    const load = Object.hasOwn(packs, pack) ? packs[pack as PackName].context : undefined;
    if (!load) return;
    for (const provider of (await load()).models) if (provider.target === this.target.kind) this.get(provider);
  }

  get<T>(provider: AnyModelProvider<T>): T {
    if (this.built.has(provider)) return this.built.get(provider) as T;
    if (provider.target !== this.target.kind) {
      throw new Error(`the model \`${provider.name}\` is built from a ${provider.target}, and this gate judges a ${this.target.kind}`);
    }
    const model = (provider.build as (target: GateTarget) => T)(this.target);
    this.built.set(provider, model);
    return model;
  }
}

/** The effective set, then each audit rule of the distribution whose id it lacks. */
function withAudit(rules: readonly Rule[], audit: readonly Rule[]): readonly Rule[] {
  const ids = new Set(rules.map((rule) => rule.id));
  const missing = audit.filter((rule) => !ids.has(rule.id));
  return missing.length === 0 ? rules : [...rules, ...missing];
}
