/**
 * Repository validators run isolated: each in a worker thread of its own, under the policy's time
 * and memory limits (`repository_validators.timeout_seconds`, 1 s here, and `memory_mb`, 64 MB here).
 * Every hostile behaviour — a loop, a sleep, a heap that grows without end,
 * a promise or a top-level await that never settles, process.exit, process.exitCode, an exit handler,
 * a throw from a timer, an unhandled rejection, a patched global, something exotic thrown or reported
 * — becomes a FAIL of category `doctrine` naming the rule, the rules after it still run, and the gate
 * exits 10: never 0, never 13, never 1. The hostile rules share one repository and one doctor run, and
 * each is asserted on its own. Then: the switch that imports no repository module (flag and
 * environment, proved by a marker file the module would write), `rules list` and `rules show`, which
 * never import one, and 2,000,000 violations from one rule.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, failing, parseFindings, repoFactory } from '../helpers/repo';
import { enforcement, PROJECT, RULES_DIR, ruleFront, writeRule } from '../helpers/rules';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const VALIDATORS = '.ai/repo/validators';
const POLICY = '.ai/repo/policy.yaml';
const TEST = 'test/isolation.md';
/** The limits init writes (the skeleton policy's). */
const DEFAULT_LIMITS = 'repository_validators:\n  timeout_seconds: 10\n  memory_mb: 1024\n';
// the memory limit is low so a hoarding validator is stopped after a few arrays, not a gigabyte
const LIMIT = 'repository_validators:\n  timeout_seconds: 1\n  memory_mb: 64\n';
/**
 * The limits under which the memory cases are judged again: the same 64 MB, and time enough that on a
 * loaded machine the memory limit, not the clock, is what stops them.
 */
const MEMORY_LIMIT = 'repository_validators:\n  timeout_seconds: 120\n  memory_mb: 64\n';

/** The policy with its limits replaced: `from` must be there, so a changed skeleton fails loudly here. */
function withLimits(policy: string, from: string, to: string): string {
  expect(policy).toContain(from);
  return policy.replace(from, to);
}
/** Eight megabytes more each turn, kept: a heap that only grows. */
const HOARD = 'const kept = []; for (;;) kept.push(new Array(1 << 20).fill(kept.length));';

/** Where the FAIL of a hostile validator points: the rule, or the module when the module itself is unusable. */
type Blame = 'rule' | 'module';

interface Hostile {
  /** The behaviour, as the test names it. */
  readonly behaviour: string;
  /** The validator's name; the rule is `project.<name with dashes>`. */
  readonly name: string;
  /** The module's top level, before the export. */
  readonly top?: string;
  /** The body of `run(context)`, or a whole `export default …` when `whole` is set. */
  readonly run?: string;
  readonly whole?: string;
  readonly blame: Blame;
  /** What the FAIL must say happened. */
  readonly said: RegExp;
}

const HOSTILE: readonly Hostile[] = [
  { behaviour: 'loops forever', name: 'h_loop', run: 'for (;;) {}', blame: 'rule', said: /did not finish within 1 s/ },
  {
    behaviour: 'sleeps on a timer',
    name: 'h_sleep',
    run: 'return new Promise((resolve) => setTimeout(resolve, 600000));',
    blame: 'rule',
    said: /did not finish within 1 s/,
  },
  {
    behaviour: 'sleeps without yielding',
    name: 'h_sleep_sync',
    run: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600000);',
    blame: 'rule',
    said: /did not finish within 1 s/,
  },
  {
    behaviour: 'leaves a long timer behind',
    name: 'h_leftover_timer',
    run: 'setTimeout(() => {}, 600000);',
    blame: 'rule',
    said: /did not finish within 1 s.*left running/,
  },
  {
    behaviour: 'never settles its promise',
    name: 'h_never_settles',
    run: 'return new Promise(() => {});',
    blame: 'rule',
    said: /never finished/,
  },
  {
    behaviour: 'never settles a top-level await',
    name: 'h_top_level_await',
    top: 'await new Promise(() => {});',
    run: '',
    blame: 'module',
    said: /never finished importing/,
  },
  {
    behaviour: 'loops at the top level',
    name: 'h_top_level_loop',
    top: 'for (;;) {}',
    run: '',
    blame: 'module',
    said: /did not finish importing within 1 s/,
  },
  { behaviour: 'allocates without bound', name: 'h_hoard', run: HOARD, blame: 'rule', said: /ran out of memory.*64 MB/ },
  {
    behaviour: 'allocates Buffers without bound',
    name: 'h_hoard_buffers',
    run: 'const kept = []; for (;;) kept.push(Buffer.alloc(8 << 20, 1));',
    blame: 'rule',
    said: /ran out of memory.*64 MB.*outside its heap/,
  },
  {
    behaviour: 'allocates without bound at the top level',
    name: 'h_top_level_hoard',
    top: HOARD,
    run: '',
    blame: 'module',
    said: /ran out of memory.*64 MB.*while it was being imported/,
  },
  { behaviour: 'calls process.exit', name: 'h_exit', run: 'process.exit(0);', blame: 'rule', said: /process\.exit\(0\)/ },
  {
    behaviour: 'sets process.exitCode',
    name: 'h_exit_code',
    run: "process.exitCode = 0; context.ok({ subject: '.', message: 'fine' });",
    blame: 'rule',
    said: /process\.exitCode/,
  },
  {
    behaviour: 'installs an exit handler',
    name: 'h_exit_handler',
    run: "process.on('exit', () => { process.exitCode = 0; });",
    blame: 'rule',
    said: /'exit' handler/,
  },
  {
    behaviour: 'throws from a timer',
    name: 'h_timer_throw',
    run: "setTimeout(() => { throw new Error('late'); }, 0);",
    blame: 'rule',
    said: /outside its run.*late/,
  },
  {
    behaviour: 'rejects with no handler',
    name: 'h_unhandled',
    run: "Promise.reject(new Error('nobody'));",
    blame: 'rule',
    said: /rejected with no handler.*nobody/,
  },
  {
    behaviour: 'patches globals',
    name: 'h_patches',
    run: "Array.prototype.push = function () { return 0; }; JSON.stringify = () => '{}'; globalThis.leak = 1; context.ok({ subject: '.', message: 'fine' });",
    blame: 'rule',
    said: /^(?=.*replaced the global Array\.prototype\.push)(?=.*replaced the global JSON\.stringify)(?=.*added the global leak)/,
  },
  {
    behaviour: 'throws an object whose toString throws',
    name: 'h_throw_tostring',
    run: "throw { toString() { throw new Error('no text'); } };",
    blame: 'rule',
    said: /threw/,
  },
  { behaviour: 'throws Object.create(null)', name: 'h_throw_null_proto', run: 'throw Object.create(null);', blame: 'rule', said: /threw/ },
  {
    behaviour: 'throws a Proxy',
    name: 'h_throw_proxy',
    run: "throw new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } });",
    blame: 'rule',
    said: /threw: a Proxy/,
  },
  {
    behaviour: 'exports a throwing getter',
    name: 'h_getter_export',
    whole: "export default { name: 'h_getter_export', get description() { throw new Error('getter'); }, gates: ['doctor'], run() {} };",
    blame: 'module',
    said: /reading its default export threw: getter/,
  },
  {
    behaviour: 'exports a Proxy',
    name: 'h_proxy_export',
    whole: "export default new Proxy({}, { get() { throw new Error('trap'); } });",
    blame: 'module',
    said: /reading its default export threw: trap/,
  },
  {
    behaviour: 'reports a subject whose toString throws',
    name: 'h_bad_subject',
    run: "context.violation({ subject: { toString() { throw new Error('no text'); } }, message: 'x' });",
    blame: 'rule',
    said: /cannot read: its `subject` cannot be turned into text/,
  },
  {
    behaviour: 'reports a violation whose getter throws',
    name: 'h_bad_getter',
    run: "context.violation({ subject: 'a', get message() { throw new Error('getter'); } });",
    blame: 'rule',
    said: /cannot read: reading its `message` threw: getter/,
  },
  {
    behaviour: 'reports a Proxy',
    name: 'h_bad_proxy',
    run: "context.violation(new Proxy({}, { get() { throw new Error('trap'); } }));",
    blame: 'rule',
    said: /cannot read: reading its `subject` threw: trap/,
  },
];

const ruleId = (name: string): string => `project.${name.replace(/_/g, '-')}`;
const ruleFile = (name: string): string => `${PROJECT}/${name.replace(/_/g, '-')}.v1.md`;
const moduleFile = (name: string): string => `${VALIDATORS}/${name}.mjs`;

function moduleText(hostile: Hostile): string {
  if (hostile.whole) return `${hostile.whole}\n`;
  return `${hostile.top ?? ''}\nexport default {\n  name: '${hostile.name}',\n  description: 'Hostile: ${hostile.behaviour}.',\n  gates: ['doctor'],\n  run(context) {\n    ${hostile.run}\n  },\n};\n`;
}

/** A repository validator `name` and the blocking rule that names it. */
function addValidator(repo: TempRepo, name: string, module: string): void {
  repo.write(moduleFile(name), module);
  writeRule(repo, ruleFile(name), [
    ...ruleFront(ruleId(name)),
    ...enforcement({ validator: name, category: 'testing', gates: ['doctor'], tests: [TEST] }),
  ]);
}

/** Two ordinary validators, run after every hostile one (their rules sort last): one passes, one fails. */
function addOrdinary(repo: TempRepo): void {
  addValidator(
    repo,
    'z_passes',
    "export default { name: 'z_passes', description: 'Passes.', gates: ['doctor'], run(context) { context.ok({ subject: '.', message: 'checked' }); } };\n",
  );
  addValidator(
    repo,
    'z_fails',
    "export default { name: 'z_fails', description: 'Fails.', gates: ['doctor'], run(context) { context.violation({ subject: 'README.md', message: 'is wrong', file: 'README.md', line: 1 }); } };\n",
  );
}

function adopted(): TempRepo {
  const repo = repos.create().init();
  repo.write(POLICY, withLimits(repo.read(POLICY), DEFAULT_LIMITS, LIMIT));
  repo.write(TEST, 'proves the isolation rules\n');
  repo.write('README.md', 'readme\n');
  return repo;
}

/** The number of lines of a large file, its first and its last, read a chunk at a time. */
function countLines(file: string): { lines: number; first: string; last: string } {
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(1 << 20);
  let lines = 0;
  let head = '';
  let tail = '';
  for (;;) {
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    const text = chunk.toString('latin1', 0, read);
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
    if (head.length < 4096) head += text.slice(0, 4096);
    tail = (tail + text).slice(-4096);
  }
  closeSync(fd);
  const tailLines = tail.split('\n').filter((line) => line !== '');
  return { lines, first: head.split('\n')[0]!, last: tailLines[tailLines.length - 1]! };
}

const ofRule = (findings: readonly JsonFinding[], name: string): JsonFinding[] => findings.filter((f) => f.rule === ruleId(name));

describe('a hostile repository validator is a FAIL of its rule, and the gate goes on', () => {
  let code: number;
  let findings: JsonFinding[];
  let memoryFindings: JsonFinding[];
  let stdout: string;
  const memoryCase = (hostile: Hostile): boolean => /ran out of memory/.test(hostile.said.source);

  beforeAll(() => {
    const repo = adopted();
    for (const hostile of HOSTILE) addValidator(repo, hostile.name, moduleText(hostile));
    addOrdinary(repo);
    repo.git(['add', '-A']);
    const result = repo.run(['doctor', '--json']);
    code = result.code;
    stdout = result.stdout;
    findings = parseFindings(stdout);
    const memory = repos.create().init();
    memory.write(POLICY, withLimits(memory.read(POLICY), DEFAULT_LIMITS, MEMORY_LIMIT));
    memory.write(TEST, 'proves the isolation rules\n');
    for (const hostile of HOSTILE.filter(memoryCase)) addValidator(memory, hostile.name, moduleText(hostile));
    memory.git(['add', '-A']);
    memoryFindings = parseFindings(memory.run(['doctor', '--json']).stdout);
  });

  it('exits 10 (never 0, 1 or 13) and prints whole JSON lines', () => {
    expect(code).toBe(10);
    expect(stdout.endsWith('\n')).toBe(true);
  });

  it.each(HOSTILE)('$behaviour → FAIL doctrine of its rule', (hostile) => {
    const { name, blame, said } = hostile;
    const mine = ofRule(memoryCase(hostile) ? memoryFindings : findings, name);
    const fail = mine.find((f) => f.level === 'FAIL' && f.category === 'doctrine');
    expect(fail, JSON.stringify(mine)).toBeDefined();
    expect([fail!.subject, fail!.file]).toStrictEqual([`${ruleId(name)}@1`, blame === 'rule' ? ruleFile(name) : moduleFile(name)]);
    expect(fail!.message).toMatch(said);
  });

  it('the ordinary rules after them still ran: one OK, one FAIL of its own category', () => {
    expect(ofRule(findings, 'z_passes').map((f) => [f.level, f.category, f.subject])).toStrictEqual([['OK', 'testing', '.']]);
    expect(ofRule(findings, 'z_fails').map((f) => [f.level, f.category, f.subject, f.line])).toStrictEqual([
      ['FAIL', 'testing', 'README.md', 1],
    ]);
  });

  it('nothing else failed: every failing finding is a hostile rule or the ordinary failing one', () => {
    const expected = new Set([...HOSTILE.map((h) => ruleId(h.name)), ruleId('z_fails')]);
    expect(failing(findings).filter((f) => !expected.has(f.rule ?? ''))).toStrictEqual([]);
  });
});

describe('a hostile validator alone fails the gate', () => {
  it('a promise that never settles, with no other failing rule → exit 10, not 0', () => {
    const repo = adopted();
    const never = HOSTILE.find((h) => h.name === 'h_never_settles')!;
    addValidator(repo, never.name, moduleText(never));
    repo.git(['add', '-A']);
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.level, f.category, f.rule])).toStrictEqual([['FAIL', 'doctrine', ruleId(never.name)]]);
  });
});

describe('--no-repository-validators and MAJORDOMUS_REPOSITORY_VALIDATORS=0', () => {
  const MARKER = 'imported.marker';
  const CASES = `${RULES_DIR}/tests/marks`;
  let repo: TempRepo;

  beforeAll(() => {
    repo = adopted();
    addValidator(
      repo,
      'marks',
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(MARKER)}, 'imported');\nexport default { name: 'marks', description: 'Marks.', gates: ['doctor', 'check', 'watch', 'finish'], run(context) { context.ok({ subject: '.', message: 'ran' }); } };\n`,
    );
    // the rule runs at every gate, so each gate command is shown to honour the switch
    writeRule(repo, ruleFile('marks'), [
      ...ruleFront(ruleId('marks')),
      ...enforcement({ validator: 'marks', category: 'testing', gates: ['doctor', 'check', 'watch', 'finish'], tests: [TEST, CASES] }),
    ]);
    repo.write(`${CASES}/valid/clean/README.md`, 'clean\n');
    repo.write(`${CASES}/invalid/dirty/README.md`, 'dirty\n');
    repo.git(['add', '-A']);
    // check judges the active task, and ends with 12 without one
    expect(repo.run(['start', 'judge the switch', '--scope', '.']).code).toBe(0);
  });

  const gates: readonly (readonly string[])[] = [['doctor'], ['check'], ['watch'], ['finish', '--check']];
  it.each(gates)('%s with the flag → FAIL doctrine "not run", nothing imported', (...args) => {
    const { code, findings } = repo.gate([...args, '--no-repository-validators', '--rule', ruleId('marks')]);
    expect(code).toBe(10);
    expect(findings.map((f) => [f.level, f.category, f.subject, f.rule])).toStrictEqual([
      ['FAIL', 'doctrine', `${ruleId('marks')}@1`, ruleId('marks')],
    ]);
    expect(findings[0]!.message).toMatch(/was not run.*--no-repository-validators/);
    expect(repo.exists(MARKER)).toBe(false);
  });

  it.each(['0', 'false', 'off'])('doctor with MAJORDOMUS_REPOSITORY_VALIDATORS=%s → the same, nothing imported', (value) => {
    const { code, findings } = repo.gate(['doctor'], { env: { MAJORDOMUS_REPOSITORY_VALIDATORS: value } });
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.level, f.category, f.subject])).toStrictEqual([['FAIL', 'doctrine', `${ruleId('marks')}@1`]]);
    expect(repo.exists(MARKER)).toBe(false);
  });

  it('a value that is neither on nor off is a usage error (2), and nothing is imported', () => {
    expect(repo.run(['doctor'], { env: { MAJORDOMUS_REPOSITORY_VALIDATORS: 'nope' } }).code).toBe(2);
    expect(repo.exists(MARKER)).toBe(false);
  });

  it('rules test with the flag → its cases fail as not run (10), nothing imported', () => {
    const result = repo.run(['rules', 'test', ruleId('marks'), '--json', '--no-repository-validators']);
    expect(result.code).toBe(10);
    const cases = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: string; reason: string });
    expect(cases.map((c) => c.status)).toStrictEqual(['FAIL', 'FAIL']);
    expect(cases[0]!.reason).toMatch(/was not run/);
    expect(repo.exists(MARKER)).toBe(false);
  });

  it('rules list and rules show never import a repository module', () => {
    const list = repo.run(['rules', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(ruleId('marks'));
    const show = repo.run(['rules', 'show', ruleId('marks')]);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^validator: +marks \(the repository's own/m);
    expect(repo.exists(MARKER)).toBe(false);
  });

  it('without the switch the module is imported (the marker proves the others)', () => {
    const { code, findings } = repo.gate(['doctor', '--rule', ruleId('marks')]);
    expect(code).toBe(0);
    expect(findings.map((f) => [f.level, f.subject])).toStrictEqual([['OK', '.']]);
    expect(repo.exists(MARKER)).toBe(true);
    repo.remove(MARKER);
  });
});

describe('2,000,000 violations from one rule are a result', () => {
  const COUNT = 2_000_000;
  let repo: TempRepo;

  beforeAll(() => {
    repo = adopted();
    addValidator(
      repo,
      'many',
      `export default { name: 'many', description: 'Reports ${COUNT} violations.', gates: ['doctor'], run(context) { for (let i = 0; i < ${COUNT}; i++) context.violation({ subject: 'f' + i, message: 'bad' }); } };\n`,
    );
    repo.write(POLICY, withLimits(repo.read(POLICY), LIMIT, 'repository_validators:\n  timeout_seconds: 600\n'));
    repo.git(['add', '-A']);
  });

  it('text: 200 lines of the rule, then "…and 1999800 more (see --json)"; exit 10', () => {
    const result = repo.run(['doctor', '--rule', ruleId('many')]);
    expect(result.code).toBe(10);
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL testing'))).toHaveLength(200);
    expect(lines.slice(200)).toStrictEqual([`…and ${COUNT - 200} more (see --json)`, `doctor: ${COUNT} failure(s)`]);
  });

  it('--json: every one of them; exit 10', () => {
    // about 480 MB of JSON: written to a file, as a CI job would, and counted a chunk at a time
    const out = repo.path('findings.jsonl');
    const fd = openSync(out, 'w');
    const result = spawnSync(process.execPath, [CLI, 'doctor', '--rule', ruleId('many'), '--json'], {
      cwd: repo.dir,
      env: cleanEnv(),
      stdio: ['ignore', fd, 'pipe'],
    });
    closeSync(fd);
    expect(result.status).toBe(10);
    const { lines, first, last } = countLines(out);
    rmSync(out);
    expect(lines).toBe(COUNT);
    expect(JSON.parse(first)).toMatchObject({ level: 'FAIL', category: 'testing', subject: 'f0', rule: ruleId('many') });
    expect(JSON.parse(last)).toMatchObject({ level: 'FAIL', category: 'testing', subject: `f${COUNT - 1}`, rule: ruleId('many') });
  }, 300_000); // a safety net, not a figure: 480 MB through a pipe takes a minute on a loaded machine
});

describe('rules new with a repository validator', () => {
  it('reads what the module declares in a worker; with the switch off it refuses (2) and writes nothing', () => {
    const repo = adopted();
    repo.write(
      moduleFile('notes_kept'),
      "export default { name: 'notes_kept', description: 'Notes are kept.', gates: ['check', 'doctor'], run(context) { context.ok({ subject: '.', message: 'fine' }); } };\n",
    );
    repo.git(['add', '-A']);
    const rule = `${PROJECT}/kept-notes.v1.md`;
    expect(
      repo.run(['rules', 'new', 'kept-notes', '--validator', 'notes_kept'], { env: { MAJORDOMUS_REPOSITORY_VALIDATORS: '0' } }).code,
    ).toBe(2);
    expect(repo.exists(rule)).toBe(false);
    expect(repo.run(['rules', 'new', 'kept-notes', '--validator', 'notes_kept']).code).toBe(0);
    // the module's first gate, read from its export inside the worker
    expect(repo.read(rule)).toMatch(/^ {2}enforced_by: \[check\]$/m);
  });
});

describe('the context a repository validator gets in its worker', () => {
  it('reads the index inside a pre-commit hook (GIT_INDEX_FILE), the working tree otherwise', () => {
    const repo = adopted();
    addValidator(
      repo,
      'reads_note',
      "export default { name: 'reads_note', description: 'Reads note.txt.', gates: ['doctor'], run(context) { const text = context.read('note.txt'); if (!context.files().includes('note.txt')) throw new Error('not tracked'); if (text.trim() === 'bad') context.violation({ subject: 'note.txt', file: 'note.txt', message: 'is bad' }); } };\n",
    );
    repo.write('note.txt', 'bad\n');
    repo.git(['add', '-A']);
    repo.write('note.txt', 'good\n'); // the working tree is fixed, the index is not
    const staged = repo.gate(['doctor', '--rule', ruleId('reads_note')], { env: { GIT_INDEX_FILE: repo.path('.git/index') } });
    expect([staged.code, staged.findings.map((f) => [f.level, f.subject])]).toStrictEqual([10, [['FAIL', 'note.txt']]]);
    const working = repo.gate(['doctor', '--rule', ruleId('reads_note')]);
    expect([working.code, working.findings.map((f) => [f.level, f.subject])]).toStrictEqual([0, [['OK', `${ruleId('reads_note')}@1`]]]);
  });
});

describe('the toolkit a repository validator reads through in its worker', () => {
  it("offers the readers a built-in gets: the tree, the layer, git, the disk and the gate's environment", () => {
    const repo = adopted();
    // each answer becomes the message of one OK, so what the worker read is compared as data
    addValidator(
      repo,
      'reads_all',
      `export default { name: 'reads_all', description: 'Reads through every reader.', gates: ['doctor'], run(context) {
  const say = (subject, value) => context.ok({ subject, message: JSON.stringify(value) });
  say('tree', context.tree);
  say('policy', context.yaml(context.layer.policyFile).lines.has('enforcement'));
  say('kind', [context.kind('.ai'), context.kind(context.layer.policyFile), context.kind('nothing-here')]);
  say('head', /^[0-9a-f]{40}$/.test(context.git.head() ?? ''));
  say('branch', context.git.branch());
  const hook = context.git.hooksDir + '/pre-commit';
  say('hook', [context.disk.kind(hook), context.disk.executable(hook), context.disk.read(hook).includes('majordomus')]);
  say('env', context.env.MAJORDOMUS_PROBE);
  let refusal;
  try { context.read('nothing-here'); } catch (error) { refusal = [typeof error.reason, typeof error.fix, error.file]; }
  say('refusal', refusal);
} };
`,
    );
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'reads']);
    const { code, findings } = repo.gate(['doctor', '--rule', ruleId('reads_all')], { env: { MAJORDOMUS_PROBE: 'from the gate' } });
    expect(code).toBe(0);
    expect(Object.fromEntries(findings.map((f) => [f.subject, JSON.parse(f.message) as unknown]))).toStrictEqual({
      tree: 'working tree',
      policy: true,
      kind: ['dir', 'file', 'absent'],
      head: true,
      branch: repo.git(['symbolic-ref', '--short', 'HEAD']).trim(),
      hook: ['file', true, true],
      env: 'from the gate',
      refusal: ['string', 'string', 'nothing-here'],
    });
  });

  it('says what to read instead when a validator asks for the context members the toolkit replaced', () => {
    const repo = adopted();
    addValidator(
      repo,
      'old_layout',
      "export default { name: 'old_layout', description: 'Reads the old layout.', gates: ['doctor'], run(context) { context.layout.tree.readText('README.md'); } };\n",
    );
    const { code, findings } = repo.gate(['doctor', '--rule', ruleId('old_layout')]);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.category, f.subject])).toStrictEqual([['doctrine', `${ruleId('old_layout')}@1`]]);
    expect(failing(findings)[0]!.message).toContain('context.layer');
  });
});
