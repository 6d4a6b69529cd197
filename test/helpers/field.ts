/**
 * The field: majordomus as a user gets it. The packed tarball (`npm pack` of this checkout's build) is
 * installed as a dev dependency into a scratch project, so the tool is only in `node_modules/.bin`, never
 * on PATH, and every command of a test runs through real git, real hooks and that installation.
 *
 * One scratch project is installed per run (the first test process that needs it packs and installs it
 * aside, then renames it into place, as the adopted template is made); each test copies it. The install
 * reads npm's cache first (`--prefer-offline`): the suite's own `npm ci` filled it with the same
 * dependencies, so a run needs no network once the cache holds them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cleanEnv, ROOT, type RunResult } from './repo';

/**
 * The time a field test that installs with a package manager may take: a fresh clone's `npm install`
 * alone takes seconds, and more on a loaded machine.
 */
export const FIELD_TIMEOUT = 240_000;

/** Where the run's installed scratch project goes (set by the global setup, inside the run's folder). */
export const FIELD_VARIABLE = 'MAJORDOMUS_TEST_FIELD';

/** A PATH without any folder holding a `majordomus` executable: the tool is found only where a project installed it. */
export function pathWithoutTool(path = process.env.PATH ?? ''): string {
  return path
    .split(delimiter)
    .filter((folder) => folder !== '' && !existsSync(join(folder, 'majordomus')))
    .join(delimiter);
}

/** The environment of a user's shell in a scratch project: git's selectors gone, the tool not on PATH. */
export function fieldEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = cleanEnv(extra);
  env.PATH = pathWithoutTool(extra.PATH ?? env.PATH);
  return env;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): RunResult {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { code: result.status ?? 128, stdout: result.stdout, stderr: result.stderr };
}

function must(result: RunResult, what: string): RunResult {
  if (result.code !== 0) throw new Error(`${what} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The packed tarball of this checkout's build (`npm test` builds first), made once per process. */
let tarball: string | undefined;
export function packedTarball(): string {
  if (tarball && existsSync(tarball)) return tarball;
  const folder = mkdtempSync(join(tmpdir(), 'majordomus-pack-'));
  must(run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', folder], ROOT, cleanEnv()), 'npm pack');
  const name = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  tarball = join(folder, `${name.name}-${name.version}.tgz`);
  if (!existsSync(tarball)) throw new Error(`npm pack wrote no ${tarball}`);
  return tarball;
}

/** A scratch npm project (no git yet) with the tarball installed as a dev dependency. */
function installProject(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'scratch-project', version: '1.0.0', private: true, scripts: { test: 'node -e 0' } }, null, 2)}\n`,
  );
  const env = fieldEnv();
  must(
    run('npm', ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', packedTarball()], dir, env),
    'npm install of the packed tarball',
  );
  if (!existsSync(join(dir, 'node_modules/.bin/majordomus'))) throw new Error('the install put no majordomus in node_modules/.bin');
}

let installed: string | undefined;
/** The run's installed scratch project; copy it, never change it. */
export function installedProject(): string {
  if (installed) return installed;
  const shared = process.env[FIELD_VARIABLE];
  if (shared && existsSync(join(shared, 'node_modules/.bin/majordomus'))) return (installed = shared);
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-field-'));
  installProject(join(dir, 'project'));
  if (!shared) return (installed = join(dir, 'project'));
  try {
    renameSync(join(dir, 'project'), shared);
  } catch {
    // another process installed it first: the same tarball, the same project
  }
  rmSync(dir, { recursive: true, force: true });
  if (!existsSync(join(shared, 'node_modules/.bin/majordomus'))) throw new Error(`${shared} holds no installed project`);
  return (installed = shared);
}

/** One scratch project of a test: a copy of the installed one, its own folder, a git repository on `main`. */
export class FieldProject {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;

  constructor(options: { git?: boolean; env?: Record<string, string> } = {}) {
    const parent = mkdtempSync(join(tmpdir(), 'majordomus-project-'));
    this.dir = join(parent, 'project');
    cpSync(installedProject(), this.dir, { recursive: true, verbatimSymlinks: true });
    this.env = fieldEnv(options.env);
    if (options.git !== false) {
      this.must('git', ['init', '-q', '-b', 'main', '.']);
      this.write('.gitignore', 'node_modules/\n');
    }
  }

  /** Run a program in the project (or in `cwd`, relative to it) with the user's environment. */
  run(
    command: string,
    args: readonly string[] = [],
    options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
  ): RunResult {
    const cwd = options.cwd ? join(this.dir, options.cwd) : this.dir;
    const env = { ...this.env, ...options.env };
    const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', input: options.input, maxBuffer: 64 * 1024 * 1024 });
    if (result.error) throw result.error;
    return { code: result.status ?? 128, stdout: result.stdout, stderr: result.stderr };
  }

  /** Like `run`, and throws unless it exits 0. */
  must(
    command: string,
    args: readonly string[] = [],
    options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
  ): RunResult {
    return must(this.run(command, args, options), `${command} ${args.join(' ')}`);
  }

  /** `npx --no-install majordomus …`: the tool as the project's scripts and a user's shell reach it. */
  majordomus(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): RunResult {
    return this.run(join(this.dir, 'node_modules/.bin/majordomus'), args, options);
  }

  git(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): RunResult {
    return this.must('git', args, options);
  }

  /** A shell command line, as a user types it (sh -c), from the project's folder. */
  sh(line: string, options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): RunResult {
    return this.run('sh', ['-c', line], options);
  }

  write(path: string, text: string): void {
    const file = join(this.dir, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }

  read(path: string): string {
    return readFileSync(join(this.dir, path), 'utf8');
  }

  exists(path: string): boolean {
    return existsSync(join(this.dir, path));
  }

  /** Commit everything (through the hooks unless `verify` is false). */
  commitAll(message: string, options: { verify?: boolean } = {}): RunResult {
    this.git(['add', '-A']);
    return this.run('git', ['commit', '-q', ...(options.verify === false ? ['--no-verify'] : []), '-m', message]);
  }
}

/** A bare repository to push to, beside the project. */
export function bareRemote(project: FieldProject, name = 'origin'): string {
  const dir = join(project.dir, '..', `${name}.git`);
  project.must('git', ['init', '-q', '--bare', '-b', 'main', dir]);
  project.git(['remote', 'add', name, dir]);
  return dir;
}
