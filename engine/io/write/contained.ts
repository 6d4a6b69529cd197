/**
 * A folder of the local half reached safely: every folder from the repository's top level down is
 * examined with `lstat`, a folder reached through a symbolic link must lead inside the repository, and
 * missing ones are made private. What appends (the ledger) and what publishes exclusively (an open
 * episode) use it before they open a file, so nothing they write lands outside the repository.
 */
import type { Stats } from 'node:fs';
import { chmodSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RefusedError } from '../../errors';
import { describeErrno, errnoCode } from './errors';

/**
 * The absolute path of `folder` (repository-relative) after checking the folders on its way: each one
 * that exists is a folder, or a link to a folder inside the repository; with `create`, the missing ones
 * are made (mode 0700). Throws RefusedError (15) naming the component otherwise; nothing is created
 * outside the repository. What is written in the folder is judged by the caller, on the descriptor it opens.
 */
export function containedFolder(location: { readonly root: string }, folder: string, command: string, create: boolean): string {
  const root = realpathSync(location.root);
  const parts = folder.split('/').filter((part) => part !== '' && part !== '.');
  let at = location.root;
  let shown = '';
  for (const part of parts) {
    at = join(at, part);
    shown = shown === '' ? part : `${shown}/${part}`;
    let stat: Stats;
    try {
      stat = lstatSync(at);
    } catch (error) {
      const code = errnoCode(error);
      if (code !== 'ENOENT') throw unusable(command, shown, code);
      if (!create) return join(location.root, folder);
      try {
        mkdirSync(at, { mode: 0o700 });
        // the umask may have taken the owner's own write bit (277): the folder must take the ledger
        chmodSync(at, 0o700);
      } catch (made) {
        if (errnoCode(made) !== 'EEXIST') throw unusable(command, shown, errnoCode(made));
      }
      stat = lstatSync(at);
    }
    if (stat.isSymbolicLink()) {
      let real: string;
      try {
        real = realpathSync(at);
      } catch {
        throw new RefusedError(
          `${command}: ${shown} is a dangling symbolic link; nothing was written (point it at a folder inside the repository, or replace it with one)`,
        );
      }
      if (!inside(root, real)) {
        throw new RefusedError(
          `${command}: ${shown} is a symbolic link leading outside the repository (to ${real}); nothing was written (replace it with a folder inside the repository)`,
        );
      }
      if (!lstatSync(real).isDirectory())
        throw new RefusedError(
          `${command}: ${shown} is a symbolic link to ${real}, which is not a folder; nothing was written (replace it with a folder)`,
        );
      continue;
    }
    if (!stat.isDirectory())
      throw new RefusedError(`${command}: ${shown} is not a folder; nothing was written (remove or rename it, then run the command again)`);
  }
  const dir = join(location.root, folder);
  // a folder may have been reached through a link inside the repository: it must stay inside too
  let realDir: string;
  try {
    realDir = realpathSync(dir);
  } catch {
    return dir;
  }
  if (!inside(root, realDir))
    throw new RefusedError(
      `${command}: ${folder} resolves outside the repository (to ${realDir}); nothing was written (replace the links on its way with folders)`,
    );
  return dir;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

function unusable(command: string, shown: string, code: string | undefined): RefusedError {
  const { reason, fix } = describeErrno(code ?? 'EIO');
  return new RefusedError(`${command}: cannot reach ${shown}: ${reason} (${code ?? 'unknown'}); nothing was written (${fix})`);
}
