/**
 * wiring (majordomus.enforcement-wiring): every enforcement the policy declares is invoked by the
 * artifact its wired_by names, and no hook swallows the invocation's exit code or hands its arguments
 * to the shell unquoted. Every case starts from a freshly initialised temporary git repository (init
 * installs pre-commit and pre-push hooks) and runs the gate in process (helpers/gate.ts), with a
 * `majordomus` on PATH unless the case says otherwise (whether the hooks can find the tool is itself
 * reported); the cases marked `cli` run the built CLI too, with that PATH, and it must print the same.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GateRun } from '../helpers/gate';
import { expectSameFromCli, gateInProcess } from '../helpers/gate';
import { installHusky, installLefthook, installPreCommit, LEFTHOOK_WIRED, PRE_COMMIT_WIRED } from '../helpers/hook-managers';
import type { JsonFinding, TempRepo } from '../helpers/repo';
import { CLI, failing, repoFactory } from '../helpers/repo';

const RULE = 'majordomus.enforcement-wiring';
const POLICY = '.ai/repo/policy.yaml';
const PRE_COMMIT = '.git/hooks/pre-commit';
/** The skeleton policy's two entries. */
const ON_COMMIT = { name: 'doctor-on-commit', wiredBy: 'git-hook:pre-commit', args: '[doctor, --quiet]' };
const ON_PUSH = { name: 'finish-on-push', wiredBy: 'git-hook:pre-push' };

const factory = repoFactory();
/** PATH as the suite has it without any majordomus, and the same with a stand-in majordomus first. */
let withoutTool: string;
let withTool: string;
let toolDir: string;
beforeAll(() => {
  toolDir = mkdtempSync(join(tmpdir(), 'majordomus-wiring-path-'));
  // the built CLI: the git-hook cases only look for the file; the provider-hook cases run it in a dry run
  writeFileSync(join(toolDir, 'majordomus'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(toolDir, 'majordomus'), 0o755);
  withoutTool = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')))
    .join(delimiter);
  withTool = [toolDir, withoutTool].join(delimiter);
});
afterAll(() => {
  factory.disposeAll();
  rmSync(toolDir, { recursive: true, force: true });
});

/**
 * An adopted repository whose policy keeps the skeleton's two gate entries: the projections' drift check
 * (`projections-on-commit`, wired at pre-commit too) is left out, so each case here breaks one wiring
 * and names one entry; test/cli/update.test.ts proves that entry wired and unwired.
 */
function freshRepo(): TempRepo {
  const repo = factory.create().init();
  const text = repo.read(POLICY);
  const drift = / {2}# the drift check[^\n]*\n {2}- name: projections-on-commit\n(?: {4}.*\n){3}/;
  if (!drift.test(text)) throw new Error('the skeleton policy has no projections-on-commit entry');
  repo.write(POLICY, text.replace(drift, ''));
  return repo;
}

/**
 * `doctor --rule` of the wiring rule, in process, with `path` as the gate's PATH. The validator still
 * reads PATH from the process rather than from the gate's environment, so the process's PATH is the same
 * while the gate runs, and restored after (tests of a file run one at a time); once the validator reads
 * the gate's environment, this is merely redundant.
 */
async function doctorWith(repo: TempRepo, path: string, env: Record<string, string> = {}): Promise<GateRun> {
  const saved = process.env.PATH;
  process.env.PATH = path;
  try {
    return await gateInProcess(repo, 'doctor', { rule: RULE, env: { ...env, PATH: path } });
  } finally {
    process.env.PATH = saved;
  }
}

// ---- mutations -----------------------------------------------------------------------------------

/** Rewrite the line of the pre-commit hook that runs the invocation. */
function editInvocation(repo: TempRepo, line: string): void {
  const text = repo.read(PRE_COMMIT);
  const invocation = /^majordomus doctor.*$/m;
  if (!invocation.test(text)) throw new Error('the installed pre-commit hook has no invocation line');
  repo.write(PRE_COMMIT, text.replace(invocation, line), 0o755);
}

/** Give the doctor-on-commit entry of the policy other arguments (a YAML flow sequence). */
function setCommitArgs(repo: TempRepo, args: string): void {
  const text = repo.read(POLICY);
  const before = `args: ${ON_COMMIT.args}`;
  if (!text.includes(before)) throw new Error('the skeleton policy has no doctor-on-commit arguments');
  repo.write(POLICY, text.replace(before, `args: ${args}`));
}

/** Rewire the finish-on-push entry of the policy. */
function rewirePush(repo: TempRepo, wiredBy: string): void {
  const text = repo.read(POLICY);
  const before = `wired_by: ${ON_PUSH.wiredBy}`;
  if (!text.includes(before)) throw new Error('the skeleton policy has no pre-push entry');
  repo.write(POLICY, text.replace(before, `wired_by: ${wiredBy}`));
}

// ---- assertions ----------------------------------------------------------------------------------

interface Expected {
  readonly level: string;
  readonly category: string;
  /** The enforcement entry's name. */
  readonly subject: string;
  /** The wired_by value whose policy line the finding points at. */
  readonly wiredBy?: string;
  /** Paths the message must name (data, not prose): the file where the wiring is or is missing. */
  readonly mentions?: readonly string[];
}

const key = (f: { level: string; category: string; subject: string }): string => `${f.level} ${f.category} ${f.subject}`;

/** The 1-based line of `wired_by: <value>` in the policy as it is now. */
function policyLine(repo: TempRepo, wiredBy: string): number {
  const index = repo
    .read(POLICY)
    .split('\n')
    .findIndex((l) => l.trim() === `wired_by: ${wiredBy}`);
  if (index === -1) throw new Error(`the policy has no wired_by: ${wiredBy}`);
  return index + 1;
}

/** Everything the rule reported but OK is exactly `expected`, each pointing at its policy line. */
function expectReported(repo: TempRepo, findings: readonly JsonFinding[], expected: readonly Expected[]): void {
  const reported = findings.filter((f) => f.level !== 'OK');
  expect(reported.map(key).sort()).toEqual(expected.map(key).sort());
  for (const want of expected) {
    if (want.wiredBy === undefined) continue;
    expect(reported).toContainEqual(
      expect.objectContaining({
        level: want.level,
        category: want.category,
        subject: want.subject,
        file: POLICY,
        line: policyLine(repo, want.wiredBy),
      }),
    );
  }
  for (const want of expected) {
    const found = reported.find((f) => key(f) === key(want));
    for (const path of want.mentions ?? []) expect(found?.message, `${key(want)} names ${path}`).toContain(path);
  }
}

const unwired = (entry: { name: string; wiredBy?: string }, wiredBy = entry.wiredBy, mentions?: readonly string[]): Expected => ({
  level: 'FAIL',
  category: 'wiring',
  subject: entry.name,
  wiredBy,
  mentions,
});
/** The entry's failure, naming the file where the wiring is or is missing. */
const unwiredAt = (entry: { name: string; wiredBy?: string }, ...mentions: string[]): Expected => unwired(entry, entry.wiredBy, mentions);

interface Case {
  readonly name: string;
  readonly mutate: (repo: TempRepo) => void;
  /** Whether a majordomus is on the PATH doctor sees (default: yes). */
  readonly onPath?: boolean;
  readonly code: number;
  readonly expected: readonly Expected[];
  /** Also run through the built CLI, which must print exactly what the in-process run reported. */
  readonly cli?: boolean;
}

const note = (entry: { name: string; wiredBy?: string }, wiredBy = entry.wiredBy): Expected => ({
  level: 'INFO',
  category: 'wiring',
  subject: entry.name,
  wiredBy,
});

/** A policy argument no shell may run, and the file it would create. */
const INJECTED = '$(touch injected)';

// ---- cases ---------------------------------------------------------------------------------------

const CI = 'ci:.ci/run';
const GIT_CONFIG = 'git-config:alias.gate';

const cases: Case[] = [
  { name: 'a fresh init', mutate: () => {}, code: 0, expected: [], cli: true },
  {
    name: 'the pre-commit hook deleted',
    mutate: (repo) => repo.remove(PRE_COMMIT),
    code: 10,
    expected: [unwired(ON_COMMIT)],
    cli: true,
  },
  {
    name: 'the pre-commit hook not executable (0644)',
    mutate: (repo) => repo.write(PRE_COMMIT, repo.read(PRE_COMMIT), 0o644),
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'the pre-commit hook without the invocation',
    mutate: (repo) => editInvocation(repo, 'echo checks skipped'),
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'the pre-commit hook with the invocation only in a comment',
    mutate: (repo) => editInvocation(repo, '# majordomus doctor'),
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'the invocation ending in || true',
    mutate: (repo) => editInvocation(repo, 'majordomus doctor --quiet || true'),
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'the invocation ending in || exit 0',
    mutate: (repo) => editInvocation(repo, 'majordomus doctor --quiet || exit 0'),
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'the invocation ending in || :',
    mutate: (repo) => editInvocation(repo, 'majordomus doctor --quiet || :'),
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'the invocation on a plain line of a hand-written hook',
    mutate: (repo) => repo.write(PRE_COMMIT, '#!/bin/sh\nset -e\nmajordomus doctor --quiet\n', 0o755),
    code: 0,
    expected: [],
  },
  {
    name: 'a repository adopted before quoting and --quiet: policy [doctor], the plain block of that version',
    mutate: (repo) => {
      setCommitArgs(repo, '[doctor]');
      const earlier = [
        '#!/bin/sh',
        '# majordomus: begin',
        'if ! command -v majordomus >/dev/null 2>&1; then',
        '  echo "pre-commit: majordomus not found on PATH; refusing" >&2',
        '  exit 1',
        'fi',
        'majordomus doctor || exit $?',
        '# majordomus: end',
        '',
      ];
      repo.write(PRE_COMMIT, earlier.join('\n'), 0o755);
    },
    code: 0,
    expected: [],
  },
  {
    name: `a policy argument ${INJECTED} written bare in the hook (the shell would run it)`,
    mutate: (repo) => {
      setCommitArgs(repo, `[doctor, --quiet, '${INJECTED}']`);
      editInvocation(repo, `majordomus doctor --quiet ${INJECTED} || exit $?`);
    },
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: `a policy argument ${INJECTED} written bare beside the quoted line`,
    mutate: (repo) => {
      setCommitArgs(repo, `[doctor, --quiet, '${INJECTED}']`);
      editInvocation(repo, `majordomus doctor --quiet ${INJECTED}\nmajordomus doctor --quiet '${INJECTED}' || exit $?`);
    },
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: 'a policy argument with a space written bare (the shell would split it)',
    mutate: (repo) => {
      setCommitArgs(repo, "[doctor, --quiet, 'two words']");
      editInvocation(repo, 'majordomus doctor --quiet two words || exit $?');
    },
    code: 10,
    expected: [unwired(ON_COMMIT)],
  },
  {
    name: `a policy argument ${INJECTED} quoted in the hook, as init writes it`,
    mutate: (repo) => {
      setCommitArgs(repo, `[doctor, --quiet, '${INJECTED}']`);
      editInvocation(repo, `majordomus doctor --quiet '${INJECTED}' || exit $?`);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'majordomus neither on PATH nor in node_modules/.bin → INFO for each hook, never a failure',
    mutate: () => {},
    onPath: false,
    cli: true,
    code: 0,
    expected: [note(ON_COMMIT), note(ON_PUSH)],
  },
  {
    name: "majordomus not on PATH but in the checkout's node_modules/.bin → nothing to note",
    mutate: (repo) => repo.write('node_modules/.bin/majordomus', '#!/bin/sh\nexit 0\n', 0o755),
    onPath: false,
    code: 0,
    expected: [],
  },
  {
    name: 'node_modules/.bin/majordomus present but not executable → INFO for each hook',
    mutate: (repo) => repo.write('node_modules/.bin/majordomus', '#!/bin/sh\nexit 0\n', 0o644),
    onPath: false,
    code: 0,
    expected: [note(ON_COMMIT), note(ON_PUSH)],
  },
  {
    name: 'a hook running bin/gate, which this checkout does not have → INFO',
    mutate: (repo) => {
      const text = repo.read(POLICY).replace(/(- name: finish-on-push\n\s+path: )majordomus/, '$1bin/gate');
      repo.write(POLICY, text);
      repo.write('.git/hooks/pre-push', '#!/bin/sh\ncat >/dev/null\nbin/gate finish --check --quiet || exit $?\n', 0o755);
    },
    code: 0,
    expected: [note(ON_PUSH)],
  },
  {
    name: 'a hook running bin/gate, an executable file of this checkout → nothing to note',
    mutate: (repo) => {
      const text = repo.read(POLICY).replace(/(- name: finish-on-push\n\s+path: )majordomus/, '$1bin/gate');
      repo.write(POLICY, text);
      repo.write('.git/hooks/pre-push', '#!/bin/sh\ncat >/dev/null\nbin/gate finish --check --quiet || exit $?\n', 0o755);
      repo.write('bin/gate', '#!/bin/sh\nexit 0\n', 0o755);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'core.hooksPath set to .githooks with the hooks only in .git/hooks (installed but bypassed)',
    mutate: (repo) => repo.git(['config', 'core.hooksPath', '.githooks']),
    code: 10,
    expected: [unwired(ON_COMMIT), unwired(ON_PUSH)],
  },
  {
    name: 'core.hooksPath set to the empty string (git then runs no hook)',
    mutate: (repo) => repo.git(['config', 'core.hooksPath', '']),
    code: 10,
    expected: [unwired(ON_COMMIT), unwired(ON_PUSH)],
  },
  {
    name: `wired_by ${CI}, the file missing`,
    mutate: (repo) => rewirePush(repo, CI),
    code: 10,
    expected: [unwired(ON_PUSH, CI)],
  },
  {
    name: `wired_by ${CI}, the file without the invocation`,
    mutate: (repo) => {
      rewirePush(repo, CI);
      repo.write('.ci/run', '#!/bin/sh\nset -e\nnpm test\n', 0o755);
    },
    code: 10,
    expected: [unwired(ON_PUSH, CI)],
  },
  {
    name: `wired_by ${CI}, the file swallowing the exit code`,
    mutate: (repo) => {
      rewirePush(repo, CI);
      repo.write('.ci/run', '#!/bin/sh\nmajordomus finish --check --quiet || true\n', 0o755);
    },
    code: 10,
    expected: [unwired(ON_PUSH, CI)],
  },
  {
    name: `wired_by ${CI}, the file running the invocation`,
    mutate: (repo) => {
      rewirePush(repo, CI);
      repo.write('.ci/run', '#!/bin/sh\nset -e\nnpm test\nmajordomus finish --check --quiet\n', 0o755);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'wired_by ci: with a path escaping the repository',
    mutate: (repo) => rewirePush(repo, 'ci:../outside/run'),
    code: 10,
    expected: [unwired(ON_PUSH, 'ci:../outside/run')],
  },
  {
    name: `wired_by ${GIT_CONFIG}, the key not set`,
    mutate: (repo) => rewirePush(repo, GIT_CONFIG),
    code: 10,
    expected: [unwired(ON_PUSH, GIT_CONFIG)],
  },
  {
    name: `wired_by ${GIT_CONFIG}, the key not naming the tool`,
    mutate: (repo) => {
      rewirePush(repo, GIT_CONFIG);
      repo.git(['config', 'alias.gate', '!npm test']);
    },
    code: 10,
    expected: [unwired(ON_PUSH, GIT_CONFIG)],
  },
  {
    name: `wired_by ${GIT_CONFIG}, the key naming the tool`,
    mutate: (repo) => {
      rewirePush(repo, GIT_CONFIG);
      repo.git(['config', 'alias.gate', '!majordomus finish --check']);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'wired_by manual → INFO, never counted as wired',
    mutate: (repo) => rewirePush(repo, 'manual'),
    code: 0,
    expected: [{ level: 'INFO', category: 'wiring', subject: ON_PUSH.name, wiredBy: 'manual' }],
  },
  {
    name: 'wired_by provider-hook:claude-code:session without .claude/settings.json',
    mutate: (repo) => rewirePush(repo, 'provider-hook:claude-code:session'),
    code: 10,
    expected: [unwired(ON_PUSH, 'provider-hook:claude-code:session')],
  },
  {
    name: 'wired_by provider-hook:claude-code:session with a settings file lacking the end hook',
    mutate: (repo) => {
      rewirePush(repo, 'provider-hook:claude-code:session');
      repo.write(
        '.claude/settings.json',
        JSON.stringify({
          hooks: {
            SessionStart: [{ hooks: [{ type: 'command', command: 'majordomus capture session --event start' }] }],
            PreCompact: [{ hooks: [{ type: 'command', command: 'majordomus capture session --event compact' }] }],
          },
        }),
      );
    },
    code: 10,
    expected: [unwired(ON_PUSH, 'provider-hook:claude-code:session')],
  },
  {
    name: 'wired_by provider-hook:claude-code:session, installed by capture install',
    mutate: (repo) => {
      rewirePush(repo, 'provider-hook:claude-code:session');
      expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'wired_by provider-hook:claude-code:session, installed, majordomus not on PATH (the hooks do not reach it)',
    mutate: (repo) => {
      rewirePush(repo, 'provider-hook:claude-code:session');
      expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    },
    onPath: false,
    code: 10,
    expected: [
      unwired(ON_PUSH, 'provider-hook:claude-code:session', ['SessionEnd', '.claude/settings.json']),
      note(ON_COMMIT, 'git-hook:pre-commit'),
    ],
  },
  {
    name: 'wired_by provider-hook:claude-code running capture prompt, installed by capture install (the prompt hook probed)',
    mutate: (repo) => {
      rewirePush(repo, 'provider-hook:claude-code');
      repo.write(POLICY, repo.read(POLICY).replace('args: [finish, --check, --quiet]', 'args: [capture, prompt]'));
      expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'wired_by provider-hook:claude-code running capture prompt, with no prompt hook in the settings file',
    mutate: (repo) => {
      rewirePush(repo, 'provider-hook:claude-code');
      repo.write(POLICY, repo.read(POLICY).replace('args: [finish, --check, --quiet]', 'args: [capture, prompt]'));
      repo.write('.claude/settings.json', '{"hooks": {}}\n');
    },
    code: 10,
    expected: [unwired(ON_PUSH, 'provider-hook:claude-code', ['UserPromptSubmit'])],
  },
  ...['toolchain:rust-toolchain.toml', 'provider-hook:claude-code'].map(
    (wiredBy): Case => ({
      name: `wired_by ${wiredBy} → INFO "not verified by this version", never a failure`,
      mutate: (repo) => rewirePush(repo, wiredBy),
      code: 0,
      expected: [note(ON_PUSH, wiredBy)],
    }),
  ),
  {
    name: 'an unknown wired_by carrier-pigeon:x',
    mutate: (repo) => rewirePush(repo, 'carrier-pigeon:x'),
    code: 10,
    expected: [unwired(ON_PUSH, 'carrier-pigeon:x')],
  },
  {
    name: 'a git-hook: value that is not a hook name',
    mutate: (repo) => rewirePush(repo, 'git-hook:../pre-push'),
    code: 10,
    expected: [unwired(ON_PUSH, 'git-hook:../pre-push')],
  },
];

// ---- hook managers -------------------------------------------------------------------------------

const DOCTOR_LINE = 'majordomus doctor --quiet';
const FINISH_LINE = 'majordomus finish --check --quiet';

/** husky 9 installed, with user files `.husky/pre-commit` and `.husky/pre-push` holding these texts (none: no file). */
function husky(repo: TempRepo, files: { commit?: string; push?: string } = { commit: `${DOCTOR_LINE}\n`, push: `${FINISH_LINE}\n` }): void {
  installHusky(repo);
  if (files.commit !== undefined) repo.write('.husky/pre-commit', files.commit);
  if (files.push !== undefined) repo.write('.husky/pre-push', files.push);
}

/** git's own hooks replaced by ones that run nothing of ours. */
function plainHooksWithoutTheTool(repo: TempRepo): void {
  for (const hook of ['pre-commit', 'pre-push']) repo.write(`.git/hooks/${hook}`, '#!/bin/sh\necho checks\n', 0o755);
}

/** A pre-commit configuration taking the two shipped hooks, with extra lines under one of them. */
function preCommitConfig(doctorExtra: readonly string[] = [], finishExtra: readonly string[] = []): string {
  return [
    'repos:',
    '  - repo: https://example.invalid/majordomus',
    '    rev: v0.1.0',
    '    hooks:',
    '      - id: majordomus-doctor',
    ...doctorExtra.map((l) => `        ${l}`),
    '      - id: majordomus-finish',
    ...finishExtra.map((l) => `        ${l}`),
    '',
  ].join('\n');
}

const managerCases: Case[] = [
  {
    name: 'husky 9 installed, .husky/pre-commit and .husky/pre-push (no shebang, not executable) running the invocations',
    mutate: (repo) => husky(repo),
    code: 0,
    expected: [],
  },
  {
    name: 'husky 9 installed, .husky/pre-commit missing (husky then runs nothing)',
    mutate: (repo) => husky(repo, { push: `${FINISH_LINE}\n` }),
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/pre-commit')],
  },
  {
    name: 'husky 9 installed, .husky/pre-commit swallowing the exit code',
    mutate: (repo) => husky(repo, { commit: `${DOCTOR_LINE} || true\n`, push: `${FINISH_LINE}\n` }),
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/pre-commit:1')],
  },
  {
    name: `husky 9 installed, a policy argument ${INJECTED} written bare in .husky/pre-commit`,
    mutate: (repo) => {
      setCommitArgs(repo, `[doctor, --quiet, '${INJECTED}']`);
      husky(repo, { commit: `${DOCTOR_LINE} ${INJECTED}\n`, push: `${FINISH_LINE}\n` });
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/pre-commit:1')],
  },
  {
    name: "husky 9 installed, the line only in husky's stub .husky/_/pre-commit, where an earlier init put it (it never runs)",
    mutate: (repo) => {
      husky(repo, { push: `${FINISH_LINE}\n` });
      repo.write(
        '.husky/_/pre-commit',
        `${repo.read('.husky/_/pre-commit')}\n${repo.read(PRE_COMMIT).split('\n').slice(2).join('\n')}`,
        0o755,
      );
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/pre-commit', '.husky/_/pre-commit')],
  },
  {
    name: "husky 9 installed, husky's stub .husky/_/pre-push deleted",
    mutate: (repo) => {
      husky(repo);
      repo.remove('.husky/_/pre-push');
    },
    code: 10,
    expected: [unwiredAt(ON_PUSH, '.husky/_/pre-push')],
  },
  {
    name: 'husky 9 configured, its folder .husky/_ gone (git clean -x removes it), so git runs no hook',
    mutate: (repo) => {
      husky(repo);
      repo.remove('.husky/_');
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/_'), unwiredAt(ON_PUSH, '.husky/_')],
  },
  {
    name: 'husky files running the invocations, core.hooksPath not set and .git/hooks without them (installed but bypassed)',
    mutate: (repo) => {
      repo.write('.husky/pre-commit', `${DOCTOR_LINE}\n`);
      repo.write('.husky/pre-push', `${FINISH_LINE}\n`);
      plainHooksWithoutTheTool(repo);
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/pre-commit'), unwiredAt(ON_PUSH, '.husky/pre-push')],
  },
  {
    name: "husky files present but not installed, while git's own hooks run the invocations → wired by those",
    mutate: (repo) => {
      repo.write('.husky/pre-commit', `${DOCTOR_LINE}\n`);
      repo.write('.husky/pre-push', `${FINISH_LINE}\n`);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'husky 8: core.hooksPath=.husky, whose executable hook scripts git runs itself',
    mutate: (repo) => {
      for (const hook of ['pre-commit', 'pre-push']) repo.write(`.husky/${hook}`, repo.read(`.git/hooks/${hook}`), 0o755);
      repo.git(['config', 'core.hooksPath', '.husky']);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'husky 8: core.hooksPath=.husky, .husky/pre-commit not executable (git skips it)',
    mutate: (repo) => {
      for (const hook of ['pre-commit', 'pre-push'])
        repo.write(`.husky/${hook}`, repo.read(`.git/hooks/${hook}`), hook === 'pre-commit' ? 0o644 : 0o755);
      repo.git(['config', 'core.hooksPath', '.husky']);
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.husky/pre-commit')],
  },
  {
    name: 'lefthook installed, lefthook.yml running both invocations',
    mutate: (repo) => {
      installLefthook(repo);
      repo.write('lefthook.yml', LEFTHOOK_WIRED);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'lefthook installed, .lefthook.yml with jobs and a block scalar run',
    mutate: (repo) => {
      installLefthook(repo);
      repo.write(
        '.lefthook.yml',
        [
          'pre-commit:',
          '  jobs:',
          '    - name: layer',
          '      run: |',
          `        ${DOCTOR_LINE}`,
          'pre-push:',
          '  jobs:',
          `    - run: PATH="node_modules/.bin:$PATH" ${FINISH_LINE}`,
          '',
        ].join('\n'),
      );
    },
    code: 0,
    expected: [],
  },
  {
    name: 'lefthook installed, lefthook.yml running doctor at pre-push instead of pre-commit',
    mutate: (repo) => {
      installLefthook(repo);
      repo.write(
        'lefthook.yml',
        ['pre-push:', '  commands:', '    a:', `      run: ${DOCTOR_LINE}`, '    b:', `      run: ${FINISH_LINE}`, ''].join('\n'),
      );
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, 'lefthook.yml')],
  },
  {
    name: 'lefthook installed, lefthook.yml swallowing the exit code with || true',
    mutate: (repo) => {
      installLefthook(repo);
      repo.write('lefthook.yml', LEFTHOOK_WIRED.replace(DOCTOR_LINE, `${DOCTOR_LINE} || true`));
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, 'lefthook.yml:4')],
  },
  ...(['skip: true', "glob: '*.md'"] as const).map(
    (condition): Case => ({
      name: `lefthook installed, the doctor command with ${condition} (it runs only sometimes)`,
      mutate: (repo) => {
        installLefthook(repo);
        repo.write('lefthook.yml', LEFTHOOK_WIRED.replace(`      run: ${DOCTOR_LINE}`, `      run: ${DOCTOR_LINE}\n      ${condition}`));
      },
      code: 10,
      expected: [unwiredAt(ON_COMMIT, 'lefthook.yml:5')],
    }),
  ),
  {
    name: 'lefthook installed, lefthook-local.yml skipping the push command in this clone',
    mutate: (repo) => {
      installLefthook(repo);
      repo.write('lefthook.yml', LEFTHOOK_WIRED);
      repo.write('lefthook-local.yml', 'pre-push:\n  commands:\n    finish-on-push:\n      skip: true\n');
    },
    code: 10,
    expected: [unwiredAt(ON_PUSH, 'lefthook-local.yml')],
  },
  {
    name: 'lefthook installed with no configuration at all',
    mutate: (repo) => installLefthook(repo),
    code: 10,
    expected: [unwiredAt(ON_COMMIT, 'lefthook.yml'), unwiredAt(ON_PUSH, 'lefthook.yml')],
  },
  {
    name: 'lefthook installed, lefthook.yml not valid YAML',
    mutate: (repo) => {
      installLefthook(repo);
      repo.write('lefthook.yml', 'pre-commit:\n  commands: [unclosed\n');
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, 'lefthook.yml'), unwiredAt(ON_PUSH, 'lefthook.yml')],
  },
  {
    name: 'lefthook.yml running both, but git runs hooks lefthook did not write (installed but bypassed)',
    mutate: (repo) => {
      repo.write('lefthook.yml', LEFTHOOK_WIRED);
      plainHooksWithoutTheTool(repo);
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, 'lefthook.yml', '.git/hooks/pre-commit'), unwiredAt(ON_PUSH, 'lefthook.yml', '.git/hooks/pre-push')],
  },
  {
    name: "pre-commit installed, .pre-commit-config.yaml taking this repository's two hooks",
    mutate: (repo) => {
      installPreCommit(repo);
      repo.write('.pre-commit-config.yaml', PRE_COMMIT_WIRED);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'pre-commit installed, the hooks at the pre-3.2 stage names commit and push',
    mutate: (repo) => {
      installPreCommit(repo);
      repo.write('.pre-commit-config.yaml', preCommitConfig(['stages: [commit]'], ['stages: [push]']));
    },
    code: 0,
    expected: [],
  },
  {
    name: 'pre-commit installed, majordomus-finish moved to the pre-commit stage',
    mutate: (repo) => {
      installPreCommit(repo);
      repo.write('.pre-commit-config.yaml', preCommitConfig([], ['stages: [pre-commit]']));
    },
    code: 10,
    expected: [unwiredAt(ON_PUSH, '.pre-commit-config.yaml:6')],
  },
  {
    name: 'pre-commit installed, majordomus-doctor with pass_filenames: true',
    mutate: (repo) => {
      installPreCommit(repo);
      repo.write('.pre-commit-config.yaml', preCommitConfig(['pass_filenames: true']));
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.pre-commit-config.yaml:5')],
  },
  {
    name: 'pre-commit installed, majordomus-doctor with args: [] where the policy says --quiet',
    mutate: (repo) => {
      installPreCommit(repo);
      repo.write('.pre-commit-config.yaml', preCommitConfig(['args: []']));
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.pre-commit-config.yaml:5')],
  },
  {
    name: 'pre-commit installed, a local hook running the push invocation always, without file names',
    mutate: (repo) => {
      installPreCommit(repo);
      const local = [
        '  - repo: local',
        '    hooks:',
        '      - id: finish',
        '        name: finish',
        `        entry: ${FINISH_LINE}`,
        '        language: system',
        '        pass_filenames: false',
        '        always_run: true',
        '        stages: [pre-push]',
        '',
      ];
      repo.write('.pre-commit-config.yaml', `${PRE_COMMIT_WIRED.replace('      - id: majordomus-finish\n', '')}${local.join('\n')}`);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'pre-commit installed, a local hook for the push invocation without always_run',
    mutate: (repo) => {
      installPreCommit(repo);
      const local = [
        '  - repo: local',
        '    hooks:',
        '      - id: finish',
        '        name: finish',
        `        entry: ${FINISH_LINE}`,
        '        language: system',
        '        pass_filenames: false',
        '        stages: [pre-push]',
        '',
      ];
      repo.write('.pre-commit-config.yaml', `${PRE_COMMIT_WIRED.replace('      - id: majordomus-finish\n', '')}${local.join('\n')}`);
    },
    code: 10,
    expected: [unwiredAt(ON_PUSH, '.pre-commit-config.yaml:9')],
  },
  {
    name: 'pre-commit installed with --config=hooks/pre-commit.yaml, which takes both hooks',
    mutate: (repo) => {
      installPreCommit(repo);
      for (const hook of ['pre-commit', 'pre-push'])
        repo.write(
          `.git/hooks/${hook}`,
          repo.read(`.git/hooks/${hook}`).replace('--config=.pre-commit-config.yaml', '--config=hooks/pre-commit.yaml'),
          0o755,
        );
      repo.write('hooks/pre-commit.yaml', PRE_COMMIT_WIRED);
    },
    code: 0,
    expected: [],
  },
  {
    name: 'pre-commit installed over the adopted hooks, which it runs first as pre-commit.legacy and pre-push.legacy',
    mutate: (repo) => {
      for (const hook of ['pre-commit', 'pre-push']) repo.write(`.git/hooks/${hook}.legacy`, repo.read(`.git/hooks/${hook}`), 0o755);
      installPreCommit(repo);
      repo.write(
        '.pre-commit-config.yaml',
        'repos:\n  - repo: https://example.invalid/hooks\n    rev: v1.0.0\n    hooks:\n      - id: trailing-whitespace\n',
      );
    },
    code: 0,
    expected: [],
  },
  {
    name: 'pre-commit installed with --config=../outside.yaml, a configuration outside the repository (never read)',
    mutate: (repo) => {
      installPreCommit(repo);
      for (const hook of ['pre-commit', 'pre-push'])
        repo.write(
          `.git/hooks/${hook}`,
          repo.read(`.git/hooks/${hook}`).replace('--config=.pre-commit-config.yaml', '--config=../outside.yaml'),
          0o755,
        );
      repo.write('.pre-commit-config.yaml', PRE_COMMIT_WIRED);
    },
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '../outside.yaml'), unwiredAt(ON_PUSH, '../outside.yaml')],
  },
  {
    name: 'pre-commit installed with no .pre-commit-config.yaml',
    mutate: (repo) => installPreCommit(repo),
    code: 10,
    expected: [unwiredAt(ON_COMMIT, '.pre-commit-config.yaml'), unwiredAt(ON_PUSH, '.pre-commit-config.yaml')],
  },
  {
    name: 'pre-commit installed for pre-commit only: its config takes majordomus-finish, but git runs no pre-push hook (installed but bypassed)',
    mutate: (repo) => {
      installPreCommit(repo, ['pre-commit']);
      repo.remove('.git/hooks/pre-push');
      repo.write('.pre-commit-config.yaml', PRE_COMMIT_WIRED);
    },
    code: 10,
    expected: [unwiredAt(ON_PUSH, '.pre-commit-config.yaml', 'pre-commit install --hook-type pre-push')],
  },
];
cases.push(...managerCases);

describe(RULE, () => {
  it.each(cases)('$name → exit $code', async ({ mutate, onPath = true, code, expected, cli = false }) => {
    const repo = freshRepo();
    mutate(repo);
    const path = onPath ? withTool : withoutTool;
    const result = await doctorWith(repo, path);
    if (cli) expectSameFromCli(repo, 'doctor', { rule: RULE, env: { PATH: path } }, result);
    expectReported(repo, result.findings, expected);
    expect(result.code).toBe(code);
    if (code === 0) {
      expect(failing(result.findings)).toEqual([]);
      // a pass is never silence: the rule says what it checked
      expect(result.findings).toContainEqual(expect.objectContaining({ level: 'OK', category: 'wiring', subject: POLICY, rule: RULE }));
    }
  });
});

describe(`${RULE}: core.hooksPath set before init`, () => {
  function hooksPathRepo(): TempRepo {
    const repo = factory.create();
    repo.git(['config', 'core.hooksPath', '.githooks']);
    return repo.init();
  }

  it('init installs into .githooks/, and the rule passes', async () => {
    const repo = hooksPathRepo();
    expect([repo.exists('.githooks/pre-commit'), repo.exists('.githooks/pre-push')]).toEqual([true, true]);
    expect([repo.exists('.git/hooks/pre-commit'), repo.exists('.git/hooks/pre-push')]).toEqual([false, false]);
    const { code, findings } = await doctorWith(repo, withTool);
    expectReported(repo, findings, []);
    expect(code).toBe(0);
  });

  it('the rule checks .githooks/: a hook swallowing the exit code there fails', async () => {
    const repo = hooksPathRepo();
    const hook = '.githooks/pre-commit';
    repo.write(hook, repo.read(hook).replace(/^majordomus doctor.*$/m, 'majordomus doctor --quiet || true'), 0o755);
    const { code, findings } = await doctorWith(repo, withTool);
    expectReported(repo, findings, [unwired(ON_COMMIT)]);
    expect(code).toBe(10);
  });
});

describe(`${RULE}: provider hooks are run only for a policy entry wired by one`, () => {
  /** A majordomus on PATH that leaves a mark each time something runs it. */
  function markingTool(): { path: string; mark: string; dispose(): void } {
    const dir = mkdtempSync(join(tmpdir(), 'majordomus-wiring-mark-'));
    const mark = join(dir, 'ran');
    writeFileSync(join(dir, 'majordomus'), `#!/bin/sh\necho "$*" >> "${mark}"\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(join(dir, 'majordomus'), 0o755);
    return { path: [dir, withoutTool].join(delimiter), mark, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  }

  it('hooks installed, no provider-hook entry: doctor runs nothing; with the entry, it probes each session hook', async () => {
    const tool = markingTool();
    try {
      const repo = freshRepo();
      expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
      const plain = await doctorWith(repo, tool.path);
      expect(plain.code).toBe(0);
      expect(existsSync(tool.mark)).toBe(false);
      rewirePush(repo, 'provider-hook:claude-code:session');
      const probed = await doctorWith(repo, tool.path);
      expect(probed.code).toBe(0);
      expect(readFileSync(tool.mark, 'utf8').trim().split('\n').sort()).toEqual([
        'capture session --event compact',
        'capture session --event end',
        'capture session --event start',
      ]);
    } finally {
      tool.dispose();
    }
  });

  it('MAJORDOMUS_REPOSITORY_VALIDATORS=0: no hook of the checkout is run, and the rule fails saying they were not probed', async () => {
    const tool = markingTool();
    try {
      const repo = freshRepo();
      expect(repo.run(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
      rewirePush(repo, 'provider-hook:claude-code:session');
      const run = await doctorWith(repo, tool.path, { MAJORDOMUS_REPOSITORY_VALIDATORS: '0' });
      expect(existsSync(tool.mark)).toBe(false);
      expect(run.findings.filter((f) => f.level === 'FAIL').map((f) => f.message)).toEqual([expect.stringMatching(/not probed/)]);
      expect(run.code).toBe(10);
    } finally {
      tool.dispose();
    }
  });
});

describe(`${RULE}: under CI, a hook only this clone lacks is noted, what the commit carries is judged`, () => {
  const wiringLevels = (findings: readonly JsonFinding[]): Record<string, string> =>
    Object.fromEntries(findings.filter((f) => f.subject !== POLICY && f.category === 'wiring').map((f) => [f.subject, f.level]));

  async function ciDoctor(repo: TempRepo, env: Record<string, string>): Promise<GateRun> {
    return gateInProcess(repo, 'doctor', { rule: RULE, env: { PATH: withTool, ...env } });
  }

  it.each([
    ['CI=true', { CI: 'true' }],
    ['CI=1', { CI: '1' }],
    ['GITHUB_ACTIONS=true', { GITHUB_ACTIONS: 'true' }],
    ['GITLAB_CI=true', { GITLAB_CI: 'true' }],
    ['JENKINS_URL set', { JENKINS_URL: 'https://ci.example.com/' }],
  ])('plain hooks missing from a fresh clone under %s: INFO, exit 0', async (_name, env) => {
    const repo = freshRepo();
    repo.remove('.git/hooks/pre-commit');
    repo.remove('.git/hooks/pre-push');
    const { code, findings } = await ciDoctor(repo, env);
    expect(code).toBe(0);
    expect(wiringLevels(findings)).toEqual({ [ON_COMMIT.name]: 'INFO', [ON_PUSH.name]: 'INFO' });
  });

  it.each([
    ['unset', {}],
    ['CI=false', { CI: 'false' }],
    ['CI=0', { CI: '0' }],
    ['CI empty', { CI: '' }],
  ])("the same clone with CI %s is a developer's: FAIL naming majordomus hooks install, exit 10", async (_name, env) => {
    const repo = freshRepo();
    repo.remove('.git/hooks/pre-commit');
    const { code, findings } = await ciDoctor(repo, env);
    expect(code).toBe(10);
    const fail = failing(findings);
    expect(fail.map((f) => f.subject)).toEqual([ON_COMMIT.name]);
    expect(fail[0]!.message).toContain('majordomus hooks install');
  });

  it('a plain hook of the clone without the line is the clone’s too: INFO under CI', async () => {
    const repo = freshRepo();
    repo.write(PRE_COMMIT, '#!/bin/sh\necho "team check"\n', 0o755);
    const { code, findings } = await ciDoctor(repo, { CI: 'true' });
    expect(code).toBe(0);
    expect(wiringLevels(findings)[ON_COMMIT.name]).toBe('INFO');
  });

  it("husky's user file without the line is committed: FAIL under CI", async () => {
    const repo = freshRepo();
    installHusky(repo);
    repo.write('.husky/pre-commit', 'npm test\n');
    repo.write('.husky/pre-push', 'majordomus finish --check --quiet\n');
    const { code, findings } = await ciDoctor(repo, { CI: 'true' });
    expect(code).toBe(10);
    expect(failing(findings).map((f) => f.subject)).toEqual([ON_COMMIT.name]);
  });

  it('husky declared but not installed in the CI clone (HUSKY=0): its user files run the lines, so INFO', async () => {
    const repo = freshRepo();
    installHusky(repo);
    repo.write('.husky/pre-commit', 'majordomus doctor --quiet\n');
    repo.write('.husky/pre-push', 'majordomus finish --check --quiet\n');
    repo.remove('.husky/_');
    repo.git(['config', '--unset', 'core.hooksPath']);
    repo.remove('.git/hooks/pre-commit');
    repo.remove('.git/hooks/pre-push');
    const { code, findings } = await ciDoctor(repo, { CI: 'true' });
    expect(code).toBe(0);
    expect(wiringLevels(findings)).toEqual({ [ON_COMMIT.name]: 'INFO', [ON_PUSH.name]: 'INFO' });
  });

  it('a lefthook configuration that lacks the line, with no hook installed: FAIL under CI (the commit carries it)', async () => {
    const repo = freshRepo();
    repo.write('lefthook.yml', 'pre-commit:\n  commands:\n    test:\n      run: npm test\n');
    repo.remove('.git/hooks/pre-commit');
    repo.remove('.git/hooks/pre-push');
    const { code, findings } = await ciDoctor(repo, { CI: 'true' });
    expect(code).toBe(10);
    expect(
      failing(findings)
        .map((f) => f.subject)
        .sort(),
    ).toEqual([ON_COMMIT.name, ON_PUSH.name].sort());
  });
});
