/**
 * A task branch that merges its base branch, from the packed tarball in a scratch project, through the
 * hooks `init` wrote and a bare remote: a fast-forward, a true merge, a merge with a conflict resolved by
 * hand, a cherry-pick — none of what they bring is the task's, and an out-of-scope commit after them is
 * still refused; another branch pushed from a worktree while the task's checkout holds an uncommitted
 * out-of-scope edit, a tag, a deletion go through; the session record `session close` writes is the
 * tool's, and so is pushed after `finish`.
 */
import { describe, expect, it } from 'vitest';
import { bareRemote, FieldProject } from '../helpers/field';

const NOTE = '# Objective\nchange a\n\n# Current State\ndone\n\n# Next Action\nnone\n';

function adopted(): FieldProject {
  const project = new FieldProject();
  project.write('.gitignore', 'node_modules/\nnotes/\n');
  project.write('notes/done.md', NOTE);
  project.write('src/a/app.txt', 'one\ntwo\nthree\n');
  project.write('src/b/lib.txt', 'b\n');
  expect(project.majordomus(['init']).code).toBe(0);
  const adopt = project.commitAll('adopt majordomus');
  expect(adopt.code, adopt.stderr).toBe(0);
  bareRemote(project);
  project.git(['push', '-q', 'origin', 'main']);
  return project;
}

/** `main` moves on: a teammate's clone commits and pushes; this checkout fetches it. */
function onMain(project: FieldProject, files: Record<string, string>, message: string): void {
  if (!project.exists('../mate')) project.git(['clone', '-q', project.git(['remote', 'get-url', 'origin']).stdout.trim(), '../mate']);
  for (const [path, text] of Object.entries(files)) project.write(`../mate/${path}`, text);
  project.git(['add', '-A'], { cwd: '../mate' });
  project.git(['commit', '-q', '-m', message], { cwd: '../mate', env: { GIT_AUTHOR_NAME: 'Mate', GIT_AUTHOR_EMAIL: 'mate@example.com' } });
  project.git(['push', '-q', 'origin', 'main'], { cwd: '../mate' });
  project.git(['fetch', '-q', 'origin']);
}

const remoteRef = (project: FieldProject, ref: string) => project.git(['ls-remote', 'origin', ref]).stdout.split('\t')[0] ?? '';

describe('a task branch merging its base branch, from the packed tarball', () => {
  it('a fast-forward, a true merge, a conflict resolved by hand, a cherry-pick: none of it is the task’s; an out-of-scope commit after them is refused', () => {
    const project = adopted();
    project.git(['switch', '-q', '-c', 'feat']);
    expect(project.majordomus(['start', 'change a', '--scope', 'src/a']).code).toBe(0);

    // the base moves on before the task made a commit: feat catches up by a fast-forward
    for (let n = 0; n < 20; n++) onMain(project, { [`src/b/m${n}.txt`]: `${n}\n` }, `main ${n}`);
    project.git(['merge', '-q', '--ff-only', 'origin/main']);
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);

    // own work, the base moves on, a true merge
    project.write('src/a/app.txt', 'one\ntwo (feat)\nthree\n');
    expect(project.commitAll('own: line two').code).toBe(0);
    for (let n = 20; n < 40; n++) onMain(project, { [`src/b/m${n}.txt`]: `${n}\n` }, `main ${n}`);
    project.git(['merge', '-q', '--no-edit', 'origin/main']);
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);
    expect(project.run('git', ['push', '-q', 'origin', 'feat']).code).toBe(0);

    // the base changes the same line: the merge stops, the conflict is resolved by hand, in the scope
    onMain(project, { 'src/a/app.txt': 'one\ntwo (main)\nthree\n', 'src/b/more.txt': 'more\n' }, 'main: line two');
    expect(project.run('git', ['merge', '-q', '--no-edit', 'origin/main']).code).not.toBe(0);
    // stopped on the conflict, what the merge stages from main is not the task's: only what differs from both sides
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);
    project.write('src/a/app.txt', 'one\ntwo (feat and main)\nthree\n');
    project.git(['add', 'src/a/app.txt']);
    const concluded = project.run('git', ['commit', '-q', '--no-edit']);
    expect(concluded.code, concluded.stdout + concluded.stderr).toBe(0);
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);

    // a commit of the base branch cherry-picked is not the task's either
    onMain(project, { 'src/b/picked.txt': 'picked\n' }, 'main: to pick');
    project.git(['cherry-pick', 'origin/main']);
    expect(project.majordomus(['check', '--quiet']).code).toBe(0);
    const pushed = project.run('git', ['push', '-q', 'origin', 'feat']);
    expect(pushed.code, pushed.stdout + pushed.stderr).toBe(0);

    // an out-of-scope commit made after all that is the task's, and refused
    const before = remoteRef(project, 'refs/heads/feat');
    project.write('src/b/mine.txt', 'outside\n');
    project.git(['add', '-A']);
    project.git(['commit', '-q', '--no-verify', '-m', 'outside the claim']);
    const refused = project.run('git', ['push', '-q', 'origin', 'feat']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL scope +src\/b\/mine\.txt/);
    expect(remoteRef(project, 'refs/heads/feat')).toBe(before);
  }, 300_000);

  it('another branch pushed from a worktree past an uncommitted out-of-scope edit, a tag, a deletion; the session record after finish', () => {
    const project = adopted();
    project.git(['switch', '-q', '-c', 'feat']);
    expect(project.majordomus(['start', 'change a', '--scope', 'src/a']).code).toBe(0);
    project.write('src/b/lib.txt', 'an edit outside the claim, not committed\n');

    project.git(['worktree', 'add', '-q', '-b', 'hotfix', '../hotfix', 'main']);
    // a new worktree has no node_modules of its own; the project's, linked, is where its hooks find the tool
    expect(project.sh('ln -s "$PWD/node_modules" ../hotfix/node_modules').code).toBe(0);
    project.write('../hotfix/src/b/fix.txt', 'fix\n');
    project.git(['add', 'src/b/fix.txt'], { cwd: '../hotfix' });
    const fix = project.run('git', ['commit', '-q', '-m', 'hotfix'], { cwd: '../hotfix' });
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    const fromWorktree = project.run('git', ['push', '-q', 'origin', 'hotfix'], { cwd: '../hotfix' });
    expect(fromWorktree.code, fromWorktree.stdout + fromWorktree.stderr).toBe(0);
    expect(remoteRef(project, 'refs/heads/hotfix')).toBe(project.git(['rev-parse', 'hotfix']).stdout.trim());
    expect(project.run('git', ['push', '-q', 'origin', 'hotfix:refs/heads/hotfix-copy']).code).toBe(0);
    project.git(['tag', 'v1.0.1', 'hotfix']);
    expect(project.run('git', ['push', '-q', 'origin', 'v1.0.1']).code).toBe(0);
    expect(project.run('git', ['push', '-q', 'origin', ':hotfix-copy']).code).toBe(0);
    expect(remoteRef(project, 'refs/heads/hotfix-copy')).toBe('');

    // the task's own work goes out with the edit still lying there; then finish and share the session record
    project.git(['checkout', '-q', '--', 'src/b/lib.txt']);
    expect(project.majordomus(['session', 'start']).code).toBe(0);
    project.write('src/a/work.txt', 'done\n');
    expect(project.commitAll('own work').code).toBe(0);
    project.write('src/b/lib.txt', 'the edit again, uncommitted\n');
    expect(project.run('git', ['push', '-q', 'origin', 'feat']).code).toBe(0);
    project.git(['checkout', '-q', '--', 'src/b/lib.txt']);
    const finish = project.majordomus([
      'finish',
      '--outcome',
      'completed',
      '--verify-command',
      'test -f src/a/work.txt',
      '--note',
      'notes/done.md',
    ]);
    expect(finish.code, finish.stdout + finish.stderr).toBe(0);
    expect(project.majordomus(['session', 'close'], { input: 'changed a\n' }).code).toBe(0);
    expect(project.majordomus(['watch']).code).toBe(0);
    expect(project.commitAll('the session record').code).toBe(0);
    const shared = project.run('git', ['push', '-q', 'origin', 'feat']);
    expect(shared.code, shared.stdout + shared.stderr).toBe(0);
    expect(project.git(['ls-tree', '-r', '--name-only', 'origin/feat', '.ai/repo/sessions']).stdout).toMatch(/\.md$/m);
  }, 300_000);
});
