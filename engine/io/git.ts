/**
 * Git state, asked as few times as possible and remembered for the process. Every call passes values
 * from the layer after `--`, never as options, and keeps git's environment (a pre-commit hook's
 * GIT_INDEX_FILE must be honoured: the hook judges what is staged).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MissingError, UsageError } from '../errors';
import type { GitInput } from './git-early';
import { DISCOVERY_OPTIONS, isOutputOf, STAGED, takeEarly, takeEarlyAnswer } from './git-early';
import type { FolderLines, StagedListing } from './git-listing';
import {
  folderLines,
  ignoredByRootLine,
  literalPrefix,
  parseStaged,
  prefixRun,
  StagedBlobs,
  stagedBlobs,
  untrackedArgs,
  untrackedFiles,
  untrackedKey,
} from './git-listing';
import { headFromFiles } from './git-refs';

export type { StagedListing } from './git-listing';
export { parseStaged } from './git-listing';

export interface GitResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * What starts a process in the background with files for its input and output (engine/io/write/background.ts,
 * handed down by the layer): without one, or when it cannot make its files (undefined), questions asked
 * without waiting go through pipes.
 */
export type BackgroundRunner = (
  command: string,
  runs: readonly { readonly args: readonly string[]; readonly input?: GitInput }[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
) =>
  | Promise<{ readonly error?: Error; readonly status: number | null; readonly stdout: string; readonly stderr: string } | undefined>[]
  | undefined;

/**
 * The environment for git working on a repository other than the one this process was started for:
 * git's repository-selecting variables removed, so a run from inside a hook never touches the outer one.
 */
export function isolatedGitEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (!['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR', 'GIT_PREFIX'].includes(key))
      out[key] = value;
  }
  return out;
}

/**
 * Run git in `cwd` (with `input` on its stdin when given). A git that cannot be started, or refuses a
 * dubious owner, is unusable input (2).
 */
export function runGit(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input?: string): GitResult {
  // the launcher may have asked this already (engine/io/git-early.ts)
  const early = input === undefined ? takeEarly(args, cwd, env) : undefined;
  if (early !== undefined) return checked(early, cwd, early.stdout);
  const result = spawnSync('git', args, {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(input === undefined ? {} : { input }),
  });
  return checked(result, cwd, result.stdout ?? '');
}

/**
 * Run git in `cwd` without waiting for it (`input` on its stdin when given): what several questions to
 * git that do not depend on each other are asked with, so they run at once. The same refusals as runGit.
 */
export function runGitAsync(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input?: GitInput): Promise<GitResult> {
  // an input that is another question's output: that one first, and its failure is the answer
  if (isOutputOf(input))
    return runGitAsync(input.outputOf, cwd, env).then((o) => (o.status === 0 ? runGitAsync(args, cwd, env, o.stdout) : o));
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    let failed: Error | undefined;
    child.on('error', (error) => {
      failed = error;
    });
    child.on('close', (status) => {
      try {
        resolvePromise(
          checked({ error: failed, status, stderr: Buffer.concat(err).toString('utf8') }, cwd, Buffer.concat(out).toString('utf8')),
        );
      } catch (error) {
        reject(error);
      }
    });
    // a git that exits before reading all of its input closes the pipe: that is its answer, not ours to report
    child.stdin?.on('error', () => {});
    child.stdin?.end(typeof input === 'string' || input === undefined ? input : input.join(''));
  });
}

/**
 * Run git in `cwd` with `input` on its stdin, its output as bytes (`cat-file --batch`: blobs are not
 * text). The same refusals as runGit.
 */
export function runGitBytes(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  input: string,
): { readonly status: number; readonly stdout: Buffer; readonly stderr: string } {
  const result = spawnSync('git', args, { cwd, env, input, maxBuffer: 1024 * 1024 * 1024 });
  const checkedResult = checked({ ...result, stderr: result.stderr?.toString('utf8') ?? '' }, cwd, '');
  return { status: checkedResult.status, stdout: (result.stdout as Buffer | null) ?? Buffer.alloc(0), stderr: checkedResult.stderr };
}

function checked(
  result: { readonly error?: Error; readonly status: number | null; readonly stderr: string | null },
  cwd: string,
  stdout: string,
): GitResult {
  if (result.error) {
    throw new UsageError(
      `cannot run git (${(result.error as NodeJS.ErrnoException).code ?? result.error.message}); install git or fix PATH`,
    );
  }
  const stderr = result.stderr ?? '';
  if (result.status === 128 && /dubious ownership/.test(stderr)) {
    throw new UsageError(`git refuses the repository at ${cwd}: dubious ownership (run: git config --global --add safe.directory <path>)`);
  }
  return { status: result.status ?? 128, stdout, stderr };
}

/** A git repository's working tree, with lazily asked and remembered state. */
export class GitRepository {
  private trackedCache = new Map<string, readonly string[]>();
  /** The blob of each path's first index entry, from the listings of the run (a conflicted path's is not a stage-0 blob). */
  private blobs = new Map<string, string>();
  private wholeBlobs: StagedBlobs | undefined;
  private conflicted = new Set<string>();
  /** The paths a listing under a pathspec named (their blob, or their conflict, is known), before the whole one. */
  private readonly known = new Set<string>();
  /** True once the whole index is listed: every blob is known. */
  private whole = false;
  /** True when the whole listing is in byte order, as git keeps its index (checked, not assumed). */
  private sorted = false;
  private staged: StagedListing | undefined;
  private configCache = new Map<string, string | undefined>();
  private branchCache: { readonly value: string | undefined } | undefined;
  private background: BackgroundRunner | undefined;
  /** The questions started ahead by `prefetch`, each settling into the caches above. */
  private prefetched: Promise<void>[] = [];

  private constructor(
    /** Absolute path of the working tree's top level. */
    readonly root: string,
    /** Absolute path of the git directory. */
    readonly gitDir: string,
    /**
     * Absolute path of git's common directory: the git directory shared by every linked worktree (the
     * same as `gitDir` in a plain clone). The default hooks and the write lock live here; it may be
     * outside the working tree (a linked worktree, `--separate-git-dir`) and is still this repository.
     */
    readonly commonDir: string,
    /**
     * Absolute path of the hooks directory git runs: `core.hooksPath` honoured, an empty `core.hooksPath`
     * treated as unset (git would answer the working directory, `./`).
     */
    readonly hooksDir: string,
    /** True when `core.hooksPath` is set to the empty string (git then runs no hook at all). */
    readonly hooksPathEmpty: boolean,
    /** The environment git is run with (a repository validator's worker is given the same). */
    readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * The repository containing `cwd`, or a UsageError when there is none. `env` is the environment git
   * runs with (the command's: engine/commands/define.ts `Invocation`). `isolated` is for a repository other than the one this
   * process works for (a temporary one): git's selectors are not inherited.
   */
  static discover(cwd: string, options: { env: NodeJS.ProcessEnv; isolated?: boolean }): GitRepository {
    const env = options.isolated ? isolatedGitEnv(options.env) : options.env;
    const paths = revParsePaths(DISCOVERY_OPTIONS, cwd, env);
    if (paths === undefined) throw outsideWorkingTree(cwd, env);
    const [root, gitDir, common, hooks] = paths;
    if (!root || !gitDir || !common || !hooks) throw new MissingError(`git did not name a working tree for ${cwd}`);
    const commonDir = resolve(cwd, common);
    const defaultHooks = join(commonDir, 'hooks');
    let hooksDir = resolve(cwd, hooks);
    let hooksPathEmpty = false;
    // only a hooks directory other than the default can come from an empty core.hooksPath: ask then, not on every run
    if (hooksDir !== defaultHooks && runGit(['config', '-z', '--get', '--', 'core.hooksPath'], cwd, env).stdout === '\0') {
      hooksDir = defaultHooks;
      hooksPathEmpty = true;
    }
    return new GitRepository(root, gitDir, commonDir, hooksDir, hooksPathEmpty, env);
  }

  /**
   * The branch checked out here (`main`), or undefined when HEAD is detached or unborn on no branch:
   * read from this working tree's own HEAD file, which is what `git symbolic-ref --short HEAD` reads,
   * so no process is started for it. Anything but a plain `ref: refs/heads/<name>` is asked of git.
   */
  branch(): string | undefined {
    if (this.branchCache) return this.branchCache.value;
    let value: string | undefined;
    let text: string | undefined;
    try {
      text = readFileSync(join(this.gitDir, 'HEAD'), 'utf8');
    } catch {
      text = undefined;
    }
    const plain = text === undefined ? null : /^ref: refs\/heads\/([^\n]+)\n?$/.exec(text);
    if (plain) value = plain[1];
    else if (text !== undefined && /^[0-9a-f]{40,64}\n?$/.test(text)) value = undefined;
    else {
      const result = this.git(['symbolic-ref', '--quiet', '--short', 'HEAD']);
      value = result.status === 0 && result.stdout.trim() !== '' ? result.stdout.trim() : undefined;
    }
    this.branchCache = { value };
    return value;
  }

  /**
   * The commit HEAD is at, as `git rev-parse --verify --quiet HEAD^{commit}` names it, or undefined when
   * there is none (an unborn branch). Read from this working tree's HEAD file and the branch's loose ref
   * when both are plain — a branch of `refs/heads/` and an object id, which is where git itself looks
   * first — so no process is started; anything else (a packed or symbolic ref, another ref storage, a
   * file that is not a regular file) is asked of git. Not remembered: a command may commit.
   */
  head(): string | undefined {
    const read = headFromFiles(this.gitDir, this.commonDir);
    if (read !== undefined) return read;
    const result = this.git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
    const out = result.stdout.trim();
    return result.status === 0 && out !== '' ? out : undefined;
  }

  /** Run git at the top level of this working tree, `input` on its stdin when given. */
  git(args: readonly string[], input?: string): GitResult {
    return runGit(args, this.root, this.env, input);
  }

  /** `git` without waiting: questions that do not depend on each other are asked at once. */
  gitAsync(args: readonly string[], input?: GitInput): Promise<GitResult> {
    return this.gitAllAsync([{ args, input }])[0]!;
  }

  /** Several questions to git at once, without waiting: one process started for all of them where it can. */
  gitAllAsync(questions: readonly { readonly args: readonly string[]; readonly input?: GitInput }[]): Promise<GitResult>[] {
    // the launcher may have asked some already (engine/io/git-early.ts)
    const early = questions.map(({ args, input }) =>
      input === undefined || isOutputOf(input) ? takeEarlyAnswer(args, this.root, this.env, input) : undefined,
    );
    const left = questions.filter((_, index) => early[index] === undefined);
    const started = left.length === 0 ? [] : this.background?.('git', left, { cwd: this.root, env: this.env });
    let next = 0;
    return questions.map(({ args, input }, index) => {
      // not asked after all (engine/io/write/background.ts), or without a runner or its files: through pipes
      const piped = (): Promise<GitResult> => runGitAsync(args, this.root, this.env, input);
      const answer = early[index] ?? started?.[next++];
      if (!answer) return piped();
      return answer.then((result) => (result ? checked(result, this.root, result.stdout) : piped()));
    });
  }

  /** Ask what is asked without waiting through `runner`: files, not pipes, so git never waits on this process. */
  useBackground(runner: BackgroundRunner): void {
    this.background = runner;
  }

  /**
   * Start asking, without waiting, what a gate is about to ask: the whole index, and what `git add`
   * would take under each set of `untracked` pathspecs. `settle` keeps the answers; a question asked
   * before then is asked again, as it would be without, and its answer is the one kept.
   */
  prefetch(untracked: readonly (readonly string[])[] = []): void {
    const questions: { readonly args: readonly string[]; readonly keep: (result: GitResult) => void }[] = [];
    if (!this.whole && !this.trackedCache.has('.')) {
      questions.push({
        args: STAGED,
        keep: (result) => {
          if (!this.whole && !this.trackedCache.has('.')) this.trackedCache.set('.', this.acceptIndex(result));
        },
      });
    }
    for (const pathspecs of untracked) {
      const key = untrackedKey(pathspecs);
      if (this.trackedCache.has(key)) continue;
      questions.push({
        args: untrackedArgs(pathspecs),
        keep: (result) => {
          if (!this.trackedCache.has(key)) this.trackedCache.set(key, untrackedFiles(result));
        },
      });
    }
    const answers = this.gitAllAsync(questions);
    // a question that failed is asked again when it is needed, and refused there
    for (const [index, { keep }] of questions.entries()) this.prefetched.push(answers[index]!.then(keep).catch(() => undefined));
  }

  /** True once the whole index is listed (`prefetch`'s answer in, or asked). */
  indexListed(): boolean {
    return this.whole || this.trackedCache.has('.');
  }

  /** Wait for what `prefetch` started. */
  async settle(): Promise<void> {
    const pending = this.prefetched;
    this.prefetched = [];
    await Promise.all(pending);
  }

  /**
   * The blob the index holds for `path` (repository-relative), or undefined when the index does not
   * track it at stage 0 (untracked, or conflicted): read from the one whole listing of the run.
   */
  indexBlob(path: string): string | undefined {
    // a listing under a pathspec that named the path knows it already; otherwise the whole listing is read
    if (!this.whole && !this.known.has(path)) this.tracked('.');
    // the whole listing keeps its blobs in its text, read when asked (./git-listing.ts)
    if (this.wholeBlobs) return this.wholeBlobs.get(path);
    return this.conflicted.has(path) ? undefined : this.blobs.get(path);
  }

  /**
   * git's own lines for the index's files in `folder`, when `paths` are among them in order (see
   * ./git-listing.ts `folderLines`); undefined when the whole index is not listed in byte order.
   */
  folderLines(folder: string, paths: readonly string[]): FolderLines | undefined {
    const listing = this.staged;
    if (!this.whole || !this.sorted || listing === undefined || listing.error !== undefined) return undefined;
    return folderLines(listing, this.conflicted, folder, paths);
  }

  /** Tracked files (repository-relative) under a pathspec, as the index has them. */
  tracked(pathspec = '.'): readonly string[] {
    let files = this.trackedCache.get(pathspec);
    if (!files) {
      const prefix = literalPrefix(pathspec);
      if (prefix !== undefined && pathspec !== '.') {
        // a plain path is answered from the one whole listing: one git process per run, however many
        // validators ask about however many folders
        const all = this.tracked('.');
        const folderOnly = pathspec.endsWith('/');
        const under = `${prefix}/`;
        if (prefix === '') files = all;
        else if (this.sorted) {
          // the listing is in git's order, which sorts every path under a folder together: that run is
          // the answer, after the file of the folder's own name when one is tracked (the first path with
          // that name as its prefix: once, or once a stage)
          const [from, to] = prefixRun(all, under);
          const own: string[] = [];
          if (!folderOnly) for (let at = prefixRun(all, prefix)[0]; all[at] === prefix; at++) own.push(prefix);
          files = own.length === 0 ? all.slice(from, to) : [...own, ...all.slice(from, to)];
        } else files = all.filter((file) => (!folderOnly && file === prefix) || file.startsWith(under));
      } else if (pathspec === '.') {
        files = this.listIndex();
      } else {
        // with the stage, so the blobs of what it names are known without the whole listing
        const listing = parseStaged(this.git(['ls-files', '--stage', '-z', '--', pathspec]).stdout);
        this.remember(listing);
        files = listing.files;
      }
      this.trackedCache.set(pathspec, files);
    }
    return files;
  }

  /**
   * The whole index, `git ls-files --stage`: every entry's path in git's order (a conflicted path once
   * per stage, as `git ls-files` lists it), and the blob of each path staged at stage 0 kept aside.
   */
  private listIndex(): readonly string[] {
    return this.acceptIndex(this.git(STAGED));
  }

  /** Keep the whole index's listing as git gave it. */
  private acceptIndex(result: GitResult): readonly string[] {
    const listing = parseStaged(result.stdout);
    this.staged = { ...listing, error: result.status === 0 ? undefined : result.stderr.trim() || `git exited ${result.status}` };
    this.remember(listing, true);
    this.sorted = listing.sorted;
    return listing.files;
  }

  /** Keep the blobs a listing names, and which of its paths are conflicted (`whole`: the whole index). */
  private remember(listing: ReturnType<typeof parseStaged>, whole = false): void {
    if (whole) {
      // the whole index names every path a narrower listing did, with the same blobs
      this.wholeBlobs = new StagedBlobs(listing);
      this.conflicted = listing.conflicted;
      this.whole = true;
      return;
    }
    for (const [path, blob] of stagedBlobs(listing)) {
      if (this.known.has(path)) continue;
      this.known.add(path);
      this.blobs.set(path, blob);
    }
    for (const path of listing.conflicted) this.conflicted.add(path);
  }

  /**
   * The index as `ls-files --stage` lists it, read once per run: the blob of each path's first entry
   * (stage 0, or the first stage of a conflicted path), or why git could not list it.
   */
  stagedEntries(): StagedListing {
    this.tracked('.');
    return this.staged!;
  }

  /**
   * What `git add` would take under `pathspecs` (repository-relative; magic allowed): files on disk that
   * git neither tracks nor ignores, asked once per set of pathspecs.
   */
  untracked(pathspecs: readonly string[]): readonly string[] {
    const key = untrackedKey(pathspecs);
    let files = this.trackedCache.get(key);
    if (!files) {
      files = untrackedFiles(this.git(untrackedArgs(pathspecs)));
      this.trackedCache.set(key, files);
    }
    return files;
  }

  /** True when git would ignore `path` (repository-relative; it need not exist). */
  isIgnored(path: string): boolean {
    return ignoredByRootLine(this.root, path) || this.git(['check-ignore', '-q', '--no-index', '--', path]).status === 0;
  }

  /** A configuration value as this clone sees it, or undefined. */
  config(key: string): string | undefined {
    if (!this.configCache.has(key)) {
      // -z: a value ends with NUL, so one holding a newline (a path, say) is read whole
      const result = this.git(['config', '-z', '--get', '--', key]);
      this.configCache.set(key, result.status === 0 ? result.stdout.replace(/\0$/, '') : undefined);
    }
    return this.configCache.get(key);
  }
}

/**
 * Paths `git rev-parse` prints for `options` (each an option, or an option and its argument), in order;
 * undefined when git refuses (`cwd` is in no working tree). rev-parse has no `-z`: it ends each path
 * with a newline, which a path may itself hold. So the answers are asked together, and taken from
 * the one output only when it holds exactly one line per option; otherwise one path holds a newline,
 * and each is asked alone, its output being that path and one final newline.
 */
export function revParsePaths(
  options: ReadonlyArray<string | readonly [string, string]>,
  cwd: string,
  env: NodeJS.ProcessEnv,
): string[] | undefined {
  const args = (option: string | readonly [string, string]): string[] => (typeof option === 'string' ? [option] : [...option]);
  const together = runGit(['rev-parse', ...options.flatMap(args)], cwd, env);
  if (together.status !== 0) return undefined;
  const lines = together.stdout.split('\n');
  if (lines.length === options.length + 1 && lines.at(-1) === '') return lines.slice(0, -1);
  const each: string[] = [];
  for (const option of options) {
    const alone = runGit(['rev-parse', ...args(option)], cwd, env);
    if (alone.status !== 0 || !alone.stdout.endsWith('\n')) return undefined;
    each.push(alone.stdout.slice(0, -1));
  }
  return each;
}

/** The path of `--show-toplevel` for `cwd`, read as revParsePaths reads it; undefined outside a working tree. */
export function topLevel(cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  return revParsePaths(['--show-toplevel'], cwd, env)?.[0] || undefined;
}

/**
 * Why `cwd` has no working tree, as a usage error (2): a bare repository or a git directory (where
 * `git init` is no answer: the repository is there, only its checkout is not), or no repository at all.
 */
function outsideWorkingTree(cwd: string, env: NodeJS.ProcessEnv): UsageError {
  const probe = runGit(['rev-parse', '--is-bare-repository', '--is-inside-git-dir'], cwd, env);
  const [bare, insideGitDir] = probe.stdout.split('\n');
  if (probe.status === 0 && (bare === 'true' || insideGitDir === 'true')) {
    const what = bare === 'true' ? 'a bare repository' : "inside a repository's git directory";
    return new UsageError(
      `${cwd} is ${what}, which has no working tree for majordomus to judge (run it in a checkout: git clone <repository>, or git worktree add <path>)`,
    );
  }
  return new UsageError(`${cwd} is not inside a git working tree (run: git init)`);
}
