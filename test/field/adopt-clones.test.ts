/**
 * An adopted repository as its teammates and its CI meet it, from the packed tarball: git never clones
 * `.git/hooks`, so a teammate's clone gets the hooks from `npm install` (the `prepare` script init
 * added runs `majordomus hooks install --prepare`) and refuses a bad commit; a CI job's fresh clone
 * (`CI=true npm ci`) installs none and `doctor` passes there, while on a developer's clone without them
 * it still fails, naming the command that installs them.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_TIMEOUT, FieldProject } from '../helpers/field';
import { breakPolicy, cloneMajordomus, commitIn, teammateClone } from '../helpers/field-tools';

const INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund'];

/** A scratch project adopted with init and committed through the hooks init wrote. */
function adopted(): FieldProject {
  const project = new FieldProject();
  expect(project.majordomus(['init']).code).toBe(0);
  expect(JSON.parse(project.read('package.json')).scripts.prepare).toBe('majordomus hooks install --prepare');
  expect(project.commitAll('adopt majordomus').code).toBe(0);
  return project;
}

describe("a teammate's fresh clone", () => {
  it(
    'gets working hooks from npm install: doctor passes and a bad commit is refused',
    () => {
      const project = adopted();
      const clone = teammateClone(project);
      expect(project.exists(`${clone}/.git/hooks/pre-commit`)).toBe(false);
      expect(project.run('npm', INSTALL, { cwd: clone }).code).toBe(0);
      expect(project.exists(`${clone}/.git/hooks/pre-commit`)).toBe(true);
      expect(project.exists(`${clone}/.git/hooks/pre-push`)).toBe(true);
      expect(cloneMajordomus(project, clone, ['doctor']).code).toBe(0);
      breakPolicy(project, clone);
      const bad = commitIn(project, clone, 'a policy doctor refuses');
      expect(bad.code).not.toBe(0);
      expect(bad.moved).toBe(false);
    },
    FIELD_TIMEOUT,
  );

  it(
    'without the install step, doctor fails on the missing hooks and names the one command that installs them',
    () => {
      const project = adopted();
      const clone = teammateClone(project);
      expect(project.run('npm', [...INSTALL, '--ignore-scripts'], { cwd: clone }).code).toBe(0);
      const doctor = cloneMajordomus(project, clone, ['doctor', '--json']);
      expect(doctor.code).toBe(10);
      const failing = doctor.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: string; category: string; message: string })
        .filter((finding) => finding.level === 'FAIL');
      expect(failing.length).toBeGreaterThan(0);
      expect(failing.every((finding) => finding.category === 'wiring' && finding.message.includes('majordomus hooks install'))).toBe(true);
      expect(cloneMajordomus(project, clone, ['hooks', 'install']).code).toBe(0);
      expect(cloneMajordomus(project, clone, ['doctor']).code).toBe(0);
    },
    FIELD_TIMEOUT,
  );
});

describe("a CI job's fresh clone (CI=true)", () => {
  it(
    'npm ci installs no hooks, and doctor exits 0 there',
    () => {
      const project = adopted();
      const clone = teammateClone(project, 'ci', 1);
      const ci = { CI: 'true' };
      expect(project.run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone, env: ci }).code).toBe(0);
      expect(project.exists(`${clone}/.git/hooks/pre-commit`)).toBe(false);
      expect(cloneMajordomus(project, clone, ['doctor'], ci).code).toBe(0);
      // the same clone outside CI is a developer's: the missing hooks fail
      expect(cloneMajordomus(project, clone, ['doctor']).code).toBe(10);
    },
    FIELD_TIMEOUT,
  );
});
