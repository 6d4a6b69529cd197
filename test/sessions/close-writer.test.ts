/**
 * `session close` writes the Close section of the session context through the one writer: a context
 * that is a symbolic link (to a file outside the repository) or a FIFO is never written through or
 * opened, and the close still completes — record, session.closed, open record gone — saying on stderr
 * why the section is missing. A writer killed while replacing the context leaves its temporary and
 * backup files; the next close clears them and writes the section once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
const scratch: string[] = [];
afterAll(() => {
  repos.disposeAll();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const SESSIONS = '.ai/repo/sessions';
const CONTEXTS = '.ai/local/session-contexts';
const OPEN = '.ai/local/state/sessions-open';
const LEDGER = '.ai/local/state/ledger.jsonl';

/** An adopted repository with one episode open; its id and its session context, repository-relative. */
function opened(): { repo: TempRepo; id: string; context: string } {
  const repo = repos.create().init();
  const run = repo.run(['session', 'start', '--json']);
  expect(run.code, run.stderr).toBe(0);
  const id = (JSON.parse(run.stdout) as { session_id: string }).session_id;
  const [name] = readdirSync(repo.path(CONTEXTS)).filter((entry) => entry.endsWith('.md'));
  return { repo, id, context: `${CONTEXTS}/${name}` };
}

/** The close completed: one record of the episode, one session.closed, the open record gone. */
function expectClosed(repo: TempRepo, id: string): void {
  expect(readdirSync(repo.path(SESSIONS)).filter((name) => name.includes(id))).toHaveLength(1);
  const closed = repo
    .read(LEDGER)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; session?: string })
    .filter((line) => line.event === 'session.closed');
  expect(closed.map((line) => line.session)).toEqual([id]);
  expect(repo.exists(`${OPEN}/hand.yaml`)).toBe(false);
}

describe('session close writes the Close section through the writer', () => {
  it('a context that is a symbolic link to a file outside the repository is not written through; the close completes (0)', () => {
    const { repo, id, context } = opened();
    const outside = mkdtempSync(join(tmpdir(), 'majordomus-outside-'));
    scratch.push(outside);
    const target = join(outside, 'context.md');
    writeFileSync(target, repo.read(context));
    const before = repo.read(context);
    repo.remove(context);
    symlinkSync(target, repo.path(context));
    const run = repo.run(['session', 'close']);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(run.stderr).toContain(context);
    expectClosed(repo, id);
  });

  it('a context that is a FIFO is never opened; the close completes (0)', () => {
    const { repo, id, context } = opened();
    repo.remove(context);
    execFileSync('mkfifo', [repo.path(context)]);
    const run = repo.run(['session', 'close']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(context);
    expectClosed(repo, id);
  });

  it('a writer killed while replacing the context left its files: the next close clears them and writes the section once', () => {
    const { repo, id, context } = opened();
    const name = context.slice(CONTEXTS.length + 1);
    // what a kill between staging the new context and dropping the backup of the old one leaves
    const leftovers = [`.${name}.majordomus-999999-0badc0de.tmp`, `.${name}.majordomus-999999-0badc0de.old`];
    for (const leftover of leftovers) repo.write(`${CONTEXTS}/${leftover}`, repo.read(context));
    const run = repo.run(['session', 'close']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain(context);
    expect(repo.read(context).split('\n## Close\n')).toHaveLength(2);
    expect(readdirSync(repo.path(CONTEXTS)).filter((entry) => leftovers.includes(entry))).toEqual([]);
    expectClosed(repo, id);
  });
});
