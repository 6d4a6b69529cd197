/**
 * `question add`, `question resolve` and `question list`: the questions store,
 * `.ai/local/state/open-questions.md`. Adding appends one line; resolving rewrites that one line in
 * place (the store is an index of what is still open; the ledger keeps every opening and answer).
 * Both run under the write lock, through the one writer: the `question_add` and `question_resolve`
 * capabilities (engine/capabilities/records.ts), which the MCP tools run too.
 */

import { addQuestion, resolveQuestion } from '../capabilities/records';
import { readStore } from '../capabilities/stores';
import type { Invocation } from '../commands/define';
import { ContractError } from '../errors';
import { parseQuestions, QUESTIONS_FILE } from '../state/records/questions';
import { openRepository, say } from './shared';

export async function runQuestionAdd(question: string, options: { json?: boolean }, invocation: Invocation): Promise<void> {
  const opened = await addQuestion(question, invocation);
  if (options.json) say(JSON.stringify(opened));
  else say(`question add: #${opened.number} opened in ${opened.file}`);
}

export async function runQuestionResolve(
  which: string,
  options: { answer?: string; json?: boolean },
  invocation: Invocation,
): Promise<void> {
  const resolved = await resolveQuestion(which, options.answer, invocation);
  if (options.json) say(JSON.stringify(resolved));
  else say(`question resolve: #${resolved.number} resolved`);
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
