/**
 * `majordomus brainstorm` run by the built CLI, and the standalone `dist/detector.mjs`, as a user runs
 * them: `check` on the passing session at each gate; one mutation per rule id, each failing exactly that
 * rule at the gate where it first applies; `--json`; BS-OPS-02 — these in process, through the function
 * whose output `brainstorm check` prints, while the detector cases below show the built CLI and the
 * bundle printing the very same bytes, and nothing on stderr, at every gate in both formats; BS-OPS-02 inside a real git repository and outside
 * any; unusable input (exit 2, nothing on stdout); the detector bundle printing the very bytes of the
 * command; `stamp`; `new` (a folder the session gate accepts, never overwritten); `harvest` (refused
 * with nothing moved, then the move). Assertions are on exit codes, rule ids, statuses, files and paths.
 * The command's tables of unusable input and bad topics run the command in process (helpers/cli.ts), their
 * first case through the built CLI as well, asserted the same byte for byte; the detector always runs.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brainstormGate, checkSession } from '../../engine/brainstorm/check';
import { MajordomusError } from '../../engine/errors';
import type { BrainstormGate, SessionCopy } from '../helpers/brainstorm';
import { copyPassingSession, SESSION } from '../helpers/brainstorm';
import { cliInProcess, tableRun } from '../helpers/cli';
import type { RunResult, TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, ROOT, repoFactory } from '../helpers/repo';

const DETECTOR = join(ROOT, 'dist/detector.mjs');

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// The contract's rule table: each rule at the gate where it first applies; the gates are cumulative.
const SESSION_RULES = [
  'BS-STATE-01',
  'BS-STATE-02',
  'BS-ASPECT-01',
  'BS-THESIS-01',
  'BS-COMPOSE-01',
  'BS-FORK-01',
  'BS-FORK-02',
  'BS-LEDGER-01',
  'BS-OPS-01',
  'BS-OPS-02',
  'BS-SYNC-01',
  'BS-SYNC-02',
] as const;
const MANIFEST_RULES = ['BS-ASPECT-02', 'BS-COMPOSE-02', 'BS-FORK-03', 'BS-MANIFEST-01'] as const;
const MOVE_RULES = ['BS-HARVEST-01', 'BS-USELESS-01'] as const;
const GATES = ['session', 'manifest', 'move'] as const satisfies readonly BrainstormGate[];
const RULES_AT: Record<BrainstormGate, readonly string[]> = {
  session: SESSION_RULES,
  manifest: [...SESSION_RULES, ...MANIFEST_RULES],
  move: [...SESSION_RULES, ...MANIFEST_RULES, ...MOVE_RULES],
};
const FIRST_GATE = new Map<string, BrainstormGate>(GATES.flatMap((gate) => RULES_AT[gate].map((id) => [id, gate] as const)).reverse());

// ------------------------------------------------------------------------------------------ running

function spawn(script: string, args: readonly string[], cwd: string): RunResult {
  const result = spawnSync(process.execPath, [script, ...args], { cwd, env: cleanEnv(), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `majordomus <args>` in `cwd`. */
function majordomus(args: readonly string[], cwd: string): RunResult {
  return spawn(CLI, args, cwd);
}

/** `majordomus brainstorm check <folder> [--gate=g] [--json]` (the copy's root as working directory). */
function check(copy: SessionCopy, gate?: BrainstormGate, json = false, folder: string = copy.folder): RunResult {
  return majordomus(['brainstorm', 'check', folder, ...(gate ? [`--gate=${gate}`] : []), ...(json ? ['--json'] : [])], copy.root);
}

/**
 * What `majordomus brainstorm check <folder> [--gate=g] [--json]` prints and exits with, run in process:
 * the CLI's command writes exactly checkSession's output and sets its exit code (commands/brainstorm.ts).
 */
async function checkInProcess(copy: SessionCopy, gate?: BrainstormGate, json = false, folder: string = copy.folder): Promise<RunResult> {
  try {
    const report = await checkSession(folder, brainstormGate(gate), json ? 'json' : 'text', copy.root, cleanEnv());
    return { code: report.exitCode, stdout: report.output, stderr: '' };
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    return { code: error.exitCode, stdout: '', stderr: `majordomus: ${error.message}\n` };
  }
}

// ------------------------------------------------------------------------------------------ parsing

/** One per-rule line of the text report. */
interface RuleLine {
  readonly status: 'ok' | 'skip' | 'FAIL';
  readonly rule: string;
  /** A FAIL line's file (null when the line names none) and line (null when none). */
  readonly file: string | null;
  readonly line: number | null;
}

/** The text report: its per-rule lines and its summary (the last line), or a throw when a line has no known shape. */
function report(stdout: string): { rules: RuleLine[]; summary: string } {
  expect(stdout.endsWith('\n'), 'the report ends with a newline').toBe(true);
  const lines = stdout.slice(0, -1).split('\n');
  const summary = lines.pop()!;
  const rules = lines.map((text): RuleLine => {
    const fail = /^FAIL (BS-[A-Z]+-\d\d) (\S*?)(?::(\d+))? — \S/.exec(text);
    if (fail)
      return {
        status: 'FAIL',
        rule: fail[1]!,
        file: fail[2] === '' ? null : fail[2]!,
        line: fail[3] === undefined ? null : Number(fail[3]),
      };
    const other = /^(ok|skip) +(BS-[A-Z]+-\d\d)(?: — \S.*)?$/.exec(text);
    if (!other) throw new Error(`not a rule line of the detector: ${JSON.stringify(text)}`);
    return { status: other[1] as 'ok' | 'skip', rule: other[2]!, file: null, line: null };
  });
  return { rules, summary };
}

/** Each rule's status in the text report; a rule with FAIL lines counts them. */
function statuses(rules: readonly RuleLine[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { status, rule } of rules) {
    const before = out.get(rule);
    if (status === 'FAIL') {
      expect(before === undefined || before.startsWith('FAIL'), `${rule}: FAIL lines only, no ok or skip beside them`).toBe(true);
      out.set(rule, `FAIL×${before === undefined ? 1 : Number(before.slice(5)) + 1}`);
    } else {
      expect(before, `${rule} has one ${status} line`).toBeUndefined();
      out.set(rule, status);
    }
  }
  return out;
}

/** The `--json` document. */
interface JsonReport {
  readonly folder: string;
  readonly gate: string;
  readonly status: 'clean' | 'failing';
  readonly rules: readonly {
    readonly id: string;
    readonly status: 'ok' | 'fail' | 'skip';
    readonly violations: readonly { readonly file: string | null; readonly line: number | null; readonly message: string }[];
  }[];
}

/** Parse `--json` output: exactly one JSON document. */
function jsonReport(stdout: string): JsonReport {
  const doc = JSON.parse(stdout) as JsonReport;
  expect(typeof doc.folder).toBe('string');
  expect(Array.isArray(doc.rules)).toBe(true);
  for (const rule of doc.rules) {
    expect(['ok', 'fail', 'skip']).toContain(rule.status);
    expect(rule.violations.length > 0, `${rule.id}: violations iff fail`).toBe(rule.status === 'fail');
    for (const v of rule.violations) {
      expect(Object.keys(v).sort()).toEqual(['file', 'line', 'message']);
      expect(v.message.length).toBeGreaterThan(0);
    }
  }
  return doc;
}

/** The statuses of the JSON document in the shape `statuses` gives for the text. */
function jsonStatuses(doc: JsonReport): Map<string, string> {
  return new Map(doc.rules.map((rule) => [rule.id, rule.status === 'fail' ? `FAIL×${rule.violations.length}` : rule.status]));
}

/** Every file under `dir` (git's own directory aside), by path relative to it, with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (rel: string): void => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (path === '.git') continue;
      if (entry.isDirectory()) visit(path);
      else out.set(path, readFileSync(join(dir, path), 'latin1'));
    }
  };
  visit('');
  return out;
}

/** Make the copy's root a git repository with every file added (ops/ stays out: its .gitignore is `*`). */
function inGit(copy: SessionCopy): void {
  copy.git(['init', '-q', '-b', 'main', '.']);
  copy.git(['add', '-A']);
}

/** True when git sees no work tree around the copy's session folder. */
function outsideGit(copy: SessionCopy): boolean {
  return spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: copy.folder, env: cleanEnv(), encoding: 'utf8' }).status !== 0;
}

// ---------------------------------------------------------------------------------- the passing copy

describe('brainstorm check: the passing session', () => {
  it.each(GATES)('is clean at %s outside git: one ok line per rule of the gate, BS-OPS-02 a skip, then clean', async (gate) => {
    const copy = copyPassingSession();
    expect(outsideGit(copy), 'the temporary directory is outside any git repository').toBe(true);
    const result = await checkInProcess(copy, gate);
    expect(result.code).toBe(0);
    const { rules, summary } = report(result.stdout);
    expect(summary).toMatch(/^clean/);
    expect(rules).toHaveLength(RULES_AT[gate].length);
    expect(Object.fromEntries(statuses(rules))).toEqual(
      Object.fromEntries(RULES_AT[gate].map((id) => [id, id === 'BS-OPS-02' ? 'skip' : 'ok'])),
    );
  });

  it.each(GATES)('is clean at %s inside git: every rule of the gate ok, BS-OPS-02 included', async (gate) => {
    const copy = copyPassingSession();
    inGit(copy);
    const result = await checkInProcess(copy, gate);
    expect(result.code).toBe(0);
    const { rules, summary } = report(result.stdout);
    expect(summary).toMatch(/^clean/);
    expect(rules.map((line) => line.status)).toEqual(RULES_AT[gate].map(() => 'ok'));
    expect(rules.map((line) => line.rule).sort()).toEqual([...RULES_AT[gate]].sort());
  });

  it('the gate defaults to session, and --gate <g> reads as --gate=<g>', async () => {
    const copy = copyPassingSession();
    const bare = majordomus(['brainstorm', 'check', copy.folder], copy.root);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toBe((await checkInProcess(copy, 'session')).stdout);
    const spaced = majordomus(['brainstorm', 'check', copy.folder, '--gate', 'move'], copy.root);
    expect(spaced.code).toBe(0);
    expect(spaced.stdout).toBe((await checkInProcess(copy, 'move')).stdout);
  });
});

// -------------------------------------------------------------------------------------- one per rule

const MANIFEST = 'ops/manifest.md';
const F2_HEADING = '## F2 — What happens on catalog API timeout? [parked → docs/architecture/open-questions.md]';
const S2_RESULT = 'S2 → reconciled | 2026-07-08T14:30Z | thesis composed · 1 edit · untouched: onboarding';

/** A change to the passing session that breaks one rule, and where its violation is. */
interface Mutation {
  readonly rule: string;
  readonly gate: BrainstormGate;
  readonly what: string;
  readonly mutate: (copy: SessionCopy) => void;
  /** The session-relative file every FAIL line names. */
  readonly file: string;
  /** Text on exactly one line of `file` (after the change) that every FAIL line points at; none: no line. */
  readonly at?: string;
}

const MUTATIONS: readonly Mutation[] = [
  {
    rule: 'BS-STATE-01',
    gate: 'session',
    what: 'Sitting outside the contract',
    mutate: (c) => c.edit('state.md', '- Sitting: single', '- Sitting: solo'),
    file: 'state.md',
    at: '- Sitting: solo',
  },
  {
    rule: 'BS-STATE-02',
    gate: 'session',
    what: 'no aspect map',
    mutate: (c) => c.edit('state.md', '## Aspect map', '## Aspects'),
    file: 'state.md',
  },
  {
    rule: 'BS-ASPECT-01',
    gate: 'session',
    what: 'an aspect names a fork no one raised',
    mutate: (c) => c.edit('state.md', '→ F1, D1', '→ F9, D1'),
    file: 'state.md',
    at: '- persistence',
  },
  {
    rule: 'BS-THESIS-01',
    gate: 'session',
    what: 'a mandated section missing',
    mutate: (c) => c.edit('thesis.md', '## Argument', '## Reasoning'),
    file: 'thesis.md',
  },
  {
    rule: 'BS-COMPOSE-01',
    gate: 'session',
    what: 'the thesis stamp differs from Last compose',
    mutate: (c) => c.edit('thesis.md', 'Current as of: 2026-07-08T14:30Z', 'Current as of: 2026-07-08T14:31Z'),
    file: 'thesis.md',
    at: 'Current as of: 2026-07-08T14:31Z',
  },
  {
    rule: 'BS-FORK-01',
    gate: 'session',
    what: 'a fork without Closes when',
    mutate: (c) => c.edit('forks.md', '- Closes when: an owner for invalidation on plan change is named\n', ''),
    file: 'forks.md',
    at: '## F4 — ',
  },
  {
    rule: 'BS-FORK-02',
    gate: 'session',
    what: 'a decision resolves a fork still open',
    mutate: (c) => (
      c.edit('forks.md', F2_HEADING, '## F2 — What happens on catalog API timeout? [open]'),
      c.edit('ledger.md', '- Resolves: F3', '- Resolves: F3, F2')
    ),
    file: 'forks.md',
    at: '## F2 — ',
  },
  {
    rule: 'BS-LEDGER-01',
    gate: 'session',
    what: 'a duplicate decision id',
    mutate: (c) => c.edit('ledger.md', '## D2 —', '## D1 —'),
    file: 'ledger.md',
    at: 'Cache state survives restarts',
  },
  {
    rule: 'BS-OPS-01',
    gate: 'session',
    what: 'ops/.gitignore not `*`',
    mutate: (c) => c.write('ops/.gitignore', '*.md\n'),
    file: 'ops/.gitignore',
    at: '*.md',
  },
  {
    rule: 'BS-OPS-02',
    gate: 'session',
    what: 'an ops file force-added to git',
    mutate: (c) => (inGit(c), c.git(['add', '-f', '--', `${SESSION}/ops/capture.md`])),
    file: 'ops/capture.md',
  },
  {
    rule: 'BS-SYNC-01',
    gate: 'session',
    what: 'a dispatch other than the newest without a result',
    mutate: (c) => c.edit('ops/sync-log.md', `${S2_RESULT}\n`, ''),
    file: 'ops/sync-log.md',
    at: 'S2 | gate: on-demand',
  },
  {
    rule: 'BS-SYNC-02',
    gate: 'session',
    what: 'a twin attribution citing a sync never dispatched',
    mutate: (c) => c.edit('forks.md', '- Raised by: twin (S1)', '- Raised by: twin (S9)'),
    file: 'forks.md',
    at: '- Raised by: twin (S9)',
  },
  {
    rule: 'BS-ASPECT-02',
    gate: 'manifest',
    what: 'an aspect still none yet',
    mutate: (c) => c.edit('state.md', '→ thesis', '→ none yet'),
    file: 'state.md',
    at: '- onboarding',
  },
  {
    rule: 'BS-COMPOSE-02',
    gate: 'manifest',
    what: 'a capture entry newer than the last compose',
    mutate: (c) =>
      c.write(
        'ops/capture.md',
        `${c.read('ops/capture.md')}\n---\n### T3 · 2026-07-08T14:45Z\n\nuser: one more thing on warm-on-deploy.\n`,
      ),
    file: 'ops/capture.md',
    at: '### T3 · 2026-07-08T14:45Z',
  },
  {
    rule: 'BS-FORK-03',
    gate: 'manifest',
    what: 'a fork still open',
    mutate: (c) => c.edit('forks.md', F2_HEADING, '## F2 — What happens on catalog API timeout? [open]'),
    file: 'forks.md',
    at: '## F2 — ',
  },
  {
    rule: 'BS-MANIFEST-01',
    gate: 'manifest',
    what: 'a parked fork without a row',
    mutate: (c) => c.edit(MANIFEST, '| 4 | parked fork F4 | forks.md | docs/architecture/open-questions.md | append |\n', ''),
    file: MANIFEST,
  },
  {
    rule: 'BS-HARVEST-01',
    gate: 'move',
    what: 'a destination missing',
    mutate: (c) => c.remove('docs/architecture/open-questions.md', true),
    file: MANIFEST,
    at: '| 3 | parked fork F2 |',
  },
  {
    rule: 'BS-USELESS-01',
    gate: 'move',
    what: 'gaps left by the uselessness test',
    mutate: (c) => c.edit(MANIFEST, '- Gaps: none', '- Gaps: nobody owns F4'),
    file: MANIFEST,
    at: '- Gaps: nobody owns F4',
  },
];

describe('brainstorm check: one mutation per rule id', () => {
  it('the table holds each of the 18 rule ids once, at the gate where the contract first applies it', () => {
    expect(MUTATIONS.map((m) => m.rule).sort()).toEqual([...RULES_AT.move].sort());
    expect(RULES_AT.move).toHaveLength(18);
    for (const m of MUTATIONS) expect(m.gate, m.rule).toBe(FIRST_GATE.get(m.rule));
  });

  it.each(MUTATIONS)('$rule at $gate: $what', async (m) => {
    const copy = copyPassingSession();
    m.mutate(copy);
    const git = !outsideGit(copy);
    const result = await checkInProcess(copy, m.gate);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const { rules, summary } = report(result.stdout);
    expect(summary).toMatch(/^failing/);
    const failing = rules.filter((line) => line.status === 'FAIL');
    expect(failing.length).toBeGreaterThan(0);
    const line = m.at === undefined ? null : copy.lineOf(m.file, m.at);
    for (const fail of failing) expect({ rule: fail.rule, file: fail.file, line: fail.line }).toEqual({ rule: m.rule, file: m.file, line });
    // every other rule of the gate has its one ok line (BS-OPS-02 a skip outside git)
    const others = Object.fromEntries([...statuses(rules)].filter(([id]) => id !== m.rule));
    expect(others).toEqual(
      Object.fromEntries(RULES_AT[m.gate].filter((id) => id !== m.rule).map((id) => [id, id === 'BS-OPS-02' && !git ? 'skip' : 'ok'])),
    );

    // --json says the same
    const json = await checkInProcess(copy, m.gate, true);
    expect(json.code).toBe(1);
    const doc = jsonReport(json.stdout);
    expect(doc).toMatchObject({ folder: copy.folder, gate: m.gate, status: 'failing' });
    expect(jsonStatuses(doc)).toEqual(statuses(rules));
    const violations = doc.rules.find((rule) => rule.id === m.rule)!.violations;
    expect(violations.map((v) => ({ file: v.file, line: v.line }))).toEqual(failing.map(() => ({ file: m.file, line })));

    // a rule of a later gate is not run before it: the earlier gates pass
    for (const gate of GATES.slice(0, GATES.indexOf(m.gate))) {
      const earlier = await checkInProcess(copy, gate);
      expect(earlier.code, gate).toBe(0);
      expect(report(earlier.stdout).rules.map((l) => l.rule)).not.toContain(m.rule);
    }
  });
});

// -------------------------------------------------------------------------------------------- --json

describe('brainstorm check --json', () => {
  it.each(GATES)('the passing session at %s: one document, folder as given, every rule ok', async (gate) => {
    const copy = copyPassingSession();
    inGit(copy);
    const result = await checkInProcess(copy, gate, true, SESSION);
    expect(result.code).toBe(0);
    const doc = jsonReport(result.stdout);
    expect(Object.keys(doc).sort()).toEqual(['folder', 'gate', 'rules', 'status']);
    expect(doc).toMatchObject({ folder: SESSION, gate, status: 'clean' });
    expect(doc.rules.map((rule) => rule.id).sort()).toEqual([...RULES_AT[gate]].sort());
    expect(doc.rules.every((rule) => rule.status === 'ok' && rule.violations.length === 0)).toBe(true);
  });

  it('a skip outside git, and several violations of one rule each with file, line and message', async () => {
    const copy = copyPassingSession();
    copy.write('ops/.gitignore', '*\n*.md\n!capture.md\n');
    const result = await checkInProcess(copy, 'session', true);
    expect(result.code).toBe(1);
    const doc = jsonReport(result.stdout);
    expect(doc.status).toBe('failing');
    expect(doc.rules.find((rule) => rule.id === 'BS-OPS-02')).toMatchObject({ status: 'skip', violations: [] });
    const ops = doc.rules.find((rule) => rule.id === 'BS-OPS-01')!;
    expect(ops.status).toBe('fail');
    expect(ops.violations.map(({ file, line }) => ({ file, line }))).toEqual([
      { file: 'ops/.gitignore', line: 2 },
      { file: 'ops/.gitignore', line: 3 },
    ]);
    expect(doc.rules.filter((rule) => rule.status === 'fail').map((rule) => rule.id)).toEqual(['BS-OPS-01']);
    // the text report has one FAIL line per violation
    const text = report((await checkInProcess(copy, 'session')).stdout);
    expect(text.rules.filter((line) => line.status === 'FAIL').map(({ rule, file, line }) => [rule, file, line])).toEqual([
      ['BS-OPS-01', 'ops/.gitignore', 2],
      ['BS-OPS-01', 'ops/.gitignore', 3],
    ]);
  });
});

// ------------------------------------------------------------------------------------------ BS-OPS-02

describe('brainstorm check: BS-OPS-02 asks git', () => {
  it('inside a git repository, a force-added ops file fails BS-OPS-02 naming it', async () => {
    const copy = copyPassingSession();
    inGit(copy);
    copy.git(['add', '-f', '--', `${SESSION}/ops/manifest.md`]);
    const result = await checkInProcess(copy, 'session');
    expect(result.code).toBe(1);
    const { rules, summary } = report(result.stdout);
    expect(summary).toMatch(/^failing/);
    expect(rules.filter((line) => line.status === 'FAIL').map(({ rule, file }) => [rule, file])).toEqual([
      ['BS-OPS-02', 'ops/manifest.md'],
    ]);
  });

  it('inside a git repository with nothing of ops/ tracked, even committed, BS-OPS-02 is ok', async () => {
    const copy = copyPassingSession();
    inGit(copy);
    copy.git(['commit', '-q', '--no-verify', '-m', 'session']);
    expect(copy.git(['ls-files', '--', `${SESSION}/ops`])).toBe('');
    const result = await checkInProcess(copy, 'session');
    expect(result.code).toBe(0);
    expect(report(result.stdout).rules.find((line) => line.rule === 'BS-OPS-02')!.status).toBe('ok');
  });

  it('outside any git repository, BS-OPS-02 is a skip and the gate passes', async () => {
    const copy = copyPassingSession();
    expect(outsideGit(copy)).toBe(true);
    const result = await checkInProcess(copy, 'session');
    expect(result.code).toBe(0);
    expect(
      report(result.stdout)
        .rules.filter((line) => line.rule === 'BS-OPS-02')
        .map((line) => line.status),
    ).toEqual(['skip']);
  });
});

// ------------------------------------------------------------------------------------ unusable input

/** Input the detector cannot judge: the arguments after the folder, and a subject stderr names. */
const UNUSABLE: readonly { what: string; prepare: (copy: SessionCopy) => { folder: string; args?: string[]; names: string } }[] = [
  { what: 'no such folder', prepare: (c) => ({ folder: join(c.root, 'docs/research/nothing-brainstorm'), names: 'nothing-brainstorm' }) },
  { what: 'a file instead of a folder', prepare: (c) => ({ folder: join(c.folder, 'state.md'), names: 'state.md' }) },
  { what: 'an unknown gate', prepare: (c) => ({ folder: c.folder, args: ['--gate=nightly'], names: 'nightly' }) },
  {
    what: 'a directory where state.md should be',
    prepare: (c) => (c.remove('state.md'), mkdirSync(join(c.folder, 'state.md')), { folder: c.folder, names: 'state.md' }),
  },
  {
    what: 'invalid UTF-8 in forks.md',
    prepare: (c) => (
      writeFileSync(join(c.folder, 'forks.md'), Buffer.from([0x23, 0x20, 0x46, 0x0a, 0xff, 0xfe, 0x0a])),
      { folder: c.folder, names: 'forks.md' }
    ),
  },
  {
    what: 'a file where ops/ should be',
    prepare: (c) => (c.remove('ops'), c.write('ops', 'not a folder\n'), { folder: c.folder, names: 'ops' }),
  },
];

describe('unusable input exits 2 with nothing on stdout and names what is wrong', () => {
  it.each(UNUSABLE)('majordomus brainstorm check: $what', async ({ what, prepare }) => {
    const copy = copyPassingSession();
    const { folder, args = [], names } = prepare(copy);
    for (const json of [[], ['--json']]) {
      const argv = ['brainstorm', 'check', folder, ...args, ...json];
      const result = await cliInProcess({ dir: copy.root }, argv);
      // the table's sample: the built CLI prints the same bytes and exits with the same code
      if (what === UNUSABLE[0]!.what) expect(majordomus(argv, copy.root)).toEqual(result);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(names);
    }
  });

  it.each(UNUSABLE)('dist/detector.mjs: $what', ({ prepare }) => {
    const copy = copyPassingSession();
    const { folder, args = [], names } = prepare(copy);
    const result = spawn(DETECTOR, [folder, ...args], copy.root);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(names);
  });

  it.each([
    ['no folder', ['brainstorm', 'check']],
    ['two folders', ['brainstorm', 'check', '.', '.']],
  ])('majordomus brainstorm check with %s exits 2', async (what, args) => {
    const copy = copyPassingSession();
    const result = await cliInProcess({ dir: copy.folder }, args);
    if (what === 'no folder') expect(majordomus(args, copy.folder)).toEqual(result);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });
});

// ------------------------------------------------------------------------------- the detector bundle

/** The passing session and three mutations, each failing from a different gate on. */
const BUNDLE_CASES: readonly { name: string; mutate: (copy: SessionCopy) => void; failsFrom?: BrainstormGate }[] = [
  { name: 'the passing session', mutate: () => {} },
  ...['BS-STATE-01', 'BS-COMPOSE-02', 'BS-USELESS-01']
    .map((rule) => MUTATIONS.find((m) => m.rule === rule)!)
    .map((m) => ({ name: `${m.rule}: ${m.what}`, mutate: m.mutate, failsFrom: m.gate })),
];

describe('dist/detector.mjs behaves as majordomus brainstorm check', () => {
  it.each(BUNDLE_CASES)(
    '$name: the same stdout bytes and exit code as the command and as in process, with and without --json',
    async ({ mutate, failsFrom }) => {
      const copy = copyPassingSession();
      mutate(copy);
      // the passing session at the default gate (session) and at move, which runs every rule; a mutation
      // at the gate where it first fails (the three of them one per gate), so every gate is seen
      const gates: (BrainstormGate | undefined)[] = failsFrom === undefined ? [undefined, 'move'] : [failsFrom];
      for (const gate of gates) {
        // exit 1 from the gate where the broken rule first applies on (the default gate is session), else 0
        const expected = failsFrom !== undefined && GATES.indexOf(gate ?? 'session') >= GATES.indexOf(failsFrom) ? 1 : 0;
        for (const json of [false, true]) {
          const flags = [...(gate ? [`--gate=${gate}`] : []), ...(json ? ['--json'] : [])];
          const command = majordomus(['brainstorm', 'check', SESSION, ...flags], copy.root);
          const detector = spawn(DETECTOR, [SESSION, ...flags], copy.root);
          const label = `${gate ?? 'default'}${json ? ' --json' : ''}`;
          expect(command.code, label).toBe(expected);
          expect(command.stdout.length, label).toBeGreaterThan(0);
          expect([command.stderr, detector.stderr], label).toEqual(['', '']);
          expect(detector.stdout, label).toBe(command.stdout);
          expect(detector.code, label).toBe(command.code);
          // what the one-per-rule table above reads in process is what the command prints
          const here = await checkInProcess(copy, gate, json, SESSION);
          expect({ code: here.code, stdout: here.stdout }, label).toEqual({ code: command.code, stdout: command.stdout });
        }
      }
    },
  );

  it('carried alone into a skill folder, with no package beside it, it prints the same bytes', () => {
    const skill = mkdtempSync(join(tmpdir(), 'majordomus-skill-'));
    scratch.push(skill);
    mkdirSync(join(skill, 'scripts'));
    const carried = join(skill, 'scripts/detector.mjs');
    copyFileSync(DETECTOR, carried);
    const copy = copyPassingSession();
    MUTATIONS.find((m) => m.rule === 'BS-FORK-03')!.mutate(copy);
    for (const flags of [['--gate=session'], ['--gate=move', '--json']]) {
      const command = majordomus(['brainstorm', 'check', SESSION, ...flags], copy.root);
      const alone = spawn(carried, [SESSION, ...flags], copy.root);
      expect(alone.stderr, flags.join(' ')).toBe('');
      expect(alone.stdout, flags.join(' ')).toBe(command.stdout);
      expect(alone.code, flags.join(' ')).toBe(command.code);
    }
    expect(spawn(carried, [SESSION, '--gate=move'], copy.root).code).toBe(1);
  });

  it('a mutation fails at its gate and after, and passes before it, in both', () => {
    const copy = copyPassingSession();
    MUTATIONS.find((m) => m.rule === 'BS-COMPOSE-02')!.mutate(copy);
    const expected = { session: 0, manifest: 1, move: 1 };
    for (const gate of GATES) {
      expect(check(copy, gate).code, gate).toBe(expected[gate]);
      expect(spawn(DETECTOR, [copy.folder, `--gate=${gate}`], copy.root).code, gate).toBe(expected[gate]);
    }
  });

  it.each([
    ['no folder', []],
    ['an unknown option', ['FOLDER', '--verbose']],
    ['two folders', ['FOLDER', 'FOLDER']],
    ['an unknown gate', ['FOLDER', '--gate=nightly']],
    ['an empty gate', ['FOLDER', '--gate=']],
  ])('its own bad arguments exit 2 with nothing on stdout: %s', (_what, args) => {
    const copy = copyPassingSession();
    const result = spawn(
      DETECTOR,
      args.map((arg) => (arg === 'FOLDER' ? copy.folder : arg)),
      copy.root,
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toBe('');
  });
});

// --------------------------------------------------------------------------------------------- stamp

describe('brainstorm stamp', () => {
  it('prints exactly one line, the current UTC minute in the one shape', () => {
    const before = Date.now();
    const result = majordomus(['brainstorm', 'stamp'], ROOT);
    const after = Date.now();
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z\n$/);
    const stamped = Date.parse(result.stdout.trim());
    expect(Number.isNaN(stamped)).toBe(false);
    // taken between before and after, truncated to the minute
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(stamped).toBeLessThanOrEqual(after);
    expect(Math.abs(after - stamped)).toBeLessThan(120_000);
  });
});

// ----------------------------------------------------------------------------------------------- new

/** The paths `new` printed (`wrote <path>` lines); every line of its output is one. */
function wrote(stdout: string): string[] {
  const lines = stdout.split('\n').filter((line) => line !== '');
  return lines.map((line) => {
    const m = /^wrote (\S+)$/.exec(line);
    if (!m) throw new Error(`not a wrote line: ${JSON.stringify(line)}`);
    return m[1]!;
  });
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return [...snapshot(dir).keys()].sort();
}

describe('brainstorm new', () => {
  const TWIN_FILES = ['state.md', 'thesis.md', 'forks.md', 'ledger.md', 'ops/.gitignore'];

  /** Assert `new` wrote exactly the files of `folder` (relative to `cwd`) and printed each; return the folder's files. */
  function assertWrote(repo: TempRepo, stdout: string, folder: string, cwd = repo.dir): string[] {
    const printed = wrote(stdout);
    const abs = join(cwd, folder);
    expect(printed.map((path) => relative(abs, join(cwd, path))).sort(), 'printed = on disk').toEqual(filesUnder(abs));
    for (const path of printed) expect(statSync(join(cwd, path)).isFile(), path).toBe(true);
    expect(filesUnder(abs)).toEqual(expect.arrayContaining(TWIN_FILES));
    expect(readFileSync(join(abs, 'ops/.gitignore'), 'utf8')).toBe('*\n');
    return filesUnder(abs);
  }

  it('in a git repository: docs/research/<topic>-brainstorm/, which the session gate accepts, also once added to git', () => {
    const repo = repos.create();
    const result = repo.run(['brainstorm', 'new', 'widget-cache']);
    expect(result.code).toBe(0);
    const folder = 'docs/research/widget-cache-brainstorm';
    assertWrote(repo, result.stdout, folder);
    const checked = repo.run(['brainstorm', 'check', folder]);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    const { rules, summary } = report(checked.stdout);
    expect(summary).toMatch(/^clean/);
    expect(rules.map((line) => [line.rule, line.status]).sort()).toEqual([...SESSION_RULES].sort().map((id) => [id, 'ok']));
    // the ignore file keeps ops/ out of git, so BS-OPS-02 stays ok after `git add -A`
    repo.git(['add', '-A']);
    expect(repo.git(['ls-files', '--', `${folder}/ops`])).toBe('');
    expect(repo.run(['brainstorm', 'check', folder]).code).toBe(0);
    expect(spawn(DETECTOR, [folder], repo.dir).code).toBe(0);
  });

  it("from a subdirectory: the repository root's docs/research, the paths printed relative to the working directory", () => {
    const repo = repos.create();
    repo.write('src/keep', '');
    const result = repo.run(['brainstorm', 'new', 'deep'], { cwd: repo.path('src') });
    expect(result.code).toBe(0);
    expect(wrote(result.stdout).every((path) => path.startsWith('../docs/research/deep-brainstorm/'))).toBe(true);
    assertWrote(repo, result.stdout, '../docs/research/deep-brainstorm', repo.path('src'));
    expect(repo.exists('src/docs')).toBe(false);
  });

  it('a second new of the same topic exits 15 and overwrites nothing', () => {
    const repo = repos.create();
    expect(repo.run(['brainstorm', 'new', 'widget-cache']).code).toBe(0);
    const folder = repo.path('docs/research/widget-cache-brainstorm');
    appendFileSync(join(folder, 'state.md'), '- persistence — how cache state survives restarts → thesis\n');
    const before = snapshot(folder);
    const again = repo.run(['brainstorm', 'new', 'widget-cache']);
    expect(again.code).toBe(15);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('docs/research/widget-cache-brainstorm');
    expect(snapshot(folder)).toEqual(before);
  });

  it.each([['Widget-Cache'], ['widget_cache'], ['widget cache'], ['../escape'], ['a/b'], ['']])(
    'a bad topic %j exits 2 and writes nothing',
    async (topic) => {
      const repo = repos.create();
      const result = await tableRun(repo, ['brainstorm', 'new', topic], { sample: topic === 'Widget-Cache' });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(filesUnder(repo.dir)).toEqual([]);
    },
  );

  it('--dir <parent> is honoured, relative to the working directory', () => {
    const repo = repos.create();
    const result = repo.run(['brainstorm', 'new', 'pricing', '--dir', 'notes/sessions']);
    expect(result.code).toBe(0);
    expect(wrote(result.stdout).every((path) => path.startsWith('notes/sessions/pricing-brainstorm/'))).toBe(true);
    assertWrote(repo, result.stdout, 'notes/sessions/pricing-brainstorm');
    expect(repo.exists('docs')).toBe(false);
    expect(repo.run(['brainstorm', 'check', 'notes/sessions/pricing-brainstorm']).code).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------- harvest

describe('brainstorm harvest', () => {
  const HISTORY = 'docs/history/brainstorms/widget-cache';

  it('refuses a folder failing the move gate (exit 1, the failing rules, nothing moved), then moves it once fixed', () => {
    const copy = copyPassingSession();
    inGit(copy);
    copy.edit(MANIFEST, '- Gaps: none', '- Gaps: nobody owns F4');
    const before = snapshot(copy.root);

    const refused = majordomus(['brainstorm', 'harvest', SESSION], copy.root);
    expect(refused.code).toBe(1);
    const failing = refused.stdout
      .split('\n')
      .filter((line) => line.startsWith('FAIL '))
      .map((line) => line.split(' ').slice(1, 3));
    expect(failing).toEqual([['BS-USELESS-01', `${MANIFEST}:${copy.lineOf(MANIFEST, '- Gaps: nobody owns F4')}`]]);
    expect(snapshot(copy.root)).toEqual(before);
    expect(existsSync(join(copy.root, 'docs/history'))).toBe(false);

    copy.edit(MANIFEST, '- Gaps: nobody owns F4', '- Gaps: none');
    const session = snapshot(copy.folder);
    const moved = majordomus(['brainstorm', 'harvest', SESSION], copy.root);
    expect(moved.code, moved.stdout + moved.stderr).toBe(0);
    expect(moved.stdout).toBe(`${HISTORY}\n`);
    expect(existsSync(copy.folder)).toBe(false);
    const history = join(copy.root, HISTORY);
    const harvested = snapshot(history);
    expect([...harvested.keys()].some((path) => path === 'ops' || path.startsWith('ops/'))).toBe(false);
    expect(existsSync(join(history, 'ops'))).toBe(false);
    // everything but ops/ moved as it was, state.md aside: its Status reads harvested
    const expected = new Map([...session].filter(([path]) => !path.startsWith('ops/')));
    expected.set('state.md', session.get('state.md')!.replace('- Status: stopping\n', '- Status: harvested\n'));
    expect(harvested).toEqual(expected);
    expect(
      readFileSync(join(history, 'state.md'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('Status')),
    ).toEqual(['- Status: harvested']);
    // the destinations outside the folder are untouched
    for (const path of ['docs/features/widget-cache.md', 'docs/architecture/open-questions.md'])
      expect(readFileSync(join(copy.root, path), 'latin1')).toBe(before.get(path));
  });

  it('a history folder already there: exit 15, nothing moved', () => {
    const copy = copyPassingSession();
    inGit(copy);
    mkdirSync(join(copy.root, HISTORY), { recursive: true });
    writeFileSync(join(copy.root, HISTORY, 'keep.md'), 'earlier\n');
    const before = snapshot(copy.root);
    const result = majordomus(['brainstorm', 'harvest', SESSION], copy.root);
    expect(result.code).toBe(15);
    expect(snapshot(copy.root)).toEqual(before);
  });

  it.each([
    ['no such folder', 'docs/research/nothing-brainstorm'],
    ['a folder that is no session folder', 'docs/features'],
  ])('%s: exit 2, nothing moved', (_what, folder) => {
    const copy = copyPassingSession();
    const before = snapshot(copy.root);
    const result = majordomus(['brainstorm', 'harvest', folder], copy.root);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(snapshot(copy.root)).toEqual(before);
  });
});
