/**
 * The questions store, `.ai/local/state/open-questions.md`: one line per question, in exactly one of
 * two shapes, and a gate on acceptance (`blockers`). Pure text in and out, shared by the command
 * (engine/actions/question.ts) and the validators, so a line means the same to all of them.
 *
 *   - [unresolved] <task id> — <question> (<YYYY-MM-DD>)
 *   - [resolved <YYYY-MM-DD>] <task id> — <question> — <answer>
 *
 * Any other line opening with `- [` is malformed: reported, never guessed at, because a gate that cannot
 * read an entry could be bypassed by mistyping one. Lines not opening with `- [` are the file's prose.
 */
import { DASH } from './decisions';

/** The store's path under the local half of the layer. */
export const QUESTIONS_FILE = 'state/open-questions.md';

const TASK_ID = '[A-Za-z0-9][A-Za-z0-9._-]*';
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const UNRESOLVED = new RegExp(String.raw`^- \[unresolved\] (${TASK_ID}) ${DASH} ([^${DASH}]*\S) \((${DATE})\)$`);
const RESOLVED = new RegExp(String.raw`^- \[resolved (${DATE})\] (${TASK_ID}) ${DASH} ([^${DASH}]*\S) ${DASH} ([^${DASH}]*\S)$`);

/** One well-formed entry. */
export interface QuestionEntry {
  /** 1-based line in the file. */
  readonly line: number;
  /** The entry's number among the file's entries, as `question list` prints it and `question resolve` takes it. */
  readonly number: number;
  readonly task: string;
  readonly question: string;
  /** The date it was opened (unresolved) or resolved. */
  readonly date: string;
  readonly resolved: boolean;
  readonly answer: string | undefined;
}

/** A `- [` line in neither shape. */
export interface MalformedQuestion {
  readonly line: number;
  readonly text: string;
  /** What is wrong with it, as a phrase following the line's place ("is in neither entry shape"). */
  readonly problem: string;
}

const NEITHER_SHAPE = `opens with "- [" but is in neither entry shape ("- [unresolved] <task> ${DASH} <question> (<date>)" or "- [resolved <date>] <task> ${DASH} <question> ${DASH} <answer>")`;

export interface QuestionsStore {
  readonly entries: readonly QuestionEntry[];
  readonly malformed: readonly MalformedQuestion[];
  /** The file's lines, kept to rewrite one in place. */
  readonly lines: readonly string[];
}

/** Read the store's text; every `- [` line is an entry or malformed. */
export function parseQuestions(text: string): QuestionsStore {
  const lines = text.split('\n');
  const entries: QuestionEntry[] = [];
  const malformed: MalformedQuestion[] = [];
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trimStart().startsWith('- [')) return;
    const open = UNRESOLVED.exec(line);
    if (open) {
      entries.push({
        line: index + 1,
        number: entries.length + 1,
        task: open[1]!,
        question: open[2]!,
        date: open[3]!,
        resolved: false,
        answer: undefined,
      });
      return;
    }
    const done = RESOLVED.exec(line);
    if (done && validDate(done[1]!)) {
      entries.push({
        line: index + 1,
        number: entries.length + 1,
        task: done[2]!,
        question: done[3]!,
        date: done[1]!,
        resolved: true,
        answer: done[4]!,
      });
      return;
    }
    malformed.push({ line: index + 1, text: line, problem: done ? `carries the impossible date ${done[1]}` : NEITHER_SHAPE });
  });
  // an unresolved line with an impossible date is as unreadable as a mistyped one
  for (const entry of entries.filter((entry) => !validDate(entry.date))) {
    malformed.push({
      line: entry.line,
      text: lines[entry.line - 1]!.replace(/\r$/, ''),
      problem: `carries the impossible date ${entry.date}`,
    });
  }
  malformed.sort((a, b) => a.line - b.line);
  const invalid = new Set(malformed.map((bad) => bad.line));
  const good = entries.filter((entry) => !invalid.has(entry.line)).map((entry, index) => ({ ...entry, number: index + 1 }));
  return { entries: good, malformed, lines };
}

/** Why `text` cannot be a question's or an answer's text, or undefined when it can. */
export function textProblem(text: string, what: 'question' | 'answer'): string | undefined {
  if (text.trim() === '') return `the ${what} is empty`;
  if (/[\r\n]/.test(text)) return `the ${what} spans several lines; a store entry is one line`;
  if (text.includes(DASH)) return `the ${what} contains ${DASH}, which separates the entry's fields`;
  if (/[\u0000-\u001f\u007f]/.test(text)) return `the ${what} contains a control character`;
  if (what === 'question' && /\(\d{4}-\d{2}-\d{2}\)\s*$/.test(text))
    return 'the question ends with a date in parentheses, which the entry itself carries';
  return undefined;
}

export function formatUnresolved(task: string, question: string, date: string): string {
  return `- [unresolved] ${task} ${DASH} ${question.trim()} (${date})`;
}

export function formatResolved(task: string, question: string, answer: string, date: string): string {
  return `- [resolved ${date}] ${task} ${DASH} ${question} ${DASH} ${answer.trim()}`;
}

/** The entries still blocking acceptance, for one task or for all. */
export function unresolved(store: QuestionsStore, task?: string): QuestionEntry[] {
  return store.entries.filter((entry) => !entry.resolved && (task === undefined || entry.task === task));
}

function validDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}
