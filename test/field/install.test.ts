/**
 * The tarball as a user installs it: a dev dependency, the tool only in node_modules/.bin, adopted with
 * init, and a first commit and push through the hooks init wrote.
 */
import { describe, expect, it } from 'vitest';
import { bareRemote, FIELD_TIMEOUT, FieldProject } from '../helpers/field';

describe('installed from the packed tarball as a dev dependency', () => {
  it(
    'is not on PATH, and init, doctor, a commit and a push through the hooks work from node_modules/.bin',
    () => {
      const project = new FieldProject();
      expect(project.sh('command -v majordomus').code).not.toBe(0);
      expect(project.majordomus(['init']).code).toBe(0);
      expect(project.majordomus(['doctor']).code).toBe(0);
      expect(project.commitAll('adopt majordomus').code).toBe(0);
      bareRemote(project);
      expect(project.run('git', ['push', '-q', 'origin', 'main']).code).toBe(0);
      expect(project.git(['ls-remote', 'origin', 'refs/heads/main']).stdout).toMatch(/^[0-9a-f]{40}\trefs\/heads\/main/);
    },
    FIELD_TIMEOUT,
  );
});
