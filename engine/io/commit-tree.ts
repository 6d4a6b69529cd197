/**
 * A tree of one commit: what is committed, read from git's objects (the guard's policy, a ledger's
 * target), one git process for many files.
 */
import { createHash } from 'node:crypto';
import { DocumentError } from './document-error';
import { runGit, runGitBytes } from './git';
import { byteOrder, cappedText, DEFAULT_MAX_BYTES } from './text';
import type { Tree, TreeEntry } from './tree';

/**
 * The files of one commit (`HEAD`: what is committed), read from git's objects as the index is, each
 * fetched when first asked for — a `prefetch` fetches many in one git process — so reading two files
 * of a large tree costs one process, not a listing of the tree. Folders are listed on demand.
 */
export class CommitTree implements Tree {
  readonly name = 'index';
  private readonly blobs = new Map<string, Buffer | null>();

  constructor(
    readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly commit = 'HEAD',
  ) {}

  exists(path: string): boolean {
    return this.bytes(path) !== null || this.list(path).length > 0;
  }

  listable(dir: string): void {
    this.list(dir);
  }

  list(dir: string): TreeEntry[] {
    const clean = dir.replace(/\/+$/, '');
    const result = runGit(['ls-tree', '-z', `${this.commit}:${clean}`, '--'], this.root, this.env);
    if (result.status !== 0) return [];
    return result.stdout
      .split('\0')
      .filter((record) => record.includes('\t'))
      .map((record) => ({ name: record.slice(record.indexOf('\t') + 1), directory: record.split(' ')[1] === 'tree' }))
      .sort((a, b) => byteOrder(a.name, b.name));
  }

  readText(path: string, maxBytes = DEFAULT_MAX_BYTES): string {
    const bytes = this.bytes(path);
    if (bytes === null) throw new DocumentError(path, undefined, `is not in ${this.commit}`, 'commit the file, or check the path');
    return cappedText(bytes, path, maxBytes);
  }

  sha256(path: string): string {
    const bytes = this.bytes(path);
    if (bytes === null) throw new DocumentError(path, undefined, `is not in ${this.commit}`, 'commit the file, or check the path');
    return createHash('sha256').update(bytes).digest('hex');
  }

  prefetch(paths: readonly string[]): void {
    const wanted = [...new Set(paths)].filter((path) => !this.blobs.has(path) && !/[\n\r]/.test(path));
    if (wanted.length === 0) return;
    const data = runGitBytes(
      ['cat-file', '--batch'],
      this.root,
      this.env,
      `${wanted.map((path) => `${this.commit}:${path}`).join('\n')}\n`,
    ).stdout;
    let at = 0;
    for (const path of wanted) {
      const newline = data.indexOf(10, at);
      if (newline === -1) break;
      const [, type, size] = data.subarray(at, newline).toString('utf8').split(' ');
      at = newline + 1;
      if (type !== 'blob' || size === undefined) {
        // `<name> missing`, or a tree: no file there
        if (type === 'tree' && size !== undefined) at += Number(size) + 1;
        this.blobs.set(path, null);
        continue;
      }
      this.blobs.set(path, Buffer.from(data.subarray(at, at + Number(size))));
      at += Number(size) + 1;
    }
  }

  private bytes(path: string): Buffer | null {
    if (!this.blobs.has(path)) this.prefetch([path]);
    return this.blobs.get(path) ?? null;
  }
}
