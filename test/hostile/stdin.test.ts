/**
 * stdin on real pipes, for every command that reads a body or a hook's payload from it: a writer a
 * second late is waited for (never EAGAIN, never read as nothing — a late payload read as nothing would
 * let the guard allow the command), and an endless stream stops at the cap plus one byte (never read
 * whole: `< /dev/zero` used to grow to gigabytes). Each case runs the built CLI under `sh`, since only a
 * real pipe and a real /dev/zero show what the descriptor does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerOf, sh } from '../helpers/hostile';
import type { TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const NOTE = '# Objective\\nx\\n\\n# Current State\\ny\\n\\n# Next Action\\nz\\n';
const FIXTURES = join(ROOT, 'test/fixtures/capture/claude-code');
const START_PAYLOAD = join(FIXTURES, 'session-start-startup.json');
const NO_VERIFY_PAYLOAD = join(FIXTURES, 'pre-tool-use-bash.json');
const PROVIDER_SESSION = '0b6f3c1e-7a52-4d8e-9c1a-2f4e6b8d0a11';

/** An adopted, committed repository with a task started, or an episode open, as the case needs. */
function ready(setup: readonly string[]): TempRepo {
  const repo = repos.create().init();
  repo.git(['add', '-A']);
  repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
  for (const step of setup) expect(sh(repo.dir, step).code, step).toBe(0);
  return repo;
}

const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : []);

interface Reader {
  readonly command: string;
  readonly setup: readonly string[];
  /** The command line, reading stdin. */
  readonly run: string;
  /** The body, as printf writes it. */
  readonly body: string;
  /**
   * The exit of a refused read: 2, except where the command's contract says otherwise (capture session
   * tells the agent why nothing was recorded and lets it go on, unless the policy enforces the hooks).
   */
  readonly refused?: number;
  /**
   * The guard refuses what it cannot read as it refuses a bypass: the tool call is denied (the hook's
   * JSON, exit 0), never let through and never a failed hook.
   */
  readonly deniesOverCap?: boolean;
  /** What the command wrote from what it read, once it read it. */
  wrote(repo: TempRepo, stdout: string): boolean;
}

const READERS: readonly Reader[] = [
  {
    command: 'checkpoint',
    setup: ['$M start work --scope .'],
    run: '$M checkpoint',
    body: NOTE,
    wrote: (repo) => files(repo.path('.ai/local/state/checkpoints')).length === 1,
  },
  {
    command: 'handover',
    setup: ['$M start work --scope .'],
    run: '$M handover',
    body: NOTE,
    wrote: (repo) => files(repo.path('.ai/local/state/handovers')).length === 1,
  },
  {
    command: 'finish --note -',
    setup: ['$M start work --scope .'],
    run: "$M finish --outcome partial --verify-command 'git --version' --note -",
    body: NOTE,
    wrote: (repo) => files(repo.path('.ai/local/state/completed')).length === 1,
  },
  {
    command: 'session close',
    setup: ['$M session start'],
    run: '$M session close',
    body: 'what was done\\n',
    wrote: (repo) =>
      files(repo.path('.ai/repo/sessions')).some((name) =>
        readFileSync(repo.path(`.ai/repo/sessions/${name}`), 'utf8').includes('what was done'),
      ),
  },
  {
    command: 'capture session --event start',
    setup: [],
    run: '$M capture session --event start',
    refused: 0,
    body: readFileSync(START_PAYLOAD, 'utf8').trim(),
    wrote: (repo) => existsSync(repo.path(`.ai/local/state/sessions-open/${PROVIDER_SESSION}.yaml`)),
  },
  {
    command: 'capture guard',
    setup: [],
    run: '$M capture guard',
    deniesOverCap: true,
    body: readFileSync(NO_VERIFY_PAYLOAD, 'utf8').trim(),
    wrote: (_repo, stdout) => /"permissionDecision":\s*"deny"/.test(stdout),
  },
];

/** printf's argument for `text`: its own escapes kept, a single quote closed and reopened. */
const printable = (text: string): string => `'${text.replace(/'/g, `'\\''`).replace(/%/g, '%%')}'`;

describe('a writer a second late', () => {
  it.each(READERS)('$command reads the whole body, however late it comes (exit 0, written)', (reader) => {
    const repo = ready(reader.setup);
    const run = sh(repo.dir, `(sleep 1; printf ${printable(reader.body)}) | ${reader.run}`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/EAGAIN|cannot read/);
    expect(reader.wrote(repo, run.stdout), run.stdout + run.stderr).toBe(true);
  });
});

describe('an endless stream', () => {
  it.each(READERS)('$command < /dev/zero stops at the cap: refused, nothing written', (reader) => {
    const repo = ready(reader.setup);
    const before = ledgerOf(repo.dir).events.length;
    const run = sh(repo.dir, `${reader.run} < /dev/zero`, {}, 30_000);
    expect(run.signal, 'killed at the time limit: the stream was read without a cap').toBe(null);
    expect(run.stdout + run.stderr).toMatch(/over the 1048576-byte limit/);
    if (reader.deniesOverCap) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/"permissionDecision":\s*"deny"/);
    } else {
      expect(run.code, run.stderr).toBe(reader.refused ?? 2);
      expect(reader.wrote(repo, run.stdout)).toBe(false);
    }
    expect(ledgerOf(repo.dir).events.length).toBe(before);
  });

  it.each(READERS.filter((reader) => !reader.command.startsWith('capture')))(
    '$command with 1 MiB + 1 byte through a pipe: refused (2), exactly at the cap',
    (reader) => {
      const repo = ready(reader.setup);
      const run = sh(repo.dir, `head -c 1048577 /dev/zero | tr '\\0' 'a' | ${reader.run}`);
      expect(run.code, run.stderr).toBe(2);
      expect(reader.wrote(repo, run.stdout)).toBe(false);
    },
  );
});

describe('text', () => {
  it('a body holding U+FFFD (valid UTF-8) is text: checkpoint records it', () => {
    const repo = ready(['$M start work --scope .']);
    const run = sh(repo.dir, "printf '# Objective\\n\\357\\277\\275 replaced\\n' | $M checkpoint");
    expect(run.code, run.stderr).toBe(0);
    const [name] = files(repo.path('.ai/local/state/checkpoints'));
    expect(readFileSync(repo.path(`.ai/local/state/checkpoints/${name}`), 'utf8')).toContain('\uFFFD replaced');
  });
});
