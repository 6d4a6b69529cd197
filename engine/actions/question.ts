/**
 * `question add`, `question resolve` and `question list`: the questions store,
 * `.ai/local/state/open-questions.md`. Adding appends one line; resolving rewrites that one line in
 * place (the store is an index of what is still open; the ledger keeps every opening and answer).
 * Both run under the write lock, through the one writer.
 */

import type { Invocation } from '../commands/define';
import { ContractError, RefusedError, UsageError } from '../errors';
import { underLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import { utcSeconds } from '../state/kernel/clock';
import { appendEvent, checkLedger } from '../state/ledger/append';
import { ledgerTargetOf } from '../state/ledger/target';
import type { QuestionEntry } from '../state/records/questions';
import { formatResolved, formatUnresolved, parseQuestions, QUESTIONS_FILE, textProblem } from '../state/records/questions';
import { activeTask } from '../state/tasks/current';
import { readStore } from './decision';
import { openRepository, say } from './shared';

export async function runQuestionAdd(question: string, options: { json?: boolean }, invocation: Invocation): Promise<void> {
  const problem = textProblem(question, 'question');
  if (problem) throw new UsageError(`question add: ${problem}; nothing was written (reword the question)`);
  const repository = openRepository(invocation);
  const task = activeTask(repository, 'question add');
  const file = `${repository.layout.localDir}/${QUESTIONS_FILE}`;
  const line = formatUnresolved(task.id, question, utcSeconds(new Date()).slice(0, 10));
  // the entry and its ledger line are one change (engine/actions/decision.ts says how)
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
  if (options.json) say(JSON.stringify({ number, task_id: task.id, question: question.trim(), file }));
  else say(`question add: #${number} opened in ${file}`);
}

export async function runQuestionResolve(
  which: string,
  options: { answer?: string; json?: boolean },
  invocation: Invocation,
): Promise<void> {
  if (options.answer === undefined)
    throw new UsageError('question resolve: --answer is required (run: majordomus question resolve <number-or-text> --answer "<answer>")');
  const problem = textProblem(options.answer, 'answer');
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
    lines[entry.line - 1] = formatResolved(entry.task, entry.question, options.answer!, utcSeconds(new Date()).slice(0, 10));
    const plan = new WritePlan({ command: 'question resolve', base: repository.root });
    plan.replace(file, lines.join('\n'), { mode: 0o600 });
    plan.commit(() =>
      appendEvent(ledger, 'question.resolved', { task_id: entry.task, question: entry.question, answer: options.answer!.trim() }),
    );
    return entry;
  });
  if (options.json)
    say(JSON.stringify({ number: resolved.number, task_id: resolved.task, question: resolved.question, answer: options.answer.trim() }));
  else say(`question resolve: #${resolved.number} resolved`);
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
 * `question list`: every well-formed entry on stdout; then, when some `- [` line is in neither shape,
 * each one on stderr with its line and exit 10, as `rules list` does with the rules it refused. The
 * listing is still whole for what can be read, but a line it cannot read may be a question that blocks
 * acceptance, so a script reading the list must not take it as complete.
 */
export function runQuestionList(options: { json?: boolean }, invocation: Invocation): void {
  const repository = openRepository(invocation);
  const file = `${repository.layout.localDir}/${QUESTIONS_FILE}`;
  const store = parseQuestions(readStore(repository, file));
  for (const entry of store.entries) {
    if (options.json)
      say(
        JSON.stringify({
          number: entry.number,
          line: entry.line,
          task_id: entry.task,
          question: entry.question,
          resolved: entry.resolved,
          date: entry.date,
          answer: entry.answer ?? null,
        }),
      );
    else
      say(
        `#${entry.number}  ${entry.resolved ? `resolved ${entry.date}` : 'unresolved'}  ${entry.task}  ${entry.question}${entry.answer ? `  — ${entry.answer}` : ''}`,
      );
  }
  if (store.malformed.length > 0) {
    throw new ContractError(
      `question list: ${store.malformed.length} line(s) of ${file} cannot be read as questions and are not listed (rewrite each line named in one of the two entry shapes, or remove it; \`majordomus doctor\` fails on them too)`,
      store.malformed.map((bad) => `  ${file}:${bad.line}: ${bad.problem}`),
    );
  }
}
