/**
 * The write phase of a checked plan. Every file is written whole under a temporary name in its own
 * folder and then put in place in one step: hard-linked for a new file (which fails, rather than
 * overwrites, when another process created it meanwhile), renamed for a replaced one (the old file kept
 * aside under a backup name until the plan is done). Each step records how to undo it; when a step
 * fails, the earlier ones are undone in reverse order, so the repository is as it was. A process killed
 * mid-plan leaves each file whole or absent, and may leave its temporary and backup files, which the
 * next plan writing in that folder removes.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  fchmodSync,
  fchownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { MajordomusError } from '../../errors';
import type { CheckedOperation } from './check';
import { errnoCode, TakenBack, WriteFailure } from './errors';
import { journalWrites } from './journal';
import { writeStep } from './kill-point';
import { sweepLeftovers } from './leftover';
import type { PlannedWrites, Written } from './operations';

/** The mode of a folder made for a private file: its owner's alone. */
const PRIVATE_FOLDER = 0o700;

export { isWriterLeftover } from './leftover';

/**
 * Write the checked operations in order; undo them all and throw `WriteFailure` when one fails. `then`,
 * when given, is what must happen with the plan or not at all (its ledger line): it runs once every
 * file is in place, and when it throws, every write of the plan is undone and the error is thrown as
 * `TakenBack`, saying what was taken back.
 */
export function applyPlan(plan: PlannedWrites, checked: readonly CheckedOperation[], then?: () => void): Written[] {
  const run = new Run();
  // every folder the plan names, written this time or not, is cleared of what a killed writer left there
  for (const step of checked) run.sweep(dirname(step.target));
  for (const dir of plan.tidyFolders) if (insideScopes(plan, dir)) run.sweep(dir);
  const written: Written[] = [];
  const files: { path: string; removed: boolean }[] = [];
  let current: CheckedOperation | undefined;
  try {
    for (const step of checked) {
      if (step.skip) continue;
      current = step;
      if (!run.apply(step)) continue;
      written.push({ kind: step.operation.kind, path: step.shown });
      const { kind } = step.operation;
      if (kind !== 'mkdir' && kind !== 'chmod') files.push({ path: step.target, removed: kind === 'remove' });
    }
  } catch (error) {
    const code = errnoCode(error);
    const unrestored = run.undo().map((path) => plan.shown(path));
    if (code === undefined) throw error;
    throw new WriteFailure(plan.command, current?.shown ?? plan.shown(plan.base), code, unrestored);
  }
  if (then) {
    try {
      then();
    } catch (error) {
      const unrestored = run.undo().map((path) => plan.shown(path));
      if (!(error instanceof MajordomusError)) throw error;
      throw new TakenBack(
        plan.command,
        error,
        written.map((done) => done.path),
        unrestored,
      );
    }
  }
  run.finish();
  // the tool's own writes, so a task does not count them as its changes (./journal.ts)
  journalWrites(files);
  return written;
}

/** One write phase: the steps done, how to undo them, and the backups to delete once all are done. */
class Run {
  private readonly undos: { readonly path: string; readonly undo: () => void }[] = [];
  private readonly backups: string[] = [];
  private readonly swept = new Set<string>();

  /** Carry out one operation; false when there was nothing to do after all. */
  apply(step: CheckedOperation): boolean {
    const operation = step.operation;
    const target = step.target;
    switch (operation.kind) {
      case 'create':
        return this.create(target, operation.content, operation.mode, operation.ifAbsent);
      case 'append': {
        const existing = statOrUndefined(target, true);
        const current = existing?.isFile() ? readFileSync(target) : Buffer.alloc(0);
        if (operation.unless?.(current.toString('utf8'))) return false;
        const separator = current.length > 0 && current[current.length - 1] !== 0x0a ? Buffer.from('\n') : Buffer.alloc(0);
        const content = Buffer.concat([current, separator, operation.content]);
        if (!existing) return this.create(target, content, operation.mode, false);
        this.replace(target, content, operation.mode, existing);
        return true;
      }
      case 'replace': {
        const existing = statOrUndefined(target, true);
        if (!existing) return this.create(target, operation.content, operation.mode, false);
        this.replace(target, operation.content, operation.mode, existing);
        return true;
      }
      case 'remove':
        this.moveAside(target);
        return true;
      case 'mkdir':
        this.makeFolders(target);
        return true;
      case 'chmod': {
        const before = lstatSync(target).mode & 0o7777;
        chmodSync(target, operation.mode);
        this.undos.push({ path: target, undo: () => chmodSync(target, before) });
        return true;
      }
    }
  }

  /** Undo every step, last first; the paths whose undo failed. */
  undo(): string[] {
    const failed: string[] = [];
    for (const { path, undo } of this.undos.splice(0).reverse()) {
      try {
        undo();
      } catch {
        failed.push(path);
      }
    }
    for (const backup of this.backups.splice(0)) removeQuietly(backup);
    return failed;
  }

  /**
   * The plan is done: drop the backups, last first. A folder the plan removed was emptied by the plan
   * first (the check refuses any other), so what it still holds are the backups of its own files, set
   * aside inside it before it moved: it goes whole, and their own entries are then already gone.
   */
  finish(): void {
    for (const backup of this.backups.splice(0).reverse()) removeQuietly(backup, { emptiedFolder: true });
  }

  private create(target: string, content: Buffer, mode: number | undefined, ifAbsent: boolean): boolean {
    // a folder made for a private file (a record of the local half) is private too, whatever the umask
    this.makeFolders(dirname(target), mode !== undefined && (mode & 0o077) === 0 ? PRIVATE_FOLDER : undefined);
    const temp = this.stage(target, content, mode, undefined);
    try {
      putInPlace(temp, target);
      writeStep('file created');
    } catch (error) {
      // a file that appeared since the check is someone's whole file: kept when that is all we wanted
      if (ifAbsent && errnoCode(error) === 'EEXIST') return false;
      throw error;
    } finally {
      removeQuietly(temp);
    }
    this.undos.push({ path: target, undo: () => unlinkSync(target) });
    return true;
  }

  /** Replace the file (or the link) at `target` with `content`, keeping the old one aside until the end. */
  private replace(target: string, content: Buffer, mode: number | undefined, existing: Stats): void {
    const keptMode = existing.isFile() ? existing.mode & 0o7777 : undefined;
    const temp = this.stage(target, content, mode ?? keptMode, existing.isFile() ? existing : undefined);
    const backup = sibling(target, 'old');
    try {
      if (existing.isSymbolicLink()) renameSync(target, backup);
      else keepCopy(target, backup);
    } catch (error) {
      removeQuietly(temp);
      throw error;
    }
    this.backups.push(backup);
    writeStep('old file kept aside');
    try {
      renameSync(temp, target);
      writeStep('file replaced');
    } catch (error) {
      removeQuietly(temp);
      if (existing.isSymbolicLink()) renameSync(backup, target);
      throw error;
    }
    this.undos.push({ path: target, undo: () => renameSync(backup, target) });
  }

  /** Move a file, link or empty folder aside; deleted when the plan is done, moved back on undo. */
  private moveAside(target: string): void {
    const backup = sibling(target, 'old');
    renameSync(target, backup);
    this.backups.push(backup);
    this.undos.push({ path: target, undo: () => renameSync(backup, target) });
    writeStep('file moved aside');
  }

  /** Make `dir` and its missing parents, each undone by removing it; with `mode`, each made exactly that. */
  private makeFolders(dir: string, mode?: number): void {
    const missing: string[] = [];
    for (let at = dir; statOrUndefined(at, false) === undefined; at = dirname(at)) {
      if (dirname(at) === at) break;
      missing.unshift(at);
    }
    for (const folder of missing) {
      try {
        mkdirSync(folder);
        if (mode !== undefined) chmodSync(folder, mode);
      } catch (error) {
        // another process made it meanwhile: a folder is a folder
        if (errnoCode(error) === 'EEXIST' && statOrUndefined(folder, false)?.isDirectory()) continue;
        throw error;
      }
      this.undos.push({ path: folder, undo: () => rmdirSync(folder) });
    }
  }

  /** Write `content` to a new temporary file beside `target`; its path. */
  private stage(target: string, content: Buffer, mode: number | undefined, owner: Stats | undefined): string {
    this.sweep(dirname(target));
    const temp = sibling(target, 'tmp');
    const fd = openSync(temp, 'wx', mode ?? 0o666);
    try {
      for (let at = 0; at < content.length; ) at += writeSync(fd, content, at, content.length - at);
      if (mode !== undefined) fchmodSync(fd, mode);
      // run as root on someone else's file, the replacement keeps its owner
      if (owner && process.getuid?.() === 0 && (owner.uid !== 0 || owner.gid !== 0)) fchownSync(fd, owner.uid, owner.gid);
    } catch (error) {
      closeSync(fd);
      removeQuietly(temp);
      throw error;
    }
    closeSync(fd);
    writeStep('file staged');
    return temp;
  }

  /** Remove the temporary and backup files a killed writer left in `dir` (once per folder and run). */
  sweep(dir: string): void {
    if (this.swept.has(dir)) return;
    this.swept.add(dir);
    sweepLeftovers(dir);
  }
}

/** True when `dir` resolves inside one of the plan's scopes (a folder to tidy is never followed out of them). */
function insideScopes(plan: PlannedWrites, dir: string): boolean {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return false;
  }
  return plan.scopes.some((scope) => {
    let top: string;
    try {
      top = realpathSync(scope.dir);
    } catch {
      return false;
    }
    return real === top || real.startsWith(top.endsWith(sep) ? top : top + sep);
  });
}

/** Put a staged file at `target`, failing with EEXIST when something is there. */
function putInPlace(temp: string, target: string): void {
  try {
    linkSync(temp, target);
  } catch (error) {
    const code = errnoCode(error);
    // a file system without hard links: check, then rename (the lock keeps our own writers apart)
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    if (statOrUndefined(target, true)) throw Object.assign(new Error(`${target} exists`), { code: 'EEXIST' });
    renameSync(temp, target);
  }
}

/** A second name for the file at `target` (a hard link, or a copy where links are not supported). */
function keepCopy(target: string, backup: string): void {
  try {
    linkSync(target, backup);
  } catch (error) {
    const code = errnoCode(error);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    copyFileSync(target, backup, constants.COPYFILE_EXCL);
  }
}

function sibling(target: string, kind: 'tmp' | 'old'): string {
  return join(dirname(target), `.${basename(target)}.majordomus-${process.pid}-${randomBytes(4).toString('hex')}.${kind}`);
}

function statOrUndefined(path: string, link: boolean): Stats | undefined {
  try {
    return link ? lstatSync(path) : statSync(path);
  } catch {
    return undefined;
  }
}

function removeQuietly(path: string, options: { emptiedFolder?: boolean } = {}): void {
  try {
    if (lstatSync(path).isDirectory()) {
      if (options.emptiedFolder) rmSync(path, { recursive: true, force: true });
      else rmdirSync(path);
    } else rmSync(path, { force: true });
  } catch {
    // already gone, or not ours to insist on
  }
}
