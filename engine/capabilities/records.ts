/**
 * The writers of the active task's records: a decision, a question opened or answered, a checkpoint, a
 * handover. `decision add`, `question add|resolve`, `checkpoint` and `handover` run these, and so do the
 * MCP tools of the same names: one code path, the same write lock, the same one writer, the same
 * ledger lines and the same refusals.
 */

import type { Invocation } from '../commands/define';
import { RefusedError, UsageError } from '../errors';
import { MAX_STDIN_BYTES } from '../io/stdin';
import { underLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import type { Repository } from '../layer/repository';
import { utcSeconds } from '../state/kernel/clock';
import { appendEvent, checkLedger } from '../state/ledger/append';
import { ledgerTargetOf } from '../state/ledger/target';
import { appendText, DECISIONS_FILE, findDecision, formatDecision, parseDecisions } from '../state/records/decisions';
import type { QuestionEntry } from '../state/records/questions';
import { formatResolved, formatUnresolved, parseQuestions, QUESTIONS_FILE, textProblem } from '../state/records/questions';
import type { RecordKind } from '../state/records/record';
import { identityKeyInBody } from '../state/records/record';
import { recordCheckpoint, recordHandover } from '../state/records/write';
import type { Task } from '../state/tasks/current';
import { activeTask } from '../state/tasks/current';
import { openRepository, readStore } from './stores';

export interface DecisionInput {
  readonly what: string;
  readonly why?: string;
  readonly rejected?: readonly string[];
  readonly evidence?: readonly string[];
  readonly supersedes?: string;
}

export interface DecisionRecorded {
  readonly task_id: string;
  readonly head: string;
  readonly decision: string;
  readonly file: string;
}

/** Why a value cannot go on one line of an entry, or undefined. */
function oneLine(value: string, what: string): string | undefined {
  if (value.trim() === '') return `${what} is empty`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${what} holds a line break or a control character; an entry's field is one line`;
  return undefined;
}

/** Append a decision of the active task to the decisions store; Task and Head are computed. */
export async function addDecision(input: DecisionInput, invocation: Invocation): Promise<DecisionRecorded> {
  const { what } = input;
  if (input.why === undefined)
    throw new UsageError(
      'decision add: --why is required: a decision with no recorded reason can only be re-argued, never reviewed (run: majordomus decision add "<what>" --why "<why>")',
    );
  const fields: [string, string][] = [
    ['the decision', what],
    ['--why', input.why],
    ...(input.rejected ?? []).map((value): [string, string] => ['--rejected', value]),
    ...(input.evidence ?? []).map((value): [string, string] => ['--evidence', value]),
    ...(input.supersedes === undefined ? [] : [['--supersedes', input.supersedes] as [string, string]]),
  ];
  for (const [name, value] of fields) {
    const problem = oneLine(value, name);
    if (problem) throw new UsageError(`decision add: ${problem}; nothing was written`);
  }
  if (/^#/.test(what.trim()))
    throw new UsageError(
      'decision add: the decision opens with #, which would read as a heading of its own; nothing was written (reword it)',
    );
  const repository = openRepository(invocation);
  const task = activeTask(repository, 'decision add');
  const head = repository.git.head() ?? '-';
  const file = `${repository.layout.localDir}/${DECISIONS_FILE}`;
  const now = new Date();
  const why = input.why;
  // the entry and its ledger line are one change: a ledger that cannot take the line refuses it first,
  // and a line that fails after the entry was written takes the entry back
  const ledger = ledgerTargetOf(repository, 'decision add');
  checkLedger(ledger);
  const heading = await underLock(repository.git.commonDir, 'decision add', () => {
    const current = readStore(repository, file);
    let supersedes: string | undefined;
    if (input.supersedes !== undefined) {
      const earlier = findDecision(parseDecisions(current), input.supersedes);
      if (!earlier)
        throw new UsageError(
          `decision add: --supersedes ${JSON.stringify(input.supersedes)} matches no recorded decision in ${file}; nothing was written (give the earlier decision's text exactly: majordomus decision list)`,
        );
      supersedes = earlier.heading;
    }
    const entry = formatDecision({
      date: utcSeconds(now).slice(0, 10),
      what: what.trim(),
      task: task.id,
      head,
      why: why.trim(),
      rejected: (input.rejected ?? []).map((v) => v.trim()),
      evidence: (input.evidence ?? []).map((v) => v.trim()),
      supersedes,
    });
    const recorded = entry.split('\n')[0]!.slice(3);
    const plan = new WritePlan({ command: 'decision add', base: repository.root });
    plan.replace(file, current + appendText(current, entry), { mode: 0o600 });
    plan.commit(() => appendEvent(ledger, 'decision.recorded', { task_id: task.id, decision: recorded }));
    return recorded;
  });
  return { task_id: task.id, head, decision: heading, file };
}

export interface QuestionOpened {
  readonly number: number;
  readonly task_id: string;
  readonly question: string;
  readonly file: string;
}

/** Open a question against the active task. */
export async function addQuestion(question: string, invocation: Invocation): Promise<QuestionOpened> {
  const problem = textProblem(question, 'question');
  if (problem) throw new UsageError(`question add: ${problem}; nothing was written (reword the question)`);
  const repository = openRepository(invocation);
  const task = activeTask(repository, 'question add');
  const file = `${repository.layout.localDir}/${QUESTIONS_FILE}`;
  const line = formatUnresolved(task.id, question, utcSeconds(new Date()).slice(0, 10));
  const ledger = ledgerTargetOf(repository, 'question add');
  checkLedger(ledger);
  const number = await underLock(repository.git.commonDir, 'question add', () => {
    const current = readStore(repository, file);
    const plan = new WritePlan({ command: 'question add', base: repository.root });
    const separator = current === '' || current.endsWith('\n') ? '' : '\n';
    plan.replace(file, `${current}${separator}${line}\n`, { mode: 0o600 });
    plan.commit(() => appendEvent(ledger, 'question.opened', { task_id: task.id, question: question.trim() }));
    return parseQuestions(current).entries.length + 1;
  });
  return { number, task_id: task.id, question: question.trim(), file };
}

export interface QuestionResolved {
  readonly number: number;
  readonly task_id: string;
  readonly question: string;
  readonly answer: string;
}

/** Answer a question, named by its number or its exact text; an answer is never replaced. */
export async function resolveQuestion(which: string, answer: string | undefined, invocation: Invocation): Promise<QuestionResolved> {
  if (answer === undefined)
    throw new UsageError('question resolve: --answer is required (run: majordomus question resolve <number-or-text> --answer "<answer>")');
  const problem = textProblem(answer, 'answer');
  if (problem) throw new UsageError(`question resolve: ${problem}; nothing was written (reword the answer)`);
  const repository = openRepository(invocation);
  const file = `${repository.layout.localDir}/${QUESTIONS_FILE}`;
  const ledger = ledgerTargetOf(repository, 'question resolve');
  checkLedger(ledger);
  const resolved = await underLock(repository.git.commonDir, 'question resolve', () => {
    const current = readStore(repository, file);
    const store = parseQuestions(current);
    const entry = pick(store.entries, which, file);
    if (entry.resolved)
      throw new RefusedError(
        `question resolve: #${entry.number} (${JSON.stringify(entry.question)}) was resolved on ${entry.date}; nothing was written (an answer is never replaced: open a new question)`,
      );
    const lines = [...store.lines];
    lines[entry.line - 1] = formatResolved(entry.task, entry.question, answer, utcSeconds(new Date()).slice(0, 10));
    const plan = new WritePlan({ command: 'question resolve', base: repository.root });
    plan.replace(file, lines.join('\n'), { mode: 0o600 });
    plan.commit(() => appendEvent(ledger, 'question.resolved', { task_id: entry.task, question: entry.question, answer: answer.trim() }));
    return entry;
  });
  return { number: resolved.number, task_id: resolved.task, question: resolved.question, answer: answer.trim() };
}

/** The entry `which` names: its number as `question list` prints it, or its exact text. */
function pick(entries: readonly QuestionEntry[], which: string, file: string): QuestionEntry {
  const trimmed = which.trim().replace(/^#/, '');
  if (/^\d+$/.test(trimmed)) {
    const entry = entries.find((candidate) => candidate.number === Number(trimmed));
    if (!entry)
      throw new UsageError(
        `question resolve: there is no question #${trimmed} in ${file} (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}; see: majordomus question list)`,
      );
    return entry;
  }
  const matches = entries.filter((candidate) => candidate.question === which.trim());
  const open = matches.filter((candidate) => !candidate.resolved);
  if (open.length === 1) return open[0]!;
  if (open.length > 1)
    throw new UsageError(
      `question resolve: ${open.length} open questions read ${JSON.stringify(which.trim())}; nothing was written (name one by its number: ${open.map((q) => `#${q.number}`).join(', ')})`,
    );
  if (matches.length > 0) return matches[matches.length - 1]!;
  throw new UsageError(
    `question resolve: no question in ${file} reads ${JSON.stringify(which.trim())}; nothing was written (give its number or its exact text: majordomus question list)`,
  );
}

/**
 * A record's body handed over as text rather than on stdin: held to what stdin's reader holds it to
 * (at most 1 MiB of UTF-8 without NUL bytes; CRLF read as LF).
 */
export function bodyText(command: string, body: string): string {
  if (Buffer.byteLength(body, 'utf8') > MAX_STDIN_BYTES)
    throw new UsageError(`${command}: the body is over the ${MAX_STDIN_BYTES}-byte limit (shorten it)`);
  if (body.includes('\u0000')) throw new UsageError(`${command}: the body holds a NUL character (give text)`);
  return body.replace(/\r\n/g, '\n');
}

/** Refuse a body that holds one of the record's own front-matter keys. */
function checkBody(kind: RecordKind, body: string): void {
  const inBody = identityKeyInBody(body);
  if (inBody) {
    throw new UsageError(
      `${kind}: line ${inBody.line} of the body holds \`${inBody.key}\`, one of the record's own front-matter keys; nothing was written (the identity is computed by majordomus: reword or remove that line)`,
    );
  }
}

export interface CheckpointWritten {
  readonly task_id: string;
  readonly checkpoint_at: string;
  /** The record written; null for an empty body, which only moves `checkpoint_at`. */
  readonly path: string | null;
}

/**
 * Record a checkpoint of the active task (an empty body only moves `checkpoint_at`). The body is asked
 * for once the task is known, so a missing task is said before anything is read.
 */
export async function writeCheckpoint(
  body: (repository: Repository, task: Task) => string,
  invocation: Invocation,
): Promise<CheckpointWritten> {
  const repository = openRepository(invocation);
  const task = activeTask(repository, 'checkpoint');
  const text = body(repository, task);
  checkBody('checkpoint', text);
  const { checkpoint_at, path } = await recordCheckpoint(repository, task, text);
  return { task_id: task.id, checkpoint_at, path: path ?? null };
}

export interface HandoverWritten {
  readonly task_id: string;
  readonly path: string;
  readonly closed: boolean;
}

/** Write a handover of the active task; with `close`, the task is handed over. */
export async function writeHandover(
  body: (repository: Repository, task: Task) => string,
  close: boolean,
  invocation: Invocation,
): Promise<HandoverWritten> {
  const repository = openRepository(invocation);
  const task = activeTask(repository, 'handover');
  const text = body(repository, task);
  checkBody('handover', text);
  const { path, closed } = await recordHandover(repository, task, text, close);
  return { task_id: task.id, path, closed };
}
