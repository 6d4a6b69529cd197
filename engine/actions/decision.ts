/**
 * `decision add` and `decision list`: the decisions store, `.ai/local/state/decisions.md`. An entry is
 * appended whole under the write lock (read, add, write through the one writer), so concurrent adds
 * each keep theirs; Task and Head are computed, `--why` is required, an absent optional field is `-`.
 */
import { readFileSync } from 'node:fs';
import type { Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { underLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import type { Repository } from '../layer/repository';
import { utcSeconds } from '../state/kernel/clock';
import { appendEvent, checkLedger } from '../state/ledger/append';
import { ledgerTargetOf } from '../state/ledger/target';
import { appendText, DECISIONS_FILE, findDecision, formatDecision, parseDecisions } from '../state/records/decisions';
import { activeTask } from '../state/tasks/current';
import { openRepository, say } from './shared';

export interface DecisionAddOptions {
  readonly why?: string;
  readonly rejected?: readonly string[];
  readonly evidence?: readonly string[];
  readonly supersedes?: string;
  readonly json?: boolean;
}

/** Why a value cannot go on one line of an entry, or undefined. */
function oneLine(value: string, what: string): string | undefined {
  if (value.trim() === '') return `${what} is empty`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${what} holds a line break or a control character; an entry's field is one line`;
  return undefined;
}

export async function runDecisionAdd(what: string, options: DecisionAddOptions, invocation: Invocation): Promise<void> {
  if (options.why === undefined)
    throw new UsageError(
      'decision add: --why is required: a decision with no recorded reason can only be re-argued, never reviewed (run: majordomus decision add "<what>" --why "<why>")',
    );
  const fields: [string, string][] = [
    ['the decision', what],
    ['--why', options.why],
    ...(options.rejected ?? []).map((value): [string, string] => ['--rejected', value]),
    ...(options.evidence ?? []).map((value): [string, string] => ['--evidence', value]),
    ...(options.supersedes === undefined ? [] : [['--supersedes', options.supersedes] as [string, string]]),
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
  const headResult = repository.git.git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  const head = headResult.status === 0 ? headResult.stdout.trim() : '-';
  const file = `${repository.layout.localDir}/${DECISIONS_FILE}`;
  const now = new Date();
  // the entry and its ledger line are one change: a ledger that cannot take the line refuses it first,
  // and a line that fails after the entry was written takes the entry back
  const ledger = ledgerTargetOf(repository, 'decision add');
  checkLedger(ledger);
  const heading = await underLock(repository.git.commonDir, 'decision add', () => {
    const current = readStore(repository, file);
    let supersedes: string | undefined;
    if (options.supersedes !== undefined) {
      const earlier = findDecision(parseDecisions(current), options.supersedes);
      if (!earlier)
        throw new UsageError(
          `decision add: --supersedes ${JSON.stringify(options.supersedes)} matches no recorded decision in ${file}; nothing was written (give the earlier decision's text exactly: majordomus decision list)`,
        );
      supersedes = earlier.heading;
    }
    const entry = formatDecision({
      date: utcSeconds(now).slice(0, 10),
      what: what.trim(),
      task: task.id,
      head,
      why: options.why!.trim(),
      rejected: (options.rejected ?? []).map((v) => v.trim()),
      evidence: (options.evidence ?? []).map((v) => v.trim()),
      supersedes,
    });
    const recorded = entry.split('\n')[0]!.slice(3);
    const plan = new WritePlan({ command: 'decision add', base: repository.root });
    plan.replace(file, current + appendText(current, entry), { mode: 0o600 });
    plan.commit(() => appendEvent(ledger, 'decision.recorded', { task_id: task.id, decision: recorded }));
    return recorded;
  });
  if (options.json) say(JSON.stringify({ task_id: task.id, head, decision: heading, file }));
  else say(`decision add: recorded "${heading}" in ${file}`);
}

export function runDecisionList(options: { json?: boolean }, invocation: Invocation): void {
  const repository = openRepository(invocation);
  const file = `${repository.layout.localDir}/${DECISIONS_FILE}`;
  for (const entry of parseDecisions(readStore(repository, file))) {
    const field = (name: string): string | null => entry.fields.get(name)?.value ?? null;
    if (options.json) {
      say(
        JSON.stringify({
          line: entry.line,
          date: entry.date ?? null,
          decision: entry.title,
          task: field('Task'),
          head: field('Head'),
          why: field('Why'),
          rejected: field('Rejected'),
          evidence: field('Evidence'),
          supersedes: field('Supersedes'),
        }),
      );
    } else {
      say(`${entry.heading}  [${field('Task') ?? 'no task'}]${field('Why') ? `  why: ${field('Why')}` : ''}`);
    }
  }
}

/** The store's text; an absent store is empty. */
function readStore(repository: Repository, file: string): string {
  try {
    return readFileSync(repository.layout.abs(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new UsageError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}) (make it a readable file)`);
  }
}

export { readStore };
