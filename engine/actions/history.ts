/**
 * `history`: the ledger read back, filtered by task, event or time; `--validate` judges every line;
 * `--rotate` moves the oldest lines beyond the policy's cap into an archive; `--repair` moves a torn
 * tail aside. Reading writes nothing; rotating and repairing hold the repository's write lock.
 */

import type { Invocation } from '../commands/define';
import { ContractError, UsageError } from '../errors';
import { eventNames } from '../generated/events';
import { escapeControls } from '../io/document-error';
import { nearestName } from '../io/nearest-name';
import { lockFile, withWriteLock } from '../io/write/lock';
import { Repository } from '../layer/repository';
import { repairLedger, rotateLedger } from '../state/ledger/maintain';
import { isEventName, ledgerProblems } from '../state/ledger/problems';
import type { LedgerEntry } from '../state/ledger/read';
import { readLedger } from '../state/ledger/read';
import { ledgerTargetOf } from '../state/ledger/target';

/** How many of the newest events `history` prints without `--limit` or `--all`. */
export const DEFAULT_LIMIT = 50;

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
  const query = actions.length === 0 ? parseQuery(options) : undefined;
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const location = { root: repository.root, localDir: repository.layout.localDir };
  if (options.validate) return validate(readLedger(location, 'history --validate'), options.json === true);
  if (options.rotate) return rotate(repository, options.json === true);
  if (options.repair) return repair(repository, options.json === true);
  const ledger = readLedger(location);
  const chosen = select(ledger.entries, query!);
  print(chosen.map((entry) => (options.json ? JSON.stringify({ line: entry.line, record: entry.record }) : textLine(entry))));
  // a damaged ledger is still read; what was skipped is said once, on stderr, with what to run
  const skipped = ledger.malformed.length + (ledger.torn ? 1 : 0);
  if (skipped > 0)
    process.stderr.write(
      `majordomus: history: ${skipped} line(s) of ${ledger.path} could not be read and were skipped (run: majordomus history --validate)\n`,
    );
}

interface Query {
  readonly task?: string;
  readonly event?: string;
  readonly since?: number;
  /** Undefined: every match. */
  readonly limit?: number;
}

function parseQuery(options: HistoryOptions): Query {
  if (options.all && options.limit !== undefined)
    throw new UsageError('history: --limit and --all cannot be combined (--all prints every match)');
  let limit: number | undefined = options.all ? undefined : DEFAULT_LIMIT;
  if (options.limit !== undefined) {
    if (!/^[1-9][0-9]{0,8}$/.test(options.limit))
      throw new UsageError(`history: --limit ${JSON.stringify(options.limit)} is not a positive whole number (give a count, or --all)`);
    limit = Number(options.limit);
  }
  if (options.event !== undefined && !isEventName(options.event)) {
    const nearest = nearestName(options.event, eventNames);
    throw new UsageError(
      `history: --event ${JSON.stringify(options.event)} is not an event of the ledger's vocabulary${nearest ? ` (did you mean ${nearest}?)` : ''} (the names are in share/events.yaml; run: majordomus history --help)`,
    );
  }
  let since: number | undefined;
  if (options.since !== undefined) {
    // a date, or a date and time in UTC: what the ledger's own `ts` looks like
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?Z?)?$/.test(options.since) || Number.isNaN(Date.parse(sinceText(options.since)))) {
      throw new UsageError(
        `history: --since ${JSON.stringify(options.since)} is not a UTC date or time (give 2026-09-03 or 2026-09-03T19:30:12Z)`,
      );
    }
    since = Date.parse(sinceText(options.since));
  }
  return {
    ...(options.task !== undefined ? { task: options.task } : {}),
    ...(options.event !== undefined ? { event: options.event } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

/** A date alone is its midnight; a time without its zone is UTC, as the ledger writes it. */
function sinceText(text: string): string {
  if (text.length === 10) return `${text}T00:00:00Z`;
  return text.endsWith('Z') ? text : `${text}Z`;
}

function select(entries: readonly LedgerEntry[], query: Query): LedgerEntry[] {
  const matches = entries.filter(
    (entry) =>
      (query.task === undefined || entry.record.task_id === query.task) &&
      (query.event === undefined || entry.event === query.event) &&
      (query.since === undefined || Date.parse(entry.ts) >= query.since),
  );
  // the newest `limit`, printed oldest first, as the ledger holds them
  return query.limit === undefined ? matches : matches.slice(Math.max(matches.length - query.limit, 0));
}

const ENVELOPE = new Set(['ts', 'event', 'head', 'branch', 'by', 'session']);

/** `<ts>  <event>  <task>  key=value …`, one line, control characters escaped. */
function textLine(entry: LedgerEntry): string {
  const record = entry.record;
  const task = typeof record.task_id === 'string' ? record.task_id : '-';
  const rest = Object.entries(record)
    .filter(([key]) => !ENVELOPE.has(key) && key !== 'task_id')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return escapeControls([entry.ts, entry.event, task, ...rest].join('  '));
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
