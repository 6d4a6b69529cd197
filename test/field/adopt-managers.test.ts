/**
 * Adopting a project whose hooks a manager already runs, from the packed tarball, with the managers
 * installed from the npm registry as the project's own dev dependencies: husky 9 (`husky init`) and
 * lefthook 2 (`lefthook install`). init writes where the manager runs — `.husky/<hook>`, a section of
 * lefthook's configuration — adds no install step of its own (the manager's files travel with the
 * commit), and the hooks refuse a bad commit, in the project and in a teammate's clone. lefthook's own
 * `pre-commit:` section is left to the user to merge: init prints it and adopts the rest (0), and doctor
 * names what stays unwired until then.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FIELD_TIMEOUT, FieldProject } from '../helpers/field';
import { breakPolicy, cloneMajordomus, commitIn, HUSKY, LEFTHOOK, teammateClone } from '../helpers/field-tools';

const INSTALL = ['--prefer-offline', '--no-audit', '--no-fund'];

interface Finding {
  level: string;
  category: string;
  subject: string;
}

function failing(stdout: string): Finding[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Finding)
    .filter((finding) => finding.level === 'FAIL');
}

describe('husky 9', () => {
  it(
    'init writes into .husky/, the hooks refuse a bad commit here and in a teammate clone after npm install, and CI=true doctor is 0',
    () => {
      const project = new FieldProject();
      expect(project.run('npm', ['install', '--save-dev', '-E', HUSKY, ...INSTALL]).code).toBe(0);
      expect(project.run('node_modules/.bin/husky', ['init']).code).toBe(0);
      expect(project.git(['config', 'core.hooksPath']).stdout.trim()).toBe('.husky/_');
      const init = project.majordomus(['init']);
      expect(init.code, init.stderr).toBe(0);
      // husky's prepare script installs the hooks in every clone; init adds none of its own
      expect(JSON.parse(project.read('package.json')).scripts.prepare).toBe('husky');
      const userHook = project.read('.husky/pre-commit');
      expect(userHook.startsWith('npm test\n')).toBe(true);
      expect(userHook).not.toContain('majordomus() {');
      expect(project.exists('.husky/pre-push')).toBe(true);
      expect(project.exists('.git/hooks/pre-commit')).toBe(false);
      expect(project.majordomus(['doctor']).code).toBe(0);
      expect(project.commitAll('adopt majordomus').code).toBe(0);
      breakPolicy(project);
      const bad = commitIn(project, '.', 'a policy doctor refuses');
      expect(bad.code).not.toBe(0);
      expect(bad.moved).toBe(false);
      project.git(['checkout', '--', '.']);

      const clone = teammateClone(project);
      expect(project.run('npm', ['install', ...INSTALL], { cwd: clone }).code).toBe(0);
      expect(project.git(['config', 'core.hooksPath'], { cwd: clone }).stdout.trim()).toBe('.husky/_');
      expect(cloneMajordomus(project, clone, ['doctor']).code).toBe(0);
      breakPolicy(project, clone);
      expect(commitIn(project, clone, 'a policy doctor refuses').moved).toBe(false);

      const ci = teammateClone(project, 'ci', 1);
      expect(project.run('npm', ['ci', ...INSTALL], { cwd: ci, env: { CI: 'true' } }).code).toBe(0);
      expect(cloneMajordomus(project, ci, ['doctor'], { CI: 'true' }).code).toBe(0);
    },
    FIELD_TIMEOUT,
  );
});

describe('lefthook 2', () => {
  it(
    "init appends pre-push:, prints the lines for the project's own pre-commit: section (0); doctor names them until merged; then the hooks refuse a bad commit",
    () => {
      const project = new FieldProject();
      expect(project.run('npm', ['install', '--save-dev', '-E', LEFTHOOK, ...INSTALL]).code).toBe(0);
      const own = 'pre-commit:\n  commands:\n    test:\n      run: npm test\n';
      project.write('lefthook.yml', own);
      expect(project.run('node_modules/.bin/lefthook', ['install']).code).toBe(0);
      const init = project.majordomus(['init']);
      expect(init.code, init.stderr).toBe(0);
      expect(project.exists('.ai/manifest.yaml')).toBe(true);
      const text = project.read('lefthook.yml');
      expect(text.startsWith(own)).toBe(true);
      const config = parse(text) as Record<string, { commands: Record<string, unknown> }>;
      expect(Object.keys(config['pre-commit']!.commands)).toEqual(['test']);
      expect(Object.keys(config['pre-push']!.commands)).toEqual(['finish-on-push']);
      // the lines to merge, as printed: the pre-commit commands alone
      const snippet = parse(
        init.stdout
          .split('\n')
          .filter((line) => line.startsWith('  '))
          .map((line) => line.slice(2))
          .join('\n'),
      ) as Record<string, { commands: Record<string, unknown> }>;
      expect(Object.keys(snippet)).toEqual(['pre-commit']);
      // lefthook installs the hooks its configuration now has (pre-push), as init's note says
      expect(init.stdout).toContain('npx lefthook install');
      expect(project.run('node_modules/.bin/lefthook', ['install']).code).toBe(0);
      const doctor = project.majordomus(['doctor', '--json']);
      expect(doctor.code).toBe(10);
      expect(
        failing(doctor.stdout)
          .map((finding) => [finding.category, finding.subject])
          .sort(),
      ).toEqual([
        ['wiring', 'doctor-on-commit'],
        ['wiring', 'projections-on-commit'],
      ]);
      // merged as the user would, beside the project's own command
      const merged = { ...config, 'pre-commit': { commands: { ...config['pre-commit']!.commands, ...snippet['pre-commit']!.commands } } };
      project.write('lefthook.yml', `${JSON.stringify(merged, null, 2)}\n`);
      expect(project.majordomus(['doctor']).code).toBe(0);
      expect(project.commitAll('adopt majordomus').code).toBe(0);
      breakPolicy(project);
      expect(commitIn(project, '.', 'a policy doctor refuses').moved).toBe(false);
    },
    FIELD_TIMEOUT,
  );
});
