import { writeCheckpoint, writeHandover } from '../capabilities/records';
import { loadRecords } from '../capabilities/stores';
import type { Invocation } from '../commands/define';
import { MissingError, UsageError } from '../errors';
import { readBody } from '../io/stdin';
import type { Repository } from '../layer/repository';
import { readLedger } from '../state/ledger/read';
import { deriveCheckpointBody, deriveHandoverBody } from '../state/records/derive';
import type { RecordKind } from '../state/records/record';
import { ledgerOrder, newestFirst, resolveRecord } from '../state/records/resolver';
import type { CheckpointRecorded } from '../state/records/write';
import { requiredSections } from '../state/records/write';
import type { Task } from '../state/tasks/current';
import { openRepository, say } from './shared';

export interface RecordOptions {
  readonly show?: boolean;
  readonly list?: boolean;
  readonly json?: boolean;
  /** handover only: the task is handed over (its outcome becomes handed_over). */
  readonly close?: boolean;
  /** The body is derived from the task, git and the ledger instead of read from stdin. */
  readonly derive?: boolean;
}

export async function runRecordCommand(kind: RecordKind, options: RecordOptions, invocation: Invocation): Promise<void> {
  if (options.show && options.list)
    throw new UsageError(`${kind}: --show and --list are two different questions; ask one (run: majordomus ${kind} --help)`);
  if (options.derive && (options.show || options.list))
    throw new UsageError(
      `${kind}: --derive writes a ${kind}, --${options.show ? 'show' : 'list'} reads them; ask one (run: majordomus ${kind} --help)`,
    );
  if (options.show || options.list) return read(openRepository(invocation), kind, options);
  if (options.close && kind !== 'handover') throw new UsageError(`${kind}: --close is for a handover (run: majordomus handover --close)`);
  const body = (repository: Repository, task: Task): string => {
    if (!options.derive) return readBody(kind);
    return kind === 'checkpoint'
      ? deriveCheckpointBody(repository, task)
      : deriveHandoverBody(repository, task, requiredSections(repository));
  };
  if (kind === 'checkpoint') {
    const recorded = await writeCheckpoint(body, invocation);
    say(options.json ? JSON.stringify(recorded) : checkpointText(recorded));
    return;
  }
  const { task_id, path, closed } = await writeHandover(body, options.close === true, invocation);
  if (options.json) say(JSON.stringify({ task_id, path, closed }));
  else say(`handover: wrote ${path}${closed ? ` (${task_id} handed over)` : ''}`);
}

/** The sentence `checkpoint` prints for what it recorded. */
function checkpointText({ task_id, checkpoint_at, path }: { task_id: string; checkpoint_at: string; path: string | null }): string {
  return path === null
    ? `checkpoint: ${task_id} checkpoint_at ${checkpoint_at} (empty body: no record written)`
    : `checkpoint: wrote ${path}`;
}

/** The line `checkpoint` prints for what it recorded: one JSON object, or one sentence. */
export function checkpointLine(task: Task, recorded: CheckpointRecorded, json: boolean): string {
  const line = { task_id: task.id, checkpoint_at: recorded.checkpoint_at, path: recorded.path ?? null };
  return json ? JSON.stringify(line) : checkpointText(line);
}

/** `--show` and `--list`. */
function read(repository: Repository, kind: RecordKind, options: RecordOptions): void {
  const { records, problems } = loadRecords(repository, kind);
  for (const problem of problems) process.stderr.write(`majordomus: ${kind}: ${problem} (skipped; \`majordomus doctor\` reports it)\n`);
  const order = ledgerOrderHere(repository);
  if (options.list) {
    const here = repository.root;
    for (const item of newestFirst(records, order)) {
      if (options.json)
        say(
          JSON.stringify({
            path: item.path,
            created_at: item.created_at,
            task_id: item.task_id,
            branch: item.branch,
            worktree: item.worktree,
            head: item.head,
          }),
        );
      else
        say(
          `${item.created_at}  ${item.task_id}  ${item.branch || 'DETACHED'}${item.worktree === here ? '' : `  (${item.worktree})`}  ${item.path}`,
        );
    }
    return;
  }
  const branch = repository.git.git(['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const resolved = resolveRecord(records, { worktree: repository.root, branch: branch.status === 0 ? branch.stdout.trim() : '' }, order);
  if (!resolved) throw new MissingError(`${kind}: no ${kind} for this worktree or its branch (write one: majordomus ${kind} < body.md)`);
  const item = resolved.record;
  if (options.json) {
    say(
      JSON.stringify({
        path: item.path,
        match: resolved.match,
        created_at: item.created_at,
        task_id: item.task_id,
        branch: item.branch,
        worktree: item.worktree,
        head: item.head,
        body: item.body,
      }),
    );
    return;
  }
  say(
    `# ${item.path} (${resolved.match === 'branch' ? `another worktree of ${item.branch}: ${item.worktree}` : 'this worktree and branch'})`,
  );
  process.stdout.write(item.body.endsWith('\n') || item.body === '' ? item.body : `${item.body}\n`);
}

/** Each record's line in the ledger (the event that announced it), for the resolver's ties. */
function ledgerOrderHere(repository: Repository): Map<string, number> {
  try {
    return ledgerOrder(readLedger({ root: repository.root, localDir: repository.layout.localDir }, 'records').entries);
  } catch {
    // an unreadable ledger orders nothing; the ledger's own rule reports it
    return new Map();
  }
}
