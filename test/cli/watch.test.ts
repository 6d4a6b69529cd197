/**
 * `watch`: every violation a blocking rule reports there is DRIFT — never FAIL, whatever exit code the
 * rule itself declares — and the gate exits 11 on drift, 0 on a clean repository. The tables run the
 * gate in process; the exit codes and `--json` as a user sees them come from the built CLI.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** A project rule enforced at watch by the `paths` validator, requiring `require`; `exitCode` its own code. */
function watchRule(repo: TempRepo, name: string, options: { require: string; exitCode: number; klass?: 'blocking' | 'advisory' }): void {
  repo.write(
    `.ai/repo/rules/project/${name}.v1.md`,
    [
      '---',
      `id: project.${name}`,
      'version: 1',
      'kind: rule',
      `title: ${name} is present`,
      'description: A rule the watch tests violate.',
      `statement: The file ${options.require} exists.`,
      'status: active',
      `class: ${options.klass ?? 'blocking'}`,
      'depends_on: []',
      'tags: [test]',
      '',
      'x-majordomus:',
      '  validator: paths',
      '  category: docs',
      '  enforced_by: [watch]',
      `  exit_code: ${options.exitCode}`,
      `  tests: [.ai/repo/rules/tests/${name}]`,
      '  options:',
      `    require: [${options.require}]`,
      '---',
      '',
      '# Rationale',
      '',
      'Test.',
      '',
      '# Required behaviour',
      '',
      'Test.',
      '',
      '# Failure behaviour',
      '',
      'Test.',
      '',
      '# Verification',
      '',
      'Test.',
      '',
    ].join('\n'),
  );
}

describe('watch', () => {
  it.each([
    ['a vendored rule (layout, exit_code 10)', (repo: TempRepo) => repo.remove('.ai/README.md')],
    ['a project rule declaring exit_code 12', (repo: TempRepo) => watchRule(repo, 'needs-notes', { require: 'NOTES.md', exitCode: 12 })],
    ['a project rule declaring exit_code 15', (repo: TempRepo) => watchRule(repo, 'needs-plan', { require: 'PLAN.md', exitCode: 15 })],
    [
      'several rules at once',
      (repo: TempRepo) => {
        repo.remove('.ai/README.md');
        watchRule(repo, 'needs-notes', { require: 'NOTES.md', exitCode: 12 });
      },
    ],
  ])('%s: every violation is DRIFT, none FAIL, exit 11', async (_name, damage) => {
    const repo = repos.create().init();
    damage(repo);
    const run = await gateInProcess(repo, 'watch');
    expect(run.code).toBe(11);
    const violations = run.findings.filter((finding) => ['FAIL', 'WARN', 'DRIFT'].includes(finding.level));
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.map((finding) => finding.level)).toEqual(violations.map(() => 'DRIFT'));
  });

  it('an advisory rule at watch stays WARN and does not move the exit code', async () => {
    const repo = repos.create().init();
    watchRule(repo, 'nice-notes', { require: 'NOTES.md', exitCode: 0, klass: 'advisory' });
    const run = await gateInProcess(repo, 'watch');
    expect(run.code).toBe(0);
    expect(run.findings.filter((finding) => finding.rule === 'project.nice-notes').map((finding) => finding.level)).toEqual(['WARN']);
  });

  it('the built CLI: 11 with DRIFT lines in --json on drift, 0 with none on a clean repository', () => {
    const repo = repos.create().init();
    const clean = repo.gate(['watch']);
    expect(clean.code).toBe(0);
    expect(clean.findings.filter((finding) => finding.level === 'DRIFT' || finding.level === 'FAIL')).toEqual([]);
    watchRule(repo, 'needs-notes', { require: 'NOTES.md', exitCode: 12 });
    const drift = repo.gate(['watch']);
    expect(drift.code).toBe(11);
    expect(drift.findings).toContainEqual(
      expect.objectContaining({ level: 'DRIFT', rule: 'project.needs-notes', reproduce: 'majordomus watch --rule project.needs-notes' }),
    );
    expect(drift.findings.filter((finding) => finding.level === 'FAIL')).toEqual([]);
    repo.write('NOTES.md', 'notes\n');
    repo.git(['add', 'NOTES.md']);
    expect(repo.run(['watch']).code).toBe(0);
  });
});
