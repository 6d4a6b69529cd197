/**
 * Publishing a record (a checkpoint, a handover, a session record, an open episode): the one place
 * records reach the disk, beside the plan (./plan.ts) and the ledger file (./ledger-file.ts).
 *
 * Why not a plan: a plan writes whole files under the repository's write lock, and a record needs
 * neither the lock nor an undo. A record is a new file under a fresh name that nothing else ever names,
 * so two writers can publish at once without coordinating — what they must never do is overwrite each
 * other, which is what `rename` does to a name taken meanwhile. `link(temp, final)` fails with EEXIST
 * instead, and the loser picks another name. The file is made exactly 0600 with `fchmod` on its
 * descriptor, whatever the umask (a umask of 277 would otherwise leave it 0400, one of 000 world-readable).
 *
 * What stays the writer's: the containment check. Before anything is created, the folder and the target
 * are checked by the writer's own check phase — inside the repository after following links; a
 * `.ai/local` linked out of the repository is refused (15) and nothing is written anywhere.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RefusedError } from '../../errors';
import { checkPlan } from './check';
import { describeErrno, errnoCode } from './errors';
import { journalWrites } from './journal';
import { writeStep } from './kill-point';
import { sweepLeftovers } from './leftover';
import { WritePlan } from './plan';

/** The mode of every record: its owner's alone. */
export const RECORD_MODE = 0o600;
/** The mode of a folder a publisher makes: the records in it are private too. */
const FOLDER_MODE = 0o700;
/** Names tried before giving up; a clash of 64 random bits this often is not a clash but a loop. */
const ATTEMPTS = 16;

/** What to publish and where. */
export interface PublishRequest {
  /** The command publishing, for messages (`checkpoint`, `handover`). */
  readonly command: string;
  /** The repository's top level: nothing is written outside it. */
  readonly root: string;
  /** Absolute path of the record folder (`<root>/.ai/local/state/handovers`). */
  readonly dir: string;
  /** A fresh file name each call (random part included): asked again after a clash. */
  readonly name: () => string;
  /** The record's bytes. */
  readonly content: string | Buffer;
  /**
   * Absolute path of a folder git never adds (the local half's `tmp`) to stage the record in, for a
   * record folder that is tracked: a publisher killed between staging and linking then leaves its
   * temporary file where `git add -A` cannot take it. It must be on the record folder's file system;
   * where it is not (a hard link cannot cross), the record is staged beside its target as without it.
   */
  readonly staging?: string;
}

/** A published record. */
export interface Published {
  /** Absolute path of the record. */
  readonly path: string;
  /** Its file name. */
  readonly name: string;
  /** Names that were already taken and skipped (a clash with another publisher, never overwritten). */
  readonly clashes: number;
}

/**
 * Publish a record under a name no other file has: a temporary file in the same folder (`wx`, 0600 by
 * `fchmod`, fsynced), hard-linked to its final name — a name taken meanwhile is never overwritten; a new
 * name is drawn — then the temporary removed. Throws `RefusedError` (15) when the folder or the target
 * would be outside the repository or cannot be written; nothing is then left behind.
 */
export function publishRecord(request: PublishRequest): Published {
  const content = typeof request.content === 'string' ? Buffer.from(request.content, 'utf8') : request.content;
  let clashes = 0;
  let staging = request.staging;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const name = request.name();
    if (name.includes('/') || name.startsWith('.')) throw new Error(`record name ${JSON.stringify(name)} is not a plain file name`);
    const target = join(request.dir, name);
    const temp = join(staging ?? request.dir, `.${name}.majordomus-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    contain(request, temp);
    prepare(request, staging);
    try {
      stage(temp, content);
      writeStep('record staged');
      try {
        linkSync(temp, target);
        writeStep('record linked');
      } catch (error) {
        if (errnoCode(error) === 'EEXIST') {
          clashes++;
          continue;
        }
        // the staging folder is on another file system: stage beside the target instead
        if (errnoCode(error) === 'EXDEV' && staging !== undefined) {
          staging = undefined;
          attempt--;
          continue;
        }
        throw error;
      }
    } catch (error) {
      throw refusal(request, target, error);
    } finally {
      rmSync(temp, { force: true });
    }
    syncFolder(request.dir);
    journalWrites([{ path: target, removed: false }]);
    return { path: target, name, clashes };
  }
  throw new RefusedError(
    `${request.command}: ${ATTEMPTS} record names in ${request.dir} were all taken; nothing was written (run the command again)`,
  );
}

/**
 * Publish a record under the one name it may have, exclusively (an open episode filed under its key):
 * staged as `publishRecord` stages it, then hard-linked to `name`. False when the name is taken — another
 * writer won, and nothing of this call is left behind; `RefusedError` (15) as `publishRecord`.
 */
export function publishExclusive(request: Omit<PublishRequest, 'name'> & { readonly name: string }): boolean {
  const content = typeof request.content === 'string' ? Buffer.from(request.content, 'utf8') : request.content;
  const name = request.name;
  if (name.includes('/') || name.startsWith('.')) throw new Error(`record name ${JSON.stringify(name)} is not a plain file name`);
  const full = { ...request, name: () => name };
  const target = join(request.dir, name);
  const temp = join(request.dir, `.${name}.majordomus-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  contain(full, temp);
  prepare(full, undefined);
  try {
    stage(temp, content);
    writeStep('record staged');
    try {
      linkSync(temp, target);
      writeStep('record linked');
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') return false;
      throw error;
    }
  } catch (error) {
    throw refusal(full, target, error);
  } finally {
    rmSync(temp, { force: true });
  }
  syncFolder(request.dir);
  return true;
}

/**
 * The writer's check of the folder and of the temporary file beside the target: inside the repository,
 * no link leading out, nothing in the way. The target itself is left to `link`, which refuses a taken
 * name atomically where a check would only say it was free a moment ago.
 */
function contain(request: PublishRequest, temp: string): void {
  const plan = new WritePlan({ command: request.command, base: request.root });
  plan.mkdir(request.dir).create(temp, '');
  checkPlan(plan);
}

/**
 * Make the record folder (and the staging folder) with their missing parents, and sweep from them what
 * publishers killed mid-write left (engine/io/write/leftover.ts).
 */
function prepare(request: PublishRequest, staging: string | undefined): void {
  makeFolders(request, request.dir);
  sweepLeftovers(request.dir);
  if (staging !== undefined) {
    makeFolders(request, staging);
    sweepLeftovers(staging);
  }
}

/** Make the record folder and its missing parents, each 0700 whatever the umask (277 would make them unwritable). */
function makeFolders(request: PublishRequest, dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !exists(at); at = dirname(at)) {
    if (dirname(at) === at) break;
    missing.unshift(at);
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, FOLDER_MODE);
      chmodSync(folder, FOLDER_MODE);
    } catch (error) {
      // another publisher made it meanwhile: a folder is a folder
      if (errnoCode(error) === 'EEXIST' && statSync(folder).isDirectory()) continue;
      throw refusal(request, folder, error);
    }
  }
}

/** Write the whole record to a new file at `temp`, exactly 0600, and flush it. */
function stage(temp: string, content: Buffer): void {
  const fd = openSync(temp, 'wx', RECORD_MODE);
  try {
    fchmodSync(fd, RECORD_MODE);
    for (let at = 0; at < content.length; ) at += writeSync(fd, content, at, content.length - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flush the folder's entry for the new name; a file system that cannot is not a reason to fail. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // best effort: the record is written and linked either way
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function refusal(request: PublishRequest, path: string, error: unknown): unknown {
  const code = errnoCode(error);
  if (code === undefined) return error;
  const { reason, fix } = describeErrno(code);
  const shown = path.startsWith(`${request.root}/`) ? path.slice(request.root.length + 1) : basename(path);
  return new RefusedError(`${request.command}: cannot write ${shown}: ${reason} (${code}); nothing was written (${fix})`);
}

/** Remove a record this process published (a later step of the same command failed); false when it could not be removed. */
export function unpublish(path: string): boolean {
  let removed: boolean;
  try {
    unlinkSync(path);
    writeStep('record removed');
    removed = true;
  } catch (error) {
    removed = errnoCode(error) === 'ENOENT';
  }
  // the tool's own removal, never a task's change (engine/io/write/journal.ts)
  if (removed) journalWrites([{ path, removed: true }]);
  return removed;
}
