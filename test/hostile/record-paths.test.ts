/**
 * Every path-valued field of every record is repository-relative, in normal form, with no `..`
 * segment: a session record's changed_files, checkpoints and handovers, a checkpoint's or handover's
 * changed_files, a task's scope, a use case's stdin and files. The schemas hold one pattern for all of
 * them (RELATIVE_PATH_PATTERN), the readers refuse a record breaking it with the field's line, and
 * the writers never write one. Every platform's absolute form is a table row.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { RELATIVE_PATH_PATTERN, relativePathProblem } from '../../engine/io/paths';
import { checkSchema } from '../../engine/layer/schema-check';
import type { YamlDocument } from '../../engine/layer/yaml';
import { gateInProcess } from '../helpers/gate';
import { sh, useCaseText } from '../helpers/hostile';
import type { TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const REFUSED = [
  'a/../../../etc',
  '../x',
  'a/..',
  '..',
  'a/..\\..\\b',
  '/etc/passwd',
  '\\x',
  '//server/share',
  '\\\\server\\share',
  'C:x',
  'c:',
  'C:\\x',
  'file:///x',
  'https://example.com/x',
  '~',
  '~/x',
  '.',
  './a',
  'a/./b',
  'a//b',
  'a//',
  'a\u0000b',
  '',
];
const ACCEPTED = [
  'a',
  'src/a.ts',
  '.github/workflows/ci.yml',
  'a..b/c',
  '**',
  'src/*.ts',
  'src/a\nb.txt',
  'name:with:colons',
  '~x',
  '.ai/local/state/x.md',
  // a folder, as git status names an untracked one (and the upstream tool's records keep it)
  'share/mods/',
];

const doc = (value: unknown): YamlDocument => ({ value, lines: new Map() }) as unknown as YamlDocument;

describe('the one form of a path in a record', () => {
  it.each(REFUSED)('%j is refused in words and by the schema pattern', (path) => {
    expect(relativePathProblem(path)).toBeDefined();
    expect(new RegExp(RELATIVE_PATH_PATTERN, 'u').test(path)).toBe(false);
  });

  it.each(ACCEPTED)('%j is accepted in words and by the schema pattern', (path) => {
    expect(relativePathProblem(path)).toBeUndefined();
    expect(new RegExp(RELATIVE_PATH_PATTERN, 'u').test(path)).toBe(true);
  });

  it('every path field of every record schema carries the pattern', async () => {
    const { readFileSync } = await import('node:fs');
    const fields: [string, string][] = [
      ['session-record', 'properties.changed_files.items.pattern'],
      ['session-record', 'properties.checkpoints.items.pattern'],
      ['session-record', 'properties.handovers.items.pattern'],
      ['handover', 'properties.changed_files.items.pattern'],
      ['task', 'properties.scope.items.pattern'],
      ['use-case-scenario', '$defs.Step.properties.stdin.pattern'],
      ['use-case-scenario', '$defs.Expectation.properties.files_exist.items.pattern'],
      ['use-case-scenario', '$defs.Expectation.properties.files_contain.propertyNames.pattern'],
    ];
    for (const [kind, path] of fields) {
      let at: unknown = JSON.parse(readFileSync(`${ROOT}/share/schemas/${kind}.v1.schema.json`, 'utf8'));
      for (const key of path.split('.')) at = (at as Record<string, unknown>)[key];
      expect(at, `${kind} ${path}`).toBe(RELATIVE_PATH_PATTERN);
    }
  });

  it('a schema problem of a path field is said in words, naming the key', () => {
    const problems = checkSchema('task', doc({ scope: ['a/../../../etc'] })).filter((p) => p.key === 'scope.0');
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/not a repository-relative path in normal form: it has a \.\. segment/),
    ]);
  });
});

/** An adopted, committed repository with one closed session whose record names `changed`. */
function withSessionRecord(): { repo: TempRepo; record: string } {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  expect(sh(repo.dir, '$M session start').code).toBe(0);
  repo.write('changed.txt', 'x\n');
  expect(sh(repo.dir, "printf 'summary\\n' | $M session close").code).toBe(0);
  const [name] = readdirSync(repo.path('.ai/repo/sessions')).filter((n) => n.endsWith('.md'));
  return { repo, record: `.ai/repo/sessions/${name}` };
}

describe('a record naming a path out of the repository fails the gates that judge it', () => {
  it.each([
    ['changed_files', '  - "changed.txt"', '  - "a/../../../etc"'],
    ['changed_files', '  - "changed.txt"', '  - "/etc/passwd"'],
    ['checkpoints', 'checkpoints: []', 'checkpoints:\n  - "../../outside.md"'],
    ['handovers', 'handovers: []', 'handovers:\n  - "C:\\\\x.md"'],
  ])('a session record whose %s line %j is edited to %j → doctor FAIL (10), watch DRIFT (11), on its line', async (key, from, to) => {
    const { repo, record } = withSessionRecord();
    const text = repo.read(record);
    expect(text).toContain(from);
    repo.write(record, text.replace(from, to));
    const line =
      repo
        .read(record)
        .split('\n')
        .findIndex((l) => l.startsWith(`${key}:`)) + 2;
    const doctor = await gateInProcess(repo, 'doctor', { rule: 'majordomus.session-records' });
    expect(doctor.findings.filter((f) => f.level === 'FAIL').map((f) => ({ subject: f.subject, line: f.line }))).toContainEqual({
      subject: record,
      line,
    });
    expect(doctor.code).toBe(10);
    const watch = await gateInProcess(repo, 'watch', { rule: 'majordomus.session-records' });
    expect(watch.findings.some((f) => f.level === 'DRIFT' && f.subject === record)).toBe(true);
    expect(watch.code).toBe(11);
  });

  it('a checkpoint whose changed_files holds a/../../../etc → doctor FAIL, the record passed over', async () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    expect(sh(repo.dir, '$M start work --scope .').code).toBe(0);
    repo.write('changed.txt', 'x\n');
    expect(sh(repo.dir, "printf '# Objective\\nx\\n' | $M checkpoint").code).toBe(0);
    const [name] = readdirSync(repo.path('.ai/local/state/checkpoints'));
    const file = `.ai/local/state/checkpoints/${name}`;
    repo.write(file, repo.read(file).replace('  - "changed.txt"', '  - "a/../../../etc"'));
    const doctor = await gateInProcess(repo, 'doctor');
    expect(doctor.findings.some((f) => f.level === 'FAIL' && f.subject === file)).toBe(true);
    expect(doctor.code).toBe(10);
  });

  it('a task whose scope holds a/../../../etc → check FAIL (10) naming the record', async () => {
    const repo = repos.create().init();
    expect(sh(repo.dir, '$M start work --scope src').code).toBe(0);
    const file = '.ai/local/state/current.yaml';
    repo.write(file, repo.read(file).replace('  - "src"', '  - "a/../../../etc"'));
    const check = await gateInProcess(repo, 'check');
    expect(check.findings.some((f) => f.level === 'FAIL' && f.subject === file)).toBe(true);
    expect(check.code).toBe(10);
  });

  it('a ledger line naming a checkpoint out of the repository never reaches the session record', async () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    expect(sh(repo.dir, '$M session start').code).toBe(0);
    const ledger = repo.read('.ai/local/state/ledger.jsonl');
    const started = JSON.parse(ledger.trim().split('\n').at(-1)!) as { session: string };
    repo.write(
      '.ai/local/state/ledger.jsonl',
      `${ledger}${JSON.stringify({ ts: '2026-01-01T00:00:00Z', event: 'task.checkpoint', head: null, branch: 'main', by: 'majordomus/0.1.0', session: started.session, task_id: 't-20260101000000-abcd', checkpoint_path: '../../../etc/passwd' })}\n`,
    );
    expect(sh(repo.dir, "printf 'summary\\n' | $M session close").code).toBe(0);
    const doctor = await gateInProcess(repo, 'doctor', { rule: 'majordomus.session-records' });
    expect(doctor.code).toBe(0);
  });
});

describe('a use case whose step reads or checks a path out of the repository', () => {
  it.each([
    ['stdin', '    stdin: ../../../../etc/hostname\n'],
    ['files_exist', '    expect:\n      exit: 0\n      files_exist: [../../outside]\n'],
  ])('%s → refused as the use case is read (doctor FAIL), and usecase run runs none of it', async (key, step) => {
    const repo = repos.create().init();
    const text = useCaseText(
      'read-outside',
      ['doctor'],
      [
        '  - id: read',
        "    run: ['doctor']",
        ...(step.includes('expect') ? step.trimEnd().split('\n') : [...step.trimEnd().split('\n'), '    expect:', '      exit: 0']),
      ],
    );
    repo.write('.ai/repo/use-cases/read-outside.md', text);
    const validate = repo.run(['usecase', 'validate', 'read-outside']);
    expect(validate.code).toBe(10);
    expect(validate.stdout).toMatch(new RegExp(`${key}.*(not a relative path inside|not a repository-relative path)`));
    const doctor = await gateInProcess(repo, 'doctor');
    expect(doctor.findings.some((f) => f.level === 'FAIL' && f.subject.includes('read-outside'))).toBe(true);
    const run = repo.run(['usecase', 'run', 'read-outside']);
    expect([2, 10, 12]).toContain(run.code);
    expect(run.stdout).not.toMatch(/^PASS/m);
  });
});
