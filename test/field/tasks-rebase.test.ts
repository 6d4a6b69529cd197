/**
 * A task branch the way a team on `git pull --rebase` works it, from the packed tarball in a scratch
 * project, through the hooks `init` wrote and a bare remote a teammate pushes to: `pull --rebase`, a
 * rebase `--onto` the new base, an interactive rebase squashing the task's commits (GIT_SEQUENCE_EDITOR),
 * an amend and a forced push — the task judged by its own commits all along, an out-of-scope commit still
 * refused with the remote unmoved — then `finish`, and pushes after it go through.
 */
import { describe, expect, it } from 'vitest';
import { bareRemote, FieldProject } from '../helpers/field';

const NOTE = '# Objective\nchange a\n\n# Current State\ndone\n\n# Next Action\nnone\n';

/** An adopted project on `main`, pushed to a bare remote, with a teammate's clone beside it. */
function adopted(): { project: FieldProject; remoteHead: (ref: string) => string; teammate: (count: number, prefix: string) => void } {
  const project = new FieldProject();
  project.write('.gitignore', 'node_modules/\nnotes/\n');
  project.write('notes/done.md', NOTE);
  project.write('src/a/app.txt', 'a\n');
  project.write('src/b/lib.txt', 'b\n');
  expect(project.majordomus(['init']).code).toBe(0);
  const adopt = project.commitAll('adopt majordomus');
  expect(adopt.code, adopt.stderr).toBe(0);
  const remote = bareRemote(project);
  project.git(['push', '-q', 'origin', 'main']);
  project.git(['clone', '-q', remote, '../mate']);
  let made = 0;
  const teammate = (count: number, prefix: string) => {
    for (let n = 0; n < count; n++, made++) {
      project.write(`../mate/${prefix}/t${made}.txt`, `${made}\n`);
      project.git(['add', '-A'], { cwd: '../mate' });
      project.git(['commit', '-q', '-m', `teammate ${made}`], {
        cwd: '../mate',
        env: { GIT_AUTHOR_NAME: 'Mate', GIT_AUTHOR_EMAIL: 'mate@example.com' },
      });
    }
    project.git(['push', '-q', 'origin', 'main'], { cwd: '../mate' });
  };
  const remoteHead = (ref: string) => project.run('git', ['rev-parse', '--verify', '--quiet', `origin/${ref}`]).stdout.trim();
  return { project, remoteHead, teammate };
}

/** A workflow of a hundred git and hook runs: longer than one command's test, never waiting on anything but them. */
describe('a task branch on git pull --rebase, from the packed tarball', () => {
  it('pull --rebase, rebase --onto, a squash, an amend: only the task’s own commits are judged; finish; pushes after it go through', () => {
    const { project, teammate } = adopted();
    const pushed = () => project.git(['ls-remote', 'origin', 'refs/heads/feat']).stdout.split('\t')[0] ?? '';
    project.git(['switch', '-q', '-c', 'feat']);
    expect(project.majordomus(['start', 'change a', '--scope', 'src/a']).code).toBe(0);
    project.write('src/a/one.txt', 'one\n');
    expect(project.commitAll('own: one').code).toBe(0);

    // the base moves on by 30 commits of src/b; the task branch takes them with pull --rebase
    teammate(30, 'src/b');
    project.git(['pull', '-q', '--rebase', 'origin', 'main']);
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);
    const first = project.run('git', ['push', '-q', 'origin', 'feat']);
    expect(first.code, first.stdout + first.stderr).toBe(0);

    // two more own commits, the base moves on again, and the branch is replayed onto it with --onto
    project.write('src/a/two.txt', 'two\n');
    expect(project.commitAll('own: two').code).toBe(0);
    project.write('src/a/three.txt', 'three\n');
    expect(project.commitAll('own: three').code).toBe(0);
    const oldBase = project.git(['rev-parse', 'origin/main']).stdout.trim();
    teammate(25, 'src/b');
    project.git(['fetch', '-q', 'origin']);
    project.git(['rebase', '-q', '--onto', 'origin/main', oldBase, 'feat']);
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);

    // an interactive rebase squashing the task's three commits into one, then an amend adding to it
    project.git(['rebase', '-q', '-i', 'origin/main'], {
      env: { GIT_SEQUENCE_EDITOR: "sed -i -e '2,$s/^pick/squash/'", GIT_EDITOR: 'true' },
    });
    expect(project.git(['rev-list', '--count', 'origin/main..HEAD']).stdout.trim()).toBe('1');
    project.write('src/a/four.txt', 'four\n');
    project.git(['add', '-A']);
    expect(project.run('git', ['commit', '-q', '--amend', '--no-edit']).code).toBe(0);
    const check = project.majordomus(['check', '--json']);
    expect(check.code, check.stdout).toBe(0);
    const forced = project.run('git', ['push', '-q', '--force-with-lease', 'origin', 'feat']);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    expect(pushed()).toBe(project.git(['rev-parse', 'HEAD']).stdout.trim());

    // an out-of-scope commit is still refused, and the remote does not move
    const before = pushed();
    project.write('src/b/mine.txt', 'outside\n');
    project.git(['add', '-A']);
    project.git(['commit', '-q', '--no-verify', '-m', 'outside the claim']);
    const refused = project.run('git', ['push', '-q', 'origin', 'feat']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL scope +src\/b\/mine\.txt/);
    expect(pushed()).toBe(before);
    project.git(['revert', '--no-edit', 'HEAD']);
    expect(project.run('git', ['push', '-q', 'origin', 'feat']).code).toBe(0);

    // finish, then work outside the old claim: the finished task judges nothing after its finish
    const finish = project.majordomus([
      'finish',
      '--outcome',
      'completed',
      '--verify-command',
      'test -f src/a/four.txt',
      '--note',
      'notes/done.md',
    ]);
    expect(finish.code, finish.stdout + finish.stderr).toBe(0);
    project.write('src/b/later.txt', 'after the task\n');
    expect(project.commitAll('after the task').code).toBe(0);
    const later = project.run('git', ['push', '-q', 'origin', 'feat']);
    expect(later.code, later.stdout + later.stderr).toBe(0);
    expect(pushed()).toBe(project.git(['rev-parse', 'HEAD']).stdout.trim());
  }, 300_000);
});
