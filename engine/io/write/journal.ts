/**
 * The journal of the tool's own writes: what this tool wrote into a working tree (a session record, a
 * knowledge candidate, a rule `rules new` scaffolds, a brainstorm folder, a projection, and every later
 * record), path and content, so a task never counts them as its own changes (engine/state/tasks/changes.ts).
 *
 * It lives in the checkout's git directory (`<git dir>/majordomus-tool-writes.jsonl`, per worktree,
 * never tracked), one JSON line a write: the path, repository-relative, and the git blob ids of what was
 * written (SHA-1 and SHA-256 object formats both), or `removed`. It is kept only while it exists: `start`
 * creates it empty, so what it holds is what the tool wrote since the current task started, and a
 * repository that does not work in tasks keeps none.
 *
 * Every write of the one writer reports here once it is whole (`applyPlan`, `publishRecord`). A journal
 * line that cannot be appended is lost, never a failed command: the file then counts as the task's
 * change, which a gate says.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/** The journal's file name in a checkout's git directory. */
export const JOURNAL_NAME = 'majordomus-tool-writes.jsonl';

/** The folder of a working tree's own local half, whose files git ignores: not journaled. */
const LOCAL_HALF = `.ai${sep}local${sep}`;

/** One journal line, as written and read back. */
export interface JournalLine {
  readonly path: string;
  /** Git blob ids of the content written; absent when the path was removed. */
  readonly sha1?: string;
  readonly sha256?: string;
  readonly removed?: true;
}

/** The git blob ids of `content` in both object formats. */
export function blobIds(content: Buffer): { sha1: string; sha256: string } {
  const header = Buffer.from(`blob ${content.length}\0`, 'utf8');
  return {
    sha1: createHash('sha1').update(header).update(content).digest('hex'),
    sha256: createHash('sha256').update(header).update(content).digest('hex'),
  };
}

/** The working tree holding `path` and its git directory, found from the `.git` entry above it. */
function checkoutOf(
  path: string,
  cache: Map<string, { root: string; gitDir: string } | null>,
): { root: string; gitDir: string } | undefined {
  const seen: string[] = [];
  let found: { root: string; gitDir: string } | null = null;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const known = cache.get(dir);
    if (known !== undefined) {
      found = known;
      break;
    }
    seen.push(dir);
    const dotGit = join(dir, '.git');
    let kind: 'dir' | 'file' | undefined;
    try {
      const stat = lstatSync(dotGit);
      kind = stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : undefined;
    } catch {
      kind = undefined;
    }
    if (kind === 'dir') found = { root: dir, gitDir: dotGit };
    else if (kind === 'file') {
      // a linked worktree: `gitdir: <path>`
      const text = safeRead(dotGit, 4096)?.toString('utf8') ?? '';
      const named = /^gitdir: (.+)$/m.exec(text)?.[1]?.trim();
      if (named) found = { root: dir, gitDir: isAbsolute(named) ? named : join(dir, named) };
    }
    if (found || dirname(dir) === dir) break;
  }
  for (const dir of seen) cache.set(dir, found);
  return found ?? undefined;
}

function safeRead(path: string, max: number): Buffer | undefined {
  try {
    const stat = lstatSync(path);
    if (!stat.isFile() || stat.size > max) return undefined;
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Journal the paths a write of the tool left (absolute; `removed` when it removed them): each inside a
 * working tree whose journal exists gets a line there. Best effort: nothing here throws.
 */
export function journalWrites(paths: readonly { readonly path: string; readonly removed: boolean }[]): void {
  try {
    const cache = new Map<string, { root: string; gitDir: string } | null>();
    const kept = new Map<string, boolean>();
    const byJournal = new Map<string, string[]>();
    for (const { path, removed } of paths) {
      const checkout = checkoutOf(path, cache);
      if (!checkout) continue;
      const rel = relative(checkout.root, path);
      if (rel === '' || rel.startsWith(`..${sep}`) || isAbsolute(rel) || rel.startsWith(`.git${sep}`) || rel.startsWith(LOCAL_HALF))
        continue;
      const journal = join(checkout.gitDir, JOURNAL_NAME);
      // no journal, no task: nothing is hashed for it
      if (!kept.has(journal)) kept.set(journal, isFile(journal));
      if (!kept.get(journal)) continue;
      let line: JournalLine;
      if (removed) line = { path: rel.split(sep).join('/'), removed: true };
      else {
        if (!isFile(path)) continue;
        line = { path: rel.split(sep).join('/'), ...blobIds(readFileSync(path)) };
      }
      byJournal.set(journal, [...(byJournal.get(journal) ?? []), JSON.stringify(line)]);
    }
    for (const [journal, lines] of byJournal) appendIfPresent(journal, `${lines.join('\n')}\n`);
  } catch {
    // a journal is a courtesy to the task's judgement, never a reason for a write to fail
  }
}

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** Append to `file` only when it is there as a regular file (never following a link), in one write. */
function appendIfPresent(file: string, text: string): void {
  let fd: number;
  try {
    if (!lstatSync(file).isFile()) return;
    fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);
  } catch {
    return;
  }
  try {
    const bytes = Buffer.from(text, 'utf8');
    writeSync(fd, bytes, 0, bytes.length);
  } catch {
    // lost: the file counts as the task's change, and a gate says so
  } finally {
    closeSync(fd);
  }
}
