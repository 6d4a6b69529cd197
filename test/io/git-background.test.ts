/**
 * Questions asked of git in the background (engine/io/write/background.ts): input and output are
 * scratch files, so a git reading or writing more than a pipe holds finishes while this process is busy.
 * What matters is that the answers are git's own, that nothing is left in the temporary folder, that
 * a temporary folder that cannot be written falls back to pipes, and that a gate's prefetched answers
 * are the ones a question asked directly gets.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../engine/io/git';
import { runAllInBackground, runInBackground } from '../../engine/io/write/background';
import { STRAY_PATHSPECS } from '../../engine/io/write/leftover';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** A repository with `count` committed files in one folder (paths long enough that the listing passes 64 KiB). */
function repositoryWith(count: number): { dir: string; env: NodeJS.ProcessEnv; paths: string[] } {
  const repo = repos.create();
  const env = cleanEnv();
  const folder = join(repo.dir, '.ai/repo/sessions');
  mkdirSync(folder, { recursive: true });
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `20261101T000000Z--s-${String(i).padStart(6, '0')}--main--record-of-a-long-lived-repository.md`;
    writeFileSync(join(folder, name), `record ${i}\n`);
    paths.push(`.ai/repo/sessions/${name}`);
  }
  writeFileSync(join(repo.dir, 'top.txt'), 'top\n');
  spawnSync('git', ['add', '-A'], { cwd: repo.dir, env });
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'records'], { cwd: repo.dir, env });
  return { dir: repo.dir, env, paths };
}

const scratchFolders = (tmp: string): string[] => readdirSync(tmp).filter((name) => name.startsWith('majordomus-git-'));

/** Run `body` with this process's temporary folder at `tmp` (where scratch files are made). */
async function withTmpdir<T>(tmp: string, body: () => Promise<T>): Promise<T> {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

describe('git in the background', () => {
  it('hands git an input and reads an output larger than a pipe holds, as a direct run gives them, and leaves no scratch folder', async () => {
    const { dir, env, paths } = repositoryWith(1500);
    const tmp = repos.create({ git: false }).dir;
    const input = paths.join('\n');
    expect(input.length).toBeGreaterThan(128 * 1024);
    const [hashed, listed] = await withTmpdir(tmp, () => {
      const started = runInBackground('git', ['hash-object', '--stdin-paths'], { cwd: dir, env, input });
      const listing = runInBackground('git', ['ls-files', '--stage', '-z'], { cwd: dir, env });
      expect(started).toBeDefined();
      expect(listing).toBeDefined();
      expect(scratchFolders(tmp)).toHaveLength(2);
      return Promise.all([started!, listing!]);
    });
    const direct = spawnSync('git', ['hash-object', '--stdin-paths'], { cwd: dir, env, input, encoding: 'utf8' });
    expect(hashed.status).toBe(0);
    expect(hashed.stdout).toBe(direct.stdout);
    expect(hashed.stdout.split('\n').filter(Boolean)).toHaveLength(1500);
    const directListing = spawnSync('git', ['ls-files', '--stage', '-z'], { cwd: dir, env, encoding: 'utf8' });
    expect(listed.stdout.length).toBeGreaterThan(128 * 1024);
    expect(listed.stdout).toBe(directListing.stdout);
    expect(scratchFolders(tmp)).toEqual([]);
  });

  it('reports a git that fails with its status and what it said', async () => {
    const { dir, env } = repositoryWith(1);
    const result = await runInBackground('git', ['cat-file', '-t', 'no-such-object'], { cwd: dir, env })!;
    expect(result.status).not.toBe(0);
    expect(result.stderr).not.toBe('');
  });

  it('declines (undefined) when its files cannot be made, and GitRepository.gitAsync then asks through pipes', async () => {
    const { dir, env } = repositoryWith(3);
    const answer = await withTmpdir(join(dir, 'no-such-folder'), async () => {
      expect(runInBackground('git', ['ls-files', '-z'], { cwd: dir, env })).toBeUndefined();
      const git = GitRepository.discover(dir, { env });
      git.useBackground(runAllInBackground);
      return git.gitAsync(['ls-files', '-z']);
    });
    expect(answer.status).toBe(0);
    expect(answer.stdout.split('\0').filter(Boolean)).toHaveLength(4);
  });
});

describe('several questions at once (runAllInBackground)', () => {
  it.each([
    ['one after another', false],
    ['all at once', true],
  ])(
    "gives each run git's own answer, input and output larger than a pipe holds included, and leaves no scratch folder (%s)",
    async (_how, together) => {
      const { dir, env, paths } = repositoryWith(1500);
      const tmp = repos.create({ git: false }).dir;
      const input = paths.map((path) => `${path}\0`);
      const runs = [
        { args: ['ls-files', '--stage', '-z'] },
        { args: ['check-attr', '-z', '--stdin', 'text'], input },
        { args: ['rev-parse', '--verify', '--quiet', 'no-such-ref'] },
      ];
      const answers = await withTmpdir(tmp, () => Promise.all(runAllInBackground('git', runs, { cwd: dir, env, together })!));
      runs.forEach((run, index) => {
        const direct = spawnSync('git', run.args, { cwd: dir, env, input: run.input?.join(''), encoding: 'utf8' });
        expect(answers[index]).toEqual({ status: direct.status, stdout: direct.stdout, stderr: direct.stderr });
      });
      expect(answers[0]!.stdout.length).toBeGreaterThan(128 * 1024);
      expect(answers[1]!.stdout.split('\0').filter(Boolean)).toHaveLength(1500 * 3);
      expect(answers[2]!.status).toBe(1);
      expect(scratchFolders(tmp)).toEqual([]);
    },
  );

  it('hands every word to the command exactly as given: quotes, spaces, dollars, backslashes and new lines', async () => {
    const words = ["it's", 'two words', '$HOME', '`true`', '$(exit 3)', 'back\\slash', 'new\nline', '"', "'", '*', '-'];
    const echo = 'process.stdout.write(JSON.stringify(process.argv.slice(1)))';
    const [first, second] = await Promise.all(
      runAllInBackground(process.execPath, [{ args: ['-e', echo, ...words] }, { args: ['-e', echo, ...words.reverse()] }], {
        cwd: repos.create({ git: false }).dir,
        env: cleanEnv(),
      })!,
    );
    expect(first!.status).toBe(0);
    expect(JSON.parse(first!.stdout)).toEqual([...words].reverse());
    expect(JSON.parse(second!.stdout)).toEqual(words);
  });

  it('answers nothing (undefined) for a run whose command cannot be run, and GitRepository.gitAllAsync then asks through pipes', async () => {
    const { dir, env } = repositoryWith(3);
    const [missing] = await Promise.all(
      runAllInBackground('majordomus-no-such-command', [{ args: ['x'] }, { args: ['y'] }], { cwd: dir, env })!,
    );
    expect(missing).toBeUndefined();
    const git = GitRepository.discover(dir, { env });
    git.useBackground((_command, runs) => runs.map(() => Promise.resolve(undefined)));
    const [listed, failed] = await Promise.all(
      git.gitAllAsync([{ args: ['ls-files', '-z'] }, { args: ['cat-file', '-t', 'no-such-object'] }]),
    );
    expect(listed!.status).toBe(0);
    expect(listed!.stdout.split('\0').filter(Boolean)).toHaveLength(4);
    expect(failed!.status).not.toBe(0);
  });
});

describe("a question whose input is another question's output (outputOf)", () => {
  const attributes = { args: ['check-attr', '-z', '--stdin', 'text'], input: { outputOf: ['ls-files', '-z', '--', ':(literal).ai'] } };
  const failing = {
    args: ['check-attr', '-z', '--stdin', 'text'],
    input: { outputOf: ['ls-files', '-z', '--error-unmatch', '--', 'no-such-file'] },
  };

  it.each([
    ['one after another', false],
    ['all at once', true],
  ])('the shell answers it as git piped by hand does, and leaves no scratch folder (%s)', async (_how, together) => {
    const { dir, env, paths } = repositoryWith(1500);
    writeFileSync(join(dir, '.gitattributes'), '*.md -text\n');
    const tmp = repos.create({ git: false }).dir;
    const [answer, failed] = await withTmpdir(tmp, () =>
      Promise.all(runAllInBackground('git', [attributes, failing, { args: ['rev-parse', '--git-dir'] }], { cwd: dir, env, together })!),
    );
    const direct = spawnSync('git', attributes.args, { cwd: dir, env, input: paths.map((path) => `${path}\0`).join(''), encoding: 'utf8' });
    expect(answer).toEqual({ status: 0, stdout: direct.stdout, stderr: '' });
    // every path, each with its attribute unset
    expect(answer!.stdout.split('\0').filter((field) => field === 'unset')).toHaveLength(1500);
    // the first question failed: nothing to answer from the shell, and the caller asks through pipes
    expect(failed).toBeUndefined();
    expect(scratchFolders(tmp)).toEqual([]);
  });

  it("through pipes (GitRepository.gitAllAsync without a runner) the same answer, and the first question's failure as the answer", async () => {
    const { dir, env, paths } = repositoryWith(20);
    const git = GitRepository.discover(dir, { env });
    git.useBackground(() => undefined);
    const [answer, failed] = await Promise.all(git.gitAllAsync([attributes, failing]));
    const direct = spawnSync('git', attributes.args, { cwd: dir, env, input: paths.map((path) => `${path}\0`).join(''), encoding: 'utf8' });
    expect(answer!.status).toBe(0);
    expect(answer!.stdout).toBe(direct.stdout);
    expect(answer!.stdout.split('\0').filter(Boolean)).toHaveLength(20 * 3);
    expect(failed!.status).toBe(1);
  });
});

describe("a gate's questions asked ahead (GitRepository.prefetch)", () => {
  it('settles into the answers a direct question gets: the whole index, its blobs, and what git add would take', async () => {
    const { dir, env } = repositoryWith(40);
    writeFileSync(join(dir, '.ai/.x.md.majordomus-999999-0123abcd.tmp'), 'left over\n');
    writeFileSync(join(dir, 'untracked.txt'), 'new\n');
    const ahead = GitRepository.discover(dir, { env });
    ahead.useBackground(runAllInBackground);
    ahead.prefetch([STRAY_PATHSPECS]);
    await ahead.settle();
    const direct = GitRepository.discover(dir, { env });
    expect(ahead.tracked()).toEqual(direct.tracked());
    expect(ahead.tracked()).toHaveLength(41);
    expect(ahead.indexBlob('top.txt')).toBe(direct.indexBlob('top.txt'));
    expect(ahead.indexBlob('top.txt')).toMatch(/^[0-9a-f]{40,64}$/);
    expect([...ahead.untracked(STRAY_PATHSPECS)].sort()).toEqual([...direct.untracked(STRAY_PATHSPECS)].sort());
    expect([...ahead.untracked(STRAY_PATHSPECS)].sort()).toEqual(['.ai/.x.md.majordomus-999999-0123abcd.tmp', 'untracked.txt']);
  });

  it('keeps the answer of a question asked before it settled: the later answer does not replace it', async () => {
    const { dir, env } = repositoryWith(5);
    const git = GitRepository.discover(dir, { env });
    git.useBackground(runAllInBackground);
    git.prefetch([STRAY_PATHSPECS]);
    const first = git.tracked();
    const strays = git.untracked(STRAY_PATHSPECS);
    await git.settle();
    expect(git.tracked()).toBe(first);
    expect(git.untracked(STRAY_PATHSPECS)).toBe(strays);
  });

  it('a question that fails ahead is asked again, directly, when it is needed', async () => {
    const { dir, env } = repositoryWith(2);
    const git = GitRepository.discover(dir, { env });
    git.useBackground((_command, runs) =>
      runs.map(() => Promise.resolve({ error: new Error('spawn git ENOENT'), status: null, stdout: '', stderr: '' })),
    );
    git.prefetch([STRAY_PATHSPECS]);
    await expect(git.settle()).resolves.toBeUndefined();
    expect(git.tracked()).toEqual(GitRepository.discover(dir, { env }).tracked());
    expect(git.tracked()).toHaveLength(3);
  });
});
