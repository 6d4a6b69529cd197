/**
 * `doctor --fix`: a finding whose remedy is one of the tool's own commands carries it (`fix`, the
 * arguments after `majordomus`, in `--json`); `--fix` prints the plan, runs each such command once —
 * install the hooks, rotate the ledger (archiving, never deleting), update an older release of the
 * vendored package — and checks again, its exit code the second doctor's. Everything else stays a
 * finding, and nothing is written for it.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { committedAdoption } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';
import { snapshotTree } from '../helpers/snapshot';

const repos = repoFactory();
afterAll(() => repos.disposeAll());
const adopted = committedAdoption(repos);
const POLICY = '.ai/repo/policy.yaml';
const LEDGER = '.ai/local/state/ledger.jsonl';

const lines = (stdout: string): string[] => stdout.trimEnd().split('\n');

describe('doctor --fix', () => {
  it('missing hooks: the findings carry `hooks install`, --fix prints the plan, runs it, and doctor then passes (0)', () => {
    const repo = adopted();
    repo.remove('.git/hooks/pre-commit');
    const before = repo.gate(['doctor']);
    expect(before.code).toBe(10);
    const missing = failing(before.findings);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((f) => JSON.stringify(f.fix) === JSON.stringify(['hooks', 'install']))).toBe(true);
    const fixed = repo.run(['doctor', '--fix', '--quiet']);
    expect(fixed.code).toBe(0);
    const out = lines(fixed.stdout);
    expect(out[0]).toBe('doctor --fix: 1 command(s) of this tool repair what doctor found:');
    expect(out[1]).toMatch(/^ {2}majordomus hooks install {2}\(doctor-on-commit, /);
    expect(out).toContain('fix: majordomus hooks install');
    expect(out).toContain('wrote .git/hooks/pre-commit');
    expect(out.at(-1)).toBe('doctor: 0 failure(s)');
    expect(repo.exists('.git/hooks/pre-commit')).toBe(true);
    // again: nothing left to do
    const again = repo.run(['doctor', '--fix', '--quiet']);
    expect(again.code).toBe(0);
    expect(lines(again.stdout)[0]).toBe('doctor --fix: no finding has a remedy this tool runs itself; nothing to do');
  });

  it('a ledger over its cap: --fix rotates it into an archive, deleting no line (0)', () => {
    const repo = adopted();
    repo.write(POLICY, repo.read(POLICY).replace(/retention_max_lines: \d+/, 'retention_max_lines: 3'));
    repo.git(['commit', '-q', '--no-verify', '-am', 'a small ledger cap']);
    for (const question of ['one?', 'two?', 'three?', 'four?', 'five?']) expect(repo.run(['question', 'add', question]).code).toBe(12);
    expect(repo.run(['start', 'a task', '--scope', 'src/']).code).toBe(0);
    for (const question of ['one?', 'two?', 'three?', 'four?']) expect(repo.run(['question', 'add', question]).code).toBe(0);
    const before = lines(repo.read(LEDGER));
    expect(before.length).toBeGreaterThan(3);
    // the ledger's size is a warning (majordomus.ledger-retention), never a refused commit; --fix takes it too
    const finding = repo.gate(['doctor']).findings.find((f) => f.rule === 'majordomus.ledger-retention' && f.level === 'WARN');
    expect(finding?.fix).toEqual(['history', '--rotate']);
    const fixed = repo.run(['doctor', '--fix', '--quiet']);
    expect(fixed.code).toBe(0);
    expect(lines(fixed.stdout)).toContain('fix: majordomus history --rotate');
    const archives = readdirSync(repo.path('.ai/local/state')).filter((name) => name.endsWith('.archived'));
    expect(archives).toHaveLength(1);
    const archived = lines(repo.read(`.ai/local/state/${archives[0]}`));
    const kept = lines(repo.read(LEDGER));
    // every line before is in the archive or still in the ledger, in order; the rotation appended its own
    expect([...archived, ...kept.slice(0, -1)]).toStrictEqual(before);
    expect(JSON.parse(kept.at(-1)!)).toMatchObject({ event: 'ledger.rotated' });
  });

  it('an older release of the vendored package: --fix runs rules vendor update, and the validator is declared again (0)', () => {
    const repo = adopted();
    const manifest = '.ai/repo/rules/vendor/majordomus/manifest.yaml';
    repo.remove('.ai/repo/rules/vendor/majordomus/rules/scope-file-integrity.v1.md');
    const entries = repo.read(manifest).split('\n');
    const at = entries.findIndex((line) => line.trim() === 'file: rules/scope-file-integrity.v1.md');
    entries.splice(at - 2, 4);
    repo.write(manifest, entries.join('\n').replace(/^source_revision: .*$/m, 'source_revision: 0.0.1'));
    const undeclared = failing(repo.gate(['doctor']).findings).find((f) => f.subject === 'scope_file');
    expect(undeclared?.fix).toEqual(['rules', 'vendor', 'update']);
    const fixed = repo.run(['doctor', '--fix', '--quiet']);
    expect(lines(fixed.stdout)).toContain('fix: majordomus rules vendor update');
    expect(fixed.code).toBe(0);
    expect(repo.exists('.ai/repo/rules/vendor/majordomus/rules/scope-file-integrity.v1.md')).toBe(true);
  });

  it("a finding whose remedy is a person's stays a finding: nothing is written, exit 10", () => {
    const repo = adopted();
    repo.write(POLICY, `${repo.read(POLICY)}colour: blue\n`);
    const before = snapshotTree(repo.dir);
    const result = repo.run(['doctor', '--fix', '--quiet']);
    expect(result.code).toBe(10);
    expect(lines(result.stdout)[0]).toBe('doctor --fix: no finding has a remedy this tool runs itself; nothing to do');
    expect(lines(result.stdout).at(-1)).toBe('doctor: 1 failure(s)');
    expect(snapshotTree(repo.dir)).toStrictEqual(before);
  });

  it('only with the text format (2), writing nothing', () => {
    const repo: TempRepo = adopted();
    repo.remove('.git/hooks/pre-commit');
    const result = repo.run(['doctor', '--fix', '--format', 'sarif']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(repo.exists('.git/hooks/pre-commit')).toBe(false);
  });
});
