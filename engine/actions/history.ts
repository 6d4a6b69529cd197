/**
 * `history`: the ledger read back, filtered by task, event or time; `--validate` judges every line;
 * `--rotate` moves the oldest lines beyond the policy's cap into an archive; `--repair` moves a torn
 * tail aside. Reading writes nothing; rotating and repairing hold the repository's write lock.
 */

import { readHistory } from '../capabilities/history';
import type { Invocation } from '../commands/define';
import { ContractError, UsageError } from '../errors';
import { escapeControls } from '../io/document-error';
import { lockFile, withWriteLock } from '../io/write/lock';
import { Repository } from '../layer/repository';
import { repairLedger, rotateLedger } from '../state/ledger/maintain';
import { ledgerProblems } from '../state/ledger/problems';
import { readLedger } from '../state/ledger/read';
import { ledgerTargetOf } from '../state/ledger/target';

export interface HistoryOptions {
  readonly task?: string;
  readonly event?: string;
  readonly since?: string;
  readonly limit?: string;
  readonly all?: boolean;
  readonly json?: boolean;
  readonly validate?: boolean;
  readonly rotate?: boolean;
  readonly repair?: boolean;
}

function print(lines: readonly string[]): void {
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
}

/** `history` with its options; throws the error whose exit code the command ends with. */
export async function runHistory(options: HistoryOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const actions = (['validate', 'rotate', 'repair'] as const).filter((name) => options[name]);
  const filters = (['task', 'event', 'since', 'limit', 'all'] as const).filter(
    (name) => options[name] !== undefined && options[name] !== false,
  );
  if (actions.length > 1) throw new UsageError(`history: --${actions[0]} and --${actions[1]} cannot be combined (run one at a time)`);
  if (actions.length === 1 && filters.length > 0)
    throw new UsageError(`history: --${actions[0]} takes no --${filters[0]} (it works on the whole ledger)`);
  if (actions.length === 0) {
    // reading: the `history` capability (engine/capabilities/history.ts), which the MCP tool runs too
    const answer = readHistory(options, invocation);
    print(answer.events.map((event) => (options.json ? JSON.stringify(event) : textLine(event.record))));
    // a damaged ledger is still read; what was skipped is said once, on stderr, with what to run
    if (answer.skipped > 0)
      process.stderr.write(
        `majordomus: history: ${answer.skipped} line(s) of ${answer.ledger} could not be read and were skipped (run: majordomus history --validate)\n`,
      );
    return;
  }
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const location = { root: repository.root, localDir: repository.layout.localDir };
  if (options.validate) return validate(readLedger(location, 'history --validate'), options.json === true);
  if (options.rotate) return rotate(repository, options.json === true);
  return repair(repository, options.json === true);
}

const ENVELOPE = new Set(['ts', 'event', 'head', 'branch', 'by', 'session']);

/** `<ts>  <event>  <task>  key=value …`, one line, control characters escaped. */
function textLine(record: Readonly<Record<string, unknown>>): string {
  const task = typeof record.task_id === 'string' ? record.task_id : '-';
  const rest = Object.entries(record)
    .filter(([key]) => !ENVELOPE.has(key) && key !== 'task_id')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return escapeControls([String(record.ts), String(record.event), task, ...rest].join('  '));
}

function validate(ledger: ReturnType<typeof readLedger>, json: boolean): void {
  const problems = ledgerProblems(ledger);
  if (json) print(problems.map((problem) => JSON.stringify({ file: ledger.path, ...problem })));
  else print(problems.map((problem) => escapeControls(`${ledger.path}:${problem.line}: ${problem.message}`)));
  const summary = `${ledger.lines} line(s), ${ledger.entries.length} event(s), ${problems.length} problem(s)`;
  if (problems.length > 0)
    throw new ContractError(
      `history --validate: ${ledger.path}: ${summary} (correct or remove each line named; a torn tail: run majordomus history --repair)`,
    );
  if (!json) print([`history --validate: ${ledger.path}: ${summary}`]);
}

async function rotate(repository: Repository, json: boolean): Promise<void> {
  const cap = retentionCap(repository);
  const result = await withWriteLock(lockFile(repository.git.commonDir), 'history --rotate', () =>
    rotateLedger(ledgerTargetOf(repository, 'history --rotate'), cap),
  );
  print([
    json
      ? JSON.stringify(result)
      : result.rotated
        ? `history --rotate: ${result.archived} line(s) moved into ${result.archive}; the newest ${result.kept} kept, and ledger.rotated appended`
        : `history --rotate: ${result.lines} line(s), within the cap of ${result.cap}; nothing rotated`,
  ]);
}

async function repair(repository: Repository, json: boolean): Promise<void> {
  const result = await withWriteLock(lockFile(repository.git.commonDir), 'history --repair', () =>
    repairLedger(ledgerTargetOf(repository, 'history --repair')),
  );
  print([
    json
      ? JSON.stringify(result)
      : result.repaired
        ? `history --repair: ${result.bytes} torn byte(s) of line ${result.line} moved into ${result.kept} (kept); appends work again`
        : 'history --repair: the ledger ends with a whole line; nothing to repair',
  ]);
}

/** The policy's `ledger.retention_max_lines`; a usage error (2) naming the key when it is missing or not a count. */
function retentionCap(repository: Repository): number {
  const layout = repository.layout;
  const file = layout.policyFile;
  const policy = repository.yaml(file).value;
  const section = policy !== null && typeof policy === 'object' ? (policy as Record<string, unknown>).ledger : undefined;
  const value = section !== null && typeof section === 'object' ? (section as Record<string, unknown>).retention_max_lines : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new UsageError(
      `history --rotate: ${file} sets no \`ledger.retention_max_lines\` (it is ${JSON.stringify(value ?? null)}); set it to the number of lines to keep, then run it again`,
    );
  }
  return value;
}
