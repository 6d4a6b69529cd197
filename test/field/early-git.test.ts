/**
 * The launcher's early questions to git (engine/cli/early.ts) as a user's day meets them, from the
 * packed tarball with the tool only in node_modules/.bin: a commit through the installed pre-commit hook
 * (doctor on the index, then update --check), a push of another branch to a bare remote through the
 * pre-push hook (finish --check), the same from a linked worktree, and a CI job's `doctor` from a
 * subfolder. git's own trace (GIT_TRACE) names every git run: the gates' first questions — where the
 * repository is, the whole index, what `git add` could take of the layer — are each asked once per gate
 * (an answer asked early and asked again would count twice), and the verdicts are the hooks' usual ones.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldProject as Project } from '../helpers/field';
import { bareRemote, FIELD_TIMEOUT, FieldProject } from '../helpers/field';
import { countOf as count, gitTrace as tracing } from '../helpers/git-trace';

const DISCOVERY = 'rev-parse --show-toplevel --absolute-git-dir --git-common-dir --git-path hooks';
const STAGED = 'ls-files --stage -z -- .';
const UNTRACKED = "ls-files -z --others --exclude-standard -- ':(glob)*' .ai/";

function adopted(): Project {
  const project = new FieldProject();
  project.write('src/app.txt', 'app\n');
  expect(project.majordomus(['init']).code).toBe(0);
  const adopt = project.commitAll('adopt majordomus');
  expect(adopt.code, adopt.stderr).toBe(0);
  return project;
}

describe('the gates a hook runs ask git their first questions once', () => {
  it(
    'a commit through the pre-commit hook, and a push of another branch through the pre-push hook',
    () => {
      const project = adopted();
      bareRemote(project);
      project.git(['checkout', '-q', '-b', 'feature']);
      project.write('src/app.txt', 'app, changed\n');
      project.git(['add', '-A']);
      const commit = tracing();
      const committed = project.run('git', ['commit', '-q', '-m', 'change the app'], { env: commit.env });
      expect(committed.code, committed.stderr).toBe(0);
      // two gates in the hook, doctor on the index and update --check: each asks where it is and lists the index once
      expect(count(commit.gits(), DISCOVERY)).toBe(2);
      expect(count(commit.gits(), STAGED)).toBe(2);
      expect(count(commit.gits(), UNTRACKED)).toBe(1);
      const push = tracing();
      const pushed = project.run('git', ['push', '-q', 'origin', 'feature'], { env: push.env });
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(count(push.gits(), DISCOVERY)).toBe(1);
      expect(count(push.gits(), STAGED)).toBe(1);
    },
    FIELD_TIMEOUT,
  );

  it(
    'a commit through the hook in a linked worktree is judged there, and a spoiled policy staged there is refused',
    () => {
      const project = adopted();
      project.git(['worktree', 'add', '-q', '-b', 'side', '../side']);
      // a worktree has no node_modules of its own (it is ignored): its user links the project's
      project.run('ln', ['-s', join(project.dir, 'node_modules'), '../side/node_modules']);
      project.write('../side/src/app.txt', 'app, on the side\n');
      project.git(['add', '-A'], { cwd: '../side' });
      const good = tracing();
      const committed = project.run('git', ['commit', '-q', '-m', 'side change'], { cwd: '../side', env: good.env });
      expect(committed.code, committed.stderr).toBe(0);
      expect(count(good.gits(), DISCOVERY)).toBe(2);
      expect(count(good.gits(), STAGED)).toBe(2);
      const head = project.git(['rev-parse', 'HEAD'], { cwd: '../side' }).stdout;
      project.write('../side/.ai/repo/policy.yaml', 'not: [a policy\n');
      project.git(['add', '-A'], { cwd: '../side' });
      const refused = project.run('git', ['commit', '-q', '-m', 'spoil the policy'], { cwd: '../side' });
      expect(refused.code).not.toBe(0);
      expect(project.git(['rev-parse', 'HEAD'], { cwd: '../side' }).stdout).toBe(head);
    },
    FIELD_TIMEOUT,
  );

  it(
    "a CI job's doctor from a subfolder of a fresh clone: green, each question once",
    () => {
      const project = adopted();
      project.git(['clone', '-q', '.', '../ci']);
      project.run('cp', ['-R', 'node_modules', '../ci/node_modules']);
      const ci = tracing();
      const doctor = project.run(join(project.dir, '../ci/node_modules/.bin/majordomus'), ['doctor'], {
        cwd: '../ci/src',
        env: { ...ci.env, CI: 'true' },
      });
      expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
      expect(count(ci.gits(), DISCOVERY)).toBe(1);
      expect(count(ci.gits(), STAGED)).toBe(1);
      expect(count(ci.gits(), UNTRACKED)).toBe(1);
    },
    FIELD_TIMEOUT,
  );
});
