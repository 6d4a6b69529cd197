/**
 * Reading, as a hostile working tree presents it: a FIFO where a file belongs is refused by name and
 * never waited on, a folder that cannot be listed is a failure and never "0 rules", and a control
 * character in a file name or a message cannot forge a line of text output. Each run that meets a FIFO
 * is spawned with a time limit only as a safety net, so a regression fails instead of hanging the suite
 * (a read that blocks would block this very process in process); a run that meets none goes through the
 * gate entry in process (helpers/gate.ts). What is asserted is the exit code and the findings.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RepositoryGateName } from '../../engine/generated/gates';
import { gateInProcess } from '../helpers/gate';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, parseFindings, ROOT, repoFactory } from '../helpers/repo';
import { PROJECT, ruleBody, ruleText, VENDOR, VENDOR_MANIFEST } from '../helpers/rules';

const DETECTOR = join(ROOT, 'dist/detector.mjs');
/** Far above any real run: reached only when a read blocks, and then the exit code is not a number. */
const SAFETY_NET_MS = 60_000;

const repos = repoFactory();
afterAll(() => repos.disposeAll());

function adopted(): TempRepo {
  return repos.create().init();
}

/** Run a command under the safety net; `code` is -1 when it had to be killed. */
function bounded(file: string, args: readonly string[], cwd: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(file, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: SAFETY_NET_MS, killSignal: 'SIGKILL' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A gate of the built CLI with --json, under the safety net. */
function gate(repo: TempRepo, args: readonly string[]): { code: number; findings: JsonFinding[]; stderr: string } {
  const result = bounded(process.execPath, [CLI, ...args, '--json'], repo.dir);
  return { code: result.code, findings: result.code === -1 ? [] : parseFindings(result.stdout), stderr: result.stderr };
}

/** A gate in process, for a repository holding no FIFO: nothing it reads can block. */
function gateHere(
  repo: TempRepo,
  gate: RepositoryGateName,
  rule?: string,
): Promise<{ code: number; findings: JsonFinding[]; stderr: string }> {
  return gateInProcess(repo, gate, { rule });
}

/** Replace whatever is at `relative` with a FIFO nobody writes to. */
function fifo(repo: TempRepo, relative: string, mode?: number): void {
  rmSync(repo.path(relative), { recursive: true, force: true });
  mkdirSync(join(repo.path(relative), '..'), { recursive: true });
  execFileSync('mkfifo', [repo.path(relative)]);
  if (mode !== undefined) chmodSync(repo.path(relative), mode);
}

const failingOf = (findings: readonly JsonFinding[]): JsonFinding[] => findings.filter((f) => f.level === 'FAIL' || f.level === 'DRIFT');
const key = (f: Pick<JsonFinding, 'level' | 'category' | 'subject'>): string => `${f.level} ${f.category} ${f.subject}`;

/** A project rule enforced at doctor by a generic validator with `options` (YAML lines, indented by four). */
function genericRule(id: string, validator: string, category: string, options: readonly string[], extra: readonly string[] = []): string {
  return ruleText([
    `id: ${id}`,
    'version: 1',
    'kind: rule',
    `title: ${id}`,
    'description: A project rule of this test.',
    'statement: The test says so.',
    'status: active',
    'class: blocking',
    ...extra,
    'x-majordomus:',
    `  validator: ${validator}`,
    `  category: ${category}`,
    '  enforced_by: [doctor]',
    '  exit_code: 10',
    '  tests: [test/project.test.sh]',
    '  options:',
    ...options.map((line) => `    ${line}`),
  ]);
}

/** A principle (no x-majordomus) with the given extra front-matter lines. */
function principle(id: string, extra: readonly string[] = [], body = ruleBody()): string {
  return ruleText(
    [
      `id: ${id}`,
      'version: 1',
      'kind: rule',
      `title: ${id}`,
      'description: A principle of this test.',
      'statement: The test says so.',
      'status: active',
      'class: blocking',
      ...extra,
    ],
    body,
  );
}

describe('a FIFO where the layer has a file is refused by name, and the run ends', () => {
  const cases: { name: string; setup: (repo: TempRepo) => void; code: number; expected: string[] }[] = [
    {
      name: 'a project rule file',
      setup: (repo) => fifo(repo, `${PROJECT}/stuck.v1.md`),
      code: 10,
      expected: [`FAIL rules ${PROJECT}/stuck.v1.md`],
    },
    {
      name: 'policy.yaml',
      setup: (repo) => fifo(repo, '.ai/repo/policy.yaml'),
      code: 10,
      expected: ['FAIL policy .ai/repo/policy.yaml'],
    },
    {
      name: 'manifest.yaml',
      setup: (repo) => fifo(repo, '.ai/manifest.yaml'),
      code: 10,
      expected: ['FAIL layout .ai/manifest.yaml'],
    },
    {
      name: 'the vendored package manifest',
      setup: (repo) => fifo(repo, VENDOR_MANIFEST),
      code: 10,
      expected: [`FAIL rules ${VENDOR_MANIFEST}`],
    },
    {
      name: 'the CI file the wiring rule reads',
      setup: (repo) => {
        const policy = repo.read('.ai/repo/policy.yaml');
        const entry = '    wired_by: git-hook:pre-push\n';
        expect(policy).toContain(entry);
        repo.write(
          '.ai/repo/policy.yaml',
          policy.replace(entry, `${entry}  - name: doctor-in-ci\n    path: majordomus\n    args: [doctor]\n    wired_by: ci:.ci/run\n`),
        );
        fifo(repo, '.ci/run');
      },
      code: 10,
      expected: ['FAIL wiring doctor-in-ci'],
    },
    {
      name: 'the pre-commit hook the wiring rule reads (executable)',
      setup: (repo) => fifo(repo, '.git/hooks/pre-commit', 0o755),
      code: 10,
      // both of the skeleton's pre-commit entries: doctor and the projections' drift check
      expected: ['FAIL wiring doctor-on-commit', 'FAIL wiring projections-on-commit'],
    },
    {
      name: 'a repository validator module (never imported)',
      setup: (repo) => {
        repo.write('test/project.test.sh', '# proves the project rule\n');
        repo.write(
          `${PROJECT}/stuck-module.v1.md`,
          ruleText([
            'id: project.stuck-module',
            'version: 1',
            'kind: rule',
            'title: stuck module',
            'description: A project rule of this test.',
            'statement: The test says so.',
            'status: active',
            'class: blocking',
            'x-majordomus:',
            '  validator: stuck_module',
            '  category: project',
            '  enforced_by: [doctor]',
            '  exit_code: 10',
            '  tests: [test/project.test.sh]',
          ]),
        );
        fifo(repo, '.ai/repo/validators/stuck_module.mjs');
      },
      code: 10,
      expected: ['FAIL doctrine project.stuck-module@1'],
    },
    {
      name: 'a tracked file a document_schema rule reads',
      setup: (repo) => {
        repo.write('test/project.test.sh', '# proves the project rule\n');
        repo.write('schemas/config.json', '{ "type": "object" }\n');
        repo.write('config/app.yaml', 'name: app\n');
        repo.write(
          `${PROJECT}/config.v1.md`,
          genericRule('project.config', 'document_schema', 'config', ['paths: [config/]', 'schema: schemas/config.json']),
        );
        repo.git(['add', '--', 'schemas', 'config']);
        fifo(repo, 'config/app.yaml');
      },
      code: 10,
      expected: ['FAIL config config/app.yaml'],
    },
  ];

  it.each(cases)('$name', ({ setup, code, expected }) => {
    const repo = adopted();
    setup(repo);
    const result = gate(repo, ['doctor']);
    expect(result.code).toBe(code);
    expect(failingOf(result.findings).map(key).sort()).toEqual(expected.sort());
    const refused = failingOf(result.findings)[0]!;
    expect(refused.message).toContain('FIFO');
  });

  it('a tracked file a content rule reads: noted as not checked, naming the file, and the run ends', () => {
    const repo = adopted();
    repo.write('test/project.test.sh', '# proves the project rule\n');
    repo.write('src/a.txt', 'fine\n');
    repo.write(
      `${PROJECT}/todo.v1.md`,
      genericRule('project.no-todo', 'content', 'hygiene', ['paths: [src/]', "pattern: 'TODO'", 'mode: forbid']),
    );
    repo.git(['add', '--', 'src']);
    fifo(repo, 'src/a.txt');
    const result = gate(repo, ['doctor']);
    expect(result.code).toBe(0);
    const about = result.findings.filter((f) => f.rule === 'project.no-todo');
    expect(about.map(key)).toEqual(['INFO hygiene src/a.txt', 'OK hygiene project.no-todo@1']);
    expect(about[0]!.message).toContain('FIFO');
  });

  it('a brainstorm session file: `brainstorm check` and the detector exit 2 naming it', () => {
    const parent = mkdtempSync(join(tmpdir(), 'majordomus-reading-'));
    try {
      expect(bounded(process.execPath, [CLI, 'brainstorm', 'new', 'stuck', '--dir', parent], parent).code).toBe(0);
      const folder = join(parent, 'stuck-brainstorm');
      rmSync(join(folder, 'state.md'));
      execFileSync('mkfifo', [join(folder, 'state.md')]);
      for (const command of [
        [CLI, 'brainstorm', 'check', folder],
        [DETECTOR, folder],
      ]) {
        const result = bounded(process.execPath, command, parent);
        expect(result.code, command.join(' ')).toBe(2);
        expect(result.stderr).toContain('state.md');
        expect(result.stderr).toContain('FIFO');
        expect(result.stdout).toBe('');
      }
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('`rules test`: a FIFO in a case is refused by name, never copied or waited on', () => {
  it('in a case tree, and as expect.yaml: each case fails naming the FIFO, exit 10', () => {
    const repo = adopted();
    const cases = '.ai/repo/rules/tests/marks';
    repo.write('test/project.test.sh', '# proves the project rule\n');
    repo.write(
      `${PROJECT}/marks.v1.md`,
      genericRule('project.marks', 'paths', 'hygiene', ['forbid: [marked.txt]']).replace(
        'tests: [test/project.test.sh]',
        `tests: [${cases}]`,
      ),
    );
    repo.write(`${cases}/valid/clean/README.md`, 'nothing marked\n');
    repo.write(`${cases}/invalid/marked/marked.txt`, 'marked\n');
    fifo(repo, `${cases}/valid/clean/pipe`);
    fifo(repo, `${cases}/invalid/marked/expect.yaml`);
    const result = bounded(process.execPath, [CLI, 'rules', 'test', 'project.marks', '--json'], repo.dir);
    expect(result.code).toBe(10);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { case: string; status: string; reason?: string });
    expect(rows.map((row) => [row.case, row.status]).sort()).toEqual([
      ['invalid/marked', 'FAIL'],
      ['valid/clean', 'FAIL'],
    ]);
    for (const row of rows) expect(row.reason).toContain('FIFO');
  });
});

describe('a folder of the layer that cannot be listed is a failure, never "0 rules"', () => {
  /** `fifo`: the case puts a FIFO in the repository, so its gate runs as a process under the safety net. */
  const cases: { name: string; setup: (repo: TempRepo) => void; gate: RepositoryGateName; expected: string[]; fifo?: boolean }[] = [
    {
      name: 'the project rules folder replaced by a file',
      setup: (repo) => replaceWithFile(repo, PROJECT),
      gate: 'doctor',
      expected: [`FAIL rules ${PROJECT}`],
    },
    { name: 'the same, at check', setup: (repo) => replaceWithFile(repo, PROJECT), gate: 'check', expected: [`FAIL rules ${PROJECT}`] },
    {
      name: 'the same, at watch (a FAIL, not a drift)',
      setup: (repo) => replaceWithFile(repo, PROJECT),
      gate: 'watch',
      expected: [`FAIL rules ${PROJECT}`],
    },
    {
      name: 'the project rules folder a dangling symbolic link',
      setup: (repo) => danglingLink(repo, PROJECT),
      gate: 'doctor',
      expected: [`FAIL rules ${PROJECT}`],
    },
    {
      name: 'the project rules folder a FIFO',
      setup: (repo) => fifo(repo, PROJECT),
      gate: 'doctor',
      expected: [`FAIL rules ${PROJECT}`],
      fifo: true,
    },
    {
      name: 'the profiles section a FIFO',
      setup: (repo) => fifo(repo, '.ai/repo/profiles'),
      gate: 'doctor',
      fifo: true,
      // and the default profile the policy names is, as far as anything can tell, missing
      expected: ['FAIL layout .ai/repo/profiles', 'FAIL policy .ai/repo/profiles', 'FAIL policy .ai/repo/policy.yaml'],
    },
    {
      name: 'the optional project section a dangling symbolic link',
      setup: (repo) => danglingLink(repo, '.ai/repo/project'),
      gate: 'doctor',
      expected: ['FAIL layout .ai/repo/project'],
    },
  ];

  it.each(cases)('$name → exit 10', async ({ setup, gate: name, expected, fifo: blocks = false }) => {
    const repo = adopted();
    setup(repo);
    const result = blocks ? gate(repo, [name]) : await gateHere(repo, name);
    expect(result.code).toBe(10);
    expect(failingOf(result.findings).map(key).sort()).toEqual([...expected].sort());
    const folder = expected[0]!.split(' ').at(-1)!;
    for (const finding of failingOf(result.findings).filter((f) => f.subject === folder))
      expect(finding.message).toContain('where a folder belongs');
  });

  it("the vendored package's rules folder replaced by a file: named once, and each listed file it no longer finds", async () => {
    const repo = adopted();
    const listed = repo
      .read(VENDOR_MANIFEST)
      .split('\n')
      .filter((line) => line.trim().startsWith('file: ')).length;
    replaceWithFile(repo, `${VENDOR}/rules`);
    const result = await gateHere(repo, 'doctor');
    expect(result.code).toBe(10);
    const failures = failingOf(result.findings).filter((f) => f.category === 'rules');
    expect(failures.filter((f) => f.subject === `${VENDOR}/rules`)).toHaveLength(1);
    expect(failures.filter((f) => f.subject.startsWith(`${VENDOR}/rules/`) && f.file === VENDOR_MANIFEST)).toHaveLength(listed);
  });

  it('the whole rules section replaced by a file: nothing checks the layer, so the audit runs and fails', async () => {
    const repo = adopted();
    replaceWithFile(repo, '.ai/repo/rules');
    const result = await gateHere(repo, 'doctor');
    expect(result.code).toBe(10);
    const failures = failingOf(result.findings).map(key);
    expect(failures).toContain('FAIL rules .ai/repo/rules');
    expect(failures).toContain(`FAIL rules ${VENDOR}`);
  });
});

function replaceWithFile(repo: TempRepo, relative: string): void {
  repo.remove(relative);
  repo.write(relative, 'not a folder\n');
}

function danglingLink(repo: TempRepo, relative: string): void {
  repo.remove(relative);
  symlinkSync(repo.path('nowhere-at-all'), repo.path(relative));
}

describe('one refused rule refuses only itself and its dependents', () => {
  const BROKEN = `${PROJECT}/broken.v1.md`;
  const DEPENDENT = `${PROJECT}/dependent.v1.md`;
  const TRANSITIVE = `${PROJECT}/transitive.v1.md`;
  const INDEPENDENT = `${PROJECT}/independent.v1.md`;

  /** A broken rule (its body lacks a section), a rule depending on it, one depending on that, and an independent failing rule. */
  function partial(): TempRepo {
    const repo = adopted();
    repo.write('test/project.test.sh', '# proves the project rules\n');
    repo.write(BROKEN, principle('project.broken', [], ruleBody(['Rationale', 'Required behaviour', 'Failure behaviour'])));
    repo.write(DEPENDENT, principle('project.dependent', ['depends_on: [project.broken@1]']));
    repo.write(TRANSITIVE, principle('project.transitive', ['depends_on: [project.dependent@1]']));
    repo.write(INDEPENDENT, genericRule('project.independent', 'paths', 'hygiene', ['require: [CHANGELOG.md]']));
    return repo;
  }

  it('doctor: the broken rule and each dependent named, the independent rule FAILs, the rest runs OK; exit 10', async () => {
    const repo = partial();
    const result = await gateHere(repo, 'doctor');
    expect(result.code).toBe(10);
    expect(failingOf(result.findings).map(key).sort()).toEqual(
      [`FAIL rules ${BROKEN}`, 'FAIL rules project.dependent@1', 'FAIL rules project.transitive@1', 'FAIL hygiene CHANGELOG.md'].sort(),
    );
    const byKey = new Map(result.findings.map((f) => [key(f), f]));
    expect(byKey.get('FAIL rules project.dependent@1')).toMatchObject({
      file: DEPENDENT,
      line: 10,
      rule: 'majordomus.rule-package-integrity',
    });
    expect(byKey.get('FAIL rules project.dependent@1')!.message).toContain('project.broken@1');
    expect(byKey.get('FAIL rules project.transitive@1')!.message).toContain('project.dependent@1');
    expect(byKey.get('FAIL hygiene CHANGELOG.md')).toMatchObject({ rule: 'project.independent' });
    for (const rule of ['majordomus.ai-layout-integrity', 'majordomus.policy-integrity', 'majordomus.doctrine-wiring-integrity']) {
      expect(result.findings, rule).toContainEqual(expect.objectContaining({ level: 'OK', rule }));
    }
  });

  it('`rules list` shows the independent rule and not the refused ones, exit 10', () => {
    const repo = partial();
    const result = bounded(process.execPath, [CLI, 'rules', 'list', '--json'], repo.dir);
    expect(result.code).toBe(10);
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toContain('project.independent');
    expect(ids.filter((id) => ['project.broken', 'project.dependent', 'project.transitive'].includes(id))).toEqual([]);
  });

  it('--rule of a refused rule runs the load audit, which names it: exit 10', async () => {
    const repo = partial();
    const result = await gateHere(repo, 'doctor', 'project.dependent');
    expect(result.code).toBe(10);
    expect(result.findings.every((f) => f.rule === 'majordomus.rule-package-integrity')).toBe(true);
    expect(failingOf(result.findings).map(key)).toContain('FAIL rules project.dependent@1');
  });

  it('--rule of the independent rule runs it alone', async () => {
    const repo = partial();
    const result = await gateHere(repo, 'doctor', 'project.independent');
    expect(result.code).toBe(10);
    expect(failingOf(result.findings).map(key)).toEqual(['FAIL hygiene CHANGELOG.md']);
  });

  it('a duplicate identity refuses both files and their dependent; the rest runs', async () => {
    const repo = adopted();
    repo.write(`${PROJECT}/same-a.v1.md`, principle('project.same'));
    repo.write(`${PROJECT}/same-b.v1.md`, principle('project.same'));
    repo.write(DEPENDENT, principle('project.dependent', ['depends_on: [project.same@1]']));
    const result = await gateHere(repo, 'doctor');
    expect(result.code).toBe(10);
    const failures = failingOf(result.findings);
    expect(failures.map(key).sort()).toEqual(['FAIL rules project.dependent@1', 'FAIL rules project.same@1', 'FAIL rules project.same@1']);
    expect(
      failures
        .filter((f) => f.subject === 'project.same@1')
        .map((f) => f.file)
        .sort(),
    ).toEqual([`${PROJECT}/same-a.v1.md`, `${PROJECT}/same-b.v1.md`]);
    expect(result.findings).toContainEqual(expect.objectContaining({ level: 'OK', rule: 'majordomus.ai-layout-integrity' }));
  });

  it('no baseline vendored: the audit from the distribution says so at every gate, and project rules still run', async () => {
    const repo = adopted();
    repo.remove(VENDOR);
    repo.write('test/project.test.sh', '# proves the project rules\n');
    repo.write(
      INDEPENDENT,
      genericRule('project.independent', 'paths', 'hygiene', ['require: [CHANGELOG.md]'], []).replace(
        'enforced_by: [doctor]',
        'enforced_by: [doctor, check]',
      ),
    );
    for (const name of ['doctor', 'check'] as const) {
      const result = await gateHere(repo, name);
      expect(result.code, name).toBe(10);
      const failures = failingOf(result.findings).map(key);
      expect(failures, name).toContain(`FAIL rules ${VENDOR}`);
      expect(failures, name).toContain('FAIL hygiene CHANGELOG.md');
    }
  });
});

describe('text output escapes control characters; --json keeps the exact values', () => {
  const NAME = 'forged/a\nFAIL rules hooks — forged.txt';
  const MESSAGE = 'a marker\nFAIL doctrine rules — forged';

  it('a newline in a file name and in a message stays on its line', () => {
    const repo = adopted();
    repo.write('test/project.test.sh', '# proves the project rule\n');
    repo.write(NAME, 'MARK\n');
    repo.git(['add', '--', 'forged']);
    repo.write(
      `${PROJECT}/marks.v1.md`,
      genericRule('project.no-marks', 'content', 'hygiene', [
        'paths: [forged/]',
        "pattern: 'MARK'",
        'mode: forbid',
        `message: ${JSON.stringify(MESSAGE)}`,
      ]),
    );

    const json = gate(repo, ['doctor']);
    expect(json.code).toBe(10);
    const found = failingOf(json.findings);
    expect(found.map((f) => [f.subject, f.message])).toEqual([[NAME, MESSAGE]]);

    const text = bounded(process.execPath, [CLI, 'doctor'], repo.dir);
    expect(text.code).toBe(10);
    const lines = text.stdout.split('\n').filter((line) => line !== '');
    // one line a finding and the summary: nothing forged
    expect(lines).toHaveLength(json.findings.length + 1);
    expect(lines.filter((line) => line.includes('forged'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('FAIL'))).toHaveLength(1);
    expect(lines.find((line) => line.includes('forged'))).toContain('forged/a\\u000aFAIL rules hooks');
    expect(lines.at(-1)).toBe('doctor: 1 failure(s)');
  });
});

describe('an empty argument names no folder', () => {
  it('`brainstorm check ""` exits 2', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'majordomus-reading-'));
    try {
      const result = bounded(process.execPath, [CLI, 'brainstorm', 'check', ''], cwd);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('the detector with "" exits 2', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'majordomus-reading-'));
    try {
      const result = bounded(process.execPath, [DETECTOR, ''], cwd);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
