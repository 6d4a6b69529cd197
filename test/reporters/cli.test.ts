/**
 * `--format` as a user meets it, on the built CLI: every format of every gate and of `brainstorm check`
 * exits with the code the text format exits with; an unknown format, or `--json` beside another, is a
 * usage error naming the choices; this repository's own `doctor --format sarif` is a log the SARIF
 * schema and code scanning accept, the same bytes run after run; and a plain `doctor` imports no
 * reporter but text (seen by a module resolution hook on the CLI run from its sources, not guessed
 * from the bundle).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../engine/reporters/index';
import type { SarifLog } from '../../engine/reporters/sarif';
import { copyPassingSession, SESSION } from '../helpers/brainstorm';
import { cliInProcess, tableRun } from '../helpers/cli';
import { gateOutput } from '../helpers/gate';
import type { RunResult } from '../helpers/repo';
import { CLI, cleanEnv, parseFindings, ROOT, TempRepo } from '../helpers/repo';
import { codeScanningProblems, schemaProblems } from '../helpers/sarif';
import { dropUndefinedContractKeys } from '../helpers/task';
import { describeSarifSchema } from '../helpers/upstream';

function run(args: readonly string[], cwd: string): RunResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, env: cleanEnv(), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function sarif(stdout: string): SarifLog {
  return JSON.parse(stdout) as SarifLog;
}

let broken: TempRepo;

beforeAll(async () => {
  // a policy with an unknown key (FAIL at doctor, DRIFT under watch) and a content rule with a match;
  // the commands that make it run in process (helpers/cli.ts): the tests read the gates' output
  broken = new TempRepo();
  broken.init();
  broken.write('.ai/repo/policy.yaml', `${broken.read('.ai/repo/policy.yaml')}colour: blue\n`);
  // the projections follow the policy, so the one drift under watch is the unknown key
  const updated = await cliInProcess(broken, ['update']);
  if (updated.code !== 0) throw new Error(`update failed: ${updated.stderr}`);
  const made = await cliInProcess(broken, ['rules', 'new', 'no-todo', '--validator', 'content']);
  if (made.code !== 0) throw new Error(`rules new failed: ${made.stderr}`);
  broken.write('src/a.ts', 'a\n  // TODO: fix\n');
  broken.git(['add', '-A']);
  // check judges the active task: without one it ends with 12 before any rule
  dropUndefinedContractKeys(broken);
  const started = await cliInProcess(broken, ['start', 'judge the broken layer', '--scope', '.']);
  if (started.code !== 0) throw new Error(`start failed: ${started.stderr}`);
});
afterAll(() => broken.dispose());

/**
 * A gate of the broken repository, which no gate changes: each distinct command runs once, and the tests
 * that read the same output share it.
 */
const brokenRuns = new Map<string, RunResult>();
function gateOfBroken(args: readonly string[]): RunResult {
  const key = JSON.stringify(args);
  let result = brokenRuns.get(key);
  if (!result) {
    result = broken.run(args);
    brokenRuns.set(key, result);
  }
  return result;
}

describeSarifSchema("this repository's own doctor, as SARIF", () => {
  let first: RunResult;
  beforeAll(() => {
    first = run(['doctor', '--format', 'sarif'], ROOT);
  });

  it('is valid SARIF 2.1.0 that code scanning accepts, with the exit code of a plain doctor', async () => {
    expect(schemaProblems(sarif(first.stdout))).toStrictEqual([]);
    expect(codeScanningProblems(sarif(first.stdout) as never)).toStrictEqual([]);
    // the plain doctor's verdict, read in process (the one gate entry the CLI runs too)
    const plain = await gateOutput({ dir: ROOT }, 'doctor', 'text');
    expect(first.code).toBe(plain.code);
    expect(sarif(first.stdout).runs[0]!.invocations[0]!.exitCode).toBe(plain.code);
  });

  it('names every rule of the effective set', () => {
    const listed = run(['rules', 'list', '--json'], ROOT)
      .stdout.trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(sarif(first.stdout).runs[0]!.tool.driver.rules.map((rule) => rule.id)).toStrictEqual(listed);
  });

  it('is the same bytes on a second run', () => {
    expect(run(['doctor', '--format', 'sarif'], ROOT).stdout).toBe(first.stdout);
  });
});

describe('every format of every gate exits as the text format does', () => {
  /**
   * The built CLI runs every format of doctor (which fails here) and the formats the tests below read;
   * the other formats of check, watch and finish run in process through the same reporters and gate
   * entry: the exit code is the gate's, whatever reporter writes the findings.
   */
  const spawned: Readonly<Record<string, readonly string[]>> = {
    doctor: FORMATS,
    check: ['text'],
    watch: ['text', 'sarif'],
    finish: ['text'],
  };

  it.each([
    [['doctor'], 10],
    [['check'], 0],
    [['watch'], 11],
    [['finish', '--check'], 0],
  ] as const)('%j', async (gate, code) => {
    expect(gateOfBroken([...gate]).code).toBe(code);
    for (const format of FORMATS) {
      const result = spawned[gate[0]]!.includes(format)
        ? gateOfBroken([...gate, '--format', format])
        : await gateOutput(broken, gate[0], format);
      expect(result.code, format).toBe(code);
      expect(result.stderr, format).toBe('');
      // json prints findings only, and check and finish have none here; every other format says something
      if (format !== 'json') expect(result.stdout.length, format).toBeGreaterThan(0);
    }
  });

  it('--json is --format json, byte for byte', () => {
    expect(gateOfBroken(['doctor', '--json']).stdout).toBe(gateOfBroken(['doctor', '--format', 'json']).stdout);
  });

  it('the content validator’s column reaches JSON and SARIF', () => {
    const todo = parseFindings(gateOfBroken(['doctor', '--json', '--rule', 'project.no-todo']).stdout).find((f) => f.file === 'src/a.ts')!;
    expect(todo).toMatchObject({ line: 2, column: 6, endColumn: 10, version: 1, help: null });
    const log = sarif(gateOfBroken(['doctor', '--format', 'sarif']).stdout);
    const result = log.runs[0]!.results.find((r) => r.ruleId === 'project.no-todo')!;
    expect(result.locations[0]!.physicalLocation!.region).toStrictEqual({ startLine: 2, startColumn: 6, endColumn: 10 });
    const policy = log.runs[0]!.results.find((r) => r.ruleId === 'majordomus.policy-integrity')!;
    expect(policy.level).toBe('error');
  });

  it('under watch, drift is an error result and the invocation carries 11', () => {
    const log = sarif(gateOfBroken(['watch', '--format', 'sarif']).stdout);
    expect(log.runs[0]!.results.map((r) => r.level)).toStrictEqual(['error']);
    expect(log.runs[0]!.invocations[0]).toMatchObject({ exitCode: 11, properties: { gate: 'watch' } });
  });

  it('JUnit and GitHub name the failing rule', () => {
    const xml = gateOfBroken(['doctor', '--format', 'junit']).stdout;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testcase' || name === 'failure' }).parse(xml) as {
      testsuites: { testsuite: { '@_name': string; testcase: { '@_name': string; failure?: unknown[] }[] } };
    };
    expect(doc.testsuites.testsuite['@_name']).toBe('doctor');
    expect(
      doc.testsuites.testsuite.testcase
        .filter((c) => c.failure)
        .map((c) => c['@_name'])
        .sort(),
    ).toStrictEqual(['majordomus.policy-integrity@1', 'project.no-todo@1']);
    const github = gateOfBroken(['doctor', '--format', 'github']).stdout.trim().split('\n');
    expect(github.filter((line) => line.startsWith('::error ')).length).toBe(2);
    expect(github.at(-1)).toBe('doctor: 2 failure(s)');
  });
});

describe('a format that is not one is a usage error', () => {
  it.each([
    [['doctor', '--format', 'xml'], /argument 'xml' is invalid\. Allowed choices are text, json, sarif, junit, github/],
    [['check', '--format', 'sarif', '--json'], /--json asks for the json format and --format for sarif/],
    [
      ['brainstorm', 'check', SESSION, '--format', 'yaml'],
      /argument 'yaml' is invalid\. Allowed choices are text, json, sarif, junit, github/,
    ],
  ])('%j exits 2, nothing on stdout', async (args, message) => {
    // in process, the first case through the built CLI as well (helpers/cli.ts)
    const result = await tableRun(broken, args, { sample: args[0] === 'doctor' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});

describe('brainstorm check in every format', () => {
  it('a failing session: exit 1 in every format; --json is --format json; SARIF places files under the folder', () => {
    const copy = copyPassingSession();
    copy.git(['init', '-q', '-b', 'main', '.']);
    rmSync(join(copy.folder, 'state.md'));
    const check = (extra: readonly string[]): RunResult => run(['brainstorm', 'check', SESSION, ...extra], copy.root);
    const outputs = new Map(FORMATS.map((format) => [format, check(['--format', format])]));
    for (const [format, result] of outputs) expect(result.code, format).toBe(1);
    expect(outputs.get('json')!.stdout).toBe(check(['--json']).stdout);
    expect(outputs.get('text')!.stdout).toBe(check([]).stdout);
    const log = sarif(outputs.get('sarif')!.stdout);
    const state = log.runs[0]!.results.find((r) => r.ruleId === 'BS-STATE-01')!;
    expect(state.locations[0]!.physicalLocation!.artifactLocation.uri).toBe(`${SESSION}/state.md`);
    expect(log.runs[0]!.invocations[0]).toMatchObject({ exitCode: 1, properties: { gate: 'session' } });
    // the detector bundle prints the same log
    const detector = spawnSync(process.execPath, [join(ROOT, 'dist/detector.mjs'), SESSION, '--format=sarif'], {
      cwd: copy.root,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect(detector.stdout).toBe(outputs.get('sarif')!.stdout);
    expect(detector.status).toBe(1);
  });
});

describe('a plain doctor loads only the text reporter', () => {
  /**
   * The reporter modules a run of `args` in `cwd` imports, seen by a module resolution hook. The built
   * CLI is one CommonJS script (dist/cli.cjs, run under the code cache) in which the bundler keeps each
   * module imported with `import()` unevaluated until that import runs, but no hook can see inside it;
   * so the CLI runs here from its sources, whose imports the bundle keeps as they are.
   */
  function reportersLoaded(args: readonly string[], cwd: string): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'majordomus-hooks-'));
    try {
      const log = join(dir, 'loaded.txt');
      writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./resolve.mjs', import.meta.url);\n");
      writeFileSync(
        join(dir, 'resolve.mjs'),
        "import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) {\n  const result = await next(specifier, context);\n  appendFileSync(process.env.LOADED_LOG, result.url + '\\n');\n  return result;\n}\n",
      );
      // tsx first, so this hook (registered last, run first) sees what tsx resolves
      const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
      const result = spawnSync(
        process.execPath,
        ['--import', tsx, '--import', pathToFileURL(join(dir, 'register.mjs')).href, join(ROOT, 'engine/main.ts'), ...args],
        {
          cwd,
          env: cleanEnv({ LOADED_LOG: log }),
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toBe('');
      const loaded = readFileSync(log, 'utf8').split('\n');
      expect(loaded.some((url) => url.endsWith('/engine/cli/program.ts'))).toBe(true);
      return FORMATS.filter((format) => loaded.some((url) => url.endsWith(`/engine/reporters/${format}.ts`)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it.each([
    [['doctor'], ['text']],
    [['doctor', '--quiet'], ['text']],
    [['doctor', '--format', 'sarif'], ['sarif']],
    [['doctor', '--format', 'junit'], ['junit']],
  ] as const)('%j imports the reporters %j', (args, expected) => {
    expect(reportersLoaded(args, broken.dir)).toStrictEqual(expected);
  });
});
