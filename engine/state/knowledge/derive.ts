/**
 * Knowledge derivation: what one episode left in the ledger — decisions recorded, questions answered,
 * tasks finished (with their completion notes) — written as candidate knowledge records under
 * `<knowledge section>/candidates/`, for a person to review, promote or reject.
 *
 * The evidence is selected by the episode's session stamp, never by a time range, which would take a
 * concurrent worker's lines. Each candidate's name and bytes follow from its evidence alone (no clock,
 * no random part), so deriving twice writes nothing the second time. A file already at a candidate's
 * name with other bytes is someone's work — an edit, a promotion, a rejection — and is never written
 * over; neither is a candidate whose name a curated record already holds.
 */
import { createHash } from 'node:crypto';
import { MissingError, UsageError } from '../../errors';
import type { KnowledgeCandidate } from '../../generated/types';
import { DocumentError } from '../../io/document-error';
import { WorkingTree } from '../../io/tree';
import { lockFile, WriteLock } from '../../io/write/lock';
import { WritePlan } from '../../io/write/plan';
import type { Repository } from '../../layer/repository';
import { inSchemaOrder } from '../../layer/schema-check';
import { writeFrontMatter } from '../../layer/yaml-write';
import { appendEvent, checkLedger } from '../ledger/append';
import { readLedger } from '../ledger/read';
import { ledgerTargetOf } from '../ledger/target';
import { DECISIONS_FILE, parseDecisions } from '../records/decisions';
import { completedNoteFile } from '../tasks/current';

/** How many written paths one `knowledge.derived` line lists; the rest are counted in `paths_omitted`. */
export const MAX_LISTED_PATHS = 100;

/** One ledger line, parsed. */
export type LedgerLine = Readonly<Record<string, unknown>>;

/** The shape of an episode id (`s-<utc digits>-<hex>`), as session start allocates it. */
export const EPISODE_ID = /^s-[0-9]{8,14}-[0-9a-f]{4,}$/;

export interface DeriveRequest {
  /** The episode to derive; by default the newest one a `session.closed` line names. */
  readonly episode?: string;
  /**
   * The episode's stamped lines when the caller has read them already (session close has): the ledger
   * is then not read again. Only with `episode`.
   */
  readonly lines?: readonly LedgerLine[];
  /** The command named in messages and in the ledger line's `by`. */
  readonly command?: string;
  /** The session stamp of the `knowledge.derived` line when the caller knows it (session close does). */
  readonly stamp?: string;
}

export interface DeriveResult {
  readonly episode: string;
  /** Repository-relative paths, in evidence order. */
  readonly written: readonly string[];
  readonly unchanged: readonly string[];
  readonly skipped: readonly string[];
}

/** One candidate as the evidence makes it. */
interface Candidate {
  readonly name: string;
  readonly content: string;
}

/** Where candidates go: `<knowledge section>/candidates`, undefined without a knowledge section. */
export function candidatesDir(layout: { section(name: string): string | undefined }): string | undefined {
  const section = layout.section('knowledge');
  return section === undefined ? undefined : `${section}/candidates`;
}

/** The line `knowledge derive` prints, which session close repeats on stderr. */
export function deriveSummary(result: DeriveResult): string {
  return `knowledge derive: ${result.written.length} written, ${result.unchanged.length} unchanged, ${result.skipped.length} skipped for episode ${result.episode}`;
}

/**
 * Derive the candidates of one episode of `repository` and append `knowledge.derived`; see the module
 * comment. Throws UsageError (2) for an id that is no episode id, MissingError (12) when the episode is
 * in no ledger line, nothing has closed, or the manifest has no knowledge section; the writer's
 * refusals (15) pass through.
 */
export function deriveKnowledge(repository: Repository, request: DeriveRequest = {}): DeriveResult {
  const command = request.command ?? 'knowledge derive';
  if (request.episode !== undefined && !EPISODE_ID.test(request.episode)) {
    throw new UsageError(
      `${command}: --episode ${JSON.stringify(request.episode)} is not an episode id (s-<utc>-<hex>, as majordomus session list prints it)`,
    );
  }
  const dir = candidatesDir(repository.layout);
  if (dir === undefined)
    throw new MissingError(
      `${command}: the manifest names no knowledge section, so candidates have nowhere to go (add \`knowledge: repo/knowledge\` under sections in .ai/manifest.yaml, then run: majordomus init --extend)`,
    );
  const { episode, lines } =
    request.lines !== undefined && request.episode !== undefined
      ? { episode: request.episode, lines: request.lines }
      : selectEpisode(repository, command, request.episode);

  // what is on disk now, whatever tree the repository was opened to judge: the candidates are written there
  const tree = new WorkingTree(repository.root);
  const candidates = candidatesOf(repository, tree, episode, lines);
  const curated = `${repository.layout.section('knowledge')}/curated`;
  const written: string[] = [];
  const unchanged: string[] = [];
  const skipped: string[] = [];
  const lock = WriteLock.acquire(lockFile(repository.git.commonDir), command);
  try {
    const plan = new WritePlan({ command, base: repository.root });
    for (const candidate of candidates) {
      const path = `${dir}/${candidate.name}`;
      const current = readIfThere(tree, path);
      if (current === candidate.content) unchanged.push(path);
      else if (current !== undefined || tree.exists(`${curated}/${candidate.name}`)) skipped.push(path);
      else if (!plan.has(path)) {
        plan.create(path, candidate.content);
        written.push(path);
      }
    }
    // the line names the run's own episode through its stamp, the derived one through `episode`
    // the paths are listed up to a bound, so an episode with many candidates still fits one ledger line
    // (64 KiB) and the files just written are never followed by a refused line
    const listed = written.slice(0, MAX_LISTED_PATHS);
    const ledger = ledgerTargetOf(repository, command, request.stamp === undefined ? {} : { session: request.stamp });
    const line = (): void => {
      appendEvent(ledger, 'knowledge.derived', {
        episode,
        paths: listed,
        ...(listed.length < written.length ? { paths_omitted: written.length - listed.length } : {}),
        written: written.length,
        unchanged: unchanged.length,
        skipped: skipped.length,
      });
    };
    // the candidates and their line are one change: the line last, and a line that fails takes them back
    checkLedger(ledger);
    if (written.length > 0) plan.commit(line);
    else line();
  } finally {
    lock.release();
  }
  return { episode, written, unchanged, skipped };
}

/** The episode asked for (or the newest closed one) and its stamped lines, from one read of the ledger. */
function selectEpisode(repository: Repository, command: string, wanted: string | undefined): { episode: string; lines: LedgerLine[] } {
  const all = ledgerLines(repository, command);
  let episode = wanted;
  if (episode === undefined) {
    for (let i = all.length - 1; i >= 0 && episode === undefined; i--) {
      const line = all[i]!;
      if (line.event === 'session.closed' && typeof line.session === 'string') episode = line.session;
    }
    if (episode === undefined)
      throw new MissingError(
        `${command}: no episode has closed here, so there is nothing to derive (name one: majordomus knowledge derive --episode <id>; see: majordomus history --event session.closed)`,
      );
  }
  const lines = all.filter((line) => line.session === episode);
  if (lines.length === 0)
    throw new MissingError(
      `${command}: no ledger line is stamped with episode ${episode}; nothing was derived (see the episodes: majordomus session list)`,
    );
  return { episode, lines };
}

/** Every event line of the ledger; a malformed line is history --validate's to report. */
function ledgerLines(repository: Repository, command: string): LedgerLine[] {
  return readLedger({ root: repository.root, localDir: repository.layout.localDir }, command).entries.map((entry) => entry.record);
}

/** The candidates the episode's lines make, in ledger order, one per piece of evidence. */
function candidatesOf(repository: Repository, tree: WorkingTree, episode: string, lines: readonly LedgerLine[]): Candidate[] {
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  let decisions: ReturnType<typeof parseDecisions> | undefined;
  const candidates: Candidate[] = [];
  for (const line of lines) {
    const ts = text(line.ts);
    const task = text(line.task_id);
    if (ts === undefined) continue;
    const ref = `${String(line.event)}@${ts}`;
    if (line.event === 'decision.recorded') {
      const decision = text(line.decision);
      if (decision === undefined) continue;
      decisions ??= parseDecisions(readable(readIfThere(tree, `${repository.layout.localDir}/${DECISIONS_FILE}`)) ?? '');
      const entry = [...decisions].reverse().find((candidate) => candidate.heading === decision);
      const why = entry?.fields.get('Why')?.value;
      const rejected = entry?.fields.get('Rejected')?.value;
      // the ledger keeps the heading (`<date> — <what>`); the candidate's title is what was decided
      const title = entry?.title ?? decision.replace(/^\d{4}-\d{2}-\d{2} — /, '');
      const body = [title, ...(why ? ['', `Why: ${why}`] : []), ...(rejected && rejected !== '-' ? [`Rejected: ${rejected}`] : [])];
      candidates.push(candidate('decision', title, { ts, episode, task, ref }, body.join('\n')));
    } else if (line.event === 'question.resolved') {
      const question = text(line.question);
      const answer = text(line.answer);
      if (question === undefined || answer === undefined) continue;
      candidates.push(candidate('answer', question, { ts, episode, task, ref }, `Question: ${question}\n\nAnswer: ${answer}`));
    } else if (line.event === 'task.finished') {
      const outcome = text(line.outcome);
      if (task === undefined || outcome === undefined) continue;
      const note = readable(readIfThere(tree, completedNoteFile(repository.layout.localDir, task)))?.trim();
      const body = `Task ${task} finished as ${outcome}.${note ? `\n\n${note}` : ''}`;
      candidates.push(candidate('outcome', `Task ${task} finished as ${outcome}`, { ts, episode, task, ref }, body));
    }
  }
  return candidates;
}

/**
 * One candidate: its name from the kind, a slug of the title and a hash of the evidence's identity (the
 * episode, the line's event and time, the title), so two pieces of evidence never share a name and one
 * piece always gets the same one.
 */
function candidate(
  kind: KnowledgeCandidate['kind'],
  title: string,
  at: { ts: string; episode: string; task: string | undefined; ref: string },
  body: string,
): Candidate {
  const digest = createHash('sha256').update([at.episode, at.ref, title].join('\0')).digest('hex').slice(0, 10);
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  const id = `${kind}-${slug === '' ? '' : `${slug}-`}${digest}`;
  const front: KnowledgeCandidate = {
    id,
    kind,
    status: 'candidate',
    title,
    date: at.ts.slice(0, 10),
    episode: at.episode,
    ...(at.task === undefined ? {} : { task: at.task }),
    evidence: [`ledger:${at.ref}`],
  };
  // the bytes are the candidate's identity too (deriving twice writes nothing): ids, the day and the
  // episode stand plain, what a person wrote is quoted
  const text = writeFrontMatter(inSchemaOrder('knowledge-candidate', front), { strings: 'quoted', plain: CANDIDATE_PLAIN });
  return { name: `${id}.md`, content: `${text}\n${body}\n` };
}

/** The candidate's keys written plain; the title, the task and the evidence are quoted. */
// key-list: a style of the writer (which keys stand plain), not the shape, which is the schema's
const CANDIDATE_PLAIN: readonly (keyof KnowledgeCandidate)[] = ['id', 'kind', 'status', 'date', 'episode'];

/** Something at a path that is not a readable text file: a candidate's name taken, no evidence text. */
const UNREADABLE = Symbol('unreadable');

/** The text at `path`; undefined when nothing is there. */
function readIfThere(tree: WorkingTree, path: string): string | typeof UNREADABLE | undefined {
  if (!tree.exists(path)) return undefined;
  try {
    return tree.readText(path);
  } catch (error) {
    if (error instanceof DocumentError) return UNREADABLE;
    throw error;
  }
}

function readable(text: string | typeof UNREADABLE | undefined): string | undefined {
  return typeof text === 'string' ? text : undefined;
}
