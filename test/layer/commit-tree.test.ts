/**
 * CommitTree: a commit's files read from git's objects, not the working tree or the index — what the
 * guard reads its switches from, so an uncommitted or staged edit does not count.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CommitTree } from '../../engine/io/commit-tree';
import { DocumentError } from '../../engine/io/document-error';
import { Repository } from '../../engine/layer/repository';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

describe('CommitTree', () => {
  it("reads HEAD's files, not an edit staged or in the working tree; lists folders; a missing file is absent", () => {
    const repo = repos.create();
    repo.write('a/b.txt', 'committed\n');
    repo.write('c.txt', 'c\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '-m', 'one']);
    repo.write('a/b.txt', 'staged\n');
    repo.git(['add', '-A']);
    repo.write('a/b.txt', 'working\n');
    const tree = new CommitTree(repo.dir, cleanEnv());
    tree.prefetch(['a/b.txt', 'nope.txt', 'a']);
    expect(tree.readText('a/b.txt')).toBe('committed\n');
    expect(tree.exists('a/b.txt')).toBe(true);
    expect(tree.exists('a')).toBe(true);
    expect(tree.exists('nope.txt')).toBe(false);
    expect(tree.list('')).toEqual([
      { name: 'a', directory: true },
      { name: 'c.txt', directory: false },
    ]);
    expect(() => tree.readText('nope.txt')).toThrow(DocumentError);
  });

  it('in a repository without a commit, nothing exists', () => {
    const repo = repos.create();
    repo.write('x.txt', 'x\n');
    const tree = new CommitTree(repo.dir, cleanEnv());
    expect(tree.exists('x.txt')).toBe(false);
    expect(tree.list('')).toEqual([]);
  });

  it("Repository.open with tree 'head' reads the committed layer", () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    repo.write('.ai/repo/policy.yaml', `${repo.read('.ai/repo/policy.yaml')}\n# an uncommitted line\n`);
    const repository = Repository.open(repo.dir, { env: cleanEnv(), tree: 'head' });
    expect(repository.tree.readText(repository.layout.policyFile)).not.toContain('an uncommitted line');
  });
});
