/**
 * A project that installs majordomus the usual way — `npm install --save-dev` — can adopt it and
 * commit: the tarball `npm pack` makes (its `prepack` builds it) is installed into a scratch project,
 * `npx majordomus init` adopts it, a commit goes through the pre-commit hook, and a broken policy is
 * refused by it. No majordomus is on PATH and, for the commits, no npx either: the hook can only have
 * found the tool in the project's node_modules/.bin. The same installed package is what a TypeScript
 * validator compiled with `moduleResolution: nodenext` imports its types from.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT } from '../helpers/repo';

/** Kept from npm's own configuration variables, so the nested npm finds the same cache and registry. */
const NPM_SETTINGS = new Set([
  'npm_config_cache',
  'npm_config_registry',
  'npm_config_userconfig',
  'npm_config_globalconfig',
  'npm_config_cafile',
]);

let work: string;
let project: string;
/** The paths the tarball holds, as `npm pack --json` listed them. */
let packed: string[];
/** The suite's PATH without any directory holding a majordomus. */
let userPath: string;
/** Only git and node: what the hook needs besides the project's own node_modules/.bin. */
let commitPath: string;

/**
 * The environment of a user in the scratch project: git's selectors stripped (cleanEnv), and the
 * variables `npm test` sets for this project dropped, so the nested npm works on the scratch project.
 */
function env(path: string): NodeJS.ProcessEnv {
  const out = cleanEnv({ PATH: path });
  for (const key of Object.keys(out)) if (/^npm_/i.test(key) && !NPM_SETTINGS.has(key.toLowerCase())) delete out[key];
  return out;
}

function run(command: string, args: readonly string[], path: string, cwd = project) {
  const result = spawnSync(command, args, { cwd, env: env(path), encoding: 'utf8' });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, output: `${result.stdout}${result.stderr}` };
}

function which(name: string, path: string): string {
  return spawnSync('/bin/sh', ['-c', `command -v ${name}`], { env: { PATH: path }, encoding: 'utf8' }).stdout.trim();
}

const commits = (): number => {
  const result = spawnSync('git', ['rev-list', '--count', 'HEAD'], { cwd: project, env: cleanEnv(), encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : 0;
};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'majordomus-local-install-'));
  userPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')))
    .join(delimiter);
  const tools = join(work, 'tools');
  mkdirSync(tools);
  for (const name of ['git', 'node']) {
    const found = which(name, userPath);
    if (found === '') throw new Error(`${name} is not on PATH`);
    symlinkSync(realpathSync(found), join(tools, name));
  }
  commitPath = tools;

  // pack a copy of the sources: prepack rebuilds dist/, and the other test files run the one in ROOT
  const source = join(work, 'source');
  cpSync(ROOT, source, {
    recursive: true,
    filter: (from) => {
      const top = relative(ROOT, from).split(sep)[0]!;
      return !['node_modules', '.git'].includes(top) && top !== 'dist' && !top.startsWith('dist.');
    },
  });
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
  const pack = run('npm', ['pack', '--json', '--pack-destination', work], userPath, source);
  if (pack.code !== 0) throw new Error(`npm pack failed (${pack.code}): ${pack.stderr}`);
  const packResult = (JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[])[0]!;
  const tarball = join(work, basename(packResult.filename));
  packed = packResult.files.map((file) => file.path);

  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'scratch-project', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  writeFileSync(join(project, '.gitignore'), 'node_modules/\n');
  const gitInit = run('git', ['init', '-q', '-b', 'main', '.'], userPath);
  if (gitInit.code !== 0) throw new Error(`git init failed: ${gitInit.stderr}`);
  const install = run('npm', ['install', '--save-dev', tarball, '--prefer-offline', '--no-audit', '--no-fund'], userPath);
  if (install.code !== 0) throw new Error(`npm install failed (${install.code}): ${install.stderr}`);
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a project that installed majordomus with npm install --save-dev', () => {
  it('has it in devDependencies and in node_modules/.bin, and nowhere on PATH', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(Object.keys(manifest.devDependencies ?? {})).toEqual(['majordomus']);
    expect(existsSync(join(project, 'node_modules/.bin/majordomus'))).toBe(true);
    expect(which('majordomus', userPath)).toBe('');
    expect([which('majordomus', commitPath), which('npx', commitPath)]).toEqual(['', '']);
  });

  it('adopts it with npx majordomus init, commits through the hook, and the hook refuses a broken policy', () => {
    const init = run('npx', ['majordomus', 'init'], userPath);
    expect(init.code, init.output).toBe(0);
    expect(existsSync(join(project, '.ai/manifest.yaml'))).toBe(true);

    expect(run('git', ['add', '-A'], commitPath).code).toBe(0);
    const adopt = run('git', ['commit', '-q', '-m', 'adopt majordomus'], commitPath);
    expect(adopt.code, adopt.output).toBe(0);
    expect(commits()).toBe(1);
    // the hook ran the gate (its summary), quietly (no OK line)
    expect(adopt.output).toMatch(/^doctor: 0 failure\(s\)$/m);
    expect(adopt.output).not.toMatch(/^OK /m);

    const policy = join(project, '.ai/repo/policy.yaml');
    writeFileSync(policy, `${readFileSync(policy, 'utf8')}not_a_policy_key: true\n`);
    expect(run('git', ['add', '-A'], commitPath).code).toBe(0);
    const broken = run('git', ['commit', '-q', '-m', 'break the policy'], commitPath);
    expect(broken.code).not.toBe(0);
    expect(broken.code).not.toBe(-1);
    expect(commits()).toBe(1);
    expect(broken.output).toMatch(/^FAIL policy +\.ai\/repo\/policy\.yaml/m);
  });
});

describe('a TypeScript validator in that project, compiled with module and moduleResolution nodenext', () => {
  const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
  let consumer: string;

  /**
   * Compile `file` of the consumer alone, strict, as an ES module resolved the way Node resolves it;
   * `withoutNode` loads no @types package, as in a project that never installed Node's types.
   */
  function compile(file: string, withoutNode = false) {
    const config = `tsconfig.${file.replace(/\.ts$/, '')}${withoutNode ? '.bare' : ''}.json`;
    const options = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      ...(withoutNode ? { types: [] } : {}),
    };
    writeFileSync(join(consumer, config), JSON.stringify({ compilerOptions: options, files: [file] }));
    return run(process.execPath, [TSC, '-p', config], userPath, consumer);
  }

  beforeAll(() => {
    // the installed package is what resolves, with the @types/node a Node project writing validators has
    mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
    symlinkSync(realpathSync(join(ROOT, 'node_modules/@types/node')), join(project, 'node_modules/@types/node'), 'dir');
    consumer = join(work, 'consumer');
    mkdirSync(consumer);
    symlinkSync(join(project, 'node_modules'), join(consumer, 'node_modules'), 'dir');
    writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
    writeFileSync(
      join(consumer, 'notes-kept.ts'),
      [
        "import { defineValidator, pathspecList, pathspecMatcher, schema } from 'majordomus';",
        "import type { Finding, GateName, ValidatorContext } from 'majordomus';",
        '',
        "const gates: GateName[] = ['doctor', 'check'];",
        'export default defineValidator({',
        "  name: 'notes_kept',",
        "  description: 'Every note is kept.',",
        '  gates,',
        '  optionsSchema: schema.object({ paths: pathspecList() }),',
        '  async run(context: ValidatorContext<{ readonly paths: readonly string[] }>) {',
        '    const matches = await pathspecMatcher(context.options.paths);',
        "    const notes = context.files().filter(matches).filter((file) => context.read(file).trim() !== '');",
        "    if (notes.length === 0) context.violation({ subject: 'notes', message: 'no notes kept' });",
        '  },',
        '});',
        "export const level: Finding['level'] = 'FAIL';",
        '',
      ].join('\n'),
    );
    // the same validator with two mistakes the published types must catch
    writeFileSync(
      join(consumer, 'mistaken.ts'),
      [
        "import { defineValidator } from 'majordomus';",
        '',
        'export default defineValidator({',
        "  name: 'mistaken',",
        "  description: 'Names a gate that does not exist, and misspells a key.',",
        "  gates: ['no-such-gate'],",
        '  run(context) {',
        "    context.violation({ subjet: 'notes', message: 'no notes kept' });",
        '  },',
        '});',
        '',
      ].join('\n'),
    );
  });

  it('the installed package holds its declarations and no TypeScript suite', () => {
    expect(existsSync(join(project, 'node_modules/majordomus/dist/types/engine/api/index.d.ts'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/majordomus/LICENSE'))).toBe(true);
    expect(packed.filter((path) => path.startsWith('test/') || /\.test\.(m|c)?ts$/.test(path))).toEqual([]);
  });

  it('a validator importing defineValidator and the types from majordomus compiles (exit 0)', () => {
    const result = compile('notes-kept.ts');
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it("the same validator compiles in a project that loads no @types package: the types name none of Node's", () => {
    const result = compile('notes-kept.ts', true);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it('a validator with a wrong gate and a misspelt key does not, and every error is in that file', () => {
    const result = compile('mistaken.ts');
    expect(result.code).not.toBe(0);
    const errors = result.output.split('\n').filter((line) => / error TS\d+:/.test(line));
    expect(errors.map((line) => /^(.*?)\(/.exec(line)?.[1])).toEqual(['mistaken.ts', 'mistaken.ts']);
    expect(errors.map((line) => /error (TS\d+)/.exec(line)?.[1])).toEqual(['TS2322', 'TS2561']);
  });
});
