/**
 * `verify-range <base>..<head>`: the repository's gates on the tree of every commit of a range, as a CI
 * job runs them for a pull request. A commit that skipped the hooks — by `--no-verify`, a moved
 * `core.hooksPath`, plumbing, another clone — is judged anyway: what no guard on the agent's side can
 * see, the range shows.
 *
 * Nothing is checked out into the user's working tree: the commits are checked out, one after the
 * other, in a scratch repository under the temporary folder that borrows this repository's objects
 * (git's alternates) and is removed afterwards; the user's repository is only read. A tree already
 * judged (a revert, a rebase that changed nothing) is not judged twice. The cost is one incremental
 * checkout and one run of each gate per distinct tree: linear in the length of the range.
 */
import { join } from 'node:path';
import type { Finding } from '../api/findings';
import type { Invocation } from '../commands/define';
import { ExitCode, MajordomusError, UsageError } from '../errors';
import { repositoryValidatorSwitch } from '../gate/isolation/settings';
import { runGate } from '../gate/run-gate';
import type { GateName } from '../generated/gates';
import type { Policy } from '../generated/types';
import { planHooks } from '../hooks/plan';
import type { GitRepository } from '../io/git';
import { isolatedGitEnv, runGit } from '../io/git';
import { printable } from '../io/printable';
import { WritePlan } from '../io/write/plan';
import { makeScratch, removeScratch, writeScratchFile } from '../io/write/scratch';
import { Repository } from '../layer/repository';
import { formatOf } from '../reporters/index';

export interface VerifyRangeOptions {
  readonly gate?: readonly string[];
  readonly quiet?: boolean;
  readonly json?: boolean;
  readonly format?: string;
  /** False for `--no-repository-validators`. */
  readonly repositoryValidators?: boolean;
}

/** One gate's verdict on one commit's tree. */
interface GateVerdict {
  readonly gate: string;
  readonly exit: number;
  /** The findings that fail (or, for watch, drift): what a reader must see. */
  readonly failures: readonly Pick<Finding, 'level' | 'rule' | 'subject' | 'message' | 'file' | 'line'>[];
}

interface CommitVerdict {
  readonly commit: string;
  readonly tree: string;
  readonly subject: string;
  readonly exit: number;
  readonly gates: readonly GateVerdict[];
}

/** `majordomus verify-range <base>..<head> [--gate <gate>]… [--quiet] [--json | --format text|json|github]`. */
export async function runVerifyRange(range: string, options: VerifyRangeOptions, invocation: Invocation): Promise<void> {
  const format = formatOf(options);
  if (format === 'sarif' || format === 'junit')
    throw new UsageError(`verify-range prints text, json or github, not ${format} (run: majordomus verify-range --help)`);
  // `<base>..<head>`, `<base>...<head>`, or one commit alone as git writes it, `<commit>^!`
  if (!/^[^-\s]\S*(\.\.\.?\S+|\^!)$/.test(range))
    throw new UsageError(
      `verify-range: ${JSON.stringify(range)} is not a range <base>..<head> (e.g. origin/main..HEAD, or HEAD^! for one commit)`,
    );
  const gates = [...new Set(options.gate && options.gate.length > 0 ? options.gate : ['doctor'])] as GateName[];
  const env = isolatedGitEnv(invocation.env);
  // the repository judged is only read: its git directory, for the objects the scratch checkout borrows
  const source = Repository.open(invocation.cwd, { env: invocation.env, tree: 'working', layoutless: 'skeleton' }).git;
  const commits = commitsOf(range, source);
  const repositoryValidators = repositoryValidatorSwitch(options.repositoryValidators, invocation.env);
  const verdicts: CommitVerdict[] = [];
  const scratch = makeScratch('majordomus-verify-range-');
  try {
    if (commits.length > 0) {
      git(['init', '-q', '--template=', scratch], scratch, env);
      // the scratch repository reads this repository's objects where they are: nothing is copied or fetched
      writeScratchFile(join(scratch, '.git/objects/info/alternates'), `${join(source.commonDir, 'objects')}\n`);
    }
    const byTree = new Map<string, readonly GateVerdict[]>();
    for (const commit of commits) {
      let judged = byTree.get(commit.tree);
      if (judged === undefined) {
        git(['checkout', '-q', '-f', '--detach', commit.commit], scratch, env);
        git(['clean', '-q', '-f', '-d', '-x'], scratch, env);
        installHooks(scratch, env);
        judged = [];
        for (const gate of gates) judged = [...judged, await judge(gate, scratch, env, repositoryValidators)];
        byTree.set(commit.tree, judged);
      }
      verdicts.push({ ...commit, exit: worst(judged.map((verdict) => verdict.exit)), gates: judged });
    }
  } finally {
    removeScratch(scratch);
  }
  const exit = worst(verdicts.map((verdict) => verdict.exit));
  const failing = verdicts.filter((verdict) => verdict.exit !== 0).length;
  if (format === 'json') process.stdout.write(`${JSON.stringify({ range, gates, commits: verdicts, failing, exit })}\n`);
  else if (format === 'github') process.stdout.write(github(verdicts));
  else process.stdout.write(text(range, gates, verdicts, failing, options.quiet === true));
  process.exitCode = exit;
}

/** The commits of the range, oldest first (parents before children), each with its tree and subject. */
function commitsOf(range: string, source: GitRepository): { commit: string; tree: string; subject: string }[] {
  const result = source.git(['log', '--reverse', '--topo-order', '-z', '--format=%H%x00%T%x00%s', range, '--']);
  if (result.status !== 0)
    throw new UsageError(
      `verify-range: git cannot list ${range}: ${printable(result.stderr.trim().split('\n')[0] ?? '')} (name two commits this repository has, e.g. origin/main..HEAD)`,
    );
  const fields = result.stdout.split('\0');
  const out: { commit: string; tree: string; subject: string }[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3)
    out.push({ commit: fields[i]!.replace(/^\n/, ''), tree: fields[i + 1]!, subject: fields[i + 2]! });
  return out;
}

function git(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const result = runGit(args, cwd, env);
  if (result.status !== 0)
    throw new MajordomusError(`verify-range: git ${args[0]} failed in the scratch checkout: ${result.stderr.trim()}`, ExitCode.internal);
}

/**
 * The git hooks the commit's policy declares, installed in the scratch checkout's own `.git/hooks` as
 * `majordomus hooks install` does in a clone: the hooks belong to a clone, not to a commit, and the
 * gates judge the commit. What the install would change in the commit's files (a hook manager's
 * configuration that lacks the wiring) is put back as the commit has it, so the gates still see it.
 */
function installHooks(scratch: string, env: NodeJS.ProcessEnv): void {
  let repository: Repository;
  try {
    repository = Repository.open(scratch, { env, tree: 'working', isolated: true });
  } catch {
    return; // no layer in this commit: the gates say so
  }
  const { git } = repository;
  let policy: unknown;
  try {
    policy = repository.yaml(repository.layout.policyFile).value;
  } catch {
    return; // a policy that does not read: the gates say so
  }
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) return;
  const plan = new WritePlan({
    command: 'verify-range',
    base: git.root,
    scopes: [
      { dir: git.root, name: 'the scratch checkout' },
      { dir: git.commonDir, name: "the scratch checkout's git directory" },
    ],
  });
  planHooks(plan, git, policy as Policy, {}, []);
  plan.commit();
  runGit(['checkout', '-q', '-f', 'HEAD', '--', '.'], scratch, env);
  runGit(['clean', '-q', '-f', '-d'], scratch, env);
}

/** One gate on the scratch checkout; a gate that cannot run (no layer in that commit) is its refusal's exit code. */
async function judge(
  gate: GateName,
  scratch: string,
  env: NodeJS.ProcessEnv,
  repositoryValidators: ReturnType<typeof repositoryValidatorSwitch>,
): Promise<GateVerdict> {
  try {
    const result = await runGate({ gate, cwd: scratch, env, repositoryValidators });
    const failures = result.findings
      .filter((finding) => finding.exitCode !== 0)
      .map(({ level, rule, subject, message, file, line }) => ({
        level,
        ...(rule ? { rule } : {}),
        subject,
        message,
        ...(file ? { file } : {}),
        ...(line ? { line } : {}),
      }));
    return { gate, exit: result.exitCode, failures };
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    return { gate, exit: error.exitCode, failures: [{ level: 'FAIL', subject: gate, message: error.message }] };
  }
}

/** The exit code of several: a bug first, then a failing rule, then drift, then anything missing. */
function worst(codes: readonly number[]): number {
  for (const code of [ExitCode.internal, ExitCode.contract, 11, ExitCode.missing, ExitCode.usage, ExitCode.refused])
    if (codes.includes(code)) return code;
  return codes.find((code) => code !== 0) ?? 0;
}

function text(range: string, gates: readonly string[], verdicts: readonly CommitVerdict[], failing: number, quiet: boolean): string {
  const lines: string[] = [];
  for (const verdict of verdicts) {
    if (quiet && verdict.exit === 0) continue;
    lines.push(`${verdict.exit === 0 ? 'ok  ' : 'FAIL'}  ${verdict.commit.slice(0, 12)}  ${printable(verdict.subject)}`);
    for (const gate of verdict.gates)
      for (const failure of gate.failures)
        lines.push(
          `      ${gate.gate}: ${failure.level} ${failure.rule ? `${failure.rule} ` : ''}${printable(failure.subject)}: ${printable(failure.message)}`,
        );
  }
  lines.push(`verify-range ${printable(range)}: ${verdicts.length} commit(s), ${failing} failing (${gates.join(', ')} on each)`);
  return `${lines.join('\n')}\n`;
}

/** GitHub Actions annotations: one per failing finding, titled with the commit. */
function github(verdicts: readonly CommitVerdict[]): string {
  // GitHub's escapes: % CR LF in a message, and also : and , in a property
  const encode = (value: string, property = false) => {
    const message = value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    return property ? message.replace(/:/g, '%3A').replace(/,/g, '%2C') : message;
  };
  const lines: string[] = [];
  for (const verdict of verdicts)
    for (const gate of verdict.gates)
      for (const failure of gate.failures) {
        const where = failure.file ? `file=${encode(failure.file, true)},${failure.line ? `line=${failure.line},` : ''}` : '';
        lines.push(
          `::error ${where}title=${encode(`${verdict.commit.slice(0, 12)} ${gate.gate} ${failure.rule ?? ''}`.trim(), true)}::${encode(`${verdict.subject}: ${failure.subject}: ${failure.message}`)}`,
        );
      }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
