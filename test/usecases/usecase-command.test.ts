/**
 * `usecase list|validate|run` run by the built CLI in adopted temporary repositories: a scenario runs in
 * a fresh repository of its own (bare or installed), stops at its first failing step, leaves normalised
 * evidence and a `use_cases.ran` line, and the command's exit says whether every use case passed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const DIR = '.ai/repo/use-cases';
const EVIDENCE = '.ai/local/evidence/use-cases';

function useCase(id: string, commands: string, scenario: string, target = 'guaranteed'): string {
  return `---\nid: ${id}\nkind: use-case\ntitle: Case ${id}\nsummary: One sentence.\nstatus: active\ntarget: ${target}\ncommands: [${commands}]\n---\n\n# Situation\n\nA situation.\n\n${scenario ? `# Scenario\n\n\`\`\`yaml\n${scenario}\n\`\`\`\n\n` : ''}# Outcome\n\nAn outcome.\n`;
}

const PASSING = `setup: installed
steps:
  - id: decide
    run: ['decision', 'add', 'use YAML', '--why', 'the layer reads it']
    expect:
      exit: 12
      stdout_contains: ['no active task']
  - id: start
    run: ['start', 'pick a format', '--scope', '.']
    expect:
      exit: 0
      stdout_contains: ['^start: task t-[0-9]+-[0-9a-f]+ is active']
      files_exist: [.ai/local/state/current.yaml]
  - id: decide-again
    run: ['decision', 'add', 'use YAML', '--why', 'the layer reads it']
    expect:
      exit: 0
      files_contain:
        .ai/local/state/decisions.md: ['use YAML']
  - id: body
    run: ['checkpoint']
    stdin: body.txt
    expect:
      exit: 0
      stdout_not_contains: ['internal error']`;

const FAILING = `setup: bare
steps:
  - id: not-adopted
    run: ['doctor']
    expect:
      exit: 0
  - id: never-reached
    run: ['doctor']
    expect:
      exit: 0`;

function repository(): TempRepo {
  const repo = repos.create().init();
  repo.write(`${DIR}/passing.md`, useCase('passing', 'decision, start, checkpoint', PASSING));
  repo.write(`${DIR}/body.txt`, '# Progress\nhalf done\n');
  repo.write(`${DIR}/failing.md`, useCase('failing', 'doctor', FAILING));
  repo.write(`${DIR}/prose.md`, useCase('prose', 'doctor', '', 'advisory'));
  return repo;
}

describe('usecase run', () => {
  const repo = repository();

  it('runs every scenario, passes and fails each by its steps, and exits 10 when one failed', () => {
    const result = repo.run(['usecase', 'run', '--json']);
    expect(result.code).toBe(10);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ id: 'failing', result: 'fail', steps_run: 1, steps_declared: 2, failed_step: 'not-adopted' }),
      expect.objectContaining({ id: 'passing', result: 'pass', steps_run: 4, steps_declared: 4, failed_step: null }),
      expect.objectContaining({ summary: true, ran: 2, passed: 1, failed: ['failing'] }),
    ]);
    const ledger = repo
      .read('.ai/local/state/ledger.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(ledger.at(-1)).toMatchObject({ event: 'use_cases.ran', ran: ['failing', 'passing'], failed: ['failing'] });
  });

  it('keeps normalised evidence of each scenario in the local half', () => {
    const evidence = JSON.parse(repo.read(`${EVIDENCE}/passing.json`)) as {
      result: string;
      steps: Array<{ id: string; exit: number; stdout: string }>;
    };
    expect(evidence.result).toBe('pass');
    expect(evidence.steps.map((step) => [step.id, step.exit])).toEqual([
      ['decide', 12],
      ['start', 0],
      ['decide-again', 0],
      ['body', 0],
    ]);
    expect(evidence.steps[1]!.stdout).toMatch(/task t-<id> is active/);
    const failing = readFileSync(repo.path(`${EVIDENCE}/failing.json`), 'utf8');
    expect(failing).not.toContain(repo.path(''));
  });

  it('runs one use case by id, and exits 0 when it passed', () => {
    const result = repo.run(['usecase', 'run', 'passing']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^PASS passing/m);
    expect(result.stdout).not.toMatch(/failing/);
  });

  it('refuses an id that names no use case (12)', () => {
    expect(repo.run(['usecase', 'run', 'nosuch']).code).toBe(12);
    expect(repo.run(['usecase', 'validate', 'nosuch']).code).toBe(12);
  });

  it('lists every use case with its status, target and steps', () => {
    const result = repo.run(['usecase', 'list', '--json']);
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => [row.id, row.valid, row.target, row.steps])).toEqual([
      ['failing', true, 'guaranteed', 2],
      ['passing', true, 'guaranteed', 4],
      ['prose', true, 'advisory', 0],
    ]);
  });
});

describe('usecase validate', () => {
  it('passes a sound set (0) and refuses an invalid use case by file (10), and run then runs nothing', () => {
    const repo = repository();
    expect(repo.run(['usecase', 'validate']).code).toBe(0);
    repo.write(
      `${DIR}/broken.md`,
      useCase('broken', 'doctor', "setup: bare\nsteps:\n  - id: a\n    run: ['history']\n    expect:\n      exit: 0"),
    );
    const result = repo.run(['usecase', 'validate', '--json']);
    expect(result.code).toBe(10);
    const broken = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; valid: boolean; problems: unknown[] })
      .find((row) => row.id === 'broken');
    expect(broken).toMatchObject({ valid: false, problems: [expect.objectContaining({ file: `${DIR}/broken.md` })] });
    const run = repo.run(['usecase', 'run']);
    expect(run.code).toBe(10);
    expect(run.stdout).toBe('');
    expect(repo.exists(`${EVIDENCE}/passing.json`)).toBe(false);
  });

  it('holds nothing to judge in a repository without use cases (0)', () => {
    const repo = repos.create().init();
    expect(repo.run(['usecase', 'validate']).code).toBe(0);
    // an empty list says so; as JSON lines it is no line at all
    const listed = repo.run(['usecase', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe('usecase list: none in .ai/repo/use-cases/\n');
    expect(repo.run(['usecase', 'list', '--json']).stdout).toBe('');
  });

  it('is refused outside an adopted repository (12)', () => {
    const repo = repos.create();
    void repo.dir;
    expect(repo.run(['usecase', 'list']).code).toBe(12);
  });
});

describe('usecase: refusals', () => {
  const repo = repos.create().init();

  it.each([
    [['usecase'], 2],
    [['usecase', 'rerun'], 2],
    [['usecase', 'run', 'a', 'b'], 2],
    [['usecase', 'list', '--bogus'], 2],
  ])('refuses %j as usage (%i)', (args, code) => {
    const result = repo.run(args);
    expect(result.code).toBe(code);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('fails a step whose stdin file is missing, without crashing (10)', () => {
    const scenario = "setup: bare\nsteps:\n  - id: fed\n    run: ['history']\n    stdin: absent.txt\n    expect:\n      exit: 12";
    repo.write(`${DIR}/fed.md`, useCase('fed', 'history', scenario));
    const result = repo.run(['usecase', 'run', 'fed', '--json']);
    expect(result.code).toBe(10);
    expect(JSON.parse(result.stdout.split('\n')[0]!)).toMatchObject({
      id: 'fed',
      result: 'fail',
      failed_step: 'fed',
      failures: [expect.stringMatching(/absent\.txt/)],
    });
    repo.remove(`${DIR}/fed.md`);
  });

  it('reports a use case path that is not a regular file as a problem (10), never reading it', () => {
    spawnSync('mkfifo', [repo.path(`${DIR}/pipe.md`)]);
    const result = repo.run(['usecase', 'validate', '--json']);
    expect(result.code).toBe(10);
    expect(JSON.parse(result.stdout.trim().split('\n')[0]!)).toMatchObject({ id: 'pipe', valid: false });
    repo.remove(`${DIR}/pipe.md`);
  });
});

describe('usecase run: drafts', () => {
  it('skips a draft unless it is named, and runs it when it is', () => {
    const repo = repos.create().init();
    const draft = useCase('draft', 'doctor', "setup: bare\nsteps:\n  - id: a\n    run: ['doctor']\n    expect:\n      exit: 0").replace(
      'status: active',
      'status: draft',
    );
    repo.write(`${DIR}/draft.md`, draft);
    const all = repo.run(['usecase', 'run', '--json']);
    expect(all.code).toBe(0);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    ).toEqual([{ id: 'draft', result: 'skip', reason: 'status draft' }, expect.objectContaining({ summary: true, ran: 0, failed: [] })]);
    expect(repo.exists(`${EVIDENCE}/draft.json`)).toBe(false);
    const named = repo.run(['usecase', 'run', 'draft']);
    expect(named.code).toBe(10);
    expect(named.stdout).toMatch(/^FAIL draft: step a \(doctor\)/m);
  });
});

describe('usecase run: what a scenario installs reaches the CLI under test', () => {
  it('a provider hook the scenario wires runs `majordomus` by name, and capture status finds it reaching this CLI', () => {
    const repo = repos.create().init();
    repo.write(
      `${DIR}/hooks.md`,
      useCase(
        'hooks',
        'capture',
        `setup: installed
steps:
  - id: install
    run: ['capture', 'install', '--provider', 'claude-code']
    expect:
      exit: 0
  - id: status
    run: ['capture', 'status']
    expect:
      exit: 0
      stdout_contains: ['^reached +SessionEnd']`,
      ),
    );
    // no majordomus of the machine's: only the runner's own can make the probe reach
    const bare = (process.env.PATH ?? '')
      .split(delimiter)
      .filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')))
      .join(delimiter);
    const result = repo.run(['usecase', 'run', 'hooks'], { env: { PATH: bare } });
    expect(result.stdout).toMatch(/^PASS hooks/m);
    expect(result.code).toBe(0);
  });
});

describe("use cases in the upstream tool's form", () => {
  const WORKER = `setup: installed
steps:
  - id: the-worker-edits
    worker: 'mkdir -p src && echo "a change" > src/a.txt && majordomus version > version.txt'
    expect:
      exit: 0
      files_contain:
        src/a.txt: ['^a change$']
        version.txt: ['^majordomus ']
  - id: start
    run: ['start', 'a change', '--scope', 'src/']
    expect:
      exit: 0
  - id: the-worker-fails
    worker: 'exit 3'
    expect:
      exit: 3`;
  const CHALLENGE = `setup: challenge
steps:
  - id: claim
    run: ['start', 'x', '--scope', 'lib']
    expect:
      exit: 0`;

  it('runs a worker step as a shell command in the scenario, and skips a setup this version does not prepare (0)', () => {
    const repo = repos.create().init();
    repo.write(`${DIR}/worker.md`, useCase('worker', 'start', WORKER));
    repo.write(`${DIR}/challenge.md`, useCase('challenge', 'start', CHALLENGE));
    expect(repo.run(['usecase', 'validate']).code).toBe(0);
    const result = repo.run(['usecase', 'run', '--json']);
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ id: 'challenge', result: 'skip', reason: expect.stringContaining('setup challenge') }),
      expect.objectContaining({ id: 'worker', result: 'pass', steps_run: 3 }),
      expect.objectContaining({ summary: true, ran: 1, passed: 1, skipped: 1, failed: [] }),
    ]);
    const evidence = JSON.parse(repo.read(`${EVIDENCE}/worker.json`)) as { steps: Array<{ id: string; run: string[]; worker?: string }> };
    expect(evidence.steps[0]).toMatchObject({ id: 'the-worker-edits', run: [], worker: expect.stringContaining('mkdir') });
    const words = repo.run(['usecase', 'run']);
    expect(words.stdout).toMatch(/^SKIP challenge: setup challenge is not one this version prepares/m);
    expect(words.stdout).toMatch(/^usecase run: 1 ran, 1 passed, 0 failed, 1 skipped;/m);
  });

  it('a failing worker step fails the scenario, named with its command', () => {
    const repo = repos.create().init();
    repo.write(`${DIR}/worker.md`, useCase('worker', 'start', WORKER.replace('exit: 3', 'exit: 0')));
    const result = repo.run(['usecase', 'run']);
    expect(result.code).toBe(10);
    expect(result.stdout).toMatch(/^FAIL worker: step the-worker-fails \(worker: exit 3\): exit 3, expected 0/m);
  });
});

describeUpstream("the upstream tool's own use cases", () => {
  it('are valid here; run runs the one whose setup this version prepares and skips the others', () => {
    const repo = repos.create().init();
    const dir = join(UPSTREAM, '.ai/repo/use-cases');
    for (const name of readdirSync(dir)) repo.write(`${DIR}/${name}`, readFileSync(join(dir, name)));
    expect(repo.run(['usecase', 'validate']).code).toBe(0);
    const result = repo.run(['usecase', 'run', '--json']);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.result === 'skip').map((line) => line.id)).toEqual([
      'accept-or-refuse-finished-work',
      'catch-an-agent-that-says-it-is-done',
    ]);
    // this copy of the session use case predates the records' move into .ai/repo/sessions/ (the layer's
    // own records are there): its steps run, up to the close, whose path it expects under the local half
    expect(lines.filter((line) => line.result === 'pass' || line.result === 'fail')).toEqual([
      expect.objectContaining({ id: 'open-and-close-a-session', result: 'fail', steps_run: 3, failed_step: 'close' }),
    ]);
    expect(lines.at(-1)).toMatchObject({ summary: true, ran: 1, skipped: 2 });
    expect(result.code).toBe(10);
  });
});
