/**
 * What made a gate linear in the number of rules, held to the answers it gave before, in process on a
 * real adopted repository: the filter that keeps rule test cases out of judgement (one lookup per
 * ancestor folder of a file, not one comparison per rule), the one list of judged files every rule's
 * context hands out (the pathspec index is built once per list), and the working tree a gate reads as
 * a snapshot (a file read once: its hash and its parse come from the same bytes), in a repository
 * validator's worker too.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectPaths } from '../../engine/api/toolkit/index';
import type { ValidatorContext } from '../../engine/api/validator';
import type { ContextCommon } from '../../engine/gate/context';
import { repositoryContext, repositoryReader } from '../../engine/gate/context';
import { workerContext } from '../../engine/gate/isolation/worker-context';
import { DocumentError } from '../../engine/io/document-error';
import { treeFor, WorkingTree } from '../../engine/io/tree';
import { Repository } from '../../engine/layer/repository';
import type { Rule, RuleSet } from '../../engine/layer/rule-types';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();

// the engine runs in this process: a GIT_DIR exported by an outer hook must not reach its git calls
const savedGitEnv: Record<string, string> = {};
beforeAll(() => {
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GIT_') || value === undefined) continue;
    savedGitEnv[key] = value;
    delete process.env[key];
  }
});
afterAll(() => {
  Object.assign(process.env, savedGitEnv);
  repos.disposeAll();
});

/** A rule set whose only content that matters here is each rule's test folders. */
function ruleSetWithTests(tests: readonly (readonly string[])[]): RuleSet {
  const rules = tests.map((folders, i) => ({ identity: `project.r${i}@1`, enforcement: { tests: folders } }) as unknown as Rule);
  return { rules, refused: false, problems: [], packages: [], files: [] };
}

/** The filter as it was: every tracked file against every case folder of every rule. */
function reference(repo: Repository, ruleSet: RuleSet): string[] {
  const fixtures = ruleSet.rules
    .flatMap((rule) => rule.enforcement?.tests ?? [])
    .filter((test) => repo.tree.exists(`${test}/valid`) || repo.tree.exists(`${test}/invalid`))
    .flatMap((test) => [`${test}/valid/`, `${test}/invalid/`]);
  return repo.git.tracked().filter((file) => !fixtures.some((prefix) => file.startsWith(prefix)));
}

describe('judgedFiles: rule test cases are left out, and only they', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = repos.create().init();
    for (const file of [
      't/a/valid/case/README.md',
      't/a/invalid/case/x.txt',
      't/a/notes.md',
      't/ab/valid/case/README.md',
      't/b/valid',
      't/b/invalid/deep/er/x.md',
      't/c/valid/x.md',
      't/nested/valid/inner/valid/x.md',
      'src/valid/x.ts',
      'valid/x.md',
      'README.md',
    ]) {
      repo.write(file, 'x\n');
    }
    repo.git(['add', '-A']);
  });

  const cases: readonly (readonly [name: string, tests: readonly (readonly string[])[]])[] = [
    ['no rule names a test folder', []],
    ['one folder with both kinds of case', [['t/a']]],
    ['a folder whose name another extends (t/a beside t/ab)', [['t/ab']]],
    ['a file named valid is not a folder of cases', [['t/b']]],
    ['cases at depth', [['t/b'], ['t/a']]],
    ["a test folder inside another rule's case", [['t/nested'], ['t/nested/valid/inner']]],
    ['a test folder that does not exist', [['t/none']]],
    ['a test folder written with a trailing slash', [['t/a/']]],
    ['the repository root as a test folder', [['.']]],
    ['many rules naming the same folder', [['t/c'], ['t/c'], ['t/c']]],
  ];

  it.each(cases)('%s', (_name, tests) => {
    const repository = Repository.open(repo.dir, { env: process.env });
    const ruleSet = ruleSetWithTests(tests);
    const judged = repository.judgedFiles(ruleSet);
    expect(judged).toStrictEqual(reference(repository, ruleSet));
    expect(Object.isFrozen(judged)).toBe(true);
  });

  it('the case trees of a rule are gone, its other files stay', () => {
    const judged = Repository.open(repo.dir, { env: process.env }).judgedFiles(ruleSetWithTests([['t/a']]));
    expect(judged).not.toContain('t/a/valid/case/README.md');
    expect(judged).not.toContain('t/a/invalid/case/x.txt');
    expect(judged).toContain('t/a/notes.md');
    expect(judged).toContain('t/ab/valid/case/README.md');
    expect(judged).toContain('src/valid/x.ts');
  });
});

describe('every rule of a run is handed one list of judged files', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = repos.create().init();
    repo.write('docs/a.md', 'a\n');
    repo.write('t/a/valid/case/README.md', 'x\n');
    repo.git(['add', '-A']);
  });

  /** The context of one rule of a run whose readers are `reader`, as the runner builds it. */
  const contextOf = (reader: ReturnType<typeof repositoryReader>, identity: string): ValidatorContext =>
    repositoryContext({ rule: { identity } } as unknown as ContextCommon, reader, () => {
      throw new Error('no model here');
    });

  it('the same frozen list, so the pathspec index keyed by it is built once for the run', async () => {
    const ruleSet = ruleSetWithTests([['t/a']]);
    const reader = repositoryReader(Repository.open(repo.dir, { env: process.env }), ruleSet);
    const first = contextOf(reader, 'project.one@1').files();
    const second = contextOf(reader, 'project.two@1').files();
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).not.toContain('t/a/valid/case/README.md');
    expect(await selectPaths(second, ['docs/a.md', 'docs/*.md', 't/'])).toStrictEqual(['docs/a.md']);
  });

  it("a repository validator's worker reads the working tree as a snapshot, as its gate does", () => {
    repo.write('notes/w.md', 'first\n');
    const ruleSet = ruleSetWithTests([]);
    const rule = { identity: 'project.own@1' } as unknown as Rule;
    const context = workerContext(
      {
        type: 'run',
        gate: 'doctor',
        target: repo.dir,
        ruleSet,
        rule,
        selected: [rule],
        options: undefined,
        repository: { root: repo.dir, tree: 'working tree' },
        registry: { builtins: [], projectFiles: [] },
      },
      () => {},
      process.env,
    ) as ValidatorContext;
    expect(context.read('notes/w.md')).toBe('first\n');
    writeFileSync(join(repo.dir, 'notes/w.md'), 'second\n');
    expect(context.read('notes/w.md')).toBe('first\n');
    expect(context.sha256('notes/w.md')).toBe(createHash('sha256').update('first\n').digest('hex'));
  });
});

describe('a gate reads the working tree as a snapshot', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = repos.create().init();
    repo.write('notes/a.md', 'first\n');
  });

  it('a file read once is hashed from the bytes read, even when the disk changed since', () => {
    const snapshot = treeFor(repo.dir, {});
    const plain = new WorkingTree(repo.dir);
    repo.write('notes/a.md', 'first\n');
    expect(snapshot.readText('notes/a.md')).toBe('first\n');
    expect(plain.readText('notes/a.md')).toBe('first\n');
    const firstHash = plain.sha256('notes/a.md');
    writeFileSync(join(repo.dir, 'notes/a.md'), 'second\n');
    expect(snapshot.sha256('notes/a.md')).toBe(firstHash);
    expect(snapshot.readText('notes/a.md')).toBe('first\n');
    // a tree that is not a snapshot reads the disk every time, as a command that writes needs
    expect(plain.sha256('notes/a.md')).not.toBe(firstHash);
    expect(plain.readText('notes/a.md')).toBe('second\n');
  });

  it('a kept file read under a smaller cap is refused as the reader refuses it', () => {
    repo.write('notes/big.md', 'x'.repeat(100));
    const snapshot = treeFor(repo.dir, {});
    expect(snapshot.readText('notes/big.md')).toHaveLength(100);
    expect(() => snapshot.readText('notes/big.md', 10)).toThrow(DocumentError);
  });

  it('a file never read is hashed from the disk', () => {
    repo.write('notes/c.md', 'c\n');
    expect(treeFor(repo.dir, {}).sha256('notes/c.md')).toBe(new WorkingTree(repo.dir).sha256('notes/c.md'));
  });

  it('a repository is opened on a snapshot', () => {
    writeFileSync(join(repo.dir, 'notes/a.md'), 'first\n');
    const repository = Repository.open(repo.dir, { env: process.env });
    expect(repository.tree.readText('notes/a.md')).toBe('first\n');
    writeFileSync(join(repo.dir, 'notes/a.md'), 'third\n');
    expect(repository.tree.readText('notes/a.md')).not.toBe('third\n');
  });
});
