/**
 * use_case_coverage (rule majordomus.use-case-coverage), run in process through `doctor --rule`: a
 * repository without use cases is not judged; with them, every command family must be run by an active
 * use case's scenario, and every use case must be valid.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../engine/cli/program';
import { packNames, packs as packs_ } from '../../engine/generated/packs';
import { COMMAND_FAMILIES } from '../../engine/usecases/families';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.use-case-coverage';
const DIR = '.ai/repo/use-cases';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function useCase(id: string, families: readonly string[], status = 'active'): string {
  const steps = families
    .map((family, index) => `  - id: s${index}\n    run: ['${family}', '--help']\n    expect:\n      exit: 0`)
    .join('\n');
  return `---\nid: ${id}\nkind: use-case\ntitle: T\nsummary: S\nstatus: ${status}\ntarget: guaranteed\ncommands: [${families.join(', ')}]\n---\n\n# Situation\n\nS.\n\n# Scenario\n\n\`\`\`yaml\nsetup: installed\nsteps:\n${steps}\n\`\`\`\n\n# Outcome\n\nO.\n`;
}

function withUseCases(files: Record<string, string>): TempRepo {
  const repo = repos.create().init();
  for (const [name, text] of Object.entries(files)) repo.write(`${DIR}/${name}`, text);
  repo.git(['add', '-A']);
  return repo;
}

const failing = (findings: ReadonlyArray<{ level: string; category?: string; subject: string }>) =>
  findings.filter((f) => f.level === 'FAIL').map((f) => [f.category, f.subject]);

describe('use_case_coverage', () => {
  it('does not judge a repository that keeps no use cases', async () => {
    const run = await gateInProcess(repos.create().init(), 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.category])).toEqual([['INFO', 'use-case']]);
  });

  it('passes when every family is run by an active use case', async () => {
    const half = Math.floor(COMMAND_FAMILIES.length / 2);
    const run = await gateInProcess(
      withUseCases({ 'a.md': useCase('a', COMMAND_FAMILIES.slice(0, half)), 'b.md': useCase('b', COMMAND_FAMILIES.slice(half)) }),
      'doctor',
      { rule: RULE },
    );
    expect(run.code).toBe(0);
    expect(run.findings).toEqual([expect.objectContaining({ level: 'OK', category: 'use-case', subject: DIR })]);
  });

  it('names each family no active scenario runs; a draft does not count', async () => {
    const rest = COMMAND_FAMILIES.filter((family) => family !== 'watch' && family !== 'hooks');
    const run = await gateInProcess(withUseCases({ 'a.md': useCase('a', rest), 'b.md': useCase('b', ['watch'], 'draft') }), 'doctor', {
      rule: RULE,
    });
    expect(run.code).toBe(10);
    expect(failing(run.findings)).toEqual([
      ['use-case', 'majordomus watch'],
      ['use-case', 'majordomus hooks'],
    ]);
  });

  it('fails an invalid use case by file', async () => {
    const run = await gateInProcess(
      withUseCases({ 'a.md': useCase('a', COMMAND_FAMILIES), 'b.md': useCase('other', ['doctor']) }),
      'doctor',
      { rule: RULE },
    );
    expect(run.code).toBe(10);
    expect(failing(run.findings)).toEqual([['use-case', `${DIR}/b.md`]]);
  });

  it('knows every command family the CLI registers', () => {
    const packs = new Set(packNames.flatMap((pack) => packs_[pack].commands));
    const registered = buildProgram({ cwd: process.cwd(), env: {}, self: '' })
      .commands.map((command) => command.name())
      .filter((name) => !packs.has(name));
    expect([...COMMAND_FAMILIES].sort()).toEqual(registered.sort());
  });
});
