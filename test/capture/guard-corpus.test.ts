/**
 * The guard's corpus (test/fixtures/guard/corpus.json): every bypass form is refused by the guard, in
 * process, and — run for real by the shell, in a repository whose gates fail — gets its commit, push or
 * ref change through, so each one is shown to be a bypass and not a guess; every harmless line is
 * allowed. One prepared repository (two states: a change staged, a clean tree with a branch to merge)
 * is copied per case.
 *
 * The prepared hooks fail the way a hook manager's hooks fail, and let a change through the way they
 * do when their switch is set (husky's HUSKY=0, lefthook's LEFTHOOK=0, pre-commit's SKIP=<id>, this
 * tool's MAJORDOMUS_REPOSITORY_VALIDATORS=0), so the switches are proven against the same contract.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardDecision } from '../../engine/actions/capture-guard';
import { cleanEnv } from '../helpers/repo';

interface Bypass {
  readonly command: string;
  readonly proves: 'commit' | 'push' | 'ref';
  readonly then?: string;
  readonly clean?: boolean;
  readonly shell?: 'bash';
}
const corpus = JSON.parse(readFileSync(join(__dirname, '../fixtures/guard/corpus.json'), 'utf8')) as {
  bypass: Bypass[];
  harmless: string[];
};

const GATE = `#!/bin/sh
# a gate that fails, unless a hook manager's switch turns it off as the manager does
[ "$HUSKY" = "0" ] && exit 0
[ "$LEFTHOOK" = "0" ] && exit 0
case ",$SKIP," in *,gate,*) exit 0 ;; esac
[ "$MAJORDOMUS_REPOSITORY_VALIDATORS" = "0" ] && exit 0
echo "the gate fails" >&2
exit 1
`;

let root: string;
const env = (home: string) => {
  const base = cleanEnv({ HOME: home });
  for (const name of ['HUSKY', 'LEFTHOOK', 'SKIP', 'LEFTHOOK_EXCLUDE']) delete base[name];
  return base;
};

function sh(command: string, cwd: string, home: string, shell = 'sh') {
  return spawnSync(shell, ['-c', command], { cwd, env: env(home), encoding: 'utf8', timeout: 30_000 });
}

function git(args: string[], cwd: string): string {
  const result = spawnSync('git', args, { cwd, env: env(join(cwd, '..', 'home')), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** `<root>/<state>/{repo,origin.git,home}`: `staged` has a change staged, `clean` none. */
function prepare(): void {
  root = mkdtempSync(join(tmpdir(), 'majordomus-guard-corpus-'));
  const base = join(root, 'staged');
  const repo = join(base, 'repo');
  mkdirSync(join(base, 'home'), { recursive: true });
  git(['init', '-q', '--template=', '--bare', join(base, 'origin.git')], root);
  git(['init', '-q', '--template=', '-b', 'main', repo], root);
  mkdirSync(join(repo, '.git/hooks'));
  git(['config', 'user.name', 'Test'], repo);
  git(['config', 'user.email', 'test@example.com'], repo);
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  // pre-commit's configuration, so its SKIP switch is the repository's
  writeFileSync(join(repo, '.pre-commit-config.yaml'), 'repos:\n  - repo: local\n    hooks:\n      - id: gate\n');
  git(['add', '-A'], repo);
  git(['commit', '-qm', 'base'], repo);
  git(['remote', 'add', 'origin', '../origin.git'], repo);
  git(['push', '-q', 'origin', 'main'], repo);
  git(['checkout', '-qb', 'feature'], repo);
  writeFileSync(join(repo, 'f.txt'), 'f\n');
  git(['add', 'f.txt'], repo);
  git(['commit', '-qm', 'feature'], repo);
  git(['push', '-q', 'origin', 'feature'], repo);
  git(['checkout', '-q', 'main'], repo);
  writeFileSync(join(repo, 'm.txt'), 'm\n');
  git(['add', 'm.txt'], repo);
  git(['commit', '-qm', 'ahead of origin'], repo);
  for (const hook of ['pre-commit', 'pre-push', 'pre-merge-commit', 'pre-rebase']) {
    writeFileSync(join(repo, '.git/hooks', hook), GATE);
    chmodSync(join(repo, '.git/hooks', hook), 0o755);
  }
  writeFileSync(join(repo, '.git/hooks/pre-commit.sample'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  cpSync(base, join(root, 'clean'), { recursive: true });
  writeFileSync(join(repo, 'a.txt'), 'a change\n');
  git(['add', 'a.txt'], repo);
}

/** Every ref of a git directory, HEAD included, read from its files (no process per look). */
function refs(gitDir: string): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(`${path.slice(gitDir.length)} ${readFileSync(path, 'utf8').trim()}`);
    }
  };
  walk(join(gitDir, 'refs'));
  for (const file of ['HEAD', 'packed-refs'])
    if (existsSync(join(gitDir, file))) out.push(`${file} ${readFileSync(join(gitDir, file), 'utf8')}`);
  return out.sort().join('\n');
}

/** The commit HEAD names, read from the files (a symbolic HEAD through its ref, loose or packed). */
function head(gitDir: string): string {
  const text = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (!text.startsWith('ref: ')) return text;
  const ref = text.slice(5);
  if (existsSync(join(gitDir, ref))) return readFileSync(join(gitDir, ref), 'utf8').trim();
  const packed = existsSync(join(gitDir, 'packed-refs')) ? readFileSync(join(gitDir, 'packed-refs'), 'utf8') : '';
  return (
    packed
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(' ')[0] ?? ''
  );
}

/** What a case may have changed: the commit HEAD names, every ref of the repository, every ref of the remote. */
function snapshot(repo: string) {
  return {
    head: head(join(repo, '.git')),
    refs: refs(join(repo, '.git')),
    remote: refs(join(repo, '../origin.git')),
  };
}

let cases = 0;
function copy(state: 'staged' | 'clean'): string {
  const dir = join(root, `case-${++cases}`);
  cpSync(join(root, state), dir, { recursive: true });
  return dir;
}

beforeAll(prepare);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the prepared repository', () => {
  it.each([
    ['staged', 'git commit -m x'],
    ['staged', 'git push origin HEAD:main'],
    ['clean', 'git merge feature -m x'],
    ['clean', 'git rebase feature'],
  ] as const)('its gates refuse %s: %s', (state, command) => {
    const dir = copy(state);
    const repo = join(dir, 'repo');
    const before = snapshot(repo);
    expect(sh(command, repo, join(dir, 'home')).status).not.toBe(0);
    expect(snapshot(repo)).toEqual(before);
  });
});

describe('every bypass form is refused, and really bypasses the gates', () => {
  it(`the corpus holds at least 150 bypass forms and 50 harmless lines (${corpus.bypass.length}, ${corpus.harmless.length})`, () => {
    expect(corpus.bypass.length).toBeGreaterThanOrEqual(150);
    expect(corpus.harmless.length).toBeGreaterThanOrEqual(50);
  });

  it.each(corpus.bypass.map((entry) => [entry.command, entry] as const))('%s', (_command, entry) => {
    const dir = copy(entry.clean ? 'clean' : 'staged');
    const repo = join(dir, 'repo');
    const home = join(dir, 'home');
    const decision = guardDecision(entry.command, repo, env(home));
    expect(decision.decision, decision.reason).toBe('deny');
    const before = snapshot(repo);
    const run = sh(entry.command, repo, home, entry.shell ?? 'sh');
    if (entry.then) sh(entry.then, repo, home);
    const after = snapshot(repo);
    const proof =
      entry.proves === 'commit'
        ? after.head !== before.head
        : entry.proves === 'push'
          ? after.remote !== before.remote
          : after.refs !== before.refs || after.head !== before.head;
    expect(proof, `${entry.proves} did not happen: ${run.stderr}`).toBe(true);
  });
});

describe('every harmless line is allowed', () => {
  it.each(corpus.harmless)('%s', (command) => {
    const repo = join(root, 'staged', 'repo');
    const decision = guardDecision(command, repo, env(join(root, 'staged', 'home')));
    expect(decision.decision, decision.reason).toBe('allow');
  });
});
