/**
 * The reader of a brainstorm session folder (`docs/research/{topic}-brainstorm/`), as the session
 * contract lays it out: `state.md`, `thesis.md`, `forks.md`, `ledger.md`, `fragments/`, `basis/` and
 * `ops/` (`.gitignore`, `capture.md`, `sync-log.md`, `manifest.md`).
 *
 * Tolerant in what it reads, exact in what it judges. Every element is read even when its line drifts
 * from the contract's shape — a `-` for the em dash ` — `, `->` for the arrow ` → `, a local-time or
 * seconds-bearing stamp — so the rules that only need its id or its state still see it; and every such
 * line is kept, with its file and line, in the `drift` list of the part of the model that owns it, so
 * the rule that owns the shape reports it. Nothing the reader recognises is dropped silently. What it
 * does not judge: trailing whitespace and a `\r` before the newline (dropped before reading), prose
 * lines that are not list items, and lines inside fenced code blocks of the Markdown files.
 *
 * A folder is parsed once per process (the gates are cumulative, so each rule of a run reads the same
 * model). A missing file is an absent part of the model — a violation of the rule that owns the file —
 * while a file that exists and cannot be read (a directory in its place, a permission error, bytes that
 * are not UTF-8) makes the folder unusable: `assertUsable` and `loadSession` throw a UsageError (exit 2).
 *
 * Datetimes have one shape, `DATETIME` (`YYYY-MM-DDTHH:MMZ`); once a stamp has that shape, stamps are
 * compared as strings, as the contract says.
 *
 * The repository root that harvest destinations are relative to (`Session.repositoryRoot`): the git top
 * level of the folder when it is inside a git work tree (`git rev-parse --show-toplevel`, asked in the
 * folder); otherwise the directory that holds `docs/` when the folder sits at
 * `<root>/docs/research/<x>-brainstorm`; otherwise the folder's parent. Git comes first because it is
 * what a reader of the destinations clones; the layout rule serves a session copied out of its
 * repository, and the parent is the last resort of a folder that is neither.
 *
 * This module holds the `Session` model, `loadSession`/`openSession`/`assertUsable`, the folder's own
 * checks (its directories, its files' bytes, `fragments/`) and the repository root, and it re-exports the
 * model's types so `engine/brainstorm/session` stays the one import path. Each session file's reader
 * lives beside it (state.ts, thesis.ts, forks.ts, ledger.ts, capture.ts, sync-log.ts, manifest.ts); what
 * they share (datetime shapes, drift, Markdown line helpers) is in lines.ts, which imports none of them.
 */
import { readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UsageError } from '../../errors';
import { DocumentError } from '../../io/document-error';
import { runGit, topLevel as topLevelOf } from '../../io/git';
import { readTextFile } from '../../io/text';
import { type Capture, readCapture } from './capture';
import { type Forks, readForks } from './forks';
import { type Ledger, readLedger } from './ledger';
import { type Line, type Located, SESSION_FILES, type SessionFile } from './lines';
import { type Manifest, readManifest } from './manifest';
import { readState, type State } from './state';
import { readSyncLog, type SyncLog } from './sync-log';
import { readThesis, type Thesis } from './thesis';

// The model's one import path: the types and shapes of every file, as the readers define them.
export type { Capture, CaptureEntry } from './capture';
export type { Fork, Forks, RaisedBy } from './forks';
export { DECISION_FIELDS, type Decision, type DecisionField, type Ledger } from './ledger';
export {
  DATE,
  DATETIME,
  type Drift,
  datetimeHint,
  datetimeProblem,
  driftViolation,
  type Located,
  SESSION_FILES,
  type SessionFile,
} from './lines';
export {
  MANIFEST_COLUMNS,
  MANIFEST_STATUSES,
  type Manifest,
  type ManifestRow,
  USELESSNESS_FIELDS,
  type UselessnessField,
} from './manifest';
export { type Aspect, type AspectRef, SITTINGS, STATE_FIELDS, STATUSES, type State, type StateFieldName } from './state';
export { type Dispatch, SYNC_GATES, type SyncLog, type SyncResult } from './sync-log';
export { THESIS_SECTIONS, type Thesis, type ThesisSection } from './thesis';

/** The directories of the folder whose entries the reader lists. */
const SESSION_DIRECTORIES = ['ops', 'fragments'] as const;

/** A session file larger than this is refused as unusable (a capture log grows every turn, so it is generous). */
const MAX_BYTES = 16 * 1024 * 1024;

export interface Session {
  /** The folder as given, absolute. */
  readonly folder: string;
  readonly state: State;
  readonly thesis: Thesis;
  readonly forks: Forks;
  readonly ledger: Ledger;
  /** `ops/.gitignore`: its lines (trailing whitespace dropped), or undefined when the file is missing. */
  readonly gitignore?: readonly Located[];
  readonly capture: Capture;
  readonly sync: SyncLog;
  readonly manifest: Manifest;
  /** The file names under `fragments/` (no dot files, no directories), sorted. */
  readonly fragments: readonly string[];
  /** The absolute git top level of the folder, or undefined outside a git work tree (asked once). */
  gitTopLevel(): string | undefined;
  /** The root harvest destinations are relative to (see the module comment), absolute and real. */
  repositoryRoot(): string;
  /** The folder's real path (symbolic links resolved), comparable with `repositoryRoot()`. */
  realFolder(): string;
}

/** The session in `folder` (absolute, or resolved against the working directory), read now. */
export function loadSession(folder: string, env: NodeJS.ProcessEnv): Session {
  return readSession(resolve(folder), env);
}

/**
 * The session in `folder`, as a gate judges it; a UsageError (exit 2) when the folder cannot be judged:
 * it does not exist, is not a directory, holds a session file that exists but cannot be read (a
 * directory in its place, a permission error, invalid UTF-8), or git refuses it. A missing file is not
 * unusable: it is a violation of the rule that owns it.
 */
export function openSession(folder: string, env: NodeJS.ProcessEnv): Session {
  const session = loadSession(folder, env);
  // git that is missing or refuses the folder (dubious ownership) is unusable input, never "outside git"
  const probe = runGit(['rev-parse', '--show-toplevel'], folder, env);
  if (probe.status !== 0 && !/not a git repository/i.test(probe.stderr)) {
    throw new UsageError(`git cannot read ${folder}: ${probe.stderr.trim()}`);
  }
  return session;
}

/** Throw a UsageError (exit 2) when `folder` cannot be judged (see openSession). */
export function assertUsable(folder: string, env: NodeJS.ProcessEnv): void {
  openSession(folder, env);
}

function readSession(folder: string, env: NodeJS.ProcessEnv): Session {
  let stat: Stats;
  try {
    stat = statSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `no such session folder: ${folder}`
        : `the session folder ${folder} cannot be read (${code})`,
    );
  }
  if (!stat.isDirectory()) throw new UsageError(`the session folder ${folder} is not a directory`);
  for (const dir of SESSION_DIRECTORIES) {
    const kind = entryKind(join(folder, dir));
    if (kind !== 'missing' && kind !== 'directory') {
      throw new UsageError(
        `the session folder ${folder} is unusable: ${dir} ${kind === 'file' ? 'is a file where the contract has a directory' : `cannot be read (${kind})`}`,
      );
    }
  }
  const texts = new Map<SessionFile, Line[] | undefined>();
  for (const file of SESSION_FILES) texts.set(file, readLines(folder, file));
  const fragments = listFragments(folder);

  let topLevel: { value: string | undefined } | undefined;
  let real: string | undefined;
  const gitTopLevel = (): string | undefined => {
    if (!topLevel) {
      topLevel = { value: topLevelOf(folder, env) };
    }
    return topLevel.value;
  };
  const realFolder = (): string => (real ??= realpathSync(folder));
  let root: string | undefined;
  const repositoryRoot = (): string => {
    if (root === undefined) {
      const top = gitTopLevel();
      if (top !== undefined) root = realpathSync(top);
      else {
        const here = realFolder();
        const research = dirname(here);
        const docs = dirname(research);
        root =
          basename(here).endsWith('-brainstorm') && basename(research) === 'research' && basename(docs) === 'docs'
            ? dirname(docs)
            : dirname(here);
      }
    }
    return root;
  };

  return {
    folder,
    state: readState(texts.get('state.md')),
    thesis: readThesis(texts.get('thesis.md')),
    forks: readForks(texts.get('forks.md')),
    ledger: readLedger(texts.get('ledger.md')),
    gitignore: texts.get('ops/.gitignore')?.map((line) => ({ value: line.text, line: line.n })),
    capture: readCapture(texts.get('ops/capture.md')),
    sync: readSyncLog(texts.get('ops/sync-log.md')),
    manifest: readManifest(texts.get('ops/manifest.md'), topicOf(folder)),
    fragments,
    gitTopLevel,
    repositoryRoot,
    realFolder,
  };
}

/** The topic a folder named `{topic}-brainstorm` is about. */
function topicOf(folder: string): string | undefined {
  const name = basename(folder);
  return name.endsWith('-brainstorm') && name.length > '-brainstorm'.length ? name.slice(0, -'-brainstorm'.length) : undefined;
}

function entryKind(path: string): 'missing' | 'directory' | 'file' | string {
  try {
    return statSync(path).isDirectory() ? 'directory' : 'file';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return code === 'ENOENT' ? 'missing' : code;
  }
}

/** A file's lines, undefined when it does not exist; a UsageError when it exists and cannot be read. */
function readLines(folder: string, file: SessionFile): Line[] | undefined {
  const path = join(folder, file);
  if (entryKind(path) === 'missing') return undefined;
  let text: string;
  try {
    text = readTextFile(path, file, MAX_BYTES);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    throw new UsageError(`the session folder ${folder} is unusable: ${file} ${error.reason}`);
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw, index) => ({ n: index + 1, text: raw.replace(/\s+$/, '') }));
}

function listFragments(folder: string): string[] {
  const dir = join(folder, 'fragments');
  if (entryKind(dir) === 'missing') return [];
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.') && !entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    throw new UsageError(`the session folder ${folder} is unusable: fragments cannot be listed (${(error as NodeJS.ErrnoException).code})`);
  }
}

/** True when `path` is `folder` or lies inside it (both absolute). */
export function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
