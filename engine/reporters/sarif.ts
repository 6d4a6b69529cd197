/**
 * `--format sarif`: one SARIF 2.1.0 log, one run, for code scanning and every other SARIF reader.
 *
 * - `tool.driver.rules` is the whole effective rule catalogue (and any rule the gate ran beside it): id,
 *   name, short and full description, help, `helpUri` to the rule's row in docs/RULES.md of the
 *   published repository for a rule the distribution ships, and version, class, gates and category.
 * - One result per violation (FAIL, WARN, DRIFT; never OK or INFO), its level from the severity table,
 *   at a repository-relative URI under `%SRCROOT%`.
 * - `partialFingerprints.primaryLocationLineHash` hashes the rule, the path and the text of the line (or
 *   the message, without one) and counts repeats, so an alert survives lines moving above it and two runs
 *   over the same tree give the same log.
 * - At most SARIF_LIMITS results and rules; what was left out is counted in the run's properties.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding, Severity } from '../api/findings';
import { isViolation, SEVERITIES } from '../api/findings';
import { distributionRoot } from '../io/distribution';
import { DEFAULT_REPOSITORY_URL, repositoryUrl, ruleAnchor, ruleHelp } from '../packs/rule-docs';

export { DEFAULT_REPOSITORY_URL, repositoryUrl };

import type { Rule } from '../ruleset/rules';
import type { FindingLocation } from './location';
import { findingText, pathToUri, RuleIndex } from './location';
import type { GateReport, Reporter } from './report';

declare const MAJORDOMUS_VERSION: string;

/** What code scanning accepts in one run; more is refused or cut, so the log cuts first and says so. */
export const SARIF_LIMITS = { results: 25_000, rules: 25_000, locationsPerResult: 1_000 } as const;
export type SarifLimits = { readonly [K in keyof typeof SARIF_LIMITS]: number };

/** The most a rule's full description may hold (code scanning's limit). */
export const FULL_DESCRIPTION_MAX = 1024;

const SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

/** The distribution as a SARIF log names it. */
export interface ToolInfo {
  readonly version: string;
  /** The published repository's web address, without a trailing `/`. */
  readonly repositoryUrl: string;
}

export const sarifReporter: Reporter = {
  format: 'sarif',
  *render(report: GateReport): Generator<string> {
    yield JSON.stringify(sarifLog(report), null, 2);
  },
};

/** The SARIF log of `report`, as a plain object. */
export function sarifLog(report: GateReport, limits: SarifLimits = SARIF_LIMITS, tool: ToolInfo = toolInfo()): SarifLog {
  const index = new RuleIndex(report);
  const checked = new Set(report.checked);
  const violations = report.findings.filter(isViolation);
  const fingerprints = fingerprintsOf(violations, report, index);
  const kept = keep(violations, limits.results);
  const keptFindings = kept.map((i) => violations[i]!);

  // the descriptors: the catalogue, then any rule a kept result names that it lacks
  const descriptors = new Map<string, { rule?: Rule; id: string }>();
  const keyOf = (rule: Rule): string => rule.identity;
  const all = index.rules();
  const idCounts = new Map<string, number>();
  for (const rule of all) idCounts.set(rule.id, (idCounts.get(rule.id) ?? 0) + 1);
  // two versions of one id both in the set: each descriptor is named by its identity, so ids stay unique
  const descriptorId = (rule: Rule): string => (idCounts.get(rule.id)! > 1 ? rule.identity : rule.id);
  for (const rule of all) descriptors.set(keyOf(rule), { rule, id: descriptorId(rule) });
  const resultKey = (finding: Finding): string | undefined => {
    const rule = index.of(finding);
    if (rule) return keyOf(rule);
    if (finding.rule === undefined) return undefined;
    const key = `unknown:${finding.rule}`;
    if (!descriptors.has(key)) descriptors.set(key, { id: finding.rule });
    return key;
  };
  const resultKeys = keptFindings.map(resultKey);

  let rulesOmitted = 0;
  let entries = [...descriptors.entries()];
  if (entries.length > limits.rules) {
    // keep every rule a result names, then the catalogue's others in order, up to the limit
    const named = new Set(resultKeys.filter((key): key is string => key !== undefined));
    const room = Math.max(0, limits.rules - named.size);
    let others = 0;
    const before = entries.length;
    entries = entries.filter(([key]) => named.has(key) || others++ < room);
    rulesOmitted = before - entries.length;
  }
  const ruleIndex = new Map(entries.map(([key], i) => [key, i]));

  const results: SarifResult[] = keptFindings.map((finding, i) => {
    const key = resultKeys[i];
    const descriptor = key !== undefined ? descriptors.get(key) : undefined;
    const location = index.locate(finding, report);
    const result: SarifResult = {
      ...(descriptor ? { ruleId: descriptor.id, ruleIndex: ruleIndex.get(key!)! } : {}),
      level: SEVERITIES[finding.level as Severity].sarif,
      message: { text: findingText(finding) },
      locations: [location ? physical(location) : logical(finding)],
      partialFingerprints: { primaryLocationLineHash: fingerprints[kept[i]!]! },
      properties: {
        severity: finding.level,
        category: finding.category,
        subject: finding.subject,
        ...(finding.reproduce !== undefined ? { reproduce: finding.reproduce } : {}),
        ...(location?.isRuleFile ? { locatedAt: 'the rule file (the finding names no file)' } : {}),
      },
    };
    return result;
  });

  const resultsOmitted = violations.length - keptFindings.length;
  return {
    $schema: SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'majordomus',
            version: tool.version,
            semanticVersion: tool.version,
            informationUri: tool.repositoryUrl,
            rules: entries.map(([, { rule, id }]) => (rule ? describe(rule, id, checked.has(rule), tool) : unknownRule(id))),
          },
        },
        automationDetails: { id: `majordomus/${report.gate}/` },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            // the gate ran to its end: its verdict is the exit code, not a failed execution
            executionSuccessful: true,
            exitCode: report.exitCode,
            properties: { gate: report.gate },
          },
        ],
        results,
        properties: {
          gate: report.gate,
          violations: violations.length,
          resultsReported: results.length,
          resultsOmitted,
          rulesOmitted,
          limits: { resultsPerRun: limits.results, rulesPerRun: limits.rules, locationsPerResult: limits.locationsPerResult },
          ...(resultsOmitted > 0 || rulesOmitted > 0
            ? { truncated: truncation(resultsOmitted, rulesOmitted, violations.length, limits) }
            : {}),
        },
      },
    ],
  };
}

/**
 * The indices of the violations kept under `limit`, in run order: failing ones are kept first, then
 * warnings, so a flood of warnings never pushes an error out.
 */
function keep(violations: readonly Finding[], limit: number): number[] {
  const all = [...violations.keys()];
  if (violations.length <= limit) return all;
  const order = all.sort((a, b) => rank(violations[a]!) - rank(violations[b]!) || a - b);
  return order.slice(0, Math.max(0, limit)).sort((a, b) => a - b);
}

function rank(finding: Finding): number {
  return SEVERITIES[finding.level as Severity].failing ? 0 : 1;
}

function truncation(results: number, rules: number, total: number, limits: SarifLimits): string {
  const parts: string[] = [];
  if (results > 0)
    parts.push(
      `${results} of ${total} result(s) left out (at most ${limits.results} a run; failing ones were kept first; run with --format json for all)`,
    );
  if (rules > 0) parts.push(`${rules} rule(s) no result names left out of tool.driver.rules (at most ${limits.rules} a run)`);
  return parts.join('; ');
}

/**
 * One fingerprint per violation, in order: a hash of the rule, the path and the text of the line (the
 * message when there is no line to read), then `:<n>` counting earlier violations with the same hash.
 */
function fingerprintsOf(violations: readonly Finding[], report: GateReport, index: RuleIndex): string[] {
  const seen = new Map<string, number>();
  return violations.map((finding) => {
    const location = index.locate(finding, report);
    const text = location?.line !== undefined && !location.isRuleFile ? report.paths.lineText?.(location.path, location.line) : undefined;
    const hash = createHash('sha256')
      .update(
        `${finding.rule ?? ''}\0${location?.path ?? finding.subject}\0${text !== undefined ? text.replace(/\s+/g, ' ').trim() : finding.message}`,
      )
      .digest('hex')
      .slice(0, 16);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return `${hash}:${n}`;
  });
}

function physical(location: FindingLocation): SarifLocation {
  const region: SarifRegion = {};
  if (location.line !== undefined) region.startLine = location.line;
  if (location.column !== undefined) region.startColumn = location.column;
  if (location.endLine !== undefined) region.endLine = location.endLine;
  if (location.endColumn !== undefined) region.endColumn = location.endColumn;
  return {
    physicalLocation: {
      artifactLocation: { uri: pathToUri(location.path), uriBaseId: SRCROOT },
      ...(location.line !== undefined ? { region } : {}),
    },
  };
}

/** A finding with no file to point at is placed by what it names. */
function logical(finding: Finding): SarifLocation {
  return { logicalLocations: [{ name: finding.subject || (finding.rule ?? 'majordomus') }] };
}

/** A rule's reporting descriptor. Every text is non-empty: code scanning refuses a rule without them. */
function describe(rule: Rule, id: string, checked: boolean, tool: ToolInfo): SarifRule {
  const help = ruleHelp(rule);
  const helpUri = help !== undefined ? `${tool.repositoryUrl}/blob/HEAD/${help}` : undefined;
  const statement = nonEmpty(rule.statement, rule.title, rule.identity);
  const where = helpUri !== undefined ? `Documented in the rule catalogue: ${helpUri}` : `Defined in ${rule.file}`;
  const tags = (rule.frontMatter as { tags?: unknown }).tags;
  return {
    id,
    name: nonEmpty(rule.title, rule.id),
    shortDescription: { text: cap(nonEmpty(rule.title, rule.id), FULL_DESCRIPTION_MAX) },
    fullDescription: {
      text: cap(nonEmpty((rule.frontMatter as { description?: string }).description ?? '', statement), FULL_DESCRIPTION_MAX),
    },
    help: {
      text: `${statement}\n\n${where}`,
      markdown: `${statement}\n\n${helpUri !== undefined ? `[${rule.identity} in the rule catalogue](${helpUri})` : `Defined in \`${rule.file}\``}`,
    },
    ...(helpUri !== undefined ? { helpUri } : {}),
    defaultConfiguration: { enabled: rule.enforcement !== undefined, level: rule.class === 'blocking' ? 'error' : 'warning' },
    properties: {
      version: rule.version,
      class: rule.class,
      gates: [...(rule.enforcement?.enforcedBy ?? [])],
      category: rule.enforcement?.category ?? null,
      ...(Array.isArray(tags) && tags.length > 0 ? { tags: [...new Set(tags.map(String))].slice(0, 20) } : {}),
      anchor: help !== undefined ? ruleAnchor(rule.id) : null,
      file: rule.file,
      checked,
    },
  };
}

/** The descriptor of a rule a result names but the report does not hold (the rule set did not load). */
function unknownRule(id: string): SarifRule {
  const text = `The rule ${id}, which this run reported on without loading it (the repository's rule set did not load).`;
  return { id, name: id, shortDescription: { text: id }, fullDescription: { text }, help: { text } };
}

function nonEmpty(...texts: string[]): string {
  return texts.find((text) => text.trim() !== '') ?? 'a rule';
}

/** At most `max` characters (by code point, so no pair is split), the last one `…` when cut. */
export function cap(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** The version and the published repository, from the distribution's package.json (the build's version first). */
export function toolInfo(): ToolInfo {
  let pkg: { version?: unknown; repository?: unknown; homepage?: unknown } = {};
  try {
    pkg = JSON.parse(readFileSync(join(distributionRoot(), 'package.json'), 'utf8')) as typeof pkg;
  } catch {
    // the detector carried alone into a skill folder has no package beside it
  }
  const version = typeof MAJORDOMUS_VERSION === 'string' ? MAJORDOMUS_VERSION : typeof pkg.version === 'string' ? pkg.version : '0.0.0-dev';
  return { version, repositoryUrl: repositoryUrl(pkg.repository, pkg.homepage) ?? DEFAULT_REPOSITORY_URL };
}

// ------------------------------------------------------------------------ the part of SARIF written here

export interface SarifLog {
  readonly $schema: string;
  readonly version: '2.1.0';
  readonly runs: readonly SarifRun[];
}

export interface SarifRun {
  readonly tool: {
    readonly driver: {
      readonly name: string;
      readonly version: string;
      readonly semanticVersion: string;
      readonly informationUri: string;
      readonly rules: readonly SarifRule[];
    };
  };
  readonly automationDetails: { readonly id: string };
  readonly columnKind: 'utf16CodeUnits';
  readonly invocations: readonly {
    readonly executionSuccessful: boolean;
    readonly exitCode: number;
    readonly properties: { readonly gate: string };
  }[];
  readonly results: readonly SarifResult[];
  readonly properties: Readonly<Record<string, unknown>>;
}

export interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: { readonly text: string };
  readonly fullDescription: { readonly text: string };
  readonly help: { readonly text: string; readonly markdown?: string };
  readonly helpUri?: string;
  readonly defaultConfiguration?: { readonly enabled: boolean; readonly level: 'error' | 'warning' };
  readonly properties?: Readonly<Record<string, unknown>>;
}

export interface SarifResult {
  readonly ruleId?: string;
  readonly ruleIndex?: number;
  readonly level: 'error' | 'warning';
  readonly message: { readonly text: string };
  readonly locations: readonly SarifLocation[];
  readonly partialFingerprints: { readonly primaryLocationLineHash: string };
  readonly properties: Readonly<Record<string, unknown>>;
}

interface SarifRegion {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}

export interface SarifLocation {
  readonly physicalLocation?: {
    readonly artifactLocation: { readonly uri: string; readonly uriBaseId: string };
    readonly region?: SarifRegion;
  };
  readonly logicalLocations?: readonly { readonly name: string }[];
}
