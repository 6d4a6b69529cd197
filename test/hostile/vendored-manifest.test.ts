/**
 * The vendored baseline's manifest edited by hand: a one-line change to `rules:` must never empty the
 * rule set and turn the gates green, and no value of it is a crash. The specification: doctor fails
 * when a file under the package's `rules/` is not listed. Each case adds a blocking violation to the
 * policy as well (`colour: red`): a gate that passed would have lost the rule that catches it.
 * Doctor and the hook run as processes; the other commands that read the manifest (`rules list`, `rules
 * vendor status`, `watch`) run in process, the first case's through the built CLI as well, byte for byte.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tableRun } from '../helpers/cli';
import { gateInProcess } from '../helpers/gate';
import { gitWithHooks } from '../helpers/hostile';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { VENDOR_MANIFEST } from '../helpers/rules';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const LOAD_AUDIT = 'majordomus.rule-package-integrity';

/** An adopted repository whose vendored manifest's `rules:` is `value`, with an unknown policy key. */
function damaged(value: string): TempRepo {
  const repo = repos.create().init();
  const text = repo.read(VENDOR_MANIFEST);
  repo.write(VENDOR_MANIFEST, `${text.slice(0, text.indexOf('\nrules:'))}\nrules:${value}\n`);
  repo.write('.ai/repo/policy.yaml', `${repo.read('.ai/repo/policy.yaml')}colour: red\n`);
  return repo;
}

const VALUES: [string, string][] = [
  ['an empty list', ' []'],
  ['a list naming no file', ' ["x"]'],
  ['a list of one foreign entry', '\n  - id: x.y\n    version: 1\n    file: rules/x.md\n    sha256: 00'],
  ['a number', ' 0'],
  ['a mapping', '\n  zz: 1'],
  ['empty', ''],
];

describe('a vendored manifest edited by hand', () => {
  it('the control: an intact layer is committed through the same hook', () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    const commit = gitWithHooks(repo.dir, ['commit', '-q', '-m', 'adopt']);
    expect(commit.code, commit.stderr).toBe(0);
  });

  it.each(VALUES)('rules: %s → doctor fails (10) and the load audit names the manifest or its files', async (_label, value) => {
    const repo = damaged(value);
    const run = await gateInProcess(repo, 'doctor');
    expect(run.code, run.stderr).toBe(10);
    const audit = run.findings.filter((f) => f.rule === LOAD_AUDIT && f.level === 'FAIL');
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.some((f) => f.file === VENDOR_MANIFEST || f.subject.startsWith(VENDOR_MANIFEST.replace('manifest.yaml', 'rules/')))).toBe(
      true,
    );
  });

  it('rules: [] names every rule file the manifest no longer lists', async () => {
    const repo = damaged(' []');
    const run = await gateInProcess(repo, 'doctor', { rule: LOAD_AUDIT });
    const unlisted = run.findings.filter((f) => f.level === 'FAIL' && /does not list/.test(f.message)).map((f) => f.subject);
    const onDisk = repo.git(['ls-files', '--others', '--', '.ai/repo/rules/vendor/majordomus/rules/']).split('\n');
    expect(unlisted.length).toBeGreaterThan(20);
    for (const subject of unlisted) expect(onDisk).toContain(subject);
    expect(run.code).toBe(10);
  });

  it.each(VALUES)(
    'rules: %s → the built CLI exits 10 at doctor, never 13, and the pre-commit hook refuses the commit',
    async (label, value) => {
      const repo = damaged(value);
      const doctor = repo.run(['doctor']);
      expect(doctor.code, doctor.stderr).toBe(10);
      expect(doctor.stderr).not.toMatch(/internal error/);
      for (const args of [['rules', 'list'], ['rules', 'vendor', 'status'], ['watch']]) {
        // none writes: the sample runs the built CLI on the same repository after
        const run = await tableRun(repo, args, { sample: label === VALUES[0]![0] });
        expect([10, 11], `${args.join(' ')}: ${run.stderr}`).toContain(run.code);
      }
      repo.git(['add', '-A']);
      const commit = gitWithHooks(repo.dir, ['commit', '-q', '-m', 'emptied the baseline']);
      expect(commit.code).toBe(1);
      expect(commit.stderr).toMatch(/majordomus\.rule-package-integrity/);
    },
  );
});
