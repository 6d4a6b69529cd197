/**
 * The other package managers and hook managers a user's project may use, for the field tests: pnpm and
 * yarn (berry) installed from the npm registry once per run into a folder of their own (their scripts
 * skipped: both run as shipped), and a clone of a field project as a teammate makes it. husky and
 * lefthook are dev dependencies of the scratch project itself, installed by the test that uses them, as
 * a user's project holds them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { FieldProject } from './field';
import { fieldEnv } from './field';
import type { RunResult } from './repo';

/** The versions installed: pnpm and yarn run from their npm packages, without corepack. */
export const TOOL_PACKAGES = ['pnpm@12.4.2', '@yarnpkg/cli-dist@4.18.1'] as const;
export const HUSKY = 'husky@9.1.7';
export const LEFTHOOK = 'lefthook@2.2.1';

/** Where the run's tool folder goes (inside the run's temporary folder, beside the field project). */
function sharedFolder(): string {
  return join(process.env.TMPDIR ?? tmpdir(), 'field-tools');
}

let bin: string | undefined;
/** The folder holding `pnpm` and `yarn`, installed once per run. */
export function toolBin(): string {
  if (bin) return bin;
  const shared = sharedFolder();
  const wanted = join(shared, 'node_modules/.bin');
  if (existsSync(join(wanted, 'pnpm')) && existsSync(join(wanted, 'yarn'))) return (bin = wanted);
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-field-tools-'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "field-tools", "private": true }\n');
  const result = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '-E', ...TOOL_PACKAGES], {
    cwd: dir,
    env: fieldEnv(),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm install ${TOOL_PACKAGES.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  try {
    mkdirSync(join(shared, '..'), { recursive: true });
    renameSync(dir, shared);
  } catch {
    // another process installed them first
    rmSync(dir, { recursive: true, force: true });
  }
  return (bin = wanted);
}

/** PATH with pnpm and yarn first (and still no majordomus). */
export function pathWithTools(project: FieldProject): string {
  return [toolBin(), project.env.PATH ?? ''].join(delimiter);
}

/** A teammate's clone of `project` (its origin: the project's folder), beside it; its folder relative to the project. */
export function teammateClone(project: FieldProject, name = 'teammate', depth?: number): string {
  const folder = `../${name}`;
  project.git([
    'clone',
    '-q',
    ...(depth === undefined ? [] : ['--depth', String(depth)]),
    `file://${project.dir}`,
    join(project.dir, folder),
  ]);
  return folder;
}

/** The project's `majordomus` as installed in a clone of it. */
export function cloneMajordomus(
  project: FieldProject,
  folder: string,
  args: readonly string[],
  env: Record<string, string> = {},
): RunResult {
  return project.run(join(project.dir, folder, 'node_modules/.bin/majordomus'), args, { cwd: folder, env });
}

/** A commit in `folder` of everything there (through its hooks); the exit code and whether HEAD moved. */
export function commitIn(project: FieldProject, folder: string, message: string): { code: number; moved: boolean } {
  const head = (): string => project.run('git', ['rev-parse', 'HEAD'], { cwd: folder }).stdout.trim();
  const before = head();
  project.git(['add', '-A'], { cwd: folder });
  const result = project.run('git', ['commit', '-q', '-m', message], { cwd: folder });
  return { code: result.code, moved: head() !== before };
}

/** A change doctor fails on: a key the policy's schema does not allow. */
export function breakPolicy(project: FieldProject, folder = '.'): void {
  const path = join(folder, '.ai/repo/policy.yaml');
  project.write(path, `${project.read(path)}not_a_policy_key: true\n`);
}
