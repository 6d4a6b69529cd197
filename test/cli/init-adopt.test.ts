/**
 * What `init` does around the layer when it adopts a repository: `--dry-run` writes nothing and plans
 * exactly what a run writes; the optional brainstorm pack is named, not vendored; package.json gets the
 * install step that gives every clone the hooks (`majordomus hooks install --prepare`), only where it
 * works and without rewriting the file's formatting; and that step never fails an install.
 */
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { snapshotTree } from '../helpers/snapshot';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const STEP = 'majordomus hooks install --prepare';

/** The paths a command printed after `verb` (`wrote`, `would write`), sorted. */
function paths(stdout: string, verb: string): string[] {
  return stdout
    .split('\n')
    .flatMap((line) => (line.startsWith(`${verb} `) ? [line.slice(verb.length + 1)] : []))
    .sort();
}

/** A package.json as npm writes it: two spaces, a final newline. */
function npmPackage(repo: TempRepo, value: Record<string, unknown>): string {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  repo.write('package.json', text);
  return text;
}

const WITH_TOOL = { name: 'app', version: '1.0.0', private: true, devDependencies: { majordomus: '^0.1.0' } };

describe('init --dry-run', () => {
  it('writes nothing, and lists exactly the paths init then writes', () => {
    const repo = repos.create();
    npmPackage(repo, WITH_TOOL);
    const before = snapshotTree(repo.dir);
    const dry = repo.run(['init', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(snapshotTree(repo.dir)).toEqual(before);
    const planned = paths(dry.stdout, 'would write');
    expect(planned).toContain('.ai/manifest.yaml');
    expect(planned).toContain('package.json');
    const real = repo.run(['init', '--verbose']);
    expect(real.code).toBe(0);
    expect(paths(real.stdout, 'wrote')).toEqual(planned);
  });

  it('refuses as init does: an adopted repository is 15 and nothing is written', () => {
    const repo = repos.create().init();
    const before = snapshotTree(repo.dir);
    expect(repo.run(['init', '--dry-run']).code).toBe(15);
    expect(snapshotTree(repo.dir)).toEqual(before);
  });

  it('init --extend --dry-run on a complete layer plans nothing', () => {
    const repo = repos.create().init();
    const dry = repo.run(['init', '--extend', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(paths(dry.stdout, 'would write')).toEqual([]);
  });
});

describe('the optional brainstorm pack', () => {
  it('is not vendored by init; init names the command that adds it, which then passes doctor', () => {
    const repo = repos.create();
    const init = repo.run(['init']);
    expect(init.code).toBe(0);
    expect(repo.exists('.ai/repo/rules/vendor/brainstorm')).toBe(false);
    expect(init.stdout).toContain('majordomus rules vendor add brainstorm');
    expect(repo.run(['rules', 'vendor', 'add', 'brainstorm']).code).toBe(0);
    expect(repo.exists('.ai/repo/rules/vendor/brainstorm/manifest.yaml')).toBe(true);
    expect(repo.run(['init', '--extend']).stdout).not.toContain('rules vendor add brainstorm');
    expect(repo.gate(['doctor']).code).toBe(0);
  });
});

describe("package.json's install step", () => {
  it('is added as the prepare script where majordomus is a dependency, the rest of the file as it was', () => {
    const repo = repos.create();
    npmPackage(repo, { ...WITH_TOOL, scripts: { test: 'vitest' } });
    expect(repo.run(['init']).code).toBe(0);
    const expected = { ...WITH_TOOL, scripts: { test: 'vitest', prepare: STEP } };
    expect(repo.read('package.json')).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    // a second run adds nothing
    expect(repo.run(['init', '--extend']).code).toBe(0);
    expect(repo.read('package.json')).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  it('runs after a prepare script that is there, and a new scripts object goes before the dependencies', () => {
    const first = repos.create();
    npmPackage(first, { name: 'app', scripts: { prepare: 'npm run build' }, devDependencies: { majordomus: '0.1.0' } });
    expect(first.run(['init']).code).toBe(0);
    expect(JSON.parse(first.read('package.json')).scripts.prepare).toBe(`npm run build && ${STEP}`);
    const second = repos.create();
    npmPackage(second, { name: 'app', version: '1.0.0', dependencies: { majordomus: '0.1.0' } });
    expect(second.run(['init']).code).toBe(0);
    expect(Object.keys(JSON.parse(second.read('package.json')))).toEqual(['name', 'version', 'scripts', 'dependencies']);
  });

  it.each([
    ['majordomus is not among its dependencies', '{\n  "name": "app",\n  "scripts": {\n    "test": "node -e 0"\n  }\n}\n'],
    ['it is formatted by hand', '{\n    "name": "app",\n    "devDependencies": { "majordomus": "0.1.0" }\n}\n'],
    [
      'yarn 2+ runs no prepare, and a published package would run a postinstall for its users',
      '{\n  "name": "app",\n  "packageManager": "yarn@4.5.0",\n  "devDependencies": {\n    "majordomus": "0.1.0"\n  }\n}\n',
    ],
  ])('is not added, byte for byte, when %s (init still exits 0)', (_name, text) => {
    const repo = repos.create();
    repo.write('package.json', text);
    const init = repo.run(['init']);
    expect(init.code).toBe(0);
    expect(repo.read('package.json')).toBe(text);
    expect(init.stdout).toContain('majordomus hooks install');
  });

  it('is the postinstall script of a private yarn 2+ project', () => {
    const repo = repos.create();
    repo.write('.yarnrc.yml', 'nodeLinker: node-modules\n');
    npmPackage(repo, WITH_TOOL);
    expect(repo.run(['init']).code).toBe(0);
    expect(JSON.parse(repo.read('package.json')).scripts).toEqual({ postinstall: STEP });
  });

  it('is not added where a hook manager runs the hooks (its files travel with the commit)', () => {
    const repo = repos.create();
    repo.write('.husky/.keep', '');
    const text = npmPackage(repo, WITH_TOOL);
    expect(repo.run(['init']).code).toBe(0);
    expect(repo.read('package.json')).toBe(text);
  });
});

describe('hooks install --prepare, as an install script runs it', () => {
  it('installs the hooks in a clone that lacks them', () => {
    const repo = repos.create().init();
    repo.remove('.git/hooks/pre-commit');
    repo.remove('.git/hooks/pre-push');
    expect(repo.run(['hooks', 'install', '--prepare']).code).toBe(0);
    expect(repo.exists('.git/hooks/pre-commit')).toBe(true);
    expect(repo.run(['hooks', 'status']).code).toBe(0);
  });

  it.each([
    ['CI=true', { CI: 'true' }],
    ['GITHUB_ACTIONS=true', { GITHUB_ACTIONS: 'true' }],
  ])('installs nothing under %s, and exits 0', (_name, env) => {
    const repo = repos.create().init();
    repo.remove('.git/hooks/pre-commit');
    expect(repo.run(['hooks', 'install', '--prepare'], { env }).code).toBe(0);
    expect(repo.exists('.git/hooks/pre-commit')).toBe(false);
  });

  it('exits 0 outside a git repository and without a layer, where plain hooks install exits 2 and 12', () => {
    const outside = repos.create({ git: false });
    const env = { GIT_CEILING_DIRECTORIES: dirname(outside.dir) };
    expect(outside.run(['hooks', 'install'], { env }).code).toBe(2);
    expect(outside.run(['hooks', 'install', '--prepare'], { env }).code).toBe(0);
    const bare = repos.create();
    expect(bare.run(['hooks', 'install']).code).toBe(12);
    expect(bare.run(['hooks', 'install', '--prepare']).code).toBe(0);
  });

  it('exits 0 and writes nothing where hooks install refuses (15), so an install never fails on it', () => {
    const repo = repos.create().init();
    const foreign = '#!/bin/sh\necho "checking"\nexit 0\n';
    repo.write('.git/hooks/pre-commit', foreign, 0o755);
    repo.remove('.git/hooks/pre-push');
    expect(repo.run(['hooks', 'install']).code).toBe(15);
    expect(repo.run(['hooks', 'install', '--prepare']).code).toBe(0);
    expect(repo.read('.git/hooks/pre-commit')).toBe(foreign);
    expect(repo.exists('.git/hooks/pre-push')).toBe(false);
  });
});
