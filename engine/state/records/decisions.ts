/**
 * The decisions store, `.ai/local/state/decisions.md`: append-only, one entry per decision, each a
 * `## <date> — <what>` heading followed by six `Key: value` lines. Pure text in and out — the command
 * (engine/actions/decision.ts) reads and writes, the `decisions` validator judges — so both read an
 * entry the same way.
 *
 * The file is hand-editable by design: an HTML comment is the file's own template and holds no entry,
 * and an entry missing a field is still an entry (the validator reports it; nothing here refuses it).
 */

/** The store's path under the local half of the layer. */
export const DECISIONS_FILE = 'state/decisions.md';

/** The fields of an entry, in the order they are written. */
export const DECISION_FIELDS = ['Task', 'Head', 'Why', 'Rejected', 'Evidence', 'Supersedes'] as const;
export type DecisionField = (typeof DECISION_FIELDS)[number];

/** One entry as read back. */
export interface DecisionEntry {
  /** The heading's date (`YYYY-MM-DD`), or undefined when the heading carries none. */
  readonly date: string | undefined;
  /** What was decided: the heading after the date. */
  readonly title: string;
  /** The heading as written, after `## `. */
  readonly heading: string;
  /** 1-based line of the heading. */
  readonly line: number;
  /** The fields found, each with its value and line; a field written twice keeps its first. */
  readonly fields: ReadonlyMap<string, { readonly value: string; readonly line: number }>;
}

/** The separator between the date and the title, and between a question's fields. */
export const DASH = '—';

const HEADING = /^## (.*)$/;
const DATED = /^(\d{4}-\d{2}-\d{2}) — (.*)$/;
const FIELD = /^([A-Z][A-Za-z]*):(?: (.*))?$/;

/** Every entry of the store's text, in file order. */
export function parseDecisions(text: string): DecisionEntry[] {
  const entries: {
    date: string | undefined;
    title: string;
    heading: string;
    line: number;
    fields: Map<string, { value: string; line: number }>;
  }[] = [];
  let inComment = false;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!.replace(/\r$/, '');
    // the template inside <!-- … --> is not an entry, nor any field of one
    if (inComment) {
      const end = line.indexOf('-->');
      if (end === -1) continue;
      inComment = false;
      line = line.slice(end + 3);
    }
    const open = line.indexOf('<!--');
    if (open !== -1) {
      const close = line.indexOf('-->', open + 4);
      if (close === -1) inComment = true;
      line = close === -1 ? line.slice(0, open) : line.slice(0, open) + line.slice(close + 3);
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const text = heading[1]!.trim();
      const dated = DATED.exec(text);
      entries.push({ date: dated?.[1], title: (dated?.[2] ?? text).trim(), heading: text, line: index + 1, fields: new Map() });
      continue;
    }
    const current = entries[entries.length - 1];
    const field = FIELD.exec(line.trim());
    if (current && field && !current.fields.has(field[1]!))
      current.fields.set(field[1]!, { value: (field[2] ?? '').trim(), line: index + 1 });
  }
  return entries;
}

/** What `decision add` writes. */
export interface NewDecision {
  readonly date: string;
  readonly what: string;
  readonly task: string;
  readonly head: string;
  readonly why: string;
  readonly rejected: readonly string[];
  readonly evidence: readonly string[];
  /** The heading of the decision this one replaces. */
  readonly supersedes: string | undefined;
}

/** The entry's text: heading and six fields, an absent optional one written as `-`, ending in a newline. */
export function formatDecision(decision: NewDecision): string {
  const list = (values: readonly string[]): string => (values.length === 0 ? '-' : values.join('; '));
  return [
    `## ${decision.date} ${DASH} ${decision.what}`,
    `Task: ${decision.task}`,
    `Head: ${decision.head}`,
    `Why: ${decision.why}`,
    `Rejected: ${list(decision.rejected)}`,
    `Evidence: ${list(decision.evidence)}`,
    `Supersedes: ${decision.supersedes ?? '-'}`,
    '',
  ].join('\n');
}

/**
 * The entry `text` names for `--supersedes`: the one whose title or whole heading equals it, the last
 * one when several do (the most recent statement of it). Undefined when none does.
 */
export function findDecision(entries: readonly DecisionEntry[], text: string): DecisionEntry | undefined {
  const wanted = text.trim();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.title === wanted || entry.heading === wanted) return entry;
  }
  return undefined;
}

/** The text to append so that `entry` starts a block of its own after `current` (a blank line between entries). */
export function appendText(current: string, entry: string): string {
  if (current.length === 0) return entry;
  if (current.endsWith('\n\n')) return entry;
  return current.endsWith('\n') ? `\n${entry}` : `\n\n${entry}`;
}
