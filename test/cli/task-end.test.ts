/**
 * Starting and ending tasks with the built CLI in real repositories: a task can always be ended
 * (`failed`, `blocked`, `no_match` are recorded whatever the tree says; an unreadable record is set aside
 * by `finish --set-aside`, with `task.set_aside`); `start` refuses at once, with 2, what a reader would
 * refuse later (a 501-character name, 257 or 10,000 scope entries, `--scope /`), and what it accepts
 * every command reads; `start` on a dirty tree names the dirty paths and they are not the task's;
 * `finish` judges what is cheap before the verify command, which runs under
 * `verification.timeout_seconds` with a line when it starts and ends, may write
 * `verification.outputs`, and is pinned by `verification.commands`; the note can be a commit's message;
 * under a branch switch the state finding comes first and the scope says one line.
 *
 * The committed adoption and the task started on it are made once and copied per test
 * (helpers/prepared.ts). The tables of refused `start` arguments and vacuous verify commands run the
 * command in process (helpers/cli.ts), their first case through the built CLI as well, byte for byte;
 * what the gates and readers make of a record `start` wrote is read in process too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cliInProcess, tableRun } from '../helpers/cli';
import { gateInProcess } from '../helpers/gate';
import { withPolicyValue } from '../helpers/policy-text';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { parseFindings, repoFactory } from '../helpers/repo';
import { currentTask, dropUndefinedContractKeys, ledgerEvents } from '../helpers/task';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const CURRENT = '.ai/local/state/current.yaml';
const LEDGER = '.ai/local/state/ledger.jsonl';
const POLICY = '.ai/repo/policy.yaml';
const NOTE = '# Objective\nx\n\n# Current State\ny\n\n# Next Action\nnone\n';
const REASON = '# Reason\nthe branch went elsewhere\n\n# Next Action\nstart again\n';

const events = ledgerEvents;
const task = currentTask;

let adopted: TempRepo | undefined;
/** Adopted and committed, with src/a and src/b and the notes (ignored): a copy of one. */
function committed(): TempRepo {
  if (!adopted) {
    const repo = repos.create().init();
    dropUndefinedContractKeys(repo);
    repo.write('.gitignore', `${repo.read('.gitignore')}notes/\n`);
    repo.write('notes/done.md', NOTE);
    repo.write('notes/reason.md', REASON);
    repo.write('src/a/kept.txt', 'a\n');
    repo.write('src/b/kept.txt', 'b\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    adopted = repo;
  }
  return copyOf(repos, adopted);
}
let started: TempRepo | undefined;
/** A task on src/a, started after the policy's `verification` got `lines` (committed, projections updated). */
function withTask(lines?: string): TempRepo {
  if (!lines) {
    // the task on the policy as adopted: started once, copied per test
    if (!started) {
      started = committed();
      expect(started.run(['start', 'change a', '--scope', 'src/a']).code).toBe(0);
    }
    return copyOf(repos, started);
  }
  const repo = committed();
  if (lines) {
    let policy = repo.read(POLICY);
    for (const line of lines.split('\n').filter((l) => l.trim() !== '')) {
      const [, key, value] = /^ {2}([a-z_]+): (.*)$/.exec(line)!;
      policy = withPolicyValue(policy, `verification.${key}`, value!);
    }
    repo.write(POLICY, policy);
    expect(repo.run(['update']).code).toBe(0);
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'policy']);
  }
  expect(repo.run(['start', 'change a', '--scope', 'src/a']).code).toBe(0);
  return repo;
}

describe('a task can always be ended', () => {
  it('on another branch with an out-of-scope change: completed and partial are refused, failed is recorded, and start works', () => {
    const repo = withTask();
    repo.git(['checkout', '-q', '-b', 'elsewhere']);
    repo.write('src/b/x.txt', 'outside\n');
    expect(repo.run(['finish', '--outcome', 'completed', '--note', 'notes/done.md']).code).toBe(10);
    expect(repo.run(['finish', '--outcome', 'partial', '--note', 'notes/done.md']).code).toBe(10);
    const failed = repo.run(['finish', '--outcome', 'failed', '--note', 'notes/reason.md']);
    expect(failed.code, failed.stdout).toBe(0);
    expect(failed.stdout).toMatch(/^WARN scope /m);
    expect(task(repo).outcome).toBe('failed');
    expect(events(repo).at(-1)).toMatchObject({ event: 'task.finished', outcome: 'failed' });
    expect(repo.run(['start', 'next', '--scope', 'src/b']).code).toBe(0);
  });

  it.each(['blocked', 'no_match'])('%s is recorded whatever the tree says', (outcome) => {
    const repo = withTask();
    repo.git(['checkout', '-q', '-b', 'elsewhere']);
    repo.write('src/b/x.txt', 'outside\n');
    expect(repo.run(['finish', '--outcome', outcome, '--note', 'notes/reason.md']).code).toBe(0);
    expect(task(repo).outcome).toBe(outcome);
  });

  it('a failure still needs its note: without one it is refused, naming the note', () => {
    const repo = withTask();
    const run = repo.gate(['finish', '--outcome', 'failed']);
    expect(run.code).toBe(10);
    expect(run.findings.filter((f) => f.level === 'FAIL').map((f) => f.rule)).toEqual(['majordomus.note-integrity']);
  });

  it('an unreadable record: check and start say to set it aside, finish --set-aside does (task.set_aside, the record kept), and start works', () => {
    const repo = withTask();
    repo.write(CURRENT, `${repo.read(CURRENT)}colour: red\n`);
    const before = repo.read(CURRENT);
    const start = repo.run(['start', 'next', '--scope', 'src/b']);
    expect(start.code).toBe(15);
    expect(start.stderr).toContain('majordomus finish --set-aside');
    const aside = repo.run(['finish', '--set-aside', '--json']);
    expect(aside.code, aside.stderr).toBe(0);
    const result = JSON.parse(aside.stdout) as { aside: string };
    expect(repo.read(result.aside)).toBe(before);
    expect(repo.exists(CURRENT)).toBe(false);
    expect(events(repo).at(-1)).toMatchObject({ event: 'task.set_aside', file: CURRENT, aside: result.aside });
    expect(repo.run(['start', 'next', '--scope', 'src/b']).code).toBe(0);
  });

  it('set-aside refuses a readable task of this checkout (15) and has nothing to do without one (12)', () => {
    const repo = withTask();
    expect(repo.run(['finish', '--set-aside']).code).toBe(15);
    expect(committed().run(['finish', '--set-aside']).code).toBe(12);
  });

  it('a record of a checkout that is gone is set aside too', () => {
    const repo = withTask();
    repo.write(CURRENT, repo.read(CURRENT).replace(/^worktree: .*$/m, 'worktree: "/gone"'));
    expect(repo.run(['finish', '--set-aside']).code).toBe(0);
    expect(repo.run(['start', 'next', '--scope', 'src/b']).code).toBe(0);
  });
});

describe('start refuses at once what a reader would refuse later', () => {
  it.each([
    ['a 501-character name', ['start', 'x'.repeat(501), '--scope', 'src']],
    ['257 scope entries', ['start', 'many', '--scope', Array.from({ length: 257 }, (_, n) => `p${n}`).join(',')]],
    ['10,000 scope entries', ['start', 'many', '--scope', Array.from({ length: 10_000 }, (_, n) => `p${n}`).join(',')]],
    ['--scope /', ['start', 'root', '--scope', '/']],
    ['--scope /etc', ['start', 'root', '--scope', '/etc']],
    [
      'a claim too long for the ledger line',
      ['start', 'long', '--scope', Array.from({ length: 100 }, (_, n) => `${'d'.repeat(1000)}${n}`).join(',')],
    ],
  ])('%s: 2, nothing written', async (name, args) => {
    const repo = committed();
    const run = await tableRun(repo, args, { sample: name === 'a 501-character name' });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^majordomus: start: /);
    expect(repo.exists(CURRENT)).toBe(false);
    expect(repo.exists(LEDGER) ? events(repo).filter((e) => e.event === 'task.started') : []).toEqual([]);
  });

  it('a 500-character name and 256 scope entries are accepted, and every command reads the record', async () => {
    const repo = committed();
    const scope = Array.from({ length: 256 }, (_, n) => `src/p${n}`).join(',');
    expect(repo.run(['start', 'x'.repeat(500), '--scope', scope]).code).toBe(0);
    // the readers, in process: what each makes of the record the built CLI wrote
    for (const args of [['check'], ['finish', '--check'], ['watch'], ['context']]) {
      const run = await cliInProcess(repo, args);
      expect(run.stdout + run.stderr).not.toMatch(/not a task record/);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBeLessThan(12);
    }
  });
});

describe('start on a dirty tree', () => {
  it('names the dirty paths, records them, and they are not the task’s until changed again', async () => {
    const repo = committed();
    repo.write('src/b/kept.txt', 'edited before the task\n');
    repo.write('src/b/new.txt', 'untracked before the task\n');
    const start = repo.run(['start', 'change a', '--scope', 'src/a']);
    expect(start.code).toBe(0);
    expect(start.stdout).toMatch(/^start: 2 path\(s\) already changed .*: src\/b\/kept\.txt, src\/b\/new\.txt$/m);
    expect((task(repo).started_dirty as { path: string }[]).map((entry) => entry.path)).toEqual(['src/b/kept.txt', 'src/b/new.txt']);
    expect((await gateInProcess(repo, 'check', { rule: 'majordomus.scope-integrity' })).code).toBe(0);
    repo.write('src/b/kept.txt', 'and edited again under the task\n');
    const again = await gateInProcess(repo, 'check', { rule: 'majordomus.scope-integrity' });
    expect([again.code, again.findings.filter((f) => f.level === 'FAIL').map((f) => f.subject)]).toEqual([10, ['src/b/kept.txt']]);
  });
});

describe('finish: what is cheap first, and the verify command under the policy', () => {
  it('without a note, it refuses before the verify command starts', () => {
    const repo = withTask();
    const run = repo.run(['finish', '--outcome', 'completed', '--verify-command', 'touch ran.marker && git --version']);
    expect(run.code).toBe(10);
    expect(repo.exists('ran.marker')).toBe(false);
    expect(run.stderr).toMatch(/the verify command was not run/);
    expect(events(repo).at(-1)).toMatchObject({ event: 'task.refused', unmet: ['majordomus.note-integrity'] });
  });

  it('an out-of-scope change refuses before the verify command starts too', () => {
    const repo = withTask();
    repo.write('src/b/x.txt', 'outside\n');
    expect(repo.run(['finish', '--outcome', 'completed', '--verify-command', 'touch ran.marker', '--note', 'notes/done.md']).code).toBe(10);
    expect(repo.exists('ran.marker')).toBe(false);
  });

  it('a verify command past verification.timeout_seconds is stopped and refused, with its start and end on stderr', () => {
    const repo = withTask('  timeout_seconds: 1\n');
    const run = repo.run([
      'finish',
      '--outcome',
      'completed',
      '--verify-command',
      'sleep 30; git --version',
      '--note',
      'notes/done.md',
      '--json',
    ]);
    expect(run.code).toBe(10);
    expect(run.stderr).toMatch(/^finish: running `sleep 30; git --version` \(stopped after 1s: verification\.timeout_seconds\)$/m);
    expect(run.stderr).toMatch(/^finish: `sleep 30; git --version` was stopped after [\d.]+s, over verification\.timeout_seconds \(1\)$/m);
    const last = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { verify: { timed_out_after: number } };
    expect(last.verify.timed_out_after).toBe(1);
    expect(task(repo).outcome).toBe('active');
  });

  it('a verify command writing its declared outputs is accepted; without the declaration the same run is refused', () => {
    const command = 'mkdir -p reports && echo "<testsuite/>" > reports/junit.xml && git --version';
    const undeclared = withTask();
    const refused = undeclared.run(['finish', '--outcome', 'completed', '--verify-command', command, '--note', 'notes/done.md']);
    expect(refused.code).toBe(10);
    expect(refused.stdout).toMatch(/^FAIL verification /m);
    const repo = withTask('  outputs: [reports/]\n');
    repo.write('src/a/work.txt', 'done\n');
    const run = repo.run(['finish', '--outcome', 'completed', '--verify-command', command, '--note', 'notes/done.md']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stderr).toMatch(/^finish: `.*` exited 0 after [\d.]+s$/m);
  });

  it('with verification.commands set, only those run; anything else is refused with the list', () => {
    const repo = withTask('  commands: ["git --version", "git status *"]\n');
    const refused = repo.run(['finish', '--outcome', 'completed', '--verify-command', 'touch ran.marker', '--note', 'notes/done.md']);
    expect(refused.code).toBe(10);
    expect(refused.stdout).toMatch(/verification\.commands: "git --version", "git status \*"/);
    expect(repo.exists('ran.marker')).toBe(false);
    expect(repo.run(['finish', '--outcome', 'completed', '--verify-command', 'git status --short', '--note', 'notes/done.md']).code).toBe(
      0,
    );
  });

  it.each(["'true'", 'true # really', '(true)', '! false', 'true &', 'sh -c true', 'cd .'])(
    'the verify command %j is refused as vacuous',
    async (command) => {
      const repo = withTask();
      const args = ['finish', '--outcome', 'completed', '--verify-command', command, '--note', 'notes/done.md', '--json'];
      // refused before anything is written: the sample runs the built CLI on the same repository after
      const result = await tableRun(repo, args, { sample: command === "'true'" });
      const run = { code: result.code, findings: parseFindings(result.stdout) };
      expect(run.code).toBe(10);
      expect(run.findings.filter((f) => f.level === 'FAIL').map((f) => f.rule)).toEqual(['majordomus.verification-integrity']);
    },
  );

  it('the note may be the message of a commit (HEAD by default), for a CI job', () => {
    const repo = withTask();
    repo.write('src/a/work.txt', 'done\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'The work\n\n# Objective\nx\n\n# Current State\ny\n\n# Next Action\nnone\n']);
    const run = repo.run(['finish', '--outcome', 'completed', '--verify-command', 'git --version', '--note-from-commit']);
    expect(run.code, run.stdout).toBe(0);
    expect(repo.read(`.ai/local/state/completed/${task(repo).id}.md`)).toMatch(/^The work\n\n# Objective\n/);
    expect(withTask().run(['finish', '--outcome', 'completed', '--note-from-commit', 'no-such-commit']).code).toBe(2);
  });
});

describe('under a branch switch', () => {
  it('the state finding comes first, and the scope says one line with the reason', () => {
    const repo = withTask();
    repo.git(['checkout', '-q', '-b', 'elsewhere']);
    for (let n = 0; n < 30; n++) repo.write(`src/b/f${n}.txt`, 'x\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'much elsewhere']);
    const run = repo.run(['check']);
    expect(run.code).toBe(10);
    const fails = run.stdout.split('\n').filter((line) => line.startsWith('FAIL'));
    expect(fails.map((line) => line.split(/\s+/)[1])).toEqual(['state', 'scope']);
    expect(fails[1]).toMatch(/the checkout is on elsewhere and the task started on main/);
  });

  it('a commit from before the layer says so, not "run: majordomus init"', () => {
    const repo = repos.create();
    repo.write('a.txt', 'a\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '-m', 'before the layer']);
    expect(repo.run(['init']).code).toBe(0);
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    expect(repo.run(['start', 'x', '--scope', 'src']).code).toBe(0);
    repo.git(['checkout', '-q', 'HEAD~1']);
    const run = repo.run(['check']);
    expect(run.code).toBe(12);
    expect(run.stderr).toMatch(/predates the layer/);
    expect(run.stderr).not.toMatch(/run: majordomus init/);
  });
});
