/**
 * Paths with a newline, from every git call that answers with a path: a checkout, a repository, a
 * hooks directory and file names whose text holds `\n`. Each answer is read NUL-separated (`-z`), or,
 * where git has no `-z` (`rev-parse`), asked so that a newline inside a path cannot split it. Beside
 * each checkout lies a decoy folder named by the part before the newline, holding an adopted
 * repository of its own: a path split at the newline would name it, so it must stay exactly as it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../engine/io/git';
import { Repository } from '../../engine/layer/repository';
import { changeSet } from '../../engine/state/tasks/changes';
import { activeTask } from '../../engine/state/tasks/current';
import { gitIdentity } from '../../engine/state/tasks/identity';
import { treeFingerprint } from '../../engine/state/tasks/verify';
import { gitWithHooks } from '../helpers/hostile';
import { adoptedTemplate, CLI, cleanEnv } from '../helpers/repo';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const env = cleanEnv();

function run(command: string, args: readonly string[], cwd: string, input?: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', input });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
const git = (cwd: string, ...args: string[]): string => {
  const result = run('git', args, cwd);
  if (result.code !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
};
const cli = (cwd: string, args: readonly string[], input?: string) => run(process.execPath, [CLI, ...args], cwd, input);

/** Every file under `dir` with its size and mtime: what a decoy must keep. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        out.push(`${relative(dir, path)} ${stat.size} ${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** A parent folder holding an adopted, committed repository `decoy` (the name before the newline). */
function parentWithDecoy(decoy: string): { parent: string; decoyDir: string; before: string[] } {
  const parent = mkdtempSync(join(tmpdir(), 'majordomus-newline-'));
  scratch.push(parent);
  const decoyDir = join(parent, decoy);
  run('cp', ['-a', adoptedTemplate(), decoyDir], parent);
  git(decoyDir, 'add', '-A');
  git(decoyDir, 'commit', '-q', '--no-verify', '-m', 'decoy');
  return { parent, decoyDir, before: snapshot(decoyDir) };
}

/** An adopted, committed repository at `<parent>/A\nB` beside a decoy `<parent>/A`. */
function newlineRepository(): { dir: string; decoyDir: string; before: string[] } {
  const { parent, decoyDir, before } = parentWithDecoy('A');
  const dir = join(parent, 'A\nB');
  run('cp', ['-a', adoptedTemplate(), dir], parent);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--no-verify', '-m', 'adopt');
  return { dir, decoyDir, before };
}

describe('rev-parse: the top level, the git directories and the hooks directory', () => {
  it('a linked worktree at "nlw-A\\nB": discovery names it exactly, and start writes its task there, not in the decoy nlw-A', () => {
    const { parent, decoyDir, before } = parentWithDecoy('nlw-A');
    const main = join(parent, 'main');
    run('cp', ['-a', adoptedTemplate(), main], parent);
    git(main, 'add', '-A');
    git(main, 'commit', '-q', '--no-verify', '-m', 'adopt');
    const worktree = join(parent, 'nlw-A\nB');
    git(main, 'worktree', 'add', '-q', '-b', 'w', worktree);

    const found = GitRepository.discover(worktree, { env });
    expect(found.root).toBe(worktree);
    expect(found.commonDir).toBe(join(main, '.git'));
    expect(found.gitDir.startsWith(join(main, '.git', 'worktrees'))).toBe(true);
    expect(found.hooksDir).toBe(join(main, '.git', 'hooks'));

    const start = cli(worktree, ['start', 'evil', '--scope', 'src']);
    expect(start.code, start.stderr).toBe(0);
    expect(existsSync(join(worktree, '.ai/local/state/current.yaml'))).toBe(true);
    expect(readFileSync(join(worktree, '.ai/local/state/ledger.jsonl'), 'utf8')).toContain('"task.started"');
    expect(snapshot(decoyDir)).toEqual(before);
  });

  it('init in a repository at "A\\nB" takes its lock and writes its layer there, never in the decoy A', () => {
    const { parent, decoyDir, before } = parentWithDecoy('A');
    const dir = join(parent, 'A\nB');
    mkdirSync(dir);
    git(dir, 'init', '-q', '-b', 'main', '.');
    const init = cli(dir, ['init']);
    expect(init.code, init.stderr).toBe(0);
    expect(existsSync(join(dir, '.ai/manifest.yaml'))).toBe(true);
    expect(existsSync(join(dir, '.git/hooks/pre-commit'))).toBe(true);
    expect(snapshot(decoyDir)).toEqual(before);
  });

  it('a core.hooksPath holding a newline is the hooks directory, whole; git config -z reads it whole', () => {
    const { dir } = newlineRepository();
    git(dir, 'config', 'core.hooksPath', 'hooks\nhere');
    const found = GitRepository.discover(dir, { env });
    expect(found.hooksDir).toBe(join(dir, 'hooks\nhere'));
    expect(found.config('core.hooksPath')).toBe('hooks\nhere');
  });

  it('brainstorm new in a repository at "A\\nB" writes under its own docs/research', () => {
    const { dir, decoyDir, before } = newlineRepository();
    const made = cli(dir, ['brainstorm', 'new', 'a-topic']);
    expect(made.code, made.stderr).toBe(0);
    expect(readdirSync(join(dir, 'docs/research')).length).toBe(1);
    expect(snapshot(decoyDir)).toEqual(before);
  });

  it('brainstorm check of a session in a repository at "A\\nB" judges it there (its top level read whole)', () => {
    const { dir } = newlineRepository();
    expect(cli(dir, ['brainstorm', 'new', 'a-topic']).code).toBe(0);
    const [session] = readdirSync(join(dir, 'docs/research'));
    const check = cli(dir, ['brainstorm', 'check', join(dir, 'docs/research', session!), '--json']);
    expect([0, 1], check.stderr).toContain(check.code);
    expect(check.stderr).not.toMatch(/not a git|internal error|cannot/);
  });
});

describe('-z: file names holding a newline', () => {
  it('the task change set (diff --name-only -z, ls-files -z) keeps "src/a\\nb.txt" whole, inside the scope', () => {
    const { dir } = newlineRepository();
    expect(cli(dir, ['start', 'work', '--scope', 'src']).code).toBe(0);
    const repository = Repository.open(dir, { env, tree: 'working' });
    const task = activeTask(repository, 'test');
    const query = { root: repository.root, gitDir: repository.git.gitDir, env, task, tree: 'working tree' as const };
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a\nb.txt'), 'x\n');
    writeFileSync(join(dir, 'other\nsrc'), 'x\n');
    expect(changeSet(query).files).toEqual(expect.arrayContaining(['src/a\nb.txt', 'other\nsrc']));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '--no-verify', '-m', 'named');
    expect(changeSet(query).files).toEqual(['other\nsrc', 'src/a\nb.txt']);
  });

  it('check under a task on src: "src/a\\nb.txt" is in scope (0); "other\\nsrc" is outside it (10)', () => {
    const { dir } = newlineRepository();
    expect(cli(dir, ['start', 'work', '--scope', 'src']).code).toBe(0);
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a\nb.txt'), 'x\n');
    const inside = cli(dir, ['check', '--json']);
    expect(inside.code, inside.stdout + inside.stderr).toBe(0);
    writeFileSync(join(dir, 'other\nsrc'), 'x\n');
    const outside = cli(dir, ['check', '--json']);
    expect(outside.code).toBe(10);
    expect(outside.stdout).toContain(JSON.stringify('other\nsrc'));
  });

  it('the index (ls-files -s -z) in a pre-commit hook: a staged "src/a\\nb.txt" is committed through the hook', () => {
    const { dir } = newlineRepository();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a\nb.txt'), 'x\n');
    git(dir, 'add', '-A');
    const commit = gitWithHooks(dir, ['commit', '-q', '-m', 'a name with a newline']);
    expect(commit.code, commit.stderr).toBe(0);
    expect(Repository.open(dir, { env, tree: 'index' }).git.tracked('src')).toEqual(['src/a\nb.txt']);
  });

  it('status -z: the identity and the verify fingerprint see an untracked "x\\ny" as a change', () => {
    const { dir } = newlineRepository();
    const before = treeFingerprint(dir, env);
    expect(gitIdentity(GitRepository.discover(dir, { env })).working_tree).toBe('clean');
    writeFileSync(join(dir, 'x\ny'), 'x\n');
    expect(gitIdentity(GitRepository.discover(dir, { env })).working_tree).toBe('dirty');
    expect(treeFingerprint(dir, env)).not.toBe(before);
  });

  it('session close: changed_files holds "src/a\\nb.txt" whole, and doctor accepts the record', () => {
    const { dir } = newlineRepository();
    expect(cli(dir, ['session', 'start']).code).toBe(0);
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a\nb.txt'), 'x\n');
    const close = cli(dir, ['session', 'close', '--json'], 'did it\n');
    expect(close.code, close.stderr).toBe(0);
    const [record] = readdirSync(join(dir, '.ai/repo/sessions')).filter((name) => name.endsWith('.md'));
    const text = readFileSync(join(dir, '.ai/repo/sessions', record!), 'utf8');
    expect(text).toContain(JSON.stringify('src/a\nb.txt'));
    const doctor = cli(dir, ['doctor', '--rule', 'majordomus.session-records', '--json']);
    expect(doctor.code, doctor.stdout).toBe(0);
  });

  it('ls-files -z: the tracked list holds "src/a\\nb.txt" whole', () => {
    const { dir } = newlineRepository();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a\nb.txt'), 'x\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '--no-verify', '-m', 'named');
    expect(GitRepository.discover(dir, { env }).tracked('.')).toContain('src/a\nb.txt');
  });

  it('status --porcelain -z: a checkpoint\'s changed_files holds "src/a\\nb.txt" whole, and doctor accepts it', () => {
    const { dir } = newlineRepository();
    expect(cli(dir, ['start', 'work', '--scope', 'src']).code).toBe(0);
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a\nb.txt'), 'x\n');
    expect(cli(dir, ['checkpoint'], '# Objective\nx\n').code).toBe(0);
    const [name] = readdirSync(join(dir, '.ai/local/state/checkpoints'));
    expect(readFileSync(join(dir, '.ai/local/state/checkpoints', name!), 'utf8')).toContain(JSON.stringify('src/a\nb.txt'));
    expect(cli(dir, ['doctor', '--rule', 'majordomus.handover-integrity']).code).toBe(0);
  });

  it('worktree list --porcelain -z: check --overlap names a worktree at "w\\nx" with its overlapping task', () => {
    const { parent } = parentWithDecoy('w');
    const main = join(parent, 'main');
    run('cp', ['-a', adoptedTemplate(), main], parent);
    git(main, 'add', '-A');
    git(main, 'commit', '-q', '--no-verify', '-m', 'adopt');
    const other = join(parent, 'w\nx');
    git(main, 'worktree', 'add', '-q', '-b', 'other', other);
    expect(cli(other, ['start', 'theirs', '--scope', 'src']).code).toBe(0);
    expect(cli(main, ['start', 'ours', '--scope', 'src/a']).code).toBe(0);
    const check = cli(main, ['check', '--overlap', '--json']);
    const subjects = check.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { subject: string; level: string });
    expect(subjects.some((f) => f.subject === other)).toBe(true);
  });
});
