/**
 * Writing, as a user meets it through the built CLI (issue 7, sections 3 and 5): every writing command
 * plans, checks, then writes, inside the repository only. Each repository sits in a scratch parent
 * folder, and a refusal is proved by comparing a snapshot of the whole parent — the repository, its git
 * directory, and what lies beside it — before and after. Also: concurrent runs, a kill mid-write, a
 * write failure part-way, the repairs `init --extend` owes `doctor`, and the vendored store. The writing
 * commands run as processes, except in a table (`it.each`) of refusals and repairs: its cases run the
 * command in process (helpers/cli.ts) and its first case through the built CLI as well, the two asserted
 * the same byte for byte; a FIFO, a kill, a race, a file size limit and the code cache stay processes.
 * Doctor's verdict and `rules vendor status` on what they left are read in process, and an adopted
 * repository no test has touched yet is a copy of the suite's one real init.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { cliInProcess, tableRun } from '../helpers/cli';
import { vendorStatusInProcess } from '../helpers/commands';
import { gateInProcess } from '../helpers/gate';
import type { RunResult } from '../helpers/repo';
import { adoptedTemplate, CLI, cleanEnv, ROOT } from '../helpers/repo';
import { leftovers, snapshotTree } from '../helpers/snapshot';
import { AS_ROOT, asUnprivileged, NOBODY, unprivilegedCli } from '../helpers/unprivileged';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const VENDOR = '.ai/repo/rules/vendor/majordomus';
const BRAINSTORM = '.ai/repo/rules/vendor/brainstorm';
const SHIPPED = join(ROOT, 'rules/majordomus');

/** A git repository at `<parent>/repo`, with `<parent>/outside/` beside it for what must stay untouched. */
class Scratch {
  readonly parent: string;
  readonly dir: string;
  readonly outside: string;
  /** False until something changes the repository after `git init`; only an untouched one is adopted by copy. */
  private touched = false;

  constructor(options: { git?: boolean } = {}) {
    this.parent = mkdtempSync(join(tmpdir(), 'majordomus-writer-cli-'));
    scratch.push(this.parent);
    this.dir = join(this.parent, 'repo');
    this.outside = join(this.parent, 'outside');
    mkdirSync(this.dir);
    mkdirSync(this.outside);
    writeFileSync(join(this.outside, 'keep.txt'), 'outside the repository\n');
    if (options.git !== false) this.git(['init', '-q', '-b', 'main', '.']);
    this.touched = options.git === false;
  }

  git(args: readonly string[], cwd = this.dir): string {
    this.touched = true;
    const result = spawnSync('git', args, { cwd, env: cleanEnv(), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  run(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): RunResult {
    this.touched = true;
    // a run that blocks (on a FIFO, say) is killed rather than hanging the suite; it then fails its exit-code check
    const result = spawnSync(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? this.dir,
      env: cleanEnv(options.env),
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  /**
   * `init`, asserting it succeeded: on an untouched repository, a copy of the suite's one real adoption
   * (helpers/repo.ts), which the tests of init itself compare with what a run writes.
   */
  adopt(): this {
    if (!this.touched) {
      rmSync(this.dir, { recursive: true, force: true });
      cpSync(adoptedTemplate(), this.dir, { recursive: true });
      this.touched = true;
      return this;
    }
    const result = this.run(['init', '--verbose']);
    if (result.code !== 0) throw new Error(`init failed (${result.code}): ${result.stderr}`);
    return this;
  }

  path(relative: string): string {
    return join(this.dir, relative);
  }

  write(relative: string, content: string | Buffer, mode?: number): void {
    this.touched = true;
    mkdirSync(dirname(this.path(relative)), { recursive: true });
    writeFileSync(this.path(relative), content);
    if (mode !== undefined) chmodSync(this.path(relative), mode);
  }

  read(relative: string): string {
    return readFileSync(this.path(relative), 'utf8');
  }

  remove(relative: string): void {
    this.touched = true;
    rmSync(this.path(relative), { recursive: true, force: true });
  }

  snapshot(): Record<string, string> {
    return snapshotTree(this.parent);
  }
}

/** The paths a write command printed (`wrote <path>` lines). */
function written(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((line) => /^wrote (.+)$/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

/** The lines of `.gitignore` that ignore the local half. */
function ignoreLines(repo: Scratch): number {
  return repo
    .read('.gitignore')
    .split('\n')
    .filter((line) => line.trim() === '.ai/local/').length;
}

/** The paths a refused `rules vendor update` lists as `would <action> <path>`. */
function would(stderr: string, action: 'remove' | 'replace' | 'write'): string[] {
  return stderr
    .split('\n')
    .map((line) => new RegExp(`^\\s+would ${action} (.+)$`).exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

function printed(stdout: string, verb: 'wrote' | 'removed'): string[] {
  return stdout
    .split('\n')
    .map((line) => new RegExp(`^${verb} (\\S+)$`).exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Run `args` as several truly concurrent processes; their exit codes. */
async function concurrently(repo: Scratch, args: readonly string[], count: number): Promise<number[]> {
  const runs = Array.from(
    { length: count },
    () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, [CLI, ...args], { cwd: repo.dir, env: cleanEnv(), stdio: 'ignore' });
        child.on('exit', (code) => resolve(code ?? -1));
      }),
  );
  return Promise.all(runs);
}

/** What a complete `init` writes: the layer, `.gitignore` and the two hooks, as a snapshot. */
function adoptedFiles(repo: Scratch): Record<string, string> {
  const tree = snapshotTree(repo.dir);
  return Object.fromEntries(
    Object.entries(tree).filter(
      ([path]) => path === '.gitignore' || path.startsWith('.ai') || /^\.git\/hooks\/pre-(commit|push)$/.test(path),
    ),
  );
}

let reference: { files: Record<string, string>; order: string[] };
beforeAll(() => {
  const repo = new Scratch();
  const result = repo.run(['init', '--verbose']);
  expect(result.code).toBe(0);
  reference = { files: adoptedFiles(repo), order: written(result.stdout) };
});

// ------------------------------------------------------------------------------- refusals write nothing

describe('init refuses before it writes: nothing in the repository, its git directory or beside it', () => {
  const cases: [string, (repo: Scratch) => void, readonly string[]][] = [
    [
      'a dangling symbolic link as the pre-commit hook',
      (repo) => symlinkSync(join(repo.parent, 'nowhere'), repo.path('.git/hooks/pre-commit')),
      ['init', '--verbose'],
    ],
    ['a folder as the pre-commit hook', (repo) => mkdirSync(repo.path('.git/hooks/pre-commit')), ['init', '--verbose']],
    [
      'a FIFO as the pre-commit hook',
      (repo) => expect(spawnSync('mkfifo', [repo.path('.git/hooks/pre-commit')]).status).toBe(0),
      ['init', '--verbose'],
    ],
    [
      'a file where the hooks folder belongs',
      (repo) => (repo.remove('.git/hooks'), repo.write('.git/hooks', 'not a folder\n')),
      ['init', '--verbose'],
    ],
    [
      'a pre-commit hook linked to a script outside the repository',
      (repo) => (
        repo.write('../outside/hook.sh', '#!/bin/sh\necho shared\n', 0o755),
        symlinkSync(join(repo.outside, 'hook.sh'), repo.path('.git/hooks/pre-commit'))
      ),
      ['init', '--verbose'],
    ],
    ['core.hooksPath outside the repository', (repo) => repo.git(['config', 'core.hooksPath', repo.outside]), ['init', '--verbose']],
    ['.ai a symbolic link out of the repository', (repo) => symlinkSync(repo.outside, repo.path('.ai')), ['init', '--verbose']],
    ['.gitignore a folder', (repo) => mkdirSync(repo.path('.gitignore')), ['init', '--verbose']],
    [
      'a manifest section with ..',
      (repo) => repo.write('.ai/manifest.yaml', manifestWith('knowledge', '../../outside/knowledge')),
      ['init', '--extend', '--verbose'],
    ],
    [
      'a manifest section with an absolute path',
      (repo) => repo.write('.ai/manifest.yaml', manifestWith('knowledge', join(repo.outside, 'knowledge'))),
      ['init', '--extend', '--verbose'],
    ],
    [
      'a manifest section leading through a link out of the repository',
      (repo) => (
        repo.write('.ai/manifest.yaml', manifestWith('knowledge', 'linked/knowledge')), symlinkSync(repo.outside, repo.path('.ai/linked'))
      ),
      ['init', '--extend', '--verbose'],
    ],
  ];
  it.each(cases)('%s: exit 15, nothing written', async (name, setup, args) => {
    const repo = new Scratch();
    setup(repo);
    const before = repo.snapshot();
    // a FIFO could block a read, which in process would block the test runner itself
    const result = name.includes('FIFO') ? repo.run(args) : await tableRun(repo, args, { sample: name === cases[0]![0] });
    expect(result.code).toBe(15);
    expect(written(result.stdout)).toEqual([]);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(repo.snapshot()).toEqual(before);
  });

  it('read-only hooks: exit 15 before .ai/ is written, nothing written', (context) => {
    const reachable = unprivilegedCli();
    if ('skip' in reachable) {
      process.stderr.write(`skipped: read-only hooks: ${reachable.skip}\n`);
      context.skip(reachable.skip);
      return;
    }
    const repo = new Scratch();
    const before = repo.snapshot();
    const result = unprivileged(repo, reachable.cli, () => chmodSync(repo.path('.git/hooks'), 0o555), ['init', '--verbose']);
    expect(result.code).toBe(15);
    expect(result.stderr).toContain('.git/hooks');
    expect(existsSync(repo.path('.ai'))).toBe(false);
    chmodSync(repo.path('.git/hooks'), 0o755);
    expect(repo.snapshot()).toEqual(before);
  });

  it('a manifest holding a list: exit 2, nothing written', () => {
    const repo = new Scratch().adopt();
    repo.write('.ai/manifest.yaml', '- a\n- b\n');
    repo.remove('.ai/README.md');
    const before = repo.snapshot();
    const result = repo.run(['init', '--extend', '--verbose']);
    expect(result.code).toBe(2);
    expect(repo.snapshot()).toEqual(before);
  });
});

/** The skeleton manifest with one section's path changed. */
function manifestWith(section: string, value: string): string {
  const text = readFileSync(join(ROOT, 'share/skeleton/ai/manifest.yaml'), 'utf8');
  return text.replace(new RegExp(`^(  ${section}: ).*$`, 'm'), `$1${JSON.stringify(value)}`);
}

/**
 * Run the CLI where permissions bind: as root (whom chmod does not stop) the repository is handed to
 * `nobody` and `cli` (a build that user can reach: helpers/unprivileged.ts) runs as that user; otherwise
 * as this user. `restrict` takes the permission away.
 */
function unprivileged(repo: Scratch, cli: string, restrict: () => void, args: readonly string[]): RunResult {
  if (AS_ROOT) expect(spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, repo.parent]).status).toBe(0);
  restrict();
  const command = asUnprivileged([process.execPath, cli, ...args]);
  const result = spawnSync(command[0]!, command.slice(1), { cwd: repo.dir, env: cleanEnv({ HOME: repo.parent }), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

// ------------------------------------------------------------------------------ whole files or nothing

describe('init writes whole files or none', () => {
  it('a write failure part-way (the file size limit): exit 15, one line naming the path, the repository as it was', () => {
    const repo = new Scratch();
    const before = repo.snapshot();
    const result = spawnSync('sh', ['-c', `ulimit -f 4; exec "${process.execPath}" "${CLI}" init`], {
      cwd: repo.dir,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect(result.status).toBe(15);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/cannot write \.ai\/\S+: .*\(EFBIG\)/);
    expect(written(result.stdout)).toEqual([]);
    expect(repo.snapshot()).toEqual(before);
  });

  it('a kill -9 at any moment leaves every file whole or absent, never a 0-byte or cut file; init then completes it', async () => {
    for (const at of [0, 5, 15, 30, 45, reference.order.length - 2]) {
      const repo = new Scratch();
      const watched = repo.path(reference.order[at]!);
      const child = spawn(process.execPath, [CLI, 'init'], { cwd: repo.dir, env: cleanEnv(), stdio: 'ignore' });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      // poll without blocking until the watched file exists (or the run is over), then kill
      await new Promise<void>((resolve) => {
        const poll = (): void => (existsSync(watched) || child.exitCode !== null ? resolve() : void setImmediate(poll));
        poll();
      });
      child.kill('SIGKILL');
      await exited;
      for (const [path, entry] of Object.entries(adoptedFiles(repo))) {
        if (entry.startsWith('dir ') || leftovers(repo.dir).includes(path)) continue;
        expect(entry, `${path} after a kill at ${reference.order[at]}`).toBe(reference.files[path]);
      }
      // the manifest is written last: a run killed before it is completed by plain `init`
      const again = repo.run(existsSync(repo.path('.ai/manifest.yaml')) ? ['init', '--extend', '--verbose'] : ['init', '--verbose']);
      expect(again.code).toBe(0);
      expect(adoptedFiles(repo)).toEqual(reference.files);
      expect(leftovers(repo.dir)).toEqual([]);
    }
  });
});

// ----------------------------------------------------------------------------------------------- races

describe('concurrent writers', () => {
  it('eight concurrent inits: exactly one exits 0 and seven exit 15; the repository is one whole adoption', async () => {
    const repo = new Scratch();
    const codes = await concurrently(repo, ['init', '--verbose'], 8);
    expect([...codes].sort()).toEqual([0, 15, 15, 15, 15, 15, 15, 15]);
    expect(adoptedFiles(repo)).toEqual(reference.files);
    expect(leftovers(repo.dir)).toEqual([]);
    expect(existsSync(repo.path('.git/majordomus.lock'))).toBe(false);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('eight concurrent `init --extend`: each 0 or 15, one `.ai/local/` line, every missing file restored whole', async () => {
    const repo = new Scratch().adopt();
    repo.remove('.gitignore');
    repo.remove('.ai/README.md');
    repo.remove(`${VENDOR}/rules/policy-integrity.v1.md`);
    const codes = await concurrently(repo, ['init', '--extend', '--verbose'], 8);
    expect(codes.every((code) => code === 0 || code === 15)).toBe(true);
    expect(codes).toContain(0);
    expect(ignoreLines(repo)).toBe(1);
    expect(adoptedFiles(repo)).toEqual(reference.files);
    expect(leftovers(repo.dir)).toEqual([]);
  });

  it('`.gitignore` is edited once even where git cannot answer check-ignore (.ai a link to a folder of the repository)', () => {
    const repo = new Scratch();
    mkdirSync(repo.path('layer'));
    symlinkSync('layer', repo.path('.ai'));
    expect(repo.run(['init', '--verbose']).code).toBe(0);
    for (let round = 0; round < 2; round++) {
      const extend = repo.run(['init', '--extend', '--verbose']);
      expect(extend.code).toBe(0);
      expect(written(extend.stdout)).toEqual([]);
    }
    expect(ignoreLines(repo)).toBe(1);
  });
});

// -------------------------------------------------------------------------------- containment of hooks

describe('hooks where git runs them, and nowhere else', () => {
  it('a pre-commit hook linked to a script inside the repository: the block is added to that script; the link stays', () => {
    const repo = new Scratch();
    repo.write('tools/pre-commit.sh', '#!/bin/sh\necho team\n', 0o755);
    symlinkSync('../../tools/pre-commit.sh', repo.path('.git/hooks/pre-commit'));
    const result = repo.run(['init', '--verbose']);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toContain('tools/pre-commit.sh');
    expect(repo.read('tools/pre-commit.sh')).toMatch(/^#!\/bin\/sh\necho team\n[\s\S]*^majordomus doctor\b/m);
    expect(spawnSync('readlink', [repo.path('.git/hooks/pre-commit')], { encoding: 'utf8' }).stdout.trim()).toBe(
      '../../tools/pre-commit.sh',
    );
  });

  it('core.hooksPath outside the repository, with --external-hooks: the hooks are written there, exit 0', () => {
    const repo = new Scratch();
    const hooks = join(repo.outside, 'hooks');
    repo.git(['config', 'core.hooksPath', hooks]);
    const result = repo.run(['init', '--external-hooks', '--verbose']);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toEqual(expect.arrayContaining([join(hooks, 'pre-commit'), join(hooks, 'pre-push')]));
    expect(readFileSync(join(hooks, 'pre-commit'), 'utf8')).toMatch(/^majordomus doctor\b/m);
  });

  it("core.hooksPath set to '' is treated as unset: the hooks go to .git/hooks, none to the working tree, and init says git runs none", () => {
    const repo = new Scratch();
    repo.git(['config', 'core.hooksPath', '']);
    const result = repo.run(['init', '--verbose']);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toEqual(expect.arrayContaining(['.git/hooks/pre-commit', '.git/hooks/pre-push']));
    expect(existsSync(repo.path('pre-commit'))).toBe(false);
    expect(existsSync(repo.path('pre-push'))).toBe(false);
    expect(result.stdout).toMatch(/^note: core\.hooksPath is set to an empty value/m);
  });

  it("a linked worktree: init writes the layer in the worktree and the hooks in git's common directory, outside it", () => {
    const main = new Scratch();
    main.write('README.md', 'x\n');
    main.git(['add', 'README.md']);
    main.git(['commit', '-q', '-m', 'start']);
    const worktree = join(main.parent, 'linked');
    main.git(['worktree', 'add', '-q', worktree]);
    const result = main.run(['init', '--verbose'], { cwd: worktree });
    expect(result.code).toBe(0);
    expect(existsSync(join(worktree, '.ai/manifest.yaml'))).toBe(true);
    expect(existsSync(main.path('.ai'))).toBe(false);
    expect(readFileSync(main.path('.git/hooks/pre-commit'), 'utf8')).toMatch(/^majordomus doctor\b/m);
    expect(written(result.stdout)).toContain(main.path('.git/hooks/pre-commit'));
  });

  it('a repository made with --separate-git-dir: the hooks go to that git directory, exit 0', async () => {
    const repo = new Scratch({ git: false });
    const gitDir = join(repo.parent, 'separate.git');
    repo.git(['init', '-q', '-b', 'main', '--separate-git-dir', gitDir, '.']);
    const result = repo.run(['init', '--verbose']);
    expect(result.code).toBe(0);
    expect(readFileSync(join(gitDir, 'hooks/pre-commit'), 'utf8')).toMatch(/^majordomus doctor\b/m);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });
});

// --------------------------------------------------------------------- init --extend repairs what doctor asks

describe('init --extend repairs what doctor tells the user to repair with it', () => {
  const documents: [string, string, string][] = [
    ['an empty manifest', '.ai/manifest.yaml', ''],
    ['a `~` manifest', '.ai/manifest.yaml', '~\n'],
    ['a manifest of comments only', '.ai/manifest.yaml', '# nothing here yet\n'],
    ['an empty policy', '.ai/repo/policy.yaml', ''],
    ['a `~` policy', '.ai/repo/policy.yaml', '~\n'],
  ];
  it.each(documents)('%s: doctor fails, init --extend writes it back (exit 0), doctor passes', async (name, path, text) => {
    const damaged = (): Scratch => {
      const repo = new Scratch().adopt();
      repo.write(path, text);
      return repo;
    };
    const repo = damaged();
    expect((await gateInProcess(repo, 'doctor')).code).not.toBe(0);
    const result = await tableRun(repo, ['init', '--extend', '--verbose'], { sample: name === documents[0]![0], copy: damaged });
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toEqual([path]);
    expect(adoptedFiles(repo)).toEqual(reference.files);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('a missing section folder: init --extend makes it (with its .gitkeep), doctor passes', async () => {
    const repo = new Scratch().adopt();
    repo.remove('.ai/repo/skills');
    expect((await gateInProcess(repo, 'doctor')).code).toBe(10);
    const result = repo.run(['init', '--extend', '--verbose']);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toEqual(['.ai/repo/skills/.gitkeep']);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  const vendoredDamage: [string, (repo: Scratch) => void][] = [
    ['a 0-byte vendored rule (left by a killed init)', (repo: Scratch) => repo.write(`${VENDOR}/rules/policy-integrity.v1.md`, '')],
    [
      'a cut vendored rule',
      (repo: Scratch) =>
        repo.write(`${VENDOR}/rules/policy-integrity.v1.md`, repo.read(`${VENDOR}/rules/policy-integrity.v1.md`).slice(0, 100)),
    ],
    ['a missing vendored rule', (repo: Scratch) => repo.remove(`${VENDOR}/rules/policy-integrity.v1.md`)],
    ['a 0-byte vendored manifest', (repo: Scratch) => repo.write(`${VENDOR}/manifest.yaml`, '')],
  ];
  it.each(vendoredDamage)("%s of this version's own package: init --extend restores it whole, doctor passes", async (name, damage) => {
    const damaged = (): Scratch => {
      const repo = new Scratch().adopt();
      damage(repo);
      return repo;
    };
    const repo = damaged();
    expect((await gateInProcess(repo, 'doctor')).code).toBe(10);
    const sample = { sample: name === vendoredDamage[0]![0], copy: damaged };
    const result = await tableRun(repo, ['init', '--extend', '--verbose'], sample);
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toHaveLength(1);
    expect(adoptedFiles(repo)).toEqual(reference.files);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it.each([
    ['another vendor named in its manifest', (text: string) => text.replace(/^vendor: majordomus$/m, 'vendor: someone-else')],
    ['a newer source revision', (text: string) => text.replace(/^source_revision: .*$/m, 'source_revision: 9.0.0')],
  ])("a vendored package that is not this version's (%s): init --extend writes nothing into it, exit 0", async (name, change) => {
    const repo = new Scratch().adopt();
    repo.write(`${VENDOR}/manifest.yaml`, change(repo.read(`${VENDOR}/manifest.yaml`)));
    repo.write(`${VENDOR}/rules/policy-integrity.v1.md`, '');
    const before = snapshotTree(repo.path(VENDOR));
    // nothing is written into the package: the sample runs the built CLI on the same repository after
    const result = await tableRun(repo, ['init', '--extend', '--verbose'], { sample: name === 'another vendor named in its manifest' });
    expect(result.code).toBe(0);
    expect(written(result.stdout)).toEqual([]);
    expect(result.stdout).toMatch(new RegExp(`^kept ${VENDOR}: `, 'm'));
    expect(snapshotTree(repo.path(VENDOR))).toEqual(before);
  });
});

// ------------------------------------------------------------------------------ the vendored store

/** Make the vendored baseline an intact package that is not this version's: `change` edits its manifest. */
function foreignBaseline(repo: Scratch, change: (manifest: Record<string, unknown>) => void): void {
  const manifest = parse(repo.read(`${VENDOR}/manifest.yaml`)) as Record<string, unknown>;
  change(manifest);
  repo.write(`${VENDOR}/manifest.yaml`, stringify(manifest));
}

describe('rules vendor update never replaces a package this version does not ship unless forced', () => {
  it.each([
    ['a newer source revision', (m: Record<string, unknown>) => (m.source_revision = '0.6.0')],
    ['another package name', (m: Record<string, unknown>) => (m.package = 'someone-elses-rules')],
    ['another vendor', (m: Record<string, unknown>) => (m.vendor = 'someone-else')],
  ])('%s: exit 15, nothing changed, what it would replace listed; --force replaces it and says so', async (name, change) => {
    const foreign = (): Scratch => {
      const repo = new Scratch().adopt();
      foreignBaseline(repo, change);
      return repo;
    };
    const repo = foreign();
    const sample = name === 'a newer source revision';
    const before = repo.snapshot();
    const refused = await tableRun(repo, ['rules', 'vendor', 'update'], { sample });
    expect(refused.code).toBe(15);
    expect(refused.stdout).toBe('');
    expect(would(refused.stderr, 'replace')).toEqual([`${VENDOR}/manifest.yaml`]);
    expect(repo.snapshot()).toEqual(before);
    const forced = await tableRun(repo, ['rules', 'vendor', 'update', '--force'], { sample, copy: foreign });
    expect(forced.code).toBe(0);
    expect(printed(forced.stdout, 'wrote')).toEqual([`${VENDOR}/manifest.yaml`]);
    expect(repo.read(`${VENDOR}/manifest.yaml`)).toBe(readFileSync(join(SHIPPED, 'manifest.yaml'), 'utf8'));
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('an older source revision of this package is updated without --force', () => {
    const repo = new Scratch().adopt();
    foreignBaseline(repo, (m) => (m.source_revision = '0.0.1'));
    const result = repo.run(['rules', 'vendor', 'update']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote')).toEqual([`${VENDOR}/manifest.yaml`]);
  });
});

describeUpstream('rules vendor update over the real upstream package', () => {
  const source = `${UPSTREAM}/.ai/repo/rules/vendor/majordomus`;
  const sources = [`${source}/rules`, `${UPSTREAM}/share/standard/majordomus/rules`];

  /** The upstream vendored package as a repository's, intact (each listed hash made true) and at revision 0.6.0. */
  function upstreamPackage(repo: Scratch): string[] {
    const manifest = parse(readFileSync(`${source}/manifest.yaml`, 'utf8')) as {
      source_revision: string;
      rules: { file: string; sha256: string }[];
    };
    repo.remove(VENDOR);
    for (const entry of manifest.rules) {
      const name = entry.file.replace(/^rules\//, '');
      const from = sources.map((dir) => join(dir, name)).find((path) => existsSync(path))!;
      mkdirSync(repo.path(`${VENDOR}/rules`), { recursive: true });
      copyFileSync(from, repo.path(`${VENDOR}/${entry.file}`));
      entry.sha256 = sha256(readFileSync(from));
    }
    manifest.source_revision = '0.6.0';
    repo.write(`${VENDOR}/manifest.yaml`, stringify(manifest));
    return manifest.rules.map((entry) => `${VENDOR}/${entry.file}`);
  }

  it('without --force: exit 15, nothing deleted or replaced, every file it would delete listed; --force removes them and says so', async () => {
    const repo = new Scratch().adopt();
    const files = upstreamPackage(repo);
    const shipped = new Set(readdirSync(join(SHIPPED, 'rules')).map((name) => `${VENDOR}/rules/${name}`));
    const foreign = files.filter((file) => !shipped.has(file)).sort();
    expect(foreign.length).toBeGreaterThan(5); // fewer as this distribution ships more of the upstream rules
    const before = repo.snapshot();
    const refused = repo.run(['rules', 'vendor', 'update']);
    expect(refused.code).toBe(15);
    expect(refused.stdout).toBe('');
    expect(would(refused.stderr, 'remove').sort()).toEqual(foreign);
    expect(would(refused.stderr, 'replace')).toContain(`${VENDOR}/manifest.yaml`);
    expect(repo.snapshot()).toEqual(before);
    const forced = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(forced.code).toBe(0);
    expect(printed(forced.stdout, 'removed').sort()).toEqual(foreign);
    expect((await vendorStatusInProcess(repo)).code).toBe(0);
  });
});

describe('rules vendor status and doctor agree on a vendored folder that is not a folder of the repository', () => {
  const cases: [string, (repo: Scratch) => Promise<string>][] = [
    [
      'the brainstorm pack, a symbolic link to a copy inside the repository',
      async (repo) => {
        expect((await cliInProcess(repo, ['rules', 'vendor', 'add', 'brainstorm'])).code).toBe(0);
        cpSync(repo.path(BRAINSTORM), repo.path('elsewhere/brainstorm'), { recursive: true });
        repo.remove(BRAINSTORM);
        symlinkSync('../../../../elsewhere/brainstorm', repo.path(BRAINSTORM));
        return BRAINSTORM;
      },
    ],
    [
      'the baseline, a symbolic link to a copy outside the repository',
      async (repo) => {
        cpSync(repo.path(VENDOR), join(repo.outside, 'majordomus'), { recursive: true });
        repo.remove(VENDOR);
        symlinkSync(join(repo.outside, 'majordomus'), repo.path(VENDOR));
        return VENDOR;
      },
    ],
    [
      'the vendor folder a link out of the repository (the packages in it real folders)',
      async (repo) => {
        expect((await cliInProcess(repo, ['rules', 'vendor', 'add', 'brainstorm'])).code).toBe(0);
        cpSync(repo.path('.ai/repo/rules/vendor'), join(repo.outside, 'vendor'), { recursive: true });
        repo.remove('.ai/repo/rules/vendor');
        symlinkSync(join(repo.outside, 'vendor'), repo.path('.ai/repo/rules/vendor'));
        return BRAINSTORM;
      },
    ],
  ];
  it.each(cases)('%s: the same finding in both, status exits 10, doctor fails', async (name, setup) => {
    const repo = new Scratch().adopt();
    const subject = await setup(repo);
    const sample = { sample: name === cases[0]![0] };
    const status = await tableRun(repo, ['rules', 'vendor', 'status'], sample);
    expect(status.code).toBe(10);
    const line = status.stdout.split('\n').find((text) => text.startsWith(`${subject}: `));
    expect(line, status.stdout).toBeDefined();
    const doctor = await gateInProcess(repo, 'doctor');
    expect(doctor.code).toBe(10);
    const finding = doctor.findings.find((f) => f.level === 'FAIL' && f.subject === subject);
    expect(finding, JSON.stringify(doctor.findings)).toBeDefined();
    expect(`${finding!.subject}: ${finding!.message}`).toBe(line);
    // and update refuses to write through it unless forced
    const before = repo.snapshot();
    expect((await tableRun(repo, ['rules', 'vendor', 'update'], sample)).code).toBe(15);
    expect(repo.snapshot()).toEqual(before);
  });

  it('--force replaces a linked vendored folder with the package, never touching what the link pointed to', async () => {
    const repo = new Scratch().adopt();
    cpSync(repo.path(VENDOR), join(repo.outside, 'majordomus'), { recursive: true });
    repo.remove(VENDOR);
    symlinkSync(join(repo.outside, 'majordomus'), repo.path(VENDOR));
    const outside = snapshotTree(repo.outside);
    const result = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'removed')).toEqual([VENDOR]);
    expect(snapshotTree(repo.outside)).toEqual(outside);
    expect((await vendorStatusInProcess(repo)).code).toBe(0);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });
});

// ------------------------------------------------------------------------------------ the other writers

describe('the other writing commands stay inside the repository', () => {
  it('rules new with the project rules folder linked out of the repository: exit 15, nothing written', () => {
    const repo = new Scratch().adopt();
    repo.remove('.ai/repo/rules/project');
    mkdirSync(join(repo.outside, 'project'));
    symlinkSync(join(repo.outside, 'project'), repo.path('.ai/repo/rules/project'));
    const before = repo.snapshot();
    const result = repo.run(['rules', 'new', 'changelog-entry']);
    expect(result.code).toBe(15);
    expect(repo.snapshot()).toEqual(before);
  });

  it('brainstorm new with docs/research linked out of the repository: exit 15, nothing written', () => {
    const repo = new Scratch();
    mkdirSync(repo.path('docs'));
    symlinkSync(repo.outside, repo.path('docs/research'));
    const before = repo.snapshot();
    const result = repo.run(['brainstorm', 'new', 'widget-cache']);
    expect(result.code).toBe(15);
    expect(repo.snapshot()).toEqual(before);
  });
});

// ------------------------------------------------------------------------------------ the code cache

describe('the code cache is the one file a gate writes outside the repository', () => {
  /** What a run of `doctor` added to, removed from or changed in the scratch parent. */
  function changedByDoctor(repo: Scratch, env: Record<string, string>): string[] {
    const before = repo.snapshot();
    const result = repo.run(['doctor'], { env });
    expect(result.code).toBe(0);
    const after = repo.snapshot();
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((path) => before[path] !== after[path]).sort();
  }

  const home = (repo: Scratch): string => join(repo.parent, 'home');

  it.each([
    [
      'XDG_CACHE_HOME names a folder: <XDG_CACHE_HOME>/majordomus/',
      (repo: Scratch) => ({ HOME: home(repo), XDG_CACHE_HOME: join(repo.parent, 'cache') }),
      'cache',
    ],
    [
      "XDG_CACHE_HOME unset: the platform's cache folder under HOME",
      (repo: Scratch) => ({ HOME: home(repo), XDG_CACHE_HOME: '' }),
      process.platform === 'darwin' ? 'home/Library/Caches' : 'home/.cache',
    ],
  ] as const)('%s, and nothing else there nor in the repository', (_name, env, cache) => {
    const repo = new Scratch().adopt();
    mkdirSync(home(repo));
    const changed = changedByDoctor(repo, env(repo));
    const file = changed.filter((path) => path.startsWith(`${cache}/majordomus/`));
    expect(file).toHaveLength(1);
    expect(file[0]).toMatch(/\/code-[^/]+-doctor\.bin$/);
    // the folders made to hold it, and nothing else
    const folders = cache
      .split('/')
      .map((_part, index, parts) => parts.slice(0, index + 1).join('/'))
      .filter((path) => path !== 'home');
    expect(changed).toEqual([...folders, `${cache}/majordomus`, file[0]!].sort());
  });

  // the values it takes are tested in process (test/cli/startup.test.ts)
  it.each(['0', 'off'])('MAJORDOMUS_CODE_CACHE=%s: nothing is written anywhere', (value) => {
    const repo = new Scratch().adopt();
    mkdirSync(home(repo));
    expect(changedByDoctor(repo, { HOME: home(repo), XDG_CACHE_HOME: '', MAJORDOMUS_CODE_CACHE: value })).toEqual([]);
    expect(changedByDoctor(repo, { HOME: home(repo), XDG_CACHE_HOME: join(repo.parent, 'cache'), MAJORDOMUS_CODE_CACHE: value })).toEqual(
      [],
    );
  });

  it('MAJORDOMUS_CODE_CACHE=0 reads no cache: a damaged one in place is neither read nor replaced', () => {
    const repo = new Scratch().adopt();
    const cache = join(repo.parent, 'cache');
    expect(changedByDoctor(repo, { XDG_CACHE_HOME: cache })).toHaveLength(3);
    const [name] = readdirSync(join(cache, 'majordomus'));
    writeFileSync(join(cache, 'majordomus', name!), 'not a code cache\n');
    expect(changedByDoctor(repo, { XDG_CACHE_HOME: cache, MAJORDOMUS_CODE_CACHE: '0' })).toEqual([]);
    // turned on again, the damaged file is ignored and replaced
    expect(changedByDoctor(repo, { XDG_CACHE_HOME: cache })).toEqual([`cache/majordomus/${name}`]);
  });
});
