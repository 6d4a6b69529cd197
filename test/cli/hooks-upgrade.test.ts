/**
 * A pre-push block an earlier version wrote: `finish --check` without `--pre-push`, after `cat
 * >/dev/null`, so the hook judged the working tree rather than the commits being pushed (and looked
 * for the tool on PATH only). doctor says so — INFO, never a failure, naming the line and the command —
 * and `hooks install` writes the block again as this version writes it, every other byte of the hook
 * kept; a line of the user's own outside our markers is never rewritten.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installHusky } from '../helpers/hook-managers';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const PRE_PUSH = '.git/hooks/pre-push';
const WIRING = 'majordomus.enforcement-wiring';

/** The pre-push block as versions before `--pre-push` wrote it. */
const OLD_BLOCK = [
  '# majordomus: begin',
  '# git writes the refs being pushed on standard input; read it all before checking',
  'cat >/dev/null',
  'if ! command -v majordomus >/dev/null 2>&1; then',
  "  printf '%s\\n' 'pre-push: majordomus was not found on PATH; refusing' >&2",
  '  exit 1',
  'fi',
  'majordomus finish --check --quiet || exit $?',
  '# majordomus: end',
  '',
].join('\n');

const USER_HEAD = "#!/bin/sh\n# the team's own check\n./scripts/lint-push.sh || exit 1\n";

interface Finding {
  level: string;
  rule: string;
  subject: string;
  message: string;
}

function wiringInfos(repo: TempRepo): { code: number; stale: Finding[] } {
  const result = repo.run(['doctor', '--format', 'json']);
  // one finding a line
  const findings = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Finding);
  return {
    code: result.code,
    stale: findings.filter((finding) => finding.rule === WIRING && finding.message.includes('without --pre-push')),
  };
}

function withOldBlock(): TempRepo {
  const repo = repos.create().init();
  repo.write(PRE_PUSH, `${USER_HEAD}${OLD_BLOCK}`, 0o755);
  return repo;
}

describe('a pre-push block an earlier version wrote', () => {
  it('doctor names it as INFO with its line and the command that writes it again, and still counts it wired (0)', () => {
    const repo = withOldBlock();
    const { code, stale } = wiringInfos(repo);
    expect(code).toBe(0);
    expect(stale).toHaveLength(1);
    expect(stale[0]!.level).toBe('INFO');
    expect(stale[0]!.subject).toBe('finish-on-push');
    expect(stale[0]!.message).toContain(`${PRE_PUSH}:${USER_HEAD.split('\n').length - 1 + 8}`);
    expect(stale[0]!.message).toMatch(/\(run: majordomus hooks install, which writes the block again\)$/);
  });

  it('hooks install writes the block again — --pre-push, no cat — keeping the user lines and the mode; then doctor is quiet and a second install writes nothing', () => {
    const repo = withOldBlock();
    const install = repo.run(['hooks', 'install']);
    expect(install.code).toBe(0);
    const text = repo.read(PRE_PUSH);
    expect(text.startsWith(USER_HEAD)).toBe(true);
    expect(text).toContain('majordomus finish --check --quiet --pre-push || exit $?');
    expect(text).not.toContain('cat >/dev/null');
    expect(text.split('# majordomus: begin')).toHaveLength(2);
    expect(statSync(repo.path(PRE_PUSH)).mode & 0o777).toBe(0o755);
    expect(wiringInfos(repo).stale).toEqual([]);
    const again = repo.run(['hooks', 'install']);
    expect(again.code).toBe(0);
    expect(repo.read(PRE_PUSH)).toBe(text);
  });

  it('the upgraded hook runs finish --check --pre-push when git pushes, and the push goes through', () => {
    const repo = withOldBlock();
    repo.write('scripts/lint-push.sh', '#!/bin/sh\nexit 0\n', 0o755);
    expect(repo.run(['hooks', 'install']).code).toBe(0);
    // a stand-in majordomus first on PATH: it logs its arguments, then runs the built CLI
    const bin = repos.create({ git: false }).dir;
    const log = join(bin, 'runs.log');
    writeFileSync(join(bin, 'majordomus'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(join(bin, 'majordomus'), 0o755);
    const remote = repos.create({ git: false }).dir;
    const env = cleanEnv({ PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: repo.dir, env, encoding: 'utf8' });
    expect(spawnSync('git', ['init', '-q', '--bare', remote], { env }).status).toBe(0);
    git('add', '-A');
    expect(git('commit', '-q', '--no-verify', '-m', 'adopt').status).toBe(0);
    const push = git('push', '-q', remote, 'HEAD:refs/heads/main');
    expect(push.status).toBe(0);
    expect(existsSync(log)).toBe(true);
    expect(readFileSync(log, 'utf8').split('\n')).toContain('finish --check --quiet --pre-push');
  });

  it("under husky, the block in the user's .husky/pre-push is written again the same way", () => {
    const repo = repos.create().init();
    installHusky(repo);
    const huskyOld = [
      '# majordomus: begin',
      'cat >/dev/null',
      'majordomus finish --check --quiet || exit $?',
      '# majordomus: end',
      '',
    ].join('\n');
    repo.write('.husky/pre-push', `npm run lint\n${huskyOld}`);
    repo.write('.husky/pre-commit', 'majordomus doctor --quiet || exit $?\nmajordomus update --check --quiet || exit $?\n');
    expect(wiringInfos(repo).stale.map((finding) => finding.message.split(' ')[0])).toEqual(['.husky/pre-push:4']);
    expect(repo.run(['hooks', 'install']).code).toBe(0);
    const text = repo.read('.husky/pre-push');
    expect(text.startsWith('npm run lint\n# majordomus: begin\n')).toBe(true);
    expect(text).toContain('majordomus finish --check --quiet --pre-push || exit $?');
    expect(text).not.toContain('cat >/dev/null');
    expect(wiringInfos(repo).stale).toEqual([]);
  });

  it("a line of the user's own outside our markers is never rewritten: no INFO, and install writes nothing", () => {
    const repo = repos.create().init();
    const own = '#!/bin/sh\n# written by hand\nmajordomus finish --check --quiet || exit $?\n';
    repo.write(PRE_PUSH, own, 0o755);
    expect(wiringInfos(repo).stale).toEqual([]);
    expect(repo.run(['hooks', 'install']).code).toBe(0);
    expect(repo.read(PRE_PUSH)).toBe(own);
  });
});
