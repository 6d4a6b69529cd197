/**
 * doctor on a copy of the upstream tool's own layer (../shared/fixtures/upstream): its `.ai/`, with the
 * standard package's rule files beside the vendored ones, as the upstream repository holds them,
 * committed. Every failure is held to exactly one row of docs/COMPATIBILITY.md — a difference of this
 * version, a file the fixtures do not hold, or what a fresh copy lacks — with the count the page gives,
 * so the page cannot drift from what doctor says, and a new failure on upstream's layer has to be
 * fixed or written down. What was fixed stays fixed: no failure about the policy keys only this tool
 * reads, upstream's use-case format, or a remedy that would refuse.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

const repos = repoFactory();
afterAll(() => repos.disposeAll());
const VENDOR = '.ai/repo/rules/vendor/majordomus/rules';

interface Cause {
  readonly id: string;
  readonly matches: (finding: JsonFinding) => boolean;
}

const has = (finding: JsonFinding, pattern: RegExp): boolean => pattern.test(finding.message);
const YAML_REFUSED = ['ai_layout', 'context', 'rule_package', 'state'];
const UPSTREAM_LACKS = ['context_affected', 'ledger_retention', 'scope_file', 'session_records_shared', 'telemetry'];
const UNLISTED_UPSTREAM = [
  'completion_gates',
  'knowledge_integrity',
  'knowledge_lifecycle',
  'obligations',
  'prompt_continuity',
  'record_changed_files',
  'session_lifecycle',
  'session_records',
];
const undeclared = (finding: JsonFinding, names: readonly string[]): boolean =>
  has(finding, /^validator exists but no rule declares it/) && names.includes(finding.subject);

/** The rows of docs/COMPATIBILITY.md, each recognising its findings. */
const CAUSES: readonly Cause[] = [
  {
    id: 'yaml-plain-colon',
    matches: (f) =>
      has(f, /not valid YAML: .*a plain value may not contain ": "/) ||
      (f.subject === 'majordomus.context-integrity@1' && has(f, /ai-layout-integrity\.v1\.md is refused/)) ||
      (undeclared(f, YAML_REFUSED) && has(f, /and that rule was refused/)),
  },
  {
    id: 'validators-not-here',
    matches: (f) => f.category === 'doctrine' && has(f, /^names the validator `[a-z_]+`, which is not registered/),
  },
  {
    id: 'validators-upstream-lacks',
    matches: (f) => undeclared(f, UPSTREAM_LACKS) && has(f, /none of its rules names it/) && has(f, /update --force/),
  },
  { id: 'policy-session-values', matches: (f) => f.category === 'policy' && f.subject.startsWith('session.') },
  { id: 'rule-body-sections', matches: (f) => f.file === '.ai/repo/rules/project/accumulation-is-measured.v2.md' },
  { id: 'provider-bb', matches: (f) => f.category === 'projection' && has(f, /provider bb/) },
  { id: 'fixture-unlisted', matches: (f) => f.category === 'rules' && has(f, /manifest\.yaml does not list/) },
  { id: 'fixture-hash', matches: (f) => f.category === 'rules' && has(f, /differs from its manifest hash/) },
  { id: 'fixture-undeclared', matches: (f) => undeclared(f, UNLISTED_UPSTREAM) },
  { id: 'fixture-project-rules', matches: (f) => f.subject.startsWith('project.') && has(f, /which no loaded rule provides/) },
  {
    id: 'fixture-tests',
    matches: (f) => f.subject.startsWith('project.') && has(f, /^names the test .*does not exist in this repository/),
  },
  { id: 'fixture-use-cases', matches: (f) => f.category === 'use-case' && has(f, /^no active use case in/) },
  { id: 'clone-hooks', matches: (f) => f.category === 'wiring' && has(f, /hook \.git\/hooks\/pre-(commit|push) does not exist/) },
  {
    id: 'clone-config',
    matches: (f) => f.category === 'wiring' && ['derived-merge-driver', 'session-lifecycle', 'prompt-capture'].includes(f.subject),
  },
];

/** The rows of a table of the page: id → findings. */
function documented(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const line of readFileSync(join(ROOT, 'docs/COMPATIBILITY.md'), 'utf8').split('\n')) {
    const row = /^\| `([a-z-]+)` \| (\d+) \|/.exec(line);
    if (row) rows.set(row[1]!, Number(row[2]));
  }
  return rows;
}

describeUpstream("doctor on a copy of the upstream tool's layer", () => {
  let repo: TempRepo;
  let code: number;
  let findings: JsonFinding[];
  let stderr: string;

  beforeAll(() => {
    repo = repos.create();
    cpSync(join(UPSTREAM, '.ai'), repo.path('.ai'), { recursive: true });
    const standard = join(UPSTREAM, 'share/standard/majordomus/rules');
    for (const name of readdirSync(standard)) cpSync(join(standard, name), repo.path(`${VENDOR}/${name}`));
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'the upstream layer']);
    ({ code, findings, stderr } = repo.gate(['doctor']));
  });

  it('exits 10 with a report, never a crash', () => {
    expect(code).toBe(10);
    expect(stderr).toBe('');
    expect(findings.filter((f) => f.level === 'OK')).toHaveLength(11);
  });

  it('every failure is one row of docs/COMPATIBILITY.md, with the count the page gives', () => {
    const fails = findings.filter((f) => f.level === 'FAIL');
    const counted = new Map<string, number>();
    const unexplained: string[] = [];
    for (const finding of fails) {
      const causes = CAUSES.filter((cause) => cause.matches(finding));
      if (causes.length !== 1) unexplained.push(`${causes.map((c) => c.id).join('+') || 'none'}: ${finding.subject} — ${finding.message}`);
      for (const cause of causes) counted.set(cause.id, (counted.get(cause.id) ?? 0) + 1);
    }
    expect(unexplained).toEqual([]);
    expect(Object.fromEntries(counted)).toStrictEqual(Object.fromEntries(documented()));
    const page = readFileSync(join(ROOT, 'docs/COMPATIBILITY.md'), 'utf8');
    expect(page).toContain(`| now | ${fails.length} | 11 |`);
    const differences = CAUSES.filter((cause) => !/^(fixture|clone)-/.test(cause.id));
    const caused = differences.reduce((sum, cause) => sum + (counted.get(cause.id) ?? 0), 0);
    expect(page).toContain(`That is **${differences.length} differences**, causing ${caused} findings.`);
  });

  it('what was fixed stays fixed', () => {
    const fails = findings.filter((f) => f.level === 'FAIL');
    // the four keys only this tool reads are optional
    expect(fails.filter((f) => f.category === 'policy' && !f.subject.startsWith('session.'))).toEqual([]);
    // upstream's use cases are read as written: only coverage is left of their category
    expect(fails.filter((f) => f.category === 'use-case' && f.file !== null)).toEqual([]);
    // no remedy that the command it names would refuse
    expect(fails.filter((f) => /run: majordomus rules vendor update\)/.test(f.message))).toEqual([]);
    expect(fails.filter((f) => /is enforced by `finish`/.test(f.message))).toEqual([]);
  });
});
