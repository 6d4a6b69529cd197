/**
 * What git vouches for in the working tree (engine/io/content-id.ts): a tracked file whose bytes on disk
 * are exactly its staged blob. A changed, untracked or converted file (an attribute or core.autocrlf
 * that makes the disk's bytes differ from the blob's) is never vouched for. Real git, in process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchFolder, vouchTree } from '../../engine/io/content-id';
import { GitRepository } from '../../engine/io/git';
import { cleanEnv } from '../helpers/repo';

const env = cleanEnv();
let dir: string;
const git = (args: string[]): string => {
  const result = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
};
const blobOf = (path: string): string => git(['rev-parse', `:${path}`]).trim();

const NAMES = ['clean.md', 'changed.md', 'ident.md', 'text.md', 'binary.md', 'sub/deep.md'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'majordomus-content-id-'));
  git(['init', '-q', '.']);
  // the same files at the top level and in a layer's folder (`.ai`), asked about together there
  for (const folder of ['', '.ai/repo/']) {
    spawnSync('mkdir', ['-p', join(dir, folder, 'sub')]);
    for (const name of NAMES) writeFileSync(join(dir, folder, name), `# ${name}\n`);
  }
  writeFileSync(join(dir, '.gitattributes'), 'ident.md ident\ntext.md text\nbinary.md binary\n');
  git(['add', '-A']);
  for (const folder of ['', '.ai/repo/']) {
    writeFileSync(join(dir, folder, 'changed.md'), '# changed on disk\n');
    writeFileSync(join(dir, folder, 'untracked.md'), '# untracked\n');
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The blob git vouches for of each of `paths`, each folder asked about once (as the content cache asks). */
async function vouchedBlobs(git: GitRepository, paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of paths) {
    const slash = path.lastIndexOf('/');
    const blob = (await vouchFolder(git, slash === -1 ? '' : path.slice(0, slash))).get(path);
    if (blob !== undefined) out.set(path, blob);
  }
  return out;
}

describe('vouchedBlobs', () => {
  it('vouches for a clean file (its staged blob) and for a binary one, never for a changed, untracked or converted one', async () => {
    const repository = GitRepository.discover(dir, { env });
    const paths = ['clean.md', 'changed.md', 'ident.md', 'text.md', 'binary.md', 'sub/deep.md', 'untracked.md', 'missing.md'];
    const vouched = await vouchedBlobs(repository, paths);
    expect(Object.fromEntries(vouched)).toEqual({
      'clean.md': blobOf('clean.md'),
      'binary.md': blobOf('binary.md'),
      'sub/deep.md': blobOf('sub/deep.md'),
    });
  });

  it('asked about a whole top folder (vouchTree), the same answers for every file below it, and none for a file outside it', async () => {
    const repository = GitRepository.discover(dir, { env });
    const tree = await vouchTree(repository, '.ai');
    const paths = [...NAMES, 'untracked.md', 'missing.md'].map((name) => `.ai/repo/${name}`);
    const vouched = Object.fromEntries(paths.flatMap((path) => (tree.get(path) === undefined ? [] : [[path, tree.get(path)]])));
    expect(vouched).toEqual({
      '.ai/repo/clean.md': blobOf('.ai/repo/clean.md'),
      '.ai/repo/binary.md': blobOf('.ai/repo/binary.md'),
      '.ai/repo/sub/deep.md': blobOf('.ai/repo/sub/deep.md'),
    });
    expect(tree.get('clean.md')).toBeUndefined();
    expect(tree.vouchesAll(['.ai/repo/clean.md', '.ai/repo/binary.md'])).toBe(true);
    expect(tree.vouchesAll(['.ai/repo/clean.md', '.ai/repo/changed.md'])).toBe(false);
    git(['config', 'core.autocrlf', 'true']);
    try {
      expect((await vouchTree(GitRepository.discover(dir, { env }), '.ai')).get('.ai/repo/clean.md')).toBeUndefined();
    } finally {
      git(['config', '--unset', 'core.autocrlf']);
    }
  });

  it('vouches for nothing while core.autocrlf converts line endings', async () => {
    git(['config', 'core.autocrlf', 'input']);
    try {
      expect((await vouchedBlobs(GitRepository.discover(dir, { env }), ['clean.md', 'sub/deep.md'])).size).toBe(0);
    } finally {
      git(['config', '--unset', 'core.autocrlf']);
    }
    expect((await vouchedBlobs(GitRepository.discover(dir, { env }), ['clean.md'])).size).toBe(1);
  });
});
