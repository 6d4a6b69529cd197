/**
 * `finish --note -`: the completion note read from stdin, as an agent or a scenario pipes it, kept
 * exactly as a note file would be; refusals of what stdin carries leave the task active.
 */
import { statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const NOTE = '# Objective\nfix it\n\n# Current State\nthe parser reads both formats\n\n# Next Action\nnone\n';

describe('finish --note -', () => {
  it('keeps the note piped in as the completion note, 0600', () => {
    const repo = committedWithTask(repos);
    const id = /id: "([^"]+)"/.exec(repo.read('.ai/local/state/current.yaml'))![1]!;
    const run = repo.run(['finish', '--outcome', 'partial', '--verify-command', 'git --version', '--note', '-'], { input: NOTE });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const kept = `.ai/local/state/completed/${id}.md`;
    expect(repo.read(kept)).toBe(NOTE);
    expect(statSync(repo.path(kept)).mode & 0o777).toBe(0o600);
    expect(repo.read('.ai/local/state/current.yaml')).toContain('outcome: "partial"');
  });

  it.each([
    ['bytes that are not UTF-8 text', Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a])],
    ['a NUL byte', Buffer.from('# Objective\n\u0000\n')],
  ])('refuses %s with exit 2 and leaves the task active', (_label, bytes) => {
    const repo = committedWithTask(repos);
    const before = repo.read('.ai/local/state/current.yaml');
    const run = repo.run(['finish', '--outcome', 'partial', '--verify-command', 'git --version', '--note', '-'], {
      input: bytes as unknown as string,
    });
    expect(run.code).toBe(2);
    expect(repo.read('.ai/local/state/current.yaml')).toBe(before);
  });
});
