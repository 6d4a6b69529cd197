/**
 * The one gate entry: every caller that runs a gate runs it here — doctor, check, watch and
 * finish --check (commands/gate.ts), `rules test` (rule-test.ts), `rules new`'s dry run
 * (commands/rules.ts), `brainstorm check`, harvest and the standalone detector (brainstorm/check.ts).
 * It opens the repository one way (`Repository.open`), loads the rules one way (the repository's rule
 * set, the distribution's packs through packs/shipped.ts, or exactly the rules a caller hands it),
 * wires the runner the same way for all, and returns a result — findings, exit code, and the rule
 * catalogue. It prints nothing: a caller's output is a plugin on the runner's hooks (a reporter of
 * engine/reporters/), which sees every gate end, even one whose manifest could not be read.
 *
 * Everything it depends on arrives in the call: the working directory and the environment (git's
 * variables, the MAJORDOMUS_* switches) are never read from the process deep inside, so a test runs a
 * gate in-process exactly as the CLI does.
 */
import { resolve } from 'node:path';
import type { Finding } from '../api/findings';
import type { AnyModelProvider } from '../api/validator';
import { ExitCode } from '../errors';
import type { GateName } from '../generated/gates';
import { gates } from '../generated/gates';
import type { PackName } from '../generated/packs';
import { DocumentError } from '../io/document-error';
import { MANIFEST_PATH } from '../layer/layout';
import { Repository } from '../layer/repository';
import { shippedRules } from '../packs/shipped';
import type { Provenance, Rule, RuleSet } from '../ruleset/rules';
import { loadRuleSet } from '../ruleset/rules';
import { auditRules } from './audit';
import type { RepositoryValidators } from './isolation/settings';
import { repositoryValidatorSwitch } from './isolation/settings';
import type { Registry } from './registry';
import { builtinRegistry } from './registry';
import type { GateRequest, GateResult } from './runner';
import { isFolderGate, Runner } from './runner';
import { TimingPlugin } from './timing';

/** A plugin on the runner's hooks (a reporter, the timing report). */
export interface RunnerPlugin {
  apply(runner: Runner): void;
}

/** What a caller asks of a gate. */
export interface GateCall {
  readonly gate: GateName;
  /**
   * The caller's working directory: the repository around it is the one judged (unless `repository` is
   * given), a relative `folder` is resolved against it, and `reproduce` commands are relative to it.
   */
  readonly cwd: string;
  /** The environment: git's (GIT_INDEX_FILE inside a pre-commit hook), MAJORDOMUS_TIMING, MAJORDOMUS_DEBUG. */
  readonly env: NodeJS.ProcessEnv;
  /** The repository judged, when it is not the one around `cwd` (a rule's test case). */
  readonly repository?: Repository;
  /** At a gate that judges a folder: the folder (absolute, or relative to `cwd`); by default the repository's root. */
  readonly folder?: string;
  /**
   * Exactly these rules, as one set (a rule run alone: `rules new`'s dry run, a test case). By default
   * a repository gate runs the judged repository's rule set, and a folder gate the rules of its pack as
   * the distribution ships them.
   */
  readonly rules?: readonly Rule[];
  /** Run only these rules (`--rule`, repeatable), in the order of the set. */
  readonly only?: readonly string[];
  /** The validators names resolve to; by default the built-ins and the judged repository's own. */
  readonly registry?: Registry;
  /** Whether repository validators run, and for how long; by default as MAJORDOMUS_REPOSITORY_VALIDATORS says. */
  readonly repositoryValidators?: RepositoryValidators;
  /** Plugins on the runner's hooks (reporters). MAJORDOMUS_TIMING=1 adds the timing report. */
  readonly plugins?: readonly RunnerPlugin[];
  /** Models the caller built already (see RequestBase.given): `finish` hands its rules the attempt. */
  readonly given?: ReadonlyMap<AnyModelProvider, unknown>;
}

/** A rule as a reporter describes it (SARIF's `tool.driver.rules`, JUnit's test cases). */
export interface CatalogueEntry {
  readonly id: string;
  readonly version: number;
  /** `id@version`. */
  readonly identity: string;
  readonly title: string;
  /** The front matter's `description`: one sentence. */
  readonly description: string;
  /** The normative sentence. */
  readonly statement: string;
  readonly class: 'blocking' | 'advisory';
  /** The gates that run it (`enforced_by`); empty for a rule no validator enforces. */
  readonly gates: readonly string[];
  /** The category of its findings, when a validator enforces it. */
  readonly category?: string;
  readonly validator?: string;
  /** Repository-relative path of the rule file (for a folder gate's shipped rule: its path in the distribution). */
  readonly file: string;
  readonly provenance: Provenance;
}

/** What a gate produced. */
export interface GateOutcome {
  readonly gate: GateName;
  readonly findings: readonly Finding[];
  readonly exitCode: number;
  /** How many rules ran. */
  readonly rulesRun: number;
  /** The rules that ran, in order. */
  readonly selected: readonly Rule[];
  /** Every rule the gate drew from (the effective set, and the audit rules joining a refused one). */
  readonly catalogue: readonly CatalogueEntry[];
}

/** Run one gate for any caller; see the module comment. */
export async function runGate(call: GateCall): Promise<GateOutcome> {
  const { gate, cwd, env } = call;
  const repositoryValidators = call.repositoryValidators ?? repositoryValidatorSwitch(undefined, env);
  const runner = new Runner();
  if (env.MAJORDOMUS_TIMING === '1') new TimingPlugin().apply(runner);
  for (const plugin of call.plugins ?? []) plugin.apply(runner);
  const base = { cwd, env, only: call.only, repositoryValidators, given: call.given };

  if (isFolderGate(gate)) {
    const folder = call.folder !== undefined ? resolve(cwd, call.folder) : (call.repository ?? Repository.open(cwd, { env })).root;
    const ruleSet = adHoc(call.rules ?? (await shippedRules(gates[gate].pack as PackName)));
    return outcome(await runner.run({ ...base, gate, folder, ruleSet, registry: call.registry ?? (await builtinRegistry()) }));
  }

  let request: GateRequest;
  try {
    const repository = call.repository ?? Repository.open(cwd, { env });
    // doctor and watch audit the layer: its strays and its records (the ai_layout and records rules)
    const auditsLayer = gate === 'doctor' || gate === 'watch';
    // git lists the index (and what git add could take) on another core while the rules load
    repository.prefetch(auditsLayer);
    await repository.anticipate(auditsLayer);
    const ruleSet = call.rules ? adHoc(call.rules) : loadRuleSet(repository.layout);
    request = {
      ...base,
      gate,
      repository,
      ruleSet,
      registry: call.registry ?? (await builtinRegistry(repository.layout)),
      auditRules: ruleSet.refused ? await auditRules() : undefined,
    };
    await repository.settle(auditsLayer);
  } catch (error) {
    // a manifest that cannot be read leaves nothing to discover: that alone is the finding
    if (!(error instanceof DocumentError) || error.file !== MANIFEST_PATH || call.repository) throw error;
    const result = unreadableManifest(gate, error);
    // no rule ran, yet the plugins (the reporter) see the gate end with its one finding
    runner.hooks.afterGate.call(result);
    return outcome(result);
  }
  return outcome(await runner.run(request));
}

/** A set of exactly the rules given, none refused. */
function adHoc(rules: readonly Rule[]): RuleSet {
  return { rules, refused: false, problems: [], packages: [], files: [] };
}

function outcome(result: GateResult): GateOutcome {
  const { gate, findings, exitCode, rulesRun, selected } = result;
  return { gate, findings, exitCode, rulesRun, selected, catalogue: result.rules.map(catalogueEntry) };
}

/** The rule as a reporter describes it. */
export function catalogueEntry(rule: Rule): CatalogueEntry {
  const description = rule.frontMatter.description;
  return {
    id: rule.id,
    version: rule.version,
    identity: rule.identity,
    title: rule.title,
    description: typeof description === 'string' ? description : rule.title,
    statement: rule.statement,
    class: rule.class,
    gates: rule.enforcement?.enforcedBy ?? [],
    ...(rule.enforcement ? { category: rule.enforcement.category, validator: rule.enforcement.validator } : {}),
    file: rule.file,
    provenance: rule.provenance,
  };
}

/** The result of a gate whose manifest cannot be read: one FAIL naming it, and no rule run. */
function unreadableManifest(gate: GateName, error: DocumentError): GateResult {
  const finding: Finding = {
    level: 'FAIL',
    category: 'layout',
    subject: MANIFEST_PATH,
    message: `${error.reason} (${error.fix})`,
    rule: 'majordomus.ai-layout-integrity',
    file: MANIFEST_PATH,
    line: error.line,
    reproduce: `majordomus ${gate}`,
    exitCode: ExitCode.contract,
  };
  return { gate, findings: [finding], exitCode: ExitCode.contract, rulesRun: 0, rules: [], selected: [] };
}
