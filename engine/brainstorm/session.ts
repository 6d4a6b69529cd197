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
 */
import type { Stats } from 'node:fs';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Violation } from '../api/validator';
import { UsageError } from '../errors';
import { DocumentError, printable } from '../io/document-error';
import { runGit } from '../io/git';
import { readTextFile } from '../io/text';

/** The one shape of every datetime of the contract: UTC, to the minute, `Z`. */
export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/;

/** The shape of an ISO date (`Started`). */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The files of a session folder the reader parses, relative to the folder. */
export const SESSION_FILES = [
  'state.md',
  'thesis.md',
  'forks.md',
  'ledger.md',
  'ops/.gitignore',
  'ops/capture.md',
  'ops/sync-log.md',
  'ops/manifest.md',
] as const;

/** A file of the session folder, relative to it. */
export type SessionFile = (typeof SESSION_FILES)[number];

/** The directories of the folder whose entries the reader lists. */
const SESSION_DIRECTORIES = ['ops', 'fragments'] as const;

/** A session file larger than this is refused as unusable (a capture log grows every turn, so it is generous). */
const MAX_BYTES = 16 * 1024 * 1024;

/** A line that drifted from the contract's shape, for the rule that owns it to report. */
export interface Drift {
  readonly file: SessionFile;
  /** 1-based. */
  readonly line: number;
  /** What is wrong, in the contract's terms. */
  readonly message: string;
}

/** A value read from a line. */
export interface Located {
  readonly value: string;
  readonly line: number;
}

// --- state.md ---------------------------------------------------------------------------------------

export const STATE_FIELDS = ['Status', 'Posture', 'Started', 'Sitting', 'Last compose'] as const;
export type StateFieldName = (typeof STATE_FIELDS)[number];

export const STATUSES = ['open', 'stopping', 'harvested'] as const;
export const SITTINGS = ['single', 'multi'] as const;

/** One ref of an aspect line. */
export type AspectRef =
  | { readonly kind: 'fork'; readonly id: string; readonly text: string }
  | { readonly kind: 'decision'; readonly id: string; readonly text: string }
  | { readonly kind: 'fragment'; readonly name: string; readonly text: string }
  | { readonly kind: 'thesis'; readonly text: string }
  | { readonly kind: 'none-yet'; readonly text: string }
  | { readonly kind: 'malformed'; readonly text: string };

/** `- {name} — {gloss} → {refs}` */
export interface Aspect {
  readonly name: string;
  readonly gloss: string;
  readonly refs: readonly AspectRef[];
  readonly line: number;
}

export interface State {
  readonly present: boolean;
  /** The first line of each field, read even when it drifted (see `drift`). */
  readonly fields: Readonly<Partial<Record<StateFieldName, Located>>>;
  /** Field lines that drift from `- {Field}: {value}` or carry a value the contract does not allow. */
  readonly drift: readonly Drift[];
  /** The `## Aspect map` heading, when there is one (drifted spellings included). */
  readonly aspectMap?: { readonly line: number };
  readonly aspects: readonly Aspect[];
  /** Aspect lines (and the heading) that drift from their shape. */
  readonly aspectDrift: readonly Drift[];
}

// --- thesis.md --------------------------------------------------------------------------------------

export const THESIS_SECTIONS = ['Claim', 'Argument', 'What changed'] as const;
export type ThesisSection = (typeof THESIS_SECTIONS)[number];

export interface Thesis {
  readonly present: boolean;
  /** The level-1 heading before the stamp. */
  readonly title?: Located;
  /**
   * `Current as of: <datetime>`: the raw value, whatever its shape. Before the first compose it may read
   * `never`, as `Last compose` does in state.md (a freshly bootstrapped session passes the session gate).
   */
  readonly stamp?: Located;
  /** The mandated sections, in file order (drifted spellings included). */
  readonly sections: readonly { readonly name: ThesisSection; readonly line: number }[];
  readonly drift: readonly Drift[];
}

// --- forks.md ---------------------------------------------------------------------------------------

export interface RaisedBy extends Located {
  /** The sync a `twin (S<n>)` attribution cites (`S3`), when it does. */
  readonly sync?: string;
}

export interface Fork {
  readonly id: string;
  readonly title: string;
  /** The bracket's state; undefined when the heading has no bracket the reader understands. */
  readonly state?: 'open' | 'parked';
  /** The destination path of a parked fork; empty when the park names none. */
  readonly destination?: string;
  readonly raisedBy?: RaisedBy;
  readonly closesWhen?: Located;
  /** The body's opening `Blindspot:` text. */
  readonly blindspot?: Located;
  /** The heading's line. */
  readonly line: number;
}

export interface Forks {
  readonly present: boolean;
  readonly forks: readonly Fork[];
  readonly drift: readonly Drift[];
}

// --- ledger.md --------------------------------------------------------------------------------------

export const DECISION_FIELDS = ['Decision', 'Why', 'How to apply', 'Resolves'] as const;
export type DecisionField = (typeof DECISION_FIELDS)[number];

export interface Decision {
  readonly id: string;
  readonly title: string;
  readonly line: number;
  /** Each field's value, continuation lines joined with a space; `line` is the field's first line. */
  readonly fields: Readonly<Partial<Record<DecisionField, Located>>>;
  /** The fork ids `Resolves:` lists. */
  readonly resolves: readonly string[];
}

export interface Ledger {
  readonly present: boolean;
  readonly decisions: readonly Decision[];
  readonly drift: readonly Drift[];
}

// --- ops/capture.md ---------------------------------------------------------------------------------

/** `### T<n> · <datetime>` */
export interface CaptureEntry {
  readonly number: number;
  /** The heading's datetime as written; judge it with DATETIME before comparing. */
  readonly datetime: string;
  readonly line: number;
}

export interface Capture {
  readonly present: boolean;
  readonly entries: readonly CaptureEntry[];
  readonly drift: readonly Drift[];
}

// --- ops/sync-log.md --------------------------------------------------------------------------------

export const SYNC_GATES = ['start', 'on-demand', 'pause', 'stop'] as const;

/** `S<n> | gate: <gate> | dispatched: <datetime> | scope: <text>` */
export interface Dispatch {
  /** `S<n>` */
  readonly id: string;
  readonly gate: string;
  readonly dispatched: string;
  readonly scope: string;
  readonly line: number;
}

/** `S<n> → reconciled | <datetime> | <summary>` or `S<n> → failed | <datetime> | <reason>` */
export interface SyncResult {
  readonly id: string;
  readonly outcome: 'reconciled' | 'failed';
  readonly at: string;
  /** The summary of a reconciled sync, the reason of a failed one. */
  readonly text: string;
  readonly line: number;
}

export interface SyncLog {
  readonly present: boolean;
  readonly dispatches: readonly Dispatch[];
  readonly results: readonly SyncResult[];
  readonly drift: readonly Drift[];
}

// --- ops/manifest.md --------------------------------------------------------------------------------

export const MANIFEST_STATUSES = ['proposed', 'approved', 'applied'] as const;
export const MANIFEST_COLUMNS = ['#', 'What', 'Source', 'Destination', 'Action'] as const;
export const USELESSNESS_FIELDS = ['Result', 'Cold-reader allowed paths', 'Gaps'] as const;
export type UselessnessField = (typeof USELESSNESS_FIELDS)[number];

/** `| # | What | Source | Destination | Action |` */
export interface ManifestRow {
  readonly number: string;
  readonly what: string;
  readonly source: string;
  /** The destination cell, with code backticks around it removed. */
  readonly destination: string;
  readonly action: string;
  readonly line: number;
}

export interface Manifest {
  readonly present: boolean;
  /** `# Harvest manifest — {topic}`: the topic. */
  readonly title?: Located;
  readonly round?: Located;
  readonly status?: Located;
  /** The table's header row. */
  readonly table?: { readonly line: number };
  readonly rows: readonly ManifestRow[];
  /** The `## Uselessness test` section and its fields. */
  readonly uselessness?: { readonly line: number; readonly fields: Readonly<Partial<Record<UselessnessField, Located>>> };
  /** Drift of the title, Round, Status and the table. */
  readonly drift: readonly Drift[];
  /** Drift of the uselessness test. */
  readonly uselessnessDrift: readonly Drift[];
}

// --- the session ------------------------------------------------------------------------------------

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

/** A drifted line as a violation: subject and file are the session-relative file. */
export function driftViolation(drift: Drift): Violation {
  return { subject: drift.file, file: drift.file, line: drift.line, message: drift.message };
}

/** What a datetime that is not of the contract's shape is, when that can be said (`carries seconds`). */
export function datetimeHint(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) return 'it carries seconds';
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?[+-]\d{2}:?\d{2}$/.test(value)) return 'it is local time with an offset, not UTC';
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(value)) return 'it has no `Z`: local time, or UTC unmarked';
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}Z$/.test(value)) return 'a space stands where the contract has `T`';
  if (DATE.test(value)) return 'it is a date without a time';
  return undefined;
}

/** The sentence for a stamp that is not a datetime of the contract's shape. */
export function datetimeProblem(label: string, value: string): string {
  const hint = datetimeHint(value);
  const shown = value === '' ? 'empty' : `\`${printable(value, 60)}\``;
  return `${label} is ${shown}, not a UTC datetime of the one shape YYYY-MM-DDTHH:MMZ${hint ? ` (${hint})` : ''}`;
}

// ---------------------------------------------------------------------------------------------------
// Reading

interface Line {
  /** 1-based. */
  readonly n: number;
  /** The line without its `\r` and trailing whitespace. */
  readonly text: string;
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
      const result = runGit(['rev-parse', '--show-toplevel'], folder, env);
      topLevel = { value: result.status === 0 && result.stdout.trim() !== '' ? result.stdout.trim() : undefined };
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

/** The lines of a Markdown file outside fenced code blocks (the fences themselves dropped). */
function prose(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line.text)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    out.push(line);
  }
  return out;
}

/** `## Some heading` → level and text; undefined for a line that is not a heading. */
function heading(text: string): { level: number; title: string } | undefined {
  const match = /^\s{0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?$/.exec(text) ?? /^\s{0,3}(#{1,6})(\S.*)$/.exec(text);
  return match ? { level: match[1]!.length, title: (match[2] ?? '').trim() } : undefined;
}

/** A name as a reader compares it: lower case, runs of spaces, `-` and `_` as one space, no closing colon. */
function key(name: string): string {
  return name
    .replace(/[*_`]/g, ' ')
    .trim()
    .replace(/:$/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** `- Name: value` in any spelling a person might drift to: marker, case, spacing, emphasis. */
function fieldLine(text: string): { name: string; value: string } | undefined {
  const match = /^\s*(?:[-*+]\s*)?(?:\*\*|__)?([A-Za-z][A-Za-z _-]*?)\s*(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.*)$/.exec(text);
  return match ? { name: key(match[1]!), value: match[2]!.trim() } : undefined;
}

function isListItem(text: string): boolean {
  return /^\s*[-*+](\s|$)/.test(text);
}

function shown(text: string): string {
  return `\`${printable(text, 100)}\``;
}

/** Why a separator the contract writes as ` — ` is not there. */
function dashHint(text: string): string {
  return /\s(-{1,2}|–)\s/.test(text) ? 'a `-` stands where the contract has the em dash ` — `' : 'the em dash ` — ` is missing';
}

/** Why a separator the contract writes as ` → ` is not there. */
function arrowHint(text: string): string {
  return /->|=>/.test(text) ? '`->` stands where the contract has the arrow ` → `' : 'the arrow ` → ` is missing';
}

class DriftList {
  readonly items: Drift[] = [];
  constructor(private readonly file: SessionFile) {}
  add(line: number, message: string): void {
    this.items.push({ file: this.file, line, message });
  }
}

// --- state.md ---------------------------------------------------------------------------------------

const STATE_FIELD_BY_KEY: ReadonlyMap<string, StateFieldName> = new Map(STATE_FIELDS.map((name) => [key(name), name]));

function readState(lines: Line[] | undefined): State {
  const fields: Partial<Record<StateFieldName, Located>> = {};
  const drift = new DriftList('state.md');
  const aspectDrift = new DriftList('state.md');
  const aspects: Aspect[] = [];
  let aspectMap: { line: number } | undefined;
  if (!lines) return { present: false, fields, drift: [], aspects, aspectDrift: [] };
  let section: 'preamble' | 'aspects' | 'other' = 'preamble';
  for (const { n, text } of prose(lines)) {
    if (text.trim() === '') continue;
    const head = heading(text);
    if (head) {
      if (key(head.title) === 'aspect map') {
        if (aspectMap) aspectDrift.add(n, `a second aspect map heading (the first is at line ${aspectMap.line})`);
        else {
          aspectMap = { line: n };
          if (text !== '## Aspect map') aspectDrift.add(n, `the heading reads ${shown(text)}; the contract has \`## Aspect map\``);
        }
        section = 'aspects';
      } else if (!(head.level === 1 && section === 'preamble')) {
        // a level-3 heading inside the map is a note, not the end of it
        if (!(section === 'aspects' && head.level > 2)) section = 'other';
      }
      continue;
    }
    if (section === 'preamble') readStateField(n, text, fields, drift);
    else if (section === 'aspects') readAspect(n, text, aspects, aspectDrift);
  }
  return { present: true, fields, drift: drift.items, aspectMap, aspects, aspectDrift: aspectDrift.items };
}

function readStateField(n: number, text: string, fields: Partial<Record<StateFieldName, Located>>, drift: DriftList): void {
  const field = fieldLine(text);
  const name = field && STATE_FIELD_BY_KEY.get(field.name);
  if (!field || !name) {
    if (isListItem(text))
      drift.add(n, `${shown(text)} is not a field of state.md (${STATE_FIELDS.join(', ')}, each \`- {Field}: {value}\`)`);
    return;
  }
  const first = fields[name];
  if (first) {
    drift.add(n, `${name} appears a second time (first at line ${first.line})`);
    return;
  }
  fields[name] = { value: field.value, line: n };
  if (field.value === '') {
    drift.add(n, `${name} has no value`);
    return;
  }
  if (text !== `- ${name}: ${field.value}`) {
    drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: ${printable(field.value, 60)}\``);
  }
  const problem = stateValueProblem(name, field.value);
  if (problem) drift.add(n, problem);
}

function stateValueProblem(name: StateFieldName, value: string): string | undefined {
  switch (name) {
    case 'Status':
      return (STATUSES as readonly string[]).includes(value)
        ? undefined
        : `Status is ${shown(value)}; the contract has ${STATUSES.join(' → ')}`;
    case 'Sitting':
      return (SITTINGS as readonly string[]).includes(value) ? undefined : `Sitting is ${shown(value)}; the contract has single or multi`;
    case 'Started':
      return DATE.test(value) ? undefined : `Started is ${shown(value)}, not an ISO date YYYY-MM-DD`;
    case 'Last compose':
      return value === 'never' || DATETIME.test(value) ? undefined : `${datetimeProblem('Last compose', value)}, nor \`never\``;
    case 'Posture':
      return undefined;
  }
}

function readAspect(n: number, text: string, aspects: Aspect[], drift: DriftList): void {
  if (!isListItem(text)) {
    // prose under the map is allowed; a line shaped like an aspect without its marker is not
    if (/ — | → |->/.test(text))
      drift.add(n, `${shown(text)} reads like an aspect but does not open with \`- \`: an aspect line is \`- {name} — {gloss} → {refs}\``);
    return;
  }
  const exact = /^- (.+?) — (.+) → (.+)$/.exec(text);
  const loose = exact ?? /^\s*[-*+]\s*(.+?)\s*(?:—|\s–\s|\s--?\s)\s*(.+?)\s*(?:→|->|=>)\s*([^→>]+)$/.exec(text);
  if (!loose) {
    const hints = [!text.includes(' — ') ? dashHint(text) : undefined, !text.includes(' → ') ? arrowHint(text) : undefined].filter(
      (h) => h !== undefined,
    );
    drift.add(n, `${shown(text)} is not an aspect line \`- {name} — {gloss} → {refs}\`${hints.length ? `: ${hints.join('; ')}` : ''}`);
    return;
  }
  const [, name, gloss, refs] = loose as unknown as [string, string, string, string];
  if (!exact || name !== name.trim()) {
    const hints: string[] = [];
    if (!text.startsWith('- ')) hints.push('an aspect line opens `- `');
    if (!text.includes(' — ')) hints.push(dashHint(text));
    if (!text.includes(' → ')) hints.push(arrowHint(text));
    drift.add(n, `the aspect line drifts from \`- {name} — {gloss} → {refs}\`${hints.length ? `: ${hints.join('; ')}` : ' (spacing)'}`);
  }
  aspects.push({ name: name.trim(), gloss: gloss.trim(), refs: refs.split(',').map((ref) => parseRef(ref.trim())), line: n });
}

function parseRef(text: string): AspectRef {
  if (/^F\d+$/.test(text)) return { kind: 'fork', id: text, text };
  if (/^D\d+$/.test(text)) return { kind: 'decision', id: text, text };
  const fragment = /^fragment:(\S+)$/.exec(text);
  if (fragment) return { kind: 'fragment', name: fragment[1]!, text };
  if (text === 'thesis') return { kind: 'thesis', text };
  if (text === 'none yet') return { kind: 'none-yet', text };
  return { kind: 'malformed', text };
}

// --- thesis.md --------------------------------------------------------------------------------------

const THESIS_SECTION_BY_KEY: ReadonlyMap<string, ThesisSection> = new Map(THESIS_SECTIONS.map((name) => [key(name), name]));

function readThesis(lines: Line[] | undefined): Thesis {
  const drift = new DriftList('thesis.md');
  const sections: { name: ThesisSection; line: number }[] = [];
  let title: Located | undefined;
  let stamp: Located | undefined;
  if (!lines) return { present: false, sections, drift: [] };
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (head) {
      const name = THESIS_SECTION_BY_KEY.get(key(head.title));
      if (name) {
        sections.push({ name, line: n });
        if (text !== `## ${name}`) drift.add(n, `the section heading reads ${shown(text)}; the contract has \`## ${name}\``);
      } else if (head.level === 1 && !title && !stamp && sections.length === 0) {
        title = { value: head.title, line: n };
      }
      continue;
    }
    const match = /^[\s>*_-]*current as of\b[\s*_]*:?[\s*_]*(.*)$/i.exec(text);
    if (!match) continue;
    const value = match[1]!.replace(/[*_]+$/, '').trim();
    if (stamp) {
      drift.add(n, `a second \`Current as of:\` stamp (the first is at line ${stamp.line})`);
      continue;
    }
    stamp = { value, line: n };
    if (text !== `Current as of: ${value}`)
      drift.add(n, `the stamp reads ${shown(text)}; the contract has \`Current as of: <YYYY-MM-DDTHH:MMZ>\``);
    else if (!DATETIME.test(value) && value !== 'never') drift.add(n, `${datetimeProblem('the thesis stamp', value)}, nor \`never\``);
  }
  return { present: true, title, stamp, sections, drift: drift.items };
}

// --- forks.md ---------------------------------------------------------------------------------------

interface ForkDraft {
  id: string;
  title: string;
  state?: 'open' | 'parked';
  destination?: string;
  raisedBy?: RaisedBy;
  closesWhen?: Located;
  blindspot?: Located;
  line: number;
  /** Whether a non-blank body line was read yet (a blindspot opens the body). */
  bodyStarted: boolean;
}

const FORK_SHAPE = '`## F<n> — {title} [open]` or `## F<n> — {title} [parked → {destination path}]`';

function readForks(lines: Line[] | undefined): Forks {
  const drift = new DriftList('forks.md');
  const forks: ForkDraft[] = [];
  if (!lines) return { present: false, forks, drift: [] };
  let current: ForkDraft | undefined;
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (head) {
      const isFork = /^F\d+\b/.test(head.title);
      if (head.level === 1 && !isFork) {
        current = undefined;
      } else if (head.level === 2 || isFork) {
        current = readForkHeading(n, text, head, drift);
        if (current) forks.push(current);
      } else if (current) {
        current.bodyStarted = true;
      }
      continue;
    }
    if (current && text.trim() !== '') readForkBody(current, n, text, drift);
  }
  const seen = new Map<string, number>();
  for (const fork of forks) {
    const first = seen.get(fork.id);
    if (first !== undefined) drift.add(fork.line, `the fork id ${fork.id} is used twice (first at line ${first})`);
    else seen.set(fork.id, fork.line);
  }
  return { present: true, forks: forks.map(({ bodyStarted: _, ...fork }) => fork), drift: drift.items };
}

function readForkHeading(n: number, text: string, head: { level: number; title: string }, drift: DriftList): ForkDraft | undefined {
  const exact = /^## (F\d+) — (.+) \[(open|parked → (\S.*))\]$/.exec(text);
  if (exact) {
    return {
      id: exact[1]!,
      title: exact[2]!,
      state: exact[3] === 'open' ? 'open' : 'parked',
      destination: exact[4],
      line: n,
      bodyStarted: false,
    };
  }
  const id = /^(F\d+)\b/.exec(head.title)?.[1];
  if (!id) {
    drift.add(n, `${shown(text)} is not a fork heading: ${FORK_SHAPE}`);
    return undefined;
  }
  const bracket = /\[([^[\]]*)\]$/.exec(head.title);
  const inner = bracket?.[1]?.trim();
  const rest = head.title.slice(id.length, bracket ? head.title.length - bracket[0].length : undefined);
  const title = rest.replace(/^\s*(?:—|–|--?|:)?\s*/, '').trim();
  let state: 'open' | 'parked' | undefined;
  let destination: string | undefined;
  const problems: string[] = [];
  if (head.level !== 2) problems.push('a fork heading is level 2 (`## `)');
  if (!rest.startsWith(' — ')) problems.push(dashHint(rest));
  if (title === '') problems.push('it has no title');
  if (inner === undefined) {
    problems.push('it has no state bracket `[open]` or `[parked → {destination path}]`');
  } else if (/^open$/i.test(inner)) {
    state = 'open';
    if (inner !== 'open') problems.push(`the bracket reads \`[${inner}]\`; the contract has \`[open]\``);
  } else if (/^parked\b/i.test(inner)) {
    state = 'parked';
    const after = inner.slice('parked'.length);
    destination = after.replace(/^\s*(?:→|->|=>|:|-)?\s*/, '').trim();
    if (destination === '') problems.push(`${id} is parked without a destination: the bracket is \`[parked → {destination path}]\``);
    else if (!after.startsWith(' → ')) problems.push(arrowHint(after));
  } else {
    problems.push(`the bracket \`[${printable(inner, 60)}]\` is neither \`[open]\` nor \`[parked → {destination path}]\``);
  }
  drift.add(n, `the fork heading drifts from ${FORK_SHAPE}: ${problems.length ? problems.join('; ') : 'spacing'}`);
  return { id, title, state, destination, line: n, bodyStarted: false };
}

function readForkBody(fork: ForkDraft, n: number, text: string, drift: DriftList): void {
  const opening = !fork.bodyStarted;
  fork.bodyStarted = true;
  const field = fieldLine(text);
  if (field && (field.name === 'raised by' || field.name === 'closes when')) {
    const name = field.name === 'raised by' ? 'Raised by' : 'Closes when';
    const slot = field.name === 'raised by' ? 'raisedBy' : 'closesWhen';
    const first = fork[slot];
    if (first) {
      drift.add(n, `${fork.id} has a second \`${name}:\` (the first is at line ${first.line})`);
      return;
    }
    const exactLine = field.value === '' ? `- ${name}:` : `- ${name}: ${field.value}`;
    if (text !== exactLine) drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: …\``);
    if (slot === 'closesWhen') {
      fork.closesWhen = { value: field.value, line: n };
      return;
    }
    const twin = /^twin\s*\(\s*(S\d+)\s*\)$/i.exec(field.value);
    fork.raisedBy = { value: field.value, line: n, sync: twin?.[1] };
    if (!/^(user|facilitator|twin \(S\d+\))$/.test(field.value)) {
      drift.add(n, `Raised by is ${shown(field.value)}; the contract has \`user\`, \`facilitator\` or \`twin (S<n>)\``);
    }
    return;
  }
  const blindspot = /^[\s*_]*blindspot\b[\s*_]*:?[\s*_]*(.*)$/i.exec(text);
  if (blindspot) {
    const value = blindspot[1]!.trim();
    if (!fork.blindspot) fork.blindspot = { value, line: n };
    if (!opening) drift.add(n, `a blindspot fork's body opens with \`Blindspot:\`; here it comes later`);
    else if (!text.startsWith('Blindspot: ') || value === '')
      drift.add(n, `the line reads ${shown(text)}; a blindspot fork's body opens \`Blindspot: …\``);
  }
}

// --- ledger.md --------------------------------------------------------------------------------------

const DECISION_FIELD_BY_KEY: ReadonlyMap<string, DecisionField> = new Map(DECISION_FIELDS.map((name) => [key(name), name]));

interface DecisionDraft {
  id: string;
  title: string;
  line: number;
  fields: Partial<Record<DecisionField, { value: string; line: number }>>;
}

function readLedger(lines: Line[] | undefined): Ledger {
  const drift = new DriftList('ledger.md');
  const drafts: DecisionDraft[] = [];
  if (!lines) return { present: false, decisions: [], drift: [] };
  let current: DecisionDraft | undefined;
  let open: { value: string; line: number } | undefined;
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (head) {
      open = undefined;
      const isDecision = /^D\d+\b/.test(head.title);
      if (head.level === 1 && !isDecision) current = undefined;
      else if (head.level === 2 || isDecision) {
        current = readDecisionHeading(n, text, head, drift);
        if (current) drafts.push(current);
      }
      continue;
    }
    if (!current) continue;
    if (text.trim() === '') {
      open = undefined;
      continue;
    }
    const field = fieldLine(text);
    const name = field && DECISION_FIELD_BY_KEY.get(field.name);
    if (field && name && !/^\s/.test(text.replace(/^\s*[-*+]/, '-'))) {
      const first = current.fields[name];
      if (first) {
        drift.add(n, `${current.id} has a second \`${name}:\` (the first is at line ${first.line})`);
        open = undefined;
        continue;
      }
      const exactLine = field.value === '' ? `- ${name}:` : `- ${name}: ${field.value}`;
      if (text !== exactLine) drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: …\``);
      open = { value: field.value, line: n };
      current.fields[name] = open;
      continue;
    }
    // a value wraps onto indented continuation lines
    if (open && /^\s+\S/.test(text)) {
      open.value = open.value === '' ? text.trim() : `${open.value} ${text.trim()}`;
      continue;
    }
    open = undefined;
  }
  const decisions: Decision[] = [];
  const seen = new Map<string, number>();
  for (const draft of drafts) {
    const first = seen.get(draft.id);
    if (first !== undefined)
      drift.add(draft.line, `the decision id ${draft.id} is used twice (first at line ${first}); ids are unique and never reused`);
    else seen.set(draft.id, draft.line);
    const resolvesField = draft.fields.Resolves;
    const resolves: string[] = [];
    if (resolvesField) {
      for (const token of resolvesField.value.split(',').map((t) => t.trim())) {
        if (/^F\d+$/.test(token)) resolves.push(token);
        else drift.add(resolvesField.line, `Resolves names ${shown(token)}; it lists fork ids F<n>, comma-separated`);
      }
    }
    decisions.push({ id: draft.id, title: draft.title, line: draft.line, fields: draft.fields, resolves });
  }
  return { present: true, decisions, drift: drift.items };
}

function readDecisionHeading(n: number, text: string, head: { level: number; title: string }, drift: DriftList): DecisionDraft | undefined {
  const exact = /^## (D\d+) — (\S.*)$/.exec(text);
  if (exact) return { id: exact[1]!, title: exact[2]!, line: n, fields: {} };
  const id = /^(D\d+)\b/.exec(head.title)?.[1];
  if (!id) {
    drift.add(n, `${shown(text)} is not a decision heading \`## D<n> — {title}\``);
    return undefined;
  }
  const rest = head.title.slice(id.length);
  const title = rest.replace(/^\s*(?:—|–|--?|:)?\s*/, '').trim();
  const problems: string[] = [];
  if (head.level !== 2) problems.push('a decision heading is level 2 (`## `)');
  if (!rest.startsWith(' — ')) problems.push(dashHint(rest));
  if (title === '') problems.push('it has no title');
  drift.add(n, `the decision heading drifts from \`## D<n> — {title}\`: ${problems.length ? problems.join('; ') : 'spacing'}`);
  return { id, title, line: n, fields: {} };
}

// --- ops/capture.md ---------------------------------------------------------------------------------

function readCapture(lines: Line[] | undefined): Capture {
  const drift = new DriftList('ops/capture.md');
  const entries: CaptureEntry[] = [];
  if (!lines) return { present: false, entries, drift: [] };
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (!head) continue;
    const tolerant = /^T(\d+)\b\s*(.*)$/.exec(head.title);
    if (!tolerant) {
      if (head.level >= 3) drift.add(n, `${shown(text)} is not a capture entry heading \`### T<n> · <YYYY-MM-DDTHH:MMZ>\``);
      continue;
    }
    const exact = /^### T(\d+) · (\S+)$/.exec(text);
    const datetime = exact ? exact[2]! : tolerant[2]!.replace(/^[\s·•|:–—-]+/, '').trim();
    const entry = { number: Number(tolerant[1]), datetime, line: n };
    const previous = entries[entries.length - 1];
    entries.push(entry);
    const problems: string[] = [];
    if (!exact) {
      if (head.level !== 3) problems.push('an entry heading is level 3 (`### `)');
      if (!tolerant[2]!.startsWith('· '))
        problems.push(
          /^\s*[-–—|:]/.test(tolerant[2]!)
            ? 'a `-` (or another mark) stands where the contract has the middle dot ` · `'
            : 'the middle dot ` · ` is missing',
        );
    }
    if (!DATETIME.test(datetime)) problems.push(datetimeProblem('the entry datetime', datetime));
    if (problems.length) drift.add(n, `the capture heading drifts from \`### T<n> · <YYYY-MM-DDTHH:MMZ>\`: ${problems.join('; ')}`);
    const expected = previous ? previous.number + 1 : 1;
    if (entry.number !== expected) {
      drift.add(
        n,
        `T${entry.number} ${previous ? `follows T${previous.number}` : 'is the first entry'}: entries are numbered in order, T1, T2, …`,
      );
    }
  }
  return { present: true, entries, drift: drift.items };
}

// --- ops/sync-log.md --------------------------------------------------------------------------------

const DISPATCH_SHAPE = '`S<n> | gate: <gate> | dispatched: <YYYY-MM-DDTHH:MMZ> | scope: <text>`';
const RESULT_SHAPE = '`S<n> → reconciled | <YYYY-MM-DDTHH:MMZ> | <summary>` or `S<n> → failed | <YYYY-MM-DDTHH:MMZ> | <reason>`';

function readSyncLog(lines: Line[] | undefined): SyncLog {
  const drift = new DriftList('ops/sync-log.md');
  const dispatches: Dispatch[] = [];
  const results: SyncResult[] = [];
  if (!lines) return { present: false, dispatches, results, drift: [] };
  for (const { n, text } of lines) {
    // the log is plain lines: blank lines, headings and code fences around them are not entries
    if (text.trim() === '' || heading(text) || /^\s*(`{3,}|~{3,})/.test(text)) continue;
    const body = text.replace(/^\s*(?:[-*+]\s+)?`?/, '').replace(/`$/, '');
    if (/\bgate\s*:|\bdispatched\b/i.test(body)) readDispatch(n, text, body, dispatches, drift);
    else if (/\b(reconciled|failed)\b/i.test(body)) readResult(n, text, body, results, drift);
    else drift.add(n, `${shown(text)} is neither a dispatch line ${DISPATCH_SHAPE} nor a result line ${RESULT_SHAPE}`);
  }
  let expected = 1;
  for (const dispatch of dispatches) {
    if (dispatch.id !== `S${expected}`) {
      drift.add(
        dispatch.line,
        `the dispatch ${dispatch.id} ${expected === 1 ? 'is the first' : `follows S${expected - 1}`}: ids run S1, S2, … across the session`,
      );
    }
    expected = Number(dispatch.id.slice(1)) + 1;
  }
  return { present: true, dispatches, results, drift: drift.items };
}

function readDispatch(n: number, text: string, body: string, dispatches: Dispatch[], drift: DriftList): void {
  const exact = /^S(\d+) \| gate: (\S+) \| dispatched: (\S+) \| scope: (\S.*)$/.exec(text);
  const loose = exact ?? /^S(\d+)\s*\|?\s*gate\s*:\s*([^|]*?)\s*\|\s*dispatched\s*:\s*([^|]*?)\s*\|\s*scope\s*:\s*(.*)$/i.exec(body);
  if (!loose) {
    drift.add(n, `${shown(text)} is not a dispatch line ${DISPATCH_SHAPE}`);
    return;
  }
  const [, number, gate, dispatched, scope] = loose as unknown as [string, string, string, string, string];
  dispatches.push({ id: `S${number}`, gate, dispatched, scope, line: n });
  const problems: string[] = [];
  if (!(SYNC_GATES as readonly string[]).includes(gate))
    problems.push(`the gate is ${shown(gate)}; the contract has ${SYNC_GATES.join(' · ')}`);
  if (!DATETIME.test(dispatched)) problems.push(datetimeProblem('dispatched', dispatched));
  if (scope.trim() === '') problems.push('the scope is empty');
  if (!exact && problems.length === 0) problems.push(`the line reads ${shown(text)}; write it exactly ${DISPATCH_SHAPE}`);
  if (problems.length) drift.add(n, `the dispatch line drifts: ${problems.join('; ')}`);
}

function readResult(n: number, text: string, body: string, results: SyncResult[], drift: DriftList): void {
  const exact = /^S(\d+) → (reconciled|failed) \| (\S+) \| (\S.*)$/.exec(text);
  const loose = exact ?? /^S(\d+)\s*(→|->|=>|-|:)?\s*(reconciled|failed)\s*\|\s*([^|]*?)\s*\|\s*(.*)$/i.exec(body);
  if (!loose) {
    drift.add(n, `${shown(text)} is not a result line ${RESULT_SHAPE}`);
    return;
  }
  const [number, arrow, outcome, at, said] = exact
    ? [exact[1]!, '→', exact[2]!, exact[3]!, exact[4]!]
    : [loose[1]!, loose[2] ?? '', loose[3]!, loose[4]!, loose[5]!];
  const kind = outcome.toLowerCase() === 'failed' ? 'failed' : 'reconciled';
  results.push({ id: `S${number}`, outcome: kind, at, text: said.trim(), line: n });
  const problems: string[] = [];
  if (arrow !== '→') problems.push(arrowHint(arrow));
  if (outcome !== kind) problems.push(`the outcome reads ${shown(outcome)}; the contract has \`${kind}\``);
  if (!DATETIME.test(at)) problems.push(datetimeProblem('the result datetime', at));
  if (said.trim() === '')
    problems.push(kind === 'failed' ? 'a failed result carries its reason' : 'a reconciled result carries its summary');
  if (!exact && problems.length === 0) problems.push(`the line reads ${shown(text)}; write it exactly ${RESULT_SHAPE}`);
  if (problems.length) drift.add(n, `the result line drifts: ${problems.join('; ')}`);
}

// --- ops/manifest.md --------------------------------------------------------------------------------

const USELESSNESS_FIELD_BY_KEY: ReadonlyMap<string, UselessnessField> = new Map(USELESSNESS_FIELDS.map((name) => [key(name), name]));

function readManifest(lines: Line[] | undefined, topic: string | undefined): Manifest {
  const drift = new DriftList('ops/manifest.md');
  const uselessnessDrift = new DriftList('ops/manifest.md');
  const rows: ManifestRow[] = [];
  if (!lines) return { present: false, rows, drift: [], uselessnessDrift: [] };
  let title: Located | undefined;
  let round: Located | undefined;
  let status: Located | undefined;
  let table: { line: number } | undefined;
  let separator = false;
  let uselessness: { line: number; fields: Partial<Record<UselessnessField, Located>> } | undefined;
  let section: 'head' | 'uselessness' | 'other' = 'head';
  for (const { n, text } of prose(lines)) {
    if (text.trim() === '') continue;
    const head = heading(text);
    if (head) {
      if (key(head.title) === 'uselessness test') {
        if (uselessness) uselessnessDrift.add(n, `a second uselessness test (the first is at line ${uselessness.line})`);
        else {
          uselessness = { line: n, fields: {} };
          if (text !== '## Uselessness test')
            uselessnessDrift.add(n, `the heading reads ${shown(text)}; the contract has \`## Uselessness test\``);
        }
        section = 'uselessness';
      } else if (!title && section === 'head' && /^harvest manifest\b/i.test(head.title)) {
        const exact = /^# Harvest manifest — (\S.*)$/.exec(text);
        const loose = /^harvest manifest\b\s*(?:—|–|--?|:)?\s*(.*)$/i.exec(head.title);
        title = { value: (exact?.[1] ?? loose?.[1] ?? '').trim(), line: n };
        if (!exact)
          drift.add(
            n,
            `the title reads ${shown(text)}; the contract has \`# Harvest manifest — {topic}\`${loose && !/ — /.test(text) ? ` (${dashHint(text)})` : ''}`,
          );
        else if (topic !== undefined && exact[1] !== topic)
          drift.add(n, `the title names the topic ${shown(exact[1]!)}, but the folder is ${topic}-brainstorm`);
      } else {
        section = head.level <= 2 ? 'other' : section;
      }
      continue;
    }
    if (section === 'head') {
      if (/^\s*\|/.test(text)) {
        const cells = splitRow(text);
        if (!table) {
          table = { line: n };
          if (cells.join('|') !== MANIFEST_COLUMNS.join('|'))
            drift.add(n, `the table header reads ${shown(text)}; the contract has \`| ${MANIFEST_COLUMNS.join(' | ')} |\``);
        } else if (!separator && cells.every((cell) => /^:?-+:?$/.test(cell))) {
          separator = true;
        } else {
          readManifestRow(n, cells, rows, drift);
        }
        continue;
      }
      const field = fieldLine(text);
      if (field && (field.name === 'round' || field.name === 'status')) {
        const name = field.name === 'round' ? 'Round' : 'Status';
        const existing = name === 'Round' ? round : status;
        if (existing) {
          drift.add(n, `${name} appears a second time (first at line ${existing.line})`);
          continue;
        }
        const located = { value: field.value, line: n };
        if (name === 'Round') round = located;
        else status = located;
        if (text !== `${name}: ${field.value}`) drift.add(n, `the line reads ${shown(text)}; the contract has \`${name}: …\``);
        else if (name === 'Round' && !/^[1-9]\d*$/.test(field.value))
          drift.add(n, `Round is ${shown(field.value)}, not a round number 1, 2, …`);
        else if (name === 'Status' && !(MANIFEST_STATUSES as readonly string[]).includes(field.value)) {
          drift.add(n, `Status is ${shown(field.value)}; the contract has ${MANIFEST_STATUSES.join(' → ')}`);
        }
      }
      continue;
    }
    if (section === 'uselessness' && uselessness) readUselessnessField(n, text, uselessness.fields, uselessnessDrift);
  }
  if (table && !separator) drift.add(table.line, 'the table header has no separator row `|---|…|` under it');
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.number);
    if (first !== undefined) drift.add(row.line, `row ${row.number} is numbered twice (first at line ${first})`);
    else seen.set(row.number, row.line);
  }
  return { present: true, title, round, status, table, rows, uselessness, drift: drift.items, uselessnessDrift: uselessnessDrift.items };
}

/** The cells of a table line, unescaped pipes splitting them. */
function splitRow(text: string): string[] {
  const inner = text
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function readManifestRow(n: number, cells: string[], rows: ManifestRow[], drift: DriftList): void {
  if (cells.length !== MANIFEST_COLUMNS.length) {
    drift.add(n, `the row has ${cells.length} cell(s); a manifest row has ${MANIFEST_COLUMNS.length}: ${MANIFEST_COLUMNS.join(', ')}`);
    return;
  }
  const [number, what, source, destination, action] = cells as [string, string, string, string, string];
  rows.push({ number, what, source, destination: destination.replace(/^`(.*)`$/, '$1').trim(), action, line: n });
  if (!/^[1-9]\d*$/.test(number)) drift.add(n, `the row's # is ${shown(number)}, not a row number`);
  const empty = MANIFEST_COLUMNS.filter((_, i) => i > 0 && cells[i] === '');
  if (empty.length) drift.add(n, `the row has no ${empty.join(', ')}`);
}

function readUselessnessField(n: number, text: string, fields: Partial<Record<UselessnessField, Located>>, drift: DriftList): void {
  const field = fieldLine(text);
  const name = field && USELESSNESS_FIELD_BY_KEY.get(field.name);
  if (!field || !name) {
    if (isListItem(text))
      drift.add(n, `${shown(text)} is not a field of the uselessness test (${USELESSNESS_FIELDS.join(', ')}, each \`- {Field}: {value}\`)`);
    return;
  }
  const first = fields[name];
  if (first) {
    drift.add(n, `${name} appears a second time (first at line ${first.line})`);
    return;
  }
  fields[name] = { value: field.value, line: n };
  if (field.value === '') drift.add(n, `${name} has no value`);
  else if (text !== `- ${name}: ${field.value}`) drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: …\``);
  else if (name === 'Result' && field.value !== 'pass' && field.value !== 'fail')
    drift.add(n, `Result is ${shown(field.value)}; the contract has pass or fail`);
}

/** True when `path` is `folder` or lies inside it (both absolute). */
export function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
