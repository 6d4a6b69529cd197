/**
 * `checkpoint --derive` and `handover --derive`: a record's body written from what the repository
 * already holds — the task record, git, the ledger and the decisions and questions stores — instead of
 * from standard input. A derived body asserts nothing that is not in one of those: no test result a
 * ledger line does not record, no next step beyond what the task and its open questions say. It says it
 * was derived, so a reader never mistakes it for what a worker wrote.
 *
 * A checkpoint is where the work stands (the commit, the tree, the files and commits since the start);
 * a handover has the sections the policy requires (`handover.required_sections`), in the policy's
 * order, then the optional ones this module can fill. A required section nothing here derives is a
 * usage error naming it: the body is then written by hand.
 */
import { UsageError } from '../../errors';
import { runGit } from '../../io/git';
import type { Repository } from '../../layer/repository';
import { readLedger } from '../ledger/read';
import { changeSet } from '../tasks/changes';
import type { Task } from '../tasks/current';
import { openRecords } from './model';
import { unresolved } from './questions';

/** Most commits a derived body lists. */
const MAX_COMMITS = 8;
/** Most changed files a derived handover lists. */
const MAX_FILES = 20;
/** Most decisions or questions a derived handover lists. */
const MAX_ITEMS = 10;

/** What a derived body is made from, gathered once. */
interface Facts {
  readonly task: Task;
  readonly branch: string;
  readonly head: string;
  readonly tree: 'clean' | 'dirty';
  readonly changed: readonly string[] | { readonly error: string };
  readonly commits: readonly string[];
  readonly questions: readonly string[];
  readonly decisions: readonly string[];
  readonly checkpoints: number;
  readonly refusals: readonly string[];
}

function gather(repository: Repository, task: Task): Facts {
  const root = repository.root;
  const env = repository.git.env;
  const git = (args: readonly string[]) => runGit(args, root, env);
  const headResult = git(['rev-parse', '--verify', '--quiet', 'HEAD']);
  const head = headResult.status === 0 ? headResult.stdout.trim() : '';
  const status = git(['status', '--porcelain', '-z', '--untracked-files=normal']);
  const tree = status.status === 0 && status.stdout === '' ? 'clean' : 'dirty';
  // the task's own changes, as check judges them (engine/state/tasks/changes.ts)
  const changes = changeSet({ root, gitDir: repository.git.gitDir, env, task, tree: 'working tree' });
  let commits: string[] = [];
  if (task.head && head && task.head !== head && git(['merge-base', '--is-ancestor', task.head, head]).status === 0) {
    const log = git(['log', '--format=%h %s', '--no-decorate', `${task.head}..${head}`]);
    if (log.status === 0) commits = log.stdout.split('\n').filter((line) => line !== '');
  }
  const records = openRecords(root, repository.layout.localDir, env);
  const questionsRead = records.questions();
  const questions = questionsRead.status === 'present' ? unresolved(questionsRead.value, task.id).map((entry) => entry.question) : [];
  const decisionsRead = records.decisions();
  const decisions =
    decisionsRead.status === 'present'
      ? decisionsRead.value.filter((entry) => entry.fields.get('Task')?.value === task.id).map((entry) => entry.heading)
      : [];
  let checkpoints = 0;
  const refusals: string[] = [];
  try {
    const ledger = readLedger({ root, localDir: repository.layout.localDir }, 'records');
    for (const entry of ledger.entries) {
      if (entry.record.task_id !== task.id) continue;
      if (entry.event === 'task.checkpoint') checkpoints++;
      if (entry.event === 'task.refused') {
        const unmet = entry.record.unmet;
        refusals.push(Array.isArray(unmet) ? unmet.map(String).join(', ') : '');
      }
    }
  } catch {
    // an unreadable ledger derives nothing; the ledger's own rule reports it
  }
  return {
    task,
    branch: repository.git.branch() ?? 'DETACHED',
    head,
    tree,
    changed: changes.files ?? { error: changes.error ?? 'git cannot list the changes' },
    commits,
    questions,
    decisions,
    checkpoints,
    refusals,
  };
}

/** At most `max` of `items`, then a line saying how many more there are. */
function bounded(items: readonly string[], max: number, what: string): string[] {
  const shown = items.slice(0, max).map((item) => `- ${item}`);
  if (items.length > max) shown.push(`- … and ${items.length - max} more ${what}`);
  return shown;
}

function where(facts: Facts): string {
  const short = facts.head ? facts.head.slice(0, 7) : 'no commit yet';
  const count = Array.isArray(facts.changed)
    ? `${facts.changed.length} file(s) changed since the task started`
    : 'the changes cannot be listed';
  return `At ${short} on ${facts.branch}, working tree ${facts.tree}; ${count}.`;
}

/** The body `checkpoint --derive` records: where the work stands, in a few lines. */
export function deriveCheckpointBody(repository: Repository, task: Task): string {
  const facts = gather(repository, task);
  const lines = [where(facts)];
  if (facts.commits.length > 0) lines.push('', 'Commits since the task started:', '', ...bounded(facts.commits, MAX_COMMITS, 'commit(s)'));
  if (facts.questions.length > 0)
    lines.push('', `${facts.questions.length} open question(s) block acceptance; see: majordomus question list`);
  lines.push('', 'Derived, not authored: majordomus checkpoint --derive');
  return `${lines.join('\n')}\n`;
}

/** The writers of the sections a derived handover can fill, by heading. */
const SECTIONS: Readonly<Record<string, (facts: Facts) => string[]>> = {
  Objective: (facts) => [
    facts.task.task,
    '',
    `Task ${facts.task.id} (profile ${facts.task.profile}), scope: ${facts.task.scope.join(', ')}.`,
  ],
  'Current State': (facts) => {
    const lines = [where(facts)];
    if (Array.isArray(facts.changed) && facts.changed.length > 0) lines.push('', ...bounded(facts.changed, MAX_FILES, 'file(s)'));
    if (!Array.isArray(facts.changed)) lines.push('', `(${(facts.changed as { error: string }).error})`);
    if (facts.commits.length > 0)
      lines.push('', 'Commits since the task started:', '', ...bounded(facts.commits, MAX_COMMITS, 'commit(s)'));
    lines.push('', `${facts.checkpoints} checkpoint(s) recorded for this task.`);
    return lines;
  },
  'Next Action': (facts) => {
    const lines: string[] = [];
    if (facts.questions.length > 0)
      lines.push(
        `Answer the ${facts.questions.length} open question(s) of this task first (majordomus question list): they refuse completion.`,
      );
    if (facts.refusals.length > 0)
      lines.push(
        `finish refused this task ${facts.refusals.length} time(s); the last time unmet: ${facts.refusals.at(-1) || 'not recorded'}.`,
      );
    lines.push(
      `Continue ${facts.task.id} within its scope; majordomus check judges the work, and majordomus finish records the outcome once the contract holds.`,
    );
    return lines;
  },
  Decisions: (facts) =>
    facts.decisions.length > 0 ? bounded(facts.decisions, MAX_ITEMS, 'decision(s)') : ['None recorded for this task.'],
  'Open Questions': (facts) =>
    facts.questions.length > 0 ? bounded(facts.questions, MAX_ITEMS, 'question(s)') : ['None open for this task.'],
  Verification: () => [
    'Not run by this record: nothing here asserts a test result. majordomus finish --verify-command is what runs and records one.',
  ],
};

/** The sections a derived handover adds after the required ones, when the policy does not require them. */
const OPTIONAL = ['Decisions', 'Open Questions', 'Verification'];

/**
 * The body `handover --derive` records: each section of `required` (the policy's
 * `handover.required_sections`) in its order, then the optional ones. A required section nothing
 * derives is refused (2) with its name.
 */
export function deriveHandoverBody(repository: Repository, task: Task, required: readonly string[]): string {
  const unknown = required.filter((section) => !Object.hasOwn(SECTIONS, section));
  if (unknown.length > 0) {
    throw new UsageError(
      `handover --derive: the policy requires ${unknown.map((section) => `\`# ${section}\``).join(', ')} (handover.required_sections), which nothing derives (derived: ${Object.keys(SECTIONS).join(', ')}); nothing was written (write the body yourself: majordomus handover < body.md)`,
    );
  }
  const facts = gather(repository, task);
  const lines: string[] = [];
  for (const section of [...required, ...OPTIONAL.filter((name) => !required.includes(name))]) {
    lines.push(`# ${section}`, '', ...SECTIONS[section]!(facts), '');
  }
  lines.push('Derived by majordomus handover --derive from the task record, git, the ledger and the decisions and questions stores.');
  return `${lines.join('\n')}\n`;
}
