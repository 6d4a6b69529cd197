/**
 * The brainstorm detector: run the brainstorm pack's rules at one of its gates over a session folder and
 * render the report through a reporter — the pack's own for text and JSON (./reporters.ts), the engine's
 * for the other formats. Shared by `majordomus brainstorm check` and the standalone `dist/detector.mjs`,
 * so the two print the same bytes.
 *
 * Output always has one line per rule of the selected gates — `ok`, `skip`, or one `FAIL` line per
 * violation — then a `clean` or `failing` summary: empty output means the detector never ran.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors';
import { brainstormPack } from '../generated/brainstorm-pack';
import type { GateName } from '../generated/gates';
import { WorkingTree } from '../layer/tree';
import { builtinRegistry } from '../registry';
import { loadReporter } from '../reporters/index';
import type { Format } from '../reporters/index';
import { lineReader, ReporterPlugin } from '../reporters/report';
import type { Reporter, ReportPaths } from '../reporters/report';
import { loadRuleText, resolveRules } from '../rules';
import type { LoadProblem, Rule, RuleSet } from '../rules';
import { appliesAt, Runner } from '../runner';
import { brainstormJsonReporter, brainstormTextReporter } from './reporters';
import { assertUsable } from './session';

/** The gates of the pack, in the order they accumulate. */
export const BRAINSTORM_GATES = ['session', 'manifest', 'move'] as const satisfies readonly GateName[];
export type BrainstormGate = (typeof BRAINSTORM_GATES)[number];

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

/** The pack's rules, loaded from the copy embedded at build time, resolved as one set. */
export function brainstormRules(): Rule[] {
  const loaded: Rule[] = [];
  const problems: LoadProblem[] = [];
  for (const { file, text } of brainstormPack) {
    const rule = loadRuleText(text, file, { origin: 'vendor', vendor: 'brainstorm' });
    if (Array.isArray(rule)) for (const problem of rule) problems.push(problem);
    else loaded.push(rule);
  }
  const resolution = resolveRules(loaded);
  for (const problem of resolution.problems) problems.push(problem);
  // the pack ships with the tool and is tested with it: a pack that does not load is a bug, not input
  if (problems.length > 0) throw new Error(`the brainstorm pack does not load: ${problems.map((p) => `${p.file ?? p.subject}: ${p.message}`).join('; ')}`);
  return resolution.effective;
}

/** Run the detector over `folder` at `gate`, and render its report in `format`. */
export async function checkSession(folder: string, gate: BrainstormGate, format: Format = 'text'): Promise<DetectorReport> {
  // an empty argument would resolve to the working directory: a folder nobody named
  if (folder === '') throw new UsageError('the session folder is an empty argument (name the folder, e.g. docs/research/<topic>-brainstorm)');
  const target = resolve(folder);
  assertUsable(target);
  const rules = ordered(brainstormRules().filter((rule) => appliesAt(rule, gate)));
  const ruleSet: RuleSet = { rules, refused: false, problems: [], packages: [], files: [] };
  const runner = new Runner();
  const parts: string[] = [];
  new ReporterPlugin(await brainstormReporter(format), { subject: folder, paths: sessionPaths(target) }, (text) => parts.push(text)).apply(runner);
  const result = await runner.run({ gate, ruleSet, registry: builtinRegistry(), target });
  return { output: parts.join(''), exitCode: result.exitCode };
}

/** The pack's own text and JSON (the contract's report); the engine's reporter for every other format. */
async function brainstormReporter(format: Format): Promise<Reporter> {
  if (format === 'text') return brainstormTextReporter;
  if (format === 'json') return brainstormJsonReporter;
  return loadReporter(format);
}

/**
 * Where the session's files are for a reader of the report: relative to the root of the git work tree
 * holding the folder (found as git finds it, by the nearest `.git` above), else to the working directory.
 * The pack's rules are compiled into the tool, so none of their files is in the repository.
 */
function sessionPaths(target: string): ReportPaths {
  let top = process.cwd();
  for (let dir = target; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) {
      top = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  const prefix = relative(top, target).split(sep).join('/');
  const tree = new WorkingTree(top);
  return { prefix: prefix === '' ? '' : `${prefix}/`, rulesInRepository: false, lineText: lineReader((file) => tree.readText(file)) };
}

/** By the gate a rule first applies at, then by id: the order the contract lists them in, near enough. */
function ordered(rules: readonly Rule[]): Rule[] {
  const rank = (rule: Rule): number => BRAINSTORM_GATES.indexOf(rule.enforcement!.enforcedBy[0] as BrainstormGate);
  return [...rules].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
