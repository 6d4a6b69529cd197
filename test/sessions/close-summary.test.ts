/**
 * The summary `session close` reads from stdin lands in a shared, committed record, so it is read as
 * every body is: UTF-8 text without NUL bytes, at most 1 MiB. Anything else is refused (2) before a
 * byte is written, and the episode stays open for a close with a usable summary.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const SESSIONS = '.ai/repo/sessions';
const OPEN = '.ai/local/state/sessions-open';

describe('session close < summary', () => {
  it.each([
    ['bytes that are not UTF-8', Buffer.from([0x57, 0x6f, 0x72, 0x6b, 0xff, 0xfe, 0x0a])],
    ['a NUL byte', Buffer.from('Work done\u0000\n')],
    ['more than 1 MiB', Buffer.alloc(1024 * 1024 + 1, 0x61)],
  ])('refuses a summary of %s (2), writes no record and keeps the episode open', (_label, bytes) => {
    const repo = repos.create().init();
    expect(repo.run(['session', 'start']).code).toBe(0);
    const close = repo.run(['session', 'close'], { input: bytes as unknown as string });
    expect(close.code).toBe(2);
    expect(repo.exists(SESSIONS) ? readdirSync(repo.path(SESSIONS)).filter((name) => name.endsWith('.md')) : []).toEqual([]);
    expect(readdirSync(repo.path(OPEN))).toEqual(['hand.yaml']);
    const again = repo.run(['session', 'close'], { input: 'The parser reads both formats.\n' });
    expect(again.code, again.stderr).toBe(0);
    expect(repo.read(again.stdout.trim())).toContain('The parser reads both formats.');
  });
});
