/**
 * A whole tree as data, to prove that a refused or failed write left it exactly as it was: every
 * folder, file and symbolic link under a directory, with its mode, its bytes or its link text.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Every entry under `dir` (git's own directory included), keyed by its relative path. */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const name of readdirSync(rel === '' ? dir : join(dir, rel)).sort()) {
      const child = rel === '' ? name : `${rel}/${name}`;
      const abs = join(dir, child);
      const stat = lstatSync(abs);
      const mode = (stat.mode & 0o7777).toString(8);
      if (stat.isSymbolicLink()) out[child] = `link ${readlinkSync(abs)}`;
      else if (stat.isDirectory()) {
        out[child] = `dir ${mode}`;
        visit(child);
      } else if (stat.isFile()) out[child] = `file ${mode} ${readFileSync(abs).toString('base64')}`;
      else out[child] = `other ${mode}`;
    }
  };
  visit('');
  return out;
}

/** The files under `dir` a writer leaves only when killed: its temporary and backup files. */
export function leftovers(dir: string): string[] {
  return Object.keys(snapshotTree(dir)).filter((path) => /(^|\/)\.[^/]+\.majordomus-\d+-[0-9a-f]{8}\.(tmp|old)$/.test(path));
}
