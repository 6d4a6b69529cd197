/**
 * The one writer of the engine. A command never writes a file directly: it builds a `WritePlan` — every
 * file it will create, append to, replace or remove, every folder and mode — and commits it. The commit
 * checks every target before the first byte is written (the folder writable, the target not a folder,
 * a dangling link or a FIFO, the path inside the repository after following symbolic links), then
 * writes: a whole file under a temporary name in the same folder, hard-linked or renamed into place, so
 * a killed process leaves the whole file or none of it. A failure while writing undoes what the plan had
 * already written. Either way a refusal leaves the repository exactly as it was.
 *
 * ```ts
 * const plan = new WritePlan({ command: 'init', base: git.root, scopes: [{ dir: git.root, name: 'the repository' }] });
 * plan.create('.ai/README.md', text, { ifAbsent: true });
 * plan.append('.gitignore', '.ai/local/\n', { unless: (current) => current.includes('.ai/local/') });
 * for (const done of plan.commit()) console.log(`wrote ${done.path}`);
 * ```
 *
 * Two writers of one repository are kept apart by the write lock (`./lock.ts`): hold it from reading
 * what the plan depends on to the commit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { applyPlan } from './apply';
import { checkPlan } from './check';
import type { LinkPolicy, Operation, PlannedWrites, WriteScope, Written } from './operations';

export type { LinkPolicy, Operation, WriteScope, Written } from './operations';

export interface WritePlanOptions {
  /** The command writing, for messages: `init`, `rules vendor update`. */
  readonly command: string;
  /** The directory relative paths start from and printed paths are relative to (the repository root). */
  readonly base: string;
  /** Where the plan may write; by default the base alone. */
  readonly scopes?: readonly WriteScope[];
}

/** A plan of writes, checked whole and then written whole. */
export class WritePlan implements PlannedWrites {
  readonly command: string;
  readonly base: string;
  readonly scopes: readonly WriteScope[];
  private readonly planned: Operation[] = [];
  private readonly tidied: string[] = [];

  constructor(options: WritePlanOptions) {
    this.command = options.command;
    this.base = resolve(options.base);
    this.scopes = options.scopes ?? [{ dir: this.base, name: 'the repository' }];
  }

  /** The operations in the order they will be written. */
  get operations(): readonly Operation[] {
    return this.planned;
  }

  /** True when a path (relative to the base, or absolute) is already the target of an operation. */
  has(path: string): boolean {
    const abs = this.abs(path);
    return this.planned.some((operation) => operation.path === abs);
  }

  /** Plan a new file. See {@link CreateOperation}. */
  create(path: string, content: Buffer | string, options: { mode?: number; ifAbsent?: boolean } = {}): this {
    return this.add({
      kind: 'create',
      path: this.abs(path),
      content: bytes(content),
      mode: options.mode,
      ifAbsent: options.ifAbsent ?? false,
    });
  }

  /** Plan lines added at the end of a file. See {@link AppendOperation}. */
  append(
    path: string,
    content: Buffer | string,
    options: { mode?: number; unless?: (current: string) => boolean; links?: LinkPolicy } = {},
  ): this {
    return this.add({
      kind: 'append',
      path: this.abs(path),
      content: bytes(content),
      mode: options.mode,
      unless: options.unless,
      links: options.links ?? 'refuse',
    });
  }

  /** Plan a file written whole over whatever file is there. See {@link ReplaceOperation}. */
  replace(path: string, content: Buffer | string, options: { mode?: number; links?: LinkPolicy } = {}): this {
    return this.add({
      kind: 'replace',
      path: this.abs(path),
      content: bytes(content),
      mode: options.mode,
      links: options.links ?? 'refuse',
    });
  }

  /** Plan a removal. See {@link RemoveOperation}. */
  remove(path: string): this {
    return this.add({ kind: 'remove', path: this.abs(path) });
  }

  /** Plan a folder. */
  mkdir(path: string): this {
    return this.add({ kind: 'mkdir', path: this.abs(path) });
  }

  /**
   * Clear `dir` of the temporary and backup files a killed writer left there, even when the plan writes
   * nothing in it (every folder the plan writes in is cleared anyway).
   */
  tidy(dir: string): this {
    this.tidied.push(this.abs(dir));
    return this;
  }

  /** The folders to clear besides those the plan writes in. */
  get tidyFolders(): readonly string[] {
    return this.tidied;
  }

  /** Plan a mode change. */
  chmod(path: string, mode: number): this {
    return this.add({ kind: 'chmod', path: this.abs(path), mode });
  }

  /**
   * Check every target, then write them all, in plan order. Throws `WriteRefusal` (15) before writing
   * anything when a target cannot be written, and `WriteFailure` (15) when the file system fails a write
   * (what the plan had written is undone first). Returns what was written; an operation with nothing to
   * do (a file kept by `ifAbsent`, an append whose lines are there) is not in it. `then` is what goes
   * with the plan or not at all (its ledger line): see applyPlan.
   */
  commit(then?: () => void): Written[] {
    return applyPlan(this, checkPlan(this), then);
  }

  /**
   * What `commit` would write, written nowhere (a command's `--dry-run`): the plan is checked as commit
   * checks it, and refused the same way, and an operation with nothing to do is left out as commit
   * leaves it out.
   */
  preview(): Written[] {
    const out: Written[] = [];
    for (const step of checkPlan(this)) {
      if (step.skip) continue;
      const operation = step.operation;
      if (operation.kind === 'create' && operation.ifAbsent && existsSync(step.target)) continue;
      if (operation.kind === 'append' && operation.unless?.(currentText(step.target))) continue;
      if (operation.kind === 'remove' && !existsSync(step.target)) continue;
      out.push({ kind: operation.kind, path: step.shown });
    }
    return out;
  }

  /** How a path is printed: relative to the base when inside it, absolute otherwise. */
  shown(abs: string): string {
    const rel = relative(this.base, abs);
    return rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? abs : rel.split(sep).join('/');
  }

  private abs(path: string): string {
    return resolve(this.base, path);
  }

  private add(operation: Operation): this {
    this.planned.push(operation);
    return this;
  }
}

/** A file's text as an append's `unless` is asked it: empty when there is no file. */
function currentText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function bytes(content: Buffer | string): Buffer {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}
