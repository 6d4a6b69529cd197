/**
 * context_affected (rule majordomus.context-impact, advisory): a context document tracks `src/lib/`,
 * a task is started, and `check --rule` runs in process. A change the document tracks is one WARN on the
 * document, and `check` still exits 0; a change it does not track is an OK; without a task the rule is
 * skipped with a note.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { stage, writeDoc } from '../helpers/context-docs';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { startedTask } from '../helpers/task';

const RULE = 'majordomus.context-impact';
const DOC = '.ai/repo/knowledge/README.md';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

async function tracked(options: { task: boolean }): Promise<TempRepo> {
  const repo = repos.create().init();
  repo.write('src/lib/rules.ts', 'export {};\n');
  repo.write('src/app/main.ts', 'export {};\n');
  stage(repo);
  writeDoc(repo, DOC, { id: 'ai.repo.knowledge', extra: ["tracks: ['src/lib/**']"] });
  if (options.task) await startedTask(repo, ['src']);
  return repo;
}

describe(RULE, () => {
  it('a change the document tracks is a WARN on the document; check exits 0', async () => {
    const repo = await tracked({ task: true });
    repo.write('src/lib/rules.ts', 'export const changed = true;\n');
    const { code, findings } = await gateInProcess(repo, 'check', { rule: RULE });
    expect(code).toBe(0);
    expect(findings.map((f) => [f.level, f.category, f.subject])).toEqual([['WARN', 'context', DOC]]);
    expect(findings[0]!.message).toContain('src/lib/rules.ts');
  });

  it('a change it does not track is an OK', async () => {
    const repo = await tracked({ task: true });
    repo.write('src/app/main.ts', 'export const changed = true;\n');
    const { code, findings } = await gateInProcess(repo, 'check', { rule: RULE });
    expect(code).toBe(0);
    expect(findings.map((f) => f.level)).toEqual(['OK']);
  });

  it('without a task there is no change set: skipped with a note', async () => {
    const repo = await tracked({ task: false });
    const { code, findings } = await gateInProcess(repo, 'check', { rule: RULE });
    expect(code).toBe(0);
    expect(findings.map((f) => f.level)).toEqual(['INFO']);
  });
});
