/**
 * Help a new user reads: `majordomus --help` lists every exit code and every MAJORDOMUS_* variable the
 * tool reads (both read from the constants the help prints, and the variables checked against the
 * sources), then the variables of others it reads (XDG_CACHE_HOME); `rules new --help` lists the
 * validators --validator can name, and the standalone detector answers --help and -h.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProvider, providerNames } from '../../engine/capture/providers/index';
import { ENVIRONMENT_VARIABLES, OTHER_ENVIRONMENT_VARIABLES } from '../../engine/cli/help';
import { ExitCode } from '../../engine/errors';
import { builtinRegistry } from '../../engine/gate/registry';
import { CLI, cleanEnv, ROOT } from '../helpers/repo';

const DETECTOR = join(ROOT, 'dist/detector.mjs');

function run(script: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The lines of the section of `text` headed `heading`, up to the next blank line. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** Every `MAJORDOMUS_*` name the engine and the validators mention, but build-time constants. */
function variablesInSources(): string[] {
  const files = ['engine', 'validators'].flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(dir, file)),
  );
  const names = new Set<string>();
  const constants = new Set<string>();
  for (const file of files) {
    if (file === join('engine', 'help.ts')) continue; // the list itself
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [name] of text.matchAll(/\bMAJORDOMUS_[A-Z0-9_]+\b/g)) names.add(name);
    for (const [, name] of text.matchAll(/\bdeclare const (MAJORDOMUS_[A-Z0-9_]+)\b/g)) constants.add(name!);
  }
  return [...names].filter((name) => !constants.has(name)).sort();
}

describe('majordomus --help', () => {
  let help: ReturnType<typeof run>;
  beforeAll(() => {
    help = run(CLI, ['--help']);
  });

  it('exits 0 with the help on stdout', () => {
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toMatch(/^Usage: majordomus /);
  });

  it('lists every exit code, once, in ExitCode order', () => {
    const codes = section(help.stdout, 'Exit codes:').flatMap((line) => /^ {2}(\d+) +\S/.exec(line)?.[1] ?? []);
    expect(codes.map(Number)).toEqual(Object.values(ExitCode));
  });

  it('lists every MAJORDOMUS_ variable the tool reads, and only those', () => {
    const listed = section(help.stdout, 'Environment:').flatMap((line) => /^ {2}(MAJORDOMUS_[A-Z0-9_]+) +\S/.exec(line)?.[1] ?? []);
    expect(listed).toEqual(ENVIRONMENT_VARIABLES.map((variable) => variable.name));
    expect(variablesInSources()).toEqual(ENVIRONMENT_VARIABLES.map((variable) => variable.name));
  });

  it("lists after its own the variables of others it reads: XDG_CACHE_HOME, the code cache's folder", async () => {
    const lines = section(help.stdout, 'Environment:');
    const others = lines
      .flatMap((line) => /^ {2}([A-Z][A-Z0-9_]+) +\S/.exec(line)?.[1] ?? [])
      .filter((name) => !name.startsWith('MAJORDOMUS_'));
    expect(others).toEqual(OTHER_ENVIRONMENT_VARIABLES.map((variable) => variable.name));
    expect(others).toContain('XDG_CACHE_HOME');
    // each is one the engine reads: by name, or as a provider's project folder, read through its adapter
    const sources = (readdirSync(join(ROOT, 'engine'), { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && file !== 'help.ts',
    );
    const throughAdapters = await Promise.all(providerNames().map(async (name) => (await loadProvider(name, 'test')).projectDirVariable));
    for (const name of others)
      expect(
        throughAdapters.includes(name) || sources.some((file) => readFileSync(join(ROOT, 'engine', file), 'utf8').includes(`env.${name}`)),
        name,
      ).toBe(true);
  });

  it('`majordomus help` prints the same', () => {
    const same = run(CLI, ['help']);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe(help.stdout);
  });

  it("the exit codes and variables are the program's: a command's help does not repeat them", () => {
    const doctor = run(CLI, ['doctor', '--help']);
    expect(doctor.code).toBe(0);
    expect(section(doctor.stdout, 'Exit codes:')).toEqual([]);
  });
});

const registry = await builtinRegistry();

describe('rules new --help', () => {
  const builtins = registry.builtinNames();

  it.each([[['rules', 'new', '--help']], [['rules', 'new', '-h']], [['rules', 'help', 'new']]])(
    "%j exits 0 and lists every built-in validator, and the repository's own",
    (args) => {
      const result = run(CLI, args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: majordomus rules new /);
      const listed = section(result.stdout, 'Validators --validator can name:').flatMap(
        (line) => /^ {4}([a-z_]+) +\S/.exec(line)?.[1] ?? [],
      );
      expect([...listed].sort()).toEqual(builtins);
      expect(result.stdout).toContain('.ai/repo/validators/<name>.mjs');
    },
  );

  it('lists the validators that take options first', () => {
    const result = run(CLI, ['rules', 'new', '--help']);
    const lines = section(result.stdout, 'Validators --validator can name:');
    const generic = builtins.filter((name) => registry.get(name)?.generic === true);
    expect(generic.length).toBeGreaterThan(0);
    const names = lines.flatMap((line) => /^ {4}([a-z_]+) /.exec(line)?.[1] ?? []);
    expect(names.slice(0, generic.length)).toEqual(generic);
  });

  it('the help of another rules command lists no validators', () => {
    const result = run(CLI, ['rules', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(section(result.stdout, 'Validators --validator can name:')).toEqual([]);
  });
});

describe('the detector (dist/detector.mjs)', () => {
  it.each([[['--help']], [['-h']], [['docs/research/x-brainstorm', '--gate=move', '--help']]])(
    '%j exits 0 with its usage on stdout',
    (args) => {
      const result = run(DETECTOR, args);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^usage: detector\.mjs <session-folder> /);
      expect(result.stdout).toContain('--gate');
    },
  );

  it('an unknown option is still a usage error (2), on stderr', () => {
    const result = run(DETECTOR, ['-x']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^detector: unexpected argument "-x"/);
  });
});
