/**
 * Brainstorm sessions for the brainstorm pack's validator tests: a temporary copy of the passing fixture
 * (test/fixtures/brainstorm/passing, see the README beside it), changed in place, and the pack's rules
 * run over it in process at one of its gates. Tables name each failing finding by rule, file and the text
 * of its line, so no table hard-codes a line number.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GateOutcome } from '../../engine/gate/run-gate';
import { runGate as runGateEntry } from '../../engine/gate/run-gate';
import type { GateName } from '../../engine/generated/gates';
import { WorkingTree } from '../../engine/io/tree';
import type { RuleSet } from '../../engine/ruleset/rules';
import { loadRuleFiles } from '../../engine/ruleset/rules';
import { cleanEnv, ROOT } from './repo';

export const PASSING = join(ROOT, 'test/fixtures/brainstorm/passing');
/** The session folder inside the fixture tree. */
export const SESSION = 'docs/research/widget-cache-brainstorm';
export const BRAINSTORM_GATES = ['session', 'manifest', 'move'] as const satisfies readonly GateName[];
export type BrainstormGate = (typeof BRAINSTORM_GATES)[number];

const RULES_DIR = 'rules/brainstorm/rules';

/** The brainstorm pack's rules, loaded as the distribution ships them. */
export const brainstormRules: RuleSet = loadRuleFiles(
  new WorkingTree(ROOT),
  readdirSync(join(ROOT, RULES_DIR))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ file: `${RULES_DIR}/${name}`, provenance: { origin: 'vendor' as const, vendor: 'brainstorm' } })),
  [],
);

/** A temporary copy of the passing tree; paths are relative to the session folder unless said otherwise. */
export class SessionCopy {
  /** The copy's root: the directory holding `docs/`. */
  readonly root: string;
  /** The session folder, absolute. */
  readonly folder: string;

  constructor() {
    this.root = mkdtempSync(join(tmpdir(), 'majordomus-brainstorm-'));
    cpSync(PASSING, this.root, { recursive: true });
    this.folder = join(this.root, SESSION);
    // stored under another name so git does not ignore the fixture's own ops/ files (see the README)
    renameSync(join(this.folder, 'ops/gitignore.fixture'), join(this.folder, 'ops/.gitignore'));
  }

  read(file: string): string {
    return readFileSync(join(this.folder, file), 'utf8');
  }

  write(file: string, text: string): void {
    writeFileSync(join(this.folder, file), text);
  }

  /** Replace the one occurrence of `from` in a session file; a fixture that changed fails loudly here. */
  edit(file: string, from: string, to: string): void {
    const text = this.read(file);
    expect(text.split(from).length - 1, `${JSON.stringify(from)} occurs once in ${file}`).toBe(1);
    this.write(file, text.replace(from, to));
  }

  /** Remove a file or directory of the session folder (or, with `fromRoot`, of the tree). */
  remove(path: string, fromRoot = false): void {
    rmSync(join(fromRoot ? this.root : this.folder, path), { recursive: true, force: true });
  }

  /** The 1-based line of the one line of `file` that is `text`, or else of the one line that contains it. */
  lineOf(file: string, text: string): number {
    const lines = this.read(file).split('\n');
    const equal = lines.flatMap((line, index) => (line === text ? [index + 1] : []));
    if (equal.length === 1) return equal[0]!;
    const hits = lines.flatMap((line, index) => (line.includes(text) ? [index + 1] : []));
    expect(hits, `${JSON.stringify(text)} is on exactly one line of ${file}`).toHaveLength(1);
    return hits[0]!;
  }

  /** Run git in the copy's root; throws when git fails. */
  git(args: readonly string[]): string {
    const result = spawnSync('git', args, { cwd: this.root, env: cleanEnv(), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Copies made in one test file, removed after it. */
const copies: SessionCopy[] = [];
afterAll(() => {
  for (const copy of copies.splice(0)) copy.dispose();
});

/** A fresh copy of the passing session. */
export function copyPassingSession(): SessionCopy {
  const copy = new SessionCopy();
  copies.push(copy);
  return copy;
}

/** Run the pack at `gate` over `folder`, in process, through the gate entry as the detector does: a folder, no repository. */
export function runGate(gate: BrainstormGate, folder: string): Promise<GateOutcome> {
  return runGateEntry({ gate, cwd: folder, env: cleanEnv(), folder, rules: brainstormRules.rules });
}

/** A failing finding a case expects: its rule, its file, and the text on its line (none: no line). */
export interface ExpectedViolation {
  readonly rule: string;
  readonly file: string;
  /** The whole of one line of `file` (after the change), or text on exactly one line: the finding carries that line. */
  readonly at?: string;
}

/** One row of a table: a change to the passing session that breaks one rule, and exactly what it reports. */
export interface ViolationCase {
  readonly name: string;
  readonly gate: BrainstormGate;
  readonly mutate: (copy: SessionCopy) => void;
  readonly expected: readonly ExpectedViolation[];
}

/** A change the gates accept. */
export interface PassingCase {
  readonly name: string;
  readonly mutate: (copy: SessionCopy) => void;
  /** The gates that accept it; all three when not given. */
  readonly gates?: readonly BrainstormGate[];
}

function byJson(a: object, b: object): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

/**
 * Declare the table: each passing case has no FAIL at any gate; each failing case fails its gate with exit
 * code 1 and exactly its expected findings (level FAIL, category brainstorm, rule, file = subject, line).
 */
export function describeViolations(
  title: string,
  { passing, failing }: { passing: readonly PassingCase[]; failing: readonly ViolationCase[] },
): void {
  describe(`${title}: passing`, () => {
    it.each(passing)('$name', async ({ mutate, gates = BRAINSTORM_GATES }) => {
      const copy = copyPassingSession();
      mutate(copy);
      for (const gate of gates) {
        const result = await runGate(gate, copy.folder);
        expect(
          result.findings.filter((f) => f.level === 'FAIL'),
          gate,
        ).toEqual([]);
        expect(result.exitCode, gate).toBe(0);
      }
    });
  });

  describe(`${title}: failing`, () => {
    it.each(failing)('$name', async ({ gate, mutate, expected }) => {
      const copy = copyPassingSession();
      mutate(copy);
      const result = await runGate(gate, copy.folder);
      const failures = result.findings.filter((f) => f.level !== 'OK' && f.level !== 'INFO');
      const actual = failures
        .map((f) => ({ level: f.level, category: f.category, rule: f.rule, subject: f.subject, file: f.file, line: f.line ?? null }))
        .sort(byJson);
      const want = expected
        .map(({ rule, file, at }) => ({
          level: 'FAIL',
          category: 'brainstorm',
          rule,
          subject: file,
          file,
          line: at === undefined ? null : copy.lineOf(file, at),
        }))
        .sort(byJson);
      expect(actual, JSON.stringify(failures, null, 1)).toEqual(want);
      expect(result.exitCode).toBe(1);
    });
  });
}
