/**
 * Proving a rule with cases: a rule whose `x-majordomus.tests` names a directory holding `valid/` and
 * `invalid/` is run against each sub-folder of those, each a small repository tree copied into a fresh
 * temporary git repository and staged. The rule's validator must report nothing on a valid case and at
 * least one violation on an invalid one (and, when the case carries `expect.yaml`, every subject it
 * names). The case runs through the gate entry (engine/gate/run-gate.ts), as every gate does, so options,
 * levels and a throwing validator behave exactly as they do in `doctor`.
 */

import { existsSync, lstatSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isViolation } from '../api/findings';
import { UsageError } from '../errors';
import type { GateName } from '../generated/gates';
import { gates } from '../generated/gates';
import { DocumentError } from '../io/document-error';
import { isolatedGitEnv, runGit } from '../io/git';
import { notRegularFile } from '../io/regular-file';
import { readTextFile } from '../io/text';
import type { Tree } from '../io/tree';
import { copyIntoScratch, makeScratch, removeScratch, writeScratchFile } from '../io/write/scratch';
import { Repository } from '../layer/repository';
import { parseYaml } from '../layer/yaml';
import type { Rule } from '../ruleset/rules';
import type { RepositoryValidators } from './isolation/settings';
import type { Registry } from './registry';
import type { GateOutcome } from './run-gate';
import { runGate } from './run-gate';

/** The outcome of one case. */
export interface CaseResult {
  readonly rule: string;
  /** `valid/<case>` or `invalid/<case>`, under the test directory. */
  readonly case: string;
  readonly dir: string;
  readonly passed: boolean;
  /** The subjects of the violations the validator reported. */
  readonly subjects: readonly string[];
  /** Why a case failed. */
  readonly reason?: string;
}

const EXPECT_FILE = 'expect.yaml';

/** The test directories a rule names (those holding `valid/` or `invalid/`), repository-relative. */
export function caseDirectories(tree: Tree, rule: Rule): string[] {
  return (rule.enforcement?.tests ?? []).filter((test) => tree.exists(`${test}/valid`) || tree.exists(`${test}/invalid`));
}

/** How the cases of a rule run. */
export interface CaseSettings {
  /** The validators the rule's name resolves to: those of the repository the rule belongs to. */
  readonly registry: Registry;
  /**
   * Whether a repository validator may run, and for how long: the case repositories carry no policy of
   * their own, so the caller reads the limit from the repository the rule belongs to.
   */
  readonly repositoryValidators: RepositoryValidators;
  /** The caller's working directory and environment, handed to the gate entry. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Run every case of `rule` found in `tree` (rooted at `root`). */
export async function runRuleCases(root: string, tree: Tree, rule: Rule, settings: CaseSettings): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const dir of caseDirectories(tree, rule)) {
    let cases = 0;
    for (const kind of ['valid', 'invalid'] as const) {
      for (const entry of tree.list(`${dir}/${kind}`).filter((e) => e.directory)) {
        cases++;
        results.push(await runCase(join(root, dir, kind, entry.name), `${kind}/${entry.name}`, dir, kind, rule, settings));
      }
    }
    if (cases === 0) {
      results.push({
        rule: rule.identity,
        case: '(none)',
        dir,
        passed: false,
        subjects: [],
        reason: `${dir} holds no case: add a folder under valid/ and one under invalid/`,
      });
    }
  }
  return results;
}

/**
 * Run `rule` on a case that is not on disk yet — `files`, repository-relative paths and their text — as
 * `rules test` will run it once it is written: what `rules new` checks before it scaffolds a case.
 */
export async function runCaseFiles(
  files: Readonly<Record<string, string>>,
  name: string,
  dir: string,
  kind: 'valid' | 'invalid',
  rule: Rule,
  settings: CaseSettings,
): Promise<CaseResult> {
  const holder = makeScratch('majordomus-new-case-');
  try {
    for (const [path, text] of Object.entries(files)) writeScratchFile(join(holder, path), text);
    return await runCase(holder, `${kind}/${name}`, dir, kind, rule, settings);
  } finally {
    removeScratch(holder);
  }
}

async function runCase(
  source: string,
  name: string,
  dir: string,
  kind: 'valid' | 'invalid',
  rule: Rule,
  settings: CaseSettings,
): Promise<CaseResult> {
  const base = { rule: rule.identity, case: name, dir };
  let expected: string[] = [];
  try {
    expected = readExpectations(source, `${dir}/${name}/${EXPECT_FILE}`);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { ...base, passed: false, subjects: [], reason: error.message };
  }
  const scratch = makeScratch('majordomus-case-');
  try {
    try {
      copyIntoScratch(source, scratch, (path) => path !== join(source, EXPECT_FILE) && copyable(path, source, `${dir}/${name}`));
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      return { ...base, passed: false, subjects: [], reason: error.message };
    }
    const env = isolatedGitEnv(settings.env);
    for (const args of [
      ['init', '-q', '.'],
      ['add', '-A'],
    ]) {
      const result = runGit(args, scratch, env);
      if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in a case repository: ${result.stderr}`);
    }
    // a case without a layer of its own is judged under the skeleton manifest, never written into it
    const repository = Repository.open(scratch, { env: settings.env, isolated: true, tree: 'working', layoutless: 'skeleton' });
    const gate = rule.enforcement!.enforcedBy.find((name): name is GateName => Object.hasOwn(gates, name)) ?? 'doctor';
    let result: GateOutcome;
    try {
      result = await runGate({
        gate,
        cwd: settings.cwd,
        env: settings.env,
        repository,
        rules: [rule],
        registry: settings.registry,
        repositoryValidators: settings.repositoryValidators,
      });
    } catch (error) {
      // a case a gate cannot judge at all (a folder gate's model refusing the case's tree) fails that case alone
      if (!(error instanceof UsageError)) throw error;
      return { ...base, passed: false, subjects: [], reason: `${gate} cannot judge the case: ${error.message}` };
    }
    const broken = result.findings.filter(
      (f) => f.category === 'doctrine' && f.subject === rule.identity && f.level === 'FAIL' && f.file === rule.file,
    );
    if (broken.length > 0) return { ...base, passed: false, subjects: [], reason: broken.map((f) => f.message).join('; ') };
    const subjects = result.findings.filter(isViolation).map((f) => f.subject);
    if (kind === 'valid') {
      return subjects.length === 0
        ? { ...base, passed: true, subjects }
        : { ...base, passed: false, subjects, reason: `reported ${subjects.length} violation(s) on a valid case` };
    }
    if (subjects.length === 0) return { ...base, passed: false, subjects, reason: 'reported no violation on an invalid case' };
    const missing = expected.filter((subject) => !subjects.includes(subject));
    if (missing.length > 0) return { ...base, passed: false, subjects, reason: `expected subject(s) not reported: ${missing.join(', ')}` };
    return { ...base, passed: true, subjects };
  } finally {
    removeScratch(scratch);
  }
}

/** True for what a case may hold (files, folders, links); a FIFO, a socket or a device is refused by name. */
function copyable(path: string, source: string, display: string): boolean {
  const entry = lstatSync(path);
  if (entry.isFile() || entry.isDirectory() || entry.isSymbolicLink()) return true;
  const shown = relative(source, path) === '' ? display : `${display}/${relative(source, path)}`;
  throw new DocumentError(
    shown,
    undefined,
    `is ${notRegularFile(entry)}, not a regular file`,
    'replace it with a regular file, or remove it',
  );
}

/** The subjects an invalid case's `expect.yaml` names (`subjects: [...]`), or none without the file. */
function readExpectations(caseDir: string, display: string): string[] {
  const path = join(caseDir, EXPECT_FILE);
  if (!existsSync(path)) return [];
  // read as every layer file is: a FIFO in its place is refused, never waited on
  const text = readTextFile(path, display);
  const doc = parseYaml(text, display).value as { subjects?: unknown } | null;
  const keys = doc && typeof doc === 'object' ? Object.keys(doc) : [];
  const subjects = doc?.subjects;
  if (keys.some((key) => key !== 'subjects') || !Array.isArray(subjects) || !subjects.every((s) => typeof s === 'string')) {
    throw new DocumentError(display, 1, 'expect.yaml holds only `subjects:`, a list of strings', 'write subjects: [<subject>, ...]');
  }
  return subjects as string[];
}
