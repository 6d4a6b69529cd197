/**
 * What every reader of the session folder shares: the contract's one datetime shape (`DATETIME`) and the
 * date shape, the list of session files, the drift a reader keeps for the rule that owns a shape (and its
 * violation), and the helpers that read Markdown lines tolerantly — prose outside fenced code, headings,
 * `- Name: value` fields in any spelling, and the hints that say why an em dash or an arrow is missing.
 * The readers of each file (state.ts, thesis.ts, …) import this module; it imports none of them.
 */
import type { Violation } from '../../api/validator';
import { printable } from '../../io/document-error';

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

export interface Line {
  /** 1-based. */
  readonly n: number;
  /** The line without its `\r` and trailing whitespace. */
  readonly text: string;
}

/** The lines of a Markdown file outside fenced code blocks (the fences themselves dropped). */
export function prose(lines: readonly Line[]): Line[] {
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
export function heading(text: string): { level: number; title: string } | undefined {
  const match = /^\s{0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?$/.exec(text) ?? /^\s{0,3}(#{1,6})(\S.*)$/.exec(text);
  return match ? { level: match[1]!.length, title: (match[2] ?? '').trim() } : undefined;
}

/** A name as a reader compares it: lower case, runs of spaces, `-` and `_` as one space, no closing colon. */
export function key(name: string): string {
  return name
    .replace(/[*_`]/g, ' ')
    .trim()
    .replace(/:$/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** `- Name: value` in any spelling a person might drift to: marker, case, spacing, emphasis. */
export function fieldLine(text: string): { name: string; value: string } | undefined {
  const match = /^\s*(?:[-*+]\s*)?(?:\*\*|__)?([A-Za-z][A-Za-z _-]*?)\s*(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.*)$/.exec(text);
  return match ? { name: key(match[1]!), value: match[2]!.trim() } : undefined;
}

export function isListItem(text: string): boolean {
  return /^\s*[-*+](\s|$)/.test(text);
}

export function shown(text: string): string {
  return `\`${printable(text, 100)}\``;
}

/** Why a separator the contract writes as ` — ` is not there. */
export function dashHint(text: string): string {
  return /\s(-{1,2}|–)\s/.test(text) ? 'a `-` stands where the contract has the em dash ` — `' : 'the em dash ` — ` is missing';
}

/** Why a separator the contract writes as ` → ` is not there. */
export function arrowHint(text: string): string {
  return /->|=>/.test(text) ? '`->` stands where the contract has the arrow ` → `' : 'the arrow ` → ` is missing';
}

export class DriftList {
  readonly items: Drift[] = [];
  constructor(private readonly file: SessionFile) {}
  add(line: number, message: string): void {
    this.items.push({ file: this.file, line, message });
  }
}
