/**
 * Real temporary git repositories and the built CLI, for behaviour tests. Nothing is mocked: each
 * repository is `git init`ed in a fresh temporary directory and the CLI runs as a separate process,
 * with git's repository-selecting variables stripped so a suite run from a hook never touches the
 * outer repository.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CI_VARIABLES } from '../../engine/hooks/ci';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = join(ROOT, 'dist/majordomus.cjs');
export { UPSTREAM } from './upstream';

/** Past the two seconds within which a folder's change is too recent to stamp (engine/io/folder-stamp.ts). */
export const stoodStill = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 2_100));

/** The environment for a child process working on another repository: git's own selectors removed. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // a provider's session id or project folder (a suite run inside an agent) would pick the episode, or
    // the checkout, the session tests act on
    if (key.startsWith('GIT_') || key.startsWith('MAJORDOMUS_') || key.startsWith('CLAUDE_CODE_') || key === 'CLAUDE_PROJECT_DIR') continue;
    // a suite run in CI judges a developer's clone unless a test sets CI itself (the wiring rule reads it)
    if (CI_VARIABLES.includes(key)) continue;
    // the text output the tests read is plain whatever the shell the suite runs in asks for
    if (key === 'FORCE_COLOR' || key === 'NO_COLOR') continue;
    env[key] = value;
  }
  return {
    ...env,
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    GIT_CONFIG_NOSYSTEM: '1',
    // the CLI's code cache goes to the run's temporary folder, never the user's (nor a test's HOME)
    XDG_CACHE_HOME: join(tmpdir(), 'majordomus-code-cache'),
    ...extra,
  };
}

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A finding as `--json` prints it. */
export interface JsonFinding {
  readonly level: string;
  readonly category: string;
  readonly subject: string;
  readonly message: string;
  readonly reproduce: string | null;
  readonly rule: string | null;
  readonly file: string | null;
  readonly line: number | null;
  readonly column?: number | null;
  readonly endLine?: number | null;
  readonly endColumn?: number | null;
  readonly version?: number | null;
  readonly help?: string | null;
  readonly fix?: readonly string[] | null;
}

/** Parse `--json` output: one object a line. */
export function parseFindings(stdout: string): JsonFinding[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JsonFinding);
}

/** Findings that count against a gate. */
export function failing(findings: readonly JsonFinding[]): JsonFinding[] {
  return findings.filter((f) => f.level === 'FAIL' || f.level === 'DRIFT');
}

/**
 * One repository adopted by the real `majordomus init` for the whole run; `TempRepo.init()` on an
 * untouched repository copies it instead of running init again (init itself is tested on its own, by
 * running it). Copying keeps every byte and mode, hooks included.
 *
 * The run's global setup names where it goes (TEMPLATE_VARIABLE, inside the run's own temporary
 * directory); the first test process that needs it makes it aside and renames it into place, so every
 * other process of the run copies the same one. Without that name (a process outside the suite's
 * setup), each process makes its own.
 */
export const TEMPLATE_VARIABLE = 'MAJORDOMUS_TEST_TEMPLATE';
let templateDir: string | undefined;
/** The directory of that adopted repository; copy it, never change it. */
export function adoptedTemplate(): string {
  if (templateDir) return templateDir;
  const shared = process.env[TEMPLATE_VARIABLE];
  if (shared && existsSync(join(shared, '.ai/manifest.yaml'))) return (templateDir = shared);
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-template-'));
  const env = cleanEnv();
  for (const args of [
    ['git', 'init', '-q', '-b', 'main', '.'],
    [process.execPath, CLI, 'init'],
  ]) {
    const result = spawnSync(args[0]!, args.slice(1), { cwd: dir, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  }
  if (!shared) {
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    return (templateDir = dir);
  }
  try {
    // atomic: a directory is renamed onto a path that is absent, never onto another process's template
    renameSync(dir, shared);
  } catch {
    // another process put its template there first: the two are the same adoption
    rmSync(dir, { recursive: true, force: true });
  }
  if (!existsSync(join(shared, '.ai/manifest.yaml'))) throw new Error(`the shared template ${shared} is not an adopted repository`);
  return (templateDir = shared);
}

export class TempRepo {
  private readonly root: string;
  /** True while the `git init` the repository was created with is still owed (see `dir`). */
  private unborn: boolean;
  /** False until something changes the repository after `git init`; only an untouched one is copied. */
  private touched = false;

  constructor(options: { git?: boolean } = {}) {
    this.root = mkdtempSync(join(tmpdir(), 'majordomus-test-'));
    this.unborn = options.git !== false;
    this.touched = options.git === false;
  }

  /**
   * The repository's directory, a git repository from the first time anything asks for it: most
   * repositories are adopted straight away (`init()`), which replaces the directory with a copy of
   * the template, so a `git init` run before it would be thrown away (a process per repository, a
   * few hundred in the suite). Whoever reads `dir` may change what is in it, so the repository counts
   * as touched from then on.
   */
  get dir(): string {
    if (this.unborn) {
      this.unborn = false;
      this.spawnGit(['init', '-q', '-b', 'main', '.']);
    }
    this.touched = true;
    return this.root;
  }

  /** Run git here; throws when git fails. */
  git(args: readonly string[]): string {
    void this.dir;
    return this.spawnGit(args);
  }

  private spawnGit(args: readonly string[]): string {
    const result = spawnSync('git', args, { cwd: this.root, env: cleanEnv(), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  /** Run the built CLI here. */
  run(args: readonly string[], options: { env?: Record<string, string>; cwd?: string; input?: string } = {}): RunResult {
    this.touched = true;
    const result = spawnSync(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? this.dir,
      env: cleanEnv(options.env),
      encoding: 'utf8',
      input: options.input,
    });
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  /** Run a gate with --json and return its exit code and findings. */
  gate(
    args: readonly string[],
    options: { env?: Record<string, string>; cwd?: string } = {},
  ): { code: number; findings: JsonFinding[]; stderr: string } {
    const result = this.run([...args, '--json'], options);
    return { code: result.code, findings: parseFindings(result.stdout), stderr: result.stderr };
  }

  /** `majordomus init`, asserting it succeeded (a copy of one real init, when the repository is untouched). */
  init(): this {
    if (!this.touched) {
      rmSync(this.root, { recursive: true, force: true });
      cpSync(adoptedTemplate(), this.root, { recursive: true });
      this.unborn = false;
      this.touched = true;
      return this;
    }
    const result = this.run(['init']);
    if (result.code !== 0) throw new Error(`init failed (${result.code}): ${result.stderr}`);
    return this;
  }

  path(relative: string): string {
    return join(this.dir, relative);
  }

  write(relative: string, content: string | Buffer, mode?: number): void {
    this.touched = true;
    const path = this.path(relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    if (mode !== undefined) chmodSync(path, mode);
  }

  read(relative: string): string {
    return readFileSync(this.path(relative), 'utf8');
  }

  exists(relative: string): boolean {
    return existsSync(this.path(relative));
  }

  remove(relative: string): void {
    this.touched = true;
    rmSync(this.path(relative), { recursive: true, force: true });
  }

  /** Delete the whole repository. */
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Temporary repositories created in a test file, removed by `disposeAll` in afterAll/afterEach. */
export function repoFactory(): { create(options?: { git?: boolean }): TempRepo; disposeAll(): void } {
  const created: TempRepo[] = [];
  return {
    create(options) {
      const repo = new TempRepo(options);
      created.push(repo);
      return repo;
    },
    disposeAll() {
      for (const repo of created.splice(0)) repo.dispose();
    },
  };
}
