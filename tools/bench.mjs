// npm run bench: the start-up product, measured. Runs `node -e 0`, `majordomus doctor` on a freshly
// initialised repository, on a large generated one and on one with many enforced project rules,
// and the `check` gate on a repository with an active task, 500 `.ai/` files and a 5,000-line ledger,
// `check` and `finish --check` on a task branch that merged 500 commits of its base branch,
// alternately in one process, and prints each median and its ratio to `node -e 0`, the cost of one
// enforced rule, and the peak memory of each gate run; then `session start` and `session close` on a
// repository with 1,000 closed session records and a 5,000-line ledger, each against `node -e 0`; the
// provider's session-end hook, `capture session --event end`, on a repository of 100,000 tracked files
// (goal: 0.5 s, the most of Claude Code's 1.5 s a close may take); and the
// projections' drift check, `update --check`, on the fresh repository — beside `rulesync generate --check`
// on the same instruction files when RULESYNC_BIN names a rulesync installed outside this repository
// (never a dependency of it). Then the MCP server: `majordomus mcp` started, `initialize` answered and one
// `tools/call` answered, until it ends with its input; and the long-lived repository (tools/bench-history.mjs):
// doctor and knowledge nodes on 10,000 committed session records, and a commit through the installed hooks
// there and beside a 20,000-line ledger, each against a fresh repository. With --baseline <package>, `doctor`
// of another build (a package folder: package.json, share/, rules/, dist/) alternates with this one, for a
// before/after in one run. Public tools only: node and git.
// Usage: node tools/bench.mjs [--rounds N] [--rules N] [--enforced N] [--baseline <package>] [--json] [--history]
//        (--history: only the long-lived repository's cases, beside node -e 0 and doctor on a fresh repository)
//        node tools/bench.mjs --prepare [--enforced N | --large [--rules N] | --task | --sessions | --big | --merged | --records [N]]
//        builds only that repository (--records: N committed session records, 10,000 by default), prints its
//        path and leaves it, to time or profile by hand
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyTargets, hookShim, ledgerRepository, RECORDS } from './bench-history.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// the executable a user runs: the package's bin
const cli = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.majordomus);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const rounds = option('--rounds', 21);
const ruleCount = option('--rules', 2000);
const enforcedCount = option('--enforced', 2000);
const json = args.includes('--json');
const baselineAt = args.indexOf('--baseline');
const baseline = baselineAt === -1 ? undefined : resolve(args[baselineAt + 1]);

const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_') && !k.startsWith('MAJORDOMUS_')));
const run = (command, argv, cwd, input, runEnv = env) => {
  const result = spawnSync(command, argv, { cwd, env: runEnv, encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${argv.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout.slice(-2000)}`);
  return result;
};

function freshRepository() {
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-bench-'));
  run('git', ['init', '-q', dir], dir);
  run(process.execPath, [cli, 'init'], dir);
  return dir;
}

/** A large adopted repository: thousands of project rules in a dependency chain, and thousands of records. */
function largeRepository() {
  const dir = freshRepository();
  const rules = join(dir, '.ai/repo/rules/project');
  for (let i = 0; i < ruleCount; i++) {
    const depends = i === 0 ? '[majordomus.define-done-first@1]' : `[project.generated-${i - 1}@1]`;
    writeFileSync(
      join(rules, `generated-${i}.v1.md`),
      `---\nid: project.generated-${i}\nversion: 1\nkind: rule\ntitle: Generated rule ${i}\ndescription: A generated rule for the benchmark.\nstatement: The benchmark loads this rule.\nstatus: active\nclass: advisory\ndepends_on: ${depends}\ntags: [bench]\n---\n\n# Rationale\n\nLoad.\n\n# Required behaviour\n\nLoad.\n\n# Failure behaviour\n\nNone.\n\n# Verification\n\nThe benchmark.\n`,
    );
  }
  // records as the tool writes them: one real checkpoint and one real handover of a real task, each
  // copied under further record names (only the random suffix differs), so every rule reads them as sound
  const state = join(dir, '.ai/local/state');
  run('git', ['add', '-A'], dir);
  run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '--no-verify', '-m', 'bench'], dir);
  run(process.execPath, [cli, 'start', 'bench the large repository', '--scope', '.'], dir);
  const body = '# Objective\nBench.\n\n# Current State\nLoaded.\n\n# Next Action\nNone.\n';
  for (const [command, folder, count] of [
    ['checkpoint', 'checkpoints', 450],
    ['handover', 'handovers', 180],
  ]) {
    run(process.execPath, [cli, command], dir, body);
    const [written] = readdirSync(join(state, folder));
    const text = readFileSync(join(state, folder, written), 'utf8');
    for (let i = 1; i < count; i++) {
      const name = written.replace(/[0-9a-f]{16}\.md$/, `${i.toString(16).padStart(16, '0')}.md`);
      writeFileSync(join(state, folder, name), text, { mode: 0o600 });
    }
  }
  const ledger = readFileSync(join(state, 'ledger.jsonl'), 'utf8').trim().split('\n');
  const [taskLine] = ledger;
  for (let i = ledger.length; i < 4500; i++) ledger.push(taskLine.replace('"event":"task.started"', '"event":"task.checkpoint"'));
  writeFileSync(join(state, 'ledger.jsonl'), `${ledger.join('\n')}\n`);
  return dir;
}

/**
 * An adopted repository with `count` enforced project rules, each a `paths` rule with a literal and a
 * glob pathspec and its own test folder (a valid and an invalid case), all tracked: every rule runs
 * at `doctor`, and every tracked file passes the filter that keeps rule test cases out of judgement.
 */
function enforcedRepository(count) {
  const dir = freshRepository();
  const rules = join(dir, '.ai/repo/rules/project');
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  for (let i = 0; i < count; i++) {
    const tests = `.ai/repo/rules/tests/area-${i}`;
    writeFileSync(
      join(rules, `area-${i}.v1.md`),
      `---\nid: project.area-${i}\nversion: 1\nkind: rule\ntitle: Area ${i} explains itself\ndescription: A generated rule for the benchmark.\nstatement: Area ${i} keeps a README and no scratch files.\nstatus: active\nclass: blocking\ndepends_on: []\ntags: [bench]\n\nx-majordomus:\n  validator: paths\n  category: docs\n  enforced_by: [doctor]\n  exit_code: 10\n  tests: [${tests}]\n  options:\n    require: [areas/area-${i}/README.md]\n    forbid: ['areas/area-${i}/*.tmp']\n---\n\n# Rationale\n\nLoad.\n\n# Required behaviour\n\nLoad.\n\n# Failure behaviour\n\nNone.\n\n# Verification\n\nThe benchmark.\n`,
    );
    write(`areas/area-${i}/README.md`, `# Area ${i}\n`);
    write(`${tests}/valid/present/areas/area-${i}/README.md`, `# Area ${i}\n`);
    write(`${tests}/invalid/scratch/areas/area-${i}/README.md`, `# Area ${i}\n`);
    write(`${tests}/invalid/scratch/areas/area-${i}/notes.tmp`, 'scratch\n');
  }
  run('git', ['add', '-A'], dir);
  return dir;
}

/**
 * An adopted repository with an active task (started by `majordomus start`, scoped to the whole
 * repository), 500 tracked files under `.ai/` and a ledger of 5,000 well-formed lines: what `check`
 * judges on a repository that has been worked in for a while.
 */
function taskRepository() {
  const dir = freshRepository();
  const knowledge = join(dir, '.ai/repo/knowledge/bench');
  mkdirSync(knowledge, { recursive: true });
  for (let i = 0; i < 500; i++)
    writeFileSync(join(knowledge, `note-${String(i).padStart(3, '0')}.md`), `# Note ${i}\n\nA note the benchmark tracks.\n`);
  run('git', ['add', '-A'], dir);
  run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '--no-verify', '-m', 'bench'], dir);
  run(process.execPath, [cli, 'start', 'bench the check gate', '--scope', '.'], dir);
  const state = join(dir, '.ai/local/state');
  const lines = [];
  for (let i = 0; i < 5000; i++) {
    const ts = new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    lines.push(JSON.stringify({ ts, event: 'task.checkpoint', head: '0'.repeat(40), branch: 'main', by: 'bench', task_id: 't-bench' }));
  }
  writeFileSync(join(state, 'ledger.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

/**
 * A task branch in the field: 2,000 commits of history before it, a task on `feat` claiming src/a with
 * an own commit, `main` moving on by 500 commits of src/b (written by `git fast-import`), merged into
 * `feat` by a true merge, and one more own commit: what `check` and `finish --check` (the pre-push
 * hook's judgement) meet on a task branch that merged its base branch.
 */
function mergedTaskRepository() {
  const dir = freshRepository();
  const git = (...argv) => run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...argv], dir);
  // the base branch's commits are a teammate's, one a minute, as a shared branch gets them
  const commits = (branch, count, prefix, from) => {
    const now = Math.floor(Date.now() / 1000);
    let stream = '';
    for (let i = 0; i < count; i++) {
      const message = `${prefix} ${i}\n`;
      const content = `${prefix} ${i}\n`;
      const when = `${now - (count - i) * 60} +0000`;
      stream += `commit refs/heads/${branch}\nauthor mate <mate@example.com> ${when}\ncommitter mate <mate@example.com> ${when}\ndata ${Buffer.byteLength(message)}\n${message}`;
      if (i === 0 && from) stream += `from ${from}\n`;
      stream += `M 644 inline ${prefix}/f${i % 200}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`;
    }
    run('git', ['fast-import', '--quiet'], dir, stream);
  };
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'adopt');
  commits('main', 2000, 'history', git('rev-parse', 'HEAD').stdout.trim());
  git('reset', '-q', '--hard', 'main');
  git('checkout', '-q', '-b', 'feat');
  run(process.execPath, [cli, 'start', 'bench a merged task branch', '--scope', 'src/a'], dir);
  mkdirSync(join(dir, 'src/a'), { recursive: true });
  writeFileSync(join(dir, 'src/a/one.txt'), 'own\n');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'own work');
  commits('main', 500, 'src/b', 'refs/heads/main^0');
  git('merge', '-q', '--no-verify', '--no-edit', 'main');
  writeFileSync(join(dir, 'src/a/two.txt'), 'own\n');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'more own work');
  return dir;
}

/**
 * An adopted repository worked in for a long while: `count` closed session records (1,000; one `session
 * close` really wrote, copied under other session ids), committed, and a ledger of `ledgerLines` lines
 * (5,000), most of them stamped with other episodes: what `session start` and `session close` meet in a
 * provider's hook. With 10,000 records and no extra ledger lines: the long-lived repository of doctor.
 */
function sessionsRepository(count = 1000, ledgerLines = 5000) {
  const dir = freshRepository();
  run('git', ['add', '-A'], dir);
  run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '--no-verify', '-m', 'bench'], dir);
  run(process.execPath, [cli, 'session', 'start'], dir);
  const record = run(process.execPath, [cli, 'session', 'close'], dir, 'The benchmark episode.\n').stdout.trim();
  const text = readFileSync(join(dir, record), 'utf8');
  const id = /session_id: "([^"]+)"/.exec(text)[1];
  const sessions = join(dir, '.ai/repo/sessions');
  for (let i = 1; i < count; i++) {
    const other = `s-20261101${String(1000000 + i).slice(1)}-${i.toString(16).padStart(4, '0')}`;
    const name = record
      .split('/')
      .pop()
      .replace(id, other)
      .replace(/--[0-9a-f]{16}\.md$/, `--${i.toString(16).padStart(16, '0')}.md`);
    writeFileSync(join(sessions, name), text.replaceAll(id, other));
  }
  const lines = [];
  for (let i = 0; i < ledgerLines; i++) {
    const ts = new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    lines.push(
      JSON.stringify({
        ts,
        event: 'task.checkpoint',
        head: '0'.repeat(40),
        branch: 'main',
        by: 'bench',
        session: `s-20261101000000-${(i % 1000).toString(16).padStart(4, '0')}`,
        task_id: 't-bench',
      }),
    );
  }
  if (ledgerLines > 0) writeFileSync(join(dir, '.ai/local/state/ledger.jsonl'), `${lines.join('\n')}\n`);
  run('git', ['add', '-A'], dir);
  run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '--no-verify', '-m', 'records'], dir);
  return dir;
}

/**
 * An adopted repository of `count` tracked files in folders of 250, committed: what the provider's
 * session-end hook walks when it closes an episode on a large monorepo.
 */
function bigRepository(count = 100_000) {
  const dir = freshRepository();
  for (let folder = 0; folder * 250 < count; folder++) {
    mkdirSync(join(dir, 'src', `d${folder}`), { recursive: true });
    for (let i = 0; i < 250 && folder * 250 + i < count; i++)
      writeFileSync(join(dir, 'src', `d${folder}`, `f${i}.txt`), `file ${folder} ${i}\n`);
  }
  run('git', ['add', '-A'], dir);
  run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '--no-verify', '-m', 'big'], dir);
  return dir;
}

/**
 * A rulesync project generating the same two files from one root rule holding the fresh repository's
 * AGENTS.md body, when RULESYNC_BIN names a rulesync executable; undefined otherwise.
 */
function rulesyncProject(from) {
  const bin = process.env.RULESYNC_BIN;
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'majordomus-bench-rulesync-'));
  run('git', ['init', '-q', dir], dir);
  const body = readFileSync(join(from, 'AGENTS.md'), 'utf8').split('\n').slice(1).join('\n');
  mkdirSync(join(dir, '.rulesync/rules'), { recursive: true });
  writeFileSync(
    join(dir, '.rulesync/rules/overview.md'),
    `---\nroot: true\ntargets: ["*"]\ndescription: "How to work in this repository"\nglobs: ["**/*"]\n---\n\n${body}`,
  );
  run(bin, ['generate', '--targets', 'codexcli,claudecode', '--features', 'rules', '--silent'], dir);
  return { bin, dir };
}

/** A PreToolUse payload of Claude Code's Bash tool running `command`. */
function guardPayload(command, cwd) {
  return JSON.stringify({
    session_id: 'bench',
    transcript_path: `${cwd}/bench.jsonl`,
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const time = (command, argv, cwd, input, runEnv) => {
  const start = process.hrtime.bigint();
  run(command, argv, cwd, input, runEnv);
  return Number(process.hrtime.bigint() - start) / 1e6;
};

/** Peak resident memory of one run, read by a preloaded module when the process exits. */
const peakMemory = (argv, cwd, input) => {
  const probe = "process.on('exit',()=>process.stderr.write('\\nMAXRSS '+process.resourceUsage().maxRSS+'\\n'))";
  const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, ...argv], {
    maxBuffer: 256 * 1024 * 1024,
    cwd,
    env,
    encoding: 'utf8',
    input,
  });
  const match = /MAXRSS (\d+)/.exec(result.stderr);
  return match ? Number(match[1]) / 1024 : NaN;
};

if (args.includes('--prepare')) {
  process.stdout.write(
    `${args.includes('--big') ? bigRepository() : args.includes('--merged') ? mergedTaskRepository() : args.includes('--records') ? sessionsRepository(option('--records', RECORDS) || RECORDS, 0) : args.includes('--sessions') ? sessionsRepository() : args.includes('--task') ? taskRepository() : args.includes('--large') ? largeRepository() : enforcedRepository(enforcedCount)}\n`,
  );
  process.exit(0);
}

// --history: only the long-lived repository's cases (tools/bench-history.mjs), beside node -e 0 and a fresh doctor
const historyOnly = args.includes('--history');
const fresh = freshRepository();
const large = historyOnly ? undefined : largeRepository();
const enforced = historyOnly ? undefined : enforcedRepository(enforcedCount);
const task = historyOnly ? undefined : taskRepository();
const sessions = historyOnly ? undefined : sessionsRepository();
const big = historyOnly ? undefined : bigRepository();
const merged = historyOnly ? undefined : mergedTaskRepository();
const committed = freshRepository();
run('git', ['add', '-A'], committed);
run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '--no-verify', '-m', 'adopt'], committed);
// the records alone: the ledger as the one real close left it, so only the records differ from a fresh repository
const records = sessionsRepository(RECORDS, 0);
const one = sessionsRepository(1, 0);
const ledger = ledgerRepository({ run, cli, freshRepository });
const shim = hookShim(cli, env);
const targets = [
  { name: 'node -e 0', command: process.execPath, argv: ['-e', '0'], cwd: fresh },
  { name: 'doctor (fresh repository)', command: process.execPath, argv: [cli, 'doctor'], cwd: fresh },
  ...(historyOnly
    ? []
    : [
        {
          name: `doctor (${ruleCount} rules, 630 records, 4500 ledger lines)`,
          command: process.execPath,
          argv: [cli, 'doctor'],
          cwd: large,
        },
        { name: `doctor (${enforcedCount} enforced rules with tests)`, command: process.execPath, argv: [cli, 'doctor'], cwd: enforced },
        {
          name: 'check (active task, 500 .ai/ files, 5000 ledger lines)',
          command: process.execPath,
          argv: [cli, 'check'],
          cwd: task,
          goal: 2.5,
        },
        {
          name: 'update --check (fresh repository, 2 projections)',
          command: process.execPath,
          argv: [cli, 'update', '--check'],
          cwd: fresh,
        },
        // the PreToolUse guard runs before every shell command an agent runs: a commit as agents write one, and a bypass refused
        {
          name: 'capture guard (a commit with a heredoc message)',
          command: process.execPath,
          argv: [cli, 'capture', 'guard'],
          cwd: sessions,
          input: guardPayload(
            `git add -A && git commit -m "$(cat <<'EOF'\nfeat: a change\n\nWith a body that mentions --no-verify.\nEOF\n)"`,
            sessions,
          ),
          goal: 1.5,
        },
        {
          name: 'capture guard (bash -c git commit -n, refused)',
          command: process.execPath,
          argv: [cli, 'capture', 'guard'],
          cwd: sessions,
          input: guardPayload(`bash -c 'git commit -n -m wip'`, sessions),
          goal: 1.5,
        },
        { name: 'check (task branch that merged 500 commits)', command: process.execPath, argv: [cli, 'check'], cwd: merged },
        {
          name: 'finish --check (task branch that merged 500 commits)',
          command: process.execPath,
          argv: [cli, 'finish', '--check'],
          cwd: merged,
        },
      ]),
  ...historyTargets({ cli, fresh: committed, one, records, ledger, shim, env }),
];
if (baseline)
  targets.push({
    name: 'doctor (fresh repository), the baseline build',
    command: process.execPath,
    argv: [join(baseline, JSON.parse(readFileSync(join(baseline, 'package.json'), 'utf8')).bin.majordomus), 'doctor'],
    cwd: fresh,
  });
// an MCP client's first exchange: initialize, then one call, then the server ends with its input
const mcpMessage = (message) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
targets.push({
  name: 'mcp: initialize + one tools/call (search)',
  command: process.execPath,
  argv: [cli, 'mcp'],
  cwd: fresh,
  input: [
    mcpMessage({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }),
    mcpMessage({ method: 'notifications/initialized' }),
    mcpMessage({ id: 2, method: 'tools/call', params: { name: 'search', arguments: { text: 'scope', limit: 5 } } }),
  ].join(''),
});
const rulesync = historyOnly ? undefined : rulesyncProject(fresh);
if (rulesync)
  targets.push({
    name: 'rulesync generate --check (same 2 files)',
    command: rulesync.bin,
    argv: ['generate', '--targets', 'codexcli,claudecode', '--features', 'rules', '--check', '--silent'],
    cwd: rulesync.dir,
  });
try {
  // warm the file cache (and the content cache: what follows is a repository's steady state)
  for (const target of targets) time(target.command, target.argv, target.cwd, target.input, target.env);
  const samples = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    targets.forEach((target, i) => {
      samples[i].push(time(target.command, target.argv, target.cwd, target.input, target.env));
    });
  }
  const baseline = median(samples[0]);
  const results = targets.map((target, i) => ({
    target: target.name,
    median_ms: Number(median(samples[i]).toFixed(1)),
    min_ms: Number(Math.min(...samples[i]).toFixed(1)),
    max_ms: Number(Math.max(...samples[i]).toFixed(1)),
    ratio: Number((median(samples[i]) / baseline).toFixed(2)),
    // the peak is read inside a node process: a target that is not node itself has none
    peak_mb:
      i === 0 || target.command !== process.execPath ? undefined : Number(peakMemory(target.argv, target.cwd, target.input).toFixed(1)),
    goal: target.goal,
    goal_ms: target.goal_ms,
    // against another target of the run (the long-lived repository against a fresh one)
    ...(target.against === undefined
      ? {}
      : {
          against: target.against,
          ratio_against: Number((median(samples[i]) / median(samples[targets.findIndex((t) => t.name === target.against)])).toFixed(2)),
          goal_against: target.goalAgainst,
        }),
    ...(target.alsoAgainst === undefined
      ? {}
      : {
          also_against: target.alsoAgainst,
          ratio_also_against: Number(
            (median(samples[i]) / median(samples[targets.findIndex((t) => t.name === target.alsoAgainst)])).toFixed(2),
          ),
        }),
  }));
  // an episode is opened then closed, so the two alternate with the baseline rather than run as targets
  const episode = { start: [], close: [], node: [] };
  for (let round = 0; round < (historyOnly ? 0 : rounds); round++) {
    episode.node.push(time(process.execPath, ['-e', '0'], fresh));
    episode.start.push(time(process.execPath, [cli, 'session', 'start'], sessions));
    episode.close.push(time(process.execPath, [cli, 'session', 'close'], sessions));
  }
  for (const [name, values, goal] of historyOnly
    ? []
    : [
        ['session start (1000 records, 5000 ledger lines)', episode.start],
        ['session close (1000 records, 5000 ledger lines)', episode.close, 500],
      ]) {
    results.push({
      target: name,
      median_ms: Number(median(values).toFixed(1)),
      min_ms: Number(Math.min(...values).toFixed(1)),
      max_ms: Number(Math.max(...values).toFixed(1)),
      ratio: Number((median(values) / median(episode.node)).toFixed(2)),
      goal_ms: goal,
    });
  }
  // the provider's session-end hook on a large repository: an episode opened (not timed), then closed
  const hook = (event, extra) => JSON.stringify({ session_id: 'bench-session', hook_event_name: event, cwd: big, ...extra });
  const ends = { end: [], node: [] };
  for (let round = 0; round < (historyOnly ? 0 : rounds); round++) {
    run(process.execPath, [cli, 'capture', 'session', '--event', 'start'], big, hook('SessionStart', { source: 'startup' }));
    ends.node.push(time(process.execPath, ['-e', '0'], fresh));
    ends.end.push(time(process.execPath, [cli, 'capture', 'session', '--event', 'end'], big, hook('SessionEnd', { reason: 'other' })));
  }
  if (!historyOnly)
    results.push({
      target: 'capture session --event end (100000 files)',
      median_ms: Number(median(ends.end).toFixed(1)),
      min_ms: Number(Math.min(...ends.end).toFixed(1)),
      max_ms: Number(Math.max(...ends.end).toFixed(1)),
      ratio: Number((median(ends.end) / median(ends.node)).toFixed(2)),
      goal_ms: 500,
    });
  // what one enforced rule adds: the enforced repository's median beyond the fresh one's, per rule
  const perRule = historyOnly ? Number.NaN : (median(samples[3]) - median(samples[1])) / enforcedCount;
  if (json) {
    process.stdout.write(`${JSON.stringify({ rounds, results, enforced_ms_per_rule: Number(perRule.toFixed(3)) })}\n`);
  } else {
    process.stdout.write(`${rounds} alternating rounds, medians\n`);
    for (const r of results) {
      const memory = r.peak_mb === undefined ? '' : `  peak ${r.peak_mb} MB`;
      const goal =
        r.goal !== undefined
          ? `  (goal <= ${r.goal}x: ${r.ratio <= r.goal ? 'met' : 'missed'})`
          : r.goal_ms !== undefined
            ? `  (goal <= ${r.goal_ms} ms: ${r.median_ms <= r.goal_ms ? 'met' : 'missed'})`
            : '';
      const against =
        r.against === undefined
          ? ''
          : `  ${r.ratio_against.toFixed(2)}x ${r.against}${r.goal_against === undefined ? '' : ` (goal <= ${r.goal_against}x: ${r.ratio_against <= r.goal_against ? 'met' : 'missed'})`}`;
      process.stdout.write(
        `${r.target.padEnd(56)} ${String(r.median_ms).padStart(8)} ms  (min ${r.min_ms}, max ${r.max_ms})  ratio ${r.ratio.toFixed(2)}${memory}${goal}${against}\n`,
      );
      if (r.also_against !== undefined) process.stdout.write(`${''.padEnd(56)}   ${r.ratio_also_against.toFixed(2)}x ${r.also_against}\n`);
    }
    if (!historyOnly)
      process.stdout.write(`one enforced rule with its test folder: ${perRule.toFixed(3)} ms (beyond the fresh repository)\n`);
  }
} finally {
  for (const dir of [fresh, large, enforced, task, sessions, big, merged, committed, records, ledger, shim.dir]) {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
  if (rulesync) rmSync(rulesync.dir, { recursive: true, force: true });
}
