/**
 * What the hostile-input tests share: the built CLI behind a `majordomus` shim on PATH, so git hooks
 * a test's commit runs reach it (the hook fails closed without one, which would pass a test that
 * expects a refusal for the wrong reason), and a runner of shell lines against that environment.
 */
import { spawnSync } from 'node:child_process';
import type { Dirent } from 'node:fs';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CLI, cleanEnv } from './repo';

let shimDir: string | undefined;

/** The clean environment with `majordomus` on PATH (the shim is made once per test file, removed at exit). */
export function shimEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  if (!shimDir) {
    const dir = mkdtempSync(join(tmpdir(), 'majordomus-shim-'));
    writeFileSync(join(dir, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(join(dir, 'majordomus'), 0o755);
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    shimDir = dir;
  }
  return cleanEnv({ ...extra, PATH: [shimDir, extra.PATH ?? process.env.PATH ?? ''].join(delimiter), M: `${process.execPath} ${CLI}` });
}

export interface ShellRun {
  readonly code: number;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `script` with `sh -c` in `cwd`; `$M` is the built CLI. */
export function sh(cwd: string, script: string, extra: Record<string, string> = {}, timeout = 60_000): ShellRun {
  const result = spawnSync('sh', ['-c', script], { cwd, env: shimEnv(extra), encoding: 'utf8', timeout });
  return { code: result.status ?? -1, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** `git` with the shim on PATH, so the hooks it runs reach the built CLI. */
export function gitWithHooks(cwd: string, args: readonly string[]): ShellRun {
  const result = spawnSync('git', args, { cwd, env: shimEnv(), encoding: 'utf8' });
  return { code: result.status ?? -1, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** The ledger of the repository at `dir`, read strictly: its events in order, and whether it ends in a torn line. */
export function ledgerOf(dir: string): { events: Record<string, unknown>[]; torn: boolean; bytes: number } {
  let text: string;
  try {
    text = readFileSync(join(dir, '.ai/local/state/ledger.jsonl'), 'utf8');
  } catch {
    return { events: [], torn: false, bytes: 0 };
  }
  const lines = text.split('\n');
  const last = lines.pop();
  const events = lines.filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  return { events, torn: last !== '', bytes: Buffer.byteLength(text) };
}

/** How many lines of `event` the ledger at `dir` holds. */
export function eventCount(dir: string, event: string): number {
  return ledgerOf(dir).events.filter((line) => line.event === event).length;
}

/** Files a killed or refused writer may leave (`.<name>.majordomus-<pid>-<hex>.tmp|old`, a lock's temporary) anywhere under `dir`, .git included. */
export function leftovers(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && entry.name !== 'objects') walk(path);
      else if (/\.majordomus-\d+-[0-9a-f]{8}\.(tmp|old)$|\.\d+-[0-9a-f]{8}\.tmp$/.test(entry.name)) out.push(path.slice(dir.length + 1));
    }
  };
  walk(dir);
  return out.sort();
}

/** A valid use case `id` (the format of .ai/repo/use-cases/) whose scenario runs `steps` (YAML lines, each indented for the list). */
export function useCaseText(id: string, commands: readonly string[], steps: readonly string[]): string {
  return [
    '---',
    `id: ${id}`,
    'kind: use-case',
    `title: 'The ${id} case'`,
    `summary: 'A scenario the hostile-input tests run.'`,
    'category: hostile',
    'status: active',
    'target: guaranteed',
    `commands: [${commands.join(', ')}]`,
    '---',
    '',
    '# Situation',
    '',
    'A repository ships a scenario.',
    '',
    '# Scenario',
    '',
    '```yaml',
    'setup: installed',
    'steps:',
    ...steps,
    '```',
    '',
    '# Outcome',
    '',
    'The scenario ran, or it was refused.',
    '',
  ].join('\n');
}
