/**
 * projection (rule majordomus.projection-integrity): every case starts from `majordomus init`, which
 * generates the skeleton's two projections (AGENTS.md whole, CLAUDE.md as a region), changes a target,
 * the policy or the tree, and runs `doctor --rule` in process. Current targets are OK (line endings and
 * the host text around a region never count); a target not generated yet, or generated from an older
 * policy, is an INFO at doctor, and so is the repository's own instruction file (no stamp) and a cut
 * Codex would make in it; a hand edit, each of the three malformed marker cases, an entry no template
 * renders and a chain Codex would cut in a file update generated are FAILs naming the file; under
 * `watch` an older policy is DRIFT with exit 11.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingCase } from '../helpers/cases';
import { edit, itFails } from '../helpers/cases';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.projection-integrity';
const POLICY = '.ai/repo/policy.yaml';
const BEGIN = /^<!-- majordomus:begin .*-->$/m;
const END = '<!-- majordomus:end -->';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** Change the first occurrence of `from` in a file. */
function change(file: string, from: string | RegExp, to: string): (repo: TempRepo) => void {
  return (repo) => {
    const text = repo.read(file);
    const next = text.replace(from, to);
    expect(next, `${String(from)} is in ${file}`).not.toBe(text);
    repo.write(file, next);
  };
}

/** Over 32 KiB of instructions. */
const LONG = 'Keep the package small and its tests fast.\n'.repeat(1000);

const editPolicy = (repo: TempRepo): void => edit(repo, POLICY, 'strategy: minimum-sufficient', 'strategy: minimum-needed');

describe(`${RULE}: passing`, () => {
  it.each([
    { name: 'the targets init generated', mutate: () => {}, levels: { 'AGENTS.md': 'OK', 'CLAUDE.md': 'OK' } },
    {
      name: 'CRLF line endings in a file target and in a region host',
      mutate: (repo: TempRepo) => {
        for (const file of ['AGENTS.md', 'CLAUDE.md']) repo.write(file, repo.read(file).replace(/\n/g, '\r\n'));
      },
      levels: { 'AGENTS.md': 'OK', 'CLAUDE.md': 'OK' },
    },
    {
      name: 'text of the repository around the region',
      mutate: (repo: TempRepo) => repo.write('CLAUDE.md', `# Ours\n\nKept.\n\n${repo.read('CLAUDE.md')}\nAfter the region.\n`),
      levels: { 'AGENTS.md': 'OK', 'CLAUDE.md': 'OK' },
    },
    {
      name: 'targets not generated yet',
      mutate: (repo: TempRepo) => {
        repo.remove('AGENTS.md');
        repo.write('CLAUDE.md', '# Ours only\n');
      },
      levels: { 'AGENTS.md': 'INFO', 'CLAUDE.md': 'INFO' },
    },
    {
      name: "the repository's own AGENTS.md, which update never wrote: noted, never failed",
      mutate: (repo: TempRepo) => repo.write('AGENTS.md', '# Our own agent notes\n'),
      levels: { 'AGENTS.md': 'INFO', 'CLAUDE.md': 'OK' },
    },
    {
      name: "a chain of AGENTS.md that Codex cuts in the repository's own file: noted, never failed",
      mutate: (repo: TempRepo) => {
        repo.write('pkg/AGENTS.md', `# Package notes\n\n${LONG}`);
        repo.git(['add', '-A']);
      },
      levels: { 'AGENTS.md': 'OK', 'CLAUDE.md': 'OK', 'pkg/AGENTS.md': 'INFO' },
    },
    { name: 'a policy edit: stale, noted at doctor', mutate: editPolicy, levels: { 'AGENTS.md': 'INFO', 'CLAUDE.md': 'INFO' } },
    {
      name: 'a profile edit moves the policy hash too',
      mutate: (repo: TempRepo) => edit(repo, '.ai/repo/profiles/review.yaml', 'verbosity: ', 'verbosity:  '),
      levels: { 'AGENTS.md': 'INFO', 'CLAUDE.md': 'INFO' },
    },
  ])('$name → exit 0', async ({ mutate, levels }) => {
    const repo = repos.create().init();
    mutate(repo);
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(failing(findings)).toEqual([]);
    expect(code).toBe(0);
    expect(Object.fromEntries(findings.map((f) => [f.subject, f.level]))).toEqual(levels);
  });

  it('a policy without projections is one OK on the policy', async () => {
    const repo = repos.create().init();
    const text = repo.read(POLICY);
    repo.write(POLICY, text.replace(/\nprojections:\n(?: {2}.*\n)+/, '\nprojections: []\n'));
    const { code, findings } = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(code).toBe(0);
    expect(findings.map((f) => [f.level, f.subject])).toEqual([['OK', POLICY]]);
  });
});

const fail = (subject: string, ...mentions: string[]): { level: string; category: string; subject: string; mentions: string[] } => ({
  level: 'FAIL',
  category: 'projection',
  subject,
  mentions,
});

const FAILING: readonly FindingCase[] = [
  {
    name: 'a one-character hand edit of a file target',
    mutate: change('AGENTS.md', 'Start at', 'Start ay'),
    expected: [fail('AGENTS.md', 'by hand')],
  },
  { name: 'a hand edit inside a region', mutate: change('CLAUDE.md', 'Start at', 'Begin at'), expected: [fail('CLAUDE.md', 'by hand')] },
  { name: 'malformed: an unclosed region', mutate: change('CLAUDE.md', END, ''), expected: [fail('CLAUDE.md', 'unclosed')] },
  {
    name: 'malformed: a repeated region',
    mutate: (repo) => repo.write('CLAUDE.md', `${repo.read('CLAUDE.md')}${repo.read('CLAUDE.md')}`),
    expected: [fail('CLAUDE.md', 'repeated')],
  },
  {
    name: 'malformed: markers out of order',
    mutate: (repo) => {
      const text = repo.read('CLAUDE.md');
      const begin = BEGIN.exec(text)![0];
      repo.write('CLAUDE.md', text.replace(begin, '@@').replace(END, begin).replace('@@', END));
    },
    expected: [fail('CLAUDE.md', 'out of order')],
  },
  {
    name: 'a provider no template renders',
    mutate: (repo) => edit(repo, POLICY, '  - provider: claude-code\n', '  - provider: vim\n'),
    expected: [fail(POLICY, 'no template', 'vim')],
  },
  {
    name: 'a mode the provider does not take',
    mutate: (repo) =>
      edit(repo, POLICY, '  - provider: claude-code\n    target: CLAUDE.md\n', '  - provider: cursor\n    target: .cursor/rules/x.mdc\n'),
    expected: [fail(POLICY, 'region')],
  },
  {
    name: 'two entries writing one target',
    mutate: (repo) => edit(repo, POLICY, '    target: CLAUDE.md\n', '    target: AGENTS.md\n'),
    expected: [fail(POLICY, 'projections.0')],
  },
  {
    name: 'a chain of AGENTS.md that Codex cuts before the one update generated',
    mutate: (repo) => {
      // 31 KiB of the repository's own: with the generated pkg/AGENTS.md the chain passes 32 KiB inside the generated file
      repo.write('AGENTS.md', `# Our own notes\n\n${'Keep the package small and its tests fast.\n'.repeat(740)}`);
      edit(repo, POLICY, '  - provider: claude-code\n', '  - provider: agents\n    target: pkg/AGENTS.md\n  - provider: claude-code\n');
      expect(repo.run(['update']).code).toBe(0);
      repo.git(['add', '-A']);
    },
    expected: [fail('pkg/AGENTS.md', '32768', 'project_doc_max_bytes')],
  },
];

describe(`${RULE}: failing`, () => {
  itFails('$name', RULE, repos, FAILING);

  it('watch reports a stamp naming an old policy as DRIFT, exit 11', async () => {
    const repo = repos.create().init();
    editPolicy(repo);
    const { code, findings } = await gateInProcess(repo, 'watch', { rule: RULE });
    expect(code).toBe(11);
    expect(
      failing(findings)
        .map((f) => [f.level, f.subject])
        .sort(),
    ).toEqual([
      ['DRIFT', 'AGENTS.md'],
      ['DRIFT', 'CLAUDE.md'],
    ]);
  });
});
