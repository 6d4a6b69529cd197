/**
 * A command killed mid-write leaves no temporary copy where `git add` reaches it: session close stages
 * its record in the local half (`.ai/local/tmp`), every publisher and every plan sweeps what a dead
 * writer left in the folders it writes, and `doctor` names a stray that is tracked or lies in a tracked
 * folder. The kill is exact: the CLI's test-only kill point (MAJORDOMUS_TEST_KILL_AT_STEP) stops it at
 * its first write step, the staged record on disk and not yet linked.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import { leftovers, sh } from '../helpers/hostile';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const RULE = 'majordomus.ai-layout-integrity';
/** A writer's leftover name whose process cannot be running (pid beyond the kernel's limit). */
const DEAD = '.note.md.majordomus-4999999-0badc0de.tmp';

function adopted(): TempRepo {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  return repo;
}

describe('a session close killed while its record is staged', () => {
  it('leaves the staged copy in .ai/local/tmp, never in the tracked sessions folder; git add -A takes nothing of it; the next close sweeps it', () => {
    const repo = adopted();
    expect(sh(repo.dir, '$M session start').code).toBe(0);
    // its first write step takes the episode's close lock; the second stages the record
    const killed = sh(repo.dir, "printf 'summary\\n' | $M session close", { MAJORDOMUS_TEST_KILL_AT_STEP: '2' });
    expect(killed.code).toBe(137);
    expect(leftovers(repo.dir)).toEqual([expect.stringMatching(/^\.ai\/local\/tmp\/\..+\.majordomus-\d+-[0-9a-f]{8}\.tmp$/)]);
    expect(readdirSync(repo.path('.ai/repo/sessions')).filter((name) => name !== '.gitkeep')).toEqual([]);
    repo.git(['add', '-A']);
    expect(repo.git(['diff', '--cached', '--name-only'])).toBe('');
    const again = sh(repo.dir, "printf 'summary\\n' | $M session close");
    expect(again.code, again.stderr).toBe(0);
    expect(leftovers(repo.dir)).toEqual([]);
  });
});

describe('doctor names a stray copy where git add reaches it', () => {
  it.each([
    ['in the tracked sessions folder', '.ai/repo/sessions'],
    ['in the layer', '.ai/repo'],
    ['at the top level', '.'],
  ])('%s: FAIL naming it, exit 10', async (_label, dir) => {
    const repo = adopted();
    writeFileSync(repo.path(`${dir}/${DEAD}`), 'half a record');
    const path = dir === '.' ? DEAD : `${dir}/${DEAD}`;
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.findings.filter((f) => f.level === 'FAIL').map((f) => f.subject)).toEqual([path]);
    expect(run.code).toBe(10);
  });

  it('a committed stray: FAIL naming it as tracked, exit 10', async () => {
    const repo = adopted();
    writeFileSync(repo.path(`.ai/repo/sessions/${DEAD}`), 'half a record');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'took it']);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    const [finding] = run.findings.filter((f) => f.level === 'FAIL');
    expect(finding?.subject).toBe(`.ai/repo/sessions/${DEAD}`);
    expect(finding?.message).toMatch(/tracked/);
    expect(run.code).toBe(10);
  });

  it("a stray in the local half is not reported (git never adds it), and a live writer's copy is not a stray", async () => {
    const repo = adopted();
    expect(sh(repo.dir, '$M start work --scope .').code).toBe(0);
    writeFileSync(repo.path(`.ai/local/state/${DEAD}`), 'x');
    writeFileSync(repo.path(`.ai/repo/.note.md.majordomus-${process.pid}-0badc0de.tmp`), 'x');
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
  });

  it("the next publisher in that folder sweeps a dead writer's copy", () => {
    const repo = adopted();
    expect(sh(repo.dir, '$M start work --scope .').code).toBe(0);
    mkdirSync(repo.path('.ai/local/state/checkpoints'));
    writeFileSync(repo.path(`.ai/local/state/checkpoints/${DEAD}`), 'x');
    expect(sh(repo.dir, "printf '# Objective\\nx\\n' | $M checkpoint").code).toBe(0);
    expect(leftovers(repo.dir)).toEqual([]);
  });
});
