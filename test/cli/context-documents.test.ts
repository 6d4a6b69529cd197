/**
 * `majordomus context list|resolve|explain|validate|affected`, run as a user runs them: the built CLI in
 * adopted repositories. `validate` names each problem class on its own fixture (exit 10) and passes the
 * tree init writes (0); `resolve` orders by depth, then order, then path, with replace dropping what it
 * supersedes and a final document kept; the filters leave out by provider, audience and status;
 * `explain --provider codex` on a 40 KiB chain shows where Codex stops, and doctor fails it; `affected`
 * maps a revision range to the documents that track it. `majordomus context` with no subcommand still
 * prints the working context.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BROKEN_TREES, PROJECT_DOC, ROOT_DOC, stage, writeDoc } from '../helpers/context-docs';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function json<T>(repo: TempRepo, args: readonly string[], options: { cwd?: string } = {}): { code: number; value: T; stderr: string } {
  const run = repo.run([...args, '--json'], options);
  return { code: run.code, value: (run.stdout.trim() === '' ? undefined : JSON.parse(run.stdout)) as T, stderr: run.stderr };
}

interface Validate {
  readonly valid: boolean;
  readonly problems: readonly { class: string; subject: string }[];
}
interface Resolved {
  readonly folder: string;
  readonly documents: readonly { id: string }[];
  readonly left: readonly { id: string; reason: string; by: string | null }[];
}

describe('context validate', () => {
  it('the tree init writes validates: exit 0', () => {
    const repo = repos.create().init();
    const run = json<Validate>(repo, ['context', 'validate']);
    expect(run.code).toBe(0);
    expect(run.value.valid).toBe(true);
    expect(repo.run(['context', 'validate']).stdout).toMatch(/^context validate: 2 document\(s\); the tree validates$/m);
  });

  it.each(BROKEN_TREES.map((tree) => [tree.problem, tree.subjects.join(', '), tree] as const))(
    'names %s on its own fixture (%s): exit 10',
    (problem, _subjects, tree) => {
      const repo = repos.create().init();
      tree.mutate(repo);
      const run = json<Validate>(repo, ['context', 'validate']);
      expect(run.code).toBe(10);
      expect(new Set(run.value.problems.map((p) => p.class))).toEqual(new Set([problem]));
      expect(run.value.problems.map((p) => p.subject).sort()).toEqual([...tree.subjects].sort());
    },
  );

  it('resolve and explain refuse a tree with a problem (10); list still lists it (0)', () => {
    const repo = repos.create().init();
    BROKEN_TREES.find((tree) => tree.problem === 'duplicate-id')!.mutate(repo);
    expect(repo.run(['context', 'resolve', '.']).code).toBe(10);
    expect(repo.run(['context', 'explain', '.']).code).toBe(10);
    expect(repo.run(['update', '--check']).code).toBe(10);
    const list = json<{ documents: { file: string; valid: boolean }[] }>(repo, ['context', 'list']);
    expect(list.code).toBe(0);
    expect(list.value.documents.map((d) => [d.file, d.valid])).toEqual([
      [ROOT_DOC, false],
      [PROJECT_DOC, false],
    ]);
  });
});

/** A tree exercising every ordering rule at `.ai/repo/rules/project/`. */
function orderedTree(repo: TempRepo): void {
  stage(repo);
  writeDoc(repo, '.ai/repo/README.md', { id: 'ai.repo', composition: 'final', order: 5 });
  writeDoc(repo, '.ai/repo/rules/README.md', { id: 'ai.repo.rules', order: 10 });
  // two explicit documents of one depth and one order: their paths break the tie
  writeDoc(repo, '.ai/repo/profiles/README.md', {
    id: 'ai.repo.profiles',
    scope: 'explicit',
    order: 1,
    extra: ['paths: [.ai/repo/rules/project]'],
  });
  writeDoc(repo, '.ai/repo/knowledge/README.md', {
    id: 'ai.repo.knowledge',
    scope: 'explicit',
    order: 1,
    extra: ['paths: [.ai/repo/rules/project]'],
  });
  writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', composition: 'replace', extra: ['supersedes: [ai, ai.repo.rules]'] });
  writeDoc(repo, '.ai/repo/rules/project/notes/README.md', {
    id: 'ai.notes',
    scope: 'directory',
    providers: '[claude-code]',
    status: 'active',
  });
  writeDoc(repo, '.ai/repo/sessions/README.md', { id: 'ai.sessions', status: 'deprecated', audience: '[human]' });
}

describe('context resolve', () => {
  it('orders by depth, then order, then path; replace drops what it supersedes; final stays', () => {
    const repo = repos.create().init();
    orderedTree(repo);
    expect(repo.run(['context', 'validate']).code).toBe(0);
    const run = json<Resolved>(repo, ['context', 'resolve', '.ai/repo/rules/project/a-rule.v1.md']);
    expect(run.code).toBe(0);
    expect(run.value.folder).toBe('.ai/repo/rules/project');
    expect(run.value.documents.map((d) => d.id)).toEqual(['ai.repo', 'ai.repo.knowledge', 'ai.repo.profiles', 'ai.repo.rules.project']);
    expect(run.value.left.map((l) => [l.id, l.reason, l.by])).toEqual([
      ['ai', 'superseded', 'ai.repo.rules.project'],
      ['ai.repo.rules', 'superseded', 'ai.repo.rules.project'],
    ]);
  });

  it('filters by provider, audience and status, saying why each is left out', () => {
    const repo = repos.create().init();
    orderedTree(repo);
    const notes = '.ai/repo/rules/project/notes/';
    expect(json<Resolved>(repo, ['context', 'resolve', notes, '--provider', 'claude-code']).value.documents.map((d) => d.id)).toContain(
      'ai.notes',
    );
    const agents = json<Resolved>(repo, ['context', 'resolve', notes, '--provider', 'agents']);
    expect(agents.value.documents.map((d) => d.id)).not.toContain('ai.notes');
    expect(agents.value.left).toContainEqual(expect.objectContaining({ id: 'ai.notes', reason: 'provider', by: null }));
    const sessions = json<Resolved>(repo, ['context', 'resolve', '.ai/repo/sessions/x.md']);
    expect(sessions.value.left).toContainEqual(expect.objectContaining({ id: 'ai.sessions', reason: 'deprecated', by: null }));
    const human = json<Resolved>(repo, ['context', 'resolve', '.', '--audience', 'human']);
    expect(human.value.documents.map((d) => d.id)).toEqual(['ai']);
  });

  it('a path is taken relative to where the command runs; one outside the repository is a usage error (2)', () => {
    const repo = repos.create().init();
    stage(repo);
    const inside = json<Resolved>(repo, ['context', 'resolve', 'project/README.md'], { cwd: `${repo.dir}/.ai/repo/rules` });
    expect(inside.value.folder).toBe('.ai/repo/rules/project');
    expect(repo.run(['context', 'resolve', '../elsewhere']).code).toBe(2);
  });
});

describe('context explain', () => {
  it('--provider codex on a 40 KiB chain shows where Codex stops; doctor fails the projection it would cut', () => {
    const repo = repos.create().init();
    repo.write('pkg/AGENTS.md', `# Package notes\n\n${'Keep the package small and its tests fast.\n'.repeat(1000)}`);
    stage(repo);
    const run = json<{
      providers: { provider: string; cut: { path: string; read_up_to: number } | null; total: number; limit: { value: number } }[];
    }>(repo, ['context', 'explain', 'pkg/index.ts', '--provider', 'codex']);
    expect(run.code).toBe(0);
    const [codex] = run.value.providers;
    expect(codex!.limit.value).toBe(32768);
    expect(codex!.total).toBeGreaterThan(40_000);
    expect(codex!.cut!.path).toBe('pkg/AGENTS.md');
    expect(codex!.cut!.read_up_to).toBe(32768 - Buffer.byteLength(repo.read('AGENTS.md')));
    expect(repo.run(['context', 'explain', 'pkg/index.ts', '--provider', 'codex']).stdout).toMatch(
      /^ {2}pkg\/AGENTS\.md .*cut after \d+ bytes/m,
    );
    // the cut falls in a file majordomus did not write: the repository's own, reported, never a failure
    const doctor = repo.gate(['doctor']);
    expect(doctor.code).toBe(0);
    expect(doctor.findings.some((f) => f.category === 'projection' && f.subject === 'pkg/AGENTS.md' && f.level === 'INFO')).toBe(true);
    // once majordomus owns a part of the file the cut falls in (a region added by update --adopt), the
    // projection Codex would never read is a failure
    repo.write('AGENTS.md', `# Our notes\n\n${'Keep the package small and its tests fast.\n'.repeat(1000)}`);
    expect(repo.run(['update', '--adopt', 'AGENTS.md']).code).toBe(0);
    stage(repo);
    const adopted = repo.gate(['doctor']);
    expect(adopted.code).toBe(10);
    expect(failing(adopted.findings).map((f) => [f.category, f.subject])).toEqual([['projection', 'AGENTS.md']]);
  });

  it('an unknown provider is a usage error (2)', () => {
    const repo = repos.create().init();
    expect(repo.run(['context', 'explain', '.', '--provider', 'vim']).code).toBe(2);
  });
});

describe('context affected', () => {
  it('maps a revision range to the documents whose tracks it touches; never fails on it', () => {
    const repo = repos.create().init();
    repo.write('src/lib/rules.ts', 'export {};\n');
    stage(repo);
    writeDoc(repo, '.ai/repo/knowledge/README.md', { id: 'ai.repo.knowledge', extra: ["tracks: ['src/lib/**']"] });
    repo.git(['commit', '-q', '--no-verify', '-m', 'base']);
    repo.write('src/lib/rules.ts', 'export const changed = 1;\n');
    repo.git(['commit', '-q', '--no-verify', '-am', 'change']);
    const range = json<{ documents: { id: string; files: string[] }[] }>(repo, ['context', 'affected', 'HEAD~1..HEAD']);
    expect(range.code).toBe(0);
    expect(range.value.documents).toEqual([
      { id: 'ai.repo.knowledge', file: '.ai/repo/knowledge/README.md', tracks: ['src/lib/**'], files: ['src/lib/rules.ts'] },
    ]);
    expect(json<{ documents: unknown[] }>(repo, ['context', 'affected']).value.documents).toEqual([]);
    expect(repo.run(['context', 'affected', '--', 'nowhere..HEAD']).code).toBe(2);
  });
});

describe('majordomus context, with no subcommand', () => {
  it('still prints the working context, and --json its document', () => {
    const repo = repos.create().init();
    const text = repo.run(['context']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^# Working context$/m);
    const data = json<{ budget_lines: number }>(repo, ['context']);
    expect(data.code).toBe(0);
    expect(data.value.budget_lines).toBe(300);
    expect(repo.run(['context', '--budget-lines', '3']).code).toBe(10);
    expect(repo.run(['context', 'nonsense']).code).toBe(2);
  });
});
