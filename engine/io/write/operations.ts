/**
 * The operations a write plan holds, and the plan as its check and its write phase read it. Plain
 * shapes: the plan (./plan.ts) builds them, the check (./check.ts) and the write phase (./apply.ts)
 * read them, and neither of those needs the plan's class.
 */

/** How an operation treats a target that is a symbolic link. */
export type LinkPolicy =
  /** Refuse the plan: the command never writes through a link (the default). */
  | 'refuse'
  /** Write the file the link points to, when it resolves inside a scope; refuse otherwise. */
  | 'follow'
  /** Replace the link itself with a file; what it pointed to is never touched. */
  | 'replace';

/** A directory a plan may write into, and how messages name it. */
export interface WriteScope {
  /** Absolute path; every target must resolve inside it (or another scope) after following links. */
  readonly dir: string;
  /** How a refusal names it: `the repository`, `the repository's git directory`. */
  readonly name: string;
}

/** Create a new file whole; refuse when something is there, unless `ifAbsent` (then a file there is kept). */
export interface CreateOperation {
  readonly kind: 'create';
  readonly path: string;
  readonly content: Buffer;
  /** Exact mode; without it the file gets 0666 less the umask, as any new file. */
  readonly mode?: number;
  readonly ifAbsent: boolean;
}

/**
 * Add lines at the end of a file, creating it when absent. The text is added after a newline when the
 * file does not end with one. `unless` is asked again, under the lock, on the file as it is when written:
 * when it answers true (the lines are there already) nothing is written, so appending is idempotent.
 */
export interface AppendOperation {
  readonly kind: 'append';
  readonly path: string;
  readonly content: Buffer;
  /** Mode of a file the append creates; an existing file keeps its own. */
  readonly mode?: number;
  readonly unless?: (current: string) => boolean;
  readonly links: LinkPolicy;
}

/** Write a file's content whole, whether or not a file is there; an existing file keeps its mode unless `mode` is given. */
export interface ReplaceOperation {
  readonly kind: 'replace';
  readonly path: string;
  readonly content: Buffer;
  readonly mode?: number;
  readonly links: LinkPolicy;
}

/** Remove a file, a symbolic link (never what it points to) or a folder the plan has emptied. Nothing there: nothing to do. */
export interface RemoveOperation {
  readonly kind: 'remove';
  readonly path: string;
}

/** Make a folder (and its missing parents). */
export interface MkdirOperation {
  readonly kind: 'mkdir';
  readonly path: string;
}

/** Set a file's mode. */
export interface ChmodOperation {
  readonly kind: 'chmod';
  readonly path: string;
  readonly mode: number;
}

/** One planned write. `path` is absolute. */
export type Operation = CreateOperation | AppendOperation | ReplaceOperation | RemoveOperation | MkdirOperation | ChmodOperation;

/** One operation the commit carried out: its kind and the path written, as printed. */
export interface Written {
  readonly kind: Operation['kind'];
  /** Repository-relative when inside the base, absolute otherwise; for a followed link, the file written. */
  readonly path: string;
}

/** A plan as its check and its write phase read it (./plan.ts `WritePlan` is the one implementation). */
export interface PlannedWrites {
  /** The command writing, for messages. */
  readonly command: string;
  /** The directory relative paths start from and printed paths are relative to. */
  readonly base: string;
  /** Where the plan may write. */
  readonly scopes: readonly WriteScope[];
  /** The operations in the order they will be written. */
  readonly operations: readonly Operation[];
  /** The folders to clear of a killed writer's leftovers besides those the plan writes in. */
  readonly tidyFolders: readonly string[];
  /** How a path is printed: relative to the base when inside it, absolute otherwise. */
  shown(abs: string): string;
}
