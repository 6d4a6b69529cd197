/**
 * Where a finding points, for the formats a machine reads (SARIF, JUnit, GitHub): a path relative to the
 * repository's root and the region in it that is known. A finding that names no file points at its
 * rule's file when that file is in the repository (the rule is what a reader must look at), else nowhere.
 */
import { posix } from 'node:path';
import type { Finding } from '../api/findings';
import type { Rule } from '../ruleset/rules';
import type { GateReport } from './report';

/** A repository-relative place: a file and, as far as known, the region in it. */
export interface FindingLocation {
  /** Repository-relative, `/`-separated, as the repository names it (not URI-encoded). */
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** True when the finding named no file and this is its rule's file. */
  readonly isRuleFile: boolean;
}

/** The rules of a report by id and by identity, for findings to find theirs. */
export class RuleIndex {
  private readonly byIdentity = new Map<string, Rule>();
  private readonly byId = new Map<string, Rule>();
  private readonly repository: ReadonlySet<Rule>;

  constructor(report: Pick<GateReport, 'catalogue' | 'checked' | 'paths'>) {
    // the catalogue was read from the repository; a rule only the gate added (the distribution's audit
    // rules, while the set is refused) has its file in the distribution
    this.repository = new Set(report.paths.rulesInRepository ? report.catalogue : []);
    for (const rule of [...report.catalogue, ...report.checked]) {
      if (!this.byIdentity.has(rule.identity)) this.byIdentity.set(rule.identity, rule);
      if (!this.byId.has(rule.id)) this.byId.set(rule.id, rule);
    }
  }

  /** Every rule once, catalogue first. */
  rules(): Rule[] {
    return [...this.byIdentity.values()];
  }

  /** Where `finding` points, its rule's file standing in when it names none and that file is the repository's. */
  locate(finding: Finding, report: GateReport): FindingLocation | undefined {
    const rule = this.of(finding);
    return locate(finding, report, rule && this.repository.has(rule) ? rule.file : undefined);
  }

  /** The rule that produced `finding`, if the report holds it. */
  of(finding: Finding): Rule | undefined {
    if (finding.rule === undefined) return undefined;
    return (
      (finding.version !== undefined ? this.byIdentity.get(`${finding.rule}@${finding.version}`) : undefined) ?? this.byId.get(finding.rule)
    );
  }
}

/** Where `finding` points: its file, else `ruleFile` (repository-relative), else nowhere. */
function locate(finding: Finding, report: GateReport, ruleFile: string | undefined): FindingLocation | undefined {
  if (finding.file !== undefined && finding.file !== '') {
    const path = repositoryPath(report.paths.prefix, finding.file);
    return { path, ...region(finding), isRuleFile: false };
  }
  if (ruleFile !== undefined) return { path: repositoryPath('', ruleFile), isRuleFile: true };
  return undefined;
}

/** `prefix` + `file`, normalised, `/`-separated, with no leading `./`. */
export function repositoryPath(prefix: string, file: string): string {
  const joined = posix.normalize(`${prefix}${file.replace(/\\/g, '/')}`);
  return joined.startsWith('./') ? joined.slice(2) : joined;
}

/** The part of a finding's position that is consistent: a column only with a line, an end only after the start. */
function region(finding: Finding): Pick<FindingLocation, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const { line, column, endLine, endColumn } = finding;
  if (!positive(line)) return {};
  const out: { line: number; column?: number; endLine?: number; endColumn?: number } = { line };
  if (positive(endLine) && endLine >= line) out.endLine = endLine;
  if (positive(column)) {
    out.column = column;
    const lastLine = out.endLine ?? line;
    if (positive(endColumn) && (lastLine > line || endColumn >= column)) out.endColumn = endColumn;
  }
  return out;
}

function positive(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 1;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A repository-relative path as a relative URI reference: each segment percent-encoded. */
export function pathToUri(path: string): string {
  return (
    path
      .split('/')
      // a lone surrogate has no UTF-8 form to encode (encodeURIComponent would throw): U+FFFD stands in
      .map((segment) => encodeURIComponent(segment.replace(LONE_SURROGATE, '\uFFFD')))
      .join('/')
  );
}

/** What a machine-read format says a finding is: `<subject> — <message>`, or the message alone when the subject is its file. */
export function findingText(finding: Finding): string {
  return finding.subject === finding.file || finding.subject === '' ? finding.message : `${finding.subject} — ${finding.message}`;
}
