/**
 * The check phase of a write plan: every target examined, in plan order, against the file system as the
 * earlier operations of the plan will have left it, before anything is written. A target is refused
 * when its folder cannot be made or written, when it resolves outside every scope after following
 * symbolic links, or when what is there is not what the operation may replace.
 */
import { accessSync, constants, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { WriteProblem } from './errors';
import { describeErrno, errnoCode, WriteRefusal } from './errors';
import type { Operation, PlannedWrites } from './operations';

/** An operation the check accepted. */
export interface CheckedOperation {
  readonly operation: Operation;
  /** The path written: the operation's own, or for a followed link the file it points to. */
  readonly target: string;
  /** The target as printed. */
  readonly shown: string;
  /** True when there is nothing to do (a file kept by `ifAbsent`, nothing to remove, a folder already there). */
  readonly skip: boolean;
}

type Kind = 'absent' | 'file' | 'dir' | 'link' | 'other';

/** Check every operation of `plan`; throws `WriteRefusal` listing every problem, or returns the accepted operations. */
export function checkPlan(plan: PlannedWrites): CheckedOperation[] {
  return new PlanCheck(plan).run();
}

class PlanCheck {
  /** What the earlier operations of the plan leave at a path. */
  private readonly overlay = new Map<string, Kind>();
  /** The real path of each folder the plan creates. */
  private readonly plannedReal = new Map<string, string>();
  private readonly scopes: readonly { readonly real: string; readonly name: string }[];

  constructor(private readonly plan: PlannedWrites) {
    this.scopes = plan.scopes.map((scope) => ({ real: realOrSelf(scope.dir), name: scope.name }));
  }

  run(): CheckedOperation[] {
    const problems: WriteProblem[] = [];
    const checked: CheckedOperation[] = [];
    for (const operation of this.plan.operations) {
      const result = this.check(operation);
      if ('reason' in result) problems.push(result);
      else checked.push(result);
    }
    // one unwritable folder is one problem, however many targets it holds
    const distinct = problems.filter(
      (problem, index) => problems.findIndex((other) => other.path === problem.path && other.reason === problem.reason) === index,
    );
    if (distinct.length > 0) throw new WriteRefusal(this.plan.command, distinct);
    return checked;
  }

  private check(operation: Operation): CheckedOperation | WriteProblem {
    const path = operation.path;
    const shown = this.plan.shown(path);
    const parent = this.folder(dirname(path));
    if ('reason' in parent) return parent;
    const outside = this.outside(join(parent.real, basename(path)), shown);
    if (outside) return outside;
    if (parent.existing !== undefined) {
      const denied = writable(parent.existing, this.plan.shown(parent.existing));
      if (denied) return denied;
    }
    const accept = (skip: boolean, target = path, leaves: Kind | undefined = undefined): CheckedOperation => {
      if (!skip) {
        for (const [dir, real] of parent.created) {
          this.overlay.set(dir, 'dir');
          this.plannedReal.set(dir, real);
        }
        if (leaves) this.overlay.set(path, leaves);
        if (leaves === 'dir') this.plannedReal.set(path, join(parent.real, basename(path)));
      }
      return { operation, target, shown: target === path ? shown : this.plan.shown(target), skip };
    };
    const kind = this.kindOf(path);
    const problem = (reason: string, fix: string): WriteProblem => ({ path: shown, reason, fix });
    const notRegular = problem('is not a regular file (a FIFO, a socket or a device)', 'remove it, then run the command again');
    const folderThere = problem('is a folder where a file belongs', 'remove or rename the folder, then run the command again');
    switch (operation.kind) {
      case 'create':
        if (kind === 'absent') return accept(false, path, 'file');
        if (kind === 'file')
          return operation.ifAbsent
            ? accept(true)
            : problem('exists, and is never overwritten', 'remove or rename it if it should be written again');
        if (kind === 'dir') return folderThere;
        if (kind === 'other') return notRegular;
        return this.existingLink(path, shown, operation.ifAbsent, accept);
      case 'append':
      case 'replace':
        if (kind === 'absent' || kind === 'file') return accept(false, path, 'file');
        if (kind === 'dir') return folderThere;
        if (kind === 'other') return notRegular;
        if (operation.links === 'replace') return accept(false, path, 'file');
        if (operation.links === 'follow') return this.followLink(path, shown, accept);
        return problem(
          `is a symbolic link (to ${linkText(path)})`,
          `${this.plan.command} never writes through a link: replace the link with a file, then run the command again`,
        );
      case 'remove':
        if (kind === 'absent') return accept(true);
        if (kind === 'dir') {
          const left = this.entriesLeft(path);
          if (left.length > 0)
            return problem(`is a folder that still holds ${left.slice(0, 3).join(', ')}${left.length > 3 ? ', …' : ''}`, 'empty it first');
        }
        return accept(false, path, 'absent');
      case 'mkdir':
        if (kind === 'absent') return accept(false, path, 'dir');
        if (kind === 'dir') return accept(true);
        if (kind === 'link') {
          const real = realOrUndefined(path);
          if (real !== undefined && isDirectory(real) && !this.outside(real, shown)) return accept(true);
          return problem(
            `is a symbolic link (to ${linkText(path)}) where a folder is needed`,
            'replace the link with a folder, then run the command again',
          );
        }
        return problem('is a file where a folder is needed', 'remove or rename it, then run the command again');
      case 'chmod':
        if (kind === 'file') return accept(false);
        return problem(kind === 'absent' ? 'does not exist' : 'is not a regular file', 'check the path');
    }
  }

  /** A create over a symbolic link: kept when `ifAbsent` and it leads to a file inside a scope, refused otherwise. */
  private existingLink(
    path: string,
    shown: string,
    ifAbsent: boolean,
    accept: (skip: boolean) => CheckedOperation,
  ): CheckedOperation | WriteProblem {
    const real = realOrUndefined(path);
    if (real === undefined) {
      return {
        path: shown,
        reason: `is a dangling symbolic link (to ${linkText(path)})`,
        fix: 'remove the link, or point it at a file, then run the command again',
      };
    }
    const outside = this.outside(real, shown);
    if (outside) return outside;
    if (ifAbsent && isFile(real)) return accept(true);
    return {
      path: shown,
      reason: `exists (a symbolic link to ${linkText(path)})`,
      fix: 'remove or rename it if it should be written again',
    };
  }

  /** A write through a link the operation may follow: to the file it leads to, inside a scope. */
  private followLink(
    path: string,
    shown: string,
    accept: (skip: boolean, target: string, leaves: Kind) => CheckedOperation,
  ): CheckedOperation | WriteProblem {
    const real = realOrUndefined(path);
    if (real === undefined) {
      return {
        path: shown,
        reason: `is a dangling symbolic link (to ${linkText(path)})`,
        fix: 'remove the link, or point it at a file, then run the command again',
      };
    }
    const outside = this.outside(real, shown);
    if (outside) return outside;
    if (!isFile(real))
      return {
        path: shown,
        reason: `is a symbolic link to ${real}, which is not a regular file`,
        fix: 'point the link at a file, or replace it with one',
      };
    const denied = writable(dirname(real), real);
    if (denied) return denied;
    return accept(false, real, 'file');
  }

  /**
   * The folder `dir` as the plan will find it: its real path (links on the way followed), the nearest
   * folder that exists on disk (to check it is writable), and the folders the plan must create.
   */
  private folder(dir: string): { real: string; existing: string | undefined; created: [string, string][] } | WriteProblem {
    const missing: string[] = [];
    let at = dir;
    for (;;) {
      const kind = this.kindOf(at);
      if (kind === 'dir') break;
      if (kind === 'link') {
        const real = realOrUndefined(at);
        if (real === undefined) {
          return {
            path: this.plan.shown(at),
            reason: `is a dangling symbolic link (to ${linkText(at)})`,
            fix: 'remove the link, or point it at a folder, then run the command again',
          };
        }
        if (!isDirectory(real))
          return {
            path: this.plan.shown(at),
            reason: `is a symbolic link to a file where a folder is needed`,
            fix: 'replace it with a folder',
          };
        break;
      }
      if (kind !== 'absent') {
        return {
          path: this.plan.shown(at),
          reason: 'is a file where a folder is needed',
          fix: 'remove or rename it, then run the command again',
        };
      }
      const up = dirname(at);
      if (up === at) break;
      missing.unshift(basename(at));
      at = up;
    }
    const planned = this.plannedReal.get(at);
    let real: string;
    try {
      real = planned ?? realpathSync(at);
    } catch (error) {
      return {
        path: this.plan.shown(at),
        reason: `cannot be examined (${errnoCode(error) ?? 'error'})`,
        fix: 'check the path and its permissions',
      };
    }
    const created: [string, string][] = [];
    let lexical = at;
    let resolved = real;
    for (const name of missing) {
      lexical = join(lexical, name);
      resolved = join(resolved, name);
      created.push([lexical, resolved]);
    }
    return { real: resolved, existing: planned === undefined ? at : undefined, created };
  }

  /** A refusal when `real` is inside no scope. */
  private outside(real: string, shown: string): WriteProblem | undefined {
    if (this.scopes.some((scope) => real === scope.real || real.startsWith(scope.real.endsWith(sep) ? scope.real : scope.real + sep)))
      return undefined;
    const names = [...new Set(this.scopes.map((scope) => scope.name))].join(' or ');
    return {
      path: shown,
      reason: `resolves outside ${names} (to ${real})`,
      fix: `${this.plan.command} writes only inside ${names}: fix the path, or replace the symbolic link on it with a folder`,
    };
  }

  /** What is at `path` once the earlier operations are done. */
  private kindOf(path: string): Kind {
    const planned = this.overlay.get(path);
    if (planned !== undefined) return planned;
    for (let at = dirname(path); at !== dirname(at); at = dirname(at)) {
      // below anything the plan creates or removes, nothing is on disk yet
      if (this.overlay.has(at)) return 'absent';
    }
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return 'link';
      if (stat.isDirectory()) return 'dir';
      if (stat.isFile()) return 'file';
      return 'other';
    } catch (error) {
      const code = errnoCode(error);
      return code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : 'other';
    }
  }

  /** The entries of a folder the plan does not remove before removing the folder. */
  private entriesLeft(dir: string): string[] {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.filter((name) => this.kindOf(join(dir, name)) !== 'absent');
  }
}

/** A refusal when the folder `dir` (existing) cannot be written by this process. */
function writable(dir: string, shown: string): WriteProblem | undefined {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return undefined;
  } catch (error) {
    const code = errnoCode(error) ?? 'EACCES';
    const { reason, fix } = describeErrno(code);
    return { path: shown, reason: `is not writable: ${reason} (${code})`, fix };
  }
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The real path of `dir`, or of its nearest existing ancestor joined with the rest. */
function realOrSelf(dir: string): string {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    const real = realOrUndefined(at);
    if (real !== undefined) return join(real, ...missing);
    if (dirname(at) === at) return resolve(dir);
    missing.unshift(basename(at));
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function linkText(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}
