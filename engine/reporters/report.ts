/**
 * What a reporter is given and how it is wired. A reporter is a pure function of one gate's report —
 * findings, exit code, the effective rule catalogue and the rules that ran — to the lines it prints; it
 * decides nothing (the runner stamped every level and exit code). `ReporterPlugin` gathers that report
 * from the runner's hooks and hands it over once the gate is done, so no command chooses its output
 * with a branch of its own.
 */
import type { Finding } from '../api/findings';
import type { GateResult, Runner } from '../gate/runner';
import type { GateName } from '../generated/gates';
import type { Rule } from '../ruleset/rules';

/** Where the files a report names are, and how a reader should find them. */
export interface ReportPaths {
  /**
   * Prepended to a finding's `file` to make it relative to the repository's root (`%SRCROOT%` in
   * SARIF): empty for a gate, which reports repository-relative paths already; the session folder's
   * path for the brainstorm detector, whose files are relative to the folder.
   */
  readonly prefix: string;
  /** True when a rule's `file` lies in the judged repository (not so for a pack compiled into the tool). */
  readonly rulesInRepository: boolean;
  /**
   * The text of `line` (1-based) of a repository-relative file, or undefined when it cannot be read:
   * what a SARIF fingerprint hashes, so an alert follows its line when lines above it move.
   */
  readonly lineText?: (file: string, line: number) => string | undefined;
}

/** One gate's report: everything a reporter may read. */
export interface GateReport {
  readonly gate: GateName;
  /** Every finding, in the order the runner stamped them (after `processFindings`). */
  readonly findings: readonly Finding[];
  readonly exitCode: number;
  /** The effective rule set, in load order: every rule, enforced at this gate or not. */
  readonly catalogue: readonly Rule[];
  /** The rules the gate ran, in the order it ran them (audit rules the set lacked included). */
  readonly checked: readonly Rule[];
  /** What the gate judged, as the user named it (the brainstorm detector's session folder). */
  readonly subject?: string;
  /** `--quiet`: the text and JSON reporters leave out OK and INFO findings. */
  readonly quiet?: boolean;
  /** The text reporter colours the level of a violation (engine/io/colour.ts decides when). */
  readonly colour?: boolean;
  readonly paths: ReportPaths;
}

/** A format: the lines it prints for a report, joined with newlines by its writer. */
export interface Reporter {
  /** The `--format` value that selects it. */
  readonly format: string;
  render(report: GateReport): Iterable<string>;
}

/** Everything of a report the runner does not produce. */
export type ReportContext = Omit<GateReport, keyof GateResult | 'catalogue' | 'checked'>;

/** Lines written at a time, so millions of findings never become one string. */
const LINES_PER_WRITE = 4096;

/**
 * A plugin on the runner's hooks: `loaded` gives the catalogue, `beforeGate` the rules it runs,
 * `afterGate` the result; then the reporter's lines go to `write`, a batch at a time.
 */
export class ReporterPlugin {
  static readonly pluginName = 'ReporterPlugin';

  constructor(
    private readonly reporter: Reporter,
    private readonly context: ReportContext,
    private readonly write: (text: string) => void = (text) => void process.stdout.write(text),
  ) {}

  apply(runner: Runner): void {
    let catalogue: readonly Rule[] = [];
    let checked: readonly Rule[] = [];
    runner.hooks.loaded.tap(ReporterPlugin.pluginName, (ruleSet) => {
      catalogue = ruleSet.rules;
    });
    let paths = this.context.paths;
    runner.hooks.beforeGate.tap(ReporterPlugin.pluginName, (_gate, rules, target) => {
      checked = rules;
      // the lines a fingerprint hashes come from the tree the gate judges (the index inside a
      // pre-commit hook), unless the caller said where to read them
      if (paths.lineText === undefined && target.kind === 'repository') {
        const { tree } = target.repository;
        paths = { ...paths, lineText: lineReader((file) => tree.readText(file)) };
      }
    });
    runner.hooks.afterGate.tap(ReporterPlugin.pluginName, (result) => {
      emit(
        this.reporter,
        { ...this.context, paths, gate: result.gate, findings: result.findings, exitCode: result.exitCode, catalogue, checked },
        this.write,
      );
    });
  }
}

/** Render `report` and write its lines, a batch at a time, each batch ending with a newline. */
export function emit(reporter: Reporter, report: GateReport, write: (text: string) => void): void {
  let batch: string[] = [];
  for (const line of reporter.render(report)) {
    batch.push(line);
    if (batch.length >= LINES_PER_WRITE) {
      write(`${batch.join('\n')}\n`);
      batch = [];
    }
  }
  if (batch.length > 0) write(`${batch.join('\n')}\n`);
}

/** The whole output of `reporter` for `report`, as one string (for a caller that embeds it). */
export function renderToString(reporter: Reporter, report: GateReport): string {
  const parts: string[] = [];
  emit(reporter, report, (text) => parts.push(text));
  return parts.join('');
}

/**
 * A `lineText` for `ReportPaths`: each file read once through `read` (the tree the gate judged, so the
 * index inside a pre-commit hook) and split into lines; a file that cannot be read has no lines.
 */
export function lineReader(read: (file: string) => string): (file: string, line: number) => string | undefined {
  const files = new Map<string, readonly string[] | undefined>();
  return (file, line) => {
    if (!files.has(file)) {
      let lines: readonly string[] | undefined;
      try {
        lines = read(file).split(/\r?\n/);
      } catch {
        // gone, not text, over the size cap: the fingerprint falls back to the message
        lines = undefined;
      }
      files.set(file, lines);
    }
    return files.get(file)?.[line - 1];
  };
}
