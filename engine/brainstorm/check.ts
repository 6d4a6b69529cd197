/**
 * The brainstorm detector: run the brainstorm pack's rules at one of its gates over a session folder (the
 * gate entry, engine/run-gate.ts, runs them) and render the report. Shared by `majordomus brainstorm check` and the standalone `dist/detector.mjs`, so
 * the two print the same bytes.
 *
 * Output always has one line per rule of the selected gates — `ok`, `skip`, or one `FAIL` line per
 * violation — then a `clean` or `failing` summary: empty output means the detector never ran.
 */
import { UsageError } from '../errors';
import { escapeControls } from '../layer/document-error';
import type { Finding } from '../findings';
import type { FolderGateName } from '../generated/gates';
import { packs } from '../generated/packs';
import { runGate } from '../run-gate';
import type { GateOutcome } from '../run-gate';
import type { Rule } from '../rules';

/** The gates of the pack, in the order they accumulate (rules/brainstorm/pack.yaml). */
export const BRAINSTORM_GATES = packs.brainstorm.gates as readonly BrainstormGate[];
export type BrainstormGate = Extract<FolderGateName, 'session' | 'manifest' | 'move'>;

/** What the detector prints and how it exits. */
export interface DetectorReport {
  readonly output: string;
  readonly exitCode: number;
}

/** Parse a `--gate` value; a UsageError (exit 2) for anything else. */
export function brainstormGate(value: string | undefined): BrainstormGate {
  const gate = value ?? 'session';
  if (!(BRAINSTORM_GATES as readonly string[]).includes(gate)) {
    throw new UsageError(`unknown gate ${JSON.stringify(gate)} (the gates are ${BRAINSTORM_GATES.join(', ')})`);
  }
  return gate as BrainstormGate;
}

/**
 * Run the detector over `folder` at `gate`: the pack's rules, as the distribution ships them, through
 * the gate entry; `cwd` is where a relative folder and the reproduce commands start from.
 */
export async function checkSession(folder: string, gate: BrainstormGate, json: boolean, cwd = process.cwd(), env = process.env): Promise<DetectorReport> {
  // an empty argument would resolve to the working directory: a folder nobody named
  if (folder === '') throw new UsageError('the session folder is an empty argument (name the folder, e.g. docs/research/<topic>-brainstorm)');
  const outcome = await runGate({ gate, cwd, env, folder });
  return { output: render(folder, gate, outcome, json), exitCode: outcome.exitCode };
}

// ------------------------------------------------------------------------------------------- printing

/** The detector's report: one line per rule of the gate (or one JSON document), then the summary. */
function render(folder: string, gate: BrainstormGate, outcome: GateOutcome, json: boolean): string {
  const rules = ordered(outcome.selected);
  const verdicts = rules.map((rule) => verdict(rule, outcome.findings.filter((f) => f.rule === rule.id)));
  const violations = verdicts.reduce((n, v) => n + v.violations.length, 0);
  const failingRules = verdicts.filter((v) => v.status === 'fail').length;
  const status = failingRules > 0 ? 'failing' : 'clean';
  if (json) return `${JSON.stringify({ folder, gate, status, rules: verdicts }, null, 2)}\n`;
  const lines: string[] = [];
  for (const v of verdicts) {
    // a file name or a message holding a newline stays on its line; --json keeps the exact values
    if (v.status === 'ok') lines.push(`ok   ${v.id}`);
    else if (v.status === 'skip') lines.push(`skip ${v.id} — ${escapeControls(v.reason ?? '')}`);
    else for (const x of v.violations) lines.push(`FAIL ${v.id} ${escapeControls(x.file ?? '')}${x.line === null ? '' : `:${x.line}`} — ${escapeControls(x.message)}`);
  }
  lines.push(
    status === 'clean'
      ? `clean: ${verdicts.length} rule(s) at gate ${gate}, no violation`
      : `failing: ${violations} violation(s) in ${failingRules} of ${verdicts.length} rule(s) at gate ${gate}`,
  );
  return `${lines.join('\n')}\n`;
}

interface Verdict {
  readonly id: string;
  readonly gate: string;
  readonly status: 'ok' | 'fail' | 'skip';
  readonly reason?: string;
  readonly violations: { readonly file: string | null; readonly line: number | null; readonly message: string }[];
}

function verdict(rule: Rule, findings: readonly Finding[]): Verdict {
  const gate = rule.enforcement!.enforcedBy[0]!;
  const failing = findings.filter((f) => f.level === 'FAIL' || f.level === 'WARN' || f.level === 'DRIFT');
  if (failing.length > 0) {
    return { id: rule.id, gate, status: 'fail', violations: failing.map((f) => ({ file: f.file ?? null, line: f.line ?? null, message: f.message })) };
  }
  const skipped = findings.find((f) => f.skipped);
  if (skipped) return { id: rule.id, gate, status: 'skip', reason: skipped.message.replace(/^not checked: /, ''), violations: [] };
  return { id: rule.id, gate, status: 'ok', violations: [] };
}

/** By the gate a rule first applies at, then by id: the order the contract lists them in, near enough. */
function ordered(rules: readonly Rule[]): Rule[] {
  const rank = (rule: Rule): number => BRAINSTORM_GATES.indexOf(rule.enforcement!.enforcedBy[0] as BrainstormGate);
  return [...rules].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
