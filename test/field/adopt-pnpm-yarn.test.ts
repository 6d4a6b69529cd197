/**
 * The packed tarball in a pnpm project and in a yarn 4 project (its node-modules linker), both package
 * managers installed from the npm registry and run as shipped: init adds the install step each runs —
 * pnpm `prepare`, yarn 2+ `postinstall`, which it runs where `prepare` it does not — and a teammate's
 * fresh clone gets working hooks from the frozen install, refusing a bad commit.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_TIMEOUT, FieldProject, packedTarball } from '../helpers/field';
import { breakPolicy, cloneMajordomus, commitIn, pathWithTools, teammateClone } from '../helpers/field-tools';

/** A scratch project without npm's install: package.json as its manager writes it, node_modules ignored. */
function bareProject(): { project: FieldProject; env: Record<string, string> } {
  const project = new FieldProject();
  rmSync(join(project.dir, 'node_modules'), { recursive: true, force: true });
  rmSync(join(project.dir, 'package-lock.json'), { force: true });
  project.write(
    'package.json',
    `${JSON.stringify({ name: 'scratch-project', version: '1.0.0', private: true, scripts: { test: 'node -e 0' } }, null, 2)}\n`,
  );
  return { project, env: { PATH: pathWithTools(project) } };
}

const cases = [
  {
    manager: 'pnpm',
    script: 'prepare',
    setup: () => {},
    add: (): string[] => ['add', '-D', `file:${packedTarball()}`],
    frozen: ['install', '--frozen-lockfile'],
  },
  {
    manager: 'yarn',
    script: 'postinstall',
    setup: (project: FieldProject) => {
      project.write('.yarnrc.yml', 'nodeLinker: node-modules\n');
      project.write('.gitignore', 'node_modules/\n.yarn/\n');
    },
    add: (): string[] => ['add', '-D', `majordomus@file:${packedTarball()}`],
    frozen: ['install', '--immutable'],
  },
] as const;

describe('pnpm and yarn', () => {
  it.each(cases)(
    '$manager: init adds the $script script, and a fresh clone gets working hooks from the frozen install',
    ({ manager, script, setup, add, frozen }) => {
      const { project, env } = bareProject();
      setup(project);
      expect(project.run(manager, add(), { env }).code).toBe(0);
      expect(project.majordomus(['init']).code).toBe(0);
      expect(JSON.parse(project.read('package.json')).scripts[script]).toBe('majordomus hooks install --prepare');
      expect(project.commitAll('adopt majordomus').code).toBe(0);
      const clone = teammateClone(project);
      const install = project.run(manager, frozen, { cwd: clone, env });
      expect(install.code, install.stdout).toBe(0);
      expect(project.exists(`${clone}/.git/hooks/pre-commit`)).toBe(true);
      expect(cloneMajordomus(project, clone, ['doctor']).code).toBe(0);
      breakPolicy(project, clone);
      expect(commitIn(project, clone, 'a policy doctor refuses').moved).toBe(false);
      // a CI job's clone: the install installs no hooks, and doctor passes
      const ci = teammateClone(project, 'ci', 1);
      expect(project.run(manager, frozen, { cwd: ci, env: { ...env, CI: 'true' } }).code).toBe(0);
      expect(project.exists(`${ci}/.git/hooks/pre-commit`)).toBe(false);
      expect(cloneMajordomus(project, ci, ['doctor'], { CI: 'true' }).code).toBe(0);
    },
    FIELD_TIMEOUT,
  );
});
