/**
 * wiring (majordomus.enforcement-wiring): every enforcement the policy declares is invoked by the
 * artifact its wired_by names, and no hook swallows the invocation's exit code or hands its arguments
 * to the shell unquoted. Every case starts from a freshly initialised temporary git repository (init
 * installs pre-commit and pre-push hooks) and runs the built CLI, with a `majordomus` on PATH unless
 * the case says otherwise (whether the hooks can find the tool is itself reported).
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failing, repoFactory } from '../helpers/repo';
import type { JsonFinding, TempRepo } from '../helpers/repo';

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
  // the rule only looks for the file; nothing here runs it
  writeFileSync(join(toolDir, 'majordomus'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(toolDir, 'majordomus'), 0o755);
  withoutTool = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus'))).join(delimiter);
  withTool = [toolDir, withoutTool].join(delimiter);
});
afterAll(() => {
  factory.disposeAll();
  rmSync(toolDir, { recursive: true, force: true });
});

function freshRepo(): TempRepo {
  return factory.create().init();
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
}

const key = (f: { level: string; category: string; subject: string }): string => `${f.level} ${f.category} ${f.subject}`;

/** The 1-based line of `wired_by: <value>` in the policy as it is now. */
function policyLine(repo: TempRepo, wiredBy: string): number {
  const index = repo.read(POLICY).split('\n').findIndex((l) => l.trim() === `wired_by: ${wiredBy}`);
  if (index === -1) throw new Error(`the policy has no wired_by: ${wiredBy}`);
  return index + 1;
}

/** Everything the rule reported but OK is exactly `expected`, each pointing at its policy line. */
function expectReported(repo: TempRepo, findings: readonly JsonFinding[], expected: readonly Expected[]): void {
  const reported = findings.filter((f) => f.level !== 'OK');
  expect(reported.map(key).sort()).toEqual(expected.map(key).sort());
  for (const want of expected) {
    if (want.wiredBy === undefined) continue;
    expect(reported).toContainEqual(expect.objectContaining({ level: want.level, category: want.category, subject: want.subject, file: POLICY, line: policyLine(repo, want.wiredBy) }));
  }
}

const unwired = (entry: { name: string; wiredBy?: string }, wiredBy = entry.wiredBy): Expected => ({ level: 'FAIL', category: 'wiring', subject: entry.name, wiredBy });

interface Case {
  readonly name: string;
  readonly mutate: (repo: TempRepo) => void;
  /** Whether a majordomus is on the PATH doctor sees (default: yes). */
  readonly onPath?: boolean;
  readonly code: number;
  readonly expected: readonly Expected[];
}

const note = (entry: { name: string; wiredBy?: string }, wiredBy = entry.wiredBy): Expected => ({ level: 'INFO', category: 'wiring', subject: entry.name, wiredBy });

/** A policy argument no shell may run, and the file it would create. */
const INJECTED = '$(touch injected)';

// ---- cases ---------------------------------------------------------------------------------------

const CI = 'ci:.ci/run';
const GIT_CONFIG = 'git-config:alias.gate';

const cases: Case[] = [
  { name: 'a fresh init', mutate: () => {}, code: 0, expected: [] },
  {
    name: 'the pre-commit hook deleted',
    mutate: (repo) => repo.remove(PRE_COMMIT),
    code: 10,
    expected: [unwired(ON_COMMIT)],
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
      const earlier = ['#!/bin/sh', '# majordomus: begin', 'if ! command -v majordomus >/dev/null 2>&1; then', '  echo "pre-commit: majordomus not found on PATH; refusing" >&2', '  exit 1', 'fi', 'majordomus doctor || exit $?', '# majordomus: end', ''];
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
    code: 0,
    expected: [note(ON_COMMIT), note(ON_PUSH)],
  },
  {
    name: 'majordomus not on PATH but in the checkout\'s node_modules/.bin → nothing to note',
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
  ...['toolchain:rust-toolchain.toml', 'provider-hook:claude-code', 'provider-hook:claude-code:session'].map(
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

describe(RULE, () => {
  it.each(cases)('$name → exit $code', ({ mutate, onPath = true, code, expected }) => {
    const repo = freshRepo();
    mutate(repo);
    const result = repo.gate(['doctor', '--rule', RULE], { env: { PATH: onPath ? withTool : withoutTool } });
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

  it('init installs into .githooks/, and the rule passes', () => {
    const repo = hooksPathRepo();
    expect([repo.exists('.githooks/pre-commit'), repo.exists('.githooks/pre-push')]).toEqual([true, true]);
    expect([repo.exists('.git/hooks/pre-commit'), repo.exists('.git/hooks/pre-push')]).toEqual([false, false]);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE], { env: { PATH: withTool } });
    expectReported(repo, findings, []);
    expect(code).toBe(0);
  });

  it('the rule checks .githooks/: a hook swallowing the exit code there fails', () => {
    const repo = hooksPathRepo();
    const hook = '.githooks/pre-commit';
    repo.write(hook, repo.read(hook).replace(/^majordomus doctor.*$/m, 'majordomus doctor --quiet || true'), 0o755);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE], { env: { PATH: withTool } });
    expectReported(repo, findings, [unwired(ON_COMMIT)]);
    expect(code).toBe(10);
  });
});
